"""SKL508 listing-over-budget: which skills an agent's listing budget cuts, with what the
listing takes, as `skill-ls catalog` computes it; and kept right as buffers change."""

from __future__ import annotations

from pathlib import Path

from skill_ls.diagnostics import Diagnostic, Range, Severity
from skill_ls.render import catalog_for
from skill_ls.render.claude import HEADER
from skill_ls.settings import Settings
from skill_ls.workspace import WorkspaceIndex

# Claude Code's budget for its default model: 1% of 1,000,000 tokens, 3 characters each.
BUDGET = 30_000
BASIS = "1% of a 1,000,000-token context"
COPILOT_CLI_BUDGET = 15_000


def _description(number: int, extra: int = 0) -> str:
    """Long descriptions of different lengths (the longer the later), all ASCII."""
    return "Handles task " + "x" * (480 + number + extra) + "."


def _text(number: int, extra: int = 0) -> str:
    return f"---\nname: skill-{number:02d}\ndescription: {_description(number, extra)}\n---\n"


def _workspace(root: Path, count: int) -> Path:
    project = root / "project"
    (project / ".git").mkdir(parents=True)
    for number in range(count):
        folder = project / ".claude" / "skills" / f"skill-{number:02d}"
        folder.mkdir(parents=True)
        (folder / "SKILL.md").write_text(_text(number) + "\n# Body\n")
    return project


def _index(root: Path, project: Path, *clients: str) -> WorkspaceIndex:
    settings = Settings(target_clients=clients or ("claude-code",))
    index = WorkspaceIndex([project], settings, home=root / "home", environ={})
    index.scan()
    return index


def _skill(project: Path, number: int) -> Path:
    return project / ".claude" / "skills" / f"skill-{number:02d}" / "SKILL.md"


def _budget_findings(index: WorkspaceIndex, number: int) -> list[Diagnostic]:
    path = _skill(Path(index.folders[0]), number)
    return [d for d in index.cross_skill_diagnostics(path) if d.code == "SKL508"]


def _flagged(index: WorkspaceIndex, count: int) -> list[int]:
    return [number for number in range(count) if _budget_findings(index, number)]


def _builtins_width(root: Path) -> int:
    """What Claude Code's own built-in skills take in its listing (with no skill of ours)."""
    project = root / "empty"
    (project / ".git").mkdir(parents=True)
    return len(catalog_for(_index(root, project), "claude-code").text) - len(HEADER)


def _line(number: int, extra: int = 0) -> int:
    return len(f"- skill-{number:02d}: {_description(number, extra)}")


def _claude_used(root: Path, count: int) -> int:
    """The listing with every description: built-ins, our lines, the breaks between."""
    return _builtins_width(root) + sum(_line(n) for n in range(count)) + count


def test_the_skills_claude_code_lists_without_description_get_it(tmp_path: Path) -> None:
    count = 60
    project = _workspace(tmp_path, count)
    index = _index(tmp_path, project)
    # Over the budget every description is dropped, then given back in listing order while
    # the rest allows: the first `kept` fit, the longer ones after them do not.
    bare = _builtins_width(tmp_path / "b") + sum(len(f"- skill-{n:02d}") for n in range(count))
    slack = BUDGET - bare - count
    kept = 0
    while slack >= _line(kept) - len(f"- skill-{kept:02d}"):
        slack -= _line(kept) - len(f"- skill-{kept:02d}")
        kept += 1
    assert 0 < kept < count
    assert _flagged(index, count) == list(range(kept, count))
    entries = catalog_for(index, "claude-code").entries
    cut = [int(e.name[6:]) for e in entries if e.truncated and e.name.startswith("skill-")]
    assert cut == list(range(kept, count))  # what `skill-ls catalog` shows cut

    used = _claude_used(tmp_path / "c", count)
    [finding] = _budget_findings(index, count - 1)
    assert finding.message == (
        f"Claude Code lists this skill without its description: the {len(entries):,} skills "
        f"it lists take {used:,} characters against its budget of {BUDGET:,} ({BASIS}) "
        f"\u2014 {used - BUDGET:,} over; shorten descriptions (the longest here: skill-59, "
        "skill-58, skill-57) or move detail into the body"
    )
    assert finding.severity is Severity.WARNING
    assert finding.range == Range.of(2, 13, 2, 13 + len(_description(count - 1)))
    assert finding.fixes == ()
    assert _budget_findings(index, kept - 1) == []


def test_a_listing_exactly_at_the_budget_cuts_nothing(tmp_path: Path) -> None:
    count = 44
    project = _workspace(tmp_path, count)
    pad = BUDGET - _claude_used(tmp_path / "c", count)
    assert 0 < pad < 1_000  # skill-00's description takes the rest (under the entry cap)
    _skill(project, 0).write_text(_text(0, pad))
    index = _index(tmp_path, project)
    assert _flagged(index, count) == []
    assert not any(entry.truncated for entry in catalog_for(index, "claude-code").entries)

    # One character more and the last skill's description no longer fits.
    index.set_buffer(_skill(project, count - 1), _text(count - 1, 1))
    assert _flagged(index, count) == [count - 1]


