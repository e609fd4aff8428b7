"""Codex's `agents/openai.yaml` beside a skill: what Codex refuses, ignores or drops in it.

`check_sidecar(document, context)` reads nothing, like `rules.check`: which icon files exist
(inside the skill or its plugin only) comes in the `SidecarContext`'s answers, gathered
before the check (`gathering.sidecars.sidecar_on_disk`). The
keys, types and limits are the field table's (`clients/openai_yaml_fields.py`).
"""

from __future__ import annotations

import posixpath

from skill_ls.clients.openai_yaml_fields import (
    FIELDS_BY_PATH,
    OWN_PRODUCT,
    PRODUCT_SPELLINGS,
    READER,
    SIDECAR_FIELDS,
    SIDECAR_PATH,
    SidecarField,
    children,
)
from skill_ls.clients.table import get_client
from skill_ls.diagnostics import Diagnostic, Range, Severity
from skill_ls.document.openai_yaml import TOO_LARGE, SidecarDocument
from skill_ls.rules.helpers import close_matches
from skill_ls.rules.openai_yaml_context import SidecarContext
from skill_ls.rules.paths import is_within, join_normal
from skill_ls.rules.registry import Rule, define
from skill_ls.yamltree import YMapping, YNode, YScalar, YSequence, resolve_plain

FAMILY = "openai_yaml"

UNREADABLE = define(
    "SKL607",
    "openai-yaml-unreadable",
    Severity.ERROR,
    "A skill's `agents/openai.yaml` is not one YAML mapping Codex can read",
    "Codex reads the file in one typed pass; a YAML error, a duplicate key, a second document "
    "or a top level that is not a mapping makes it ignore the whole file. The skill still "
    "loads, without the file's interface, dependencies and policy (a "
    "`policy.allow_implicit_invocation: false` in it no longer hides the skill).",
    example="interface: [unclosed",
    family=FAMILY,
)
UNKNOWN_KEY = define(
    "SKL608",
    "openai-yaml-unknown-key",
    Severity.WARNING,
    "A key of `agents/openai.yaml` that Codex does not read",
    "Codex skips keys it does not know at every level of the file, without a word: a "
    "misspelt key is a setting that silently does nothing.",
    example="interface:\n  display_nam: Ledger",
    family=FAMILY,
)
REJECTED_VALUE = define(
    "SKL609",
    "openai-yaml-rejected-value",
    Severity.ERROR,
    "A value in `agents/openai.yaml` of a type Codex refuses, which voids the whole file",
    'One value of the wrong type (a list where text goes, `"false"` in quotes or `no` for a '
    "true/false key, an unknown product name) fails Codex's typed read of the whole file, and "
    "Codex then ignores all of it.",
    example='policy:\n  allow_implicit_invocation: "false"',
    family=FAMILY,
)
DROPPED_VALUE = define(
    "SKL610",
    "openai-yaml-dropped-value",
    Severity.WARNING,
    "A value in `agents/openai.yaml` that Codex drops: too long, empty, not `#RRGGBB`, an "
    "icon outside `assets/`, a tool without its type or value",
    "Codex keeps the rest of the file but ignores this value (or the whole tool entry), "
    "with a warning only in its log.",
    example="interface:\n  brand_color: red",
    family=FAMILY,
)
MISSING_ICON = define(
    "SKL611",
    "openai-yaml-missing-icon",
    Severity.WARNING,
    "An icon path in `agents/openai.yaml` names no file",
    "Codex takes the path as it is and does not look for the file: the app shows no icon.",
    example='interface:\n  icon_small: "./assets/logo.svg"  # no such file',
    family=FAMILY,
)
NOT_FOR_CODEX = define(
    "SKL612",
    "openai-yaml-not-for-codex",
    Severity.INFO,
    "`policy.products` leaves Codex out, so Codex does not load the skill",
    "A non-empty `products` list restricts the skill to the products it names; without "
    "`codex` in it Codex drops the skill altogether.",
    example="policy:\n  products: [chatgpt]",
    family=FAMILY,
)

_DESCRIBED = {
    "map": "a mapping of keys",
    "list": "a list of mappings",
    "string": "text",
    "color": "text",
    "asset-path": "a path",
    "bool": "true or false (unquoted)",
    "product-list": "a list of product names",
}


def voided(document: SidecarDocument) -> bool:
    """Whether Codex ignores the whole file (what SKL607 and SKL609 report), whatever the
    settings say: then none of its values, the policy included, reaches Codex."""
    if document.too_large:
        return False  # not read here; what Codex makes of it is not known
    # No icon file exists here: that costs SKL611 findings only, never one of these two.
    context = SidecarContext(posixpath.join("/skill", SIDECAR_PATH))
    found = check_sidecar(document, context)
    return any(d.code in (UNREADABLE.code, REJECTED_VALUE.code) for d in found)


