"""An open plugin, extension or marketplace manifest (a JSON document), or a skill's
`agents/openai.yaml`: its findings from the validator (`rules.manifests`, `rules.openai_yaml`,
SKL6xx), in the client's terms. Nothing here decides what
is wrong with a manifest; it only routes the document and translates the answer."""

from __future__ import annotations

from lsprotocol import types

from skill_ls.document.manifest_json import parse_json
from skill_ls.document.openai_yaml import parse_sidecar
from skill_ls.gathering.manifests import manifest_root, on_disk
from skill_ls.gathering.sidecars import sidecar_on_disk
from skill_ls.rules.manifests import check_manifest, manifest_kind
from skill_ls.rules.openai_yaml import check_sidecar
from skill_ls.rules.openai_yaml_context import is_sidecar
from skill_ls.server.convert import to_lsp_diagnostics
from skill_ls.server.documents import Snapshot
from skill_ls.server.session import Session


def is_manifest(snapshot: Snapshot) -> bool:
    """Whether the document is a manifest or a skill's sidecar some client reads (by its path)."""
    path = snapshot.path
    return path is not None and (manifest_kind(path) is not None or is_sidecar(path))


def manifest_diagnostics(session: Session, snapshot: Snapshot) -> list[types.Diagnostic]:
    """The manifest's findings for this version of its text (blocking: reads which folders
    exist below the manifest's root)."""
    path = snapshot.path
    kind = manifest_kind(path) if path is not None else None
    if path is not None and kind is None and is_sidecar(path):
        settings = session.settings_for(path)
        sidecar = parse_sidecar(snapshot.text)
        found = check_sidecar(sidecar, sidecar_on_disk(path, sidecar, settings))
    elif path is None or kind is None:
        return []
    else:
        settings = session.settings_for(path)
        document = parse_json(snapshot.text)
        context = on_disk(manifest_root(path, kind), path, document, settings)
        found = check_manifest(document, context)
    return to_lsp_diagnostics(
        found,
        snapshot.index,
        session.mapper,
        session.flags,
        session.line_index_for,
        settings.docs_url,
    )
