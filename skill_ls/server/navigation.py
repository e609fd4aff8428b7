"""Document links, go to definition, and find references for relative references."""

from __future__ import annotations

import asyncio
import os

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.server.binding import bind
from skill_ls.server.documents import path_to_uri
from skill_ls.server.editor_text.skill_md_hover import find_reference
from skill_ls.server.feature_table import DOCUMENT_LINK_OPTIONS
from skill_ls.server.instruction_diagnostics import (
    caller_files,
    is_instruction_file,
    mention_definitions,
    mention_under,
    naming_skill,
)
from skill_ls.server.isolation import isolated
from skill_ls.server.references import candidate_skill_files, mentions_of, resolve_reference
from skill_ls.server.rename_plan import name_value, skill_mentions
from skill_ls.server.session import Session

MAX_LINKS = 2000
_START = types.Range(
    start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)
)


@isolated()
def document_links(
    session: Session, params: types.DocumentLinkParams
) -> list[types.DocumentLink] | None:
    snapshot = session.snapshot(params.text_document.uri)
    if snapshot is None or snapshot.path is None or not session.is_skill(snapshot):
        return None
    links = []
    for ref in snapshot.parsed.references[:MAX_LINKS]:
        path = resolve_reference(snapshot.path, ref.target)
        if path is None or not os.path.exists(path):
            continue
        links.append(
            types.DocumentLink(
                range=session.mapper.to_client_range(snapshot.index, ref.range),
                target=path_to_uri(path),
                tooltip=f"Open {ref.target}" if session.flags.link_tooltips else None,
            )
        )
    return links


@isolated()
def definition(
    session: Session, params: types.DefinitionParams
) -> list[types.Location] | list[types.LocationLink] | None:
    snapshot = session.snapshot(params.text_document.uri)
    if snapshot is None or snapshot.path is None:
        return None
    skill = session.is_skill(snapshot)
    if not skill and not is_instruction_file(session, snapshot):
        return None
    ref = None
    if skill:
        pos = session.mapper.from_client(snapshot.index, params.position)
        ref = find_reference(snapshot.parsed, pos)
    if ref is None:
        # A mention of a skill: the SKILL.md each agent reading this file would load.
        mention = mention_under(session, snapshot, params.position)
        if mention is None:
            return None
        origin = session.mapper.to_client_range(snapshot.index, mention.range)
        return _locations(session, mention_definitions(session, snapshot, mention), origin)
    path = resolve_reference(snapshot.path, ref.target)
    if path is None or not os.path.exists(path):
        return None
    uri = path_to_uri(path)
    if session.flags.definition_links:
        return [
            types.LocationLink(
                target_uri=uri,
                target_range=_START,
                target_selection_range=_START,
                origin_selection_range=session.mapper.to_client_range(snapshot.index, ref.range),
            )
        ]
    return [types.Location(uri=uri, range=_START)]


def _locations(
    session: Session, paths: list[str], origin: types.Range
) -> list[types.Location] | list[types.LocationLink] | None:
    if not paths:
        return None
    if session.flags.definition_links:
        return [
            types.LocationLink(
                target_uri=_uri_for(session, path),
                target_range=_START,
                target_selection_range=_START,
                origin_selection_range=origin,
            )
            for path in paths
        ]
    return [types.Location(uri=_uri_for(session, path), range=_START) for path in paths]


@isolated()
async def references(
    session: Session, params: types.ReferenceParams
) -> list[types.Location] | None:
    """From a bundled file: every SKILL.md reference to it. From a reference in a
    SKILL.md: every reference to the same file."""
    snapshot = session.snapshot(params.text_document.uri)
    if snapshot is None or snapshot.path is None:
        return None
    path: str | None = snapshot.path
    if session.is_skill(snapshot):
        pos = session.mapper.from_client(snapshot.index, params.position)
        value = name_value(snapshot.parsed)
        if value is not None and value.value and value.range.contains(pos):
            # From the skill's `name`: where it is called by name.
            return await asyncio.to_thread(_callers, session, snapshot.path, value.value)
        ref = find_reference(snapshot.parsed, pos)
        path = resolve_reference(snapshot.path, ref.target) if ref is not None else None
    if path is None:
        return None
    target = path
    candidates = await asyncio.to_thread(candidate_skill_files, session, target)
    found = await asyncio.to_thread(lambda: list(mentions_of(session, target, candidates)))
    locations = []
    for mention in found:
        line_index = session.line_index_for(mention.skill_md)
        if line_index is None:
            continue
        locations.append(
            types.Location(
                uri=_uri_for(session, mention.skill_md),
                range=session.mapper.to_client_range(line_index, mention.reference.range),
            )
        )
    return locations


def _callers(session: Session, skill_md: str, name: str) -> list[types.Location]:
    """The mentions of the skill `name` in the files that may call it by name."""
    locations = []
    keep = naming_skill(session, skill_md)
    for path, mention in skill_mentions(
        caller_files(session, skill_md), session.text_of, name, keep
    ):
        line_index = session.line_index_for(path)
        if line_index is not None:
            locations.append(
                types.Location(
                    uri=_uri_for(session, path),
                    range=session.mapper.to_client_range(line_index, mention.range),
                )
            )
    return locations


def _uri_for(session: Session, path: str) -> str:
    open_doc = session.documents.by_path(path)
    return open_doc.uri if open_doc is not None else path_to_uri(path)


def register(server: LanguageServer, session: Session) -> None:
    server.feature(types.TEXT_DOCUMENT_DOCUMENT_LINK, DOCUMENT_LINK_OPTIONS)(
        bind(document_links, session)
    )
    server.feature(types.TEXT_DOCUMENT_DEFINITION)(bind(definition, session))
    server.feature(types.TEXT_DOCUMENT_REFERENCES)(bind(references, session))
