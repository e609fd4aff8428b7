"""The methods `dataclasses` writes for skill-ls's records, and its regular expressions,
compiled once per install.

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

Regular expressions likewise: compiling skill-ls's 160 patterns (parsing each and writing
its matching program) took 25-30 ms of every start here. `re` keeps a compiled pattern for
the process only; `install()` keeps each program skill-ls's own modules compile (the
pattern text, its flags, its program and its groups: what `re` hands the regular expression
engine) and gives it straight to the engine the next time. Only patterns a module of skill-ls
compiles as it is imported are kept (never one made from a repository's text, such as a
`.gitignore`'s or a pattern holding a skill's name), a program only when the pattern built
from it equals the one `re` compiles itself (patterns compare by text, flags and program),
and the engine checks every program it is given.
"""

from __future__ import annotations

import atexit
import builtins
import contextlib
import dataclasses
import marshal
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import CodeType
from typing import Any

# Which Python wrote a file: its code is only ever read back by the same build.
HEADER = f"skill-ls dataclass code 2\n{sys.version}\n{sys.implementation.cache_tag}\n".encode()
# A development checkout adds new texts as records change; past this many, a run keeps
# only what it used.
MAX_ENTRIES = 4096
# A file larger than this is not read (about 1 MB holds everything skill-ls defines).
MAX_BYTES = 8 * 1024 * 1024


# A pattern's key (its text and flags) and what the engine is given for it: the flags `re`
# worked out, the program, the number of groups less one, the group names both ways.
PatternKey = tuple[str | bytes, int]
PatternParts = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]


