"""Activation: what the model receives when a client activates a skill.

The body is the author's instructions and stays as written (Markdown); only a literal
closing tag of the wrapper around it is defused. Names, paths and file names are escaped
for the wrapper's format. Resources are listed, never read.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from skill_ls.config import Settings
from skill_ls.document import SkillDocument, parse_document
from skill_ls.render.escape import guard_closing_tags, one_line, xml_text
from skill_ls.render.model import EntryInfo, Rendering
from skill_ls.rules.context import context_for_path
from skill_ls.yamltree import YScalar, YSequence

SKILL_FILE = "SKILL.md"
OPENCODE_MAX_FILES = 10
GEMINI_MAX_ITEMS = 200


@dataclass(frozen=True)
class ActivationSource:
    """A skill as an activation sees it: its whole text, and the files beside it."""

    name: str
    path: str  # SKILL.md
    folder: str
    text: str  # the whole file
    files: tuple[str, ...] = ()  # relative POSIX paths below the folder, SKILL.md excluded
    folders: tuple[str, ...] = ()  # relative POSIX paths of sub-folders

    @property
    def document(self) -> SkillDocument:
        return parse_document(self.text, self.path)

    @property
    def body(self) -> str:
        """The body without frontmatter, without surrounding blank lines."""
        return self.document.body.strip("\r\n")


def source_for(name: str, path: str, text: str | None = None) -> ActivationSource:
    """Read a skill (or take its editor buffer text) and list the files beside it."""
    skill_md = Path(path)
    if text is None:
        text = skill_md.read_text(encoding="utf-8", errors="replace")
    context = context_for_path(skill_md, Settings())
    files = sorted((context.skill_files or frozenset()) - {SKILL_FILE})
    return ActivationSource(
        name=name,
        path=str(skill_md),
        folder=str(skill_md.parent),
        text=text,
        files=tuple(files),
        folders=tuple(sorted(context.skill_dirs)),
    )


def _rendering(fmt: str, name: str, text: str) -> Rendering:
    return Rendering(fmt, text, entries=(EntryInfo(name, len(text)),))


def skill_content(source: ActivationSource, arguments: str = "") -> Rendering:
    """The client guide's `<skill_content>`: body, skill directory, `<skill_resources>`."""
    body = guard_closing_tags(source.body, ("skill_content",))
    parts = [
        f'<skill_content name="{xml_text(source.name)}">\n',
        body,
        f"\n\nSkill directory: {xml_text(source.folder)}\n",
        "Relative paths in this skill are relative to the skill directory.\n",
    ]
    if source.files:
        parts.append("\n<skill_resources>\n")
        parts += [f"  <file>{xml_text(file)}</file>\n" for file in source.files]
        parts.append("</skill_resources>\n")
    parts.append("</skill_content>")
    return _rendering("skill-content", source.name, "".join(parts))


def claude_base_directory(source: ActivationSource, arguments: str = "") -> Rendering:
    """Claude Code: "Base directory for this skill: <dir>", then the body with its
    `$ARGUMENTS`, `$ARGUMENTS[N]`, `$N`, named `$arg` and `${CLAUDE_SKILL_DIR}` filled in."""
    body = substitute_arguments(source, arguments)
    text = f"Base directory for this skill: {source.folder}\n\n{body}"
    return _rendering("claude-base-directory", source.name, text)


def gemini_activated(source: ActivationSource, arguments: str = "") -> Rendering:
    """Gemini CLI's `activate_skill` result: instructions and the folder's structure."""
    body = guard_closing_tags(source.body, ("instructions", "activated_skill"))
    text = (
        f'<activated_skill name="{xml_text(source.name)}">\n'
        "  <instructions>\n"
        f"    {body}\n"
        "  </instructions>\n"
        "\n"
        "  <available_resources>\n"
        f"    {xml_text(folder_structure(source))}\n"
        "  </available_resources>\n"
        "</activated_skill>"
    )
    return _rendering("gemini-activated", source.name, text)


