"""The skill an activation renders: its whole text and the files beside it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from skill_ls.document import SkillDocument, parse_document
from skill_ls.document.loading import read_skill_text
from skill_ls.gathering import context_for_path
from skill_ls.settings import Settings

SKILL_FILE = "SKILL.md"


@dataclass(frozen=True)
class ActivationSource:
    """A skill as an activation sees it: its whole text, and the files beside it."""

    name: str
    path: str  # SKILL.md
    folder: str
    text: str  # the whole file
    files: tuple[str, ...] = ()  # relative POSIX paths below the folder, SKILL.md excluded
    folders: tuple[str, ...] = ()  # relative POSIX paths of sub-folders
    scope: str = "project"  # where the client loaded it from (`LoadedSkill.scope`)
    # The client keeps the `$N` of awk print programs as written (`Activation.awk_fields_kept`).
    awk_fields_kept: bool = False

    @property
    def document(self) -> SkillDocument:
        return parse_document(self.text, self.path)

    @property
    def body(self) -> str:
        """The body without frontmatter, without surrounding blank lines."""
        return self.document.body.strip("\r\n")


def source_for(
    name: str, path: str, text: str | None = None, keep_line_ends: bool = False
) -> ActivationSource:
    """Read a skill (or take its editor buffer text) and list the files beside it; CRLF is
    read as LF unless `keep_line_ends` (`Client.activation.line_ends`)."""
    skill_md = Path(path)
    if text is None:
        text = read_skill_text(skill_md, keep_line_ends)
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
