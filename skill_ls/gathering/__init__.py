"""What the validator needs from the disk, gathered before it runs: the skill folder's
files, its install tree, the bundle manifests that say who loads it, and the existence of
the files its references lead to. Every edge (the command line, the server's open buffers,
its workspace checks) builds a check's context here; `skill_ls.rules` reads none of it
itself."""

from __future__ import annotations

from pathlib import Path

from skill_ls.clients.table import CLIENTS_BY_ID, clients_for_path, read_as_file
from skill_ls.document import SkillDocument
from skill_ls.gathering.install import (
    FolderFacts,
    bundle_clients,
    install_tree,
)
from skill_ls.gathering.listing import total_bytes, walk_skill_folder
from skill_ls.gathering.lookups import with_lookups
from skill_ls.rules.context import CheckContext
from skill_ls.settings import Settings

__all__ = ["FolderFacts", "context_for_document", "context_for_path", "with_lookups"]


def context_for_path(
    skill_md: Path,
    settings: Settings,
    list_files: bool = True,
    max_files: int = 2000,
    known: dict[str, FolderFacts] | None = None,
) -> CheckContext:
    """The context around a SKILL.md that does not depend on its text (its folder's
    listing, install tree and audience; stays inside its folder and the folders above);
    `known` as for `install_tree`. A check adds its document's lookups (`with_lookups`)."""
    folder = skill_md.parent
    files: set[str] | None = None
    dirs: set[str] = set()
    as_file = read_as_file(str(skill_md))
    # A root-level `*.md` read as a file has no folder of its own (its folder is the root,
    # other skills' too): the rules on a skill's bundled files stay silent for it.
    if list_files and not as_file:
        files = set()
        files_and_dirs = walk_skill_folder(folder, max_files)
        if files_and_dirs is None:
            files = None
        else:
            files, dirs = files_and_dirs
    install = install_tree(skill_md, known) if list_files else None
    skill_bytes = None
    if files is not None and any(
        (limits := CLIENTS_BY_ID[c].upload) is not None and limits.max_upload_bytes is not None
        for c in settings.target_clients
        if c in CLIENTS_BY_ID
    ):
        skill_bytes = total_bytes(folder, files)
    discovered = clients_for_path(str(skill_md))
    if not discovered and install is not None:
        discovered = bundle_clients(install)
    return CheckContext(
        settings=settings,
        folder_name=folder.name,
        skill_files=frozenset(files) if files is not None else None,
        skill_dirs=frozenset(dirs),
        discovered_by=discovered,
        file_name=skill_md.name,
        read_as_file=as_file,
        install=install,
        skill_bytes=skill_bytes,
    )


def context_for_document(
    document: SkillDocument,
    skill_md: Path,
    settings: Settings,
    known: dict[str, FolderFacts] | None = None,
) -> CheckContext:
    """Everything a check of `document` (the SKILL.md at `skill_md`) reads from the disk."""
    return with_lookups(context_for_path(skill_md, settings, known=known), document)
