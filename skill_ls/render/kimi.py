"""Kimi Code CLI's skill listing and its `Skill` tool's instructions, as observed (Kimi Code
CLI 2.1.0).

Catalog: the `# Skills` section that ends the system prompt. After a fixed prose part, one
line, `DISREGARD any earlier skill listings. Current available skills:`, then the listed
skills grouped by scope under `### Project`, `### User`, `### Extra` and `### Built-in`
(a group without skills has no heading), each group sorted by name as JavaScript's
`localeCompare` orders it. An entry is `- name: description`, a `  When to use: ...` line
when the skill has `when_to_use`, and `  Path: <SKILL.md>` (a built-in's `builtin://name`).
Nothing is escaped or joined: a description is trimmed and keeps its line breaks. One over 250
UTF-16 units keeps what fits in 247 and `...`. A skill with disable-model-invocation: true
is left out.

Activation: the Skill tool answers `Skill "<name>" loaded inline. Follow its instructions.`
and sends a user message: `Skill tool loaded instructions for this request. Follow them.`,
a blank line, `<skill-loaded name=".." trigger="model-tool" source="<scope>" dir=".."
args="..">`, the body and `</skill-loaded>`. The body is the text after the frontmatter,
its line ends read as LF, trimmed as JavaScript's `trim` does, with the arguments filled in
(`kimi_arguments`). The attributes escape `& < > "`; the body is not escaped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from skill_ls.clients.table import Client
from skill_ls.render.rendering import EntryInfo, Rendering
from skill_ls.render.source import ActivationSource
from skill_ls.render.strings import js_length, js_trim
from skill_ls.workspace.index_records import LoadedSkill
from skill_ls.workspace.order import locale_key
from skill_ls.yamltree import YScalar, YSequence

CATALOG_FORMAT = "kimi-skill-listing"
ACTIVATION_FORMAT = "kimi-skill-loaded"
HEADER = "DISREGARD any earlier skill listings. Current available skills:"
# The scopes in the order the listing groups them, with their headings.
GROUPS = (("project", "Project"), ("user", "User"), ("extra", "Extra"), ("builtin", "Built-in"))
DESCRIPTION_MAX = 250
ELLIPSIS = "..."
ACTIVATED = "Skill tool loaded instructions for this request. Follow them."
# What Kimi Code puts for `${KIMI_SESSION_ID}`: the session's id, new every run.
SESSION_ID = "[skill-ls: the session id, which Kimi Code CLI fills in on activation]"

_FENCE = "---"
# JavaScript's `\w` and `\d` are ASCII; so are these.
_BRACKET = re.compile(r"\$ARGUMENTS\[([0-9]+)\]")
_INDEX = re.compile(r"\$([0-9]+)(?![A-Za-z0-9_])")
_ALL = "$ARGUMENTS"
_JS_SPECIAL = re.compile(r"\$([$&`'])")
# What JavaScript's `\s` matches (tokenizing the arguments, splitting `arguments`).
_JS_SPACE = re.compile(
    "[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+"
)


def escape_xml(text: str) -> str:
    """Kimi Code's escapeXml: `&`, `<`, `>` and `"`."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def escape_tags(text: str) -> str:
    """Kimi Code's escapeXmlTags, for argument values: `<` and `>` only."""
    return text.replace("<", "&lt;").replace(">", "&gt;")


def cut_description(text: str) -> str:
    """At most 250 UTF-16 units: else what fits in 247, and `...`."""
    if js_length(text) <= DESCRIPTION_MAX:
        return text
    kept, used = [], 0
    for char in text:
        size = js_length(char)
        if used + size > DESCRIPTION_MAX - len(ELLIPSIS):
            break
        kept.append(char)
        used += size
    return "".join(kept) + ELLIPSIS


def kimi_entry(skill: LoadedSkill) -> str:
    """`- name: description`, `  When to use: ...` where there is one, `  Path: ...`."""
    lines = [f"- {skill.name}: {cut_description(js_trim(skill.description))}"]
    if skill.when_to_use:
        lines.append(f"  When to use: {skill.when_to_use}")
    lines.append(f"  Path: {skill.path}")
    return "\n".join(lines)


