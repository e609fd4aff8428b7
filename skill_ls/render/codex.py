"""Codex's `<skills_instructions>` catalog and its `<skill>` activation (observed, 0.169.0).

The catalog is a developer message: `## Skills`, one intro sentence, a `### Skill roots`
table (`r0`, `r1`, ... for the roots of the listed skills, in the order Codex reads its
roots, `Client.root_load_order`) and `### Available skills` with one line per skill,
`- name: description (file: rN/relative/SKILL.md)`. Nothing is escaped; names and
descriptions are made one line (whitespace runs become one space). No usage section follows.

Skills are ordered by scope (built-ins, project, user), then name, then path. A description
over 1,024 characters is cut to 1,021 plus `...`. The budget covers the skill lines and the
roots table past its first `TABLE_ALLOWANCE` bytes: with a known context window it is
`catalog_share` of it in tokens, a line (with its line break) costing its UTF-8 bytes
divided by `chars_per_token`, rounded up; without one it is `catalog_budget` characters.
When the full lines do not fit, every skill keeps its line and description characters are
given out one at a time, skill by skill, round after round, while the next one's cost still
fits; when even the bare lines do not fit, skills are left out in order (the next ones are
still tried).

Activation: a `$name` mention adds a user message `<skill>` with `<name>`, `<path>` (symlinks
resolved) and the whole file as read, CRLF line ends included, nothing escaped. A name two
loaded skills share activates neither (`Client.ambiguous_refusal`).
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass

from skill_ls.clients.table import Client
from skill_ls.render.model import EntryInfo, Rendering
from skill_ls.render.source import ActivationSource
from skill_ls.render.strings import utf8_size
from skill_ls.workspace.model import LoadedSkill

OPEN, CLOSE = "<skills_instructions>", "</skills_instructions>"
DESCRIPTION_MAX = 1024
SUFFIX = "..."
INTRO = (
    "A skill is a set of local instructions to follow that is stored in a `SKILL.md` file. "
    "Below is the list of skills that can be used. Each entry includes a name, description, "
    "and a short path that can be expanded into an absolute path using the skill roots table."
)
# The roots table counts against the budget only past this many bytes (its lines with their
# line breaks; observed: Codex charges the difference between its header with the table and
# its header with full paths, which the two-root table of a plain project does not exceed).
TABLE_ALLOWANCE = 142
# Codex's scope ranks for ordering (system, admin, repo, user); extra roots count as user.
SCOPE_RANK = {"builtin": 0, "project": 2, "extra": 3, "user": 3}


@dataclass(frozen=True)
class Measure:
    """How Codex counts its budget: tokens (UTF-8 bytes / `bytes_per_token`, rounded up,
    per line) when it knows the context window, else characters."""

    limit: int
    bytes_per_token: int | None = None  # None: characters

    def cost(self, text: str) -> int:
        """What one line (its line break included) costs."""
        return self.cost_of(len(text) + 1, utf8_size(text) + 1)

    def cost_of(self, chars: int, size: int) -> int:
        if self.bytes_per_token is None:
            return chars
        return -(-size // self.bytes_per_token)


def measure_for(client: Client) -> Measure | None:
    """The client's budget (None: no budget known); computed from the client row only, so
    `dataclasses.replace(client, context_window=N)` gives another model's."""
    if client.context_window is not None and client.catalog_share is not None:
        tokens = max(1, math.floor(client.context_window * client.catalog_share))
        return Measure(tokens, client.chars_per_token)
    if client.catalog_budget is not None:
        return Measure(client.catalog_budget)
    return None


def root_table(roots: Sequence[str]) -> list[str]:
    return [f"- `r{i}` = `{root}`" for i, root in enumerate(roots)]


def for_lines(measure: Measure | None, roots: Sequence[str]) -> Measure | None:
    """What is left for the skill lines once the roots table is charged: its lines (with
    their line breaks) past `TABLE_ALLOWANCE` bytes, costed like a line."""
    if measure is None:
        return None
    table = root_table(roots)
    chars = sum(len(line) + 1 for line in table) - TABLE_ALLOWANCE
    size = sum(utf8_size(line) + 1 for line in table) - TABLE_ALLOWANCE
    charge = measure.cost_of(max(0, chars), max(0, size))
    return Measure(max(0, measure.limit - charge), measure.bytes_per_token)


def single_line(text: str) -> str:
    """Codex's `sanitize_single_line`: whitespace runs become one space, ends trimmed."""
    return " ".join(text.split())


def capped(description: str) -> str:
    """A description as Codex lists it: over 1,024 characters, 1,021 and `...`."""
    if len(description) <= DESCRIPTION_MAX:
        return description
    return description[: DESCRIPTION_MAX - len(SUFFIX)] + SUFFIX


@dataclass
class _Line:
    skill: LoadedSkill
    name: str
    description: str
    path: str
    chars: int = 0  # description characters kept

    def render(self, chars: int | None = None) -> str:
        kept = self.description[: self.chars if chars is None else chars]
        if not kept:
            return f"- {self.name}: (file: {self.path})"
        return f"- {self.name}: {kept} (file: {self.path})"

    @property
    def cut(self) -> int:
        """Description characters the budget took away."""
        return len(self.description) - self.chars

    @property
    def capped(self) -> bool:
        """The description was over Codex's 1,024-character limit and ends in `...`."""
        return len(single_line(self.skill.description)) > DESCRIPTION_MAX