def check_sidecar(document: SidecarDocument, context: SidecarContext) -> list[Diagnostic]:
    """Every finding for one `agents/openai.yaml`, sorted by position; never raises on input."""
    walk = _Walk(document, context)
    root = document.root
    if document.too_large:
        walk.add(UNREADABLE, Range.point(0, 0), f"{TOO_LARGE}: it is not checked")
    elif document.error is not None:
        walk.add(UNREADABLE, document.error.range, f"{walk.ignores}: {document.error.message}")
    elif isinstance(root, (YScalar, YSequence)):
        shape = "a list" if isinstance(root, YSequence) else "text"
        walk.add(UNREADABLE, root.range, f"{walk.ignores}: its top level is {shape}, not keys")
    elif isinstance(root, YMapping):
        for key, duplicate, first in document.facts.duplicate_keys:
            walk.add(
                UNREADABLE,
                duplicate,
                f"{walk.ignores}: `{key}` is set twice (first on line {first.start.line + 1})",
            )
        if document.facts.extra_documents:
            walk.add(
                UNREADABLE,
                _second_document(document, root),
                f"{walk.ignores}: it holds more than one YAML document",
            )
        walk.mapping(root, "")
    return sorted(walk.found, key=lambda d: (d.range.start, d.code))


class _Walk:
    def __init__(self, document: SidecarDocument, context: SidecarContext) -> None:
        self.document = document
        self.context = context
        self.codex = get_client(READER).name
        self.ignores = f"{self.codex} ignores this whole file"
        self.found: list[Diagnostic] = []

    def add(self, rule: Rule, where: Range, message: str) -> None:
        settings = self.context.settings
        if settings.rule_enabled(rule.code):
            severity = settings.rules.get(rule.code) or rule.severity
            self.found.append(Diagnostic(rule.code, severity, message, where))

    def mapping(self, node: YMapping, parent: str) -> None:
        for key, value in node.entries:
            if not isinstance(key, YScalar):
                continue
            path = f"{parent}.{key.value}" if parent else key.value
            spec = FIELDS_BY_PATH.get(path)
            if spec is None:
                self.add(UNKNOWN_KEY, key.range, self._unknown(key.value, parent))
            else:
                self.value(spec, key, value)

    def _unknown(self, key: str, parent: str) -> str:
        where = f"under `{parent}`" if parent else "at the top of the file"
        message = f"{self.codex} does not read `{key}` {where} and ignores it"
        siblings = [spec.key for spec in children(parent)]
        close = close_matches(key, siblings, n=1, cutoff=0.6)
        elsewhere = [spec.path for spec in SIDECAR_FIELDS if spec.key == key]
        if close:
            return f"{message}; did you mean `{close[0]}`?"
        if elsewhere:
            home = elsewhere[0].rpartition(".")[0]
            return f"{message}; it belongs " + (f"under `{home}`" if home else "at the top")
        known = ", ".join(f"`{name}`" for name in siblings)
        return f"{message} (it reads {known})"

    def value(self, spec: SidecarField, key: YScalar, value: YNode) -> None:
        if isinstance(value, YScalar) and value.kind == "null" and not value.style:
            if spec.type == "color":
                self._comment_colour(spec, key)
            return
        if not isinstance(value, (YScalar, YMapping, YSequence)):
            return  # an alias: Codex reads what it points at; not followed here
        if spec.type == "map":
            if isinstance(value, YMapping):
                self.mapping(value, spec.path)
            else:
                self._rejected(spec, value)
        elif spec.type == "list":
            self._tools(spec, value)
        elif spec.type == "bool":
            if not (isinstance(value, YScalar) and not value.style and value.kind == "bool"):
                self._rejected(spec, value)
        elif spec.type == "product-list":
            self._products(spec, value)
        elif not isinstance(value, YScalar):
            self._rejected(spec, value)
        else:
            self._text(spec, value)

    def _rejected(self, spec: SidecarField, value: YNode, found: str = "") -> None:
        what = found or _kind_of(value)
        self.add(
            REJECTED_VALUE,
            value.range,
            f"{self.ignores}: `{spec.path}` must be {_DESCRIBED[spec.type]}, not {what}; "
            "the skill loads without the file's interface, dependencies and policy",
        )

    def _text(self, spec: SidecarField, value: YScalar) -> bool:
        """Check a text value; whether Codex keeps it."""
        shown = spec.path
        if spec.type == "color":
            text = value.value.strip()
            ok = len(text) == 7 and text[0] == "#" and all(c in _HEX for c in text[1:])
            if text and not ok:
                self.add(
                    DROPPED_VALUE,
                    value.range,
                    f"{self.codex} drops `{shown}`: it takes a colour as `#RRGGBB` only, "
                    f"not `{text}`",
                )
            return ok
        # Codex joins whitespace runs in text, and takes a path as written.
        text = value.value if spec.type == "asset-path" else " ".join(value.value.split())
        if not text:
            if spec.type != "asset-path":  # an empty icon path is skipped without a word
                self.add(DROPPED_VALUE, value.range, f"{self.codex} drops the empty `{shown}`")
            return False
        if spec.max_length is not None and len(text) > spec.max_length:
            self.add(
                DROPPED_VALUE,
                value.range,
                f"{self.codex} drops `{shown}`: {len(text):,} characters, over its limit of "
                f"{spec.max_length:,}" + (" (and with it the whole tool)" if spec.required else ""),
            )
            return False
        if spec.type == "asset-path":
            self._icon(spec, value, text)
        return True

    def _icon(self, spec: SidecarField, value: YScalar, text: str) -> None:
        shown = spec.path
        skill_dir = self.context.skill_dir
        target = join_normal(skill_dir, text)
        parts = [part for part in text.split("/") if part not in ("", ".")]
        plugin = self.context.plugin_root
        if text.startswith("/") or posixpath.isabs(text):
            why = "an icon is a relative path below the skill's `assets/`"
        elif ".." in parts and plugin is None:
            why = "`..` is allowed only for a plugin's skill, into the plugin's `assets/`"
        elif ".." in parts and not is_within(target, posixpath.join(str(plugin), "assets")):
            why = "a path with `..` must lead into the plugin's `assets/`"
        elif ".." not in parts and (not parts or parts[0] != "assets"):
            why = "an icon must be below the skill's `assets/` folder"
        else:
            if not self.context.is_file(target):
                self.add(
                    MISSING_ICON, value.range, f"`{text}` is not a file: {self.codex} shows no icon"
                )
            return
        self.add(DROPPED_VALUE, value.range, f"{self.codex} drops `{shown}`: {why}")

    def _comment_colour(self, spec: SidecarField, key: YScalar) -> None:
        """`brand_color: #D83A34` unquoted: the colour is a YAML comment, the value empty."""
        index = self.document.index
        line = key.range.end.line
        text = index.line(line)
        start = text.find("#", key.range.end.column)
        if start < 0:
            return
        end = len(text.rstrip())
        self.add(
            DROPPED_VALUE,
            Range.of(line, start, line, end),
            f"`{text[start:end]}` is a YAML comment here, so `{spec.path}` is empty "
            f'and {self.codex} ignores it: quote the colour ("{text[start:end]}")',
        )

    def _tools(self, spec: SidecarField, value: YNode) -> None:
        if not isinstance(value, YSequence):
            self._rejected(spec, value)
            return
        for item in value.items:
            if isinstance(item, YMapping):
                self._tool(spec, item)
            elif isinstance(item, (YScalar, YSequence)):
                self._rejected(spec, item, f"an entry that is {_kind_of(item)}")

    def _tool(self, spec: SidecarField, item: YMapping) -> None:
        self.mapping(item, f"{spec.path}[]")
        for required in (f for f in children(f"{spec.path}[]") if f.required):
            present = item.get(required.key)
            if present is None or (isinstance(present, YScalar) and present.kind == "null"):
                self.add(
                    DROPPED_VALUE,
                    _entries_range(item) if present is None else present.range,
                    f"{self.codex} drops this tool: it has no `{required.key}`",
                )

    def _products(self, spec: SidecarField, value: YNode) -> None:
        if not isinstance(value, YSequence):
            self._rejected(spec, value)
            return
        names: list[str] = []
        for item in value.items:
            if not isinstance(item, YScalar) or item.value not in PRODUCT_SPELLINGS:
                shown = f"`{item.value}`" if isinstance(item, YScalar) else _kind_of(item)
                known = ", ".join(f"`{p}`" for p in spec.values)
                self.add(
                    REJECTED_VALUE,
                    item.range,
                    f"{self.ignores}: {shown} is not a product it knows (it knows {known}, in "
                    "lower case or capitals)",
                )
                return
            names.append(item.value.lower())
        if names and OWN_PRODUCT not in names:
            self.add(
                NOT_FOR_CODEX,
                value.range,
                f"{self.codex} does not load this skill: `policy.products` names only "
                + ", ".join(f"`{name}`" for name in dict.fromkeys(names)),
            )


_HEX = frozenset("0123456789abcdefABCDEF")


def _kind_of(node: YNode) -> str:
    if isinstance(node, YMapping):
        return "a mapping"
    if isinstance(node, YSequence):
        return "a list"
    if isinstance(node, YScalar):
        if node.style:
            return f'the text "{node.value}"' if len(node.value) <= 40 else "quoted text"
        kind = resolve_plain(node.value)
        return f"`{node.value}`" if len(node.value) <= 40 else f"a {kind}"
    return "an alias"


def _entries_range(item: YMapping) -> Range:
    """From a mapping's first key to the end of its last value (a block mapping's own range
    runs on to where the next item starts)."""
    if not item.entries:
        return item.range
    return Range(item.entries[0][0].range.start, item.entries[-1][1].range.end)


def _second_document(document: SidecarDocument, root: YMapping) -> Range:
    """The `---` (or `...`) line that ends the first document."""
    index = document.index
    for line in range(root.range.end.line, index.line_count):
        text = index.line(line)
        if text.startswith(("---", "...")):
            return Range.of(line, 0, line, len(text.rstrip()))
    return Range.point(root.range.end.line, 0)
