"""The answers a bundle-manifest check asks of the disk: which folders and files exist below
the manifest's root, through no symbolic link out of it."""

from __future__ import annotations

import os
from dataclasses import replace

from skill_ls.document.manifest_json import JsonDocument
from skill_ls.files import is_within
from skill_ls.gathering.answers import gathered
from skill_ls.rules.answers import Question
from skill_ls.rules.manifests import ManifestContext, ManifestKind, check_manifest
from skill_ls.settings import Settings


def manifest_root(path: str, kind: ManifestKind) -> str:
    """The folder a manifest's paths are relative to (the one holding `.claude-plugin/`)."""
    root = os.path.normpath(os.path.abspath(path))
    for _ in range(kind.relative.count("/") + 1):
        root = os.path.dirname(root)
    return root


def on_disk(
    root: str, path: str, document: JsonDocument, settings: Settings | None = None
) -> ManifestContext:
    """The context of the manifest at `path` (`document`, its text parsed), with the
    answers its check needs: which folders and files exist below `root`, looked up through
    no symbolic link out of it."""
    real_root = os.path.realpath(root)
    tests = {"folder": os.path.isdir, "file": os.path.isfile}

    def look(question: Question) -> bool:
        kind, target = question
        if not is_within(target, root):
            return False
        real = os.path.realpath(target)
        return is_within(real, real_root) and tests[kind](real)

    context = ManifestContext(
        path=os.path.normpath(os.path.abspath(path)), root=root, settings=settings or Settings()
    )
    answers = gathered(
        lambda known: check_manifest(document, replace(context, answers=known)), look
    )
    return replace(context, answers=answers)
