"""Opening files that a workspace names: regular files only, and never blocking.

A workspace is untrusted input. A FIFO, a device, or a symlink to `/dev/stdin` named like a
file skill-ls reads (SKILL.md, `.gitignore`, `pyproject.toml`, `agents/openai.yaml`) would
block the reader forever, never end (`/dev/zero`), or, in the language server, read the
protocol stream itself. Every such read goes through here.
"""

from __future__ import annotations

import errno
import os
import stat
from typing import BinaryIO

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """Open a regular file for reading in binary; raises OSError for anything else.

    The open itself does not block (O_NONBLOCK, which regular files ignore), and the file
    is checked after opening (fstat), so a swap between a check and the open cannot slip
    a FIFO or a device in.
    """
    fd, _ = _open_regular_fd(path)
    try:
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _open_regular_fd(path: str | os.PathLike[str]) -> tuple[int, os.stat_result]:
    """A descriptor of a regular file, opened without blocking, and its status; raises
    OSError (the descriptor closed) for anything else."""
    fd = os.open(path, _FLAGS)
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", os.fspath(path))
    except BaseException:
        os.close(fd)
        raise
    return fd, status


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """At most `limit` bytes of a regular file; raises OSError for anything else.

    Read in pieces of about the file's size: a buffered `read(limit)` sets aside `limit`
    bytes first (16 MiB for a SKILL.md), which cost more than the read of a small file."""
    fd, status = _open_regular_fd(path)
    try:
        # One more byte than the size, so that a file read whole ends with an empty read.
        piece = max(status.st_size + 1, 8192)
        chunks: list[bytes] = []
        left = limit
        while left > 0:
            chunk = os.read(fd, min(left, piece))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return chunks[0] if len(chunks) == 1 else b"".join(chunks)
    finally:
        os.close(fd)


def is_within(path: str, folder: str) -> bool:
    """Whether `path` is `folder` or below it, by name (normalised paths; no symlink is
    followed)."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def too_wide_root(path: str, home: str) -> bool:
    """Whether a folder from the settings is too wide to search for skills: the file-system
    root, the home folder, or a folder above it (a repository's `extra-roots = ["/"]` would
    read the whole disk, and every other project's skills, on each rescan). Normalised paths."""
    return os.path.dirname(path) == path or is_within(home, path)
