"""What a check of one `agents/openai.yaml` knows besides its text (`SidecarContext`); the
edges make one from the disk with `gathering.sidecars.sidecar_on_disk`."""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from dataclasses import dataclass, field

from skill_ls.clients.openai_yaml_fields import SIDECAR_PATH
from skill_ls.settings import Settings


@dataclass(frozen=True)
class SidecarContext:
    """What a check of one `agents/openai.yaml` knows besides its text."""

    path: str  # the file, absolute and normalised
    plugin_root: str | None = None  # the plugin the skill ships in, if any
    settings: Settings = field(default_factory=Settings)
    # Whether an absolute path exists as a file: the edges pass `sidecar_on_disk`'s, which
    # looks only inside the skill's folder or its plugin; tests pass their own. Without it
    # no file exists.
    is_file: Callable[[str], bool] = lambda _path: False

    @property
    def skill_dir(self) -> str:
        return posixpath.dirname(posixpath.dirname(self.path))


def is_sidecar(path: str) -> bool:
    """Whether `path` is a skill's `agents/openai.yaml` (by its name and folder)."""
    return ("/" + path.lstrip("/")).endswith("/" + SIDECAR_PATH)  # a POSIX path
