"""The result cache trusts only what this user's skill-ls wrote: a keyed check, plain data.

A shared or restored cache folder (a CI cache) may be written by others. A file whose
integrity check does not match the per-user key, or whose body is not what this module
writes, is ignored and rebuilt, never trusted, never a crash.
"""

from __future__ import annotations

import hashlib
import hmac
import inspect
import json
import os
import stat
import threading
from pathlib import Path

import pytest

from skill_ls import cache_basics
from skill_ls.cache_basics import KEY_FILE, integrity_key
from skill_ls.checking import result_cache
from skill_ls.checking.result_cache import MAGIC, ResultCache

from .test_result_cache import entry

KEY = "k" * 64
PATH = Path("/p/skills/a/SKILL.md")


def saved(folder: Path) -> Path:
    cache = ResultCache.load(folder, KEY)
    cache.put(PATH, entry())
    cache.save()
    assert cache.path.exists()
    return cache.path


def forge(path: Path, old: bytes, new: bytes) -> None:
    """Change the body and recompute an unkeyed SHA-256 over it, as anyone could."""
    raw = path.read_bytes()
    head = len(MAGIC) + 32
    body = raw[head:].replace(old, new)
    assert body != raw[head:]
    path.write_bytes(MAGIC + hashlib.sha256(body).digest() + body)


def sealed(folder: Path, body: bytes) -> bytes:
    """A file with a valid keyed check (as skill-ls itself would write) around `body`."""
    key = (folder / KEY_FILE).read_bytes()
    return MAGIC + hmac.new(key, body, hashlib.sha256).digest() + body


def test_a_file_forged_without_the_key_is_ignored_and_rebuilt(tmp_path: Path) -> None:
    path = saved(tmp_path)
    forge(path, b"SKL101", b"SKL999")
    cache = ResultCache.load(tmp_path, KEY)
    assert cache.damaged and cache.entries == {}
    cache.put(PATH, entry())
    cache.save()
    assert ResultCache.load(tmp_path, KEY).get(PATH) == entry()


def test_the_key_is_random_private_and_made_once(tmp_path: Path) -> None:
    saved(tmp_path)
    key_file = tmp_path / KEY_FILE
    info = key_file.stat()
    assert stat.S_IMODE(info.st_mode) == 0o600 and info.st_size == 32
    key = key_file.read_bytes()
    saved(tmp_path)
    assert key_file.read_bytes() == key
    other = tmp_path / "other"
    saved(other)
    assert (other / KEY_FILE).read_bytes() != key


def test_the_key_made_by_racing_processes_is_one_key(tmp_path: Path) -> None:
    found: list[bytes | None] = []
    threads = [
        threading.Thread(target=lambda: found.append(integrity_key(tmp_path))) for _ in range(16)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(found)) == 1 and found[0] is not None and len(found[0]) == 32
    assert [p.name for p in tmp_path.iterdir()] == [KEY_FILE]  # no temporary left


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX file modes")
def test_without_hard_links_the_key_is_made_in_place_and_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # WebAssembly Python (the editor extension's fallback) has no os.link.
    monkeypatch.delattr(os, "link")
    key = integrity_key(tmp_path)
    assert key is not None and len(key) == 32
    key_file = tmp_path / KEY_FILE
    assert key_file.stat().st_mode & 0o777 == 0o600
    assert [p.name for p in tmp_path.iterdir()] == [KEY_FILE]
    assert integrity_key(tmp_path) == key  # never replaced
    key_file.write_bytes(b"short")  # a half-written key is not trusted
    assert integrity_key(tmp_path) is None


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX file modes")
def test_a_key_others_can_read_or_a_link_is_not_used_and_no_cache_either(tmp_path: Path) -> None:
    path = saved(tmp_path)
    key_file = tmp_path / KEY_FILE
    key_file.chmod(0o644)
    assert integrity_key(tmp_path) is None
    assert ResultCache.load(tmp_path, KEY).entries == {}
    key_file.chmod(0o600)
    assert ResultCache.load(tmp_path, KEY).get(PATH) == entry()
    elsewhere = tmp_path / "planted"
    elsewhere.write_bytes(b"x" * 32)
    elsewhere.chmod(0o600)
    key_file.unlink()
    key_file.symlink_to(elsewhere)
    assert integrity_key(tmp_path) is None
    path.unlink()
    cache = ResultCache.load(tmp_path, KEY)
    cache.put(PATH, entry())
    cache.save()  # no key to seal it with: nothing is written
    assert not path.exists()


def test_a_key_that_cannot_be_made_means_no_cache(tmp_path: Path) -> None:
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    assert integrity_key(blocked) is None
    cache = ResultCache.load(blocked, KEY)
    cache.put(PATH, entry())
    cache.save()  # not an error
    assert cache.entries == {}


@pytest.mark.parametrize(
    "body",
    [
        b"not json",
        b'["not", "entries"]',
        b'[["/p", ["x"]]]',
        b'[["/p", ["d", "c", [], ["D", "os.system", ["rm"]], ["M", []], null, null]]]',
        b'[["/p", ["d", "c", [], ["T", [["D", "Range", [1]]]], ["M", []], null, null]]]',
        b'[["/p", ["d", "c", [], ["T", []], ["M", [[1, 2]]], null, null]]]',
        b"[" * 100_000 + b"]" * 100_000,
        b'[["/p", ' + b'["T", ' * 50_000 + b"[]" + b"]" * 50_000 + b"]]",
        b"\xff\xfe garbage",
    ],
    ids=range(9),
)
def test_a_sealed_body_of_the_wrong_shape_is_damaged_not_a_crash(
    tmp_path: Path, body: bytes
) -> None:
    path = saved(tmp_path)
    path.write_bytes(sealed(tmp_path, body))
    cache = ResultCache.load(tmp_path, KEY)
    assert cache.damaged and cache.entries == {}


def test_a_file_of_the_previous_format_is_ignored(tmp_path: Path) -> None:
    path = saved(tmp_path)
    body = path.read_bytes()[len(MAGIC) + 32 :]
    path.write_bytes(b"skill-ls check cache 2\n" + hashlib.sha256(body).digest() + body)
    assert ResultCache.load(tmp_path, KEY).entries == {}
    assert MAGIC != b"skill-ls check cache 2\n"


def test_the_body_is_plain_json_and_marshal_is_gone(tmp_path: Path) -> None:
    path = saved(tmp_path)
    body = path.read_bytes()[len(MAGIC) + 32 :]
    for line in body.splitlines():
        json.loads(line)
    for module in (result_cache, cache_basics):
        assert "marshal" not in inspect.getsource(module)
