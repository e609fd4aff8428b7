"""Shared pieces of the end-to-end LSP tests: client profiles, a recording client, waits."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "lsp"
TIMEOUT = 15.0

_names = itertools.count(1)


def isolated_env() -> dict[str, str]:
    """The server's environment: this checkout on PYTHONPATH, and an empty HOME so that no
    user-level skills of the machine running the tests leak in."""
    home = tempfile.mkdtemp(prefix="skill-ls-home-")
    return {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "HOME": home,
        "XDG_CONFIG_HOME": os.path.join(home, ".config"),
        "CODEX_HOME": os.path.join(home, ".codex"),
    }


def frame(message: dict[str, Any]) -> bytes:
    """One message as the stdio transport carries it."""
    body = json.dumps(message).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def server_config(
    environ: dict[str, str] | None = None, command: Sequence[str] | None = None
) -> ClientServerConfig:
    """This checkout's server under this Python, or `command` (another way to serve it)."""
    env = {**isolated_env(), **(environ or {})}
    return ClientServerConfig(
        server_command=list(command or [sys.executable, "-m", "skill_ls", "serve"]),
        client_factory=RecordingClient.make,
        server_env=env,
    )


class RecordingClient(LanguageClient):
    """pytest-lsp's client, also recording versions of pushed diagnostics, capability
    registrations and applied edits."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.published: dict[str, list[types.PublishDiagnosticsParams]] = {}
        self.registrations: list[types.Registration] = []
        self.profile = ""
        self.root = Path()
        self.init_result: types.InitializeResult | None = None

    @classmethod
    def make(cls) -> RecordingClient:
        from pygls.protocol import default_converter

        client = cls(converter_factory=default_converter)
        features = dict(DEFAULT_CLIENT_FEATURES)
        features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _record_diagnostics
        features[types.CLIENT_REGISTER_CAPABILITY] = _record_registration
        register_lsp_features(client, features)
        return client

    @property
    def pulls(self) -> bool:
        return self.capabilities is not None and (
            self.capabilities.text_document is not None
            and self.capabilities.text_document.diagnostic is not None
        )


def _record_diagnostics(client: RecordingClient, params: types.PublishDiagnosticsParams) -> None:
    client.diagnostics[params.uri] = params.diagnostics
    client.published.setdefault(params.uri, []).append(params)


def _record_registration(client: RecordingClient, params: types.RegistrationParams) -> None:
    client.registrations.extend(params.registrations)


# --- client capability profiles --------------------------------------------------------


def vscode_like() -> types.ClientCapabilities:
    """A VS Code-like client: pull diagnostics, snippets, markdown, dynamic registration,
    resource operations, file operations and progress (built by hand: pytest-lsp's VS Code
    profile predates pull diagnostics)."""
    markdown = [types.MarkupKind.Markdown, types.MarkupKind.PlainText]
    return types.ClientCapabilities(
        general=types.GeneralClientCapabilities(
            position_encodings=[types.PositionEncodingKind.Utf16]
        ),
        window=types.WindowClientCapabilities(work_done_progress=True),
        workspace=types.WorkspaceClientCapabilities(
            apply_edit=True,
            configuration=True,
            workspace_folders=True,
            workspace_edit=types.WorkspaceEditClientCapabilities(
                document_changes=True,
                resource_operations=[
                    types.ResourceOperationKind.Create,
                    types.ResourceOperationKind.Rename,
                    types.ResourceOperationKind.Delete,
                ],
            ),
            did_change_configuration=types.DidChangeConfigurationClientCapabilities(
                dynamic_registration=True
            ),
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(
                dynamic_registration=True, relative_pattern_support=True
            ),
            diagnostics=types.DiagnosticWorkspaceClientCapabilities(refresh_support=True),
            file_operations=types.FileOperationClientCapabilities(will_rename=True),
            symbol=types.WorkspaceSymbolClientCapabilities(),
        ),
        text_document=types.TextDocumentClientCapabilities(
            synchronization=types.TextDocumentSyncClientCapabilities(did_save=True),
            diagnostic=types.DiagnosticClientCapabilities(
                related_document_support=True,
                related_information=True,
                code_description_support=True,
                tag_support=types.ClientDiagnosticsTagOptions(
                    value_set=[types.DiagnosticTag.Unnecessary, types.DiagnosticTag.Deprecated]
                ),
            ),
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(
                related_information=True, version_support=True, code_description_support=True
            ),
            completion=types.CompletionClientCapabilities(
                completion_item=types.ClientCompletionItemOptions(
                    snippet_support=True, documentation_format=markdown
                )
            ),
            hover=types.HoverClientCapabilities(content_format=markdown),
            definition=types.DefinitionClientCapabilities(link_support=True),
            document_link=types.DocumentLinkClientCapabilities(tooltip_support=True),
            document_symbol=types.DocumentSymbolClientCapabilities(
                hierarchical_document_symbol_support=True
            ),
            folding_range=types.FoldingRangeClientCapabilities(line_folding_only=True),
            code_action=types.CodeActionClientCapabilities(
                code_action_literal_support=types.ClientCodeActionLiteralOptions(
                    code_action_kind=types.ClientCodeActionKindOptions(
                        value_set=[
                            types.CodeActionKind.QuickFix,
                            types.CodeActionKind.Source,
                            types.CodeActionKind.SourceFixAll,
                        ]
                    )
                )
            ),
            rename=types.RenameClientCapabilities(prepare_support=True),
        ),
    )


def minimal() -> types.ClientCapabilities:
    """Neovim 0.7 as recorded by pytest-lsp: push diagnostics, no snippets, no dynamic
    registration, no workspace/configuration, no documentChanges."""
    return client_capabilities("neovim@v0.7.0")


PROFILES: dict[str, Callable[[], types.ClientCapabilities]] = {
    "vscode": vscode_like,
    "minimal": minimal,
}


async def start(
    client: RecordingClient,
    profile: str,
    root: Path,
    options: Any = None,
    settings: dict[str, Any] | None = None,
) -> types.InitializeResult:
    client.profile = profile
    client.root = root
    if settings is not None:
        client.set_configuration(settings, section="skillLs")
    client.init_result = await client.initialize_session(
        types.InitializeParams(
            capabilities=PROFILES[profile](),
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
            initialization_options=options,
            client_info=types.ClientInfo(name=f"pytest-{profile}"),
        )
    )
    return client.init_result


# --- documents and waits ---------------------------------------------------------------


def make_skill(root: Path, text: str, name: str | None = None, files: Sequence[str] = ()) -> Path:
    """A new skill folder with a unique name under `root`; returns its SKILL.md."""
    folder = root / ".claude" / "skills" / (name or f"skill-{next(_names)}")
    folder.mkdir(parents=True, exist_ok=True)
    for relative in files:
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(f"# {relative}\n\nline two\nline three\n", encoding="utf-8")
    path = folder / "SKILL.md"
    path.write_text(text, encoding="utf-8")
    return path


def open_doc(client: LanguageClient, path: Path, text: str | None = None, version: int = 1) -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri,
                language_id="skill",
                version=version,
                text=path.read_text(encoding="utf-8") if text is None else text,
            )
        )
    )
    return uri


def replace_all(client: LanguageClient, uri: str, text: str, version: int) -> None:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


async def wait_until(condition: Callable[[], bool], timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the server")
        await asyncio.sleep(0.01)


async def diagnostics_for(
    client: RecordingClient, uri: str, version: int | None = 1
) -> list[types.Diagnostic]:
    """The diagnostics of `uri` at `version`: pulled, or waited for when pushed."""
    if client.pulls:
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
        return list(report.items)

    def published() -> bool:
        return any(p.version == version for p in client.published.get(uri, []))

    await wait_until(published)
    latest = client.published[uri][-1]
    assert latest.version == version, f"newest publish is for version {latest.version}"
    return list(latest.diagnostics)


def codes(diagnostics: Sequence[types.Diagnostic]) -> list[str]:
    return sorted(str(d.code) for d in diagnostics)


def position_of(text: str, needle: str, offset: int = 0) -> types.Position:
    """The UTF-16 position of `needle` (plus `offset` characters) in `text`."""
    index = text.index(needle) + offset
    before = text[:index]
    line = before.count("\n")
    column = before[before.rfind("\n") + 1 :]
    return types.Position(line=line, character=len(column.encode("utf-16-le")) // 2)


def expected_findings(path: Path, text: str) -> list[tuple[str, int, int]]:
    """(code, line, column) of what the validator itself says about `text` at `path`."""
    from skill_ls.document import parse_document
    from skill_ls.gathering import context_for_document
    from skill_ls.rules import check
    from skill_ls.settings import Settings

    document = parse_document(text, str(path))
    found = check(document, context_for_document(document, path, Settings()))
    return sorted((d.code, d.range.start.line, d.range.start.column) for d in found)


def found(diagnostics: Sequence[types.Diagnostic]) -> list[tuple[str, int, int]]:
    """(code, line, character) of the single-file findings: cross-skill ones (SKL5xx)
    depend on what other tests put in the shared workspace."""
    return sorted(
        (str(d.code), d.range.start.line, d.range.start.character)
        for d in diagnostics
        if not str(d.code).startswith("SKL5")
    )


def edit(
    client: LanguageClient, uri: str, version: int, line: int, start: int, end: int, text: str
) -> None:
    """One incremental change on a single line."""
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(
                        start=types.Position(line=line, character=start),
                        end=types.Position(line=line, character=end),
                    ),
                    text=text,
                )
            ],
        )
    )


@contextlib.asynccontextmanager
async def fresh_server(
    profile: str,
    root: Path,
    options: Any = None,
    settings: dict[str, Any] | None = None,
    environ: dict[str, str] | None = None,
    command: Sequence[str] | None = None,
) -> AsyncIterator[RecordingClient]:
    """A server of its own, for tests that change settings or need a special workspace
    (`environ`: variables set for the server besides the isolated defaults; `command`: see
    `server_config`)."""
    client = await server_config(environ, command).start()
    assert isinstance(client, RecordingClient)
    try:
        await start(client, profile, root, options, settings)
        yield client
        errors = [m.message for m in client.log_messages if m.type == types.MessageType.Error]
        assert not errors, errors
    finally:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(client.shutdown_session(), 10)
        process = client._server  # pytest-lsp's own handle on the server process
        if process is not None and process.returncode is None:
            process.kill()
        await client.stop()  # type: ignore[no-untyped-call]


async def scanned(client: RecordingClient, count: int = 1) -> None:
    """Wait until `count` workspace scans have reported their end."""

    def ended() -> int:
        return sum(
            1
            for reports in client.progress_reports.values()
            if any(isinstance(r, types.WorkDoneProgressEnd) for r in reports)
        )

    await wait_until(lambda: ended() >= count)


async def complete(
    client: LanguageClient, uri: str, position: types.Position
) -> list[types.CompletionItem]:
    """The completion items at `position` (a list or a CompletionList's items)."""
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position
        )
    )
    if result is None:
        return []
    return list(result.items if isinstance(result, types.CompletionList) else result)


async def hover(client: LanguageClient, uri: str, position: types.Position) -> str | None:
    """The hover's text at `position`, if any."""
    result = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position)
    )
    if result is None:
        return None
    assert isinstance(result.contents, types.MarkupContent)
    return result.contents.value
