"""A skill's `agents/openai.yaml` open in the editor: its SKL607-SKL612 findings (pushed or
pulled, rechecked on edit, exact ranges), hover on its keys and completion of keys and
values, all over stdio."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from .support import diagnostics_for, fresh_server, open_doc, position_of, replace_all

SKILL = (
    "---\nname: ledger\ndescription: Checks the monthly ledger against the bank statement and "
    "writes a short report of every difference.\n---\n# Ledger\n\nCompare the two files.\n"
)
TEXT = "interface:\n  display_nam: Ledger\npolicy:\n  allow_implicit_invocation: false\n"


def _sidecar(root: Path, text: str = TEXT) -> Path:
    folder = root / ".agents" / "skills" / "ledger"
    (folder / "agents").mkdir(parents=True)
    (folder / "SKILL.md").write_text(SKILL, encoding="utf-8")
    sidecar = folder / "agents" / "openai.yaml"
    sidecar.write_text(text, encoding="utf-8")
    return sidecar


def _found(diagnostics: list[types.Diagnostic]) -> list[tuple[str, int, int, int, int, str]]:
    return [
        (
            str(d.code),
            d.range.start.line,
            d.range.start.character,
            d.range.end.line,
            d.range.end.character,
            d.message,
        )
        for d in diagnostics
    ]


@pytest.mark.parametrize("profile", ["vscode", "minimal"])
async def test_an_open_sidecar_is_checked_and_rechecked_on_edit(
    tmp_path: Path, profile: str
) -> None:
    sidecar = _sidecar(tmp_path)
    async with fresh_server(profile, tmp_path) as client:
        uri = open_doc(client, sidecar)
        assert _found(await diagnostics_for(client, uri, 1)) == [
            (
                "SKL608",
                1,
                2,
                1,
                13,
                "OpenAI Codex does not read `display_nam` under `interface` and ignores it; "
                "did you mean `display_name`?",
            )
        ]
        # The unsaved buffer is what is checked: the key fixed, the policy quoted.
        text = TEXT.replace("display_nam:", "display_name:").replace("false", '"false"')
        replace_all(client, uri, text, 2)
        assert _found(await diagnostics_for(client, uri, 2)) == [
            (
                "SKL609",
                3,
                29,
                3,
                36,
                "OpenAI Codex ignores this whole file: `policy.allow_implicit_invocation` must "
                'be true or false (unquoted), not the text "false"; the skill loads without '
                "the file's interface, dependencies and policy",
            )
        ]
        replace_all(client, uri, text.replace('"false"', "false"), 3)
        assert _found(await diagnostics_for(client, uri, 3)) == []


async def test_hover_on_a_key_and_completion_of_keys_and_values(tmp_path: Path) -> None:
    sidecar = _sidecar(tmp_path, "interface:\n  display_name: Ledger\npolicy:\n  \n")
    async with fresh_server("vscode", tmp_path) as client:
        uri = open_doc(client, sidecar)
        text = sidecar.read_text(encoding="utf-8")
        hover: Any = await client.text_document_hover_async(
            types.HoverParams(types.TextDocumentIdentifier(uri), position_of(text, "display", 3))
        )
        assert isinstance(hover, types.Hover) and isinstance(hover.contents, types.MarkupContent)
        assert hover.contents.value.splitlines()[0] == (
            "**`interface.display_name`** (OpenAI Codex, `agents/openai.yaml`)"
        )
        assert hover.range == types.Range(types.Position(1, 2), types.Position(1, 14))
        completion: Any = await client.text_document_completion_async(
            types.CompletionParams(types.TextDocumentIdentifier(uri), types.Position(3, 2))
        )
        assert isinstance(completion, types.CompletionList)
        assert [(item.label, item.kind) for item in completion.items] == [
            ("allow_implicit_invocation", types.CompletionItemKind.Property),
            ("products", types.CompletionItemKind.Property),
        ]
        first = completion.items[0]
        assert isinstance(first.text_edit, types.TextEdit)
        assert first.text_edit.new_text == "allow_implicit_invocation: ${1:false}"
        replace_all(client, uri, text.replace("policy:\n  \n", "policy:\n  products: [c\n"), 2)
        values: Any = await client.text_document_completion_async(
            types.CompletionParams(types.TextDocumentIdentifier(uri), types.Position(3, 14))
        )
        assert isinstance(values, types.CompletionList)
        assert [(item.label, item.kind) for item in values.items] == [
            ("codex", types.CompletionItemKind.Value),
            ("chatgpt", types.CompletionItemKind.Value),
            ("atlas", types.CompletionItemKind.Value),
        ]
