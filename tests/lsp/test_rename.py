"""Rename the skill (name, folder, mentions) and keep links working when files move."""

from __future__ import annotations

import pytest
from lsprotocol import types

from .support import RecordingClient, make_skill, open_doc, position_of

pytestmark = pytest.mark.asyncio(loop_scope="session")


def edits_by_uri(edit: types.WorkspaceEdit) -> dict[str, list[types.TextEdit]]:
    if edit.changes is not None:
        return {uri: list(edits) for uri, edits in edit.changes.items()}
    found: dict[str, list[types.TextEdit]] = {}
    for change in edit.document_changes or []:
        if isinstance(change, types.TextDocumentEdit):
            found.setdefault(change.text_document.uri, []).extend(
                e for e in change.edits if isinstance(e, types.TextEdit)
            )
    return found


def renames(edit: types.WorkspaceEdit) -> list[types.RenameFile]:
    return [c for c in edit.document_changes or [] if isinstance(c, types.RenameFile)]


async def test_prepare_rename_only_on_the_name(client: RecordingClient) -> None:
    path = make_skill(client.root, "", name="old-tool")
    text = "---\nname: old-tool\ndescription: Does things. Use when asked.\n---\n"
    uri = open_doc(client, path, text)
    document = types.TextDocumentIdentifier(uri=uri)
    ready = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=document, position=position_of(text, "tool"))
    )
    assert isinstance(ready, types.PrepareRenamePlaceholder)
    assert ready.placeholder == "old-tool"
    assert ready.range.start == position_of(text, "old-tool")
    nothing = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=document, position=position_of(text, "Does"))
    )
    assert nothing is None


async def test_rename_name_folder_and_mentions(client: RecordingClient) -> None:
    path = make_skill(client.root, "", name="pdf-filler", files=["references/usage.md"])
    text = (
        "---\nname: pdf-filler\ndescription: Fills forms. Use when asked.\n---\n"
        "Run /pdf-filler, or ask for `pdf-filler`. Not pdf-fillers.\n"
    )
    path.write_text(text, encoding="utf-8")
    usage = path.parent / "references" / "usage.md"
    usage.write_text("Invoke the pdf-filler skill.\n", encoding="utf-8")
    sibling = make_skill(client.root, "---\nname: other\n---\nThen call pdf-filler.\n")
    uri = open_doc(client, path, text)
    edit = await client.text_document_rename_async(
        types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(text, "pdf-filler"),
            new_name="form-filler",
        )
    )
    assert edit is not None
    by_uri = edits_by_uri(edit)
    own = sorted((e.range.start.line, e.range.start.character) for e in by_uri[uri])
    assert own == [(1, 6), (4, 5), (4, 29)]  # name, /command, `mention`; not pdf-fillers
    assert all(e.new_text == "form-filler" for e in by_uri[uri])
    assert usage.as_uri() in by_uri and sibling.as_uri() in by_uri
    moves = renames(edit)
    if client.profile == "vscode":
        assert [(m.old_uri, m.new_uri) for m in moves] == [
            (path.parent.as_uri(), (path.parent.parent / "form-filler").as_uri())
        ]
        last = (edit.document_changes or [])[-1]
        assert isinstance(last, types.RenameFile), "the folder moves after the text edits"
    else:
        assert moves == []  # no resource operations without documentChanges


async def test_rename_refuses_a_path(client: RecordingClient) -> None:
    path = make_skill(client.root, "", name="keep-me")
    text = "---\nname: keep-me\n---\n"
    uri = open_doc(client, path, text)
    with pytest.raises(Exception, match="cannot be a skill name"):
        await client.text_document_rename_async(
            types.RenameParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=position_of(text, "keep"),
                new_name="../escape",
            )
        )


async def test_will_rename_files_updates_links(client: RecordingClient) -> None:
    if client.profile != "vscode":
        pytest.skip("Neovim 0.7 sends no workspace/willRenameFiles")
    assert client.init_result is not None
    operations = client.init_result.capabilities.workspace
    assert operations is not None and operations.file_operations is not None
    assert operations.file_operations.will_rename is not None
    path = make_skill(client.root, "", files=["references/guide.md"])
    text = (
        "---\nname: x\n---\nRead [it](references/guide.md#top) and "
        "[again](./references/guide.md).\n"
    )
    path.write_text(text, encoding="utf-8")
    uri = open_doc(client, path, text)
    old = path.parent / "references" / "guide.md"
    new = path.parent / "docs" / "setup.md"
    edit = await client.workspace_will_rename_files_async(
        types.RenameFilesParams(
            files=[types.FileRename(old_uri=old.as_uri(), new_uri=new.as_uri())]
        )
    )
    assert edit is not None
    changed = sorted((e.range.start.character, e.new_text) for e in edits_by_uri(edit)[uri])
    assert changed == [
        (position_of(text, "references/guide.md#").character, "docs/setup.md"),
        (position_of(text, "./references/guide.md").character, "./docs/setup.md"),
    ]


async def test_will_rename_skill_folder_renames_the_name(client: RecordingClient) -> None:
    if client.profile != "vscode":
        pytest.skip("Neovim 0.7 sends no workspace/willRenameFiles")
    path = make_skill(client.root, "", name="first-name")
    text = "---\nname: first-name\ndescription: Does. Use when asked.\n---\nRun /first-name.\n"
    path.write_text(text, encoding="utf-8")
    new_folder = path.parent.parent / "second-name"
    edit = await client.workspace_will_rename_files_async(
        types.RenameFilesParams(
            files=[types.FileRename(old_uri=path.parent.as_uri(), new_uri=new_folder.as_uri())]
        )
    )
    assert edit is not None
    changed = sorted((e.range.start.line, e.new_text) for e in edits_by_uri(edit)[path.as_uri()])
    assert changed == [(1, "second-name"), (4, "second-name")]
