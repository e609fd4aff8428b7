"""What a scenario is, and the SKILL.md text most scenarios are made of."""

from __future__ import annotations

from dataclasses import dataclass, field


def skill(name: str | None, description: str | None, body: str = "", extra: str = "") -> str:
    """A SKILL.md with the given `name`/`description` lines (None leaves a line out)."""
    lines = ["---"]
    if name is not None:
        lines.append(f"name: {name}")
    if description is not None:
        lines.append(f"description: {description}")
    if extra:
        lines.append(extra.rstrip("\n"))
    lines.append("---")
    text = "\n".join(lines) + "\n"
    return text + (body or f"# {name or 'Skill'}\n\nFollow the steps in this file.\n")


@dataclass(frozen=True)
class Scenario:
    id: str
    about: str
    # Relative path (with `{project}` or `~/`) → file content.
    files: dict[str, str]
    # The skill the prompt asks for (None: the catalog alone is observed).
    activate: str | None = None
    arguments: str = ""
    # Link path → target, both relative paths as in `files`.
    symlinks: dict[str, str] = field(default_factory=dict)
    gitignore: str | None = None
