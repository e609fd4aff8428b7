"""Short fuzzing of Codex's `agents/openai.yaml` reader, its checks and its editor help: any
text (and text made of the file's own keys and YAML punctuation) is read, checked, hovered and
completed without raising, and every finding's range lies inside the text."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skill_ls.clients.openai_yaml_fields import SIDECAR_FIELDS
from skill_ls.diagnostics import Position
from skill_ls.document.openai_yaml import parse_sidecar
from skill_ls.rules.openai_yaml import check_sidecar, voided
from skill_ls.rules.openai_yaml_context import SidecarContext
from skill_ls.server.editor_text.sidecar_help import sidecar_completions, sidecar_hover
from skill_ls.text import LineIndex

FUZZ = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)
CONTEXT = SidecarContext("/w/skill/agents/openai.yaml")  # no icon file exists
KEYS = sorted({field.key for field in SIDECAR_FIELDS})
TOKENS = [
    *(f"{key}:" for key in KEYS),
    *("\n", "  ", "- ", "[", "]", "{", "}", ",", "#", '"', "'", "&a", "*a", "!!str", "---"),
    *("false", "no", "codex", "Codex", "#D83A34", "../assets/x", "assets/x.svg", "\t", "\ufeff"),
]
yamlish = st.lists(st.sampled_from(TOKENS), max_size=80).map("".join)
any_text = st.text(st.characters(exclude_categories=()), max_size=300)


def _holds(text: str) -> None:
    document = parse_sidecar(text)
    index = LineIndex(text)
    end = index.end()
    for finding in check_sidecar(document, CONTEXT):
        assert finding.range.start <= finding.range.end <= end, (finding, text)
    voided(document)
    for offset in range(0, len(text) + 1, max(1, len(text) // 20)):
        sidecar_completions(text, offset)
        position = index.position(offset)
        sidecar_hover(text, Position(position.line, position.column))


@FUZZ
@given(yamlish)
def test_yaml_shaped_text_never_breaks_the_reader_checks_or_help(text: str) -> None:
    _holds(text)


@FUZZ
@given(any_text)
def test_any_text_never_breaks_the_reader_checks_or_help(text: str) -> None:
    _holds(text)
