"""A hostile workspace, and a record of every file a process opens (strace).

The workspace has a skill whose body points everywhere it should not (`../` chains to
/etc/passwd, absolute, `~`, `file://`, Windows and UNC paths, URL-encoded `..`), symlinks
inside the skill folder that lead out (a file and a folder), symlink loops, skill folders
linking to /etc and to $HOME, and a SKILL.md that is itself a symlink to a file outside.
Outside it sit canary files that nothing may ever open.

`traced(argv)` runs a command under `strace -f -e trace=open,openat,openat2` and returns
the files (not folders) it opened successfully, so a test can assert on what was read.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .harness import REPO

SECRET = "CANARY-SECRET-7f3a"
SKILL_TEMPLATE = (
    "---\nname: {name}\ndescription: Does {name} things. Use when testing.\n---\n{body}\n"
)

HOSTILE_BODY = """\
# References that must never be followed out of the skill folder

- [passwd](../../../../../../../../../../etc/passwd)
- [absolute](/etc/passwd)
- [uri](file:///etc/passwd)
- [home](~/.ssh/id_rsa)
- [windows](C:\\Windows\\win.ini)
- [unc](\\\\server\\share\\secret.txt)
- [encoded](%2e%2e/%2e%2e/%2e%2e/%2e%2e/outside/secret.txt)
- [dotdot](references/../../../../outside/secret.txt)
- [leak](references/leak.md)
- [through a folder link](references/outdir/secret.txt)
- [outside skill](references/outdir/SKILL.md)
- [guide](references/guide.md)
- `scripts/evil.py` and `../../../../etc/hostname`
"""

# Names discovery may read wherever a symlinked folder leads (as the agents themselves do):
# skill files, ignore files, configuration, and the sidecar a client hides skills by.
DISCOVERY_NAMES = frozenset(
    {
        "SKILL.md",
        "skill.md",
        ".gitignore",
        ".ignore",
        ".fdignore",
        "pyproject.toml",
        ".skill-ls.toml",
        "openai.yaml",
    }
)


@dataclass(frozen=True)
class Hostile:
    base: Path
    workspace: Path
    outside: Path
    home: Path
    skill: Path  # the skill folder with the hostile body

    @property
    def canaries(self) -> tuple[Path, ...]:
        return (self.outside / "secret.txt", self.home / ".ssh" / "id_rsa")

    def skill_md(self, name: str) -> Path:
        return self.workspace / ".agents" / "skills" / name / "SKILL.md"


def build(base: Path, *, home_link: bool = True, etc_link: bool = True) -> Hostile:
    """Lay out the hostile workspace under `base` (world-readable, for tests run as nobody)."""
    base.mkdir(parents=True, exist_ok=True)
    workspace, outside, home = base / "ws", base / "outside", base / "home"
    for folder in (workspace, outside, home / ".ssh"):
        folder.mkdir(parents=True, exist_ok=True)
    (outside / "secret.txt").write_text(f"{SECRET} outside\n")
    (outside / "SKILL.md").write_text(SKILL_TEMPLATE.format(name="linked", body="Outside."))
    (home / ".ssh" / "id_rsa").write_text(f"-----BEGIN {SECRET} PRIVATE KEY-----\n")
    skills = workspace / ".agents" / "skills"
    skill = skills / "refs"
    (skill / "references").mkdir(parents=True)
    (skill / "scripts").mkdir()
    (skill / "SKILL.md").write_text(SKILL_TEMPLATE.format(name="refs", body=HOSTILE_BODY))
    (skill / "references" / "guide.md").write_text("# Guide\n")
    (skill / "scripts" / "evil.py").write_text(EVIL_SCRIPT.format(marker=base / "EXECUTED"))
    os.symlink(outside / "secret.txt", skill / "references" / "leak.md")
    os.symlink(outside, skill / "references" / "outdir")
    loop = skills / "loop"
    loop.mkdir()
    (loop / "SKILL.md").write_text(SKILL_TEMPLATE.format(name="loop", body="[me](self/SKILL.md)"))
    os.symlink(".", loop / "self")
    os.symlink("..", loop / "up")
    os.symlink(loop / "a", loop / "b")
    os.symlink(loop / "b", loop / "a")
    if etc_link:
        (skills / "to-etc").mkdir()
        (skills / "to-etc" / "SKILL.md").write_text(
            SKILL_TEMPLATE.format(name="to-etc", body="[e](etc/passwd)")
        )
        os.symlink("/etc", skills / "to-etc" / "etc")
    if home_link:
        (skills / "to-home").mkdir()
        (skills / "to-home" / "SKILL.md").write_text(
            SKILL_TEMPLATE.format(name="to-home", body="[k](home/.ssh/id_rsa)")
        )
        os.symlink(home, skills / "to-home" / "home")
    (skills / "linked").mkdir()
    os.symlink(outside / "SKILL.md", skills / "linked" / "SKILL.md")
    for root, _dirs, files in os.walk(base):
        os.chmod(root, 0o755)
        for name in files:
            path = os.path.join(root, name)
            if not os.path.islink(path):
                os.chmod(path, 0o644)
    os.chmod(base, 0o755)
    return Hostile(base, workspace, outside, home, skill)


# Would prove execution or import: it creates a marker file next to the workspace.
EVIL_SCRIPT = """\
import pathlib
pathlib.Path({marker!r}).write_text("executed")
"""


# --- strace -------------------------------------------------------------------------------

_OPEN = re.compile(
    r"^(?P<pid>\d+)\s+(?:open|openat|openat2)\((?:(?P<dirfd>AT_FDCWD|\d+)(?:<[^>]*>)?, )?"
    r'"(?P<path>(?:[^"\\]|\\.)*)", (?P<flags>[^)]*?)(?:, \d+)?\)\s*=\s*(?P<fd>-?\d+)'
)


def strace_available() -> bool:
    return shutil.which("strace") is not None


def strace_argv(trace_file: Path, argv: Iterable[str]) -> list[str]:
    return [
        "strace",
        "-f",
        "-qq",
        "-s",
        "4096",
        "-e",
        "trace=open,openat,openat2",
        "-o",
        str(trace_file),
        *argv,
    ]


def opened_files(trace_file: Path, cwd: Path) -> set[str]:
    """Real paths of the files (not folders) opened successfully, as recorded by strace."""
    opened: set[str] = set()
    for line in trace_file.read_text(errors="replace").splitlines():
        match = _OPEN.match(line)
        if match is None or int(match.group("fd")) < 0 or "O_DIRECTORY" in match.group("flags"):
            continue
        path = match.group("path").encode().decode("unicode_escape")
        if not os.path.isabs(path):
            path = os.path.join(cwd, path)
        real = os.path.realpath(path)
        if not os.path.isdir(real):
            opened.add(real)
    return opened


def runtime_prefixes() -> tuple[str, ...]:
    """Where the interpreter, its libraries and skill-ls's own code live."""
    prefixes = {
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        sys.base_exec_prefix,
        str(REPO / "skill_ls"),
        str(REPO / ".venv"),
        "/usr/",
        "/lib/",
        "/lib64/",
        "/dev/",
        "/proc/",
        "/sys/",
        "/etc/ld.so.cache",
        "/etc/locale.alias",
        "/etc/ssl/",
        "/etc/localtime",
    }
    prefixes |= {os.path.realpath(p) for p in list(prefixes)}
    return tuple(sorted(prefixes))


def outside_reads(opened: set[str], allowed_roots: Iterable[Path]) -> list[str]:
    """Opened files that are neither runtime files nor under `allowed_roots`."""
    roots = [os.path.realpath(root) + os.sep for root in allowed_roots]
    runtime = runtime_prefixes()
    return sorted(
        path
        for path in opened
        if not any(path.startswith(root) for root in roots)
        and not any(path == p or path.startswith(p.rstrip("/") + "/") for p in runtime)
    )
