"""The bundle and marketplace manifests a `skill-ls check` meets, and one manifest read and
checked (SKL6xx)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from skill_ls.clients.table import CLIENTS
from skill_ls.diagnostics import Diagnostic
from skill_ls.document.manifest_json import JsonDocument, read_manifest
from skill_ls.gathering.install import (
    FolderFacts,
    install_tree,
)
from skill_ls.gathering.manifests import manifest_root, on_disk
from skill_ls.rules.manifests import (
    check_manifest,
    manifest_kind,
)
from skill_ls.settings import Settings
from skill_ls.workspace.bundle_contents import ManifestReads
from skill_ls.workspace.bundles import bundles_from


def known_manifests() -> tuple[str, ...]:
    """Every bundle and marketplace manifest path (relative to its root) some client reads."""
    found: dict[str, None] = {}
    for client in CLIENTS:
        for form in client.bundles:
            for relative in (*form.manifests, *form.marketplaces):
                found[relative] = None
    return tuple(found)


def manifests_met(
    paths: Sequence[Path],
    skill_files: Sequence[Path],
    known: dict[str, FolderFacts] | None = None,
) -> list[Path]:
    """The manifests a check of `paths` meets: a manifest named itself, those at the top of
    each folder named, those of the bundles the skills found are installed with, and those
    of the plugins a marketplace met lists with a local source. In that order, once each."""
    found: dict[str, Path] = {}

    def add(path: str) -> None:
        if os.path.isfile(path) and manifest_kind(path) is not None:
            found.setdefault(os.path.normpath(os.path.abspath(path)), Path(path))

    def add_root(folder: str) -> None:
        for relative in known_manifests():
            add(os.path.join(folder, relative))

    for path in paths:
        if path.is_file():
            add(str(path))
        elif path.is_dir():
            add_root(str(path))
    # `known`: what an earlier look at the same folders learnt (a check of these skills).
    if known is None:
        known = {}
    for skill_md in skill_files:
        root = install_tree(skill_md, known).plugin_root
        if root is not None:
            add_root(root)
    for manifest in list(found.values()):
        kind = manifest_kind(str(manifest))
        if kind is None or kind.role != "marketplace":
            continue
        root = manifest_root(str(manifest), kind)
        reads = ManifestReads()
        for _, form in kind.formats:
            for bundle in bundles_from(root, form, reads):
                if bundle.manifest:
                    add(bundle.manifest)
    return list(found.values())


def check_manifest_file(
    path: Path, settings: Settings
) -> tuple[JsonDocument | None, list[Diagnostic]]:
    """Read and check one manifest (SKL6xx); (None, []) when it cannot be read or is not one."""
    kind = manifest_kind(str(path))
    document = read_manifest(str(path))
    if kind is None or document is None:
        return None, []
    root = manifest_root(str(path), kind)
    return document, check_manifest(document, on_disk(root, str(path), document, settings))
