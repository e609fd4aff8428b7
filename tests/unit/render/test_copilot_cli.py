"""Copilot CLI's mechanisms: typed fields, dropped flags, the name rule, the description cap
and body-lines fallback (precedence), the name-by-source list order (index), and its
catalog budget and `<skill-context>` activation (render)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from skill_ls.clients.table import get_client
from skill_ls.render import render_catalog
from skill_ls.render.activation import ActivationSource
from skill_ls.render.copilot_cli import (
    MAX_LISTED_FILES,
    OVERFLOW_INTRO,
    copilot_cli_activation,
    copilot_cli_catalog,
    related_files,
)
from skill_ls.workspace import WorkspaceIndex
from skill_ls.workspace.index_records import LoadedSkill, SkillFacts
from skill_ls.workspace.skill_reading import description_of, skip_reason

CLIENT = get_client("copilot-cli")


def _skill(name: str, description: str = "Does things.", scope: str = "project") -> LoadedSkill:
    path = f"/w/.agents/skills/{name}/SKILL.md"
    return LoadedSkill(
        name=name,
        description=description,
        path=path,
        folder=path.rsplit("/", 1)[0],
        real_path=path,
        scope=scope,
        root="/w/.agents/skills",
        relative_path=f"{name}/SKILL.md",
    )


def _write(root: Path, relative: str, text: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _md(name: str, description: str | None, extra: str = "", body: str = "# T\n") -> str:
    lines = ["---", f"name: {name}"]
    if description is not None:
        lines.append(f"description: {description}")
    if extra:
        lines.append(extra)
    return "\n".join([*lines, "---", body])


# --- precedence ----------------------------------------------------------------------------


def test_typed_field_of_another_type_drops_the_skill() -> None:
    facts = SkillFacts("a", "x", field_kinds={"description": "string", "argument-hint": "list"})
    reason = skip_reason(CLIENT, facts, "a")
    assert reason is not None and "`argument-hint` is not a string" in reason
    ok = SkillFacts("a", "x", field_kinds={"description": "string", "allowed-tools": "strings"})
    assert skip_reason(CLIENT, ok, "a") is None


def test_dropped_flag_and_name_rule_and_description_cap() -> None:
    kinds = {"description": "string", "disable-model-invocation": "bool"}
    facts = SkillFacts("a", "x", flags={"disable-model-invocation": True}, field_kinds=kinds)
    assert "disable-model-invocation: true" in (skip_reason(CLIENT, facts, "a") or "")
    plain = SkillFacts("a", "x", field_kinds={"description": "string"})
    assert "name '_a' is not" in (skip_reason(CLIENT, plain, "_a") or "")
    assert skip_reason(CLIENT, plain, "a" * 65) is not None
    assert skip_reason(CLIENT, plain, "Up.per_9-") is None
    long = SkillFacts("a", "x" * 1025, field_kinds={"description": "string"})
    assert "longer than 1,024 characters" in (skip_reason(CLIENT, long, "a") or "")
    # Other clients are untouched by these columns.
    assert skip_reason(get_client("codex"), long, "_a") is None


def test_body_lines_stand_in_only_for_a_missing_description() -> None:
    missing = SkillFacts("a", None, body_lines=("One.", "Two.", "Three."))
    assert description_of(CLIENT, missing) == "One. Two. Three."
    empty = SkillFacts("a", "", field_kinds={"description": "string"}, body_lines=("One.",))
    assert description_of(CLIENT, empty) == ""
    assert description_of(CLIENT, SkillFacts("a", None)) == ""
    cut = SkillFacts("a", None, body_lines=("x" * 2000,))
    assert description_of(CLIENT, cut) == "x" * 1024


def test_facts_read_kinds_and_body_lines(tmp_path: Path) -> None:
    _write(
        tmp_path,
        ".agents/skills/a/SKILL.md",
        _md("a", None, "argument-hint: [f]", "# H\n\nA\n\nB\nC\nD\n"),
    )
    index = WorkspaceIndex([tmp_path], home=tmp_path / "home")
    index.scan()
    facts = index.facts(tmp_path / ".agents/skills/a/SKILL.md")
    assert facts is not None
    assert facts.field_kinds.get("argument-hint") == "strings"
    assert facts.field_kinds.get("name") == "string" and "description" not in facts.field_kinds
    assert facts.body_lines == ("A", "B", "C")


# --- list order ----------------------------------------------------------------------------


def test_name_by_source_order_and_clash(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _write(tmp_path, ".claude/skills/z/SKILL.md", _md("aa-claude", "c"))
    _write(tmp_path, ".github/skills/y/SKILL.md", _md("zz-github", "g"))
    _write(tmp_path, ".agents/skills/x/SKILL.md", _md("Mm", "a"))
    _write(tmp_path, ".agents/skills/twin/SKILL.md", _md("twin", "agents copy"))
    _write(tmp_path, ".github/skills/twin/SKILL.md", _md("twin", "github copy"))
    _write(home, ".copilot/skills/u2/SKILL.md", _md("u2", "u"))
    _write(home, ".copilot/skills/u1/SKILL.md", _md("u1", "u"))
    _write(home, ".agents/skills/a0/SKILL.md", _md("a0", "u"))
    index = WorkspaceIndex([tmp_path], home=home)
    index.scan()
    view = index.view("copilot-cli")
    names = [skill.name for skill in view if skill.scope != "builtin"]
    assert names == ["Mm", "aa-claude", "twin", "zz-github", "u1", "u2", "a0"]
    twin = next(skill for skill in view if skill.name == "twin")
    assert twin.description == "github copy"
    assert [skill.scope for skill in view][-1] == "builtin"


# --- catalog -------------------------------------------------------------------------------


def test_catalog_keeps_whole_entries_while_the_budget_allows() -> None:
    client = replace(CLIENT, listing=replace(CLIENT.listing, catalog_budget=300))
    skills = [_skill("a"), _skill("b", "& " * 60), _skill("c")]
    rendering = copilot_cli_catalog(skills, client)
    assert rendering.text.startswith("<available_skills>\n<skill>\n  <name>a</name>\n")
    assert rendering.text.endswith(f"{OVERFLOW_INTRO}b, c\n</available_skills>")
    assert rendering.truncated_at == rendering.text.index(OVERFLOW_INTRO)
    assert [entry.omitted for entry in rendering.entries] == [False, True, True]
    assert "&amp; &amp;" not in rendering.text  # b is named only


def test_catalog_within_budget_escapes_and_shows_scope() -> None:
    rendering = render_catalog("copilot-cli", [_skill("a", "it's <b>"), _skill("u", "x", "user")])
    assert "<description>it&apos;s &lt;b&gt;</description>" in rendering.text
    assert "  <location>user</location>\n</skill>\n</available_skills>" in rendering.text
    assert rendering.truncated_at is None and rendering.budget == 15_000


# --- activation ----------------------------------------------------------------------------


def _source(
    files: tuple[str, ...], folders: tuple[str, ...] = (), body: str = "B\n"
) -> ActivationSource:
    text = f"---\nname: s\ndescription: d\n---\n\n \n{body}"
    return ActivationSource("s", "/k/s/SKILL.md", "/k/s", text, files, folders)


def test_activation_lists_files_and_keeps_the_body() -> None:
    source = _source(("b.txt", "a/x.md", "sub/SKILL.md"), ("a", "sub"), "  Body\r\n\r\n")
    text = copilot_cli_activation(source, "ignored args").text
    assert text == (
        '<skill-context name="s">\n'
        "Base directory for this skill: /k/s\n\n"
        "Related files (use view tool to read):\n"
        "  - /k/s/a/x.md\n"
        "  - /k/s/b.txt\n\n"
        "  Body\n\n\n"
        "</skill-context>"
    )
    assert copilot_cli_activation(_source(()), "").text.endswith("/k/s\n\nB\n\n</skill-context>")


def test_related_files_summarises_big_folders_and_caps_the_list() -> None:
    big = tuple(f"refs/f{i:03d}.md" for i in range(51))
    small = tuple(f"d/f{i:03d}.md" for i in range(50))
    text = related_files(_source(big + small, ("refs", "d")))
    assert text.startswith("Summarized directories:\n  - refs/ (51 items)\nRelated files")
    assert "/k/s/d/f049.md" in text and "refs/f000" not in text.split("Related")[1]
    many = tuple(f"d{j}/f{i:02d}.md" for j in range(5) for i in range(30))
    capped = related_files(_source(many, tuple(f"d{j}" for j in range(5))))
    assert capped.count("\n  - ") == MAX_LISTED_FILES
    assert capped.endswith("  ...and more files (listing truncated)\n\n")
