"""Cross-skill diagnostics for one skill file: what only the whole index can tell.

Copies clashing under the same client rule are reported once, naming every client that
behaves alike, with the other copies as related information.
"""

from __future__ import annotations

import os
from collections import defaultdict

from skill_ls.clients.builtins import builtins_of
from skill_ls.clients.table import CLIENTS_BY_ID, Client
from skill_ls.diagnostics import Diagnostic, Range, Related, Severity
from skill_ls.document.loading import decode_skill_text, read_skill_bytes
from skill_ls.rules.context import CheckContext
from skill_ls.rules.registry import Rule
from skill_ls.rules.reporter import Reporter
from skill_ls.rules.suppressions import Matcher, report_suppressions
from skill_ls.rules.workspace import (
    AGENT_BUILTIN_CLASH,
    BUILTIN_CONFLICT,
    DISCOVERY_BOUND,
    NAME_CLASH,
    NESTED_SKILL,
    NOT_LOADED,
    SHADOWED,
)
from skill_ls.workspace.budget_findings import listing_budgets
from skill_ls.workspace.competing import report_competing
from skill_ls.workspace.index_queries import GroupOutcomes, IndexQueries
from skill_ls.workspace.index_records import Status
from skill_ls.workspace.mentions import mention_findings, report_mentions
from skill_ls.workspace.overlap import OverlapIndex
from skill_ls.workspace.precedence import CLASH_REASONS, Candidate, Outcome
from skill_ls.workspace.root_walk import SKILL_FILE
from skill_ls.workspace.skill_reading import stops_at

# Where a finding goes when the file has no `name`: the opening `---`.
_FIRST_LINE = Range.of(0, 0, 0, 3)

# (rule, role, clash rule, winner real path, other real paths)
_Key = tuple[Rule, str, str, str | None, tuple[str, ...]]


def for_skill(
    index: IndexQueries, real: str, overlaps: OverlapIndex | None = None
) -> list[Diagnostic]:
    """Every cross-skill finding on the skill file whose real path is `real`, filtered by
    the settings that file is judged by (its folder's overrides that match it applied);
    `overlaps` (the index's listed words, up to date) for competing skills."""
    # The reporter applies the file's own selection and severities (`Settings.for_path`);
    # which agents judge the workspace stays the index's.
    settings = index.settings.for_path(real)
    facts = index.facts_of_real(real)
    matcher = (
        Matcher(facts.suppressions) if facts is not None and settings.inline_suppressions else None
    )
    reporter = Reporter(CheckContext(settings=settings), suppressions=matcher)
    here = (facts.name_range if facts is not None else None) or _FIRST_LINE
    # Each agent's outcome for this file, asked once for the findings that read it.
    groups = index.group_outcomes(real)
    if overlaps is not None:
        report_competing(index, real, overlaps, reporter, groups)
    _clashes(index, real, groups, here, reporter)
    _not_loaded(groups, real, here, reporter)
    _agent_builtins(index, real, groups, here, reporter)
    _nesting(index, real, here, reporter)
    _bounds(index, real, reporter)
    listing_budgets(index, real, reporter)
    _mentions(index, real, reporter)
    if matcher is not None:
        report_suppressions(matcher, reporter, cross=True)
    return sorted(reporter.found, key=lambda d: (d.range.start, d.code, d.message))


def _mentions(index: IndexQueries, real: str, reporter: Reporter) -> None:
    """SKL701 for the mentions of other skills in this skill's body."""
    known = index.known_mentions(real)
    if known is not None:
        report_mentions(index, real, known, reporter)
        return
    text = index.buffer_text(real)
    if text is None:
        try:
            text = decode_skill_text(read_skill_bytes(real))[0]
        except OSError:
            return
    mention_findings(index, real, text, reporter)


