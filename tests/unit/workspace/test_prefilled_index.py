"""One parse per file: the facts a check takes from the whole parsed file are the facts
indexing reads from the file's head, so the index can take them instead of reading again."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from skill_ls.document import load_document
from skill_ls.workspace import PrefilledIndex, WalkLimits, WorkspaceIndex, facts_of
from skill_ls.workspace.facts import read_facts

from ..workspace_helpers import write_skill

BODY = "\n\n\n# Title\n\nFirst line of the body.\nSecond line.\n\n## More\n\nThird.\nFourth.\n"

DOCUMENTS: dict[str, bytes] = {
    "plain": b"---\nname: pdf\ndescription: Reads PDFs.\n---\n" + BODY.encode(),
    "folded": b"---\nname: pdf\ndescription: >-\n  Reads PDFs\n  and forms.\n---\n" + BODY.encode(),
    "yaml error": b"---\nname: pdf\ndescription: Reads: PDFs: now\n  bad: [\n---\nBody\n",
    "unclosed": b"---\nname: pdf\ndescription: Reads PDFs.\n\n# Body\ntext\n",
    "no frontmatter": b"# Only a body\n\nSome text.\n",
    "bom and crlf": b"\xef\xbb\xbf---\r\nname: pdf\r\ndescription: x\r\n---\r\nBody\r\n",
    "blank lines first": b"\n\n---\nname: pdf\ndescription: x\n---\nBody\n",
    "bad utf-8 in body": b"---\nname: pdf\ndescription: x\n---\nBody \xff\xfe here\n",
    "bad utf-8 in name": b"---\nname: p\xffdf\ndescription: x\n---\nBody\n",
    "duplicate key": b"---\nname: pdf\nname: other\ndescription: x\n---\n",
    "typed fields": b"---\nname: pdf\ndescription: x\ndisable-model-invocation: true\n"
    b"user-invocable: 'no'\nallowed-tools: [Read, Write]\nmetadata:\n  a: b\n---\nBody\n",
    "empty": b"",
    "utf-16": "---\nname: pdf\ndescription: x\n---\nBody\n".encode("utf-16"),
    "long body start": b"---\nname: pdf\ndescription: x\n---\n" + b"\n" * 5000 + b"late line\n",
}


@pytest.mark.parametrize("kind", sorted(DOCUMENTS))
def test_facts_of_the_whole_file_are_those_indexing_reads(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "skills" / "pdf"
    folder.mkdir(parents=True)
    (folder / "agents").mkdir()
    (folder / "agents" / "openai.yaml").write_text("policy:\n  allow_implicit_invocation: false\n")
    path = folder / "SKILL.md"
    path.write_bytes(DOCUMENTS[kind])
    whole = facts_of(load_document(path), str(folder))
    assert whole == read_facts(str(path))


def test_the_index_takes_given_facts_instead_of_reading(tmp_path: Path) -> None:
    project = tmp_path / "project"
    path = write_skill(project / ".claude" / "skills" / "pdf", "pdf")
    real = os.path.realpath(path)
    given = replace(read_facts(real), name="given-name")
    index = PrefilledIndex([project], {real: given}, home=tmp_path / "home", environ={})
    index.scan()
    entry = index.entry_for_path(path)
    assert entry is not None and entry.name == "given-name"
    assert index.reused == 1


def test_given_facts_give_the_same_cross_skill_findings(tmp_path: Path) -> None:
    project = tmp_path / "project"
    home = tmp_path / "home"
    paths = [
        write_skill(project / ".claude" / "skills" / "pdf", "pdf"),
        write_skill(project / ".agents" / "skills" / "pdf", "pdf"),
        write_skill(home / ".claude" / "skills" / "pdf", "pdf"),
        write_skill(project / ".claude" / "skills" / "other", "pdf"),
    ]
    plain = WorkspaceIndex([project], home=home, environ={})
    plain.scan()
    known = {
        os.path.realpath(p): facts_of(load_document(Path(p)), os.path.dirname(p)) for p in paths[:2]
    }
    prefilled = PrefilledIndex([project], known, home=home, environ={})
    prefilled.scan()
    assert prefilled.reused == 2
    found = [plain.cross_skill_diagnostics(p) for p in paths]
    assert any(found)
    assert [prefilled.cross_skill_diagnostics(p) for p in paths] == found


def test_a_walk_that_runs_out_of_time_stops_and_says_so(tmp_path: Path) -> None:
    project = tmp_path / "project"
    for number in range(70):
        write_skill(project / ".claude" / "skills" / f"s{number}" / "deep", f"s{number}")
    index = WorkspaceIndex(
        [project], home=tmp_path / "home", environ={}, limits=WalkLimits(max_seconds=0.0)
    )
    report = index.scan()
    assert [hit.kind for hit in report.bounds_hit] == ["time"]
    assert "stopped after 0 s under" in report.bounds_hit[0].message
