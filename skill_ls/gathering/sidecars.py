"""The answers a check of a skill's `agents/openai.yaml` asks of the disk: the plugin the
skill ships in, and which icon files exist."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from skill_ls.document.openai_yaml import SidecarDocument
from skill_ls.files import is_within
from skill_ls.gathering.answers import gathered
from skill_ls.gathering.install import install_tree
from skill_ls.rules.answers import Question
from skill_ls.rules.openai_yaml import check_sidecar
from skill_ls.rules.openai_yaml_context import SidecarContext
from skill_ls.settings import Settings


def sidecar_on_disk(
    path: str, document: SidecarDocument, settings: Settings | None = None
) -> SidecarContext:
    """The context of the sidecar at `path` (`document`, its text parsed): the plugin the
    skill ships in (by the manifests above it), and which icon files its check asks about
    exist, inside the skill's folder or that plugin, through no link out."""
    path = os.path.normpath(os.path.abspath(path))
    skill_dir = os.path.dirname(os.path.dirname(path))
    plugin = install_tree(Path(skill_dir) / "SKILL.md").plugin_root
    allowed = [os.path.realpath(folder) for folder in (skill_dir, plugin) if folder is not None]

    def look(question: Question) -> bool:
        real = os.path.realpath(question[1])
        inside = any(is_within(real, folder) for folder in allowed)
        return inside and question[0] == "file" and os.path.isfile(real)

    context = SidecarContext(path, plugin, settings or Settings())
    answers = gathered(lambda known: check_sidecar(document, replace(context, answers=known)), look)
    return replace(context, answers=answers)
