"""Codex's `<skills_instructions>`: Markdown listing `- name: description (file: path)`.

How Codex fits the list into its budget (8,000 characters without a known context window):
skills are ordered by scope (system, admin, repo, user) then name; descriptions longer than
1,024 characters are cut with `...`; when all full lines do not fit, every skill keeps its
line and description characters are shared out one at a time, round-robin; when even the
bare lines do not fit, skills are left out. When anything was cut, Codex also tries short
paths (`r0/pdf/SKILL.md`) with a `### Skill roots` table and keeps whichever form shows more.

The usage rules at the end are summarised here in our own words (Codex's own text is longer);
they are outside the budget, so they never change what is cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skill_ls.clients.table import Client
from skill_ls.render.escape import one_line
from skill_ls.render.model import EntryInfo, Rendering
from skill_ls.workspace.model import LoadedSkill

OPEN, CLOSE = "<skills_instructions>", "</skills_instructions>"
DESCRIPTION_MAX = 1024
SUFFIX = "..."
INTRO_PATHS = (
    "A skill is a set of local instructions to follow that is stored in a `SKILL.md` file. "
    "Below is the list of skills that can be used. Each entry includes a name, description, "
    "and file path so you can open the source for full instructions when using a specific "
    "skill."
)
INTRO_ALIASES = (
    "A skill is a set of local instructions to follow that is stored in a `SKILL.md` file. "
    "Below is the list of skills that can be used. Each entry includes a name, description, "
    "and a short path that can be expanded into an absolute path using the skill roots table."
)
_USAGE = (
    "- Discovery: the list above is every skill available in this session; {where}\n"
    "- Trigger rules: use a skill when the user names it (`$name` or plain text) or the task "
    "clearly matches its description; use every skill named; do not carry skills across turns.\n"
    "- Missing or blocked: if a named skill is not listed or cannot be read, say so briefly "
    "and continue with the best fallback.\n"
    "- Progressive disclosure: open the skill's `SKILL.md` and read it before acting; resolve "
    "its relative paths from its folder; load only the referenced files the task needs; "
    "prefer running its `scripts/` and reusing its `assets/`.\n"
    "- Coordination: pick the smallest set of skills that covers the request, say which ones "
    "you use and why, and say why you skip an obvious one.\n"
    "- Context hygiene: summarise long sections instead of pasting them; avoid deep chains of "
    "references.\n"
    "- Fallback: if a skill cannot be applied cleanly, state the problem, pick the next-best "
    "approach and continue."
)
USAGE_PATHS = _USAGE.format(where="each skill's body is on disk at its listed path.")
USAGE_ALIASES = _USAGE.format(
    where="expand each short path with its alias from `### Skill roots` to find the skill."
)
# Codex's scope ranks for ordering (system, admin, repo, user); extra roots count as user.
SCOPE_RANK = {"builtin": 0, "project": 2, "extra": 3, "user": 3}


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
        return len(one_line(self.skill.description)) > DESCRIPTION_MAX


@dataclass
class _Listing:
    roots: list[str]
    lines: list[_Line]  # included, in order
    omitted: list[_Line]

    @property
    def truncated(self) -> int:
        return sum(line.cut for line in self.lines) + len(self.omitted)

    def cost(self) -> int:
        return _body_cost(self.roots, [line.render() for line in self.lines])


def codex_instructions(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    visible = sorted(
        (skill for skill in skills if not skill.hidden),
        key=lambda s: (SCOPE_RANK.get(s.scope, 3), s.name, s.path),
    )
    budget = client.catalog_budget
    hidden = [EntryInfo(skill.name, 0, hidden=True) for skill in skills if skill.hidden]
    if not visible:
        return Rendering("codex-instructions", "", budget, None, tuple(hidden), client.id)
    limit = budget if budget is not None else 10**9
    listing = _fit([_make(skill, skill.path) for skill in visible], [], limit)
    if listing.omitted or listing.truncated:
        aliased = _aliased(visible, limit)
        if aliased is not None and _better(aliased, listing):
            listing = aliased
    return _render(listing, hidden, budget, client)


def _make(skill: LoadedSkill, path: str) -> _Line:
    description = one_line(skill.description)
    if len(description) > DESCRIPTION_MAX:
        description = description[: DESCRIPTION_MAX - len(SUFFIX)] + SUFFIX
    return _Line(skill, one_line(skill.name), description, one_line(path))


def _aliased(skills: Sequence[LoadedSkill], limit: int) -> _Listing | None:
    roots: list[str] = []
    for skill in skills:
        if skill.root not in roots:
            roots.append(skill.root)
    table = [f"- `r{i}` = `{one_line(root)}`" for i, root in enumerate(roots)]
    table_cost = _body_cost(table, []) - _body_cost([], [])
    if table_cost >= limit:
        return None
    lines = [_make(skill, f"r{roots.index(skill.root)}/{skill.relative_path}") for skill in skills]
    return _fit(lines, table, limit - table_cost)


def _fit(lines: list[_Line], roots: list[str], limit: int) -> _Listing:
    """Codex's allocation: all full, else shared description characters, else drop."""
    for line in lines:
        line.chars = len(line.description)
    if sum(len(line.render()) + 1 for line in lines) <= limit:
        return _Listing(roots, lines, [])
    minimum = sum(len(line.render(0)) + 1 for line in lines)
    if minimum <= limit:
        _share(lines, limit - minimum)
        return _Listing(roots, lines, [])
    kept: list[_Line] = []
    omitted: list[_Line] = []
    used = 0
    for line in lines:
        line.chars = 0
        cost = len(line.render(0)) + 1
        if used + cost <= limit:
            used += cost
            kept.append(line)
        else:
            omitted.append(line)
    return _Listing(roots, kept, omitted)


