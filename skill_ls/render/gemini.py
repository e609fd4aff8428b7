"""Gemini CLI's skill catalog and its `activate_skill` answer, as observed (Gemini CLI 0.61.0).

Catalog: a section of the system prompt, "# Available Agent Skills", a blank line, one
sentence naming the `activate_skill` tool, a blank line, then `<available_skills>` with one
`<skill>` (name, description, location) per skill. Nothing is escaped: Gemini CLI pastes
each value into a JavaScript template as it is.

Activation: `<activated_skill name="...">` with the body (trimmed) under `<instructions>`
and the skill folder as a tree under `<available_resources>`; nothing is escaped either.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from skill_ls.clients.table import Client
from skill_ls.render.rendering import EntryInfo, Rendering
from skill_ls.render.source import ActivationSource
from skill_ls.render.strings import js_trim
from skill_ls.workspace.index_records import LoadedSkill
from skill_ls.workspace.order import locale_key

CATALOG_FORMAT = "gemini-available-skills"
ACTIVATION_FORMAT = "gemini-activated"

CATALOG_HEADER = (
    "# Available Agent Skills\n"
    "\n"
    "You have access to the following specialized skills. To activate a skill and receive "
    "its detailed instructions, you can call the `activate_skill` tool with the skill's "
    "name.\n"
    "\n"
    "<available_skills>\n"
)
CATALOG_FOOTER = "</available_skills>"

# Gemini CLI's frontmatter pattern: `---` on the very first line (no BOM), up to the next
# line starting with `---`; the body is what follows that line.
FRONTMATTER = re.compile(r"---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?")
# The folder tree (Gemini CLI's `getFolderStructure`) stops after this many items.
MAX_ITEMS = 200
TRUNCATION = "..."
# Folders the tree names but does not open (shown as `name/...`).
UNOPENED_FOLDERS = frozenset({"node_modules", ".git", "dist", "__pycache__"})
# JavaScript's `String.prototype.trim` removes these (whitespace and line terminators).
_LAST = "\u2514\u2500\u2500\u2500"  # └───
_MIDDLE = "\u251c\u2500\u2500\u2500"  # ├───
_BAR = "\u2502   "  # │ and three spaces


def gemini_catalog(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    """The "# Available Agent Skills" section; empty when no skill is listed."""
    listed = [skill for skill in skills if not skill.hidden]
    if not listed:
        hidden = tuple(EntryInfo(skill.name, 0, hidden=True) for skill in skills)
        return Rendering(CATALOG_FORMAT, "", client=client.id, entries=hidden)
    blocks: list[str] = []
    entries: list[EntryInfo] = []
    for skill in skills:
        if skill.hidden:
            entries.append(EntryInfo(skill.name, 0, hidden=True))
            continue
        block = (
            "  <skill>\n"
            f"    <name>{skill.name}</name>\n"
            f"    <description>{skill.description}</description>\n"
            f"    <location>{skill.path}</location>\n"
            "  </skill>"
        )
        blocks.append(block)
        # Each entry's share: its block and the line break that follows it.
        entries.append(EntryInfo(skill.name, len(block) + 1))
    text = CATALOG_HEADER + "\n".join(blocks) + "\n" + CATALOG_FOOTER
    return Rendering(CATALOG_FORMAT, text, client=client.id, entries=tuple(entries))


def gemini_activated(source: ActivationSource, arguments: str = "") -> Rendering:
    """`activate_skill`'s answer: the trimmed body and the folder's tree, unescaped."""
    text = (
        f'<activated_skill name="{source.name}">\n'
        "  <instructions>\n"
        f"    {gemini_body(source.text)}\n"
        "  </instructions>\n"
        "\n"
        "  <available_resources>\n"
        f"    {folder_structure(source.folder)}\n"
        "  </available_resources>\n"
        "</activated_skill>"
    )
    return Rendering(ACTIVATION_FORMAT, text, entries=(EntryInfo(source.name, len(text)),))


def gemini_body(text: str) -> str:
    """The body as Gemini CLI reads it: after the frontmatter's closing line, trimmed."""
    match = FRONTMATTER.match(text)
    if match is None:
        return ""
    return js_trim(match.group(2) or "")


@dataclass
class _Folder:
    name: str
    path: str
    files: list[str] = field(default_factory=list)
    folders: list[_Folder] = field(default_factory=list)
    more_files: bool = False
    more_folders: bool = False
    unopened: bool = False


def folder_structure(folder: str, max_items: int = MAX_ITEMS) -> str:
    """Gemini CLI's `getFolderStructure` of a skill folder: read breadth first, each
    folder's entries in `localeCompare` order, files before folders, at most `max_items`
    entries; links are neither files nor folders and are left out."""
    top = _Folder(os.path.basename(folder), folder)
    queue = [top]
    seen: set[str] = set()
    count = 0
    while queue:
        node = queue.pop(0)
        if node.path in seen or count >= max_items:
            continue
        seen.add(node.path)
        try:
            with os.scandir(node.path) as iterator:
                entries = sorted(iterator, key=lambda entry: locale_key(entry.name))
        except OSError:
            if node is top:
                return f'Error: Could not read directory "{folder}". Check path and permissions.'
            continue
        for entry in entries:
            if entry.is_file(follow_symlinks=False):
                if count >= max_items:
                    node.more_files = True
                    break
                node.files.append(entry.name)
                count += 1
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if count >= max_items:
                    node.more_folders = True
                    break
                child = _Folder(entry.name, entry.path, unopened=entry.name in UNOPENED_FOLDERS)
                node.folders.append(child)
                count += 1
                if not child.unopened:
                    queue.append(child)
    lines: list[str] = []
    _format(top, "", True, True, lines)
    summary = f"Showing up to {max_items} items (files + folders)."
    if _truncated(top):
        summary += (
            f" Folders or files indicated with {TRUNCATION} contain more items not shown, were "
            f"ignored, or the display limit ({max_items} items) was reached."
        )
    return f"{summary}\n\n{folder}{os.sep}\n" + "\n".join(lines)


def _format(node: _Folder, indent: str, last: bool, top: bool, lines: list[str]) -> None:
    if not top or node.unopened:
        mark = TRUNCATION if node.unopened else ""
        lines.append(f"{indent}{_LAST if last else _MIDDLE}{node.name}{os.sep}{mark}")
    inner = "" if top else indent + ("    " if last else _BAR)
    for position, name in enumerate(node.files):
        final = position == len(node.files) - 1 and not node.folders and not node.more_folders
        lines.append(f"{inner}{_LAST if final else _MIDDLE}{name}")
    if node.more_files:
        final = not node.folders and not node.more_folders
        lines.append(f"{inner}{_LAST if final else _MIDDLE}{TRUNCATION}")
    for position, child in enumerate(node.folders):
        final = position == len(node.folders) - 1 and not node.more_folders
        _format(child, inner, final, False, lines)
    if node.more_folders:
        lines.append(f"{inner}{_LAST}{TRUNCATION}")


def _truncated(node: _Folder) -> bool:
    if node.more_files or node.more_folders or node.unopened:
        return True
    return any(_truncated(child) for child in node.folders)
