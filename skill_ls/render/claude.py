"""Claude Code's skill listing and its Skill tool's answer, as observed (Claude Code 2.1.328).

Listing: a hidden message, "The following skills are available for use with the Skill
tool:", a blank line, then one `- name: description` line per skill. A skill whose `name`
differs from its folder is listed as `folder (name)`. Descriptions (with ` - when_to_use`)
have runs of control characters made one space and `<`/`>` escaped (`&` is kept); each is cut
at the entry cap as `…`. The budget is a share of the model's context window
(`Client.budget()`): over it, every description but the built-ins' is dropped, then given
back skill by skill while the rest of the budget allows (Claude Code goes by the user's past
use of each skill, which skill-ls cannot see; a fresh install gives them back in listing
order, as here).

Activation: "Base directory for this skill: <folder>", a blank line, then the body exactly as
written after the frontmatter, with the argument placeholders filled in.
"""

from __future__ import annotations

import re
import shlex
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from skill_ls.clients.table import Client
from skill_ls.document import SkillDocument
from skill_ls.render.model import EntryInfo, Rendering
from skill_ls.render.source import ActivationSource
from skill_ls.render.strings import js_head, js_length
from skill_ls.workspace.model import LoadedSkill
from skill_ls.yamltree import YScalar, YSequence

HEADER = "The following skills are available for use with the Skill tool:\n\n"
FOOTER = ""
ELLIPSIS = "…"
# `name` is shown beside the folder only when it is a plain name of at most 256 characters.
MAX_SHOWN_NAME = 256
_SHOWN_NAME_CHARS = frozenset({"_", ":", ".", "-"})
# Characters Claude Code turns into one space per run (Unicode Cc, Cf, Cs, Co, Cn and the
# line and paragraph separators).
_CONTROL_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


@dataclass
class _Line:
    skill: LoadedSkill
    name_line: str
    full_line: str
    capped_at: int | None  # offset in `full_line` of the ellipsis, when the cap cut it
    fixed: bool  # a built-in: always listed in full
    full: bool = True

    @property
    def text(self) -> str:
        return self.full_line if self.full else self.name_line


