"""The check result cache: what its key covers, and that it trusts nothing it reads."""

from __future__ import annotations

import hashlib
import hmac
import json
from pathlib import Path

import pytest

from skill_ls.cache_basics import code_digest, integrity_key
from skill_ls.checking.result_cache import (
    CHUNK,
    MAGIC,
    Entry,
    ResultCache,
    canonical,
    run_key,
    table_digest,
)
from skill_ls.diagnostics import (
    Diagnostic,
    FileCreate,
    Fix,
    Range,
    Related,
    Severity,
    TextEdit,
)
from skill_ls.settings import Settings
from skill_ls.workspace import SkillFacts


def entry() -> Entry:
    diagnostic = Diagnostic(
        "SKL101",
        Severity.ERROR,
        "name ‘Bad’ \ud800",
        Range.of(1, 6, 1, 9),
        fixes=(
            Fix("Rename", (TextEdit(Range.of(1, 6, 1, 9), "bad"),), (FileCreate("x.md"),), False),
        ),
        related=(Related("/a/SKILL.md", Range.of(0, 0, 0, 3), "the other copy"),),
        tags=("unnecessary",),
        data={"path": "references/x.md"},
    )
    facts = SkillFacts(
        "bad",
        "Does things.",
        flags={"disable-model-invocation": True},
        name_range=Range.of(1, 6, 1, 9),
        field_kinds={"allowed-tools": "strings"},
        body_lines=("one", "two"),
    )
    return Entry(
        "d" * 64, "c" * 64, (("/p/x.md", False),), (diagnostic,), {1: "name: Bad"}, facts, "/r"
    )


def test_entries_come_back_equal(tmp_path: Path) -> None:
    cache = ResultCache.load(tmp_path, "k" * 64)
    cache.put(Path("/p/skills/a/SKILL.md"), entry())
    cache.save()
    again = ResultCache.load(tmp_path, "k" * 64)
    assert not again.damaged
    got = again.get(Path("/p/skills/a/SKILL.md"))
    assert got == entry()
    assert got is not None and got.diagnostics[0].data == {"path": "references/x.md"}


def test_the_sliced_save_yields_per_chunk_and_writes_the_same_file(tmp_path: Path) -> None:
    """`save_steps` (a runtime with no threads saves on its event loop) writes what `save`
    writes, yielding after each chunk of CHUNK entries."""
    paths = [Path(f"/p/skills/s{n}/SKILL.md") for n in range(CHUNK * 2 + 1)]
    whole, sliced = tmp_path / "whole", tmp_path / "sliced"
    for folder in (whole, sliced):
        cache = ResultCache.load(folder, "k" * 64)
        for path in paths:
            cache.put(path, entry())
        if folder == whole:
            cache.save()
        else:
            assert sum(1 for _ in cache.save_steps()) == 3
    assert ResultCache.load(sliced, "k" * 64).entries == ResultCache.load(whole, "k" * 64).entries
    assert len(ResultCache.load(sliced, "k" * 64).entries) == len(paths)


def test_each_input_of_the_run_key_changes_it() -> None:
    table, code = table_digest(), code_digest()
    base = run_key(Settings(), table, code)
    assert run_key(Settings(), table, code) == base
    assert run_key(Settings(), "another table", code) != base
    assert run_key(Settings(), table, "another version") != base
    assert run_key(Settings(target_clients=("codex",)), table, code) != base
    assert run_key(Settings(ignore=("SKL1",)), table, code) != base
    assert run_key(Settings()) == base


def test_another_run_key_sees_no_entries(tmp_path: Path) -> None:
    cache = ResultCache.load(tmp_path, run_key(Settings(), "table one", "v1"))
    cache.put(Path("/p/SKILL.md"), entry())
    cache.save()
    assert ResultCache.load(tmp_path, run_key(Settings(), "table one", "v1")).entries
    assert ResultCache.load(tmp_path, run_key(Settings(), "table two", "v1")).entries == {}
    assert ResultCache.load(tmp_path, run_key(Settings(), "table one", "v2")).entries == {}


def test_canonical_text_sorts_sets() -> None:
    assert canonical(frozenset({"b", "a"})) == canonical(frozenset({"a", "b"})) == "{'a', 'b'}"
    assert canonical({"b": 1, "a": 2}) == "{'a': 2, 'b': 1}"


@pytest.mark.parametrize(
    "payload",
    [
        ("not", "entries"),
        (("/p", ("x",)),),
        (("/p", ("d", "c", (), ("D", "os.system", ("rm",)), ("M", ()), None, None)),),
        (("/p", ("d", "c", (), ("T", (("D", "Range", (1,)),)), ("M", ()), None, None)),),
        (("/p", ("d", "c", (), ("T", ()), ("M", ((1, 2),)), None, None)),),
    ],
)
def test_well_formed_files_of_the_wrong_shape_are_damaged(tmp_path: Path, payload: object) -> None:
    # Sealed with the folder's own key, so that the body reaches the decoder.
    body = json.dumps(payload).encode("ascii") + b"\n"
    key = "k" * 64
    tag = hmac.new(integrity_key(tmp_path) or b"", body, hashlib.sha256).digest()
    (tmp_path / f"check-{key[:40]}.bin").write_bytes(MAGIC + tag + body)
    cache = ResultCache.load(tmp_path, key)
    assert cache.damaged and cache.entries == {}
    # The control: an empty list sealed the same way is a file with no entries, not damage.
    empty = b"[]\n"
    tag = hmac.new(integrity_key(tmp_path) or b"", empty, hashlib.sha256).digest()
    (tmp_path / f"check-{key[:40]}.bin").write_bytes(MAGIC + tag + empty)
    assert not ResultCache.load(tmp_path, key).damaged
