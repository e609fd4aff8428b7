"""What reaches the model from text that is not plain prose: YAML comments in the
frontmatter, HTML comments in the body, and `` !`command` `` lines (`Client.markup`).
Observed in the client lab (scenarios `comments` and `inline-commands`) for each agent that
runs there; the other rows know nothing (None)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from skill_ls.clients.provenance import Provenance
from skill_ls.clients.shell_syntax import ShellSyntax

# What an agent does with a `` !`command` `` span on activation: "shown" (the text goes
# to the model as written) | "run" (it runs the command in a shell and puts its output in
# place) | "notice" (it puts `MarkupFacts.shell_notice` in place and runs nothing).
ShellHandling = Literal["shown", "run", "notice"]


@dataclass(frozen=True)
class MarkupFacts:
    # A full-line `# ...` comment in the frontmatter reaches the model (the activation
    # sends the whole file).
    frontmatter_comments_reach_model: bool
    # A trailing ` # ...` after a plain `description:` value is part of the description
    # the catalog lists.
    trailing_comment_in_description: bool
    # An HTML comment in the body (own line or end of a line) reaches the model.
    body_html_comments_reach_model: bool
    shell_commands: ShellHandling
    provenance: Provenance
    # Which spans count (`clients.shell_syntax`); None when they are shown as text.
    shell_syntax: ShellSyntax | None = None
    shell_notice: str = ""
    # Scopes whose skills a "notice" agent trusts: it runs their commands instead, once
    # the user approves them.
    shell_trusted_scopes: frozenset[str] = frozenset()


def observed_in_lab(agent: str) -> Provenance:
    """The provenance of markup facts seen in the lab's two scenarios."""
    return Provenance("observed", f"{agent}, lab scenarios `comments` and `inline-commands`")


def shown_as_written(agent: str, whole_file: bool = False) -> MarkupFacts:
    """An agent that sends comments and `` !`command` `` lines to the model as written;
    `whole_file`: its activation is the whole file, frontmatter included."""
    return MarkupFacts(
        frontmatter_comments_reach_model=whole_file,
        trailing_comment_in_description=False,
        body_html_comments_reach_model=True,
        shell_commands="shown",
        provenance=observed_in_lab(agent),
    )
