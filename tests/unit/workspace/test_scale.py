"""Scale: a large generated collection indexes in time linear in its size, and a change to
one skill costs a tiny fraction of a scan. CPU time is measured, so a busy machine does not
make the test flaky; the bounds are loose guards against accidental quadratic work."""

from __future__ import annotations

import time
from pathlib import Path

from skill_ls.render import catalog_for
from skill_ls.workspace import WorkspaceIndex

COUNT = 1000


def generate(root: Path, count: int) -> Path:
    skills = root / "project" / ".agents" / "skills"
    for i in range(count):
        folder = skills / f"skill-{i:05d}"
        (folder / "references").mkdir(parents=True)
        (folder / "SKILL.md").write_text(
            f'---\nname: skill-{i:05d}\ndescription: "Does task {i}. Use when asked about {i}."\n'
            f"---\n\n# Skill {i}\n\n" + "Body line.\n" * 40
        )
        (folder / "references" / "guide.md").write_text("Guide.\n")
    return root / "project"


def test_large_collection(tmp_path: Path) -> None:
    project = generate(tmp_path, COUNT)
    index = WorkspaceIndex([project], home=tmp_path / "home", environ={})
    started = time.process_time()
    report = index.scan()
    scan_cpu = time.process_time() - started
    assert report.skills == COUNT
    assert scan_cpu < 15, f"scan of {COUNT} skills took {scan_cpu:.1f} s of CPU"

    started = time.process_time()
    assert len(index.skills()) == COUNT
    # .agents is not Claude Code's root: it lists its own built-in skills only.
    assert "- skill-" not in catalog_for(index, "claude-code").text
    rendering = catalog_for(index, "codex")
    assert rendering.truncated_at is not None  # 1,000 entries overflow the 8,000 budget
    listing_cpu = time.process_time() - started
    assert listing_cpu < 15

    path = project / ".agents/skills/skill-00042/SKILL.md"
    started = time.process_time()
    for round_ in range(20):  # keystrokes in an open buffer
        index.set_buffer(path, f"---\nname: skill-00042\ndescription: Edit {round_}. Use.\n---\n")
        index.cross_skill_diagnostics(path)
    per_keystroke = (time.process_time() - started) / 20
    assert per_keystroke < max(scan_cpu / 50, 0.01)
