"""`skill-ls check [PATH ...]`: validate SKILL.md files for CI and the terminal."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

from skill_ls.cache_basics import default_folder
from skill_ls.checking import (
    FileResult,
    add_findings,
    check_files,
    cross_skill_findings,
    user_roots,
)
from skill_ls.checking.instructions import check_instruction_files, instruction_files_met
from skill_ls.checking.result_cache import ResultCache, run_key
from skill_ls.cli.fix_command import FixRun, add_arguments, usage_problem
from skill_ls.config import (
    CONFIG_FILE,
    MAX_CONFIG_BYTES,
    ConfigProblem,
    Settings,
    load_file_settings,
    merge,
)
from skill_ls.diagnostics import Diagnostic, Range, Severity
from skill_ls.files import read_regular
from skill_ls.gathering import FolderFacts
from skill_ls.report_formats import FORMATS, display_path, render
from skill_ls.rules.config_rules import CONFIG_PROBLEM
from skill_ls.rules.openai_yaml_context import is_sidecar
from skill_ls.skill_files import iter_targets
from skill_ls.workspace.checked_manifests import check_manifest_file, manifests_met
from skill_ls.workspace.sidecars import check_sidecar_file, sidecars_met

LEVELS = ("error", "warning", "info", "hint")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "check",
        help="validate SKILL.md files",
        description="Validate SKILL.md files (folders are searched, honouring .gitignore). "
        "Exit 0: clean; 1: findings at or above --fail-on; 2: usage or internal "
        "error.",
    )
    parser.add_argument(
        "paths",
        nargs="*",
        type=Path,
        default=[],
        metavar="PATH",
        help="SKILL.md files or folders to search (default: the current folder); a path "
        "that holds no SKILL.md is an error",
    )
    parser.add_argument("--format", "-f", choices=FORMATS, default="text")
    parser.add_argument(
        "--client",
        "-c",
        action="append",
        default=[],
        metavar="ID",
        help="target client (repeatable or comma-separated): an id, or a group: all, "
        "observed, cited; default: the clients that discover each skill from its folder",
    )
    parser.add_argument(
        "--select",
        action="append",
        default=[],
        metavar="CODES",
        help="only these rule codes or prefixes (e.g. SKL1,SKL301)",
    )
    parser.add_argument(
        "--ignore",
        action="append",
        default=[],
        metavar="CODES",
        help="skip these rule codes or prefixes",
    )
    parser.add_argument(
        "--severity",
        choices=LEVELS,
        default="info",
        help="lowest severity to report (default: info)",
    )
    parser.add_argument(
        "--fail-on",
        choices=LEVELS,
        default="error",
        help="lowest severity that makes the exit code 1 (default: error)",
    )
    parser.add_argument(
        "--config",
        type=Path,
        metavar="FOLDER",
        help="folder whose pyproject.toml / .skill-ls.toml to read "
        "(default: nearest one above the first PATH)",
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=0,
        metavar="N",
        help="worker processes (default: one per CPU; 1: no workers)",
    )
    parser.add_argument("--no-progress", action="store_true", help="never show progress")
    parser.add_argument(
        "--cache-dir",
        type=Path,
        metavar="FOLDER",
        help="where results are cached between runs (default: $XDG_CACHE_HOME/skill-ls "
        "or ~/.cache/skill-ls)",
    )
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="check every file again; read and write no cache",
    )
    parser.add_argument(
        "--no-inline-suppressions",
        action="store_true",
        help="report the findings `skill-ls: ignore[...]` comments suppress, for audits "
        "(the inlineSuppressions setting)",
    )
    add_arguments(parser)
    parser.set_defaults(run=run)


def _split(values: list[str]) -> list[str]:
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def find_config_root(start: Path) -> Path | None:
    """Nearest folder at or above `start` with a skill-ls configuration (a folder that
    cannot be looked into has none)."""
    folder = start.resolve()
    if _is(folder.is_file):
        folder = folder.parent
    for candidate in (folder, *folder.parents):
        if _is((candidate / CONFIG_FILE).is_file):
            return candidate
        pyproject = candidate / "pyproject.toml"
        if _is(pyproject.is_file):
            try:
                if "[tool.skill-ls]" in pyproject.read_text("utf-8", errors="replace"):
                    return candidate
            except OSError:
                pass
        if _is((candidate / ".git").exists):
            return None
    return None


def _is(test: Callable[[], bool]) -> bool:
    """A file test that is False, not an exception, where permissions forbid looking."""
    try:
        return test()
    except OSError:
        return False


def build_settings(
    args: argparse.Namespace, root: Path | None = None
) -> tuple[Settings, list[ConfigProblem]]:
    """The settings for paths whose nearest configuration is in `root` (`--config` wins),
    with the command line's flags over them."""
    if args.config:
        root = args.config
    elif root is None:
        root = find_config_root((args.paths or [Path(".")])[0])
    settings, problems = load_file_settings(root) if root else (Settings(), [])
    overrides: dict[str, object] = {}
    clients = _split(args.client)
    if clients:
        overrides["targetClients"] = clients
    if args.select:
        overrides["select"] = _split(args.select)
    if args.ignore:
        overrides["ignore"] = [*settings.ignore, *_split(args.ignore)]
    if args.no_inline_suppressions:
        overrides["inlineSuppressions"] = False
    settings, found = merge(settings, overrides, "command line")
    return settings, problems + found


