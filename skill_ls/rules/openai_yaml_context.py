"""What a check of one `agents/openai.yaml` knows besides its text (`SidecarContext`); the
edges make one from the disk with `gathering.sidecars.sidecar_on_disk`."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field

from skill_ls.clients.openai_yaml_fields import SIDECAR_PATH
from skill_ls.rules.answers import Answers
from skill_ls.settings import Settings


@dataclass(frozen=True)
class SidecarContext:
    """What a check of one `agents/openai.yaml` knows besides its text."""

    path: str  # the file, absolute and normalised
    plugin_root: str | None = None  # the plugin the skill ships in, if any
    settings: Settings = field(default_factory=Settings)
    # Which absolute paths exist as files, gathered before the check (`sidecar_on_disk`
    # looks only inside the skill's folder or its plugin); tests give their own. A path
    # not among them does not exist.
    answers: Answers = field(default_factory=Answers)

    def is_file(self, path: str) -> bool:
        return self.answers.is_file(path)

    @property
    def skill_dir(self) -> str:
        return posixpath.dirname(posixpath.dirname(self.path))


def is_sidecar(path: str) -> bool:
    """Whether `path` is a skill's `agents/openai.yaml` (by its name and folder)."""
    return ("/" + path.lstrip("/")).endswith("/" + SIDECAR_PATH)  # a POSIX path
