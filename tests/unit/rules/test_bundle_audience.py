"""A skill inside a plugin or an extension is judged for the agents that install that bundle,
not for every agent (before, a skill outside every agent's folders had all of them)."""

from __future__ import annotations

from pathlib import Path

from skill_ls.document import load_document
from skill_ls.gathering import context_for_document, context_for_path
from skill_ls.rules import check
from skill_ls.settings import Settings

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "plugin-marketplace"
TEXT = (
    "---\nname: notes\ndescription: Takes notes. Use when asked to take notes.\n"
    "argument-hint: [file]\n---\n\nBody.\n"
)


def _audience(skill_md: Path) -> list[str]:
    return [client.id for client in context_for_path(skill_md, Settings()).discovered_by]


def test_a_plugins_skills_are_judged_for_the_agents_that_install_plugins() -> None:
    plugins = FIXTURE / "plugins"
    assert _audience(plugins / "writing/skills/draft-notes/SKILL.md") == ["claude-code", "codex"]
    # A folder the manifest's `skills` key names: only Claude Code reads that key.
    assert _audience(plugins / "review/extra-skills/summarise-pr/SKILL.md") == ["claude-code"]


def test_an_extensions_skill_is_judged_for_gemini_cli(tmp_path: Path) -> None:
    (tmp_path / "gemini-extension.json").write_text('{"name": "x", "version": "1"}')
    skill = tmp_path / "skills" / "notes" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(TEXT, encoding="utf-8")
    assert _audience(skill) == ["gemini-cli"]
    # Not in the extension's skills folder: no agent loads it from the bundle.
    other = tmp_path / "docs" / "notes" / "SKILL.md"
    other.parent.mkdir(parents=True)
    other.write_text(TEXT, encoding="utf-8")
    assert _audience(other) == []


def test_findings_follow_the_bundle_audience(tmp_path: Path) -> None:
    plugin = tmp_path / "plugin"
    (plugin / ".claude-plugin").mkdir(parents=True)
    (plugin / ".claude-plugin" / "plugin.json").write_text('{"name": "p"}', encoding="utf-8")
    inside = plugin / "skills" / "notes" / "SKILL.md"
    alone = tmp_path / "alone" / "notes" / "SKILL.md"
    for path in (inside, alone):
        path.parent.mkdir(parents=True)
        path.write_text(TEXT, encoding="utf-8")

    def typed(path: Path) -> tuple[str, str]:
        document = load_document(path)
        [finding] = [
            d
            for d in check(document, context_for_document(document, path, Settings()))
            if d.code == "SKL302"
        ]
        return finding.severity.label, finding.message

    # Copilot CLI drops the skill (an error) only when it is an audience.
    assert typed(inside) == (
        "warning",
        "`argument-hint` must be a string for Claude Code, but it is a list (an unquoted "
        "`[...]` is a YAML list); Claude Code keeps the skill",
    )
    assert typed(alone)[0] == "error"
