"""A working day in one seeded script, over raw stdio: bursts of edits across open
documents, with saves, closes and reopens, and skills created, deleted, renamed and edited
on disk between them (told to the server as the editor's file watcher would).

The script depends only on its seed and the workspace, never on the server's answers, so
a run is repeatable. One code path serves the short test (`test_soak.py`) and the full
benchmark (`benchmarks/bench_soak.py`); `finish` checks the end state against a fresh look
(`truth.py`) and `SoakReport` holds the figures the benchmark prints.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.security.harness import CHILD_CPU_SECONDS, REPO, SERVER_MEMORY
from tests.security.wire import Message, WireClient

from .support import (
    CONVERGE_TIMEOUT,
    converge,
    list_skills,
    rss_kib,
    skill_text,
    sorted_skills,
    watched,
)
from .truth import Truth, fresh_truth, lsp_findings, report_findings, skill_files

CREATED, CHANGED, DELETED = 1, 2, 3
# Variables that move the user's skill folders away from $HOME.
USER_FOLDER_VARIABLES = ("XDG_CONFIG_HOME", "CODEX_HOME")
ROOTS = (".agents/skills", ".claude/skills", ".github/skills")
WORDS = ("alpha", "steps", "check", "the", "files", "output", "when", "review", "x", "-")


@dataclass(frozen=True)
class SoakPlan:
    skills: int
    documents: int
    edits: int
    seed: int = 15
    # Share of the edits after which the memory baseline is taken.
    warmup: float = 0.2


def generate_workspace(root: Path, plan: SoakPlan) -> None:
    """The benchmarks' generated workspace (only folders clients discover), git-inited."""
    subprocess.run(
        [
            sys.executable,
            str(REPO / "benchmarks" / "generate.py"),
            "--count",
            str(plan.skills),
            "--seed",
            str(plan.seed),
            "--layout",
            "clients",
            "--out",
            str(root),
        ],
        check=True,
        capture_output=True,
        timeout=600,
    )


class StampedClient(WireClient):
    """A wire client that keeps, per document, the newest publishDiagnostics and when
    each version's diagnostics arrived (so waiting costs nothing as messages pile up)."""

    def __init__(self, **kwargs: Any) -> None:
        self.newest: dict[str, Message] = {}
        self.arrived: dict[tuple[str, int], float] = {}
        super().__init__(**kwargs)

    def _dispatch(self, message: Message) -> None:
        if message.get("method") == "textDocument/publishDiagnostics":
            params = message["params"]
            self.newest[params["uri"]] = params
            if params.get("version") is not None:
                self.arrived.setdefault((params["uri"], params["version"]), time.monotonic())
        super()._dispatch(message)

    def newest_version(self, uri: str) -> int:
        params = self.newest.get(uri)
        version = params.get("version") if params is not None else None
        return -1 if version is None else int(version)

    def wait_version(self, uri: str, version: int, timeout: float = CONVERGE_TIMEOUT) -> None:
        self.wait_for(lambda: self.newest_version(uri) >= version, timeout)


def stamped_server(cwd: Path, cpu_seconds: int = CHILD_CPU_SECONDS) -> StampedClient:
    """`skill-ls serve` under the safety tests' memory limit, with the fault handler on;
    `cpu_seconds` bounds its CPU time (the full soak needs more than the tests' bound)."""
    code = (
        "import resource, sys\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({SERVER_MEMORY}, {SERVER_MEMORY}))\n"
        f"resource.setrlimit(resource.RLIMIT_CPU, ({cpu_seconds}, {cpu_seconds}))\n"
        "from skill_ls.cli import main\n"
        "sys.exit(main(['serve']))\n"
    )
    return StampedClient(cwd=cwd, argv=[sys.executable, "-X", "faulthandler", "-c", code])


@dataclass
class OpenDoc:
    path: Path
    text: str
    version: int
    saved: bool = True

    @property
    def uri(self) -> str:
        return self.path.as_uri()


@dataclass
class SoakReport:
    edits: int = 0
    bursts: int = 0
    saves: int = 0
    reopens: int = 0
    disk: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    # Send of a burst's last edit -> the diagnostics of that version, in seconds.
    latencies: list[float] = field(default_factory=list)
    rss_after_warmup_kib: int = 0
    rss_end_kib: int = 0
    # (seconds since the first edit, RSS KiB), sampled after bursts.
    rss_samples: list[tuple[float, int]] = field(default_factory=list)
    converge_seconds: float = 0.0


def assert_same_skills(found: list[dict[str, Any]], expected: list[dict[str, Any]]) -> None:
    """The server's skill list is `expected`; else say which entries differ."""
    expected = sorted_skills(expected)
    if found != expected:
        extra = [skill for skill in found if skill not in expected]
        missing = [skill for skill in expected if skill not in found]
        raise AssertionError(f"server only: {extra[:5]}\nfresh look only: {missing[:5]}")


def utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


