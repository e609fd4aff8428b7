"""The client's capabilities, resolved once at `initialize` into flags every feature reads.

Features never dig in the raw `ClientCapabilities`: a missing flag here is the one place to
add a new capability check.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lsprotocol import types
from pygls.capabilities import get_capability


@dataclass(frozen=True)
class ClientFlags:
    """What the connected client can do; every field defaults to the most basic client."""

    client_name: str = ""
    # Diagnostics: pull (textDocument/diagnostic) replaces push entirely, never both.
    pull_diagnostics: bool = False
    diagnostic_refresh: bool = False
    # The client asks for code lenses again when told to (workspace/codeLens/refresh).
    code_lens_refresh: bool = False
    related_information: bool = False
    diagnostic_tags: bool = False
    code_description: bool = False
    # Completion, hover and symbols.
    snippets: bool = False
    completion_markdown: bool = False
    hover_markdown: bool = False
    hierarchical_symbols: bool = False
    line_folding_only: bool = False
    definition_links: bool = False
    link_tooltips: bool = False
    code_action_literals: bool = False
    # Workspace edits.
    document_changes: bool = False
    create_files: bool = False
    rename_files: bool = False
    # Workspace services.
    configuration: bool = False
    configuration_dynamic: bool = False
    watched_files_dynamic: bool = False
    relative_patterns: bool = False
    will_rename_files: bool = False
    work_done_progress: bool = False
    apply_edit: bool = False
    # Our own notification `skill-ls/indexChanged` (experimental capability
    # `skillLs.indexChanged`): the VS Code extension's skills view refreshes on it.
    index_changed: bool = False

    @classmethod
    def resolve(cls, params: types.InitializeParams) -> ClientFlags:
        caps = params.capabilities

        def has(path: str) -> bool:
            return bool(get_capability(caps, path, False))

        def kinds(path: str) -> list[Any]:
            value = get_capability(caps, path, None)
            return list(value) if value else []

        resource_ops = kinds("workspace.workspace_edit.resource_operations")
        return cls(
            client_name=params.client_info.name if params.client_info else "",
            pull_diagnostics=get_capability(caps, "text_document.diagnostic", None) is not None,
            diagnostic_refresh=has("workspace.diagnostics.refresh_support"),
            code_lens_refresh=has("workspace.code_lens.refresh_support"),
            related_information=has("text_document.publish_diagnostics.related_information")
            or has("text_document.diagnostic.related_information"),
            diagnostic_tags=bool(
                get_capability(caps, "text_document.publish_diagnostics.tag_support", None)
                or get_capability(caps, "text_document.diagnostic.tag_support", None)
            ),
            code_description=has("text_document.publish_diagnostics.code_description_support")
            or has("text_document.diagnostic.code_description_support"),
            snippets=has("text_document.completion.completion_item.snippet_support"),
            completion_markdown=types.MarkupKind.Markdown
            in kinds("text_document.completion.completion_item.documentation_format"),
            hover_markdown=types.MarkupKind.Markdown in kinds("text_document.hover.content_format"),
            hierarchical_symbols=has(
                "text_document.document_symbol.hierarchical_document_symbol_support"
            ),
            line_folding_only=has("text_document.folding_range.line_folding_only"),
            definition_links=has("text_document.definition.link_support"),
            link_tooltips=has("text_document.document_link.tooltip_support"),
            code_action_literals=get_capability(
                caps, "text_document.code_action.code_action_literal_support", None
            )
            is not None,
            document_changes=has("workspace.workspace_edit.document_changes"),
            create_files=types.ResourceOperationKind.Create in resource_ops,
            rename_files=types.ResourceOperationKind.Rename in resource_ops,
            configuration=has("workspace.configuration"),
            configuration_dynamic=has("workspace.did_change_configuration.dynamic_registration"),
            watched_files_dynamic=has("workspace.did_change_watched_files.dynamic_registration"),
            relative_patterns=has("workspace.did_change_watched_files.relative_pattern_support"),
            will_rename_files=has("workspace.file_operations.will_rename"),
            work_done_progress=has("window.work_done_progress"),
            apply_edit=has("workspace.apply_edit"),
            index_changed=_experimental(caps, "indexChanged"),
        )


def _experimental(caps: types.ClientCapabilities, key: str) -> bool:
    """`experimental.skillLs.<key>` is true (the capability is free-form JSON)."""
    ours = caps.experimental.get("skillLs") if isinstance(caps.experimental, dict) else None
    return isinstance(ours, dict) and ours.get(key) is True
