"""What indexing needs from a skill file: its frontmatter and the body's first lines (the
document package reads the file's head only, never the body), plus the sidecar flags
clients hide skills by (Codex's `agents/openai.yaml`)."""

from __future__ import annotations

import os
import re
from dataclasses import replace

from skill_ls.clients.flat_yaml import flat_read
from skill_ls.clients.openai_yaml_fields import SIDECAR_PATH
from skill_ls.clients.simple_yaml import simple_fields
from skill_ls.clients.table import CLIENTS
from skill_ls.document import SkillDocument, load_head, parse_document, parse_head
from skill_ls.document.openai_yaml import parse_sidecar
from skill_ls.document.split_block import as_opening_block
from skill_ls.files import read_regular
from skill_ls.rules.openai_yaml import voided
from skill_ls.rules.suppression_comments import Suppression, frontmatter_suppressions
from skill_ls.workspace.index_records import SkillFacts
from skill_ls.workspace.listings.strings import js_trim
from skill_ls.yamltree import YAlias, YMapping, YNode, YScalar, YSequence
from skill_ls.yamltree.js_text import js_text, value_kind

SIDECAR_BYTES = 64 * 1024

# Every flag any client hides skills by: frontmatter keys, and `file#dotted.key` sidecars.
HIDING_FLAGS: frozenset[str] = frozenset(
    flag
    for c in CLIENTS
    for flag, _ in (*c.listing.hidden_when, *c.reading.dropped_when, *c.reading.allowed_values)
)
# Top-level keys some client reads with a type (`Client.reading.typed_fields`): their YAML types.
TYPED_KEYS: frozenset[str] = frozenset(key for c in CLIENTS for key, _ in c.reading.typed_fields)
# How many of the body's lines `SkillFacts.body_lines` keeps.
BODY_LINES = 3
# Files beside SKILL.md that indexing reads (their changes re-read the skill).
SIDECAR_FILES: frozenset[str] = frozenset(f.partition("#")[0] for f in HIDING_FLAGS if "#" in f)


def read_facts(path: str, text: str | None = None) -> SkillFacts:
    """Facts of the skill file at `path`, from `text` (an editor buffer) or from disk."""
    if text is not None:
        doc, after = parse_head(text, path)
    else:
        try:
            doc, after = load_head(path)
        except OSError as exc:
            return SkillFacts(None, None, error=f"cannot read {path}: {exc.strerror or exc}")
    return facts_of(doc, os.path.dirname(path), after)


def facts_of(
    doc: SkillDocument, folder: str, after: str = "", block_readings: bool = True
) -> SkillFacts:
    """Facts from a parsed document of the file's head; `after` is (the start of) the rest
    of the file, read for the body's first line only. `block_readings`: also read the file
    as clients that find its block otherwise do (False for such a reading itself)."""
    first_line, body_lines = _body_start(doc.body + after)
    first_line_fence = js_trim(re.split(r"\r?\n", doc.text, maxsplit=1)[0]) == "---"
    opens_at_start = not doc.has_bom and doc.text.startswith(("---\n", "---\r\n"))
    text_start = None if first_line_fence else _body_start(doc.text + after)
    suppressions = frontmatter_suppressions(doc)
    flags: dict[str, object] = {}
    for flag in HIDING_FLAGS:
        value = _sidecar_value(folder, flag) if "#" in flag else _scalar(doc, flag)
        if value is not None:
            flags[flag] = value
    name_field = doc.fields.get("name")
    description_field = doc.fields.get("description")
    name = doc.string_value("name")
    # Droid's fallback reader is read only where YAML fails (`skill_reading.fields_read`).
    fallback = doc.frontmatter is not None and not doc.strict_ok
    flat = flat_read(doc.frontmatter.yaml_text if fallback and doc.frontmatter else "")
    return SkillFacts(
        name=name.strip() or None if name is not None else None,
        description=doc.string_value("description"),
        when_to_use=doc.string_value("when_to_use"),
        flags=flags,
        has_frontmatter=doc.has_frontmatter,
        strict_ok=doc.strict_ok,
        lenient_ok=doc.lenient_ok,
        name_range=(name_field.value or name_field.key).range if name_field else None,
        description_range=(
            (description_field.value or description_field.key).range if description_field else None
        ),
        yaml_error=doc.strict_error.message if doc.strict_error is not None else None,
        first_body_line=first_line,
        field_kinds=_field_kinds(doc),
        body_lines=body_lines,
        opens_at_start=opens_at_start,
        duplicate_key=doc.facts.duplicate_keys[0][0] if doc.facts.duplicate_keys else None,
        suppressions=suppressions,
        first_line_fence=first_line_fence,
        **_line_fields(doc.frontmatter.yaml_text if doc.frontmatter is not None else ""),
        **_simple_fields(doc),
        flat_name=flat.name,
        flat_description=flat.description,
        flat_kinds={key: kind for key, kind in flat.kinds.items() if key in TYPED_KEYS},
        tab_readings=_tab_readings(doc, folder, after),
        name_text=js_text(name_field.value) if name_field else None,
        description_text=js_text(description_field.value) if description_field else None,
        first_text_line=text_start[0] if text_start is not None else None,
        raw_name=name if name is not None and name.strip() not in ("", name) else None,
        block_readings=(
            _block_readings(doc, folder, after, flags, suppressions, text_start)
            if block_readings and not opens_at_start
            else None
        ),
    )


