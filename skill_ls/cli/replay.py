"""A `skill-ls check` run answered from its record when nothing it looked at has changed.

The usual CI or pre-commit run checks the same files as the last one. A run (the same
arguments, folder, environment, terminal and skill-ls code) is recorded with its output and
exit code, and with every path it looked at (`access_log`: files read, folders listed, paths
whose existence or kind it asked for, the configuration and ignore files included) and each
path's status then: kind, inode, size, modification and change times. The next such run
compares each status with the disk's; when every one is the same, nothing the run read can
have changed (an edit, a file added to or removed from a listed folder, a rename, a changed
permission or symbolic link all change a status: the change time cannot be set by users),
and the recorded output is written again without importing the validator. Any difference,
or a record that cannot be read whole, means a normal run, which records afresh.

A record is JSON, sealed with an HMAC-SHA256 under the cache folder's key
(`cache_basics.integrity_key`): a record someone else wrote into a shared cache folder is
never replayed, and without a key that can be read no record is read or written.

A run during which one of its paths changed is not recorded (its output may mix old and new),
and neither is anything below the cache folder itself. `--no-cache` neither reads nor writes
records, and a run that fixes files (`--fix`, `--diff`, `--unsafe-fixes`) is never
answered from a record nor recorded: it writes, or shows what it would write.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from itertools import chain
from pathlib import Path
from typing import Any, TextIO

from skill_ls import access_log
from skill_ls.access_log import Access
from skill_ls.cache_basics import (
    MAC_BYTES,
    code_digest,
    default_folder,
    integrity_key,
    mac_matches,
    new_mac,
)
from skill_ls.files import is_within

MAGIC = b"skill-ls check run 2\n"
# Records kept in the cache folder (the most recently written win).
MAX_RECORDS = 32
# A path whose status changed this close to the run's start, or after it, may have changed
# while the run read it (file times come from a clock that lags by a few milliseconds).
RACE_NS = 50_000_000
# Environment variables that differ between shells without changing what a run does.
_VOLATILE = frozenset({"_", "OLDPWD", "PWD", "SHLVL"})

# How a path is compared: "content" (a file read or a folder listed: kind, identity, size and
# times, following symbolic links), "kind" (a status asked: kind and identity, following
# them) or "link" (the same without following them). A folder's times change whenever an
# entry is added, removed or renamed, so only the folders a run listed are compared by them:
# the folders above the workspace may change all day without touching the run.
HOWS = ("content", "kind", "link")
_HOW_NUMBERS = set(range(len(HOWS)))
# The status: the numbers compared, or (-errno,) for a path that does not exist or cannot be
# looked at.
Status = tuple[int, ...]


def run_check(arguments: Sequence[str], run: Callable[[], int]) -> int:
    """`run()` (a whole `skill-ls check arguments`), or its recorded answer."""
    if fixes_files(arguments):
        return run()
    folder = cache_folder(arguments)
    if folder is None:
        return run()
    secret = integrity_key(folder)
    if secret is None:
        return run()  # no key to check records with: none is read or written
    key = run_key(arguments)
    record = folder / f"run-{key[:40]}.bin"
    replayed = replay(record, key, secret)
    if replayed is not None:
        return replayed
    started = time.time_ns()
    out, err = _Tee(sys.stdout), _Tee(sys.stderr)
    sys.stdout, sys.stderr = out, err
    try:
        with access_log.recording() as accesses:
            code = run()
    finally:
        sys.stdout, sys.stderr = out.stream, err.stream
    save(record, key, secret, code, out.text(), err.text(), accesses, started, folder)
    return code


# The options of a run that fixes files; argparse takes any unambiguous prefix of them.
_FIXING = ("--fix", "--diff", "--unsafe-fixes")


def fixes_files(arguments: Sequence[str]) -> bool:
    """Whether the arguments may ask for fixes (any option that could be read as one of
    `_FIXING`: when in doubt, the run is a real one)."""
    for argument in arguments:
        if argument == "--":
            break
        option = argument.split("=", 1)[0]
        if len(option) > 2 and any(name.startswith(option) for name in _FIXING):
            return True
    return False


def cache_folder(arguments: Sequence[str]) -> Path | None:
    """The folder `--cache-dir` names (default: the user's cache); None with `--no-cache`."""
    folder: str | None = None
    for at, argument in enumerate(arguments):
        if argument == "--":
            break
        if argument == "--no-cache":
            return None
        if argument == "--cache-dir" and at + 1 < len(arguments):
            folder = arguments[at + 1]
        elif argument.startswith("--cache-dir="):
            folder = argument.split("=", 1)[1]
    return Path(folder).absolute() if folder else default_folder()


def run_key(arguments: Sequence[str]) -> str:
    """Everything besides the disk that a run's output depends on."""
    environment = sorted((k, v) for k, v in os.environ.items() if k not in _VOLATILE)
    identity = (
        code_digest(),
        sys.version,
        os.getcwd(),
        tuple(arguments),
        tuple(environment),
        _is_terminal(sys.stdout),
        _is_terminal(sys.stderr),
    )
    return hashlib.sha256(repr(identity).encode("utf-8", "surrogatepass")).hexdigest()


def status(path: str, how: str) -> Status:
    try:
        info = os.lstat(path) if how == "link" else os.stat(path)
    except OSError as error:
        return (-(error.errno or 1),)
    if how != "content":
        return (info.st_mode, info.st_ino, info.st_dev)
    return (
        info.st_mode,
        info.st_ino,
        info.st_dev,
        info.st_size,
        info.st_mtime_ns,
        info.st_ctime_ns,
    )


def replay(record: Path, key: str, secret: bytes) -> int | None:
    """Write the recorded output and return its exit code, if the record is whole, sealed
    under `secret`, is for `key`, and every path it holds has its recorded status; else
    None."""
    try:
        with open(record, "rb") as handle:
            raw = handle.read()
    except OSError:
        return None
    loaded = _decode(raw, secret)
    if loaded is None or loaded[0] != key:
        return None
    _, code, out, err, paths, hows, statuses = loaded
    for path, how, recorded in zip(paths, hows, statuses, strict=True):
        if status(path, HOWS[how]) != recorded:
            return None
    sys.stdout.write(out)
    sys.stderr.write(err)
    return int(code)


def save(
    record: Path,
    key: str,
    secret: bytes,
    code: int,
    out: str,
    err: str,
    accesses: set[Access],
    started: int,
    folder: Path,
) -> None:
    """Write the run's record, unless one of its paths changed while it ran (or just before);
    a record that cannot be written is not an error."""
    cache = str(folder)
    wanted: dict[tuple[str, str], None] = {}
    for path, access in sorted(accesses):
        if is_within(path, cache):
            continue  # the cache is not an input: its results equal a fresh check's
        if access in ("read", "list"):
            wanted[(path, "content")] = None
            if access == "list":
                for link in _links_in(path):
                    # A listing says what a symbolic link is by following it.
                    wanted[(link, "kind")] = None
        else:
            wanted[(path, "link" if access == "lstat" else "kind")] = None
    paths: list[str] = []
    hows: list[int] = []
    statuses: list[Status] = []
    for (path, how), _ in wanted.items():
        if how == "kind" and (path, "content") in wanted:
            continue
        now = status(path, how)
        if how == "content":
            if len(now) == 1:
                # Read or listed, and gone now: it may have been there while the run read.
                if _changed_since(os.path.dirname(path), started):
                    return
            elif max(now[4], now[5]) >= started - RACE_NS:
                return  # changed while the run read it (or just before)
        paths.append(path)
        hows.append(HOWS.index(how))
        statuses.append(now)
    fields = [key, code, out, err, paths, hows, statuses]
    payload = json.dumps(fields, separators=(",", ":")).encode("ascii")
    seal = new_mac(secret)
    seal.update(payload)
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        import tempfile  # imported by the runs that write (4 ms of a small check)

        descriptor, temporary = tempfile.mkstemp(prefix=".run-", dir=folder)
        try:
            with os.fdopen(descriptor, "wb") as handle:
                handle.write(MAGIC + seal.digest() + payload)
            os.replace(temporary, record)
        except BaseException:
            os.unlink(temporary)
            raise
        _prune(folder)
    except OSError:
        return


def _changed_since(folder: str, started: int) -> bool:
    """Whether the nearest existing folder at or above `folder` changed during the run."""
    now = status(folder, "content")
    while len(now) == 1:
        parent = os.path.dirname(folder)
        if parent == folder:
            return True
        folder = parent
        now = status(folder, "content")
    return max(now[4], now[5]) >= started - RACE_NS


def _links_in(folder: str) -> list[str]:
    try:
        with os.scandir(folder) as entries:
            return [entry.path for entry in entries if entry.is_symlink()]
    except OSError:
        return []


def _prune(folder: Path) -> None:
    """Keep the `MAX_RECORDS` most recently written records."""
    try:
        records = sorted(folder.glob("run-*.bin"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in records[MAX_RECORDS:]:
            old.unlink()
    except OSError:
        pass


def _decode(raw: bytes, secret: bytes) -> tuple[Any, ...] | None:
    """The record's fields, or None when it is damaged, not sealed under `secret`, or not
    what `save` writes (a record is plain data, checked field by field: nothing read from it
    can run code)."""
    head = len(MAGIC) + MAC_BYTES
    if not raw.startswith(MAGIC) or not mac_matches(secret, raw[head:], raw[len(MAGIC) : head]):
        return None
    try:
        loaded = json.loads(raw[head:])
    except (ValueError, RecursionError):
        return None
    if not (isinstance(loaded, list) and len(loaded) == 7):
        return None
    key, code, out, err, paths, hows, statuses = loaded
    # Checked a whole list at a time (map, set: no Python loop over 10,000 paths).
    if not (
        type(key) is str
        and type(code) is int
        and type(out) is str
        and type(err) is str
        and type(paths) is list
        and type(hows) is list
        and type(statuses) is list
        and len(paths) == len(hows) == len(statuses)
        and set(map(type, paths)) <= {str}
        and set(hows) <= _HOW_NUMBERS
        and set(map(type, statuses)) <= {list}
        and set(map(type, chain.from_iterable(statuses))) <= {int}
    ):
        return None
    return (key, code, out, err, paths, hows, list(map(tuple, statuses)))


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class _Tee:
    """A text stream that keeps a copy of what is written through it."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self._parts: list[str] = []

    def write(self, text: str) -> int:
        self._parts.append(text)
        return self.stream.write(text)

    def text(self) -> str:
        return "".join(self._parts)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)
