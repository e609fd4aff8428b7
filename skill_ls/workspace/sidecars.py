"""The `agents/openai.yaml` files a check meets, read and checked (SKL607-SKL612): one named
itself, and the one beside each SKILL.md the check found."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from skill_ls.clients.openai_yaml_fields import SIDECAR_PATH
from skill_ls.diagnostics import Diagnostic
from skill_ls.document.openai_yaml import SidecarDocument, read_sidecar
from skill_ls.gathering.sidecars import sidecar_on_disk
from skill_ls.rules.openai_yaml import check_sidecar
from skill_ls.rules.openai_yaml_context import is_sidecar
from skill_ls.settings import Settings


def sidecars_met(paths: Sequence[Path], skill_files: Sequence[Path]) -> list[Path]:
    """The sidecars named in `paths`, then those beside `skill_files`; once each, in order."""
    found: dict[str, Path] = {}

    def add(path: Path) -> None:
        if os.path.isfile(path):
            found.setdefault(os.path.normpath(os.path.abspath(path)), path)

    for path in paths:
        if is_sidecar(str(path)):
            add(path)
    for skill_md in skill_files:
        add(skill_md.parent / SIDECAR_PATH)
    return list(found.values())


def check_sidecar_file(
    path: Path, settings: Settings
) -> tuple[SidecarDocument | None, list[Diagnostic]]:
    """Read and check one sidecar; (None, []) when it cannot be read."""
    document = read_sidecar(str(path))
    if document is None:
        return None, []
    return document, check_sidecar(document, sidecar_on_disk(str(path), document, settings))
