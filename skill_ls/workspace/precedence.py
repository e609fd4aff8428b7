"""One client, one name: which copy it loads, which copies it shadows or keeps in conflict,
which it skips, and which it hides from the model. All of it from the client table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from skill_ls.clients.table import CLASH_SCOPE_RANKS, Client
from skill_ls.workspace.model import FoundFile, RootFolder, SkillFacts, Status


@dataclass(frozen=True)
class Candidate:
    """A file a client finds, with its place in the client's load order."""

    client: str
    root: RootFolder
    found: FoundFile
    order: tuple[int, str]  # (root index in the client's load order, relative path)


@dataclass(frozen=True)
class Outcome:
    status: Status
    loaded: bool
    winner: Candidate | None = None
    reason: str = ""


def accepts(client: Client, found: FoundFile) -> bool:
    """Whether the client's walk rules load this file from its root."""
    if found.kind == "root-md":
        return client.root_markdown_skills
    if found.dotted and client.skip_dot_entries:
        return False
    if found.parent_skill is not None and client.skill_md_ends_walk:
        return False  # the client stopped at the enclosing skill's SKILL.md
    return found.depth == 1 or (client.nested and found.depth <= client.max_depth)


def skip_reason(client: Client, facts: SkillFacts) -> str | None:
    """Why the client refuses this file, or None when it loads it."""
    if facts.error is not None:
        return facts.error
    if not facts.has_frontmatter:
        return "it has no frontmatter block"
    if client.yaml == "strict" and not facts.strict_ok:
        detail = f": {facts.yaml_error}" if facts.yaml_error else ""
        return f"{client.name} reads YAML strictly and rejects this frontmatter{detail}"
    if not facts.lenient_ok:
        return "its frontmatter YAML does not load"
    if not facts.description or not facts.description.strip():
        return "it has no description"
    return None


def hidden(client: Client, facts: SkillFacts) -> bool:
    """Loaded but left out of the client's catalog (its `hidden_when` flags)."""
    return any(facts.flags.get(flag) == value for flag, value in client.hidden_when)


def resolve(
    client: Client,
    candidates: Sequence[Candidate],
    facts: Mapping[str, SkillFacts],
    builtin_policy: str,
) -> dict[str, Outcome]:
    """Outcome for every real file among `candidates` (all named alike for `client`)."""
    if len(candidates) == 1:  # no clash: the common case, kept cheap for large workspaces
        only = candidates[0]
        facts_of = facts[only.found.real]
        reason = skip_reason(client, facts_of)
        if reason is not None:
            return {only.found.real: Outcome(Status.SKIPPED, False, reason=reason)}
        return {only.found.real: _loaded(client, only, facts, Status.LOADED)}
    ordered = sorted(candidates, key=lambda c: c.order)
    outcomes: dict[str, Outcome] = {}
    eligible: list[Candidate] = []
    for candidate in ordered:
        reason = skip_reason(client, facts[candidate.found.real])
        if reason is None:
            eligible.append(candidate)
        else:
            outcomes[candidate.found.real] = Outcome(Status.SKIPPED, False, reason=reason)
    if not eligible:
        return outcomes
    contenders = eligible
    builtins = [c for c in eligible if c.root.scope == "builtin"]
    if client.has_builtin and builtin_policy == "conflict" and builtins != eligible and builtins:
        # The builtin keeps its name; every workspace copy is refused.
        contenders = builtins
        for candidate in eligible:
            if candidate.root.scope != "builtin":
                outcomes[candidate.found.real] = Outcome(
                    Status.CONFLICT,
                    False,
                    builtins[0],
                    "a builtin skill has this name and builtinOverride is 'conflict'",
                )
    if client.clash == "not-merged":
        status = Status.CONFLICT if len(contenders) > 1 else Status.LOADED
        for candidate in contenders:
            outcomes[candidate.found.real] = _loaded(client, candidate, facts, status)
        return outcomes
    winner = _winner(client, contenders)
    for candidate in contenders:
        if candidate is winner:
            outcomes[candidate.found.real] = _loaded(client, candidate, facts, Status.LOADED)
        else:
            outcomes[candidate.found.real] = Outcome(
                Status.SHADOWED, False, winner, _clash_reason(client)
            )
    return outcomes


def _winner(client: Client, contenders: Sequence[Candidate]) -> Candidate:
    ranks = CLASH_SCOPE_RANKS.get(client.clash)
    if ranks is not None:
        return min(contenders, key=lambda c: (_rank(ranks, c.root.scope), c.order))
    if client.clash == "last-wins":
        return contenders[-1]
    return contenders[0]  # "first-wins", and the default for undocumented rules


def _rank(ranks: tuple[str, ...], scope: str) -> int:
    return ranks.index(scope) if scope in ranks else len(ranks)


_LOADED = Outcome(Status.LOADED, True)
_HIDDEN = Outcome(Status.HIDDEN, True, reason="a flag hides it from the model's catalog")


def _loaded(
    client: Client, candidate: Candidate, facts: Mapping[str, SkillFacts], status: Status
) -> Outcome:
    if client.hidden_when and hidden(client, facts[candidate.found.real]):
        return _HIDDEN
    return _LOADED if status is Status.LOADED else Outcome(status, True)


CLASH_REASONS: dict[str, str] = {
    "first-wins": "the first copy found wins",
    "last-wins": "the last copy loaded wins",
    "project-wins": "project skills win over user skills",
    "user-wins": "user skills win over project skills",
    "not-merged": "every copy is listed",
}


def _clash_reason(client: Client) -> str:
    return f"{client.name}: {CLASH_REASONS.get(client.clash, client.clash)}"
