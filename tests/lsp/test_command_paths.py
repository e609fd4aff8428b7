"""Commands that take a path take only skills the server knows, and a skill's files only.

VS Code makes every server command a VS Code command that any extension or link can call,
so a command's arguments are untrusted: a path the workspace index does not know, an open
document aside, is refused with an error answer and nothing is read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from .support import RecordingClient, make_skill, open_doc

pytestmark = pytest.mark.asyncio(loop_scope="session")

SECRET = "TOP SECRET outside the workspace"


async def run(client: RecordingClient, command: str, *arguments: Any) -> Any:
    return await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=command, arguments=list(arguments))
    )


def _outside(tmp_path: Path) -> tuple[Path, Path]:
    """A skill and a plain file in a folder outside the workspace."""
    folder = tmp_path / "elsewhere" / "skills" / "stranger"
    folder.mkdir(parents=True)
    skill_md = folder / "SKILL.md"
    skill_md.write_text(
        f"---\nname: stranger\ndescription: {SECRET}. Use when asked.\n---\n{SECRET}\n",
        encoding="utf-8",
    )
    secret = folder / "secret.txt"
    secret.write_text(SECRET + "\n", encoding="utf-8")
    return skill_md, secret


async def test_read_resource_refuses_paths_the_index_does_not_know(
    client: RecordingClient, tmp_path: Path
) -> None:
    skill_md, secret = _outside(tmp_path)
    attempts = [
        [str(secret.parent), "secret.txt"],  # a folder outside the workspace
        [str(skill_md), "secret.txt"],  # a SKILL.md outside the workspace
        [skill_md.as_uri(), "secret.txt"],
        [str(secret), "secret.txt"],  # a file that is no SKILL.md, beside the target
        ["/etc/hostname", "passwd"],  # the report's example: answered /etc/passwd
    ]
    for arguments in attempts:
        with pytest.raises(Exception, match="not a skill") as raised:
            await run(client, "skill-ls.readResource", *arguments)
        assert SECRET not in str(raised.value)


async def test_lint_skill_refuses_paths_the_index_does_not_know(
    client: RecordingClient, tmp_path: Path
) -> None:
    skill_md, secret = _outside(tmp_path)
    for target in [str(skill_md), skill_md.as_uri(), str(skill_md.parent), str(secret)]:
        with pytest.raises(Exception, match="not a skill"):
            await run(client, "skill-ls.lintSkill", target)


async def test_preview_activation_refuses_paths_the_index_does_not_know(
    client: RecordingClient, tmp_path: Path
) -> None:
    skill_md, secret = _outside(tmp_path)
    for target in [str(skill_md), skill_md.as_uri(), str(secret), "/etc/passwd"]:
        with pytest.raises(Exception, match="not a skill") as raised:
            await run(client, "skill-ls.previewActivation", target, "agentskills")
        assert SECRET not in str(raised.value)


async def test_preview_catalog_refuses_folders_outside_the_workspace(
    client: RecordingClient, tmp_path: Path
) -> None:
    skill_md, _ = _outside(tmp_path)
    for target in [str(skill_md.parent.parent), skill_md.parent.parent.as_uri(), "/"]:
        with pytest.raises(Exception, match="not a workspace folder"):
            await run(client, "skill-ls.previewCatalog", target, "claude-code")


async def test_a_symlinked_resource_leading_out_of_the_skill_is_refused(
    client: RecordingClient, tmp_path: Path
) -> None:
    path = make_skill(client.root, "", files=["references/guide.md"])
    name = path.parent.name
    path.write_text(f"---\nname: {name}\ndescription: Reads. Use when asked.\n---\n")
    _, secret = _outside(tmp_path)
    (path.parent / "references" / "inner").symlink_to(secret.parent, target_is_directory=True)
    await run(client, "skill-ls.reloadWorkspace")
    with pytest.raises(Exception, match="not a file inside"):
        await run(client, "skill-ls.readResource", name, "references/inner/secret.txt")
    # By path of its SKILL.md, too, and by its folder: the skill is known.
    read = await run(client, "skill-ls.readResource", str(path), "references/guide.md")
    assert read["relativePath"] == "references/guide.md"
    read = await run(client, "skill-ls.readResource", str(path.parent), "references/guide.md")
    assert read["relativePath"] == "references/guide.md"


async def test_an_open_skill_document_outside_the_workspace_is_known(
    client: RecordingClient, tmp_path: Path
) -> None:
    skill_md, _ = _outside(tmp_path)
    uri = open_doc(client, skill_md)
    try:
        result = await run(client, "skill-ls.lintSkill", uri)
        assert result["summary"] is not None
        preview = await run(client, "skill-ls.previewActivation", uri, "agentskills")
        assert SECRET in preview["text"]
    finally:
        client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
