"""Activation: what the model receives when a client activates a skill.

The body is the author's instructions and stays as written (Markdown); only a literal
closing tag of the wrapper around it is defused. Names, paths and file names are escaped
for the wrapper's format. Resources are listed, never read.
"""

from __future__ import annotations

from skill_ls.render.escape import guard_closing_tags, xml_text
from skill_ls.render.rendering import EntryInfo, Rendering
from skill_ls.render.source import ActivationSource, source_for

__all__ = ["ActivationSource", "read_file", "skill_content", "source_for"]


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


def read_file(source: ActivationSource, arguments: str = "") -> Rendering:
    """Clients whose model reads SKILL.md itself: the raw file is what it sees."""
    return _rendering("read-file", source.name, source.text)
