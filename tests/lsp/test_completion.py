"""Completion: keys for the target clients, values, metadata keys, and skill-folder paths."""

from __future__ import annotations

import pytest
from lsprotocol import types

from .support import RecordingClient, complete, make_skill, open_doc, position_of

pytestmark = pytest.mark.asyncio(loop_scope="session")


def by_label(items: list[types.CompletionItem]) -> dict[str, types.CompletionItem]:
    return {item.label: item for item in items}


async def test_keys_required_first_with_docs(client: RecordingClient) -> None:
    text = "---\n\nlicense: MIT\n---\n# Body\n"
    path = make_skill(client.root, text)
    uri = open_doc(client, path, text)
    items = await complete(client, uri, types.Position(line=1, character=0))
    labels = by_label(items)
    assert "license" not in labels  # already present
    ordered = [item.label for item in sorted(items, key=lambda i: i.sort_text or "")]
    assert ordered[:2] == ["name", "description"]
    # .claude/skills is Claude Code's: its fields are offered, with their docs.
    assert "effort" in labels and "allowed-tools" in labels
    effort = labels["effort"]
    assert isinstance(effort.documentation, types.MarkupContent)
    assert "Claude Code" in effort.documentation.value
    assert effort.text_edit is not None
    if client.profile == "vscode":
        assert effort.insert_text_format == types.InsertTextFormat.Snippet
        assert "${1|low,medium,high,xhigh,max|}" in effort.text_edit.new_text
        assert labels["name"].text_edit is not None
        assert path.parent.name in labels["name"].text_edit.new_text
    else:
        # Neovim 0.7 declares no snippet support: plain text only.
        assert all(i.insert_text_format != types.InsertTextFormat.Snippet for i in items)
        assert effort.text_edit.new_text == "effort: "


async def test_keys_follow_the_target_clients(client: RecordingClient) -> None:
    # A skill under .gemini/skills: Gemini CLI reads only the spec's fields.
    folder = client.root / ".gemini" / "skills" / "gem"
    folder.mkdir(parents=True)
    path = folder / "SKILL.md"
    text = "---\n\n---\n"
    path.write_text(text, encoding="utf-8")
    uri = open_doc(client, path, text)
    labels = by_label(await complete(client, uri, types.Position(line=1, character=0)))
    assert "name" in labels and "metadata" in labels
    assert "effort" not in labels and "argument-hint" not in labels


async def test_values_enums_booleans_and_folder_name(client: RecordingClient) -> None:
    text = "---\nname: \neffort: h\nuser-invocable: \n---\n"
    path = make_skill(client.root, text)
    uri = open_doc(client, path, text)
    names = by_label(await complete(client, uri, types.Position(line=1, character=6)))
    assert list(names) == [path.parent.name]
    efforts = await complete(client, uri, types.Position(line=2, character=9))
    assert [i.label for i in efforts] == ["low", "medium", "high", "xhigh", "max"]
    high = by_label(efforts)["high"].text_edit
    assert isinstance(high, types.TextEdit)
    assert high.range.start == types.Position(line=2, character=8)  # replaces the typed `h`
    booleans = await complete(client, uri, types.Position(line=3, character=16))
    assert sorted(i.label for i in booleans) == ["false", "true"]


async def test_metadata_keys(client: RecordingClient) -> None:
    text = "---\nname: x\nmetadata:\n  author: me\n  \n---\n"
    path = make_skill(client.root, text)
    uri = open_doc(client, path, text)
    labels = by_label(await complete(client, uri, types.Position(line=4, character=2)))
    assert "version" in labels and "author" not in labels


async def test_reference_paths_inside_the_skill_folder_only(client: RecordingClient) -> None:
    files = ["zeta.md", "assets/logo.png", "references/guide.md", "scripts/run.py"]
    path = make_skill(client.root, "", files=files)
    outside = path.parent.parent / "outside.md"
    outside.write_text("secret\n", encoding="utf-8")
    text = "---\nname: x\n---\nSee [guide](ref) and `scr`\n"
    path.write_text(text, encoding="utf-8")
    uri = open_doc(client, path, text)
    in_link = await complete(client, uri, position_of(text, "ref)", 3))
    ordered = [i.label for i in sorted(in_link, key=lambda i: i.sort_text or "")]
    assert ordered == ["scripts/run.py", "references/guide.md", "assets/logo.png", "zeta.md"]
    assert not any("outside" in label or label == "SKILL.md" for label in ordered)
    edit = by_label(in_link)["references/guide.md"].text_edit
    assert isinstance(edit, types.TextEdit)
    assert edit.range.start == position_of(text, "ref)")
    assert edit.range.end == position_of(text, "ref)", 3)
    in_code = await complete(client, uri, position_of(text, "scr`", 3))
    assert "scripts/run.py" in by_label(in_code)


async def test_no_completion_outside_skill_files(client: RecordingClient) -> None:
    other = client.root / "README.md"
    other.write_text("---\n\n---\n", encoding="utf-8")
    uri = open_doc(client, other)
    assert await complete(client, uri, types.Position(line=1, character=0)) == []


async def test_frontmatter_skeleton_in_an_empty_file(client: RecordingClient) -> None:
    path = make_skill(client.root, "")
    uri = open_doc(client, path, "")
    items = await complete(client, uri, types.Position(line=0, character=0))
    assert [i.label for i in items] == ["---"]
    edit = items[0].text_edit
    assert isinstance(edit, types.TextEdit)
    assert edit.new_text.startswith("---\nname: ")
    assert path.parent.name in edit.new_text
    if client.profile == "minimal":
        assert items[0].insert_text_format == types.InsertTextFormat.PlainText