# A frontmatter line whose indentation holds a tab: its leading spaces, then the tab and
# the blanks after it.
_TAB_INDENTED = re.compile(r"^( *)\t[ \t]*", re.MULTILINE)


def _tab_readings(doc: SkillDocument, folder: str, after: str) -> dict[str, SkillFacts]:
    """The facts as clients whose parser does not reject a tab-indented line read them
    (`Client.reading.tab_indent`); empty when no frontmatter line is indented with a tab."""
    fm = doc.frontmatter
    if fm is None or fm.close_line is None or not _TAB_INDENTED.search(fm.yaml_text):
        return {}
    start = doc.index.line_starts[fm.first_line]
    head, tail = doc.text[:start], doc.text[start + len(fm.yaml_text) :]
    # "none" (js-yaml 3): a tab ends the indentation, the line reads from its first
    # non-blank character. "spaces": each tab of the indentation is one space (how wide a
    # tab counts is not observed: one nested level is all the lab's files need).
    none = _TAB_INDENTED.sub(r"\1", fm.yaml_text)
    spaces = _TAB_INDENTED.sub(lambda m: m.group(0).replace("\t", " "), fm.yaml_text)
    as_none = facts_of(parse_document(head + none + tail, doc.path), folder, after)
    as_spaces = facts_of(parse_document(head + spaces + tail, doc.path), folder, after)
    # What still fails with tabs as spaces is not mended by a lenient retry (Claude Code).
    return {"none": as_none, "spaces": replace(as_spaces, lenient_ok=as_spaces.strict_ok)}


def _block_readings(
    doc: SkillDocument,
    folder: str,
    after: str,
    flags: dict[str, object],
    suppressions: tuple[Suppression, ...],
    text_start: tuple[str | None, tuple[str, ...]] | None,
) -> dict[str, SkillFacts]:
    """Only for a file that does not open with `---`: the facts as clients that find its
    block otherwise read them (`Client.reading`): "first-line" (the block must open on the
    first line; here it does not, so the whole text is the body) and "split" (the block
    between the first two `---` lines, wherever they are: `document.split_block`)."""
    sidecar = {flag: value for flag, value in flags.items() if "#" in flag}
    # Without a block the whole text is the body.
    first, lines = text_start if text_start is not None else _body_start(doc.text + after)
    no_block = SkillFacts(
        None,
        None,
        flags=sidecar,
        has_frontmatter=False,
        first_body_line=first,
        body_lines=lines,
        opens_at_start=False,
        first_line_fence=text_start is None,
        suppressions=suppressions,
        first_text_line=first if text_start is not None else None,
    )
    readings: dict[str, SkillFacts] = {}
    if doc.has_frontmatter and text_start is not None:
        readings["first-line"] = no_block
    rewritten = as_opening_block(doc.text + after)
    if rewritten is None:
        readings["split"] = no_block
    else:
        head, rest = parse_head(rewritten, doc.path)
        readings["split"] = facts_of(head, folder, rest, block_readings=False)
    return readings


def _simple_fields(doc: SkillDocument) -> dict[str, str | None]:
    if doc.frontmatter is None:
        return {"simple_name": None, "simple_description": None}
    name, description = simple_fields(doc.frontmatter.yaml_text)
    return {"simple_name": name, "simple_description": description}


