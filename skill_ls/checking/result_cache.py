"""A persistent cache of `skill-ls check` results, keyed by what a result depends on.

One file per run key: the skill-ls version and code, the settings (targets included) and
the client table's data. In it, per SKILL.md path: a digest of the file's bytes and of its
context (the skill folder's files and folders, the install tree, the clients that discover
it), the install-tree paths the context builder looked up for the file's references
(`gathering.lookups`; each one is looked up again before the entry is used, as a run that
finds the entry has no parsed document to ask which they are), and the result: findings,
the lines they start on, and the facts the workspace index takes. Cross-skill findings are
not cached: they are recomputed from the facts on every run.

The file is written whole to a temporary file and renamed over the old one (concurrent runs
never see half a file; the last one wins). It starts with a magic string and an
HMAC-SHA256 of the rest under the cache folder's key (`cache_basics.integrity_key`: a cache
folder shared with others cannot be given forged results); a file that does not match, or
whose contents are not what this module writes, is ignored and rebuilt. The contents are
plain data (JSON arrays of strings and numbers, one line per chunk of entries), turned back
into a closed set of types: nothing read from the cache can run code.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields, is_dataclass
from pathlib import Path

from skill_ls.cache_basics import MAC_BYTES, code_digest, integrity_key, mac_matches, new_mac
from skill_ls.diagnostics import (
    Diagnostic,
    FileCreate,
    Fix,
    Position,
    Range,
    Related,
    Severity,
    TextEdit,
)
from skill_ls.gathering.lookups import Probes
from skill_ls.rules.context import CheckContext
from skill_ls.rules.suppression_comments import Suppression
from skill_ls.settings import Settings
from skill_ls.steps import Steps, run_steps
from skill_ls.workspace import SkillFacts

MAGIC = b"skill-ls check cache 3\n"
# Entries encoded together (one JSON line): the file's body is a run of such chunks, so a
# save never holds every entry twice (as objects and as plain data) at once.
CHUNK = 256
# Entries kept in one cache file (the most recent runs' files win).
MAX_ENTRIES = 50_000
# Cache files kept in the folder (one per run key; the oldest are removed).
MAX_FILES = 16


@dataclass(frozen=True)
class Entry:
    """One file's cached result, and what it was computed from."""

    data_digest: str
    context_digest: str
    probes: Probes
    diagnostics: tuple[Diagnostic, ...]
    source_lines: dict[int, str]
    facts: SkillFacts | None
    real: str | None


def table_digest() -> str:
    """The client table's data and the field table the rules read."""
    from skill_ls.clients.fields import ALL_FIELDS
    from skill_ls.clients.table import CLIENTS

    return _digest(canonical(CLIENTS) + canonical(ALL_FIELDS))


def run_key(settings: Settings, table: str | None = None, code: str | None = None) -> str:
    """What every result of a run depends on: code, settings, client table."""
    table = table_digest() if table is None else table
    code = code_digest() if code is None else code
    return _digest(f"{code}\n{table}\n{canonical(settings)}")


def canonical(value: object) -> str:
    """A text of `value` that is the same in every process: sets and mappings sorted (the
    order of a set of strings changes with each interpreter's hash seed)."""
    if is_dataclass(value) and not isinstance(value, type):
        inner = ", ".join(f"{f.name}={canonical(getattr(value, f.name))}" for f in fields(value))
        return f"{type(value).__name__}({inner})"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(canonical(item) for item in value)) + "}"
    if isinstance(value, Mapping):
        items = sorted(f"{canonical(k)}: {canonical(v)}" for k, v in value.items())
        return "{" + ", ".join(items) + "}"
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(canonical(item) for item in value) + "]"
    return repr(value)


def context_digest(path: Path, context: CheckContext) -> str:
    """What a file's check reads from the disk around it, besides its own bytes."""
    install = context.install
    return _digest(
        repr(
            (
                os.path.abspath(path),
                context.folder_name,
                context.file_name,
                sorted(context.skill_files) if context.skill_files is not None else None,
                sorted(context.skill_dirs),
                tuple(client.id for client in context.discovered_by),
                context.skill_bytes,
                # Every fact of the install tree (a new one can never be left out), but the
                # lookups made for a document: the entry's probes hold those.
                tuple(
                    getattr(install, f.name)
                    for f in fields(install)
                    if f.name not in ("looked_up", "found")
                )
                if install is not None
                else None,
            )
        )
    )