def _extra(chars: int) -> int:
    """Characters a description of `chars` characters adds to a bare line (it and a space)."""
    return chars + 1 if chars else 0


def _share(lines: list[_Line], remaining: int) -> None:
    """Give description characters out one at a time, line by line, while they fit."""
    lengths = [len(line.description) for line in lines]

    def cost(rounds: int) -> int:
        return sum(_extra(min(rounds, length)) for length in lengths)

    low, high = 0, max(lengths, default=0)
    while low < high:  # the most whole rounds that fit
        middle = (low + high + 1) // 2
        if cost(middle) <= remaining:
            low = middle
        else:
            high = middle - 1
    chars = [min(low, length) for length in lengths]
    remaining -= cost(low)
    changed = True
    while changed:  # the last, partial rounds, in line order as Codex does
        changed = False
        for i, length in enumerate(lengths):
            if chars[i] >= length:
                continue
            delta = _extra(chars[i] + 1) - _extra(chars[i])
            if delta <= remaining:
                chars[i] += 1
                remaining -= delta
                changed = True
    for line, kept in zip(lines, chars, strict=True):
        line.chars = kept


def _better(aliased: _Listing, paths: _Listing) -> bool:
    if len(aliased.lines) != len(paths.lines):
        return len(aliased.lines) > len(paths.lines)
    if aliased.truncated != paths.truncated:
        return aliased.truncated < paths.truncated
    return aliased.cost() < paths.cost()


def _body(roots: list[str], lines: list[str]) -> str:
    parts = ["## Skills", INTRO_ALIASES if roots else INTRO_PATHS]
    if roots:
        parts += ["### Skill roots", *roots]
    parts += ["### Available skills", *lines]
    return "\n" + "\n".join(parts) + "\n"


def _body_cost(roots: list[str], lines: list[str]) -> int:
    return len(_body(roots, lines))


def _render(
    listing: _Listing, hidden: list[EntryInfo], budget: int | None, client: Client
) -> Rendering:
    rendered = [line.render() for line in listing.lines]
    usage = USAGE_ALIASES if listing.roots else USAGE_PATHS
    body = _body(listing.roots, [*rendered, "### How to use skills", usage])
    text = OPEN + body + CLOSE
    offset = len(OPEN) + len(_body(listing.roots, []))
    truncated_at: int | None = None
    entries: list[EntryInfo] = []
    for line, shown in zip(listing.lines, rendered, strict=True):
        if truncated_at is None and line.cut:
            truncated_at = offset + len(shown) - len(f" (file: {line.path})")
        elif truncated_at is None and line.capped:
            truncated_at = offset + len(f"- {line.name}: ") + DESCRIPTION_MAX - len(SUFFIX)
        entries.append(
            EntryInfo(line.skill.name, len(shown), truncated=line.cut > 0 or line.capped)
        )
        offset += len(shown) + 1
    if listing.omitted and truncated_at is None:
        truncated_at = offset
    entries += [
        EntryInfo(line.skill.name, 0, truncated=True, omitted=True) for line in listing.omitted
    ]
    return Rendering(
        "codex-instructions", text, budget, truncated_at, (*entries, *hidden), client.id
    )
