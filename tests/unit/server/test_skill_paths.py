"""Which files the language server checks as skills (`server.documents.is_skill_path`)."""

from __future__ import annotations

from skill_ls.server.documents import is_skill_path


def test_the_server_checks_root_level_markdown_of_the_agents_that_load_it() -> None:
    assert is_skill_path("/p/.agents/skills/tool/SKILL.md", ("codex",))
    assert is_skill_path("/p/.agents/skills/notes.md")
    assert is_skill_path("/p/.agents/skills/notes.md", ("codex", "kimi-code"))
    assert not is_skill_path("/p/.agents/skills/notes.md", ("codex", "pi"))
    assert not is_skill_path("/p/.pi/skills/tool/references/guide.md")
    assert not is_skill_path(None)