def _clashes(
    index: IndexQueries, real: str, groups: GroupOutcomes, here: Range, reporter: Reporter
) -> None:
    grouped: dict[_Key, list[Client]] = defaultdict(list)
    name = ""
    for client, candidate, outcomes in groups:
        mine = outcomes.get(real)
        # A skipped copy plays no part, unless it took the name (`refused_copy_takes_name`).
        taker = mine.winner.found.real if mine is not None and mine.winner is not None else None
        others = tuple(
            sorted(
                r
                for r, o in outcomes.items()
                if r != real and (o.status is not Status.SKIPPED or r == taker)
            )
        )
        if mine is None or mine.status is Status.SKIPPED or not others:
            continue
        name = index.name_for(client.id, real)
        scopes = {candidate.root.scope} | {index.candidate(client.id, r).root.scope for r in others}
        winner = mine.winner.found.real if mine.winner is not None else None
        if client.clashes.has_builtin and "builtin" in scopes and candidate.root.scope != "builtin":
            role = "refused" if mine.status is Status.CONFLICT else "overrides"
            builtins = tuple(r for r in others if _scope(index, client, r) == "builtin")
            grouped[(BUILTIN_CONFLICT, role, client.clashes.clash, winner, builtins)].append(client)
            continue
        rule = SHADOWED if len(scopes) > 1 else NAME_CLASH
        taken = outcomes.get(winner) if winner is not None else None
        if mine.status is Status.CONFLICT:
            role = "both"
        elif taken is not None and taken.status is Status.SKIPPED:
            role = "taken"  # the copy that took the name is refused (`refused_copy_takes_name`)
        elif mine.varies:
            role = "varies"
        elif mine.loaded:
            role = "wins"
        else:
            role = "loses"
        grouped[(rule, role, client.clashes.clash, winner, others)].append(client)
    for (rule, role, _, winner, others), clients in grouped.items():
        first = clients[0]
        related = tuple(
            _related(index, first, other, _outcome_of(index, first, other, real))
            for other in others
        )
        message, severity = _message(index, rule, role, name, clients, winner, others)
        reporter.report(rule, here, message, related=related, severity=severity)


def _not_loaded(groups: GroupOutcomes, real: str, here: Range, reporter: Reporter) -> None:
    """Every target client that finds this file and drops it, with its own reason."""
    dropped: list[tuple[Client, str]] = []
    loaded = False
    for client, _, outcomes in groups:
        mine = outcomes.get(real)
        if mine is None:
            continue
        if mine.status is Status.SKIPPED:
            dropped.append((client, mine.reason))
        else:
            loaded = True
    if not dropped:
        return
    clients = [client for client, _ in dropped]
    verb = "s" if len(clients) == 1 else ""
    # One reason, several clients: "pi and Copilot CLI: read(s) YAML strictly ..."
    by_reason: dict[str, list[Client]] = defaultdict(list)
    for client, reason in dropped:
        by_reason[reason.removeprefix(client.name + " ")].append(client)
    if len(by_reason) == 1:
        because = ": " + next(iter(by_reason))
    else:
        because = " (" + "; ".join(f"{_names(g)}: {r}" for r, g in by_reason.items()) + ")"
    reporter.report(
        NOT_LOADED,
        here,
        f"{_names(clients)} do{'es' if verb else ''} not load this skill{because}",
        severity=None if loaded else Severity.ERROR,
        data={"clients": [client.id for client in clients]},
    )


def _agent_builtins(
    index: IndexQueries, real: str, groups: GroupOutcomes, here: Range, reporter: Reporter
) -> None:
    """This skill has the name of a target agent's own built-in skill."""
    by_effect: dict[str, list[Client]] = defaultdict(list)
    observed: dict[str, str] = {}
    name = ""
    for client, _, outcomes in groups:
        mine = outcomes.get(real)
        builtin_set = builtins_of(client)
        if mine is None or not mine.loaded or builtin_set is None:
            continue
        name = index.name_for(client.id, real)
        if any(skill.name == name for skill in builtin_set.skills):
            by_effect[client.clashes.builtin_clash].append(client)
            observed[client.id] = builtin_set.observed
    for effect, clients in by_effect.items():
        verb = "s" if len(clients) == 1 else ""
        if effect == "not-merged":
            tail = f"{_names(clients)} list{verb} both: the model sees two skills named '{name}'"
        else:
            tail = f"in {_names(clients)} yours replaces it"
        owners = ", ".join(f"{c.name} (observed in {observed[c.id]})" for c in clients)
        reporter.report(
            AGENT_BUILTIN_CLASH,
            here,
            f"'{name}' is also a built-in skill of {owners}: {tail}",
        )


def _outcome_of(index: IndexQueries, client: Client, other: str, real: str) -> Outcome | None:
    return index.outcomes(client, index.name_for(client.id, real)).get(other)


