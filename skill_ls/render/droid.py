"""Factory Droid's skill catalog and its `Skill` tool answer, as observed (Factory Droid
0.225.2).

Catalog: a `<system-reminder>` among the parts of the first user message: one line,
`Available skills (invoke by exact name when its description matches the request):`, then
one `name: description` line per listed skill, in load order (project, user, built-ins).
Names and descriptions have every whitespace run made one space and are trimmed; a
`<system-reminder>` or `<system-notification>` tag (opening or closing) in them is written
with `&lt;` and `&gt;`; nothing else is escaped. An empty description reads
`No description provided`; one over 1,024 characters keeps 1,023 and `…`.

Budget: the model's working token limit (250,000 for a custom model) times 4 characters
times 0.015, 15,000 characters. Every name is counted, with the line breaks; built-ins keep
their descriptions whatever it costs; then project skills, then user skills, each in list
order, keep theirs while they fit (one that does not fit is passed over, a later shorter one
may still fit). The others are listed by name alone.

Activation: `Skill "<name>" is now active.`, a blank line, then `<skill name="..."
filePath="...">`, the body after the frontmatter (trimmed as JavaScript's `trim` does, line
ends kept) and `</skill>`. The name and the path are escaped (`& " < > '`, line breaks and
tabs made spaces); the body is not. Arguments are not applied.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from skill_ls.clients.table import Client
from skill_ls.render.escape import html_escape
from skill_ls.render.model import EntryInfo, Rendering
from skill_ls.render.source import ActivationSource
from skill_ls.render.strings import JS_WHITESPACE, js_head, js_length, js_trim
from skill_ls.workspace.model import LoadedSkill

CATALOG_FORMAT = "droid-available-skills"
ACTIVATION_FORMAT = "droid-skill"
HEADER = "Available skills (invoke by exact name when its description matches the request):"
NO_DESCRIPTION = "No description provided"
# Characters a description keeps in the catalog (the last one then `…`).
DESCRIPTION_MAX = 1024
# The budget when the model's working token limit is not known.
DEFAULT_BUDGET = 8000
# Which skills keep their descriptions first, by skill-ls scope (higher first).
PRIORITY = {"project": 2, "user": 1}
# Tags Droid writes with entities inside a name or a description.
_DEFUSED = {
    tag: tag.replace("<", "&lt;").replace(">", "&gt;")
    for tag in (
        "<system-reminder>",
        "</system-reminder>",
        "<system-notification>",
        "</system-notification>",
    )
}
_DEFUSE = re.compile("|".join(re.escape(tag) for tag in _DEFUSED))
_WHITESPACE = re.compile(f"[{re.escape(JS_WHITESPACE)}]+")
_TAG_SPACES = re.compile(r"[\r\n\t]")
# Droid's frontmatter pattern, on the text as read (CRLF kept).
_FRONTMATTER = re.compile(r"---\r?\n[\s\S]*?\r?\n---(?:\r?\n)?")


def one_line(text: str) -> str:
    """Droid's clean-up of a name or a description: tags defused, whitespace runs made one
    space, trimmed."""
    defused = _DEFUSE.sub(lambda match: _DEFUSED[match.group(0)], text)
    return js_trim(_WHITESPACE.sub(" ", defused))


def _description(text: str) -> str:
    shown = one_line(text) or NO_DESCRIPTION
    if js_length(shown) <= DESCRIPTION_MAX:
        return shown
    return js_head(shown, DESCRIPTION_MAX - 1) + "\u2026"


def droid_catalog(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    """The `Available skills` reminder; empty when no skill is listed."""
    listed = [s for s in skills if not s.hidden]
    left_out = tuple(EntryInfo(s.name, 0, hidden=True) for s in skills if s.hidden)
    if not listed:
        return Rendering(CATALOG_FORMAT, "", client=client.id, entries=left_out)
    budget = client.budget() or DEFAULT_BUDGET
    names = [one_line(s.name) for s in listed]
    full = [f"{name}: {_description(s.description)}" for name, s in zip(names, listed, strict=True)]
    extra = [js_length(line) - js_length(name) for line, name in zip(full, names, strict=True)]
    left = budget - sum(js_length(name) for name in names) - (len(listed) - 1)
    kept: set[int] = set()
    others: list[int] = []
    for at, skill in enumerate(listed):
        if skill.scope == "builtin":
            kept.add(at)
            left -= extra[at]
        else:
            others.append(at)
    others.sort(key=lambda at: -PRIORITY.get(listed[at].scope, 0))
    for at in others:
        if extra[at] <= left:
            kept.add(at)
            left -= extra[at]
    lines = [full[at] if at in kept else names[at] for at in range(len(listed))]
    infos = tuple(
        EntryInfo(
            skill.name,
            len(line),
            truncated=at not in kept
            or line != f"{names[at]}: {one_line(skill.description) or NO_DESCRIPTION}",
        )
        for at, (skill, line) in enumerate(zip(listed, lines, strict=True))
    )
    text = HEADER + "\n" + "\n".join(lines)
    return Rendering(
        CATALOG_FORMAT, text, budget=budget, client=client.id, entries=infos + left_out
    )


def escape_attribute(text: str) -> str:
    """How Droid writes the name and the path into the `<skill>` tag: HTML-escaped, and
    each line break or tab made a space."""
    return _TAG_SPACES.sub(" ", html_escape(text))


def droid_skill(source: ActivationSource, arguments: str = "") -> Rendering:
    """The `Skill` tool's answer: one sentence, then the trimmed body in a `<skill>` tag."""
    match = _FRONTMATTER.match(source.text)
    body = js_trim(source.text[match.end() :] if match else source.text)
    name = escape_attribute(source.name)
    rendered = (
        f'Skill "{name}" is now active.\n\n'
        f'<skill name="{name}" filePath="{escape_attribute(source.path)}">\n'
        f"{body}\n</skill>"
    )
    return Rendering(ACTIVATION_FORMAT, rendered, entries=(EntryInfo(source.name, len(rendered)),))