_NAME_LINE = re.compile(r"\s*name:\s*([^\n\r\u2028\u2029]*)")
_DESCRIPTION_LINE = re.compile(r"\s*description:\s*([^\n\r\u2028\u2029]*)")
_CONTINUATION_LINE = re.compile(r"[ \t]+\S")


def _line_fields(frontmatter: str) -> dict[str, str | None]:
    """`name` and `description` read line by line as plain text (Gemini CLI's fallback
    when its YAML loader fails): the last `name:` / `description:` line wins; lines
    indented with spaces or tabs right after `description:` are joined to it by spaces."""
    lines = re.split(r"\r?\n", frontmatter)
    name: str | None = None
    description: str | None = None
    at = 0
    while at < len(lines):
        found = _NAME_LINE.fullmatch(lines[at])
        if found is not None:
            name = found.group(1).strip()
        else:
            found = _DESCRIPTION_LINE.fullmatch(lines[at])
            if found is not None:
                parts = [found.group(1).strip()]
                while at + 1 < len(lines) and _CONTINUATION_LINE.match(lines[at + 1]):
                    parts.append(lines[at + 1].strip())
                    at += 1
                description = " ".join(part for part in parts if part)
        at += 1
    return {"line_name": name, "line_description": description}


def _field_kinds(doc: SkillDocument) -> dict[str, str]:
    """The YAML type of each key in `TYPED_KEYS` the frontmatter has."""
    kinds: dict[str, str] = {}
    for key in TYPED_KEYS:
        entry = doc.fields.get(key)
        if entry is None:
            continue
        kinds[key] = value_kind(entry.value)
    return kinds


def _body_start(body: str) -> tuple[str | None, tuple[str, ...]]:
    """The body's first non-blank line, and its first `BODY_LINES` non-blank lines that are
    not Markdown headings; lines are read one by one and only as far as needed (an open
    buffer's body can be thousands of lines, re-read on every keystroke)."""
    first: str | None = None
    lines: list[str] = []
    start = 0
    while start <= len(body) and len(lines) < BODY_LINES:
        end = body.find("\n", start)
        end = len(body) if end == -1 else end
        text = body[start:end].strip()
        start = end + 1
        if not text:
            continue
        if first is None:
            first = text
        if not text.startswith("#"):
            lines.append(text)
    return first, tuple(lines)


def _scalar(doc: SkillDocument, key: str) -> object | None:
    entry = doc.fields.get(key)
    if entry is None or not isinstance(entry.value, YScalar):
        return None
    return _plain_value(entry.value)


def _plain_value(node: YScalar) -> object:
    if node.kind == "bool":
        return node.value.lower() == "true"
    return node.value


def _sidecar_value(folder: str, flag: str) -> object | None:
    """`agents/openai.yaml#policy.allow_implicit_invocation` → that value, if set."""
    relative, _, dotted = flag.partition("#")
    try:
        data = read_regular(os.path.join(folder, relative), SIDECAR_BYTES)
        text = data.decode("utf-8", errors="replace")
    except OSError:
        return None
    parsed = parse_sidecar(text)
    if relative == SIDECAR_PATH and voided(parsed):
        return None  # Codex ignores the whole file, this flag with it
    node: YNode | None = parsed.root
    for part in dotted.split("."):
        if not isinstance(node, YMapping):
            return None
        node = node.get(part)
    if isinstance(node, YAlias) and parsed.root is not None:
        node = _anchored(parsed.root, node)  # YAML readers give the anchored value
    return _plain_value(node) if isinstance(node, YScalar) else None


def _anchored(root: YNode, alias: YAlias) -> YNode | None:
    """The node `alias` stands for: the last one anchored with its name before it, in the
    order of the text (the tree is bounded in size, and walked without recursion)."""
    found: YNode | None = None
    stack: list[YNode] = [root]
    while stack:
        node = stack.pop()
        if node is alias:
            break
        if node.anchor == alias.name:
            found = node
        if isinstance(node, YMapping):
            stack.extend(item for entry in reversed(node.entries) for item in reversed(entry))
        elif isinstance(node, YSequence):
            stack.extend(reversed(node.items))
    return found
