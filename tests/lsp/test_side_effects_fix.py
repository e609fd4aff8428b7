"""SKL413 over the protocol: the finding on the command, its quick fix adding
`disable-model-invocation: true`, and no place for that fix in "fix all safe problems"
(it changes who may activate the skill)."""

from __future__ import annotations

import pytest
from lsprotocol import types

from .support import RecordingClient, diagnostics_for, make_skill, open_doc, replace_all
from .test_code_actions import actions_at, apply, text_edits

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_side_effect_fix_is_a_quick_fix_and_not_a_safe_one(client: RecordingClient) -> None:
    path = make_skill(client.root, "")
    text = (
        f"---\nname: {path.parent.name}\ndescription: Ships the release. Use when asked.\n---\n"
        "Release:\n\n```bash\ngit push origin main\n```\n"
    )
    uri = open_doc(client, path, text)
    found = [d for d in await diagnostics_for(client, uri) if d.code == "SKL413"]
    assert [(d.severity, d.range.start.line, d.range.start.character) for d in found] == [
        (types.DiagnosticSeverity.Information, 7, 0)
    ]
    actions = await actions_at(client, uri, found[0].range, found, ["quickfix"])
    assert [a.title for a in actions] == [
        "Add `disable-model-invocation: true`",
        "Suppress SKL413 here",
    ]
    fixed = apply(text, text_edits(actions[0], uri))
    assert fixed == "---\ndisable-model-invocation: true\n" + text.removeprefix("---\n")
    everywhere = types.Range(
        start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)
    )
    fix_all = await actions_at(client, uri, everywhere, [], ["source.fixAll"])
    assert all(
        "disable-model-invocation" not in edit.new_text
        for action in fix_all
        for edit in text_edits(action, uri)
    )
    replace_all(client, uri, fixed, 2)
    after = await diagnostics_for(client, uri, version=2)
    assert [d for d in after if d.code == "SKL413"] == []