def codex_instructions(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    visible = sorted(
        (skill for skill in skills if not skill.hidden),
        key=lambda s: (SCOPE_RANK.get(s.scope, 3), s.name, s.path),
    )
    hidden = [EntryInfo(skill.name, 0, hidden=True) for skill in skills if skill.hidden]
    budget = client.budget()
    if not visible:
        return Rendering("codex-instructions", "", budget, None, tuple(hidden), client.id)
    roots = root_order(visible, client)
    lines = [
        _Line(
            skill,
            single_line(skill.name),
            capped(single_line(skill.description)),
            f"r{roots.index(skill.root)}/{skill.relative_path}",
        )
        for skill in visible
    ]
    kept, omitted = fit(lines, for_lines(measure_for(client), roots))
    return _render(roots, kept, omitted, hidden, budget, client)


def root_order(skills: Sequence[LoadedSkill], client: Client) -> list[str]:
    """The roots of these skills in the order the client reads them (`root_load_order`:
    by pattern, else by scope; ties and unknown roots in the order the skills come)."""
    order = client.root_load_order

    def rank(skill: LoadedSkill) -> int:
        for key in (skill.root_pattern, skill.scope):
            if key in order:
                return order.index(key)
        return len(order)

    ranked: dict[str, tuple[int, int]] = {}
    for position, skill in enumerate(skills):
        ranked.setdefault(skill.root, (rank(skill), position))
    return sorted(ranked, key=lambda root: ranked[root])


def fit(lines: list[_Line], measure: Measure | None) -> tuple[list[_Line], list[_Line]]:
    """Codex's allocation: all full, else shared description characters, else drop."""
    for line in lines:
        line.chars = len(line.description)
    if measure is None or sum(measure.cost(line.render()) for line in lines) <= measure.limit:
        return lines, []
    minimum = sum(measure.cost(line.render(0)) for line in lines)
    if minimum <= measure.limit:
        _share(lines, measure, measure.limit - minimum)
        return lines, []
    kept: list[_Line] = []
    omitted: list[_Line] = []
    used = 0
    for line in lines:
        line.chars = 0
        cost = measure.cost(line.render(0))
        if used + cost <= measure.limit:
            used += cost
            kept.append(line)
        else:
            omitted.append(line)
    return kept, omitted


def _share(lines: list[_Line], measure: Measure, remaining: int) -> None:
    """Give description characters out one at a time, line after line, round after round,
    while the next character's extra cost fits (a short description drops out early)."""
    bare = [line.render(0) for line in lines]
    bare_chars = [len(text) + 1 for text in bare]
    bare_bytes = [utf8_size(text) + 1 for text in bare]
    bare_cost = [measure.cost_of(c, b) for c, b in zip(bare_chars, bare_bytes, strict=True)]
    prefix_bytes = [0] * len(lines)  # UTF-8 bytes of the characters given so far
    extra = [0] * len(lines)  # what they cost beyond the bare line
    for line in lines:
        line.chars = 0
    changed = True
    while changed:
        changed = False
        for i, line in enumerate(lines):
            if line.chars >= len(line.description):
                continue
            size = prefix_bytes[i] + utf8_size(line.description[line.chars])
            cost = (
                measure.cost_of(bare_chars[i] + line.chars + 2, bare_bytes[i] + size + 1)
                - bare_cost[i]
            )
            if cost - extra[i] <= remaining:
                remaining -= cost - extra[i]
                extra[i] = cost
                prefix_bytes[i] = size
                line.chars += 1
                changed = True


def _render(
    roots: list[str],
    lines: list[_Line],
    omitted: list[_Line],
    hidden: list[EntryInfo],
    budget: int | None,
    client: Client,
) -> Rendering:
    table = root_table(roots)
    head = "\n".join([OPEN, "## Skills", INTRO, "### Skill roots", *table, "### Available skills"])
    rendered = [line.render() for line in lines]
    text = "\n".join([head, *rendered, CLOSE])
    offset = len(head) + 1
    truncated_at: int | None = None
    entries: list[EntryInfo] = []
    for line, shown in zip(lines, rendered, strict=True):
        if truncated_at is None and line.cut:
            truncated_at = offset + len(shown) - len(f" (file: {line.path})")
        elif truncated_at is None and line.capped:
            truncated_at = offset + len(f"- {line.name}: ") + DESCRIPTION_MAX - len(SUFFIX)
        entries.append(
            EntryInfo(line.skill.name, len(shown), truncated=line.cut > 0 or line.capped)
        )
        offset += len(shown) + 1
    if omitted and truncated_at is None:
        truncated_at = offset
    entries += [EntryInfo(line.skill.name, 0, truncated=True, omitted=True) for line in omitted]
    return Rendering(
        "codex-instructions", text, budget, truncated_at, (*entries, *hidden), client.id
    )


def codex_skill(source: ActivationSource, arguments: str = "") -> Rendering:
    """`<skill>` with the name, the real path and the whole file as read (frontmatter and
    line ends included), nothing escaped; arguments are not substituted."""
    path = os.path.realpath(source.path) if os.path.exists(source.path) else source.path
    text = f"<skill>\n<name>{source.name}</name>\n<path>{path}</path>\n{source.text}\n</skill>"
    return Rendering("codex-skill", text, entries=(EntryInfo(source.name, len(text)),))