def claude_listing(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    budget = client.budget()
    visible = [skill for skill in skills if not skill.hidden]
    if not visible:
        hidden = tuple(EntryInfo(skill.name, 0, hidden=True) for skill in skills)
        return Rendering("claude-listing", "", budget, None, hidden, client.id)
    lines = [_line(skill, visible, client.entry_cap) for skill in visible]
    if budget is not None and _width(line.full_line for line in lines) > budget:
        for line in lines:
            line.full = line.fixed
        slack = budget - _width(line.text for line in lines)
        for line in lines:
            if line.fixed:
                continue
            cost = js_length(line.full_line) - js_length(line.name_line)
            if cost <= slack:
                line.full = True
                slack -= cost
    text = HEADER + "\n".join(line.text for line in lines) + FOOTER
    truncated_at: int | None = None
    offset = len(HEADER)
    entries: list[EntryInfo] = []
    remaining = iter(lines)
    for skill in skills:
        if skill.hidden:
            entries.append(EntryInfo(skill.name, 0, hidden=True))
            continue
        line = next(remaining)
        cut = not line.full or line.capped_at is not None
        if cut and truncated_at is None:
            truncated_at = offset + (
                line.capped_at if line.full and line.capped_at else len(line.name_line)
            )
        entries.append(EntryInfo(skill.name, len(line.text), truncated=cut))
        offset += len(line.text) + 1
    return Rendering("claude-listing", text, budget, truncated_at, tuple(entries), client.id)


def listing_name(skill: LoadedSkill, listed: Sequence[LoadedSkill]) -> str:
    """`folder (name)` when the skill's `name` differs from its folder, is a plain name,
    and finds this very skill among those listed; else the folder."""
    shown = skill.display_name
    if not shown or shown == skill.name or not _plain_name(shown):
        return skill.name
    found = next((other for other in listed if other.name == shown), None)
    if found is None:
        found = next((other for other in listed if other.display_name == shown), None)
    return f"{skill.name} ({shown})" if found is skill else skill.name


def listing_text(text: str) -> str:
    """A description as Claude Code keeps it: control runs made one space, `<`/`>` escaped."""
    return _flatten(text).replace("<", "&lt;").replace(">", "&gt;")


def _line(skill: LoadedSkill, listed: Sequence[LoadedSkill], cap: int | None) -> _Line:
    builtin = skill.scope == "builtin"
    description = skill.description if builtin else listing_text(skill.description.strip())
    if skill.when_to_use and not builtin:
        description = f"{description} - {listing_text(skill.when_to_use)}"
    # A key Claude Code offers holds no control characters, `<` or `>` (see the client's
    # `name_rule`); the same treatment as descriptions keeps any other one on its line.
    name_line = f"- {listing_text(listing_name(skill, listed))}"
    capped_at: int | None = None
    if cap is not None and js_length(description) > cap:
        description = js_head(description, cap - 1) + ELLIPSIS
        capped_at = len(name_line) + 2 + len(description) - 1
    return _Line(skill, name_line, f"{name_line}: {description}", capped_at, builtin)


def _plain_name(name: str) -> bool:
    if len(name) > MAX_SHOWN_NAME:
        return False
    return all(char in _SHOWN_NAME_CHARS or unicodedata.category(char)[0] in "LMN" for char in name)


def _flatten(text: str) -> str:
    out: list[str] = []
    in_run = False
    for char in text:
        control = unicodedata.category(char) in _CONTROL_CATEGORIES or char in "\u2028\u2029"
        if control and not in_run:
            out.append(" ")
        elif not control:
            out.append(char)
        in_run = control
    return "".join(out)


def _width(lines: Iterable[str]) -> int:
    """UTF-16 units of the lines joined by line breaks."""
    items = list(lines)
    return sum(js_length(item) for item in items) + max(len(items) - 1, 0)


# --- activation -----------------------------------------------------------------------------


def claude_base_directory(source: ActivationSource, arguments: str = "") -> Rendering:
    """The Skill tool's answer: "Base directory for this skill: <dir>", a blank line, then
    the body as written from its first non-blank character (line ends and trailing newline
    kept), its `$ARGUMENTS`,
    `$ARGUMENTS[N]`, `$N`, named `$arg` and `${CLAUDE_SKILL_DIR}` filled in."""
    body = substitute_arguments(source, arguments)
    text = f"Base directory for this skill: {source.folder}\n\n{body}"
    return Rendering("claude-base-directory", text, entries=(EntryInfo(source.name, len(text)),))


_INDEXED = re.compile(r"\$ARGUMENTS\[(\d+)\]|\$(\d+)(?!\w)")


def substitute_arguments(source: ActivationSource, arguments: str) -> str:
    """The body with Claude Code's placeholders filled from `arguments`.

    When the body has no `$ARGUMENTS` and arguments were given, Claude Code appends them
    as `ARGUMENTS: <value>`.
    """
    doc = source.document
    # Claude Code's frontmatter pattern, /^---\s*\n([\s\S]*?)---\s*\n?/, also takes the
    # whitespace after the closing `---`: the body starts at its first non-blank character.
    body = doc.body.lstrip() if doc.frontmatter is not None else doc.body
    try:
        words = shlex.split(arguments)
    except ValueError:
        words = arguments.split()
    had_placeholder = "$ARGUMENTS" in body
    body = body.replace("${CLAUDE_SKILL_DIR}", source.folder)
    body = _INDEXED.sub(lambda m: _word(words, int(m.group(1) or m.group(2))), body)
    for position, name in enumerate(_argument_names(doc)):
        body = re.sub(rf"\${re.escape(name)}(?![\w-])", _word(words, position), body)
    body = body.replace("$ARGUMENTS", arguments)
    if not had_placeholder and arguments:
        body = f"{body}\n\nARGUMENTS: {arguments}"
    return body


def _word(words: list[str], index: int) -> str:
    return words[index] if index < len(words) else ""


def _argument_names(doc: SkillDocument) -> list[str]:
    """Names declared in `arguments`: a list, or a space-separated string."""
    entry = doc.fields.get("arguments")
    if entry is None or entry.value is None:
        return []
    if isinstance(entry.value, YSequence):
        return [item.value for item in entry.value.items if isinstance(item, YScalar)]
    if isinstance(entry.value, YScalar):
        return entry.value.value.split()
    return []
