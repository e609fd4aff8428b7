"""SKL509 competing-skills: two skills an agent lists together whose listed entries the model
cannot tell apart, judged agent by agent on what each lists."""

from __future__ import annotations

from pathlib import Path

from skill_ls.clients.table import get_client
from skill_ls.diagnostics import Diagnostic, Range, Related, Severity
from skill_ls.settings import Settings
from skill_ls.workspace import WorkspaceIndex
from skill_ls.workspace.listings.cuts import Cut

PDF_TOOLS = (
    "Extract text and tables from PDF files, fill PDF forms and merge documents. "
    "Use when the user asks about PDF files."
)
PDF_HELPER = "Extracts tables and text from PDF documents, fills forms, merges PDF files."


def skill(root: Path, folder: str, description: str, extra: str = "") -> Path:
    path = root / folder / "SKILL.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    name = folder.rsplit("/", 1)[-1]
    path.write_text(f"---\nname: {name}\ndescription: {description}\n{extra}---\n\nBody.\n")
    return path


def index_of(project: Path, targets: tuple[str, ...]) -> WorkspaceIndex:
    index = WorkspaceIndex(
        [project], Settings(target_clients=targets), home=project.parent / "home", environ={}
    )
    index.scan()
    return index


def competing(index: WorkspaceIndex, path: Path) -> list[Diagnostic]:
    return [d for d in index.cross_skill_diagnostics(path) if d.code == "SKL509"]


def test_a_near_duplicate_pair_is_flagged_on_both_with_the_words_shared(tmp_path: Path) -> None:
    project = tmp_path / "project"
    tools = skill(project, ".claude/skills/pdf-tools", PDF_TOOLS)
    helper = skill(project, ".claude/skills/pdf-helper", PDF_HELPER)
    index = index_of(project, ("claude-code", "copilot"))
    description = Range.of(2, 13, 2, 13 + len(PDF_TOOLS))
    helper_description = Range.of(2, 13, 2, 13 + len(PDF_HELPER))
    assert competing(index, tools) == [
        Diagnostic(
            code="SKL509",
            message=(
                "`pdf-tools` and `pdf-helper` are listed together by Claude Code and Copilot "
                "Chat (VS Code) with entries sharing 9 of 10 distinctive words (pdf, extract, "
                "text, tables, files, fill, ...): the model chooses by description alone; say "
                "what sets each apart, or merge them"
            ),
            range=description,
            severity=Severity.WARNING,
            related=(Related(str(helper), helper_description, "the description of `pdf-helper`"),),
        )
    ]
    [other] = competing(index, helper)
    assert other.message.startswith("`pdf-helper` and `pdf-tools` are listed together by ")
    assert other.range == helper_description
    assert other.related == (Related(str(tools), description, "the description of `pdf-tools`"),)


def test_skills_of_one_domain_that_say_what_they_do_are_not_flagged(tmp_path: Path) -> None:
    project = tmp_path / "project"
    paths = [
        skill(project, ".claude/skills/pdf-extract", "Extract text and tables from PDF files."),
        skill(
            project,
            ".claude/skills/pdf-sign",
            "Sign PDF files with a certificate and verify the signatures of PDF files.",
        ),
        # The same words but the cloud: each name says what sets it apart.
        skill(
            project,
            ".claude/skills/aws-review",
            "Review the AWS architecture of the workload: cost, reliability, security findings.",
        ),
        skill(
            project,
            ".claude/skills/azure-review",
            "Review the Azure architecture of the workload: cost, reliability, security findings.",
        ),
    ]
    index = index_of(project, ("claude-code",))
    assert [competing(index, path) for path in paths] == [[], [], [], []]


def test_only_the_agents_that_list_both_are_named(tmp_path: Path) -> None:
    project = tmp_path / "project"
    tools = skill(project, ".claude/skills/pdf-tools", PDF_TOOLS)
    helper = skill(project, ".agents/skills/pdf-helper", PDF_HELPER)
    # Claude Code reads only .claude/skills, Codex only .agents/skills: Copilot reads both.
    index = index_of(project, ("claude-code", "codex", "copilot"))
    [finding] = competing(index, tools)
    assert finding.message.startswith(
        "`pdf-tools` and `pdf-helper` are listed together by Copilot Chat (VS Code) with "
    )
    [finding] = competing(index, helper)
    assert finding.message.startswith(
        "`pdf-helper` and `pdf-tools` are listed together by Copilot Chat (VS Code) with "
    )
    alone = index_of(project, ("claude-code", "codex"))
    assert competing(alone, tools) == competing(alone, helper) == []


def test_words_past_an_agents_entry_cap_do_not_count_for_it(tmp_path: Path) -> None:
    # Claude Code cuts an entry at 1,536 characters: what the two share comes after that.
    # (a run of stop words, which hold no content words of their own).
    filler = "and the " * 200
    project = tmp_path / "project"
    tools = skill(project, ".claude/skills/pdf-tools", f"{filler}{PDF_TOOLS}")
    skill(project, ".claude/skills/pdf-helper", f"{filler}{PDF_HELPER}")
    index = index_of(project, ("claude-code", "copilot"))
    [finding] = competing(index, tools)
    assert finding.message.startswith(
        "`pdf-tools` and `pdf-helper` are listed together by Copilot Chat (VS Code) with "
        "entries sharing 9 of 10 distinctive words"
    )


