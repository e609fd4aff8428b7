"""The methods `dataclasses` writes for skill-ls's records, compiled once per install.

Python 3.11 and 3.12 compile each method a dataclass gets (`__init__`, `__repr__`, `__eq__`,
`__hash__`, and a frozen record's `__setattr__` and `__delattr__`) from source with its own
`exec`: about 0.1 ms each, 60 ms of the 250 ms a 10-skill `check` spends in Python here.
The source of each method depends only on the class's fields and options, so its compiled
code can be kept as Python keeps a module's: in the package's `__pycache__` folder (or under
`sys.pycache_prefix`), written when a run compiled something new, not written when Python
is told not to write bytecode. Whoever can write there can already replace the package's
bytecode, so the file adds no one who can run code in this process.

`install()` gives the `dataclasses` module an `exec` of its own that looks the source up
before compiling it; the code is what `exec` would compile from the same text (`dataclasses`
has no `__future__` imports, so none are inherited here either). Only the command line
installs it, before it imports the rest of skill-ls.
"""

from __future__ import annotations

import atexit
import builtins
import contextlib
import dataclasses
import marshal
import os
import sys
from pathlib import Path
from types import CodeType
from typing import Any

# Which Python wrote a file: its code is only ever read back by the same build.
HEADER = f"skill-ls dataclass code 1\n{sys.version}\n{sys.implementation.cache_tag}\n".encode()
# A development checkout adds new texts as records change; past this many, a run keeps
# only what it used.
MAX_ENTRIES = 4096
# A file larger than this is not read (about 1 MB holds everything skill-ls defines).
MAX_BYTES = 8 * 1024 * 1024


class CodeCache:
    """Compiled method code by source text, loaded from and saved to one file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.known: dict[str, CodeType] = _load(path)
        self.used: dict[str, CodeType] = {}
        self.compiled = 0

    def exec(self, source: Any, globals: Any = None, locals: Any = None, /, **kwargs: Any) -> None:
        """`exec`, with the compiled code of a source text looked up first."""
        if isinstance(source, str):
            code = self.used.get(source) or self.known.get(source)
            if code is None:
                code = compile(source, "<string>", "exec", dont_inherit=True)
                self.compiled += 1
            self.used[source] = code
            source = code
        builtins.exec(source, globals, locals, **kwargs)

    def save(self, even_without_bytecode: bool = False) -> None:
        """Write the file if this run compiled anything new (atomically: a reader sees the
        old file or the new one); not where Python writes no bytecode, unless asked."""
        if not self.compiled or (sys.dont_write_bytecode and not even_without_bytecode):
            return
        entries = {**self.known, **self.used}
        if len(entries) > MAX_ENTRIES:
            entries = dict(self.used)
        import tempfile  # only a run that compiled something new needs it

        with contextlib.suppress(OSError, ValueError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".dataclass-")
            try:
                with os.fdopen(handle, "wb") as stream:
                    stream.write(HEADER + marshal.dumps(entries))
                # Readable by whoever may read the package's own files (mkstemp's is 0600).
                os.chmod(temporary, (os.stat(__file__).st_mode & 0o666) | 0o200)
                os.replace(temporary, self.path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
                raise
        self.known, self.compiled = entries, 0


def _load(path: Path) -> dict[str, CodeType]:
    """The file's entries; nothing if it is missing, from another Python, or damaged."""
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except OSError:
        return {}
    if len(data) > MAX_BYTES or not data.startswith(HEADER):
        return {}
    try:
        entries = marshal.loads(data[len(HEADER) :])
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(entries, dict):
        return {}
    return {
        text: code
        for text, code in entries.items()
        if isinstance(text, str) and isinstance(code, CodeType)
    }


def default_path() -> Path:
    """Beside the package's own bytecode, as Python places it."""
    package = Path(__file__).resolve().parent
    folder = package / "__pycache__"
    if sys.pycache_prefix:
        folder = Path(sys.pycache_prefix, *package.parts[1:])
    return folder / f"dataclass-code.{sys.implementation.cache_tag}.marshal"


_installed: CodeCache | None = None


def install(path: Path | None = None) -> CodeCache:
    """Route the `dataclasses` module's `exec` through the cache (once per process) and
    save what was compiled when the process ends. Returns the cache in use."""
    global _installed
    if _installed is None:
        _installed = CodeCache(path or default_path())
        dataclasses.exec = _installed.exec  # type: ignore[attr-defined]
        atexit.register(_installed.save)
    return _installed


def save() -> None:
    """Save now what was compiled so far (a server may be ended without running atexit)."""
    if _installed is not None:
        _installed.save()


def warm() -> int:
    """Import every module of the package and write what their records compiled to: what
    `python -m compileall` is to the bytecode (written even where Python writes none).
    Returns the number of methods in the file."""
    import importlib
    import pkgutil

    import skill_ls

    cache = install()
    for module in pkgutil.walk_packages(skill_ls.__path__, "skill_ls."):
        if module.name != "skill_ls.__main__":
            importlib.import_module(module.name)
    cache.save(even_without_bytecode=True)
    return len(cache.known)


if __name__ == "__main__":
    # On stderr: stdout belongs to the language server's protocol wherever skill-ls runs one.
    sys.stderr.write(f"{warm()} dataclass methods compiled to {default_path()}\n")
