"""The compiled dataclass methods kept between runs (skill_ls/code_cache.py).

`install()` changes the `dataclasses` module of the process it runs in, so each case runs
in a fresh interpreter."""

from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import skill_ls
from skill_ls import code_cache

# Defines a record with the cache installed and prints what it does and what the cache did.
# No `from __future__ import annotations` here: the generated `__init__` must keep the
# annotation `dataclasses` gives it (None), not a string.
PROGRAM = """
import dataclasses, inspect, json, sys
from pathlib import Path
from skill_ls import code_cache

cache = code_cache.install(Path(sys.argv[1]))

@dataclasses.dataclass(frozen=True)
class Point:
    x: int
    y: int = 0
    tags: tuple = ()

@dataclasses.dataclass(order=True)
class Version:
    major: int
    minor: int = dataclasses.field(default=0, compare=True)

p = Point(1)
try:
    p.x = 2
    frozen = False
except dataclasses.FrozenInstanceError:
    frozen = True
print(json.dumps({
    "repr": repr(p),
    "equal": p == Point(1, 0, ()),
    "hash": hash(p) == hash(Point(1)),
    "frozen": frozen,
    "ordered": Version(1, 2) < Version(2),
    "init_return": repr(inspect.signature(Point.__init__).return_annotation),
    "init_signature": str(inspect.signature(Point)),
    "compiled": cache.compiled,
    "known": len(cache.known),
}))
"""

BEHAVIOUR = {
    "repr": "Point(x=1, y=0, tags=())",
    "equal": True,
    "hash": True,
    "frozen": True,
    "ordered": True,
    "init_return": "None",
    "init_signature": "(x: int, y: int = 0, tags: tuple = ()) -> None",
}


