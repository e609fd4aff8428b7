"""docs/suppressions.md says what a suppression comment costs, from the lab's observations:
this holds its sentences against the client rows, so a new observation that changes them
fails here instead of leaving the docs wrong."""

from __future__ import annotations

from pathlib import Path

from skill_ls.clients.table import CLIENTS

DOCS = Path(__file__).resolve().parents[3] / "docs" / "suppressions.md"


def observed_markup() -> dict[str, tuple[bool, bool, bool]]:
    return {
        client.name: (
            client.markup.body_html_comments_reach_model,
            client.markup.frontmatter_comments_reach_model,
            client.markup.trailing_comment_in_description,
        )
        for client in CLIENTS
        if client.markup is not None
    }


def test_the_cost_of_a_comment_is_what_the_lab_observed() -> None:
    facts = observed_markup()
    text = " ".join(DOCS.read_text(encoding="utf-8").split())
    assert len(facts) >= 9, facts
    assert "A body HTML comment reaches the model in every observed agent" in text
    assert all(body for body, _, _ in facts.values()), facts
    whole_file = sorted(name for name, (_, frontmatter, _) in facts.items() if frontmatter)
    assert whole_file == ["OpenAI Codex", "pi"], whole_file
    assert "(Codex and pi, on activation)" in text
    assert "No observed agent made a trailing `# ...` part of the listed description" in text
    assert not any(trailing for _, _, trailing in facts.values()), facts