def data_digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", errors="surrogatepass")).hexdigest()


# --- The store ------------------------------------------------------------------------------


class ResultCache:
    """The entries of one run key, read from and written to one file of `folder`."""

    def __init__(self, folder: Path, key: str) -> None:
        self.folder = folder
        self.path = folder / f"check-{key[:40]}.bin"
        self.entries: dict[str, Entry] = {}
        self.damaged = False
        self._new: dict[str, Entry] = {}

    @classmethod
    def load(cls, folder: Path, key: str) -> ResultCache:
        """The cache for `key`; empty when there is none, or it is damaged (never trusted)."""
        cache = cls(folder, key)
        try:
            with open(cache.path, "rb") as handle:
                raw = handle.read()
        except OSError:
            return cache
        secret = integrity_key(folder)
        if secret is None:
            return cache  # no key to check it with: the cache is not used
        try:
            cache.entries = _decode_file(raw, secret)
        except Exception:  # any damage: ignore it all, it is rebuilt on save
            cache.damaged = True
            cache.entries = {}
        return cache

    def get(self, path: Path) -> Entry | None:
        return self.entries.get(os.path.abspath(path))

    def put(self, path: Path, entry: Entry) -> None:
        self._new[os.path.abspath(path)] = entry

    def save(self) -> None:
        """Write the entries (this run's first) atomically; a failure is not an error."""
        run_steps(self.save_steps())

    def save_steps(self) -> Steps[None]:
        """`save`, yielding after encoding each chunk of CHUNK entries."""
        if not self._new and not self.damaged:
            return
        merged = dict(self._new)
        for path, entry in self.entries.items():
            if len(merged) >= MAX_ENTRIES:
                break
            merged.setdefault(path, entry)
        try:
            self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            secret = integrity_key(self.folder)
            if secret is None:
                return  # no key to seal it with: no cache
            chunks: list[bytes] = []
            digest = new_mac(secret)
            for chunk in _encode_chunks(merged):
                chunks.append(chunk)
                digest.update(chunk)
                yield
            import tempfile  # imported by the runs that write (4 ms of a small check)

            fd, temporary = tempfile.mkstemp(prefix=".check-", dir=self.folder)
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(MAGIC + digest.digest())
                    for chunk in chunks:
                        handle.write(chunk)
                os.replace(temporary, self.path)
            except BaseException:
                os.unlink(temporary)
                raise
            self._prune()
        except (OSError, _Unencodable):
            return
        self.entries, self._new, self.damaged = merged, {}, False

    def _prune(self) -> None:
        """Keep the `MAX_FILES` most recently written cache files."""
        try:
            files = sorted(
                self.folder.glob("check-*.bin"), key=lambda p: p.stat().st_mtime, reverse=True
            )
            for old in files[MAX_FILES:]:
                old.unlink()
        except OSError:
            pass


# --- Plain data in, plain data out ----------------------------------------------------------


class _Unencodable(Exception):
    pass


class _Damaged(Exception):
    pass


_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Diagnostic,
        Range,
        Position,
        Fix,
        TextEdit,
        FileCreate,
        Related,
        SkillFacts,
        Suppression,
    )
}
_FIELDS: dict[str, tuple[str, ...]] = {
    name: tuple(f.name for f in fields(cls)) for name, cls in _TYPES.items()
}


def _encode(value: object) -> object:
    if value is None or type(value) in (bool, int, float, str):
        return value
    if type(value) is Severity:
        return ("S", int(value))
    if type(value) is tuple:
        return ("T", tuple(_encode(item) for item in value))
    if type(value) is dict:
        return ("M", tuple((_key(k), _encode(v)) for k, v in value.items()))
    name = type(value).__name__
    if is_dataclass(value) and _TYPES.get(name) is type(value):
        return ("D", name, tuple(_encode(getattr(value, f)) for f in _FIELDS[name]))
    raise _Unencodable(name)


def _key(key: object) -> object:
    if type(key) in (str, int):
        return key
    raise _Unencodable(type(key).__name__)


