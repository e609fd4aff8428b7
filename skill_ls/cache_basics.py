"""What every cache of skill-ls shares: where it lives, which code wrote it, and the key
that proves this user's skill-ls wrote it.

A cache folder may be shared or restored (a CI cache) and written by others, so each cache
file carries an HMAC-SHA256 of its contents under a random key kept in the folder, readable
by its owner only (`integrity_key`). A file whose HMAC does not match is ignored; without a
key that can be read (or made), no cache is used at all.

Imports nothing of skill-ls but its version, so that `skill-ls check` can look for a cached
run before it imports the validator.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import stat
from collections.abc import Mapping
from pathlib import Path

from skill_ls import __version__


def default_folder(environ: Mapping[str, str] | None = None) -> Path:
    """`$XDG_CACHE_HOME/skill-ls`, else `~/.cache/skill-ls`."""
    variables = os.environ if environ is None else environ
    base = variables.get("XDG_CACHE_HOME") or ""
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "skill-ls"


def code_digest() -> str:
    """The installed skill-ls: its version and the size and time of each of its files (so
    that a changed rule or client row, even without a new version, never reads old results)."""
    package = Path(__file__).resolve().parent
    parts = [__version__]
    for folder, dirs, files in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".json")):
                path = os.path.join(folder, name)
                try:
                    info = os.stat(path)
                except OSError:
                    continue
                parts.append(f"{os.path.relpath(path, package)}:{info.st_size}:{info.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


# The integrity key's file in a cache folder, and its size.
KEY_FILE = "integrity-key"
KEY_BYTES = 32
MAC_BYTES = hashlib.sha256().digest_size
_KEY_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_BINARY", 0)
)


def integrity_key(folder: Path) -> bytes | None:
    """The folder's secret key (made on first use: random, mode 0600, put in place whole by
    one atomic link, so racing processes agree on one key); None when there is none that
    can be trusted: not a regular file of this user, readable by others, a link, the wrong
    size, or it cannot be made. A key that is there is never replaced."""
    path = folder / KEY_FILE
    key = _read_key(path)
    if key is not None:
        return key
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not hasattr(os, "link"):  # WebAssembly (Pyodide): one process, no hard links
            _create_key(path)
            return _read_key(path)
        import tempfile  # imported by the runs that write (4 ms of a small check)

        descriptor, temporary = tempfile.mkstemp(prefix=".key-", dir=folder)  # mode 0600
        try:
            with os.fdopen(descriptor, "wb") as handle:
                handle.write(os.urandom(KEY_BYTES))
            with contextlib.suppress(FileExistsError):  # another process put its key first
                os.link(temporary, path)
        finally:
            os.unlink(temporary)
    except OSError:
        return None
    return _read_key(path)


def _create_key(path: Path) -> None:
    """Where there are no hard links: the key written in place, created exclusively (a key
    that is there is kept; a half-written one has the wrong size and is not trusted)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    with contextlib.suppress(FileExistsError):
        descriptor = os.open(path, flags, 0o600)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(os.urandom(KEY_BYTES))


def _read_key(path: Path) -> bytes | None:
    try:
        descriptor = os.open(path, _KEY_FLAGS)
    except OSError:
        return None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            return None
        if hasattr(os, "getuid") and (info.st_uid != os.getuid() or info.st_mode & 0o077):
            return None
        data = os.read(descriptor, KEY_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(descriptor)
    return data if len(data) == KEY_BYTES else None


def new_mac(key: bytes) -> hmac.HMAC:
    """An HMAC-SHA256 under `key`, to be fed a cache file's contents."""
    return hmac.new(key, digestmod=hashlib.sha256)


def mac_matches(key: bytes, data: bytes | memoryview, tag: bytes) -> bool:
    return hmac.compare_digest(hmac.new(key, data, hashlib.sha256).digest(), tag)
