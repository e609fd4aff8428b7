"""The mechanisms behind Claude Code's observed rules (Claude Code 2.1.332), each a column of
the client table: order within a root, keys by folder, built-ins last, broken or missing
frontmatter ignored, descriptions from the body, truthy flag strings, refusing hidden skills,
ignored folders loaded, line ends kept, and the budget from the context window."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from skill_ls.clients.table import get_client
from skill_ls.render import activation_for, catalog_for, refusal_for
from skill_ls.workspace import WorkspaceIndex
from skill_ls.workspace.index_records import RootFolder, SkillFacts
from skill_ls.workspace.order import locale_key, root_order_key
from skill_ls.workspace.root_walk import walk_root
from skill_ls.workspace.skill_reading import body_description, description_of, hidden, skip_reason

CLAUDE = get_client("claude-code")
SPEC = get_client("agentskills")


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    return path


def index_of(tmp_path: Path) -> WorkspaceIndex:
    index = WorkspaceIndex([tmp_path / "ws"], home=tmp_path / "home", environ={})
    index.scan()
    return index


def test_locale_order_is_case_insensitive_punctuation_first() -> None:
    names = ["zeta", "alpha", "Mid", "beta-2", "beta", "under_score", "Upper-Case", "a", "A"]
    assert sorted(names, key=locale_key) == [
        "a",
        "A",
        "alpha",
        "beta",
        "beta-2",
        "Mid",
        "under_score",
        "Upper-Case",
        "zeta",
    ]
    assert root_order_key(SPEC, "Mid/SKILL.md") == "Mid/SKILL.md"  # the default: code points
    assert root_order_key(CLAUDE, "b/SKILL.md") < root_order_key(CLAUDE, "C/SKILL.md")


def test_body_description_drops_heading_marks_and_cuts_at_100() -> None:
    assert body_description("# Title") == "Title"
    assert body_description("Plain line.") == "Plain line."
    assert body_description("x" * 101) == "x" * 97 + "..."
    assert body_description("x" * 100) == "x" * 100
    assert body_description(None) == "Skill"


def test_broken_or_missing_frontmatter_is_ignored_not_skipped() -> None:
    broken = SkillFacts("n", "From YAML.", lenient_ok=False, strict_ok=False, first_body_line="# b")
    assert skip_reason(SPEC, broken) == "its frontmatter YAML does not load"
    assert skip_reason(CLAUDE, broken) is None
    assert description_of(CLAUDE, broken) == "b"  # the frontmatter's fields are not read
    bare = SkillFacts(None, None, has_frontmatter=False, first_body_line="Body.")
    assert skip_reason(CLAUDE, bare) is None and description_of(CLAUDE, bare) == "Body."
    blank = SkillFacts("n", "  ", first_body_line="# n")
    assert skip_reason(SPEC, blank) == "it has no description"
    assert description_of(CLAUDE, blank) == "n"


def test_truthy_strings_hide_like_true() -> None:
    for value in (True, "yes", "true", "On", "1"):
        facts = SkillFacts("n", "d", flags={"disable-model-invocation": value})
        assert hidden(CLAUDE, facts), value
    assert not hidden(SPEC, SkillFacts("n", "d", flags={"disable-model-invocation": "yes"}))
    assert not hidden(CLAUDE, SkillFacts("n", "d", flags={"disable-model-invocation": "no"}))


def test_budget_from_the_context_window() -> None:
    assert CLAUDE.listing.budget() == 30_000
    assert replace(CLAUDE.listing, context_window=2_000, catalog_share=0.0001).budget() == 1
    assert SPEC.listing.budget() is None  # no window, no budget


def test_ignored_folders_are_recorded_flagged_only_when_asked(tmp_path: Path) -> None:
    root = tmp_path / "skills"
    write(root / "kept" / "SKILL.md", "---\nname: kept\ndescription: d\n---\n")
    write(root / "drafts" / "SKILL.md", "---\nname: drafts\ndescription: d\n---\n")
    write(root / ".gitignore", "drafts/\n")
    folder = RootFolder(str(root), "project", ".claude/skills", str(root))
    assert set(walk_root(folder, False).found) == {"kept/SKILL.md"}
    walk = walk_root(folder, False, keep_ignored=True)
    assert walk.found["drafts/SKILL.md"].ignored and not walk.found["kept/SKILL.md"].ignored


def test_claude_view_keys_by_folder_lists_builtins_last_and_refuses_hidden(
    tmp_path: Path,
) -> None:
    skills = tmp_path / "ws" / ".claude" / "skills"
    write(skills / "folder-name" / "SKILL.md", "---\nname: other\ndescription: Renamed.\n---\n")
    quiet = "---\ndescription: Q.\ndisable-model-invocation: on\n---\n"
    write(skills / "quiet" / "SKILL.md", quiet)
    write(skills / "crlf" / "SKILL.md", "---\r\ndescription: C.\r\n---\r\n# crlf\r\n")
    write(tmp_path / "ws" / ".gitignore", ".claude/skills/crlf/\n")
    index = index_of(tmp_path)
    view = index.view("claude-code")
    found = [skill for skill in view if skill.scope != "builtin"]
    assert [skill.name for skill in found] == ["crlf", "folder-name", "quiet"]
    assert view[-1].scope == "builtin" and view[0].scope != "builtin"
    assert found[1].display_name == "other"
    text = catalog_for(index, "claude-code").text
    assert "- folder-name (other): Renamed." in text and "quiet" not in text
    by_shown_name = activation_for(index, "claude-code", "other")
    assert by_shown_name is not None and by_shown_name.text.endswith(f"{skills}/folder-name\n\n")
    assert activation_for(index, "claude-code", "quiet") is None
    refusal = refusal_for(index, "claude-code", "quiet")
    assert refusal is not None and refusal.startswith("Skill quiet cannot be used with Skill")
    crlf = activation_for(index, "claude-code", "crlf")
    assert crlf is not None and crlf.text.endswith("\n\n# crlf\r\n")


def test_names_claude_code_does_not_offer_are_skipped() -> None:
    facts = SkillFacts("n", "d")
    assert skip_reason(CLAUDE, facts, "fine-name") is None
    reason = skip_reason(CLAUDE, facts, "a<b")
    assert reason is not None and "control characters, < or >" in reason
    assert skip_reason(CLAUDE, facts, "x" * 257) is not None
