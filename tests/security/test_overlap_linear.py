"""The word scan of competing skills (SKL509) takes linear time on hostile descriptions:
long runs of word characters, separators, underscores and digits, and many distinct words."""

from __future__ import annotations

import pytest

from skill_ls.workspace.overlap import compare, content_words

from .cpu_guard import guarded

N = 200_000
RUNS = [
    "a" * N,
    "a-" * N,
    "_a" * N,
    "9" * N,
    "é" * N + "x",
    " ".join(f"w{i}x" for i in range(N // 10)),
    "ingingeded" * (N // 10) + "s",
]


@pytest.mark.parametrize("text", RUNS, ids=range(len(RUNS)))
def test_content_words_and_compare_are_linear(text: str) -> None:
    words = guarded(lambda: content_words(text[:64], text))
    overlap = guarded(lambda: compare(words, words, lambda word: False))
    assert len(overlap.shared) == len(words.shown)