def _run(cache_file: Path, program: str = PROGRAM, **environment: str) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(environment)
    done = subprocess.run(
        [sys.executable, "-c", program, str(cache_file)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    facts: dict[str, Any] = json.loads(done.stdout)
    return facts


def _behaviour(facts: dict[str, Any]) -> dict[str, Any]:
    return {key: facts[key] for key in BEHAVIOUR}


def test_a_second_run_compiles_nothing_and_its_records_behave_the_same(tmp_path: Path) -> None:
    cache_file = tmp_path / "pycache" / "dataclass-code.marshal"
    first = _run(cache_file)
    assert _behaviour(first) == BEHAVIOUR
    assert first["known"] == 0 and first["compiled"] >= 8
    assert cache_file.read_bytes().startswith(code_cache.HEADER)

    second = _run(cache_file)
    assert _behaviour(second) == BEHAVIOUR
    assert second["compiled"] == 0
    assert second["known"] == first["compiled"]


def test_a_damaged_or_foreign_file_is_compiled_over(tmp_path: Path) -> None:
    cache_file = tmp_path / "dataclass-code.marshal"
    wrong_values = code_cache.HEADER + marshal.dumps({"def f(): pass": "not code", 3: 4})
    other_python = b"skill-ls dataclass code 1\n2.7.18\n" + marshal.dumps({})
    for damaged in (b"", b"\x00" * 64, code_cache.HEADER + b"\xff\x01", wrong_values, other_python):
        cache_file.write_bytes(damaged)
        facts = _run(cache_file)
        assert _behaviour(facts) == BEHAVIOUR
        assert facts["known"] == 0 and facts["compiled"] >= 8
        # Rewritten whole: the next run reads it.
        assert _run(cache_file)["compiled"] == 0


def test_nothing_is_written_where_python_writes_no_bytecode(tmp_path: Path) -> None:
    cache_file = tmp_path / "dataclass-code.marshal"
    facts = _run(cache_file, PYTHONDONTWRITEBYTECODE="1")
    assert _behaviour(facts) == BEHAVIOUR
    assert not cache_file.exists()


def test_the_command_line_keeps_its_records_code_beside_its_bytecode(tmp_path: Path) -> None:
    """`skill-ls check` installs the cache before it imports the validator: with
    PYTHONPYCACHEPREFIX set, the file appears under that prefix, and a second run, reading
    it, reports the same."""
    skill = tmp_path / "skills" / "tidy" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(
        "---\nname: tidy\ndescription: Tidies things. Use when asked to tidy.\n---\nBody.\n"
    )
    prefix = tmp_path / "prefix"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(prefix)
    command = [sys.executable, "-m", "skill_ls", "check", "--no-cache", str(skill.parent)]
    first = subprocess.run(command, capture_output=True, text=True, env=env)
    package = Path(skill_ls.__file__).resolve().parent
    name = f"dataclass-code.{sys.implementation.cache_tag}.marshal"
    written = Path(str(prefix) + str(package)) / name
    assert written.is_file()
    inode = written.stat().st_ino
    second = subprocess.run(command, capture_output=True, text=True, env=env)
    assert (second.returncode, second.stdout) == (first.returncode, first.stdout)
    # Nothing new was compiled, so the file was not replaced.
    assert written.stat().st_ino == inode


# Imports a module of skill-ls that compiles patterns, with the cache installed, and says
# what the patterns find and what the cache kept; a pattern of this program's own (not
# skill-ls's), and one skill-ls makes from a text on demand, are compiled as always and not
# kept.
PATTERNS_PROGRAM = """
import json, re, sys
from pathlib import Path
from skill_ls import code_cache

cache = code_cache.install(Path(sys.argv[1]))
from skill_ls.document import mentions
from skill_ls.workspace.listings.escape import guard_closing_tags
ours = re.compile("not-skill-ls-[0-9]+")
guarded = guard_closing_tags("a </zqx-tag> b", ("zqx-tag",))
text = "Run /deploy, then $pdf-tools; not src/x or `cd $dir`. Type `/lint` (or /skill:pdf)."
print(json.dumps({
    "found": [m.written for m in mentions.find_mentions(text)],
    "groups": mentions._MENTION.groupindex.copy(),
    "flags": mentions._MENTION.flags,
    "kept": len(cache.used_patterns),
    "compiled": cache.compiled,
    "known": len(cache.known_patterns),
    "ours_kept": any(key[0] == ours.pattern for key in cache.used_patterns),
    "made_kept": any("zqx" in str(key[0]) for key in cache.used_patterns),
    "guarded": guarded,
    "ours_matches": bool(ours.fullmatch("not-skill-ls-42")),
}))
"""

FOUND = ["/deploy", "$pdf-tools", "/lint", "/skill:pdf"]


def _run_patterns(cache_file: Path) -> dict[str, Any]:
    return _run(cache_file, PATTERNS_PROGRAM)


def test_skill_ls_patterns_are_kept_and_match_the_same_from_the_file(tmp_path: Path) -> None:
    cache_file = tmp_path / "dataclass-code.marshal"
    first = _run_patterns(cache_file)
    assert first["found"] == FOUND
    assert first["known"] == 0 and first["kept"] >= 5
    assert not first["ours_kept"] and first["ours_matches"]
    assert not first["made_kept"] and first["guarded"] == "a &lt;/zqx-tag> b"

    second = _run_patterns(cache_file)
    assert (second["found"], second["groups"], second["flags"]) == (
        first["found"],
        first["groups"],
        first["flags"],
    )
    assert second["compiled"] == 0 and second["known"] == first["kept"]
    assert not second["ours_kept"] and second["ours_matches"]


def test_a_program_the_engine_refuses_is_compiled_over(tmp_path: Path) -> None:
    cache_file = tmp_path / "dataclass-code.marshal"
    _run_patterns(cache_file)
    methods, patterns = marshal.loads(cache_file.read_bytes()[len(code_cache.HEADER) :])
    # Every kept program replaced by one the engine rejects, and a malformed entry added.
    broken = {key: (flags, [1, 2, 3], *rest) for key, (flags, _, *rest) in patterns.items()}
    broken[("x", 0)] = ("not", "parts")
    cache_file.write_bytes(code_cache.HEADER + marshal.dumps((methods, broken)))
    facts = _run_patterns(cache_file)
    assert facts["found"] == FOUND
    assert facts["known"] == len(patterns)  # the malformed entry was not taken
    assert facts["compiled"] == len(patterns)  # each refused program compiled again
