"""An observation against its goldens: equal to a recorded variant, equal but for an order
the agent is known to vary, or different (with the unified diff of each file)."""

from __future__ import annotations

import difflib
import tempfile
from dataclasses import dataclass
from pathlib import Path

from clientlab.observation import Observation, same, same_but_order, variants


@dataclass(frozen=True)
class Comparison:
    equal: bool
    diff: str  # unified diffs of the files that differ from the golden; "" when equal
    note: str | None = None  # why an inexact match still counts as equal


def compare(observation: Observation, goldens: Path) -> Comparison:
    recorded = variants(observation, goldens)
    if any(same(observation, variant) for variant in recorded):
        return Comparison(True, "")
    if order_varies(observation.agent) and any(
        same_but_order(observation, variant) for variant in recorded
    ):
        # skill-ls says this agent's order changes between runs: a new order of the same
        # entries is not a change of behaviour.
        return Comparison(True, "", "same entries, another order")
    if file_order_varies(observation.agent) and any(
        same_but_file_order(observation, variant) for variant in recorded
    ):
        # skill-ls says this agent lists a skill's files in an order that changes.
        return Comparison(True, "", "same files, another order")
    return Comparison(False, _unified(observation, goldens))


def file_order_varies(agent: str) -> bool:
    """Whether skill-ls's client table says the agent's activation lists a skill's files
    in an order that changes between runs (`Activation.file_order_varies`)."""
    from skill_ls.clients.table import CLIENTS_BY_ID

    client = CLIENTS_BY_ID.get(agent)
    return client is not None and client.activation.file_order_varies


def same_but_file_order(a: Observation, b: Observation) -> bool:
    """The same observation but for the order of the `<file>` lines of the activation."""
    if (a.listed, a.catalog) != (b.listed, b.catalog):
        return False
    if a.activation is None or b.activation is None:
        return False
    first, second = a.activation, b.activation
    if (first.skill, first.arguments, first.refusal) != (
        second.skill,
        second.arguments,
        second.refusal,
    ):
        return False
    return files_sorted(first.text) == files_sorted(second.text)


# Copilot CLI's list of a skill's files: `  - <path>` lines after this one.
_RELATED_FILES = "Related files (use view tool to read):"


def files_sorted(text: str | None) -> list[str] | None:
    """The text's lines, each run of lines that list a skill's files sorted: OpenCode's
    `<file>` lines, and Copilot CLI's `  - ` lines after its "Related files" line."""
    if text is None:
        return None
    lines = text.split("\n")
    out: list[str] = []
    run: list[str] = []
    in_related = False
    for line in [*lines, ""]:
        if line.startswith("<file>") or (in_related and line.startswith("  - ")):
            run.append(line)
            continue
        out.extend(sorted(run))
        run = []
        out.append(line)
        in_related = line == _RELATED_FILES
    return out


def _unified(observation: Observation, goldens: Path) -> str:
    chunks: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        fresh = observation.write(Path(scratch))
        old = observation.folder(goldens)
        for name in sorted({p.name for p in fresh.iterdir()} | _files(old)):
            before, after = _read(old / name), _read(fresh / name)
            if before != after:
                label = f"{observation.agent}/{observation.scenario}/{name}"
                chunks.append(
                    "".join(
                        difflib.unified_diff(
                            before.splitlines(keepends=True),
                            after.splitlines(keepends=True),
                            f"golden/{label}",
                            f"observed/{label}",
                        )
                    )
                    + "\n"
                )
    return "".join(chunks)


def order_varies(agent: str) -> bool:
    """Whether skill-ls's client table says the agent's list order changes between runs, or
    between machines (a root's folders in the file system's order: another file system
    lists the same folders in another order)."""
    from skill_ls.clients.builtins import builtins_of
    from skill_ls.clients.table import CLIENTS_BY_ID

    client = CLIENTS_BY_ID[agent]
    builtin_set = builtins_of(client)
    return (
        bool(client.clashes.order_note)
        or client.discovery.root_order == "directory"
        or bool(builtin_set and builtin_set.order_varies)
    )


def _files(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if p.is_file()} if folder.is_dir() else set()


def _read(path: Path) -> str:
    return path.read_bytes().decode("utf-8") if path.exists() else ""
