"""Claude Code's skill listing: a hidden message with one `- name: description` line per
skill. Each entry's text (description, then ` - ` and `when_to_use`) is capped at the
client's entry cap; when the whole list is over the budget, every description is dropped
and then given back, in order, while the budget allows."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from skill_ls.clients.table import Client
from skill_ls.render.escape import one_line
from skill_ls.render.model import EntryInfo, Rendering
from skill_ls.workspace.model import LoadedSkill

HEADER = "<system-reminder>\nThe following skills are available for use with the Skill tool:\n\n"
FOOTER = "\n</system-reminder>"
ELLIPSIS = "…"


@dataclass
class _Line:
    skill: LoadedSkill
    name_line: str
    full_line: str
    capped_at: int | None  # offset in `full_line` of the ellipsis, when the cap cut it
    full: bool = True

    @property
    def text(self) -> str:
        return self.full_line if self.full else self.name_line


def claude_listing(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    visible = [skill for skill in skills if not skill.hidden]
    if not visible:
        hidden = tuple(EntryInfo(skill.name, 0, hidden=True) for skill in skills)
        return Rendering("claude-listing", "", client.catalog_budget, None, hidden, client.id)
    lines = [_line(skill, client.entry_cap) for skill in visible]
    budget = client.catalog_budget
    if budget is not None and _width(line.full_line for line in lines) > budget:
        for line in lines:
            line.full = False
        slack = budget - _width(line.name_line for line in lines)
        for line in lines:
            cost = len(line.full_line) - len(line.name_line)
            if cost <= slack:
                line.full = True
                slack -= cost
    text = HEADER + "\n".join(line.text for line in lines) + FOOTER
    truncated_at: int | None = None
    offset = len(HEADER)
    entries: list[EntryInfo] = []
    remaining = iter(lines)
    for skill in skills:
        if skill.hidden:
            entries.append(EntryInfo(skill.name, 0, hidden=True))
            continue
        line = next(remaining)
        cut = not line.full or line.capped_at is not None
        if cut and truncated_at is None:
            truncated_at = offset + (
                line.capped_at if line.full and line.capped_at else len(line.name_line)
            )
        entries.append(EntryInfo(skill.name, len(line.text), truncated=cut))
        offset += len(line.text) + 1
    return Rendering("claude-listing", text, budget, truncated_at, tuple(entries), client.id)


def _line(skill: LoadedSkill, cap: int | None) -> _Line:
    text = skill.description
    if skill.when_to_use:
        text = f"{text} - {skill.when_to_use}"
    text = one_line(text)
    capped_at: int | None = None
    name_line = f"- {one_line(skill.name)}"
    if cap is not None and len(text) > cap:
        text = text[: cap - 1] + ELLIPSIS
        capped_at = len(name_line) + 2 + cap - 1
    return _Line(skill, name_line, f"{name_line}: {text}", capped_at)


def _width(lines: Iterable[str]) -> int:
    """Characters of the lines joined by line breaks."""
    items = list(lines)
    return sum(len(item) for item in items) + max(len(items) - 1, 0)
