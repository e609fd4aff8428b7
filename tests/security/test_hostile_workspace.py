"""Hostile workspaces: symlink loops, links out to /, $HOME and /etc, references that climb
out of the skill folder, a SKILL.md that is itself a symlink out, a folder of 100,000
entries, unreadable files and folders, files that change between discovery and reading.

What is proven, with `strace` recording every file the process opens:
- no file outside the workspace is opened because a document named it: the canary files
  (a secret next to the workspace, a private key in $HOME) are never opened, and the only
  files read outside the workspace are ones discovery reads wherever a symlinked folder
  leads (SKILL.md heads, ignore files, configuration, client sidecars), as the agents do;
- this holds for `skill-ls check` and for the server's hover, definition, links,
  references, completion, symbols, diagnostics, previews and resource commands;
- discovery ends within its bounds and reports the bound it hit.
Tests that need a non-root user (root reads through chmod 000) run the process as
`nobody` with setpriv.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from skill_ls.cache_basics import KEY_FILE
from skill_ls.checking import check_file
from skill_ls.document import parse_document
from skill_ls.server.documents import uri_to_path
from skill_ls.settings import Settings
from skill_ls.skill_files import find_skill_files
from skill_ls.workspace import WalkLimits, WorkspaceIndex

from .harness import CLI_MEMORY, child_env, needs, python_argv, run_limited, server_argv
from .hostile import (
    DISCOVERY_NAMES,
    SECRET,
    Hostile,
    build,
    opened_files,
    outside_reads,
    strace_argv,
    strace_available,
)
from .wire import WireClient

needs_strace = needs(strace_available(), "strace is not installed")


@pytest.fixture
def base() -> Iterator[Path]:
    """A world-readable scratch folder (pytest's tmp_path is private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="skill-ls-hostile-"))
    os.chmod(folder, 0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def assert_no_document_driven_reads(hostile: Hostile, opened: set[str]) -> None:
    canaries = {os.path.realpath(p) for p in hostile.canaries}
    assert not canaries & opened, f"opened a canary: {canaries & opened}"
    assert "/etc/passwd" not in opened and "/etc/hostname" not in opened
    # `check` keeps its result cache in the user's cache folder: its own files only (the
    # results, the run records and the key that seals them, made through a temporary file).
    cache = os.path.realpath(hostile.home / ".cache" / "skill-ls") + os.sep
    own = ("check-", ".check-", KEY_FILE, ".key-")
    strays = [
        p
        for p in outside_reads(opened, [hostile.workspace])
        if os.path.basename(p) not in DISCOVERY_NAMES
        and not (p.startswith(cache) and os.path.basename(p).startswith(own))
    ]
    assert strays == [], f"files outside the workspace opened: {strays}"


# --- skill-ls check -----------------------------------------------------------------------


@needs_strace
def test_check_reads_nothing_a_document_points_at(base: Path) -> None:
    hostile = build(base)
    trace = base / "check.trace"
    check = ("check", "--format", "json", "--fail-on", "warning", ".")
    argv = strace_argv(trace, python_argv("-m", "skill_ls", *check))
    proc = run_limited(
        argv, memory=CLI_MEMORY, cwd=hostile.workspace, env=child_env(HOME=str(hostile.home))
    )
    assert proc.returncode == 1, proc.stderr.decode()[-2000:]
    report = json.loads(proc.stdout)
    refs = [d for d in report["diagnostics"] if d["path"] == ".agents/skills/refs/SKILL.md"]
    codes = [d["code"] for d in refs]
    # Links: a ../ chain, encoded and through references/../ (the inline-code path is
    # prose, not a reference, and so not a finding).
    assert codes.count("SKL404") == 3
    assert codes.count("SKL405") == 5  # /abs, file://, ~, C:\, \\server
    # Each skill once: the loops (self -> ., up -> .., a <-> b) add no second copy.
    paths = sorted({d["path"] for d in report["diagnostics"]})
    assert not [p for p in paths if "/self/" in p or "/up/" in p], paths
    assert SECRET.encode() not in proc.stdout
    assert_no_document_driven_reads(hostile, opened_files(trace, hostile.workspace))


def test_links_to_the_root_folder_and_out_end_within_bounds(base: Path) -> None:
    """A skill folder linking to `/`, and one linking to /usr: the walks end, and where a
    bound stops them they say which."""
    skills = base / "ws" / ".agents" / "skills"
    for name, target in (("to-root", "/"), ("to-usr", "/usr")):
        (skills / name).mkdir(parents=True)
        (skills / name / "SKILL.md").write_text(f"---\nname: {name}\ndescription: d\n---\nB\n")
        os.symlink(target, skills / name / "link")
    # The check walk follows no link out of the folder searched (`/` and /usr are not
    # folders agents load skills from): it sees the two skills and nothing else.
    result = find_skill_files(base / "ws", max_depth=8, max_entries=5_000)
    assert sorted(p.parent.name for p in result.skill_files) == ["to-root", "to-usr"]
    assert result.bounds_hit == []
    # Where /usr is a folder links may lead into, the bounds stop the walk and say so.
    into = find_skill_files(base / "ws", max_depth=8, max_entries=5_000, link_targets=["/usr"])
    assert into.bounds_hit, "the walk into /usr reported no bound"
    assert any("5,000 entries" in hit or "depth 8" in hit for hit in into.bounds_hit)
    timed = find_skill_files(base / "ws", link_targets=["/usr"], max_seconds=0.0)
    assert timed.bounds_hit == [f"stopped after 0 s under {base / 'ws'}; narrow the path"]
    index = WorkspaceIndex(
        [base / "ws"],
        Settings(),
        home=str(base / "home"),
        environ={},
        limits=WalkLimits(max_depth=6, max_dirs=2_000, max_skills=500),
    )
    report = index.scan()
    assert report.bounds_hit, "the workspace index reported no bound"


def test_folder_of_100k_entries(base: Path) -> None:
    """100,000 files beside a SKILL.md: check and the index finish, bounded."""
    skill = base / "ws" / ".agents" / "skills" / "big"
    (skill / "assets").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: big\ndescription: Big. Use when testing.\n---\nB\n")
    assets = skill / "assets"
    for number in range(100_000):
        os.close(os.open(assets / f"f{number:06d}.txt", os.O_CREAT | os.O_WRONLY, 0o644))
    proc = run_limited(
        python_argv("-m", "skill_ls", "check", "--format", "json", "--severity", "hint", "."),
        cwd=base / "ws",
    )
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    report = json.loads(proc.stdout)
    # The unreferenced-file hint is capped; the folder listing stops at its bound.
    assert len(report["diagnostics"]) <= 25
    index = WorkspaceIndex([base / "ws"], Settings(), home=str(base / "home"), environ={})
    assert index.scan().skills == 1


# --- unreadable, vanishing and odd files ---------------------------------------------------

# Root reads through chmod 000, so as root these run the process as nobody. setpriv
# (util-linux) does what a preexec setuid cannot here: the interpreter lives under a 0700
# /root. Any other user is refused by chmod 000 already, and runs them as itself.
AS_NOBODY = (
    ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if os.geteuid() == 0 else []
)


def _can_test_unreadable() -> bool:
    if not AS_NOBODY:
        return True
    if shutil.which("setpriv") is None:
        return False
    try:
        probe = subprocess.run(
            [*AS_NOBODY, sys.executable, "-c", "import skill_ls"],
            capture_output=True,
            timeout=60,
            env=child_env(),
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return probe.returncode == 0


needs_nobody = needs(
    _can_test_unreadable(),
    "as root, needs setpriv to run the process as nobody (root reads through chmod 000)",
)


@needs_nobody
def test_unreadable_files_and_folders(base: Path) -> None:
    skills = base / "ws" / ".agents" / "skills"
    for name in ("readable", "locked-file", "locked-folder"):
        (skills / name).mkdir(parents=True)
        (skills / name / "SKILL.md").write_text(
            f"---\nname: {name}\ndescription: A skill. Use when testing.\n---\n"
            "[r](references/x.md)\n"
        )
    (skills / "locked-file" / "SKILL.md").chmod(0)
    locked_refs = skills / "readable" / "references"
    locked_refs.mkdir()
    (locked_refs / "x.md").write_text("x\n")
    locked_refs.chmod(0)
    (skills / "locked-folder").chmod(0)
    for root, dirs, _ in os.walk(base):
        for name in dirs:
            path = Path(root) / name
            if path not in (locked_refs, skills / "locked-folder"):
                path.chmod(0o755)
    os.chmod(base, 0o755)
    proc = run_limited(
        [*AS_NOBODY, *python_argv("-m", "skill_ls", "check", "--format", "json", ".")],
        memory=CLI_MEMORY,
        cwd=base / "ws",
    )
    assert proc.returncode == 1, proc.stderr.decode()[-2000:]
    report = json.loads(proc.stdout)
    by_path: dict[str, list[dict[str, str]]] = {}
    for diag in report["diagnostics"]:
        by_path.setdefault(diag["path"], []).append(diag)
    locked = by_path[".agents/skills/locked-file/SKILL.md"]
    # The file cannot be read (SKL010), so no agent loads it (SKL506, from the workspace
    # index, as in the editor).
    assert [d["code"] for d in locked] == ["SKL010", "SKL506"]
    assert "Permission denied" in locked[0]["message"]
    assert "Traceback" not in proc.stderr.decode()
    # A folder nobody may enter is skipped (its skill cannot be seen); the walk goes on.
    assert ".agents/skills/readable/SKILL.md" in by_path
    # The server, as nobody, over the same workspace: scans, checks and answers.
    client = WireClient(cwd=base / "ws", argv=[*AS_NOBODY, *server_argv()])
    try:
        client.initialize(base / "ws", pull=True)
        client.wait_for(lambda: any("found" in m for m in client.log_messages()))
        uri = (skills / "readable" / "SKILL.md").as_uri()
        client.open(uri, (skills / "readable" / "SKILL.md").read_text())
        client.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
        hover = client.request(
            "textDocument/hover",
            {"textDocument": {"uri": uri}, "position": {"line": 4, "character": 5}},
        )
        assert hover is None or "x\n" not in json.dumps(hover)
        client.request("workspace/diagnostic", {"previousResultIds": []})
        client.ping()
        assert client.shutdown() == 0
    finally:
        client.kill()


def test_file_vanishes_or_becomes_a_folder_after_discovery(base: Path) -> None:
    skills = base / "ws" / ".agents" / "skills"
    paths = []
    for name in ("gone", "folder-now", "fifo-now", "dev-zero", "fine"):
        (skills / name).mkdir(parents=True)
        path = skills / name / "SKILL.md"
        path.write_text(f"---\nname: {name}\ndescription: d\n---\nB\n")
        paths.append(path)
    # Discovery first: the check walk and the server's index both see five skills.
    found = find_skill_files(base / "ws").skill_files
    assert sorted(found) == sorted(paths)
    index = WorkspaceIndex([base / "ws"], Settings(), home=str(base / "home"), environ={})
    assert index.scan().skills == 5
    # Then, before they are read, four change under our feet.
    gone, folder_now, fifo_now, dev_zero, _ = paths
    gone.unlink()
    folder_now.unlink()
    folder_now.mkdir()
    fifo_now.unlink()
    os.mkfifo(fifo_now)  # opening it for reading would block forever
    dev_zero.unlink()
    os.symlink("/dev/zero", dev_zero)  # reading it would never end
    for path in paths[:4]:
        result = check_file(path, Settings())
        assert [d.code for d in result.diagnostics] == ["SKL010"], path
    # The index, told by file events (delete, then create) as a watcher would.
    for path in paths[:4]:
        index.remove_path(str(path))
        index.add_path(str(path))
    assert [(e.name, e.status.value) for e in index.skills()] == [("fine", "loaded")]


def test_ignore_file_that_is_stdin_or_a_fifo(base: Path) -> None:
    """`.gitignore -> /dev/stdin` once made the server read its own protocol stream."""
    skill = base / "ws" / ".agents" / "skills" / "x"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: x\ndescription: d\n---\nB\n")
    os.symlink("/dev/stdin", base / "ws" / ".gitignore")
    os.mkfifo(base / "ws" / ".agents" / ".ignore")
    os.mkfifo(skill / ".fdignore")
    proc = run_limited(python_argv("-m", "skill_ls", "check", "."), cwd=base / "ws", timeout=120)
    assert proc.returncode in (0, 1), proc.stderr.decode()[-2000:]
    client = WireClient(cwd=base / "ws")
    try:
        client.initialize(base / "ws")
        client.wait_for(lambda: any("found 1 skills" in m for m in client.log_messages()))
        for _ in range(3):
            client.ping(timeout=20)
        assert client.shutdown() == 0
    finally:
        client.kill()


# --- the server ---------------------------------------------------------------------------


def _reference_positions(path: Path) -> list[dict[str, int]]:
    doc = parse_document(path.read_text(), str(path))
    return [
        {"line": ref.range.start.line, "character": ref.range.start.column + 1}
        for ref in doc.references
    ]


@needs_strace
def test_server_features_never_read_what_a_document_points_at(base: Path) -> None:
    hostile = build(base)
    trace = base / "server.trace"
    client = WireClient(
        argv=strace_argv(trace, server_argv()),
        cwd=hostile.workspace,
        env=child_env(HOME=str(hostile.home)),
    )
    transcript: list[object] = []
    try:
        client.initialize(hostile.workspace, pull=True)
        client.wait_for(lambda: any("found" in m for m in client.log_messages()))
        skill_md = hostile.skill_md("refs")
        uri = skill_md.as_uri()
        client.open(uri, skill_md.read_text())
        doc = {"textDocument": {"uri": uri}}
        targets: list[str] = []
        for position in _reference_positions(skill_md):
            at = {**doc, "position": position}
            transcript.append(client.request("textDocument/hover", at))
            definition = client.request("textDocument/definition", at) or []
            targets += [item.get("targetUri") or item["uri"] for item in definition]
            transcript.append(definition)
            transcript.append(
                client.request(
                    "textDocument/references", {**at, "context": {"includeDeclaration": True}}
                )
            )
            transcript.append(client.request("textDocument/completion", at))
        links = client.request("textDocument/documentLink", doc) or []
        targets += [link["target"] for link in links]
        transcript.append(links)
        for method in ("textDocument/documentSymbol", "textDocument/diagnostic"):
            transcript.append(client.request(method, doc))
        # Every link and definition the editor would open stays inside the skill folder.
        real_skill = os.path.realpath(hostile.skill) + os.sep
        outside = [
            t for t in targets if not os.path.realpath(uri_to_path(t) or "").startswith(real_skill)
        ]
        assert outside == [], f"links out of the skill folder: {outside}"
        assert any(t.endswith("references/guide.md") for t in targets)
        for uri_of in ("linked", "to-etc", "to-home", "loop"):
            other = hostile.skill_md(uri_of)
            client.open(other.as_uri(), other.read_text())
            for position in _reference_positions(other):
                at = {"textDocument": {"uri": other.as_uri()}, "position": position}
                transcript.append(client.request("textDocument/hover", at))
                transcript.append(client.request("textDocument/definition", at))
        transcript.append(client.request("workspace/diagnostic", {"previousResultIds": []}))
        transcript.append(client.request("workspace/symbol", {"query": ""}))
        for command, arguments in (
            ("skill-ls.listSkills", []),
            ("skill-ls.lintSkill", ["refs"]),
            ("skill-ls.previewCatalog", [uri, "claude-code"]),
            ("skill-ls.previewActivation", ["refs", "codex"]),
            ("skill-ls.previewActivation", ["linked", "agentskills"]),
            ("skill-ls.readResource", ["refs", "references/guide.md"]),
        ):
            transcript.append(
                client.request(
                    "workspace/executeCommand", {"command": command, "arguments": arguments}
                )
            )
        for relative in (
            "references/leak.md",
            "references/outdir/secret.txt",
            "../../../outside/secret.txt",
            "/etc/passwd",
            "references/../../../../outside/secret.txt",
        ):
            response = client.wait_response(
                client.request_async(
                    "workspace/executeCommand",
                    {"command": "skill-ls.readResource", "arguments": ["refs", relative]},
                )
            )
            assert "error" in response, f"read {relative!r}: {str(response)[:300]}"
        client.ping()
        assert client.shutdown() == 0, client.stderr_tail()
    finally:
        client.kill()
    text = json.dumps(transcript) + json.dumps(client.notifications)
    assert SECRET not in text
    assert "root:x:0:0" not in text  # /etc/passwd
    assert_no_document_driven_reads(hostile, opened_files(trace, hostile.workspace))


def test_nothing_under_scripts_is_executed_or_imported(base: Path) -> None:
    """check, the workspace commands and a full server session over a skill with a
    scripts/evil.py that would create a marker file if run or imported."""
    hostile = build(base, home_link=False, etc_link=False)
    marker = base / "EXECUTED"
    env = child_env(HOME=str(hostile.home), PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    for args in (["check", "."], ["skills", "."], ["catalog", "."], ["activate", "refs", "."]):
        run_limited(
            python_argv("-m", "skill_ls", *args), cwd=hostile.workspace, env=env, timeout=120
        )
    client = WireClient(cwd=hostile.skill / "scripts", env=env)
    try:
        client.initialize(hostile.workspace)
        skill_md = hostile.skill_md("refs")
        client.open(skill_md.as_uri(), skill_md.read_text())
        evil = hostile.skill / "scripts" / "evil.py"
        client.open(evil.as_uri(), evil.read_text(), language="python")
        for position in _reference_positions(skill_md):
            client.request(
                "textDocument/hover",
                {"textDocument": {"uri": skill_md.as_uri()}, "position": position},
            )
        client.ping()
        assert client.shutdown() == 0
    finally:
        client.kill()
    assert not marker.exists(), "a script from the skill ran"
