"""SKL701 over a real index: which agents read a file, and the names each one resolves
(skills found, built-ins), for instruction files and skill bodies."""

from __future__ import annotations

from pathlib import Path

from skill_ls.settings import Settings
from skill_ls.workspace import WorkspaceIndex
from skill_ls.workspace.mentions import mention_offers, read_as_instructions, readers
from tests.unit.workspace_helpers import write_skill


def project(tmp_path: Path) -> Path:
    root = tmp_path.resolve() / "proj"
    (root / ".git").mkdir(parents=True)
    write_skill(root / ".claude" / "skills" / "deploy", "deploy")
    write_skill(root / ".agents" / "skills" / "review", "review")
    return root


def index_of(root: Path, *targets: str) -> WorkspaceIndex:
    index = WorkspaceIndex(
        [root], Settings(target_clients=targets), home=root.parent / "home", environ={}
    )
    index.scan()
    return index


def messages(index: WorkspaceIndex, path: Path, text: str) -> list[tuple[int, str]]:
    return [(d.range.start.line, d.message) for d in index.mention_diagnostics(path, text)]


def test_instruction_files_are_read_by_the_agents_their_rows_name(tmp_path: Path) -> None:
    root = project(tmp_path)
    index = index_of(root, "claude-code", "codex", "pi")

    def ids(relative: str) -> list[str]:
        return [c.id for c in readers(index, str(root / relative))]

    assert ids("CLAUDE.md") == ["claude-code", "pi"]
    assert ids("AGENTS.md") == ["codex", "pi"]
    assert ids(".claude/commands/ship.md") == ["claude-code"]
    assert ids("README.md") == []
    assert ids(".claude/skills/deploy/SKILL.md") == ["claude-code", "codex", "pi"]
    assert read_as_instructions(index.folders, str(root / "QWEN.md"))
    assert not read_as_instructions(index.folders, str(root / "docs" / "notes.md"))


def test_claude_md_typo_and_builtin(tmp_path: Path) -> None:
    root = project(tmp_path)
    index = index_of(root, "claude-code", "codex")
    text = "Ship with /delpoy.\nTidy with /simplfy, then /help.\nRun `/deploy` and $review.\n"
    assert messages(index, root / "CLAUDE.md", text) == [
        (0, "'/delpoy' calls no skill Claude Code knows; did you mean '/deploy'?"),
        # Claude Code's own built-in skill `simplify` counts as a known name.
        (1, "'/simplfy' calls no skill Claude Code knows; did you mean '/simplify'?"),
    ]


def test_agents_md_names_the_agents_that_drop_a_skill(tmp_path: Path) -> None:
    root = project(tmp_path)
    index = index_of(root, "codex", "qwen-code")
    # Codex finds `.agents/skills` but not `.claude/skills`; Qwen Code honours `/name`.
    text = "Use $review, $deploy and $revew.\n"
    assert messages(index, root / "AGENTS.md", text) == [
        (0, "'$revew' calls no skill OpenAI Codex knows; did you mean '$review'?"),
    ]
    # Qwen Code does not look in `.agents/skills` and knows no name close to `review`: an
    # unknown `/name` may be one of its own commands.
    assert index.mention_diagnostics(root / "AGENTS.md", "Use /review.\n") == []


def test_skill_prefix_in_claude_md_for_pi(tmp_path: Path) -> None:
    root = project(tmp_path)
    index = index_of(root, "claude-code", "pi")
    # Both read CLAUDE.md; only pi honours `/skill:name`, and it does not look in
    # `.claude/skills`.
    (finding,) = index.mention_diagnostics(root / "CLAUDE.md", "Then /skill:deploy.\n")
    assert finding.message == "'/skill:deploy' calls no skill pi knows"
    assert finding.data["clients"] == ["pi"]


