"""OpenCode's skill catalog and its `skill` tool answer, as observed (OpenCode 1.18.33).

Catalog: the end of the system prompt, two sentences naming the `skill` tool, then
`<available_skills>` with one `<skill>` (name, description, location) per skill that has a
description, sorted by name as JavaScript's `localeCompare` orders them, the built-in
skill included. Only the location is escaped (`&`, `<`, `>`, `"`, and `'` as `&#39;`);
names and descriptions are pasted as they are.

Activation: `<skill_content name="...">`, a `# Skill: name` heading, the body after the
frontmatter (trimmed as JavaScript's `trim` does, CRLF kept), the skill's folder, two
sentences, and `<skill_files>`: up to ten files below the folder as ripgrep lists them
(`rg --files --hidden`, no SKILL.md at any depth, no `.git`), one absolute path a line.
Nothing is escaped.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from skill_ls.clients.table import Client
from skill_ls.ignore import IgnoreStack, is_ignored, push, stack_above
from skill_ls.render.escape import html_escape
from skill_ls.render.rendering import EntryInfo, Rendering
from skill_ls.render.source import ActivationSource
from skill_ls.render.strings import js_trim
from skill_ls.workspace.index_records import LoadedSkill
from skill_ls.workspace.order import locale_key
from skill_ls.workspace.roots import git_root

CATALOG_FORMAT = "opencode-available-skills"
ACTIVATION_FORMAT = "opencode-skill-content"
PREAMBLE = (
    "Skills provide specialized instructions and workflows for specific tasks.\n"
    "Use the skill tool to load a skill when a task matches its description.\n"
)
NO_SKILLS = "No skills are currently available."
# The `skill` tool lists at most this many files of the skill's folder.
MAX_FILES = 10
SKILL_FILE = "SKILL.md"
# What JavaScript's `String.prototype.trim` removes (its WhiteSpace and LineTerminator).


def opencode_catalog(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    """The catalog: every listed skill sorted by name (locale order), built-ins among them."""
    listed = sorted((s for s in skills if not s.hidden), key=lambda s: locale_key(s.name))
    left_out = [EntryInfo(s.name, 0, hidden=True) for s in skills if s.hidden]
    if not listed:
        text = PREAMBLE + NO_SKILLS
        return Rendering(CATALOG_FORMAT, text, client=client.id, entries=tuple(left_out))
    parts = [PREAMBLE, "<available_skills>\n"]
    entries: list[EntryInfo] = []
    for skill in listed:
        block = (
            "  <skill>\n"
            f"    <name>{skill.name}</name>\n"
            f"    <description>{skill.description}</description>\n"
            f"    <location>{escape_location(skill.path)}</location>\n"
            "  </skill>\n"
        )
        parts.append(block)
        entries.append(EntryInfo(skill.name, len(block)))
    parts.append("</available_skills>")
    return Rendering(
        CATALOG_FORMAT, "".join(parts), client=client.id, entries=(*entries, *left_out)
    )


def escape_location(text: str) -> str:
    """OpenCode's escape for a location: `&`, `<`, `>`, `"` and `'` (as `&#39;`)."""
    return html_escape(text)


def opencode_skill_content(source: ActivationSource, arguments: str = "") -> Rendering:
    """The `skill` tool's answer: heading, body, base directory, up to ten files."""
    files = skill_files(source.folder)
    if files is None:  # the folder cannot be read: the files indexing saw, in path order
        files = [os.path.join(source.folder, file) for file in source.files[:MAX_FILES]]
    text = "\n".join(
        [
            f'<skill_content name="{source.name}">',
            f"# Skill: {source.name}",
            "",
            js_trim(source.document.body),
            "",
            f"Base directory for this skill: {source.folder}",
            "Relative paths in this skill (e.g., scripts/, reference/) are relative to this "
            "base directory.",
            "Note: file list is sampled.",
            "",
            "<skill_files>",
            "\n".join(f"<file>{file}</file>" for file in files),
            "</skill_files>",
            "</skill_content>",
        ]
    )
    return Rendering(ACTIVATION_FORMAT, text, entries=(EntryInfo(source.name, len(text)),))


def skill_files(folder: str, limit: int = MAX_FILES) -> list[str] | None:
    """Files below `folder` in the order `rg --files --hidden` prints them (None when the
    folder cannot be read).

    ripgrep's walker lists a folder's files in directory order as it reads them and
    pushes its sub-folders on a stack, taken last first; a small folder is walked that
    way by one thread, which is what OpenCode sees. Skipped: every SKILL.md, `.git`,
    symlinks (not followed), and what ignore files cover inside a git repository.
    """
    try:
        with os.scandir(folder):
            pass
    except OSError:
        return None
    # ripgrep reads ignore files only inside a git repository.
    repo = git_root(os.path.abspath(folder))
    ignores: IgnoreStack = stack_above(repo, folder) if repo is not None else ()
    found: list[str] = []
    stack: list[tuple[str, IgnoreStack]] = [(folder, ignores)]
    while stack and len(found) < limit:
        current, above = stack.pop()
        try:
            with os.scandir(current) as listing:
                entries = list(listing)
        except OSError:
            continue
        here = push(above, current, {e.name for e in entries}) if repo is not None else above
        for entry in entries:
            if entry.is_symlink():
                continue
            if entry.is_dir(follow_symlinks=False):
                if entry.name != ".git" and not is_ignored(here, entry.path, True):
                    stack.append((entry.path, here))
            elif entry.name != SKILL_FILE and not is_ignored(here, entry.path, False):
                found.append(entry.path)
                if len(found) == limit:
                    break
    return found
