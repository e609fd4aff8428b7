"""What a check of one `agents/openai.yaml` knows besides its text (`SidecarContext`), and
how the edges make one from the disk."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from skill_ls.clients.openai_yaml_fields import SIDECAR_PATH
from skill_ls.files import is_within
from skill_ls.rules.context import install_tree
from skill_ls.settings import Settings


@dataclass(frozen=True)
class SidecarContext:
    """What a check of one `agents/openai.yaml` knows besides its text."""

    path: str  # the file, absolute and normalised
    plugin_root: str | None = None  # the plugin the skill ships in, if any
    settings: Settings = field(default_factory=Settings)
    # Whether an absolute path exists as a file (tests pass their own; `sidecar_on_disk`
    # looks only inside the skill's folder or its plugin).
    is_file: Callable[[str], bool] = os.path.isfile

    @property
    def skill_dir(self) -> str:
        return os.path.dirname(os.path.dirname(self.path))


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


def is_sidecar(path: str) -> bool:
    """Whether `path` is a skill's `agents/openai.yaml` (by its name and folder)."""
    return ("/" + path.replace(os.sep, "/").lstrip("/")).endswith("/" + SIDECAR_PATH)
