"""Code actions: one quick fix per core fix, as workspace edits; and "fix all safe problems"."""

from __future__ import annotations

import pytest
from lsprotocol import types

from .support import RecordingClient, codes, diagnostics_for, make_skill, open_doc, replace_all

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def actions_at(
    client: RecordingClient,
    uri: str,
    rng: types.Range,
    diagnostics: list[types.Diagnostic],
    only: list[str] | None = None,
) -> list[types.CodeAction]:
    result = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=rng,
            context=types.CodeActionContext(diagnostics=diagnostics, only=only),
        )
    )
    return [a for a in result or [] if isinstance(a, types.CodeAction)]


def text_edits(action: types.CodeAction, uri: str) -> list[types.TextEdit]:
    edit = action.edit
    assert edit is not None
    if edit.changes is not None:
        return list(edit.changes[uri])
    edits: list[types.TextEdit] = []
    for change in edit.document_changes or []:
        if isinstance(change, types.TextDocumentEdit) and change.text_document.uri == uri:
            edits.extend(e for e in change.edits if isinstance(e, types.TextEdit))
    return edits


def apply(text: str, edits: list[types.TextEdit]) -> str:
    """Apply non-overlapping edits (ASCII text: UTF-16 units are characters)."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(pos: types.Position) -> int:
        return starts[min(pos.line, len(lines))] + pos.character

    for e in sorted(edits, key=lambda e: offset(e.range.start), reverse=True):
        text = text[: offset(e.range.start)] + e.new_text + text[offset(e.range.end) :]
    return text


async def test_quick_fix_for_each_fix(client: RecordingClient) -> None:
    path = make_skill(client.root, "")
    text = "---\nname: Bad_Name\ndescription: Fills forms. Use when asked.\nfoo: 1\n---\n"
    uri = open_doc(client, path, text)
    found = await diagnostics_for(client, uri)
    unknown = next(d for d in found if d.code == "SKL301")
    actions = await actions_at(client, uri, unknown.range, [unknown], ["quickfix"])
    titles = [a.title for a in actions]
    assert titles == ["Move `foo` under `metadata`", "Remove `foo`", "Suppress SKL301 here"]
    assert actions[0].is_preferred
    assert all(a.kind == types.CodeActionKind.QuickFix for a in actions)
    moved = apply(text, text_edits(actions[0], uri))
    assert "metadata:\n  foo:" in moved and "\nfoo: 1" not in moved
    name = next(d for d in found if d.code == "SKL106")
    fixes = await actions_at(client, uri, name.range, [name], ["quickfix"])
    to_folder = next(a for a in fixes if "folder name" in a.title)
    assert f"name: {path.parent.name}\n" in apply(text, text_edits(to_folder, uri))


async def test_create_missing_file_needs_resource_operations(client: RecordingClient) -> None:
    path = make_skill(client.root, "")
    text = f"---\nname: {path.parent.name}\ndescription: Fills forms. Use when asked.\n---\n"
    text += "Run `scripts/go.py`.\n"
    uri = open_doc(client, path, text)
    missing = next(d for d in await diagnostics_for(client, uri) if d.code == "SKL403")
    actions = await actions_at(client, uri, missing.range, [missing], ["quickfix"])
    if client.profile == "vscode":
        assert [a.title for a in actions] == ["Create `scripts/go.py`", "Suppress SKL403 here"]
        edit = actions[0].edit
        assert edit is not None and edit.document_changes is not None
        create = edit.document_changes[0]
        assert isinstance(create, types.CreateFile)
        assert create.uri == (path.parent / "scripts" / "go.py").as_uri()
        assert not (path.parent / "scripts" / "go.py").exists(), "the server never writes"
    else:
        # Neovim 0.7 has no documentChanges: a file creation cannot be expressed (the
        # suppression comment can).
        assert [a.title for a in actions] == ["Suppress SKL403 here"]


async def test_fix_all_applies_every_safe_fix_once(client: RecordingClient) -> None:
    path = make_skill(client.root, "")
    text = (
        "\ufeff---\nname: Bad_Name\ndescription: does: things. Use when asked.\n"
        "foo: bar\n---\n# Body\n"
    )
    uri = open_doc(client, path, text)
    before = await diagnostics_for(client, uri)
    everywhere = types.Range(
        start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)
    )
    actions = await actions_at(client, uri, everywhere, [], ["source.fixAll"])
    assert len(actions) == 1
    fix_all = actions[0]
    assert fix_all.kind == "source.fixAll.skill-ls"
    assert fix_all.title.startswith("Fix all safe problems")
    edits = text_edits(fix_all, uri)
    for a in edits:
        for b in edits:
            if a is not b:
                assert not (
                    (a.range.start.line, a.range.start.character)
                    < (b.range.end.line, b.range.end.character)
                    and (b.range.start.line, b.range.start.character)
                    < (a.range.end.line, a.range.end.character)
                ), "fix all must not produce overlapping edits"
    fixed = apply(text, edits)
    replace_all(client, uri, fixed, 2)
    after = await diagnostics_for(client, uri, version=2)
    assert len(after) < len(before)
    assert "SKL003" not in codes(after)  # the `: ` value got quoted
    assert "SKL201" not in codes(after)  # the BOM is gone


async def test_no_actions_without_fixes(client: RecordingClient) -> None:
    path = make_skill(client.root, "")
    text = f"---\nname: {path.parent.name}\ndescription: Fills forms. Use when asked.\n---\n"
    uri = open_doc(client, path, text)
    await diagnostics_for(client, uri)
    point = types.Position(line=1, character=2)
    assert await actions_at(client, uri, types.Range(start=point, end=point), []) == []
