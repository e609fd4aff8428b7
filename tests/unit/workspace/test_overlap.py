"""The measure behind SKL509: content words, stems, distinctive words, names that set a skill
apart, and the inverted index that finds the candidates."""

from __future__ import annotations

from skill_ls.workspace.overlap import (
    Overlap,
    OverlapIndex,
    common_cutoff,
    compare,
    content_words,
    stem,
)


def never_common(word: str) -> bool:
    return False


def test_endings_fold_to_one_stem() -> None:
    assert {stem(w) for w in ("merge", "merges", "merging", "merged")} == {"merg"}
    assert {stem(w) for w in ("table", "tables")} == {"tabl"}
    assert stem("libraries") == "library"
    assert stem("mapping") == stem("map") == "map"
    assert (stem("process"), stem("processes"), stem("analysis")) == (
        "process",
        "process",
        "analysis",
    )
    assert stem("pdf") == "pdf"


def test_stop_words_boilerplate_and_numbers_are_not_content() -> None:
    words = content_words("pdf-tools", "Use this skill when the user asks to merge 2 PDF files.")
    assert dict(words.shown) == {"pdf": "pdf", "tool": "tools", "merg": "merge", "fil": "files"}
    assert words.name == frozenset({"pdf", "tool"})
    assert dict(words.description) == {"merg": 1, "pdf": 1, "fil": 1}


def test_shared_words_count_against_the_shorter_entry() -> None:
    short = content_words("pdf", "Merge PDF files and split them.")
    long = content_words("docs", "Merge PDF files, split them, rotate pages, add watermarks.")
    overlap = compare(short, long, never_common)
    # Every distinctive word of the shorter entry is in the longer one.
    assert overlap == Overlap(("pdf", "merge", "files", "split"), 4)
    assert overlap.band == "warning"
    assert compare(short, long, lambda word: word == "pdf").shared == ("merge", "files", "split")


def test_bands() -> None:
    assert Overlap(("a", "b", "c", "d"), 5).band == "warning"
    assert Overlap(("a", "b", "c", "d"), 6).band == "info"
    assert Overlap(("a", "b", "c", "d"), 7).band is None
    assert Overlap(("a", "b", "c"), 3).band is None  # too few words, whatever the share
    assert Overlap(("a", "b", "c", "d"), 6, same_name_words=True).band == "warning"


def test_a_name_word_its_description_uses_more_sets_a_skill_apart() -> None:
    aws = content_words("aws-review", "Review the AWS workload: cost, reliability, security.")
    azure = content_words("azure-review", "Review the Azure workload: cost, reliability, security.")
    assert compare(aws, azure, never_common) == Overlap((), 0)
    # A generic name word says nothing: `pdf-tools` and `pdf-helper` are not set apart.
    tools = content_words("pdf-tools", "Merge PDF files, split them, rotate the pages.")
    helper = content_words("pdf-helper", "Merge PDF files, split them and rotate pages.")
    assert compare(tools, helper, never_common).band == "warning"


def test_the_cutoff_grows_with_the_workspace_within_bounds() -> None:
    assert [common_cutoff(n) for n in (2, 240, 1000, 10_000)] == [12, 12, 50, 100]


def test_candidates_come_from_shared_distinctive_words_and_follow_changes() -> None:
    texts = {
        "/a": {"x": ("pdf-tools", "Merge PDF files, split them, rotate pages.")},
        "/b": {"x": ("pdf-helper", "Merge PDF files, split them and rotate pages.")},
        "/c": {"x": ("git-commit", "Write commit messages from the staged diff.")},
    }
    index = OverlapIndex(lambda real: texts.get(real, {}))
    index.refresh(texts)
    assert [index.candidates(real) for real in ("/a", "/b", "/c")] == [["/b"], ["/a"], []]
    texts["/b"] = {"x": ("pdf-helper", "Rotate scanned pages upright.")}
    index.forget(["/b"])
    index.refresh(texts)
    assert index.candidates("/a") == []
    del texts["/c"]
    index.forget(["/c"])
    index.refresh(texts)
    assert index.words("/c", "x") is None and index.words("/a", "x") is not None


def test_a_limited_refresh_reads_that_many_and_says_when_none_is_left() -> None:
    texts = {f"/{n}": {"x": (f"skill-{n}", f"Handles case {n} of the merge.")} for n in range(5)}
    read: list[str] = []

    def listed(real: str) -> dict[str, tuple[str, str]]:
        read.append(real)
        return texts[real]

    index = OverlapIndex(listed)
    assert index.refresh(texts, limit=2) is False and len(read) == 2
    assert index.refresh(texts, limit=2) is False and len(read) == 4
    assert index.refresh(texts, limit=2) is True and sorted(read) == sorted(texts)
    assert index.refresh(texts, limit=2) is True and len(read) == 5  # all read, once
