"""Answers for a manifest's or a sidecar's check, gathered in rounds before the check that
counts: a marketplace entry's folder first, then the manifest inside it."""

from __future__ import annotations

import os
from pathlib import Path

from skill_ls.document.manifest_json import read_manifest
from skill_ls.document.openai_yaml import read_sidecar
from skill_ls.gathering.answers import gathered
from skill_ls.gathering.manifests import on_disk
from skill_ls.gathering.sidecars import sidecar_on_disk
from skill_ls.rules.answers import Answers, Question
from skill_ls.rules.manifests import check_manifest


def test_each_question_is_looked_up_once_and_the_rounds_end() -> None:
    looked: list[Question] = []

    def ask(answers: Answers) -> None:
        if answers.is_dir("/srv/m/plugins/x"):
            answers.is_file("/srv/m/plugins/x/.claude-plugin/plugin.json")

    def look(question: Question) -> bool:
        looked.append(question)
        return True

    answers = gathered(ask, look)
    assert looked == [
        ("folder", "/srv/m/plugins/x"),
        ("file", "/srv/m/plugins/x/.claude-plugin/plugin.json"),
    ]
    assert answers.folders == {"/srv/m/plugins/x"}
    assert answers.files == {"/srv/m/plugins/x/.claude-plugin/plugin.json"}


def marketplace(root: Path, source: str) -> Path:
    (root / ".claude-plugin").mkdir(parents=True)
    manifest = root / ".claude-plugin" / "marketplace.json"
    manifest.write_text(
        '{"name": "m", "owner": {"name": "me"},'
        f' "plugins": [{{"name": "x", "source": "{source}"}}]}}',
        encoding="utf-8",
    )
    return manifest


def test_a_marketplace_s_answers_reach_the_manifest_inside_the_entry_s_folder(
    tmp_path: Path,
) -> None:
    market = tmp_path / "market"
    manifest = marketplace(market, "./plugins/x")
    plugin = market / "plugins" / "x" / ".claude-plugin"
    plugin.mkdir(parents=True)
    (plugin / "plugin.json").write_text('{"name": "x"}', encoding="utf-8")
    document = read_manifest(str(manifest))
    assert document is not None
    context = on_disk(str(market), str(manifest), document)
    assert str(market / "plugins" / "x") in context.answers.folders
    assert str(plugin / "plugin.json") in context.answers.files
    assert check_manifest(document, context) == []
    os.unlink(plugin / "plugin.json")  # the answers were gathered: the check reads nothing
    assert check_manifest(document, context) == []
    fresh = on_disk(str(market), str(manifest), document)
    assert [d.code for d in check_manifest(document, fresh)] == ["SKL604"]


def test_a_sidecar_s_icon_is_looked_up_inside_the_skill_folder_only(tmp_path: Path) -> None:
    (tmp_path / "secret.svg").write_text("<svg/>", encoding="utf-8")
    skill = tmp_path / "skill"
    (skill / "agents").mkdir(parents=True)
    (skill / "assets").mkdir()
    (skill / "assets" / "logo.svg").write_text("<svg/>", encoding="utf-8")
    os.symlink(tmp_path / "secret.svg", skill / "assets" / "leak.svg")
    sidecar = skill / "agents" / "openai.yaml"
    sidecar.write_text(
        "interface:\n  icon_small: ./assets/logo.svg\n  icon_large: ./assets/leak.svg\n",
        encoding="utf-8",
    )
    document = read_sidecar(str(sidecar))
    assert document is not None
    context = sidecar_on_disk(str(sidecar), document)
    logo, leak = str(skill / "assets" / "logo.svg"), str(skill / "assets" / "leak.svg")
    assert {path for _, path in context.answers.looked_up} == {logo, leak}
    assert context.answers.files == {logo}
