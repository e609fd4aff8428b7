"""Branch switches under a running server: a git repository whose two branches differ in
many skills (a quarter each added, removed, renamed and edited), `git checkout` between
them, and the file events an editor's watcher would send, in order or scrambled
(shuffled, duplicated, split into bursts). Open documents follow as an editor's do: a
file the checkout changed is reloaded (a full-text didChange), a deleted one is closed.

After each switch the server must agree with a fresh look within `SWITCH_TIMEOUT`: the
open documents' diagnostics, every skill's findings and the skill list, with nothing from
the other branch left. `test_branches.py` runs it small, `benchmarks/bench_soak.py` with
1,000 differing skills.
"""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from .soak import (
    CHANGED,
    CREATED,
    DELETED,
    ROOTS,
    SoakPlan,
    StampedClient,
    assert_same_skills,
    generate_workspace,
)
from .support import converge, list_skills, skill_text, watched
from .truth import Truth, fresh_truth, lsp_findings, report_findings, skill_files

# How long the server may take to agree with a fresh look after a switch's file events
# (stated in the README; it normally takes a few seconds for 1,000 skills).
SWITCH_TIMEOUT = 30.0


@dataclass(frozen=True)
class BranchPlan:
    # Skills that differ between the branches: a quarter each added, removed, renamed, edited.
    differing: int
    unchanged: int
    documents: int = 10
    seed: int = 15


def git(root: Path, *args: str) -> str:
    run = subprocess.run(
        ["git", "-c", "user.name=skill-ls", "-c", "user.email=tests@skill-ls.invalid", *args],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return run.stdout


def make_repository(root: Path, plan: BranchPlan) -> None:
    """`main` with generated skills; `feature` with a quarter of the differing ones removed,
    renamed (some into another client's folder) and edited (some to clash), and as many
    added (some reusing a name of `main`). Ends on `main`."""
    quarter = plan.differing // 4
    generate_workspace(root, SoakPlan(skills=3 * quarter + plan.unchanged, documents=0, edits=0))
    git(root, "checkout", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "main")
    git(root, "checkout", "-q", "-b", "feature")
    rng = random.Random(plan.seed)
    files = skill_files(root)
    rng.shuffle(files)
    removed = files[:quarter]
    renamed = files[quarter : 2 * quarter]
    edited = files[2 * quarter : 3 * quarter]
    kept = files[3 * quarter :]
    for path in removed:
        shutil.rmtree(path.parent)
    for number, path in enumerate(renamed):
        into = root / rng.choice(ROOTS) if number % 2 else path.parent.parent
        shutil.move(path.parent, into / f"{path.parent.name}-renamed")
    for number, path in enumerate(edited):
        lines = path.read_text(encoding="utf-8").split("\n")
        for at, line in enumerate(lines):
            if line.startswith("description:"):
                lines[at] = "description: Edited on the feature branch. Use when it fits."
            elif line.startswith("name:") and number % 4 == 0:
                lines[at] = f"name: {rng.choice(kept).parent.name}"  # now a clash
        if number % 4 == 1:
            lines.insert(1, "broken: [unclosed")
        path.write_text("\n".join(lines), encoding="utf-8")
    for number in range(quarter):
        name = rng.choice(kept).parent.name if number % 3 == 0 else f"feature-only-{number}"
        folder = root / rng.choice(ROOTS) / f"added-{number}"
        folder.mkdir(parents=True)
        (folder / "SKILL.md").write_text(skill_text(name), encoding="utf-8")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "feature")
    git(root, "checkout", "-q", "main")


Tree = dict[Path, str | None]  # a file's digest, None for a folder


def tree(root: Path) -> Tree:
    found: Tree = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d != ".git"]
        for name in dirs:
            found[Path(folder) / name] = None
        for name in files:
            path = Path(folder) / name
            found[path] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def events(before: Tree, after: Tree) -> list[tuple[Path, int]]:
    """What a file watcher reports for the change from `before` to `after`."""
    found = [(path, DELETED) for path in sorted(before.keys() - after.keys())]
    found += [(path, CREATED) for path in sorted(after.keys() - before.keys())]
    found += [
        (path, CHANGED)
        for path in sorted(before.keys() & after.keys())
        if before[path] is not None and before[path] != after[path]
    ]
    return found


@dataclass
class Doc:
    text: str
    version: int


class Switcher:
    """A server on the repository, with documents open; `switch` checks out a branch."""

    def __init__(self, root: Path, plan: BranchPlan, client: StampedClient) -> None:
        self.root = root
        self.client = client
        # Not the repository's seed: the same draws would pick exactly the skills it kept.
        self.rng = random.Random(f"{plan.seed}:switch")
        self.open: dict[Path, Doc] = {}
        self.closed: set[Path] = set()
        for path in self.rng.sample(skill_files(root), plan.documents):
            self.open_doc(path)

    def open_doc(self, path: Path) -> None:
        doc = Doc(path.read_text(encoding="utf-8"), 1)
        self.open[path] = doc
        self.closed.discard(path)
        self.client.open(path.as_uri(), doc.text, doc.version)

    def checkout(self, *branches: str, scrambled: bool = False) -> float:
        """Check out each branch in turn, then send what the editor would; returns the
        seconds from the last event to the server agreeing with a fresh look."""
        sent: list[tuple[Path, int]] = []
        before = tree(self.root)
        for branch in branches:
            git(self.root, "checkout", "-q", branch)
            after = tree(self.root)
            sent += events(before, after)
            before = after
        truth = fresh_truth(self.root, {}, self.root.parent)  # buffers follow the disk
        if scrambled:
            sent += self.rng.sample(sent, len(sent) // 3)  # duplicates
            self.rng.shuffle(sent)
        self.follow_open_documents()
        while sent:
            size = self.rng.randint(1, 200) if scrambled else len(sent)
            watched(self.client, sent[:size])
            sent = sent[size:]
        started = time.monotonic()
        self.agree(truth)
        seconds = time.monotonic() - started
        self.lint_all(truth)
        return seconds

    def follow_open_documents(self) -> None:
        for path in sorted(self.open):
            doc = self.open[path]
            if not path.exists():
                del self.open[path]
                self.closed.add(path)
                self.client.close(path.as_uri())
                continue
            text = path.read_text(encoding="utf-8")
            if text != doc.text:
                doc.text, doc.version = text, doc.version + 1
                self.client.change(path.as_uri(), doc.version, [{"text": text}])

    def agree(self, truth: Truth) -> None:
        def agrees() -> None:
            for path, doc in self.open.items():
                newest = self.client.newest.get(path.as_uri())
                assert newest is not None and newest.get("version") == doc.version, path
                assert lsp_findings(newest["diagnostics"]) == truth.findings[path], path
            for path in self.closed:  # closed as deleted: nothing of them left shown
                assert self.client.newest[path.as_uri()]["diagnostics"] == [], path
            assert_same_skills(list_skills(self.client), truth.skills)

        converge(agrees, SWITCH_TIMEOUT)

    def lint_all(self, truth: Truth) -> None:
        """Every skill's findings, open or not, are the check's."""
        for path, expected in truth.findings.items():
            lint = self.client.request(
                "workspace/executeCommand",
                {"command": "skill-ls.lintSkill", "arguments": [str(path)]},
            )
            assert report_findings(lint) == expected, path
