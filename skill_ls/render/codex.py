"""Codex's `<skills_instructions>` catalog and its `<skill>` activation (observed, 0.171.0).

The catalog is a developer message: `## Skills`, one intro sentence, a `### Skill roots`
table (`r0`, `r1`, ... for the roots of the listed skills, in the order Codex reads its
roots, `Client.discovery.root_load_order`) and `### Available skills` with one line per skill,
`- name: description (file: rN/relative/SKILL.md)`. Nothing is escaped; names and
descriptions are made one line (whitespace runs become one space). No usage section follows.

The order, the 1,024-character cut and the budget are `workspace/listings/codex.py`'s (one
computation for this catalog and the SKL508 finding).

Activation: a `$name` mention adds a user message `<skill>` with `<name>`, `<path>` (symlinks
resolved) and the whole file as read, CRLF line ends included, nothing escaped. A name two
loaded skills share activates neither (`Client.activation.ambiguous_refusal`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from skill_ls.clients.table import Client
from skill_ls.render.rendering import EntryInfo, Rendering
from skill_ls.render.source import ActivationSource
from skill_ls.workspace.index_records import LoadedSkill
from skill_ls.workspace.listings.codex import (
    DESCRIPTION_MAX,
    SUFFIX,
    Measure,
    codex_fit,
    codex_line,
    for_lines,
    listing_order,
    measure_for,
    root_order,
    root_table,
)

OPEN, CLOSE = "<skills_instructions>", "</skills_instructions>"
INTRO = (
    "A skill is a set of local instructions to follow that is stored in a `SKILL.md` file. "
    "Below is the list of skills that can be used. Each entry includes a name, description, "
    "and a short path that can be expanded into an absolute path using the skill roots table."
)

__all__ = [
    "CLOSE",
    "DESCRIPTION_MAX",
    "INTRO",
    "OPEN",
    "Measure",
    "codex_instructions",
    "codex_skill",
    "for_lines",
    "measure_for",
    "root_order",
]


def codex_instructions(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    visible = listing_order(skills)
    hidden = [EntryInfo(skill.name, 0, hidden=True) for skill in skills if skill.hidden]
    budget = client.listing.budget()
    if not visible:
        return Rendering("codex-instructions", "", budget, None, tuple(hidden), client.id)
    roots = root_order(visible, client)
    lines = [
        codex_line(skill, f"r{roots.index(skill.root)}/{skill.relative_path}") for skill in visible
    ]
    kept = codex_fit(lines, for_lines(measure_for(client), roots))
    head = "\n".join(
        [OPEN, "## Skills", INTRO, "### Skill roots", *root_table(roots), "### Available skills"]
    )
    offset = len(head) + 1
    rendered: list[str] = []
    truncated_at: int | None = None
    entries: list[EntryInfo] = []
    omitted: list[EntryInfo] = []
    for skill, line, chars in zip(visible, lines, kept, strict=True):
        if chars is None:
            omitted.append(EntryInfo(skill.name, 0, truncated=True, omitted=True))
            continue
        shown = line.render(chars)
        cut = len(line.description) - chars
        if truncated_at is None and cut:
            truncated_at = offset + len(shown) - len(f" (file: {line.path})")
        elif truncated_at is None and line.capped:
            truncated_at = offset + len(f"- {line.name}: ") + DESCRIPTION_MAX - len(SUFFIX)
        entries.append(EntryInfo(skill.name, len(shown), truncated=cut > 0 or line.capped))
        rendered.append(shown)
        offset += len(shown) + 1
    if omitted and truncated_at is None:
        truncated_at = offset
    text = "\n".join([head, *rendered, CLOSE])
    return Rendering(
        "codex-instructions", text, budget, truncated_at, (*entries, *omitted, *hidden), client.id
    )


def codex_skill(source: ActivationSource, arguments: str = "") -> Rendering:
    """`<skill>` with the name, the real path and the whole file as read (frontmatter and
    line ends included), nothing escaped; arguments are not substituted."""
    path = os.path.realpath(source.path) if os.path.exists(source.path) else source.path
    text = f"<skill>\n<name>{source.name}</name>\n<path>{path}</path>\n{source.text}\n</skill>"
    return Rendering("codex-skill", text, entries=(EntryInfo(source.name, len(text)),))
