"""Activation: what the model receives when a client activates a skill.

The body is the author's instructions and stays as written (Markdown); only a literal
closing tag of the wrapper around it is defused. Names, paths and file names are escaped
for the wrapper's format. Resources are listed, never read.
"""

from __future__ import annotations

from collections.abc import Callable

from skill_ls.render.claude import claude_base_directory
from skill_ls.render.codex import codex_skill
from skill_ls.render.copilot_cli import copilot_cli_activation
from skill_ls.render.droid import droid_skill
from skill_ls.render.escape import guard_closing_tags, xml_text
from skill_ls.render.gemini import gemini_activated
from skill_ls.render.opencode import opencode_skill_content
from skill_ls.render.pi import pi_read
from skill_ls.render.qwen import qwen_base_directory
from skill_ls.render.rendering import EntryInfo, Rendering
from skill_ls.render.source import ActivationSource, source_for

__all__ = ["ACTIVATIONS", "ActivationSource", "read_file", "skill_content", "source_for"]


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


ACTIVATIONS: dict[str, Callable[[ActivationSource, str], Rendering]] = {
    "skill-content": skill_content,
    "claude-base-directory": claude_base_directory,
    "gemini-activated": gemini_activated,
    "codex-skill": codex_skill,
    "opencode-skill-content": opencode_skill_content,
    "read-file": read_file,
    "pi-read": pi_read,
    "copilot-cli-skill-context": copilot_cli_activation,
    "qwen-base-directory": qwen_base_directory,
    "droid-skill": droid_skill,
}