class Soak:
    """The scripted session: call `run`, then `finish`."""

    def __init__(self, root: Path, plan: SoakPlan, client: StampedClient) -> None:
        self.root = root
        self.plan = plan
        self.client = client
        self.rng = random.Random(plan.seed)
        self.files = skill_files(root)
        self.open: dict[Path, OpenDoc] = {}
        # Versions keep rising across a close and reopen, so an old publish never counts.
        self.versions: dict[Path, int] = {}
        self.report = SoakReport()
        self.made = 0

    # --- the session ------------------------------------------------------------------------

    def run(self) -> SoakReport:
        report = self.report
        for path in self.rng.sample(self.files, self.plan.documents):
            self.open_doc(path)
        warm_at = int(self.plan.edits * self.plan.warmup)
        started = time.monotonic()
        while report.edits < self.plan.edits:
            self.between_bursts()
            self.burst()
            if not report.rss_after_warmup_kib and report.edits >= warm_at:
                report.rss_after_warmup_kib = rss_kib(self.client.proc.pid)
            if report.bursts % 20 == 0:
                report.rss_samples.append(
                    (time.monotonic() - started, rss_kib(self.client.proc.pid))
                )
        report.seconds = time.monotonic() - started
        return report

    def burst(self) -> None:
        """1-20 edits to one document without waiting, then wait for its diagnostics."""
        doc = self.open[self.rng.choice(sorted(self.open))]
        count = min(self.rng.randint(1, 20), self.plan.edits - self.report.edits)
        sent = 0.0
        for _ in range(count):
            change = self.edit(doc)
            doc.version = self.next_version(doc.path)
            doc.saved = False
            sent = time.monotonic()
            self.client.change(doc.uri, doc.version, [change])
        self.client.wait_version(doc.uri, doc.version)
        self.report.latencies.append(self.client.arrived[(doc.uri, doc.version)] - sent)
        self.report.edits += count
        self.report.bursts += 1

    def between_bursts(self) -> None:
        roll = self.rng.random()
        if roll < 0.2:
            self.save(self.open[self.rng.choice(sorted(self.open))])
        elif roll < 0.3:
            self.close_and_open_another()
        elif roll < 0.42:
            self.disk_change()

    # --- documents ------------------------------------------------------------------------

    def next_version(self, path: Path) -> int:
        self.versions[path] = self.versions.get(path, 0) + 1
        return self.versions[path]

    def open_doc(self, path: Path) -> None:
        doc = OpenDoc(path, path.read_text(encoding="utf-8"), self.next_version(path))
        self.open[path] = doc
        self.client.open(doc.uri, doc.text, doc.version)

    def save(self, doc: OpenDoc) -> None:
        with open(doc.path, "w", encoding="utf-8", newline="") as handle:
            handle.write(doc.text)
        doc.saved = True
        self.client.notify("textDocument/didSave", {"textDocument": {"uri": doc.uri}})
        watched(self.client, [(doc.path, CHANGED)])
        self.report.saves += 1

    def close_and_open_another(self) -> None:
        doc = self.open.pop(self.rng.choice(sorted(self.open)))
        if not doc.saved and self.rng.random() < 0.5:
            self.save(doc)  # else the edits are discarded, as "don't save" does
        self.client.close(doc.uri)
        closed = [path for path in self.files if path not in self.open and path != doc.path]
        self.open_doc(self.rng.choice(closed))
        self.report.reopens += 1

    def edit(self, doc: OpenDoc) -> dict[str, Any]:
        """One change, as an incremental didChange entry; applied to `doc.text` too."""
        lines = doc.text.split("\n")
        end = next((n for n in range(1, len(lines)) if lines[n] == "---"), 0)
        body = self.rng.randrange(end + 1, len(lines)) if end + 1 < len(lines) else len(lines) - 1
        line = lines[body]
        roll = self.rng.random()
        named = next((n for n in range(1, end) if lines[n].startswith("name:")), None)
        described = next((n for n in range(1, end) if lines[n].startswith("description:")), None)
        if roll < 0.5:  # typing at the end of a line
            return self.change(doc, body, len(line), body, len(line), self.typed())
        if roll < 0.65 and line:  # backspace
            return self.change(
                doc, body, max(0, len(line) - self.rng.randint(1, 4)), body, len(line), ""
            )
        if roll < 0.71:  # a new line of text
            return self.change(doc, body, len(line), body, len(line), "\n" + self.sentence())
        if roll < 0.75 and body + 1 < len(lines):  # a line deleted
            return self.change(doc, body, 0, body + 1, 0, "")
        if roll < 0.83 and named is not None:  # the skill renamed (clashes come and go)
            value = self.rng.choice(
                [
                    doc.path.parent.name,
                    self.rng.choice(self.files).parent.name,
                    self.rng.choice(sorted(self.open)).parent.name,
                    f"renamed-{self.rng.randint(0, 99)}",
                    "Bad_Name",
                ]
            )
            return self.change(doc, named, 0, named, len(lines[named]), f"name: {value}")
        if roll < 0.9 and described is not None:
            value = self.rng.choice(['""', self.sentence(), "Use when: it fits", "x" * 1100])
            text = f"description: {value}"
            return self.change(doc, described, 0, described, len(lines[described]), text)
        if roll < 0.95:  # a link, to a file that may not exist
            target = self.rng.choice(
                ["references/missing.md", "scripts/run.py", "../other/SKILL.md"]
            )
            return self.change(doc, body, len(line), body, len(line), f"\nSee [it]({target}).")
        if end and self.rng.random() < 0.5:  # broken YAML in, or out again
            broken = next((n for n in range(1, end) if "[unclosed" in lines[n]), None)
            if broken is not None:
                return self.change(doc, broken, 0, broken + 1, 0, "")
            return self.change(doc, 1, 0, 1, 0, "broken: [unclosed\n")
        return self.change(doc, body, len(line), body, len(line), self.typed())

    def change(
        self, doc: OpenDoc, line: int, start: int, end_line: int, end: int, text: str
    ) -> dict[str, Any]:
        lines = doc.text.split("\n")
        before = "\n".join([*lines[:line], lines[line][:start]])
        after_line = lines[end_line] if end_line < len(lines) else ""
        after = "\n".join([after_line[end:], *lines[end_line + 1 :]])
        doc.text = before + text + after
        return {
            "range": {
                "start": {"line": line, "character": utf16(lines[line][:start])},
                "end": {"line": end_line, "character": utf16(after_line[:end])},
            },
            "text": text,
        }

    def typed(self) -> str:
        word = self.rng.choice(WORDS)
        return word[: self.rng.randint(1, len(word))] if self.rng.random() < 0.5 else " " + word

    def sentence(self) -> str:
        return " ".join(self.rng.choice(WORDS) for _ in range(self.rng.randint(3, 9))).capitalize()

    # --- the disk -------------------------------------------------------------------------

    def disk_change(self) -> None:
        """A skill created, deleted, renamed or edited outside the editor."""
        kind = self.rng.choice(["create", "create", "delete", "rename", "edit"])
        self.report.disk[kind] = self.report.disk.get(kind, 0) + 1
        closed = [path for path in self.files if path not in self.open]
        if kind == "create":
            self.made += 1
            # Half reuse a name already taken (a clash, or shadowing across roots).
            name = (
                self.rng.choice(self.files).parent.name
                if self.rng.random() < 0.5
                else f"soak-made-{self.made}"
            )
            folder = self.root / self.rng.choice(ROOTS) / f"{name}-{self.made}"
            folder.mkdir(parents=True)
            (folder / "SKILL.md").write_text(skill_text(name), encoding="utf-8")
            self.files.append(folder / "SKILL.md")
            watched(self.client, [(folder, CREATED), (folder / "SKILL.md", CREATED)])
        elif kind == "delete":
            path = self.rng.choice(closed)
            shutil.rmtree(path.parent)
            self.files.remove(path)
            events = [(path.parent, DELETED)]
            if self.rng.random() < 0.5:  # some watchers also name the files inside
                events.insert(0, (path, DELETED))
            watched(self.client, events)
        elif kind == "rename":
            path = self.rng.choice(closed)
            self.made += 1
            target = path.parent.with_name(f"{path.parent.name}-moved-{self.made}")
            path.parent.rename(target)
            self.files.remove(path)
            self.files.append(target / "SKILL.md")
            watched(self.client, [(path.parent, DELETED), (target, CREATED)])
        else:
            path = self.rng.choice(closed)
            with open(path, "a", encoding="utf-8") as handle:
                handle.write(f"\nEdited on disk: {self.sentence()}.\n")
            watched(self.client, [(path, CHANGED)])
        self.files.sort()

    # --- the end state --------------------------------------------------------------------

    def buffers(self) -> dict[Path, str]:
        return {path: doc.text for path, doc in self.open.items()}

    def truth(self, scratch: Path) -> Truth:
        return fresh_truth(self.root, self.buffers(), scratch)

    def finish(self, truth: Truth, timeout: float = CONVERGE_TIMEOUT) -> None:
        """Wait (up to `timeout`) until the server agrees with `truth`: each open document's
        newest diagnostics are those of its final text, and the skill list is a fresh
        index's; then every skill's findings (`skill-ls.lintSkill`) are the check's."""
        started = time.monotonic()

        def agrees() -> None:
            for doc in self.open.values():
                newest = self.client.newest.get(doc.uri)
                assert newest is not None and newest.get("version") == doc.version, doc.path
                assert lsp_findings(newest["diagnostics"]) == truth.findings[doc.path], doc.path
            assert_same_skills(list_skills(self.client), truth.skills)

        converge(agrees, timeout)
        self.report.converge_seconds = time.monotonic() - started
        self.report.rss_end_kib = rss_kib(self.client.proc.pid)
        for path, expected in truth.findings.items():
            lint = self.client.request(
                "workspace/executeCommand",
                {"command": "skill-ls.lintSkill", "arguments": [str(path)]},
            )
            assert report_findings(lint) == expected, path
