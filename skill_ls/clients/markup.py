"""What reaches the model from text that is not plain prose: YAML comments in the
frontmatter, HTML comments in the body, and `` !`command` `` lines. Observed in the client
lab (scenarios `comments` and `inline-commands`) for each agent that runs there; the other
rows know nothing (None)."""

from __future__ import annotations

from dataclasses import replace

from skill_ls.clients.model import Client, MarkupFacts, Provenance


def _observed(agent: str) -> Provenance:
    return Provenance("observed", f"{agent}, lab scenarios `comments` and `inline-commands`")


def _shown(agent: str, whole_file: bool = False) -> MarkupFacts:
    """An agent that sends comments and `` !`command` `` lines to the model as written;
    `whole_file`: its activation is the whole file, frontmatter included."""
    return MarkupFacts(
        frontmatter_comments_reach_model=whole_file,
        trailing_comment_in_description=False,
        body_html_comments_reach_model=True,
        shell_commands="shown",
        provenance=_observed(agent),
    )


KILO_UNTRUSTED_NOTICE = "[skill shell execution disabled for untrusted skill]"

MARKUP: dict[str, MarkupFacts] = {
    "claude-code": MarkupFacts(
        frontmatter_comments_reach_model=False,
        trailing_comment_in_description=False,
        body_html_comments_reach_model=True,
        shell_commands="run",
        shell_syntax="claude-code",
        provenance=_observed("Claude Code 2.1.328"),
    ),
    "codex": _shown("Codex 0.169.0", whole_file=True),
    "copilot-cli": _shown("Copilot CLI 1.0.102"),
    "droid": _shown("Factory Droid 0.225.2"),
    "gemini-cli": _shown("Gemini CLI 0.61.0"),
    "kilo": MarkupFacts(
        frontmatter_comments_reach_model=False,
        trailing_comment_in_description=False,
        body_html_comments_reach_model=True,
        shell_commands="notice",
        shell_syntax="kilo",
        shell_notice=KILO_UNTRUSTED_NOTICE,
        # Cited from its bundle (SkillInject): skills of the user's global roots (and its
        # built-ins) are trusted; their commands run after an interactive approval. A probe
        # with the lab's skill in ~/.agents/skills got no activation text in `kilo run`,
        # which cannot give that approval. The lab's scenarios hold project skills.
        shell_trusted_scopes=frozenset({"user", "builtin"}),
        provenance=_observed("Kilo Code CLI 7.7.7"),
    ),
    "opencode": _shown("OpenCode 1.18.33"),
    "pi": _shown("pi 0.73.1", whole_file=True),
    "qwen-code": _shown("Qwen Code 0.24.4"),
}


def with_markup(clients: tuple[Client, ...]) -> tuple[Client, ...]:
    """The rows with their observed markup facts attached."""
    return tuple(
        replace(client, markup=MARKUP[client.id]) if client.id in MARKUP else client
        for client in clients
    )
