"""A plugin marketplace opened in the editor: its manifests are checked as JSON documents
(exact ranges, pushed or pulled), and the catalog preview lists the plugins' skills as Claude
Code lists them once installed."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from .support import (
    REPO,
    diagnostics_for,
    expected_findings,
    found,
    fresh_server,
    open_doc,
    position_of,
    replace_all,
    scanned,
)

MARKETPLACE = REPO / "tests" / "fixtures" / "plugin-marketplace"


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "market"
    shutil.copytree(MARKETPLACE, root)
    return root


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
async def test_an_open_marketplace_is_checked_and_rechecked_on_edit(
    tmp_path: Path, profile: str
) -> None:
    root = _copy(tmp_path)
    manifest = root / ".claude-plugin" / "marketplace.json"
    async with fresh_server(profile, root) as client:
        uri = open_doc(client, manifest)
        found = _found(await diagnostics_for(client, uri, 1))
        assert found == [
            (
                "SKL604",
                16,
                16,
                16,
                33,
                "`./plugins/ghost` is not a folder below the marketplace root (a source is "
                "relative to the marketplace root, not to the marketplace file)",
            )
        ]
        # The unsaved buffer is what is checked: a space in a plugin's name.
        text = manifest.read_text(encoding="utf-8").replace('"writing"', '"my writing"', 1)
        replace_all(client, uri, text, 2)
        found = _found(await diagnostics_for(client, uri, 2))
        assert found == [
            (
                "SKL604",
                5,
                14,
                5,
                26,
                "Claude Code refuses the plugin name `my writing`: it must be at least one "
                "character, without spaces, control or bidirectional-formatting characters",
            ),
            (
                "SKL604",
                16,
                16,
                16,
                33,
                "`./plugins/ghost` is not a folder below the marketplace root (a source is "
                "relative to the marketplace root, not to the marketplace file)",
            ),
        ]


async def test_the_catalog_preview_lists_the_plugins_skills_as_installed(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    async with fresh_server("vscode", root) as client:
        await scanned(client)
        result: Any = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(
                command="skill-ls.previewCatalog", arguments=[root.as_uri(), "claude-code"]
            )
        )
        assert result is not None
        plugin_entries = [
            (entry["name"], entry["location"])
            for entry in result["entries"]
            if ":" in entry["name"]
        ]
        plugins = root / "plugins"
        assert plugin_entries == [
            ("writing:draft-notes", str(plugins / "writing/skills/draft-notes/SKILL.md")),
            ("writing:polish-prose", str(plugins / "writing/skills/polish-prose/SKILL.md")),
            ("review:check-diff", str(plugins / "review/skills/check-diff/SKILL.md")),
            ("review:summarise-pr", str(plugins / "review/extra-skills/summarise-pr/SKILL.md")),
        ]
        assert result["text"].startswith(
            "The following skills are available for use with the Skill tool:\n\n"
            "- writing:draft-notes: Draft meeting notes from a transcript. Use when the "
            "user pastes a transcript.\n"
            "- writing:polish-prose: Tighten wording and fix grammar in a draft. Use before "
            "sending any text.\n"
            "- review:check-diff: Review a diff for bugs and missing tests. Use when asked "
            "to review a change.\n"
            "- review:summarise-pr: Summarise a pull request for its reviewers. Use after a "
            "review.\n"
        )


async def _hover(client: Any, uri: str, position: types.Position) -> types.Hover | None:
    params = types.HoverParams(types.TextDocumentIdentifier(uri), position)
    result: types.Hover | None = await client.text_document_hover_async(params)
    return result


async def test_hover_in_a_plugin_manifest_names_its_skills_as_each_agent_lists_them(
    tmp_path: Path,
) -> None:
    root = _copy(tmp_path)
    manifest = root / "plugins" / "review" / ".claude-plugin" / "plugin.json"
    async with fresh_server("vscode", root) as client:
        uri = open_doc(client, manifest)
        text = manifest.read_text(encoding="utf-8")
        hover = await _hover(client, uri, position_of(text, '"review"', 2))
        assert hover is not None and isinstance(hover.contents, types.MarkupContent)
        assert hover.contents.kind == types.MarkupKind.Markdown
        # Claude Code also reads the `skills` key's folder; Codex reads `skills/` only.
        assert hover.contents.value == (
            "**`name`**: the plugin's name, `review`\n\n"
            "- Claude Code: lists its skills as `review:check-diff`, `review:summarise-pr`\n"
            "- OpenAI Codex: lists its skills as `review:check-diff`"
        )
        assert hover.range == types.Range(position_of(text, '"review"'), position_of(text, ","))
        # The unsaved name is the one hovered: a space makes Claude Code refuse the plugin.
        replace_all(client, uri, text.replace('"review"', '"my review"', 1), 2)
        hover = await _hover(client, uri, position_of(text, "name"))
        assert hover is not None and isinstance(hover.contents, types.MarkupContent)
        assert "- Claude Code: refuses the plugin name `my review`: it must be" in (
            hover.contents.value
        )
        assert "- OpenAI Codex: lists its skills as `my review:check-diff`" in hover.contents.value
        # A skill path: what each agent loads from that folder.
        hover = await _hover(client, uri, position_of(text, "./extra-skills", 3))
        assert hover is not None and isinstance(hover.contents, types.MarkupContent)
        assert hover.contents.value == (
            "- `./extra-skills`: Claude Code loads `my review:summarise-pr`"
        )


async def test_hover_on_a_marketplace_entry_says_what_installing_it_gives(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    manifest = root / ".claude-plugin" / "marketplace.json"
    async with fresh_server("minimal", root) as client:
        uri = open_doc(client, manifest)
        text = manifest.read_text(encoding="utf-8")
        hover = await _hover(client, uri, position_of(text, "./plugins/writing", 2))
        assert hover is not None and isinstance(hover.contents, types.MarkupContent)
        assert hover.contents.value.endswith(
            "- Claude Code and OpenAI Codex: lists its skills as `writing:draft-notes`, "
            "`writing:polish-prose`"
        )
        hover = await _hover(client, uri, position_of(text, "./plugins/ghost", 2))
        assert hover is not None and isinstance(hover.contents, types.MarkupContent)
        assert hover.contents.value.endswith(
            "- Claude Code and OpenAI Codex: finds no plugin at `./plugins/ghost` in this "
            "repository"
        )
        # Outside any key the agents read: nothing to say.
        assert await _hover(client, uri, position_of(text, "skill-ls tests", 2)) is None


async def _complete(client: Any, uri: str, position: types.Position) -> list[types.CompletionItem]:
    params = types.CompletionParams(types.TextDocumentIdentifier(uri), position)
    result = await client.text_document_completion_async(params)
    if result is None:
        return []
    return list(result.items if isinstance(result, types.CompletionList) else result)


@pytest.mark.parametrize("profile", ["vscode", "minimal"])
async def test_completion_offers_the_keys_and_folders_a_manifest_can_name(
    tmp_path: Path, profile: str
) -> None:
    root = _copy(tmp_path)
    manifest = root / "plugins" / "review" / ".claude-plugin" / "plugin.json"
    async with fresh_server(profile, root) as client:
        # A key being typed (the editor closed the quote): the keys not there yet.
        text = '{\n  "name": "review",\n  "s"\n}\n'
        uri = open_doc(client, manifest, text)
        items = await _complete(client, uri, position_of(text, '"s"', 2))
        assert [item.label for item in items] == ["skills"]
        edit = items[0].text_edit
        assert isinstance(edit, types.TextEdit)
        assert edit.range == types.Range(types.Position(2, 2), types.Position(2, 5))
        if profile == "vscode":
            assert edit.new_text == '"skills": ["./$1"]'
            assert items[0].insert_text_format == types.InsertTextFormat.Snippet
        else:
            assert edit.new_text == '"skills": ["./"]'
        # Inside a skill path: the plugin's folders that hold skills, not `skills/` itself.
        text = '{\n  "name": "review",\n  "skills": ["./ex"]\n}\n'
        replace_all(client, uri, text, 2)
        items = await _complete(client, uri, position_of(text, "./ex", 4))
        assert [(item.label, item.detail) for item in items] == [
            ("./extra-skills", "1 skill"),
            ("./extra-skills/summarise-pr", "a skill"),
            ("./skills/check-diff", "a skill"),
        ]
        edit = items[0].text_edit
        assert isinstance(edit, types.TextEdit)
        assert edit.range == types.Range(types.Position(2, 14), types.Position(2, 18))
        assert edit.new_text == "./extra-skills"


async def test_completion_of_a_marketplace_source_offers_the_plugin_folders(
    tmp_path: Path,
) -> None:
    root = _copy(tmp_path)
    manifest = root / ".claude-plugin" / "marketplace.json"
    async with fresh_server("vscode", root) as client:
        text = '{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "x", "source": }]}'
        uri = open_doc(client, manifest, text)
        items = await _complete(client, uri, position_of(text, '"source": ', 10))
        # Not in a string yet: the path comes quoted.
        assert [(item.label, item.text_edit.new_text) for item in items if item.text_edit] == [
            ("./plugins/review", '"./plugins/review"'),
            ("./plugins/writing", '"./plugins/writing"'),
        ]
        # The entry's own keys, those not set yet.
        text = '{"name": "m", "plugins": [{"name": "x", }]}'
        replace_all(client, uri, text, 2)
        items = await _complete(client, uri, position_of(text, '"x", ', 5))
        assert [item.label for item in items] == ["source", "strict"]


async def _lens_title(client: Any, uri: str) -> str:
    found = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    [lens] = found
    assert lens.command is not None
    return str(lens.command.title)


async def test_the_code_lens_of_a_plugins_skill_says_how_it_is_listed_once_installed(
    tmp_path: Path,
) -> None:
    root = _copy(tmp_path)
    plugins = root / "plugins"
    async with fresh_server("vscode", root) as client:
        uri = open_doc(client, plugins / "writing" / "skills" / "draft-notes" / "SKILL.md")
        assert await _lens_title(client, uri) == (
            "In plugin writing: listed as writing:draft-notes by Claude Code, OpenAI Codex"
        )
        # A folder named by the manifest's `skills` key: Claude Code reads it, Codex does not.
        path = plugins / "review" / "extra-skills" / "summarise-pr" / "SKILL.md"
        uri = open_doc(client, path)
        assert await _lens_title(client, uri) == (
            "In plugin review: listed as review:summarise-pr by Claude Code · not in a skills "
            "folder of the plugin for OpenAI Codex"
        )
        # The buffer is judged as typed: Claude Code then keeps the skill from the model.
        text = path.read_text(encoding="utf-8").replace(
            "---\n", "---\ndisable-model-invocation: true\n", 1
        )
        replace_all(client, uri, text, 2)
        assert await _lens_title(client, uri) == (
            "In plugin review: hidden from the model by Claude Code · not in a skills folder "
            "of the plugin for OpenAI Codex"
        )
        # A name with a space in the manifest: Claude Code refuses the whole plugin.
        manifest = plugins / "review" / ".claude-plugin" / "plugin.json"
        manifest.write_text(
            manifest.read_text(encoding="utf-8").replace('"review"', '"my review"', 1),
            encoding="utf-8",
        )
        assert await _lens_title(client, uri) == (
            "In plugin my review: plugin refused by Claude Code (refuses the plugin name "
            "`my review`) · not in a skills folder of the plugin for OpenAI Codex"
        )


async def test_the_skills_view_lists_the_plugins_skills_for_the_agents_that_install_them(
    tmp_path: Path,
) -> None:
    root = _copy(tmp_path)
    async with fresh_server("vscode", root) as client:
        await scanned(client)
        view: Any = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="skill-ls.skillsView", arguments=[])
        )
        skills = {skill["id"]: skill for skill in view["skills"]}
        by_agent = {group["id"]: group["items"] for group in view["byAgent"]}
        claude = [(skills[i["skill"]]["name"], i["status"]) for i in by_agent["claude-code"]]
        assert claude == [
            ("writing:draft-notes", "loaded"),
            ("writing:polish-prose", "loaded"),
            ("review:check-diff", "loaded"),
            ("review:summarise-pr", "loaded"),
        ]
        # Codex does not read the manifest's `skills` key: no summarise-pr.
        codex = [skills[i["skill"]]["name"] for i in by_agent["codex"]]
        assert codex == ["writing:draft-notes", "writing:polish-prose", "review:check-diff"]
        first = by_agent["claude-code"][0]
        assert first["detail"] == (
            "Claude Code: loaded once the plugin is installed, as writing:draft-notes"
        )
        folders = [(g["label"], g["scope"], len(g["items"])) for g in view["byFolder"]]
        assert folders == [
            ("plugin review (plugins/review)", "plugin", 2),
            ("plugin writing (plugins/writing)", "plugin", 2),
        ]
        summarise = next(s for s in skills.values() if s["name"] == "review:summarise-pr")
        assert summarise["scope"] == "plugin"
        assert summarise["summary"] == (
            "In plugin review: listed as review:summarise-pr by Claude Code · not in a skills "
            "folder of the plugin for OpenAI Codex"
        )
        assert summarise["location"] == "plugins/review/extra-skills/summarise-pr"


async def test_a_workspace_pull_covers_the_plugins_skills(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    broken = root / "plugins" / "writing" / "skills" / "polish-prose" / "SKILL.md"
    text = "---\nname: polish-prose\n---\nNo description.\n"
    broken.write_text(text, encoding="utf-8")
    async with fresh_server("vscode", root) as client:
        await scanned(client)
        report = await client.workspace_diagnostic_async(
            types.WorkspaceDiagnosticParams(previous_result_ids=[])
        )
        by_uri = {item.uri: item for item in report.items}
        plugins = root / "plugins"
        assert set(by_uri) == {
            (plugins / path / "SKILL.md").as_uri()
            for path in (
                "writing/skills/draft-notes",
                "writing/skills/polish-prose",
                "review/skills/check-diff",
                "review/extra-skills/summarise-pr",
            )
        }
        item = by_uri[broken.as_uri()]
        assert isinstance(item, types.WorkspaceFullDocumentDiagnosticReport)
        # What the validator says of it, judged for the agents that install the plugin.
        assert found(item.items) == expected_findings(broken, text)
        assert "SKL111" in {str(d.code) for d in item.items}
