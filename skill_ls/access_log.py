"""A record of every path a run looks at, so that the run can be replayed while none changed.

While `recording()` is active, each path opened for reading, each folder listed and each path
whose status is asked for (what `os.path.exists`, `isfile`, `isdir`, `realpath` and
`pathlib` do) is noted as (absolute path, how: "read" for a file opened for reading, "list"
for a folder whose entries were read, "stat" or "lstat" for a status asked with or without
following symbolic links). Opens and
listings come from Python's audit events (`open`, `os.scandir`, `os.listdir`), so they are
seen wherever they happen, the standard library and dependencies included; status requests
have no audit event, so `os.stat` and `os.lstat` are wrapped for the time of the recording
(and only then: nothing changes for a process that never records, such as the server).

Forked worker processes inherit the recording: `for_one_item()` gives the paths one piece of
work looked at, to send back with its result.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

# (absolute path, "read" | "list" | "stat" | "lstat")
Access = tuple[str, str]

_log: set[Access] | None = None
_hooked = False
_real_stat = os.stat
_real_lstat = os.lstat
_WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def active() -> bool:
    return _log is not None


@contextmanager
def recording() -> Iterator[set[Access]]:
    """Note every access until the block ends; yields the (growing) set of accesses."""
    global _log, _hooked
    if _log is not None:
        raise RuntimeError("already recording")
    if not _hooked:
        sys.addaudithook(_on_audit)  # hooks cannot be removed: it does nothing when idle
        _hooked = True
    log: set[Access] = set()
    _log = log
    os.stat, os.lstat = _stat, _lstat
    try:
        yield log
    finally:
        os.stat, os.lstat = _real_stat, _real_lstat
        _log = None


@contextmanager
def for_one_item() -> Iterator[set[Access]]:
    """Inside a recording (in a worker process): the accesses of this block alone."""
    global _log
    outer = _log
    mine: set[Access] = set()
    _log = mine if outer is not None else None
    try:
        yield mine
    finally:
        _log = outer
        if outer is not None:
            outer |= mine


def merge(accesses: set[Access] | frozenset[Access]) -> None:
    """Add what a worker process looked at to this process's recording (if any)."""
    if _log is not None:
        _log.update(accesses)


def note_size(path: str) -> None:
    """Note that the run used a file's size without opening it: noted as a read, so that
    the file's size and times are compared, not only what it is."""
    _note(path, "read")


def _absolute(path: Any) -> str | None:
    if isinstance(path, int) or path is None:
        return None  # a file descriptor: what it is was noted when it was opened
    try:
        text = os.fsdecode(os.fspath(path))
    except TypeError:
        return None
    return os.path.abspath(text)


def _note(path: Any, how: str) -> None:
    log = _log
    if log is not None:
        absolute = _absolute(path)
        if absolute is not None:
            log.add((absolute, how))


def _on_audit(event: str, args: tuple[Any, ...]) -> None:
    if _log is None:
        return
    if event == "open":
        path, mode, flags = args
        if mode is None:  # os.open
            if isinstance(flags, int) and flags & _WRITING:
                return
        elif isinstance(mode, str) and any(c in mode for c in "wax+"):
            return
        _note(path, "read")
    elif event in ("os.scandir", "os.listdir"):
        _note(args[0] if args and args[0] is not None else ".", "list")


def _stat(path: Any, *, dir_fd: int | None = None, follow_symlinks: bool = True) -> Any:
    if dir_fd is None:
        _note(path, "stat" if follow_symlinks else "lstat")
    return _real_stat(path, dir_fd=dir_fd, follow_symlinks=follow_symlinks)


def _lstat(path: Any, *, dir_fd: int | None = None) -> Any:
    if dir_fd is None:
        _note(path, "lstat")
    return _real_lstat(path, dir_fd=dir_fd)
