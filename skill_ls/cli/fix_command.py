"""`skill-ls check --fix / --unsafe-fixes / --diff`: the editor's quick fixes, applied.

The fixing itself is in the core (`checking/fixing.py`); here are the flags, which files may
be written (those under the paths given, by their real paths), the diff and the summary.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from skill_ls.checking import FileResult
from skill_ls.checking.fixing import allowed_target, fix_file, write_fixed
from skill_ls.gathering import FolderFacts
from skill_ls.report_formats import display_path
from skill_ls.settings import Settings
from skill_ls.workspace import facts_of


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--fix",
        action="store_true",
        help="apply the safe fixes (those the editor's 'fix all' applies) to the SKILL.md "
        "files under the paths given, then report what is left",
    )
    parser.add_argument(
        "--unsafe-fixes",
        action="store_true",
        help="with --fix or --diff, apply the fixes that may change a skill's meaning too",
    )
    parser.add_argument(
        "--diff",
        action="store_true",
        help="print a unified diff of what --fix would change and write nothing; the exit "
        "code is for what would be left",
    )


def usage_problem(args: argparse.Namespace) -> str | None:
    if args.unsafe_fixes and not (args.fix or args.diff):
        return "--unsafe-fixes needs --fix or --diff"
    return None


@dataclass
class FixRun:
    """What a run's fixing did, over every group of paths."""

    diff: bool
    unsafe: bool
    roots: list[str]
    fixed: int = 0
    files: int = 0
    diffs: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, args: argparse.Namespace) -> FixRun | None:
        if not (args.fix or args.diff):
            return None
        roots = [str(path) for path in args.paths or [Path(".")]]
        return cls(bool(args.diff), bool(args.unsafe_fixes), roots)

    def fix_group(
        self, files: list[Path], settings: Settings, folders: dict[str, FolderFacts]
    ) -> dict[Path, FileResult]:
        """Fix the files one configuration governs; with `--diff`, the results each fixed
        file would have (to report instead of the disk's), else nothing (the files are
        written, and checked again from the disk)."""
        would: dict[Path, FileResult] = {}
        for path in files:
            # A file that cannot be fixed (unreadable, not UTF-8, too large) keeps its
            # findings, which the report shows.
            fix, _ = fix_file(path, settings, self.unsafe, folders)
            if fix is None or not fix.changed:
                continue
            if not allowed_target(fix.real, self.roots):
                outside = f"not fixed: it leads outside the paths given ({fix.real})"
                print(f"skill-ls check: {display_path(path)}: {outside}", file=sys.stderr)
                continue
            if self.diff:
                self.diffs.append(unified_diff(path, fix.original, fix.new))
                document = fix.result.document
                would[path] = FileResult(
                    path,
                    document,
                    list(fix.result.diagnostics),
                    facts=facts_of(document, os.path.dirname(fix.real)),
                    real=fix.real,
                    ascii=fix.new.isascii(),
                )
            else:
                refused = write_fixed(fix)
                if refused is not None:
                    print(
                        f"skill-ls check: {display_path(path)}: not fixed: {refused}",
                        file=sys.stderr,
                    )
                    continue
            self.fixed += fix.result.fixed
            self.files += 1
        return would

    def summary(self) -> str:
        findings = f"{self.fixed} finding{'s' if self.fixed != 1 else ''}"
        files = f"{self.files} file{'s' if self.files != 1 else ''}"
        if self.diff:
            return f"Would fix {findings} in {files}."
        return f"Fixed {findings} in {files}."


def _lines(text: str) -> list[str]:
    """Lines as `patch` sees them: split after each `\\n` only (a `\\r` stays in its line)."""
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def unified_diff(path: Path, old: bytes, new: bytes) -> str:
    """A unified diff of one file that `patch -p1` and `git apply` accept."""
    import difflib  # only a --diff run shows one

    name = display_path(path).replace(os.sep, "/")
    out: list[str] = []
    for line in difflib.unified_diff(
        _lines(old.decode("utf-8", "surrogateescape")),
        _lines(new.decode("utf-8", "surrogateescape")),
        f"a/{name}",
        f"b/{name}",
    ):
        if not line.endswith("\n"):
            line += "\n\\ No newline at end of file\n"
        out.append(line)
    return "".join(out)