def test_a_skill_hidden_from_the_model_competes_with_nothing(tmp_path: Path) -> None:
    project = tmp_path / "project"
    tools = skill(project, ".claude/skills/pdf-tools", PDF_TOOLS)
    helper = skill(
        project, ".claude/skills/pdf-helper", PDF_HELPER, "disable-model-invocation: true\n"
    )
    index = index_of(project, ("claude-code",))
    assert competing(index, tools) == competing(index, helper) == []


def test_copies_of_one_name_are_left_to_the_clash_rules(tmp_path: Path) -> None:
    project = tmp_path / "project"
    first = skill(project, ".claude/skills/pdf-tools", PDF_TOOLS)
    skill(project, ".agents/skills/pdf-tools", PDF_HELPER)
    index = index_of(project, ("copilot",))
    codes = [d.code for d in index.cross_skill_diagnostics(first)]
    assert "SKL509" not in codes and "SKL501" in codes


def test_editing_one_description_to_differ_clears_the_other(tmp_path: Path) -> None:
    project = tmp_path / "project"
    tools = skill(project, ".claude/skills/pdf-tools", PDF_TOOLS)
    helper = skill(project, ".claude/skills/pdf-helper", PDF_HELPER)
    index = index_of(project, ("claude-code",))
    assert len(competing(index, tools)) == 1
    index.set_buffer(
        helper, "---\nname: pdf-helper\ndescription: Rotate scanned pages upright.\n---\n"
    )
    assert competing(index, tools) == competing(index, helper) == []
    index.clear_buffer(helper)
    assert len(competing(index, tools)) == len(competing(index, helper)) == 1


def test_a_looser_overlap_is_information(tmp_path: Path) -> None:
    project = tmp_path / "project"
    first = skill(
        project,
        ".claude/skills/billing",
        "Export invoices, payments and customer contacts.",
    )
    skill(
        project,
        ".claude/skills/invoices",
        "Sync invoices, payments, customer contacts and refunds with the accounting ledger.",
    )
    index = index_of(project, ("claude-code",))
    [finding] = competing(index, first)
    assert finding.severity is Severity.INFO
    assert "sharing 4 of 6 distinctive words (invoices, payments, customer, contacts)" in (
        finding.message
    )


def test_selected_off_it_is_not_computed(tmp_path: Path) -> None:
    project = tmp_path / "project"
    tools = skill(project, ".claude/skills/pdf-tools", PDF_TOOLS)
    skill(project, ".claude/skills/pdf-helper", PDF_HELPER)
    index = WorkspaceIndex(
        [project],
        Settings(target_clients=("claude-code",), ignore=("SKL509",)),
        home=tmp_path / "home",
        environ={},
    )
    index.scan()
    assert competing(index, tools) == []


def over_claude_budget(
    project: Path, fillers: int, names: tuple[str, str] = ("zz-pdf-tools", "zz-pdf-helper")
) -> tuple[Path, Path]:
    """`fillers` skills of long descriptions in words of their own, listed before the pair,
    whose descriptions are padded with stop words (no words of their own)."""
    for i in range(fillers):
        words = " ".join(f"w{i}x{j}" for j in range(130))
        skill(project, f".claude/skills/a-filler-{i:02d}", words)
    pad = "and the " * 60
    tools = skill(project, f".claude/skills/{names[0]}", f"{PDF_TOOLS} {pad}")
    helper = skill(project, f".claude/skills/{names[1]}", f"{PDF_HELPER} {pad}")
    return tools, helper


def test_a_description_the_budget_drops_leaves_only_the_name(tmp_path: Path) -> None:
    project = tmp_path / "project"
    tools, helper = over_claude_budget(project, 40)
    index = index_of(project, ("claude-code", "copilot"))
    claude = get_client("claude-code")
    # Claude Code's listing is over its budget: it lists both of these by name only.
    cuts = [index.listing_cut(claude, str(path.resolve())) for path in (tools, helper)]
    assert [cut[0] if cut is not None else None for cut in cuts] == [Cut.DROPPED, Cut.DROPPED]
    [finding] = competing(index, tools)
    assert finding.message.startswith(
        "`zz-pdf-tools` and `zz-pdf-helper` are listed together by Copilot Chat (VS Code) with "
        "entries sharing 10 of 11 distinctive words"
    )
    # Under the budget, Claude Code lists both descriptions, and is named too.
    under = tmp_path / "under"
    tools, _ = over_claude_budget(under, 5)
    [finding] = competing(index_of(under, ("claude-code", "copilot")), tools)
    assert finding.message.startswith(
        "`zz-pdf-tools` and `zz-pdf-helper` are listed together by Claude Code and Copilot Chat "
        "(VS Code) with entries sharing 10 of 11 distinctive words"
    )


def test_names_alone_can_compete_where_the_budget_drops_both_descriptions(
    tmp_path: Path,
) -> None:
    project = tmp_path / "project"
    names = ("zz-pdf-form-merge-split-tool", "zz-pdf-form-merge-split-helper")
    tools, _ = over_claude_budget(project, 40, names)
    found = sorted(d.message for d in competing(index_of(project, ("claude-code",)), tools))
    assert found == [
        "`zz-pdf-form-merge-split-tool` and `zz-pdf-form-merge-split-helper` are listed "
        "together by Claude Code (by name only: the listing budget drops both descriptions) "
        "with entries sharing 5 of 6 distinctive words (zz, pdf, form, merge, split): the "
        "model chooses by description alone; say what sets each apart, or merge them"
    ]