def _groups(args: argparse.Namespace) -> list[tuple[Path | None, list[Path]]]:
    """The paths given, grouped by the configuration that governs each (its nearest one,
    or `--config` for all), in the order they were given."""
    paths = args.paths or [Path(".")]
    if args.config:
        return [(args.config, paths)]
    groups: dict[Path | None, list[Path]] = {}
    for path in paths:
        groups.setdefault(find_config_root(path), []).append(path)
    return list(groups.items())


def run(args: argparse.Namespace) -> int:
    groups: list[tuple[list[Path], Settings, list[ConfigProblem]]] = []
    for root, paths in _groups(args):
        settings, found = build_settings(args, root)
        groups.append((paths, settings, found))
    usage = [p for p in groups[0][2] if p.source == "command line"]
    for problem in usage:
        print(f"skill-ls check: {problem.message}", file=sys.stderr)
    if usage:
        return 2
    wrong = usage_problem(args)
    if wrong is not None:
        print(f"skill-ls check: {wrong}", file=sys.stderr)
        return 2
    fixing = FixRun.of(args)
    # Each configuration file's problems once, however many groups read it.
    problems = list(dict.fromkeys(p for _, _, found in groups for p in found))
    results: list[FileResult] = _config_results(problems)
    any_files = False
    all_errors: list[str] = []
    for paths, settings, _ in groups:
        roots = user_roots(settings)
        instructions = instruction_files_met(paths) if args.paths else []
        files, errors = _targets(
            paths, explicit=bool(args.paths), link_targets=roots, instructions=instructions
        )
        for message in errors:
            print(f"skill-ls check: {message}", file=sys.stderr)
        all_errors += errors
        any_files = any_files or bool(files) or bool(instructions)
        # What the group's check learns of the folders above its skills (install trees),
        # shared with the search for the manifests of the bundles they belong to.
        folders: dict[str, FolderFacts] = {}
        would = fixing.fix_group(files, settings, folders) if fixing is not None else {}
        results.extend(_check_group(args, files, paths, settings, folders, would))
        results.extend(_manifest_results(paths, files, settings, folders))
        results.extend(_sidecar_results(paths, files, settings))
        results.extend(check_instruction_files(instructions, settings))
    shown = Severity.parse(args.severity)
    for result in results:
        result.diagnostics = [d for d in result.diagnostics if d.severity >= shown]
    if all_errors and not any_files:
        return 2  # nothing was checked: no report, only the reasons above
    if fixing is not None and fixing.diff:
        # The diff alone on standard output, for `patch` or `git apply`.
        sys.stdout.write("".join(fixing.diffs))
        print(fixing.summary(), file=sys.stderr)
    else:
        color = args.format == "text" and sys.stdout.isatty()
        sys.stdout.write(render(args.format, results, color, groups[0][1].docs_url))
        if fixing is not None:
            print(fixing.summary(), file=sys.stdout if args.format == "text" else sys.stderr)
    if all_errors:
        return 2
    fail = Severity.parse(args.fail_on)
    return 1 if any(d.severity >= fail for r in results for d in r.diagnostics) else 0