def test_only_the_agent_over_its_budget_is_named(tmp_path: Path) -> None:
    count = 28
    project = _workspace(tmp_path, count)
    # Copilot CLI reads .claude/skills too: its 15,000 characters do not hold these 28
    # entries, Claude Code's 30,000 do.
    assert _claude_used(tmp_path / "c", count) < BUDGET
    index = _index(tmp_path, project, "claude-code", "copilot-cli")
    blocks = [
        len(
            f"<skill>\n  <name>skill-{n:02d}</name>\n  <description>{_description(n)}"
            "</description>\n  <location>project</location>\n</skill>\n"
        )
        for n in range(count)
    ]
    whole = 0
    while sum(blocks[: whole + 1]) <= COPILOT_CLI_BUDGET:
        whole += 1
    assert _flagged(index, count) == list(range(whole, count))
    [finding] = _budget_findings(index, count - 1)
    # Copilot CLI's own built-in skills come after ours, and count too.
    (tmp_path / "empty" / ".git").mkdir(parents=True)
    builtins = catalog_for(_index(tmp_path, tmp_path / "empty"), "copilot-cli")
    wrapper = len("<available_skills>\n") + len("</available_skills>")
    used = sum(blocks) + len(builtins.text) - wrapper
    listed = count + len(builtins.entries)
    assert finding.message == (
        f"Copilot CLI lists this skill without its description: the {listed} skills it lists "
        f"take {used:,} characters against its budget of 15,000 \u2014 "
        f"{used - COPILOT_CLI_BUDGET:,} over; shorten descriptions (the longest here: "
        "skill-27, skill-26, skill-25) or move detail into the body"
    )
    assert finding.data == {"clients": ["copilot-cli"]}
    named_only = [e.name for e in catalog_for(index, "copilot-cli").entries if e.omitted]
    ours = [f"skill-{n:02d}" for n in range(whole, count)]
    assert named_only == ours + [entry.name for entry in builtins.entries]


def test_one_finding_names_every_agent_that_cuts_the_skill(tmp_path: Path) -> None:
    count = 60
    project = _workspace(tmp_path, count)
    index = _index(tmp_path, project, "claude-code", "copilot-cli")
    [finding] = _budget_findings(index, count - 1)
    assert finding.data == {"clients": ["claude-code", "copilot-cli"]}
    claude, copilot, advice = finding.message.split("; ")
    assert claude.startswith("Claude Code lists this skill without its description: the ")
    assert copilot.startswith("Copilot CLI lists this skill without its description: the ")
    assert advice.startswith("shorten descriptions (the longest here: skill-59")


def test_a_larger_model_cuts_nothing(tmp_path: Path) -> None:
    count = 60
    project = _workspace(tmp_path, count)
    settings = Settings(target_clients=("claude-code",), context_window=2_000_000)
    index = WorkspaceIndex([project], settings, home=tmp_path / "home", environ={})
    index.scan()
    assert _flagged(index, count) == []


def test_editing_descriptions_down_clears_the_others(tmp_path: Path) -> None:
    count = 50
    project = _workspace(tmp_path, count)
    index = _index(tmp_path, project)
    assert _flagged(index, count) != []
    assert _flagged(index, count)[-1] == count - 1
    # Shortening the first ten descriptions brings the listing under the budget.
    for number in range(10):
        index.set_buffer(
            _skill(project, number), f"---\nname: skill-{number:02d}\ndescription: Short.\n---\n"
        )
    assert _flagged(index, count) == []
    assert not any(e.truncated for e in catalog_for(index, "claude-code").entries)


def test_a_patched_index_answers_as_a_fresh_one(tmp_path: Path) -> None:
    """Keystrokes patch views and re-measure one entry: every view, catalog and finding
    is then what a fresh scan of the same text gives."""
    count = 40
    project = _workspace(tmp_path, count)
    clients = ("claude-code", "copilot-cli", "codex", "droid", "qwen-code")
    index = _index(tmp_path, project, *clients)
    texts: dict[Path, str] = {}
    for round_, number in enumerate((3, 30, 3, 39, 0)):
        texts[_skill(project, number)] = _text(number, 200 * round_)
        index.set_buffer(_skill(project, number), texts[_skill(project, number)])
        index.cross_skill_diagnostics(_skill(project, number))
    fresh = WorkspaceIndex([project], index.settings, home=tmp_path / "home", environ={})
    for path, text in texts.items():
        fresh.set_buffer(path, text)
    fresh.scan()
    for client in clients:
        assert index.view(client) == fresh.view(client)
        assert catalog_for(index, client) == catalog_for(fresh, client)
    for number in range(count):
        path = _skill(project, number)
        assert index.cross_skill_diagnostics(path) == fresh.cross_skill_diagnostics(path)
