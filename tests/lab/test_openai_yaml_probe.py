"""The `agents/openai.yaml` outcomes observed with Codex (`clientlab/openai_yaml_probe.py`),
replayed against skill-ls without running Codex: for every variant, whether Codex lists the
skill is what skill-ls predicts from the file (the hiding flag it indexes, and SKL612 for a
`products` list without Codex)."""

from __future__ import annotations

from pathlib import Path

import pytest

from clientlab.openai_yaml_probe import LISTED, VARIANTS
from skill_ls.clients.listing import CODEX_IMPLICIT_INVOCATION
from skill_ls.document.openai_yaml import read_sidecar
from skill_ls.gathering.sidecars import sidecar_on_disk
from skill_ls.rules.openai_yaml import NOT_FOR_CODEX, check_sidecar
from skill_ls.workspace.facts import read_facts


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_skill_ls_predicts_what_codex_did(tmp_path: Path, variant: str) -> None:
    text, observed = VARIANTS[variant]
    folder = tmp_path / variant
    (folder / "agents").mkdir(parents=True)
    sidecar = folder / "agents" / "openai.yaml"
    sidecar.write_text(text, encoding="utf-8")
    (folder / "SKILL.md").write_text(f"---\nname: {variant}\ndescription: Probe.\n---\nBody\n")
    hidden = read_facts(str(folder / "SKILL.md")).flags.get(CODEX_IMPLICIT_INVOCATION) is False
    document = read_sidecar(str(sidecar))
    assert document is not None
    codes = {d.code for d in check_sidecar(document, sidecar_on_disk(str(sidecar), document))}
    predicted = "hidden" if hidden or NOT_FOR_CODEX.code in codes else LISTED
    assert predicted == observed
