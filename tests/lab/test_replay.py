"""Every golden observation of a real agent, reproduced by skill-ls byte for byte.

The goldens are what the agents sent their model (clientlab/goldens, refreshed by
`python -m clientlab observe`); these tests need no agent and no network.
"""

from __future__ import annotations

import pytest

from clientlab.observation import Observation, all_goldens
from tests.lab.replay import replay

GOLDENS = all_goldens()


def _id(observation: Observation) -> str:
    return f"{observation.agent}/{observation.scenario}"


def test_goldens_present() -> None:
    assert len(GOLDENS) >= 6 * 25


@pytest.mark.parametrize("observation", GOLDENS, ids=_id)
def test_replay(observation: Observation) -> None:
    result = replay(observation)
    assert result.catalog == observation.catalog, "catalog differs from the agent's"
    if observation.activation is not None:
        expected = observation.activation.text
        if expected is None:
            assert result.activation is None, "the agent refused; skill-ls activated"
        else:
            assert result.activation == expected, (
                f"activation differs from the agent's: {result.activation_error}"
            )
