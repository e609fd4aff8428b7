"""The lookups the context builder makes for a document: which install-tree paths, what they
answer, and whether a cached result's answers still hold."""

from __future__ import annotations

import os
from pathlib import Path

from skill_ls.document import parse_document
from skill_ls.gathering import context_for_document, context_for_path, with_lookups
from skill_ls.gathering.lookups import probes_hold, probes_of
from skill_ls.rules import check
from skill_ls.settings import Settings

from ..unit_helpers import codes, skill

BODY = Settings(select=("SKL403", "SKL404"))
HEAD = ("name: mine", "description: Extracts text from PDF files. Use when asked about PDFs.")


def write(path: Path, text: str = "x\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def collection(root: Path, body: str) -> Path:
    """`root/skills/mine/SKILL.md` with `body`, beside a skill `other` (a skills collection)."""
    write(root / "skills" / "other" / "SKILL.md", skill("name: other", HEAD[1]))
    return write(root / "skills" / "mine" / "SKILL.md", skill(*HEAD, body=body))


def test_a_reference_out_of_the_folder_is_looked_up_before_the_check(tmp_path: Path) -> None:
    skill_md = collection(tmp_path, "See [n](../other/notes.md) and [g](../other/gone.md).\n")
    write(tmp_path / "skills" / "other" / "notes.md")
    document = parse_document(skill_md.read_text(encoding="utf-8"), str(skill_md))
    context = context_for_document(document, skill_md, BODY)
    assert context.install is not None
    other = tmp_path / "skills" / "other"
    assert context.install.looked_up == (str(other / "notes.md"), str(other / "gone.md"))
    assert probes_of(context.install) == (
        (str(other / "notes.md"), True),
        (str(other / "gone.md"), False),
    )
    assert codes(check(document, context)) == ["SKL403"]


def test_the_rules_answer_from_the_lookups_not_from_the_disk(tmp_path: Path) -> None:
    """A context without the document's lookups finds nothing outside the skill folder,
    though the file is there: the rules never look for it themselves."""
    skill_md = collection(tmp_path, "See [n](../other/notes.md).\n")
    write(tmp_path / "skills" / "other" / "notes.md")
    document = parse_document(skill_md.read_text(encoding="utf-8"), str(skill_md))
    bare = context_for_path(skill_md, BODY)
    assert codes(check(document, bare)) == ["SKL403"]
    assert codes(check(document, with_lookups(bare, document))) == []


def test_only_paths_inside_the_install_tree_are_looked_up(tmp_path: Path) -> None:
    write(tmp_path / "secret.txt")
    body = "[a](../../../secret.txt), [b](/etc/passwd), `../other/x.md` and [c](../other/y.md)\n"
    skill_md = collection(tmp_path / "ws", body)
    document = parse_document(skill_md.read_text(encoding="utf-8"), str(skill_md))
    context = context_for_document(document, skill_md, BODY)
    assert context.install is not None
    assert context.install.looked_up == (str(tmp_path / "ws" / "skills" / "other" / "y.md"),)


def test_a_plugin_skill_looks_up_its_plugin_references(tmp_path: Path) -> None:
    plugin = tmp_path / "plugin"
    write(plugin / ".claude-plugin" / "plugin.json", '{"name": "p"}')
    write(plugin / "agents" / "worker.md")
    body = "Follow `agents/worker.md` and ${CLAUDE_PLUGIN_ROOT}/agents/lead.md.\n"
    skill_md = write(plugin / "skills" / "mine" / "SKILL.md", skill(*HEAD, body=body))
    document = parse_document(skill_md.read_text(encoding="utf-8"), str(skill_md))
    context = context_for_document(document, skill_md, BODY)
    assert context.install is not None
    assert str(plugin / "agents" / "worker.md") in context.install.found
    assert str(plugin / "agents" / "worker.md") in context.install.looked_up


def test_probes_hold_while_the_disk_answers_the_same(tmp_path: Path) -> None:
    skill_md = collection(tmp_path, "See [n](../other/notes.md).\n")
    notes = write(tmp_path / "skills" / "other" / "notes.md")
    document = parse_document(skill_md.read_text(encoding="utf-8"), str(skill_md))
    context = context_for_document(document, skill_md, BODY)
    probes = probes_of(context.install)
    assert probes_hold(probes, context_for_path(skill_md, BODY).install)
    os.unlink(notes)
    assert not probes_hold(probes, context_for_path(skill_md, BODY).install)
    assert probes_hold((), None)
    assert not probes_hold(probes, None)
