"""Every golden observation of a real agent, reproduced by skill-ls byte for byte.

The goldens are what the agents sent their model (clientlab/goldens, refreshed by
`python -m clientlab observe`); these tests need no agent and no network. Where an agent
answered differently from run to run (recorded variants), skill-ls must reproduce one of
the answers and say that the outcome varies.
"""

from __future__ import annotations

from collections import Counter

import pytest

from clientlab.compare import files_sorted
from clientlab.drivers import DRIVERS
from clientlab.observation import Observation, all_goldens, same_entries, variants
from skill_ls.clients.table import CLIENTS_BY_ID
from tests.lab.replay import replay

GOLDENS = all_goldens()


def _id(observation: Observation) -> str:
    return f"{observation.agent}/{observation.scenario}"


def test_every_agent_is_observed_on_every_scenario() -> None:
    from clientlab.scenarios import SCENARIOS

    seen = {(o.agent, o.scenario) for o in GOLDENS}
    assert seen == {(agent, s.id) for agent in DRIVERS for s in SCENARIOS}


@pytest.mark.parametrize("observation", GOLDENS, ids=_id)
def test_replay(observation: Observation) -> None:
    recorded = variants(observation)
    result = replay(observation)
    catalogs = [variant.catalog for variant in recorded]
    if result.catalog not in catalogs and _directory_order(observation.agent):
        # The agent lists a root's folders in the file system's order, and this file system
        # may list them in another order than the lab's did: the same entries must be there.
        assert any(
            c is not None and result.catalog is not None and same_entries(result.catalog, c)
            for c in catalogs
        ), "catalog differs from the agent's (in more than the order of a root's folders)"
    else:
        assert result.catalog in catalogs, "catalog differs from the agent's"
    if len(set(catalogs)) > 1:
        assert result.catalog_varies, "the agent's catalog varies; skill-ls must say so"
    if observation.activation is None:
        return
    texts = [v.activation.text for v in recorded if v.activation is not None]
    if all(text is None for text in texts):
        assert result.activation is None, "the agent refused; skill-ls activated"
        assert result.activation_error, "skill-ls must say why it does not activate"
        return
    order_varies = CLIENTS_BY_ID[observation.agent].activation.file_order_varies
    if result.activation not in texts and order_varies:
        # The agent lists a skill's files in an order that varies (threads, or the file
        # system's order, which this one may give otherwise): the same files must be there,
        # and skill-ls must say so.
        sorted_texts = [files_sorted(text) for text in texts]
        assert files_sorted(result.activation) in sorted_texts, (
            f"activation differs from the agent's (in more than its files' order): "
            f"{result.activation_error}"
        )
        assert result.activation_varies, "the agent's file order varies; skill-ls must say so"
    else:
        assert result.activation in texts, (
            f"activation differs from the agent's: {result.activation_error}"
        )
    if len(set(texts)) > 1:
        assert result.activation_varies, "the agent's activation varies; skill-ls must say so"


@pytest.mark.parametrize("observation", GOLDENS, ids=_id)
def test_loaded_skills_agree_with_the_catalog(observation: Observation) -> None:
    """`skill-ls skills` says the agent loads (or keeps in conflict) as many copies of each
    name as the agent listed, and no skill the agent did not list (built-ins aside)."""
    result = replay(observation)
    builtins = _builtin_names(observation.agent)
    shown = [
        p for p in result.placed if p.status in ("loaded", "conflict") and not p.names & builtins
    ]
    outcomes = []
    for variant in variants(observation):
        listed = Counter(name.split(" (", 1)[0] for name in variant.listed)
        for name in builtins:
            listed.pop(name, None)
        counted = Counter({name: sum(1 for p in shown if name in p.names) for name in listed})
        strays = [sorted(p.names) for p in shown if not p.names & set(listed)]
        outcomes.append((counted == listed and not strays, listed, counted, strays))
    assert any(ok for ok, *_ in outcomes), outcomes[0][1:]


def _directory_order(agent: str) -> bool:
    """Whether the agent lists a root's folders in the file system's order."""
    return CLIENTS_BY_ID[agent].discovery.root_order == "directory"


def _builtin_names(agent: str) -> set[str]:
    from skill_ls.clients.builtins import builtins_of

    builtin_set = builtins_of(CLIENTS_BY_ID[agent])
    return {skill.name for skill in builtin_set.skills} if builtin_set else set()
