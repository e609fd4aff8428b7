"""Continue CLI's skill catalog and its `Skills` tool answer, as observed (Continue CLI
1.5.47).

Catalog: the description of the `Skills` tool, one fixed sentence ending `listed below:`
and a line end, then one entry per loaded skill, in load order: a blank line,
`name: <name>`, `description: <description>` and a line end, entries joined by `,` (a
JavaScript array in a template string). Names and descriptions are the YAML values as
parsed, nothing trimmed, escaped or capped; every copy of a name is listed. With no skill the
sentence stands alone: the tool is always offered.

Activation: `<skill_name>`, `<skill_description>` and `<skill_content>` lines (the
description from the block between the first two `---` lines, wherever they are; the body:
the text after the second `---` line, trimmed as JavaScript's `trim` does, CRLF read as
LF), then, when the skill's folder holds other files, `<skill_files>` (their paths joined by
`,`, sorted by `localeCompare`: relative to the project folder for a project skill, absolute
for a user skill) and an `<other_instructions>` line. Nothing is escaped; arguments are not
applied.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from skill_ls.clients.table import Client
from skill_ls.document import parse_document
from skill_ls.document.split_block import as_opening_block, split_parts
from skill_ls.render.rendering import EntryInfo, Rendering
from skill_ls.render.source import ActivationSource
from skill_ls.render.strings import js_trim
from skill_ls.workspace.index_records import LoadedSkill
from skill_ls.workspace.order import locale_key

CATALOG_FORMAT = "continue-skills-tool"
ACTIVATION_FORMAT = "continue-skill"
HEADER = (
    "Use this tool to read the content of a skill by its name. Skills contain detailed "
    "instructions for specific tasks. The skill name should match one of the available "
    "skills listed below:\n"
)
OTHER_INSTRUCTIONS = "Use the read file tool to access skill files as needed."
SKILL_FILE = "SKILL.md"
# The folders of the project roots (`<folder>/skills`), whose skills' files are written
# relative to the project.
PROJECT_FOLDERS = (".continue", ".claude")
__all__ = ["HEADER", "continue_catalog", "continue_entry", "continue_skill", "skill_files"]


def continue_entry(name: str, description: str) -> str:
    """One skill as the tool's description lists it (before the `,` that joins them)."""
    return f"\nname: {name}\ndescription: {description}\n"


def continue_catalog(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    """The `Skills` tool's description; the fixed sentence alone when nothing is listed (a
    skill hidden from the model, which Continue CLI never does itself, is left out)."""
    listed = [skill for skill in skills if not skill.hidden]
    entries = [continue_entry(skill.name, skill.description) for skill in listed]
    infos = tuple(
        EntryInfo(skill.name, len(entry)) for skill, entry in zip(listed, entries, strict=True)
    ) + tuple(EntryInfo(skill.name, 0, hidden=True) for skill in skills if skill.hidden)
    return Rendering(CATALOG_FORMAT, HEADER + ",".join(entries), client=client.id, entries=infos)


def body_of(text: str) -> str:
    """The body as Continue reads it: CRLF made LF, the parts after the second `---` line
    joined again by `---`, trimmed; the whole text when it has fewer than two such lines."""
    normalised = text.replace("\r\n", "\n")
    parts = split_parts(normalised)
    if len(parts) < 3:
        return normalised
    return js_trim("---".join(parts[2:]))


def skill_files(folder: str) -> list[str]:
    """The files below `folder` (links not followed but listed, empty folders left out,
    anything whose path ends in `SKILL.md` dropped), relative to it, in `localeCompare`
    order, as the `ignore-walk` package lists them."""
    found: list[str] = []
    pending = [""]
    while pending:
        relative = pending.pop()
        try:
            with os.scandir(os.path.join(folder, relative)) as listing:
                entries = list(listing)
        except OSError:
            continue
        for entry in entries:
            path = f"{relative}/{entry.name}" if relative else entry.name
            if entry.is_dir(follow_symlinks=False):
                pending.append(path)
            else:
                found.append(path)
    found.sort(key=locale_key)
    return [path for path in found if not path.endswith(SKILL_FILE)]


def _shown_path(source: ActivationSource, relative: str) -> str:
    """A file's path as the answer writes it: from the project folder (the one holding the
    project skill's `.continue/skills/<name>` or `.claude/skills/<name>`), absolute for a
    user skill or a folder outside those roots."""
    path = os.path.join(source.folder, relative)
    skills = os.path.dirname(source.folder)
    dot_folder = os.path.dirname(skills)
    if (
        source.scope != "project"
        or os.path.basename(skills) != "skills"
        or os.path.basename(dot_folder) not in PROJECT_FOLDERS
    ):
        return path
    return os.path.relpath(path, os.path.dirname(dot_folder))


def continue_skill(source: ActivationSource, arguments: str = "") -> Rendering:
    """The `Skills` tool's answer: name, description and body in tags, then the skill's
    other files when it has some."""
    rewritten = as_opening_block(source.text)
    document = source.document if rewritten is None else parse_document(rewritten, source.path)
    description = document.string_value("description") or ""
    lines = [
        f"<skill_name>{source.name}</skill_name>",
        f"<skill_description>{description}</skill_description>",
        f"<skill_content>{body_of(source.text)}</skill_content>",
    ]
    files = [_shown_path(source, relative) for relative in skill_files(source.folder)]
    if files:
        lines.append(f"<skill_files>{','.join(files)}</skill_files>")
        lines.append(f"<other_instructions>{OTHER_INSTRUCTIONS}</other_instructions>")
    text = "\n".join(lines)
    return Rendering(ACTIVATION_FORMAT, text, entries=(EntryInfo(source.name, len(text)),))