def test_skill_bodies_are_checked_with_the_cross_skill_findings(tmp_path: Path) -> None:
    root = project(tmp_path)
    review = root / ".agents" / "skills" / "review" / "SKILL.md"
    review.write_text(
        "---\nname: review\ndescription: Reviews. Use when asked.\n---\n\nThen $reveiw again.\n"
    )
    index = index_of(root, "codex")
    found = [d for d in index.cross_skill_diagnostics(review) if d.code == "SKL701"]
    assert [(d.range.start.line, d.message) for d in found] == [
        (5, "'$reveiw' calls no skill OpenAI Codex knows; did you mean '$review'?"),
    ]


def test_no_target_reads_the_file(tmp_path: Path) -> None:
    root = project(tmp_path)
    index = index_of(root, "gemini-cli")
    assert index.mention_diagnostics(root / "CLAUDE.md", "Run /delpoy\n") == []


def test_plugin_skills_resolve_as_plugin_name(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / ".claude-plugin").mkdir()
    (root / ".claude-plugin" / "plugin.json").write_text('{"name": "acme"}\n')
    write_skill(root / "skills" / "lint", "lint")
    index = index_of(root, "claude-code")
    text = "Use /acme:lint, then /acme:lnit.\n"
    assert messages(index, root / "CLAUDE.md", text) == [
        (0, "'/acme:lnit' calls no skill Claude Code knows; did you mean '/acme:lint'?"),
    ]


def test_hidden_and_user_folder_skills_mentioned_in_claude_md(tmp_path: Path) -> None:
    root = project(tmp_path)
    hidden = write_skill(root / ".claude" / "skills" / "release", "release")
    hidden.write_text(
        hidden.read_text().replace("---\n\n", "disable-model-invocation: true\n---\n\n")
    )
    write_skill(root.parent / "home" / ".claude" / "skills" / "notes", "notes")
    index = index_of(root, "claude-code")
    text = "Run /release after /deploy; keep /notes.\n"
    assert messages(index, root / "CLAUDE.md", text) == [
        (
            0,
            "'/release' calls 'release', which Claude Code keeps from the model and will not "
            "activate for it: the model reading this file cannot run it, only a person typing "
            "it can",
        ),
        (
            0,
            "'/notes' resolves only to a skill in a user folder (`~/.claude/skills`) for Claude "
            "Code: others who work in this repository do not have it",
        ),
    ]
    # The user's own CLAUDE.md may call their own skills.
    personal = root.parent / "home" / ".claude" / "CLAUDE.md"
    assert messages(index, personal, "Keep /notes.\n") == []


def test_offers_are_the_readers_skills_in_the_forms_each_honours(tmp_path: Path) -> None:
    root = project(tmp_path)
    hidden = root / ".claude" / "skills" / "secret" / "SKILL.md"
    hidden.parent.mkdir(parents=True)
    hidden.write_text(
        "---\nname: secret\ndescription: Hidden. Use when asked.\n"
        "disable-model-invocation: true\n---\nBody\n"
    )
    write_skill(root / ".claude" / "skills" / "legacy", "Legacy_Tool")
    index = index_of(root, "claude-code", "codex", "pi")
    claude = {o.written: o for o in mention_offers(index, str(root / "CLAUDE.md"))}
    assert claude["/deploy"].skill.path == str(root / ".claude" / "skills" / "deploy" / "SKILL.md")
    assert [c.id for c in claude["/deploy"].clients] == ["claude-code"]
    # Listed by its folder, `legacy`; a skill Claude Code refuses to the model is not offered.
    assert "/legacy" in claude and "/secret" not in claude
    # Codex reads AGENTS.md with `$name`, pi with `/skill:name`, both from .agents/skills.
    agents = {
        o.written: [c.id for c in o.clients] for o in mention_offers(index, str(root / "AGENTS.md"))
    }
    assert agents["$review"] == ["codex"] and agents["/skill:review"] == ["pi"]
    assert not [written for written in agents if written.startswith("/") and ":" not in written]
    # A file no target agent reads offers nothing.
    assert mention_offers(index, str(root / "notes.md")) == []
