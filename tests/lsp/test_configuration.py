"""Settings: initializationOptions, workspace/configuration, didChangeConfiguration and the
file configuration, merged; invalid settings warn and never crash. Each test has a server
of its own (settings are global to a server)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from .support import (
    codes,
    diagnostics_for,
    fresh_server,
    make_skill,
    open_doc,
    scanned,
    wait_until,
)

BROKEN = "---\nname: Bad_Name\ndescription: Fills forms. Use when asked.\n---\n# Body\n"
PROFILES = ["vscode", "minimal"]


@pytest.mark.parametrize("profile", PROFILES)
async def test_options_apply_and_invalid_ones_warn(profile: str, tmp_path: Path) -> None:
    options = {
        "skillLs": {"targetClients": ["no-such-client"], "bogus": 1, "rules": {"SKL104": "off"}}
    }
    async with fresh_server(profile, tmp_path, options=options) as client:
        await wait_until(lambda: bool(client.messages))
        warning = client.messages[0]
        assert warning.type == types.MessageType.Warning
        assert "no-such-client" in warning.message and "bogus" in warning.message
        uri = open_doc(client, make_skill(tmp_path, BROKEN))
        found = codes(await diagnostics_for(client, uri))
        assert "SKL104" not in found and "SKL106" in found


async def test_workspace_configuration_then_change(tmp_path: Path) -> None:
    settings = {"rules": {"SKL104": "off"}}
    async with fresh_server("vscode", tmp_path, settings=settings) as client:
        await scanned(client)  # settings are read before the first scan
        registered = [r.method for r in client.registrations]
        assert types.WORKSPACE_DID_CHANGE_CONFIGURATION in registered
        uri = open_doc(client, make_skill(tmp_path, BROKEN))
        assert "SKL104" not in codes(await diagnostics_for(client, uri))
        client.set_configuration({"rules": {"SKL104": "hint"}}, section="skillLs")
        refreshes = client.diagnostic_refresh_count
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
        await wait_until(lambda: client.diagnostic_refresh_count > refreshes)
        found = await diagnostics_for(client, uri)
        hint = next(d for d in found if d.code == "SKL104")
        assert hint.severity == types.DiagnosticSeverity.Hint
        # A configuration file appearing is a watched-file event: re-checked too.
        config = tmp_path / ".skill-ls.toml"
        config.write_text('ignore = ["SKL106"]\n', encoding="utf-8")
        refreshes = client.diagnostic_refresh_count
        client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Created)]
            )
        )
        await wait_until(lambda: client.diagnostic_refresh_count > refreshes)
        assert "SKL106" not in codes(await diagnostics_for(client, uri))


async def test_file_settings_then_did_change_configuration(tmp_path: Path) -> None:
    (tmp_path / ".skill-ls.toml").write_text(
        'ignore = ["SKL453"]\n[rules]\nSKL106 = "error"\n', encoding="utf-8"
    )
    options = {"rules": {"SKL106": "info"}}  # the editor wins over the file
    text = BROKEN.replace("Fills forms. Use when asked.", "Short.")
    async with fresh_server("minimal", tmp_path, options=options) as client:
        uri = open_doc(client, make_skill(tmp_path, text))
        found = await diagnostics_for(client, uri)
        assert "SKL453" not in codes(found) and "SKL104" in codes(found)
        folder = next(d for d in found if d.code == "SKL106")
        assert folder.severity == types.DiagnosticSeverity.Information
        before = len(client.published[uri])
        client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings={"skillLs": {"ignore": ["SKL104"]}})
        )
        await wait_until(
            lambda: (
                len(client.published[uri]) > before
                and "SKL104" not in codes(client.published[uri][-1].diagnostics)
            )
        )


async def test_rule_links_follow_the_docs_url_setting(tmp_path: Path) -> None:
    options = {"skillLs": {"docsUrl": "https://docs.example/rules/{code}.html"}}
    async with fresh_server("vscode", tmp_path, options=options) as client:
        uri = open_doc(client, make_skill(tmp_path, BROKEN))
        found = await diagnostics_for(client, uri)
        links = {d.code: d.code_description.href for d in found if d.code_description}
        assert links["SKL104"] == "https://docs.example/rules/skl104.html"
        assert set(links) == {str(d.code) for d in found}


async def test_a_command_docs_url_setting_never_becomes_a_code_link(tmp_path: Path) -> None:
    # VS Code opens a diagnostic's code link with commands allowed: one click would run it.
    options = {"skillLs": {"docsUrl": "command:workbench.action.terminal.sendSequence"}}
    async with fresh_server("vscode", tmp_path, options=options) as client:
        uri = open_doc(client, make_skill(tmp_path, BROKEN))
        found = await diagnostics_for(client, uri)
        links = {d.code: d.code_description.href for d in found if d.code_description}
        assert links and all(href.startswith("file://") for href in links.values())


@pytest.mark.parametrize("trusted", [True, False])
async def test_an_untrusted_workspace_s_configuration_files_are_not_read(
    trusted: bool, tmp_path: Path
) -> None:
    (tmp_path / ".skill-ls.toml").write_text('ignore = ["SKL104"]\n', encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.skill-ls.rules]\nSKL106 = "off"\n', encoding="utf-8"
    )
    # The user's own values still apply where the editor does not trust the workspace.
    options = {"skillLs": {"rules": {"SKL453": "off"}}, "workspaceTrusted": trusted}
    text = BROKEN.replace("Fills forms. Use when asked.", "Short.")
    async with fresh_server("vscode", tmp_path, options=options) as client:
        uri = open_doc(client, make_skill(tmp_path, text))
        found = codes(await diagnostics_for(client, uri))
        assert "SKL453" not in found
        if trusted:
            assert "SKL104" not in found and "SKL106" not in found
        else:
            assert "SKL104" in found and "SKL106" in found
            # ... and no warning calls the trust flag an unknown setting.
            assert not any("workspaceTrusted" in m.message for m in client.messages)


async def test_a_setting_removed_in_the_editor_goes_although_initialize_had_it(
    tmp_path: Path,
) -> None:
    # VS Code sends only the values the user set, at initialize and in each answer.
    options = {"skillLs": {"rules": {"SKL104": "off"}}, "workspaceTrusted": True}
    async with fresh_server("vscode", tmp_path, options=options, settings={}) as client:
        await scanned(client)
        uri = open_doc(client, make_skill(tmp_path, BROKEN))
        assert "SKL104" in codes(await diagnostics_for(client, uri))