class CodeCache:
    """Compiled method code by source text, and regular expression programs by pattern,
    loaded from and saved to one file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.known, self.known_patterns = _load(path)
        self.used: dict[str, CodeType] = {}
        self.used_patterns: dict[PatternKey, PatternParts] = {}
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

    def compile_pattern(self, pattern: Any, flags: int = 0) -> Any:
        """`re`'s compiler (`re._compiler.compile`), with the program of a pattern skill-ls
        compiled before looked up first."""
        if not isinstance(pattern, str | bytes) or flags & re.DEBUG:
            return _compile_pattern(pattern, flags)  # a scanner's parsed pattern, or debugging
        key = (pattern, flags)
        parts = self.used_patterns.get(key) or self.known_patterns.get(key)
        if parts is not None:
            try:
                built = _sre.compile(pattern, *parts)
            except (RuntimeError, TypeError, ValueError, OverflowError):
                built = None  # a program the engine refuses: compiled over below
            if built is not None:
                self.used_patterns[key] = parts
                return built
        compiled = _compile_pattern(pattern, flags)
        if _compiled_by_skill_ls():
            parts = _pattern_parts(pattern, flags)
            if _sre.compile(pattern, *parts) == compiled:
                self.used_patterns[key] = parts
                self.compiled += 1
        return compiled

    def save(self, even_without_bytecode: bool = False) -> None:
        """Write the file if this run compiled anything new (atomically: a reader sees the
        old file or the new one); not where Python writes no bytecode, unless asked."""
        if not self.compiled or (sys.dont_write_bytecode and not even_without_bytecode):
            return
        entries = {**self.known, **self.used}
        patterns = {**self.known_patterns, **self.used_patterns}
        if len(entries) + len(patterns) > MAX_ENTRIES:
            entries, patterns = dict(self.used), dict(self.used_patterns)
        import tempfile  # only a run that compiled something new needs it

        with contextlib.suppress(OSError, ValueError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".dataclass-")
            try:
                with os.fdopen(handle, "wb") as stream:
                    stream.write(HEADER + marshal.dumps((entries, patterns)))
                # Readable by whoever may read the package's own files (mkstemp's is 0600).
                os.chmod(temporary, (os.stat(__file__).st_mode & 0o666) | 0o200)
                os.replace(temporary, self.path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
                raise
        self.known, self.known_patterns, self.compiled = entries, patterns, 0


def _load(path: Path) -> tuple[dict[str, CodeType], dict[PatternKey, PatternParts]]:
    """The file's methods and patterns; nothing if it is missing, from another Python, or
    damaged."""
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except OSError:
        return {}, {}
    if len(data) > MAX_BYTES or not data.startswith(HEADER):
        return {}, {}
    try:
        loaded = marshal.loads(data[len(HEADER) :])
    except (EOFError, ValueError, TypeError):
        return {}, {}
    if not (isinstance(loaded, tuple) and len(loaded) == 2):
        return {}, {}
    entries, patterns = loaded
    if not isinstance(entries, dict) or not isinstance(patterns, dict):
        return {}, {}
    methods = {
        text: code
        for text, code in entries.items()
        if isinstance(text, str) and isinstance(code, CodeType)
    }
    return methods, {key: parts for key, parts in patterns.items() if _well_formed(key, parts)}


def _well_formed(key: Any, parts: Any) -> bool:
    """Whether a loaded pattern entry has the shape `compile_pattern` gives the engine (the
    engine itself checks the program)."""
    if not (isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], str | bytes)):
        return False
    if not (isinstance(parts, tuple) and len(parts) == 5):
        return False
    flags, code, groups, names, index = parts
    return (
        isinstance(flags, int)
        and isinstance(code, list)
        and all(isinstance(word, int) for word in code)
        and isinstance(groups, int)
        and isinstance(names, dict)
        and all(isinstance(n, str) and isinstance(i, int) for n, i in names.items())
        and isinstance(index, tuple)
        and all(n is None or isinstance(n, str) for n in index)
    )


# `re`'s own compiler and its parts (the module `re` calls it through: `re._compiler` in
# Python 3.11 and later).
_re_compiler: Any = getattr(re, "_compiler", None)
_compile_pattern: Callable[..., Any] = _re_compiler.compile if _re_compiler else re.compile
# The engine `re` hands its programs to (the `_sre` module).
_sre: Any = getattr(_re_compiler, "_sre", None)


def _pattern_parts(pattern: str | bytes, flags: int) -> PatternParts:
    """What `re._compiler.compile` hands the engine for `pattern`, worked out as it does."""
    parsed = _re_compiler._parser.parse(pattern, flags)
    # Plain integers: the compiler writes its opcodes as named int constants.
    code = [int(word) for word in _re_compiler._code(parsed, flags)]
    names = dict(parsed.state.groupdict)
    index: list[str | None] = [None] * parsed.state.groups
    for name, number in names.items():
        index[number] = name
    return int(flags | parsed.state.flags), code, parsed.state.groups - 1, names, tuple(index)


def _compiled_by_skill_ls() -> bool:
    """Whether the pattern being compiled is one of skill-ls's own modules' as it is
    imported (the first caller outside `re` is a module's top level): never one built
    from a repository's text (a skill's name in a pattern made on demand)."""
    frame: Any = sys._getframe(2)
    while frame is not None and _module_of(frame) in ("re", "re._compiler", "functools"):
        frame = frame.f_back
    return (
        frame is not None
        and frame.f_code.co_name == "<module>"
        and _module_of(frame).startswith("skill_ls")
    )


def _module_of(frame: Any) -> str:
    name = frame.f_globals.get("__name__")
    return name if isinstance(name, str) else ""


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
        if _sre is not None and hasattr(_re_compiler, "_code"):
            _re_compiler.compile = _installed.compile_pattern
        atexit.register(_installed.save)
    return _installed


def save() -> None:
    """Save now what was compiled so far (a server may be ended without running atexit)."""
    if _installed is not None:
        _installed.save()


def warm() -> int:
    """Import every module of the package and write what their records compiled to: what
    `python -m compileall` is to the bytecode (written even where Python writes none).
    Returns the number of methods and patterns in the file."""
    import importlib
    import pkgutil

    import skill_ls

    cache = install()
    for module in pkgutil.walk_packages(skill_ls.__path__, "skill_ls."):
        if module.name != "skill_ls.__main__":
            importlib.import_module(module.name)
    cache.save(even_without_bytecode=True)
    return len(cache.known) + len(cache.known_patterns)


if __name__ == "__main__":
    # On stderr: stdout belongs to the language server's protocol wherever skill-ls runs one.
    sys.stderr.write(f"{warm()} dataclass methods and patterns compiled to {default_path()}\n")