def kimi_catalog(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    """The skill listing; empty when no skill is listed."""
    left_out = tuple(EntryInfo(s.name, 0, hidden=True) for s in skills if s.hidden)
    listed = sorted((s for s in skills if not s.hidden), key=lambda s: locale_key(s.name))
    parts: list[str] = []
    infos: list[EntryInfo] = []
    for scope, heading in GROUPS:
        group = [s for s in listed if s.scope == scope]
        if not group:
            continue
        parts.append(f"### {heading}")
        for skill in group:
            entry = kimi_entry(skill)
            parts.append(entry)
            description = js_trim(skill.description)
            cut = cut_description(description) != description
            infos.append(EntryInfo(skill.name, len(entry), truncated=cut))
    if not parts:
        return Rendering(CATALOG_FORMAT, "", client=client.id, entries=left_out)
    text = "\n".join([HEADER, *parts])
    return Rendering(CATALOG_FORMAT, text, client=client.id, entries=tuple(infos) + left_out)


def body_of(text: str) -> str:
    """The text after the frontmatter, lines joined by LF (a file that does not open with
    `---` is all body, as written)."""
    lines = re.split(r"\r?\n", text)
    if js_trim(lines[0]) != _FENCE:
        return text
    close = next((i for i in range(1, len(lines)) if js_trim(lines[i]) == _FENCE), None)
    if close is None:
        return text
    return "\n".join(lines[close + 1 :])


def tokenize(raw: str) -> list[str]:
    """Kimi Code's argument words: split on white space, quotes group (and are dropped)."""
    words: list[str] = []
    current, quote, content = "", "", False
    for char in raw:
        if quote:
            if char == quote:
                quote = ""
            else:
                current += char
                content = True
            continue
        if char in "\"'":
            quote, content = char, True
            continue
        if _JS_SPACE.fullmatch(char):
            if content:
                words.append(current)
                current, content = "", False
            continue
        current += char
        content = True
    if content:
        words.append(current)
    return words


def argument_names(source: ActivationSource) -> list[str]:
    """The names `arguments` declares: a string's words or a list's strings, neither blank
    nor all digits."""
    entry = source.document.fields.get("arguments")
    node = entry.value if entry is not None else None
    if isinstance(node, YScalar) and node.kind == "string":
        candidates = _JS_SPACE.split(node.value)
    elif isinstance(node, YSequence):
        candidates = [
            item.value for item in node.items if isinstance(item, YScalar) and item.kind == "string"
        ]
    else:
        return []
    return [n for n in candidates if n.strip() and not n.isdigit()]


def kimi_arguments(body: str, raw: str, names: Sequence[str], skill_dir: str) -> str:
    """The body as Kimi Code fills it: each declared `$name` (no word character or `[`
    after it) by its word, `$ARGUMENTS[N]` and `$N` by word N counted from 0 (empty past
    the last), `$ARGUMENTS` by the whole text; values have `<` and `>` escaped; code is
    filled too. Then `${KIMI_SKILL_DIR}` is the skill's folder. When nothing was filled and
    arguments were given, `ARGUMENTS: <text>` is appended after a blank line."""
    words = tokenize(raw)

    def word(index: int) -> str:
        return escape_tags(words[index] if index < len(words) else "")

    text = body
    for position, name in enumerate(names):
        pattern = re.compile(r"\$" + re.escape(name) + r"(?![\[A-Za-z0-9_])")
        text = pattern.sub(_as_replacement(word(position)), text)
    text = _BRACKET.sub(lambda m: word(int(m.group(1))), text)
    text = _INDEX.sub(lambda m: word(int(m.group(1))), text)
    text = re.sub(re.escape(_ALL), _as_replacement(escape_tags(raw)), text)
    filled = text != body
    text = text.replace("${KIMI_SKILL_DIR}", skill_dir).replace("${KIMI_SESSION_ID}", SESSION_ID)
    if not filled and raw:
        text += "\n\nARGUMENTS: " + escape_tags(raw)
    return text


def _as_replacement(value: str) -> Callable[[re.Match[str]], str]:
    """`value` as JavaScript's `replaceAll` reads a replacement string (Kimi Code passes
    names' words and the whole text so): `$$` is `$`, `$&` the match, `` $` `` and `$'` the
    text before and after it; there are no groups to number."""

    def replace(match: re.Match[str]) -> str:
        whole = match.string
        pieces = {
            "$": "$",
            "&": match.group(0),
            "`": whole[: match.start()],
            "'": whole[match.end() :],
        }
        return _JS_SPECIAL.sub(lambda m: pieces[m.group(1)], value)

    return replace


def kimi_skill_loaded(source: ActivationSource, arguments: str = "") -> Rendering:
    """The user message that follows the Skill tool's answer."""
    body = js_trim(body_of(source.text))
    content = kimi_arguments(body, arguments, argument_names(source), source.folder)
    attributes = (
        ("name", source.name),
        ("trigger", "model-tool"),
        ("source", source.scope),
        ("dir", source.folder),
        ("args", arguments),
    )
    tag = "".join(f' {key}="{escape_xml(value)}"' for key, value in attributes)
    rendered = f"{ACTIVATED}\n\n<skill-loaded{tag}>\n{content}\n</skill-loaded>"
    return Rendering(ACTIVATION_FORMAT, rendered, entries=(EntryInfo(source.name, len(rendered)),))
