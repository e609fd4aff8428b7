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
from skill_ls.render.rendering import EntryInfo, Rendering
from skill_ls.render.source import ActivationSource
from skill_ls.render.strings import js_trim
from skill_ls.workspace.index_records import LoadedSkill
from skill_ls.workspace.listings.droid import (
    DEFAULT_BUDGET,
    NO_DESCRIPTION,
    droid_fit,
    droid_line,
    one_line,
)

CATALOG_FORMAT = "droid-available-skills"
ACTIVATION_FORMAT = "droid-skill"
HEADER = "Available skills (invoke by exact name when its description matches the request):"
__all__ = ["HEADER", "NO_DESCRIPTION", "droid_catalog", "droid_skill", "one_line"]

_TAG_SPACES = re.compile(r"[\r\n\t]")
# Droid's frontmatter pattern, on the text as read (CRLF kept).
_FRONTMATTER = re.compile(r"---\r?\n[\s\S]*?\r?\n---(?:\r?\n)?")


def droid_catalog(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    """The `Available skills` reminder; empty when no skill is listed."""
    listed = [s for s in skills if not s.hidden]
    left_out = tuple(EntryInfo(s.name, 0, hidden=True) for s in skills if s.hidden)
    if not listed:
        return Rendering(CATALOG_FORMAT, "", client=client.id, entries=left_out)
    budget = client.listing.budget() or DEFAULT_BUDGET
    lines = [droid_line(skill) for skill in listed]
    kept = droid_fit(lines, budget)
    shown = [line.full if full else line.name for line, full in zip(lines, kept, strict=True)]
    infos = tuple(
        EntryInfo(skill.name, len(text), truncated=not full or line.capped)
        for skill, line, full, text in zip(listed, lines, kept, shown, strict=True)
    )
    text = HEADER + "\n" + "\n".join(shown)
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
