"""Where each agent finds a file's frontmatter block (`Client.reading.frontmatter_first_line`,
`frontmatter_split`): the facts each one reads, and the verdicts that follow (lab scenarios
frontmatter-after-line, frontmatter-bom-rule)."""

from __future__ import annotations

from pathlib import Path

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.workspace.facts import read_facts
from skill_ls.workspace.index_records import SkillFacts
from skill_ls.workspace.skill_reading import description_of, name_of, skip_reason

CLAUDE, CONTINUE, KIMI, CODEX = (
    CLIENTS_BY_ID[c] for c in ("claude-code", "continue", "kimi-code", "codex")
)


def _facts(tmp_path: Path, text: str) -> SkillFacts:
    folder = tmp_path / "folder"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(text, encoding="utf-8")
    return read_facts(str(folder / "SKILL.md"))


def test_a_file_that_opens_with_its_block_reads_the_same_to_everyone(tmp_path: Path) -> None:
    facts = _facts(tmp_path, "---\nname: plain\ndescription: D.\n---\nBody.\n")
    assert facts.block_readings is None
    for client in (CLAUDE, CONTINUE, KIMI, CODEX):
        assert skip_reason(client, facts) is None
        assert description_of(client, facts) == "D."


def test_after_a_blank_line_the_first_line_readers_see_no_block(tmp_path: Path) -> None:
    facts = _facts(tmp_path, "\n\n---\nname: after\ndescription: D.\n---\nBody.\n")
    # Claude Code loads it without one: described by its first line, `---`.
    assert skip_reason(CLAUDE, facts) is None
    assert description_of(CLAUDE, facts) == "---"
    # Kimi Code CLI drops it, and says why.
    reason = skip_reason(KIMI, facts)
    assert reason is not None and "first line" in reason and reason.endswith("drops the skill")
    # Continue CLI takes the block wherever it is.
    assert skip_reason(CONTINUE, facts) is None
    assert name_of(CONTINUE, facts, "folder") == "after"


def test_continue_takes_the_block_below_text(tmp_path: Path) -> None:
    facts = _facts(tmp_path, "Intro.\n---\nname: below\ndescription: Below text.\n---\nBody.\n")
    assert not facts.has_frontmatter
    assert skip_reason(CONTINUE, facts) is None
    assert name_of(CONTINUE, facts, "folder") == "below"
    assert description_of(CONTINUE, facts) == "Below text."
    assert skip_reason(CODEX, facts) is not None


def test_behind_a_byte_order_mark_continue_reads_the_body_block(tmp_path: Path) -> None:
    text = (
        "\ufeff---\nname: outer\ndescription: Outer.\n---\nname: inner\ndescription: In.\n---\nT.\n"
    )
    facts = _facts(tmp_path, text)
    assert name_of(CONTINUE, facts, "folder") == "inner"
    assert description_of(CONTINUE, facts) == "In."
    # Claude Code reads the outer block behind the mark.
    assert description_of(CLAUDE, facts) == "Outer."
    # Without a second `---` line behind the mark, Continue finds no block at all.
    alone = _facts(tmp_path / "alone", "\ufeff---\nname: outer\ndescription: Outer.\n---\nT.\n")
    reason = skip_reason(CONTINUE, alone)
    assert reason is not None and "first two `---` lines" in reason
