"""Cline CLI's skill catalog and its `skills` tool answer, as observed (Cline CLI 3.0.65).

Catalog: the end of the `skills` tool's description, `Available skills: ` and the names of
the listed skills joined by `, `, then `.`; no description, nothing escaped. The skills come
in load order: `.clinerules/skills`, `.cline/skills`, `.agents/skills` of the project, then
`~/.cline/skills`, `~/.agents/skills`, each root's folders in the order the file system
lists them. A disabled skill is left out; with none listed the tool says nothing of skills
(and with no skill loaded at all it is not offered), so there is no catalog.

Activation: `<command-name>name</command-name>`, then `<command-args>` with the arguments
(trimmed) when there are any, then `<command-instructions>` holding `Description: ` and the
description (trimmed) and a blank line when it has one, then the body after the frontmatter
(trimmed as JavaScript's `trim` does, line ends kept), and `</command-instructions>`.
Nothing is escaped; placeholders are not filled.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from skill_ls.clients.table import Client
from skill_ls.render.rendering import EntryInfo, Rendering
from skill_ls.render.source import ActivationSource
from skill_ls.render.strings import js_trim
from skill_ls.workspace.index_records import LoadedSkill

CATALOG_FORMAT = "cline-skills"
ACTIVATION_FORMAT = "cline-command"
HEADER = "Available skills: "
__all__ = ["HEADER", "cline_catalog", "cline_command"]

# Cline's frontmatter pattern, on the text with its byte-order mark dropped (CRLF kept).
_FRONTMATTER = re.compile(r"---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)")


def cline_catalog(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    """The `Available skills:` sentence; empty when no skill is listed."""
    listed = [s for s in skills if not s.hidden]
    left_out = tuple(EntryInfo(s.name, 0, hidden=True) for s in skills if s.hidden)
    names = [js_trim(s.name) for s in listed]
    if not names:
        return Rendering(CATALOG_FORMAT, "", client=client.id, entries=left_out)
    infos = tuple(EntryInfo(s.name, len(name)) for s, name in zip(listed, names, strict=True))
    text = HEADER + ", ".join(names) + "."
    return Rendering(CATALOG_FORMAT, text, client=client.id, entries=infos + left_out)


def cline_command(source: ActivationSource, arguments: str = "") -> Rendering:
    """The `skills` tool's answer: the name, the arguments, the description and the body."""
    text = source.text.removeprefix("\ufeff")
    match = _FRONTMATTER.match(text)
    body = js_trim(match.group(2) if match else text)
    description = source.document.string_value("description") if match else None
    shown = js_trim(description) if description is not None else ""
    args = js_trim(arguments)
    parts = [f"<command-name>{js_trim(source.name)}</command-name>"]
    if args:
        parts.append(f"\n<command-args>{args}</command-args>")
    parts.append("\n<command-instructions>\n")
    if shown:
        parts.append(f"Description: {shown}\n\n")
    parts.append(f"{body}\n</command-instructions>")
    rendered = "".join(parts)
    return Rendering(ACTIVATION_FORMAT, rendered, entries=(EntryInfo(source.name, len(rendered)),))