def _decode(value: object) -> object:
    if value is None or type(value) in (bool, int, float, str):
        return value
    if type(value) is not list or not value:
        raise _Damaged
    tag = value[0]
    if tag == "S" and len(value) == 2 and type(value[1]) is int:
        return Severity(value[1])
    if tag == "T" and len(value) == 2 and type(value[1]) is list:
        return tuple(_decode(item) for item in value[1])
    if tag == "M" and len(value) == 2 and type(value[1]) is list:
        result: dict[object, object] = {}
        for pair in value[1]:
            if type(pair) is not list or len(pair) != 2 or type(pair[0]) not in (str, int):
                raise _Damaged
            result[pair[0]] = _decode(pair[1])
        return result
    if (
        tag == "D"
        and len(value) == 3
        and type(value[1]) is str
        and value[1] in _TYPES
        and type(value[2]) is list
    ):
        names = _FIELDS[value[1]]
        if len(value[2]) != len(names):
            raise _Damaged
        arguments = {name: _decode(item) for name, item in zip(names, value[2], strict=True)}
        return _TYPES[value[1]](**arguments)
    raise _Damaged


def _encode_entry(entry: Entry) -> tuple[object, ...]:
    return (
        entry.data_digest,
        entry.context_digest,
        tuple((path, bool(exists)) for path, exists in entry.probes),
        _encode(entry.diagnostics),
        _encode(entry.source_lines),
        _encode(entry.facts),
        entry.real,
    )


def _decode_entry(raw: object) -> Entry:
    if type(raw) is not list or len(raw) != 7:
        raise _Damaged
    data, context, probe_list, diagnostics, lines, facts, real = raw
    if type(data) is not str or type(context) is not str or type(probe_list) is not list:
        raise _Damaged
    for probe in probe_list:
        if (
            type(probe) is not list
            or len(probe) != 2
            or type(probe[0]) is not str
            or type(probe[1]) is not bool
        ):
            raise _Damaged
    probes: Probes = tuple((path, exists) for path, exists in probe_list)
    decoded = (_decode(diagnostics), _decode(lines), _decode(facts))
    if not isinstance(decoded[0], tuple) or not all(isinstance(d, Diagnostic) for d in decoded[0]):
        raise _Damaged
    if not isinstance(decoded[1], dict) or not all(
        type(k) is int and type(v) is str for k, v in decoded[1].items()
    ):
        raise _Damaged
    if decoded[2] is not None and not isinstance(decoded[2], SkillFacts):
        raise _Damaged
    if real is not None and type(real) is not str:
        raise _Damaged
    return Entry(data, context, probes, decoded[0], decoded[1], decoded[2], real)


def _encode_chunks(entries: Mapping[str, Entry]) -> Iterator[bytes]:
    """The file's body: the entries `CHUNK` at a time, each chunk a line of JSON (ASCII:
    paths that are not UTF-8 keep their surrogates as escapes)."""
    batch: list[tuple[str, tuple[object, ...]]] = []
    for path, entry in entries.items():
        batch.append((path, _encode_entry(entry)))
        if len(batch) == CHUNK:
            yield _dumps(batch)
            batch = []
    if batch:
        yield _dumps(batch)


def _dumps(batch: list[tuple[str, tuple[object, ...]]]) -> bytes:
    try:
        text = json.dumps(batch, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as error:  # a float that is not a number, say
        raise _Unencodable(str(error)) from error
    return text.encode("ascii") + b"\n"


def _decode_file(raw: bytes, secret: bytes) -> dict[str, Entry]:
    if not raw.startswith(MAGIC):
        raise _Damaged
    start = len(MAGIC) + MAC_BYTES
    body = memoryview(raw)[start:]
    if not mac_matches(secret, body, raw[len(MAGIC) : start]):
        raise _Damaged
    entries: dict[str, Entry] = {}
    for line in bytes(body).split(b"\n"):
        if not line:
            continue
        items = json.loads(line)
        if type(items) is not list:
            raise _Damaged
        for item in items:
            if type(item) is not list or len(item) != 2 or type(item[0]) is not str:
                raise _Damaged
            entries[item[0]] = _decode_entry(item[1])
    return entries