def codex_skill(source: ActivationSource, arguments: str = "") -> Rendering:
    """Codex: `<skill>` with name, path and the whole file, frontmatter included."""
    text = (
        "<skill>\n"
        f"<name>{xml_text(source.name)}</name>\n"
        f"<path>{xml_text(source.path)}</path>\n"
        f"{guard_closing_tags(source.text, ('skill',))}\n"
        "</skill>"
    )
    return _rendering("codex-skill", source.name, text)


def opencode_skill_content(source: ActivationSource, arguments: str = "") -> Rendering:
    """OpenCode's skill tool: heading, body, base directory URL, up to ten files."""
    body = guard_closing_tags(source.body.strip(), ("skill_content", "skill_files"))
    files = [str(Path(source.folder) / file) for file in source.files[:OPENCODE_MAX_FILES]]
    text = (
        f'<skill_content name="{xml_text(source.name)}">\n'
        f"# Skill: {one_line(source.name)}\n"
        "\n"
        f"{body}\n"
        "\n"
        f"Base directory for this skill: {Path(source.folder).as_uri()}\n"
        "Relative paths in this skill (e.g., scripts/, reference/) are relative to this "
        "base directory.\n"
        "Note: file list is sampled.\n"
        "\n"
        "<skill_files>\n"
        + "".join(f"<file>{xml_text(file)}</file>\n" for file in files)
        + "</skill_files>\n"
        "</skill_content>"
    )
    return _rendering("opencode-skill-content", source.name, text)


def read_file(source: ActivationSource, arguments: str = "") -> Rendering:
    """Clients whose model reads SKILL.md itself: the raw file is what it sees."""
    return _rendering("read-file", source.name, source.text)


ACTIVATIONS: dict[str, Callable[[ActivationSource, str], Rendering]] = {
    "skill-content": skill_content,
    "claude-base-directory": claude_base_directory,
    "gemini-activated": gemini_activated,
    "codex-skill": codex_skill,
    "opencode-skill-content": opencode_skill_content,
    "read-file": read_file,
}


# --- Claude Code's argument substitution ------------------------------------------------

_INDEXED = re.compile(r"\$ARGUMENTS\[(\d+)\]|\$(\d+)(?!\d)")


def substitute_arguments(source: ActivationSource, arguments: str) -> str:
    """The body with Claude Code's placeholders filled from `arguments`.

    When the body has no `$ARGUMENTS` and arguments were given, Claude Code appends them
    as `ARGUMENTS: <value>`.
    """
    doc = source.document
    body = doc.body.strip("\r\n")
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


# --- Gemini CLI's folder structure ------------------------------------------------------


def folder_structure(source: ActivationSource) -> str:
    """The skill folder as a tree, files then folders, as Gemini CLI lists resources."""
    lines = [
        f"Showing up to {GEMINI_MAX_ITEMS} items (files + folders).",
        "",
        f"{source.folder}/",
    ]
    children: dict[str, list[tuple[str, bool]]] = {}
    for file in (SKILL_FILE, *source.files):
        parent, _, name = file.rpartition("/")
        children.setdefault(parent, []).append((name, False))
    for folder in source.folders:
        parent, _, name = folder.rpartition("/")
        children.setdefault(parent, []).append((name, True))
    shown = 0

    def walk(prefix: str, folder: str) -> None:
        nonlocal shown
        items = sorted(children.get(folder, []), key=lambda item: (item[1], item[0]))
        for position, (name, is_folder) in enumerate(items):
            if shown >= GEMINI_MAX_ITEMS:
                lines.append(f"{prefix}└───...")
                return
            shown += 1
            last = position == len(items) - 1
            lines.append(f"{prefix}{'└───' if last else '├───'}{name}{'/' if is_folder else ''}")
            if is_folder:
                path = f"{folder}/{name}" if folder else name
                walk(prefix + ("    " if last else "│   "), path)

    walk("", "")
    return "\n".join(lines)
