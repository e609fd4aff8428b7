"""How reports show paths."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from skill_ls.report_formats.common import display_path

SEGMENTS = st.lists(st.sampled_from(["a", "b", ".", "..", "", "skills", "SKILL.md"]), max_size=6)


@given(SEGMENTS, st.booleans())
@example(["..", os.path.basename(os.getcwd()), "a"], False)  # out and back in
@example([".."], False)
def test_display_path_is_relpath(segments: list[str], absolute: bool) -> None:
    text = "/".join(segments) or "."
    if absolute:
        text = os.path.join(os.getcwd(), text)
    assert display_path(Path(text)) == os.path.relpath(Path(text))
    assert display_path(text) == os.path.relpath(text)  # type: ignore[arg-type]