def _check_group(
    args: argparse.Namespace,
    files: list[Path],
    paths: list[Path],
    settings: Settings,
    folders: dict[str, FolderFacts],
    would: dict[Path, FileResult] | None = None,
) -> list[FileResult]:
    """Check the files one configuration governs, with their cross-skill findings;
    `would`: results to report instead of the disk's (what `--diff` would leave)."""
    if not files:
        return []
    progress = sys.stderr.isatty() and not args.no_progress and len(files) > 50
    checked: list[FileResult] = []
    cache = None
    if not args.no_cache:
        cache = ResultCache.load(args.cache_dir or default_folder(), run_key(settings))
    entries = cache.entries if cache is not None else None
    results = check_files(files, settings, args.jobs, entries, folders)
    for number, result in enumerate(results, start=1):
        # Keep what the report needs, not the parsed document: memory stays flat however
        # many files are checked.
        checked.append(result.without_document() if result.document is not None else result)
        if cache is not None and result.cache_entry is not None:
            cache.put(result.path, result.cache_entry)
        if would and result.path in would:
            checked[-1] = would[result.path].without_document()
        if progress and (number % 25 == 0 or number == len(files)):
            print(f"\rchecked {number}/{len(files)}", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    if cache is not None:
        cache.save()
    workspace_folders = [path for path in paths if path.is_dir()] or [Path(".")]
    known = {r.real: r.facts for r in checked if r.real is not None and r.facts is not None}
    reals = {str(r.path): r.real for r in checked if r.real is not None}
    mentions = {r.real: r.mentions for r in checked if r.real and r.mentions is not None}
    workspace = cross_skill_findings(
        files, workspace_folders, settings, known=known, reals=reals, mentions=mentions
    )
    for result in checked:
        add_findings(result, workspace.get(result.path, []))
    return checked


def _targets(
    paths: list[Path], explicit: bool, link_targets: list[str], instructions: list[Path]
) -> tuple[list[Path], list[str]]:
    """The SKILL.md files to check, and the problems with the paths given: a path that does
    not exist, a folder that cannot be opened, a folder the user named that holds no
    SKILL.md (nor an instruction file, `instructions`). Bounds the search hit are printed
    as they are found (not errors)."""
    files: list[Path] = []
    errors: list[str] = []
    met = {os.path.abspath(file) for file in instructions}
    for path in paths:
        if path.is_file() and (
            manifests_met([path], []) or is_sidecar(str(path)) or os.path.abspath(path) in met
        ):
            continue  # a manifest, a skill's agents/openai.yaml, an instruction file (below)
        if path.is_dir():
            try:
                with os.scandir(path):
                    pass
            except OSError as error:
                errors.append(f"{path}: cannot open the folder ({error.strerror or error})")
                continue
        elif not path.exists():
            errors.append(f"{path}: no such file or folder")
            continue
        found: list[Path] = []
        for file, message in iter_targets([path], link_targets, _root_markdown_skill):
            if file is not None:
                found.append(file)
            elif message is not None:
                print(f"skill-ls check: {message}", file=sys.stderr)
        inside = any(_under(file, path) for file in instructions)
        if explicit and not found and not manifests_met([path], []) and not inside:
            errors.append(f"{path}: no SKILL.md found (searched honouring .gitignore)")
        files.extend(found)
    return files, errors


def _root_markdown_skill(path: str) -> bool:
    """A `*.md` directly in a skill root of an agent that loads such files as skills."""
    from skill_ls.clients.table import root_markdown_clients  # asked only of such files

    return bool(root_markdown_clients(path))


def _under(file: Path, folder: Path) -> bool:
    return os.path.abspath(file).startswith(os.path.abspath(folder).rstrip(os.sep) + os.sep)


def _manifest_results(
    paths: list[Path], files: list[Path], settings: Settings, folders: dict[str, FolderFacts]
) -> list[FileResult]:
    """The plugin, extension and marketplace manifests the check met, checked (SKL6xx)."""
    results: list[FileResult] = []
    for manifest in manifests_met(paths, files, folders):
        document, diagnostics = check_manifest_file(manifest, settings.for_path(manifest))
        if document is None:
            continue
        lines = {d.range.start.line: document.index.line(d.range.start.line) for d in diagnostics}
        results.append(FileResult(manifest, None, diagnostics, lines))
    return results


def _sidecar_results(paths: list[Path], files: list[Path], settings: Settings) -> list[FileResult]:
    """The skills' `agents/openai.yaml` files the check met, checked (SKL607-SKL612)."""
    results: list[FileResult] = []
    for sidecar in sidecars_met(paths, files):
        document, diagnostics = check_sidecar_file(sidecar, settings.for_path(sidecar))
        if document is None:
            continue
        lines = {d.range.start.line: document.index.line(d.range.start.line) for d in diagnostics}
        results.append(FileResult(sidecar, None, diagnostics, lines))
    return results


def _config_results(problems: list[ConfigProblem]) -> list[FileResult]:
    """Configuration problems are findings on the configuration file (SKL901)."""
    by_file: dict[str, list[Diagnostic]] = {}
    for problem in problems:
        line = _key_line(Path(problem.source), problem.key)
        by_file.setdefault(problem.source, []).append(
            Diagnostic(
                CONFIG_PROBLEM.code,
                CONFIG_PROBLEM.severity,
                problem.message,
                Range.of(line, 0, line, 0),
            )
        )
    return [
        FileResult(Path(display_path(Path(path))), None, diagnostics)
        for path, diagnostics in by_file.items()
    ]


def _key_line(path: Path, key: str) -> int:
    """The 0-based line where `key` is set in a TOML file (0 when not found)."""
    if not key:
        return 0
    try:
        # Through the safe reader, within the bound the configuration was read to.
        lines = read_regular(path, MAX_CONFIG_BYTES).decode("utf-8", "replace").splitlines()
    except OSError:
        return 0
    for number, line in enumerate(lines):
        stripped = line.strip().strip('"')
        if stripped.startswith(key) and stripped[len(key) :].lstrip(' "').startswith("="):
            return number
    return 0
