"""What counts as a reference in a SKILL.md body, and where an outside reference still
resolves: the skill's plugin, its `skills/` collection or its parent skill."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skill_ls.diagnostics import Diagnostic, Severity
from skill_ls.document import parse_document
from skill_ls.document.references import code_kind
from skill_ls.gathering import context_for_document
from skill_ls.gathering.install import install_tree
from skill_ls.gathering.lookups import exists_in_tree
from skill_ls.rules import check
from skill_ls.settings import Settings

from ..unit_helpers import apply_fix, codes, covered, find, one, run, skill

NAME = "name: my-skill"
DESC = "description: Extracts text from PDF files. Use when asked about PDFs."
BODY = Settings(select=("SKL4",))
FILES = {"SKILL.md", "references/forms.md", "references/a_(b).md", "scripts/run.py"}
DIRS = {"references", "scripts"}
# The findings about references, without the hints about unmentioned files.
REFERENCE_CODES = ("SKL403", "SKL404", "SKL405", "SKL406", "SKL407")


def findings(body: str, files: set[str] = FILES) -> list[Diagnostic]:
    found = run(skill(NAME, DESC, body=body), settings=BODY, files=files, dirs=DIRS)
    return [d for d in found if d.code in REFERENCE_CODES]


def write(path: Path, text: str = "x\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def on_disk(skill_md: Path, body: str) -> tuple[str, list[Diagnostic]]:
    """Write a SKILL.md with `body` and check it with the file system around it."""
    text = skill(f"name: {skill_md.parent.name}", DESC, body=body)
    write(skill_md, text)
    document = parse_document(text, str(skill_md))
    found = check(document, context_for_document(document, skill_md, BODY))
    return text, [d for d in found if d.code in REFERENCE_CODES]


# --- What is a reference ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "prose",
    [
        "A path such as `../../../../etc/passwd` must be rejected.\n",
        "| input | result |\n|---|---|\n| `../../secret.txt` | refused |\n",
        "Look for it in `../testing-handbook` if you have it.\n",
        "Never write to `..` or `/etc/passwd`.\n",
    ],
)
def test_paths_in_inline_code_prose_are_not_references(prose: str) -> None:
    assert findings(prose) == []


@pytest.mark.parametrize("code", ["../../../../etc/passwd", "../testing-handbook", "/etc/x", ".."])
def test_inline_code_that_leaves_the_skill_is_not_even_a_mention(code: str) -> None:
    assert code_kind(code) is None


@pytest.mark.parametrize(
    "target", ["../../../../etc/passwd", "../testing-handbook", "../../secret.txt"]
)
def test_the_same_paths_as_link_targets_are_references(target: str) -> None:
    diag = one(findings(f"See [x]({target}).\n"), "SKL404")
    assert diag.severity is Severity.WARNING


def test_inline_code_under_the_skills_own_folders_is_a_reference() -> None:
    assert codes(findings("Run `scripts/build.sh` and `./references/none.md`.\n")) == [
        "SKL403",
        "SKL403",
    ]
    assert findings("Run `scripts/run.py`, read `./references/forms.md`.\n") == []


def test_other_path_like_inline_code_is_only_a_mention() -> None:
    assert findings("Edit `src/app.py`, `config.yaml` and `forms.md`.\n") == []
    kinds = [(r.target, r.kind) for r in parse_document("`forms.md` `src/app.py` `x`\n").references]
    assert kinds == [("forms.md", "mention"), ("src/app.py", "mention")]


@pytest.mark.parametrize("code", ["resources/list", "tools/call", "prompts/get", "scripts/setup"])
def test_protocol_method_names_are_not_file_references(code: str) -> None:
    assert code_kind(code) == "mention"
    assert findings(f"The server answers `{code}` requests.\n") == []


def test_a_path_under_resources_with_an_extension_is_a_reference() -> None:
    assert code_kind("resources/guide.md") == "code"
    assert codes(findings("Read `resources/guide.md`.\n")) == ["SKL403"]


def test_gfm_footnotes_are_not_link_definitions() -> None:
    body = "Text[^1] and more[^note].\n\n[^1]: references/none.md\n[^note]: ../../x.md\n"
    assert findings(body) == []
    # A real link reference definition is one.
    assert codes(findings("[guide]: references/none.md\n")) == ["SKL403"]


@pytest.mark.parametrize(
    "body",
    [
        "[all](references/*.md)\n",
        "Match `**/SKILL.md` and `references/*.md`.\n",
        "Files like `scripts/[ab].py`.\n",
    ],
)
def test_globs_are_not_references(body: str) -> None:
    assert findings(body) == []


@pytest.mark.parametrize(
    "body",
    [
        "[a](https://example.com/references/x.md)\n",
        "[b](vscode:extension/me.x)\n",
        "[c](//cdn.example.com/references/x.md)\n",
        "[d](mailto:me@example.com) [e](#usage) [f](data:text/plain,x)\n",
        "Fetch `https://example.com/references/x.md` or `s3://bucket/references/x.md`.\n",
    ],
)
def test_urls_are_not_references(body: str) -> None:
    assert findings(body) == []


def test_link_targets_with_balanced_parentheses_are_read_whole() -> None:
    assert findings("[x](references/a_(b).md)\n") == []
    body = "[x](references/c_(d).md) and (a remark)\n"
    diag = one(findings(body), "SKL403")
    assert covered(skill(NAME, DESC, body=body), diag.range) == "references/c_(d).md"


def test_templates_and_unknown_placeholders_are_not_references() -> None:
    body = "[a]($HOME/x.md) [b](references/{name}.md) `references/<topic>.md` [c](${X}/y.md)\n"
    assert findings(body) == []


# --- Placeholders agents expand ----------------------------------------------------------------


@pytest.mark.parametrize(
    "placeholder",
    ["{baseDir}", "${CLAUDE_SKILL_DIR}", "$CLAUDE_SKILL_DIR", "${SKILL_DIR}", "$SKILL_DIR"],
)
def test_skill_folder_placeholders_resolve_to_the_skill_folder(placeholder: str) -> None:
    assert (
        findings(
            f"Run `{placeholder}/scripts/run.py`, see [f]({placeholder}/references/forms.md).\n"
        )
        == []
    )
    body = f"Run `python {placeholder}/scripts/none.py`? No: `{placeholder}/scripts/none.py`.\n"
    diag = one(findings(body), "SKL403")
    assert covered(skill(NAME, DESC, body=body), diag.range) == "scripts/none.py"
    assert diag.data == {"path": "scripts/none.py"}


def test_plugin_root_is_unknown_outside_a_plugin() -> None:
    assert findings("Run `${CLAUDE_PLUGIN_ROOT}/scripts/none.py`.\n") == []


# --- Where the skill is installed --------------------------------------------------------------


def test_sibling_skill_in_a_skills_collection(tmp_path: Path) -> None:
    skills = tmp_path / "repo" / "skills"
    write(skills / "other" / "references" / "x.md")
    write(tmp_path / "repo" / "README.md")
    skill_md = skills / "mine" / "SKILL.md"
    assert install_tree(skill_md).kind == "skills collection"
    assert on_disk(skill_md, "See [x](../other/references/x.md).\n")[1] == []
    _, found = on_disk(skill_md, "See [x](../other/references/none.md).\n")
    diag = one(found, "SKL403")
    assert "the skills collection `skills`" in diag.message
    assert diag.fixes == ()  # nothing is created outside the skill folder
    _, found = on_disk(skill_md, "See [readme](../../README.md).\n")
    diag = one(found, "SKL404")
    assert diag.severity is Severity.WARNING
    assert "outside the skills collection `skills`" in diag.message


def test_plugin_installs_whole(tmp_path: Path) -> None:
    plugin = tmp_path / "my-plugin"
    write(plugin / ".claude-plugin" / "plugin.json", "{}\n")
    write(plugin / "shared" / "style.md")
    write(tmp_path / "elsewhere.md")
    skill_md = plugin / "skills" / "mine" / "SKILL.md"
    tree = install_tree(skill_md)
    assert (tree.kind, tree.root, tree.plugin_root) == ("plugin", str(plugin), str(plugin))
    body = "[a](../../shared/style.md) `${CLAUDE_PLUGIN_ROOT}/shared/style.md`\n"
    assert on_disk(skill_md, body)[1] == []
    _, found = on_disk(skill_md, "Run `${CLAUDE_PLUGIN_ROOT}/scripts/none.sh`.\n")
    assert "the plugin `my-plugin`" in one(found, "SKL403").message
    _, found = on_disk(skill_md, "[e](../../../elsewhere.md) [f](${CLAUDE_PLUGIN_ROOT}/../x.md)\n")
    assert codes(found) == ["SKL404", "SKL404"]
    assert "outside the plugin `my-plugin`" in found[0].message


def test_nested_skill_reaches_its_parent_skill(tmp_path: Path) -> None:
    parent = tmp_path / "big"
    write(parent / "SKILL.md", skill("name: big", DESC))
    write(parent / "references" / "shared.md")
    skill_md = parent / "part" / "SKILL.md"
    assert on_disk(skill_md, "[s](../references/shared.md)\n")[1] == []
    _, found = on_disk(skill_md, "[o](../../other.md)\n")
    assert "outside the skill tree `big`" in one(found, "SKL404").message


def test_a_lone_skill_folder(tmp_path: Path) -> None:
    write(tmp_path / "notes.md")
    skill_md = tmp_path / "mine" / "SKILL.md"
    assert install_tree(skill_md).kind == "skill"
    _, found = on_disk(skill_md, "[n](../notes.md)\n")
    diag = one(found, "SKL404")
    assert "a skill is installed as its own folder" in diag.message


def test_leaving_and_reentering_the_own_folder_has_a_fix(tmp_path: Path) -> None:
    skill_md = tmp_path / "mine" / "SKILL.md"
    write(tmp_path / "mine" / "references" / "forms.md")
    text, found = on_disk(skill_md, "[f](../mine/references/forms.md)\n")
    diag = one(found, "SKL404")
    assert "installed under another folder name" in diag.message
    fixed = apply_fix(text, diag.fixes[0])
    assert "[f](references/forms.md)" in fixed
    write(skill_md, fixed)
    document = parse_document(fixed)
    assert find(check(document, context_for_document(document, skill_md, BODY)), "SKL404") == []


def test_existence_is_never_checked_outside_the_install_tree(tmp_path: Path) -> None:
    outside = write(tmp_path / "secret.txt")
    skills = tmp_path / "ws" / "skills"
    write(skills / "other" / "SKILL.md", skill("name: other", DESC))
    os.symlink(outside, skills / "other" / "leak.txt")
    tree = install_tree(skills / "mine" / "SKILL.md")
    assert tree.root == str(skills)
    assert not exists_in_tree(tree, str(outside))  # it exists, but outside the tree
    assert not exists_in_tree(tree, str(skills / "other" / "leak.txt"))  # a link out of it
    assert exists_in_tree(tree, str(skills / "other" / "SKILL.md"))
    _, found = on_disk(skills / "mine" / "SKILL.md", "[l](../other/leak.txt)\n")
    assert codes(found) == ["SKL403"]


# --- Inline code that is prose about files, not a file to ship ------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Scripts save retyping. Example: `scripts/resize_image.py` for a photo skill.\n",
        "Long documents, e.g. `references/tax_rules.md`, are read on demand.\n",
        "Assets such as `assets/letterhead.docx` are copied into the output.\n",
        "Every mention uses the short form `references/filename.md`.\n",
    ],
)
def test_illustrative_paths_in_inline_code_are_not_missing_files(line: str) -> None:
    assert findings(line) == []


@pytest.mark.parametrize(
    "line",
    [
        "Run `scripts/resize_image.py` on each photo.\n",
        "Read `references/tax_rules.md` first. Example output follows.\n",
        "Open `references/checklist.md` before you start.\n",
    ],
)
def test_instructions_naming_a_missing_bundled_file_are_still_reported(line: str) -> None:
    assert codes(findings(line)) == ["SKL403"]


def test_a_link_is_reported_even_when_the_line_gives_an_example() -> None:
    assert codes(findings("Example: [resize](scripts/resize_image.py).\n")) == ["SKL403"]


def test_inline_code_relative_to_the_plugin_root_is_not_missing(tmp_path: Path) -> None:
    plugin = tmp_path / "sweep"
    write(plugin / ".claude-plugin" / "plugin.json", "{}\n")
    write(plugin / "agents" / "worker.md")
    skill_md = plugin / "skills" / "code-sweep" / "SKILL.md"
    assert on_disk(skill_md, "Each worker follows `agents/worker.md`.\n")[1] == []
    _, found = on_disk(skill_md, "Each worker follows `agents/missing.md`.\n")
    assert codes(found) == ["SKL403"]
