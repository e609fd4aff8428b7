"""The one-line answer above a SKILL.md: which agents load it, skip it and why, and where
another copy wins."""

from __future__ import annotations

from pathlib import Path

from skill_ls.clients.table import CLIENTS_BY_ID, Client
from skill_ls.workspace import WorkspaceIndex
from skill_ls.workspace.index_records import Placement, Status
from skill_ls.workspace.verdicts import (
    AgentVerdicts,
    agent_verdicts,
    bundle_verdicts,
    short_reason,
    without_client_name,
)

GOOD = "---\nname: pdf\ndescription: Fills PDF forms. Use when asked about PDFs.\n---\nBody.\n"
# An unquoted `: ` inside the description: strict YAML loaders reject the frontmatter.
COLON = "---\nname: notes\ndescription: Writes notes: short ones. Use when asked.\n---\nBody.\n"


def write(path: Path, text: str) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return str(path)


def index_of(project: Path, home: Path) -> WorkspaceIndex:
    index = WorkspaceIndex([project], home=home, environ={})
    index.scan()
    return index


def clients(*ids: str) -> list[Client]:
    return [CLIENTS_BY_ID[client_id] for client_id in ids]


def test_a_copy_another_folder_wins_names_the_winner(tmp_path: Path) -> None:
    project, home = tmp_path / "project", tmp_path / "home"
    write(project / ".agents" / "skills" / "pdf" / "SKILL.md", GOOD)
    gemini_copy = write(project / ".gemini" / "skills" / "pdf" / "SKILL.md", GOOD)
    verdicts = agent_verdicts(index_of(project, home), gemini_copy, clients("gemini-cli"))
    assert verdicts is not None
    # Gemini CLI reads .gemini/skills before .agents/skills; the last copy loaded wins.
    assert verdicts.summary() == "Shadowed in Gemini CLI by .agents/skills/pdf"


def test_strict_readers_skip_and_say_why_in_a_few_words(tmp_path: Path) -> None:
    project, home = tmp_path / "project", tmp_path / "home"
    path = write(project / ".agents" / "skills" / "notes" / "SKILL.md", COLON)
    audience = clients("codex", "pi", "gemini-cli")
    verdicts = agent_verdicts(index_of(project, home), path, audience)
    assert verdicts == AgentVerdicts(
        loaded=("OpenAI Codex", "Gemini CLI"),
        skipped=(("reads YAML strictly and rejects this frontmatter", ("pi",)),),
    )
    assert verdicts.summary() == (
        "Loaded by OpenAI Codex, Gemini CLI · skipped by pi "
        "(reads YAML strictly and rejects this frontmatter)"
    )


def test_a_target_whose_folders_do_not_hold_the_file(tmp_path: Path) -> None:
    project, home = tmp_path / "project", tmp_path / "home"
    path = write(project / ".claude" / "skills" / "pdf" / "SKILL.md", GOOD)
    verdicts = agent_verdicts(index_of(project, home), path, clients("claude-code", "codex"))
    assert verdicts is not None
    assert verdicts.summary() == "Loaded by Claude Code · not in a folder read by OpenAI Codex"


def test_a_file_in_no_skill_folder_has_no_verdicts(tmp_path: Path) -> None:
    project, home = tmp_path / "project", tmp_path / "home"
    path = write(project / "docs" / "pdf" / "SKILL.md", GOOD)
    assert agent_verdicts(index_of(project, home), path, clients("claude-code")) is None


def test_an_empty_audience_says_so() -> None:
    assert AgentVerdicts().summary() == "No agent in the target set reads this file"


# --- short reasons: cut at the first colon or parenthesis outside inline code ------------

HIDDEN_FLAG = (
    "---\nname: notes\ndescription: Writes notes. Use when asked.\n"
    "disable-model-invocation: true\n---\nBody.\n"
)
LIST_HINT = (
    "---\nname: notes\ndescription: Writes notes. Use when asked.\n"
    "argument-hint: [file]\n---\nBody.\n"
)
BLANK_FIRST_LINE = "\n---\nname: notes\ndescription: Writes notes. Use when asked.\n---\nBody.\n"
REPEATED_KEY = (
    "---\nname: notes\nname: notes\ndescription: Writes notes. Use when asked.\n---\nBody.\n"
)


def summary_of(tmp_path: Path, text: str, *ids: str) -> str:
    project, home = tmp_path / "project", tmp_path / "home"
    path = write(project / ".agents" / "skills" / "notes" / "SKILL.md", text)
    verdicts = agent_verdicts(index_of(project, home), path, clients(*ids))
    assert verdicts is not None
    return verdicts.summary()