def _message(
    index: IndexQueries,
    rule: Rule,
    role: str,
    name: str,
    clients: list[Client],
    winner: str | None,
    others: tuple[str, ...],
) -> tuple[str, Severity | None]:
    who = _names(clients)
    verb = "s" if len(clients) == 1 else ""
    first = clients[0]
    where = ", ".join(_show(index, index.candidate(first.id, other).found.path) for other in others)
    reason = CLASH_REASONS.get(first.clashes.clash, first.clashes.clash)
    if any(index.name_for(first.id, other) != name for other in others):
        # Spelled otherwise, the same name to a client that folds case (`Clashes.fold_case`).
        reason += "; names that differ only in case are one name"
    if rule is BUILTIN_CONFLICT:
        if role == "refused":
            return (
                f"'{name}' is the name of a builtin skill ({where}); with builtinOverride "
                f"'conflict' {who} keep{verb} the builtin and refuse{verb} this copy",
                None,
            )
        return f"this skill overrides the builtin skill '{name}' ({where})", Severity.INFO
    if role == "both":
        return (
            f"'{name}' is also defined at {where}; {who} list{verb} every copy, so the model "
            f"sees two skills with the same name",
            None,
        )
    if role == "varies":
        note = first.clashes.clash_note or reason
        return (
            f"'{name}' is also defined at {where}; {who} load{verb} one copy only, and which "
            f"one varies from run to run ({note})",
            None,
        )
    if role == "wins":
        return (
            f"'{name}' is also defined at {where}; {who} load{verb} this copy and ignore{verb} "
            f"the other{'s' if len(others) > 1 else ''} ({reason})",
            Severity.INFO,
        )
    shown = _show(index, index.candidate(first.id, winner).found.path) if winner else where
    if role == "taken":
        return (
            f"{who} give{verb} the name '{name}' to the copy at {shown} ({reason}) and then "
            f"refuse{verb} that copy, so neither loads",
            None,
        )
    return (
        f"{who} load{verb} the copy of '{name}' at {shown} instead of this one ({reason})",
        None,
    )


def _related(index: IndexQueries, client: Client, other: str, outcome: Outcome | None) -> Related:
    candidate: Candidate = index.candidate(client.id, other)
    facts = index.facts_of_real(other)
    state = outcome.status.value if outcome is not None else "found"
    return Related(
        path=candidate.found.path,
        range=(facts.name_range if facts is not None else None) or _FIRST_LINE,
        message=f"{candidate.root.scope} copy ({state} in {client.name})",
    )


def _nesting(index: IndexQueries, real: str, here: Range, reporter: Reporter) -> None:
    reported: set[str] = set()
    for root, found in index.found_places(real):
        if found.parent_skill is None:
            continue
        outer = os.path.join(root.path, found.parent_skill)
        if outer in reported:
            continue
        reported.add(outer)
        users = [
            CLIENTS_BY_ID[c]
            for c, r in index.roots()
            if r.path == root.path and c in index.audience
        ]
        if found.parent_skill == SKILL_FILE:
            # A SKILL.md directly in the root: only the clients that read it enclose anything.
            users = [c for c in users if c.discovery.root_skill_md != "ignored"]
            if not users:
                continue
        stop = [c for c in users if stops_at(c, found.parent_skill)]
        walk_on = [c for c in users if c not in stop]
        parts = [f"this skill is inside the folder of another skill ({_show(index, outer)})"]
        if stop:
            s = "s" if len(stop) == 1 else ""
            parts.append(f"{_names(stop)} stop{s} at that SKILL.md and never load{s} this one")
        if walk_on:
            parts.append(f"{_names(walk_on)} load{'s' if len(walk_on) == 1 else ''} both")
        reporter.report(
            NESTED_SKILL,
            here,
            "; ".join(parts),
            related=(Related(outer, _FIRST_LINE, "the enclosing skill"),),
        )


def _bounds(index: IndexQueries, real: str, reporter: Reporter) -> None:
    seen: set[str] = set()
    for root, _ in index.found_places(real):
        for hit in index.root_hits(root.path):
            if hit.message in seen:
                continue
            seen.add(hit.message)
            reporter.report(
                DISCOVERY_BOUND,
                _FIRST_LINE,
                f"discovery in {_show(index, root.path)} stopped early ({hit.message}); "
                "skills past the bound are not indexed",
            )


def _scope(index: IndexQueries, client: Client, real: str) -> str:
    return index.candidate(client.id, real).root.scope


def _names(clients: list[Client]) -> str:
    names = [client.name for client in clients]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _show(index: IndexQueries, path: str) -> str:
    return index.display_path(path)
