"""Codex's skill lines and its budget (observed, Codex 0.171.0; see `render/codex.py` for
the whole catalog).

Skills are ordered by scope (built-ins, project, user), then name, then path. A description
over 1,024 characters is cut to 1,021 plus `...`. The budget covers the skill lines and the
roots table past its first `TABLE_ALLOWANCE` bytes: with a known context window it is
`catalog_share` of it in tokens, a line (with its line break) costing its UTF-8 bytes
divided by `chars_per_token`, rounded up; without one it is `catalog_budget` characters.
When the full lines do not fit, every skill keeps its line and description characters are
given out one at a time, skill by skill, round after round, while the next one's cost still
fits; when even the bare lines do not fit, skills are left out in order (the next ones are
still tried).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from skill_ls.clients.table import Client
from skill_ls.workspace.index_records import LoadedSkill
from skill_ls.workspace.listings.cuts import (
    Cut,
    Overflow,
    share_basis,
)
from skill_ls.workspace.listings.strings import utf8_size

DESCRIPTION_MAX = 1024
SUFFIX = "..."
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

    @property
    def unit(self) -> str:
        return "characters" if self.bytes_per_token is None else "tokens"


def measure_for(client: Client) -> Measure | None:
    """The client's budget (None: no budget known); computed from the client row only, so
    `dataclasses.replace(client, context_window=N)` gives another model's."""
    if client.listing.context_window is not None and client.listing.catalog_share is not None:
        tokens = max(1, math.floor(client.listing.context_window * client.listing.catalog_share))
        return Measure(tokens, client.listing.chars_per_token)
    if client.listing.catalog_budget is not None:
        return Measure(client.listing.catalog_budget)
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


def listing_order(skills: Sequence[LoadedSkill]) -> list[LoadedSkill]:
    """The skills Codex lists (hidden ones left out), in its order."""
    return sorted(
        (skill for skill in skills if not skill.hidden),
        key=lambda s: (SCOPE_RANK.get(s.scope, 3), s.name, s.path),
    )


def root_order(skills: Sequence[LoadedSkill], client: Client) -> list[str]:
    """The roots of these skills in the order the client reads them (`root_load_order`:
    by pattern, else by scope; ties and unknown roots in the order the skills come)."""
    order = client.discovery.root_load_order

    def rank(skill: LoadedSkill) -> int:
        for key in (skill.root_pattern, skill.scope):
            if key in order:
                return order.index(key)
        return len(order)

    ranked: dict[str, tuple[int, int]] = {}
    for position, skill in enumerate(skills):
        ranked.setdefault(skill.root, (rank(skill), position))
    return sorted(ranked, key=lambda root: ranked[root])


@dataclass(frozen=True, slots=True)
class CodexLine:
    """One skill's line: its parts, and what it costs bare (without description)."""

    name: str
    description: str
    path: str
    capped: bool  # the description was over 1,024 characters and ends in `...`
    bare_chars: int  # of the bare line, its line break included
    bare_bytes: int
    full_chars: int  # of the line with its whole description, its line break included
    full_bytes: int

    def render(self, chars: int | None = None) -> str:
        kept = self.description if chars is None else self.description[:chars]
        if not kept:
            return f"- {self.name}: (file: {self.path})"
        return f"- {self.name}: {kept} (file: {self.path})"


def codex_line(skill: LoadedSkill, path: str) -> CodexLine:
    """The line of `skill`, its file shown as `path` (`rN/relative/SKILL.md`)."""
    description = single_line(skill.description)
    name = single_line(skill.name)
    bare = f"- {name}: (file: {path})"
    line = CodexLine(
        name, capped(description), path, len(description) > DESCRIPTION_MAX, 0, 0, 0, 0
    )
    full = line.render()
    return replace(
        line,
        bare_chars=len(bare) + 1,
        bare_bytes=utf8_size(bare) + 1,
        full_chars=len(full) + 1,
        full_bytes=utf8_size(full) + 1,
    )


def codex_fit(
    lines: Sequence[CodexLine], measure: Measure | None, full_total: int | None = None
) -> list[int | None]:
    """Codex's allocation: the description characters each line keeps (None: the line is
    left out): all full, else shared description characters, else bare lines in order.
    `full_total` is `full_cost(lines, measure)` when the caller has it."""
    full = [len(line.description) for line in lines]
    if measure is None:
        return list(full)
    if full_total is None:
        full_total = full_cost(lines, measure)
    if full_total <= measure.limit:
        return list(full)
    bare = [measure.cost_of(line.bare_chars, line.bare_bytes) for line in lines]
    if sum(bare) <= measure.limit:
        return list(_share(lines, measure, measure.limit - sum(bare), bare))
    kept: list[int | None] = []
    used = 0
    for cost in bare:
        if used + cost <= measure.limit:
            used += cost
            kept.append(0)
        else:
            kept.append(None)
    return kept


def full_cost(lines: Sequence[CodexLine], measure: Measure) -> int:
    """What the lines with every description cost."""
    return sum(measure.cost_of(line.full_chars, line.full_bytes) for line in lines)


def _share(
    lines: Sequence[CodexLine], measure: Measure, remaining: int, bare_cost: list[int]
) -> list[int]:
    """Give description characters out one at a time, line after line, round after round,
    while the next character's extra cost fits (a short description drops out early)."""
    chars = [0] * len(lines)
    prefix_bytes = [0] * len(lines)  # UTF-8 bytes of the characters given so far
    extra = [0] * len(lines)  # what they cost beyond the bare line
    changed = True
    while changed:
        changed = False
        for i, line in enumerate(lines):
            if chars[i] >= len(line.description):
                continue
            size = prefix_bytes[i] + utf8_size(line.description[chars[i]])
            cost = (
                measure.cost_of(line.bare_chars + chars[i] + 2, line.bare_bytes + size + 1)
                - bare_cost[i]
            )
            if cost - extra[i] <= remaining:
                remaining -= cost - extra[i]
                extra[i] = cost
                prefix_bytes[i] = size
                chars[i] += 1
                changed = True
    return chars


def codex_overflow(
    ordered: Sequence[LoadedSkill], lines: Sequence[CodexLine], client: Client
) -> Overflow | None:
    """What Codex's budget cuts from these lines (in its order); None when they fit."""
    whole = measure_for(client)
    measure = for_lines(whole, root_order(ordered, client))
    if whole is None or measure is None:
        return None
    used = full_cost(lines, measure)
    if used <= measure.limit:
        return None
    kept = codex_fit(lines, measure, used)
    cuts = [_cut(line, chars) for line, chars in zip(lines, kept, strict=True)]
    basis = share_basis(client)
    if measure.limit < whole.limit:
        basis = f"{basis}, less its roots table" if basis else "less its roots table"
    return Overflow(
        client,
        len(lines),
        used,
        measure.limit,
        measure.unit,
        cuts,
        ordered,
        basis,
    )


def _cut(line: CodexLine, chars: int | None) -> Cut | None:
    if chars is None:
        return Cut.OMITTED
    if chars == 0 and line.description:
        return Cut.DROPPED
    return Cut.SHORTENED if chars < len(line.description) else None