def test_a_colon_inside_inline_code_is_not_where_the_reason_is_cut(tmp_path: Path) -> None:
    # Copilot CLI's reason: "Copilot CLI drops a skill with `disable-model-invocation:
    # true`: it is not loaded at all, ..."; the cut is after the code span, not inside it.
    assert summary_of(tmp_path, HIDDEN_FLAG, "codex", "copilot-cli") == (
        "Loaded by OpenAI Codex · skipped by Copilot CLI "
        "(drops a skill with `disable-model-invocation: true`)"
    )


def test_a_parenthesis_after_inline_code_still_cuts(tmp_path: Path) -> None:
    # "... whose `argument-hint` is not a string (here: a list of strings)".
    assert summary_of(tmp_path, LIST_HINT, "copilot-cli") == (
        "Skipped by Copilot CLI (drops a skill whose `argument-hint` is not a string)"
    )


def test_inline_code_before_the_cut_is_kept_whole(tmp_path: Path) -> None:
    # Cline CLI loads a file whose block follows a blank line (lab scenario
    # frontmatter-after-line).
    assert summary_of(tmp_path, BLANK_FIRST_LINE, "codex", "gemini-cli", "cline") == (
        "Loaded by Cline CLI · skipped by OpenAI Codex "
        "(reads frontmatter only when `---` starts the file) · skipped by Gemini CLI "
        "(reads frontmatter only when `---` is the file's very first line)"
    )


def test_a_possessive_client_name_stays_in_front(tmp_path: Path) -> None:
    # "pi's YAML parser rejects a repeated key (`name` appears twice), so it drops the
    # skill": removing the name would leave "'s YAML parser ...".
    assert summary_of(tmp_path, REPEATED_KEY, "pi") == (
        "Skipped by pi (pi's YAML parser rejects a repeated key)"
    )


def test_a_stray_backtick_is_cut_before() -> None:
    # A reason that quotes a path holding a backtick ("cannot read <path>: <error>"): no
    # cut outside code exists, and none may leave the backtick unclosed.
    client = CLIENTS_BY_ID["codex"]
    placement = Placement(
        client="codex",
        path="/p/.agents/skills/it`s/SKILL.md",
        root="/p/.agents/skills",
        scope="project",
        relative_path="it`s/SKILL.md",
        status=Status.SKIPPED,
        loaded=False,
        reason="cannot read /p/.agents/skills/it`s/SKILL.md: Permission denied",
    )
    assert short_reason(placement, client) == "cannot read /p/.agents/skills/it"


def test_an_extensions_skill_is_listed_under_its_own_name_by_gemini_cli(tmp_path: Path) -> None:
    write(tmp_path / "gemini-extension.json", '{"name": "pdf-kit", "version": "1.0.0"}')
    path = write(tmp_path / "skills" / "pdf" / "SKILL.md", GOOD)
    verdicts = bundle_verdicts(path, None)
    assert verdicts is not None
    assert verdicts.summary() == "In extension pdf-kit: listed as pdf by Gemini CLI"


def test_a_bundles_skill_is_judged_as_typed_for_the_targets_only(tmp_path: Path) -> None:
    write(tmp_path / ".claude-plugin" / "plugin.json", '{"name": "kit"}')
    path = write(tmp_path / "skills" / "notes" / "SKILL.md", GOOD)
    # On disk it loads; the buffer lost its description, which Codex needs.
    verdicts = bundle_verdicts(path, "---\nname: notes\n---\nBody.\n", clients("codex"))
    assert verdicts is not None
    assert verdicts.summary() == "In plugin kit: skipped by OpenAI Codex (it has no description)"
    verdicts = bundle_verdicts(path, None, clients("codex"))
    assert verdicts is not None
    assert verdicts.summary() == "In plugin kit: listed as kit:pdf by OpenAI Codex"


def test_a_skill_outside_any_bundle_has_no_bundle_verdicts(tmp_path: Path) -> None:
    path = write(tmp_path / "skills" / "pdf" / "SKILL.md", GOOD)
    assert bundle_verdicts(path, None) is None


def test_a_reason_loses_the_client_name_in_front_but_not_a_possessive() -> None:
    [pi] = clients("pi")
    assert without_client_name("pi reads YAML strictly.", pi) == "reads YAML strictly"
    assert without_client_name("pi: drops it", pi) == "drops it"
    assert without_client_name("pi's parser rejects a tab", pi) == "pi's parser rejects a tab"
