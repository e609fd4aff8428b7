"""The settings checker against a full JSON Schema validator, on the real settings schema."""

from __future__ import annotations

from typing import Any

import jsonschema
from hypothesis import given, settings
from hypothesis import strategies as st

from skill_ls.config import settings_schema
from skill_ls.schema_values import SUPPORTED_KEYWORDS, problem

PROPERTIES: dict[str, Any] = settings_schema()["properties"]


def _keywords(schema: Any) -> set[str]:
    if not isinstance(schema, dict):
        return set()
    found = set(schema)
    for key in ("items", "additionalProperties"):
        found |= _keywords(schema.get(key))
    return found


def test_the_schema_uses_only_keywords_the_checker_understands() -> None:
    used = set().union(*(_keywords(schema) for schema in PROPERTIES.values()))
    assert used <= SUPPORTED_KEYWORDS, used - SUPPORTED_KEYWORDS


_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-10, max_value=10**9),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from(["", "off", "error", "warn", "codex", "claude-code", "override", "x"]),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(["SKL101", "a"]), inner, max_size=2),
    ),
    max_leaves=6,
)


@settings(max_examples=400, deadline=None)
@given(key=st.sampled_from(sorted(PROPERTIES)), value=_VALUES)
def test_verdicts_agree_with_a_full_validator(key: str, value: Any) -> None:
    expected = jsonschema.Draft202012Validator(PROPERTIES[key]).is_valid(value)
    assert (problem(key, value, PROPERTIES[key]) is None) == expected


def test_the_message_names_the_setting_and_what_it_must_be() -> None:
    assert problem("debounceMs", "5", PROPERTIES["debounceMs"]) == (
        "debounceMs must be an integer from 0 to 5000"
    )
    assert problem("rules", {"SKL101": "loud"}, PROPERTIES["rules"]) == (
        "rules.SKL101 must be one of 'error', 'warning', 'info', 'hint', 'off'"
    )
