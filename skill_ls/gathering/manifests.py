"""The answers a bundle-manifest check asks of the disk: which folders and files exist below
the manifest's root, through no symbolic link out of it."""

from __future__ import annotations

import os
from collections.abc import Callable

from skill_ls.files import is_within
from skill_ls.rules.manifests import ManifestContext, ManifestKind
from skill_ls.settings import Settings


def manifest_root(path: str, kind: ManifestKind) -> str:
    """The folder a manifest's paths are relative to (the one holding `.claude-plugin/`)."""
    root = os.path.normpath(os.path.abspath(path))
    for _ in range(kind.relative.count("/") + 1):
        root = os.path.dirname(root)
    return root


def on_disk(root: str, path: str, settings: Settings | None = None) -> ManifestContext:
    """A context that looks at the disk below `root`, through no symbolic link out of it."""
    real_root = os.path.realpath(root)

    def inside(test: Callable[[str], bool]) -> Callable[[str], bool]:
        def probe(target: str) -> bool:
            if not is_within(target, root):
                return False
            real = os.path.realpath(target)
            return is_within(real, real_root) and test(real)

        return probe

    return ManifestContext(
        path=os.path.normpath(os.path.abspath(path)),
        root=root,
        settings=settings or Settings(),
        is_dir=inside(os.path.isdir),
        is_file=inside(os.path.isfile),
    )
