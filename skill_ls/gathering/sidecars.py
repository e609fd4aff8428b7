"""The answers a check of a skill's `agents/openai.yaml` asks of the disk: the plugin the
skill ships in, and which icon files exist."""

from __future__ import annotations

import os
from pathlib import Path

from skill_ls.files import is_within
from skill_ls.gathering.install import install_tree
from skill_ls.rules.openai_yaml_context import SidecarContext
from skill_ls.settings import Settings


def sidecar_on_disk(path: str, settings: Settings | None = None) -> SidecarContext:
    """A context that looks at the disk: the plugin the skill ships in (by the manifests
    above it), and icon files inside the skill's folder or that plugin, through no link out."""
    path = os.path.normpath(os.path.abspath(path))
    skill_dir = os.path.dirname(os.path.dirname(path))
    plugin = install_tree(Path(skill_dir) / "SKILL.md").plugin_root
    allowed = [folder for folder in (skill_dir, plugin) if folder is not None]

    def probe(target: str) -> bool:
        real = os.path.realpath(target)
        inside = any(is_within(real, os.path.realpath(folder)) for folder in allowed)
        return inside and os.path.isfile(real)

    return SidecarContext(path, plugin, settings or Settings(), probe)
