"""Scenarios about text in a SKILL.md that is not plain prose: comments, and the
`` !`command` `` lines Claude Code runs when it activates a skill. They tell what of that
text reaches the model, and in what form."""

from __future__ import annotations

from clientlab.scenario_model import Scenario, skill

# A YAML comment on its own line between keys, one after a plain and one after a quoted
# value, and HTML comments on their own line and at the end of a text line in the body.
_COMMENTED = (
    "---\n"
    "name: commented\n"
    "# skill-ls: ignore[SKL451]\n"
    "description: Formats tables. # skill-ls: ignore[SKL453]\n"
    "---\n"
    "# Commented\n"
    "\n"
    "<!-- skill-ls: ignore[SKL403] -->\n"
    "Format the table as Markdown. <!-- lab-note: end of a line -->\n"
    "\n"
    "Then stop.\n"
)

_QUOTED_COMMENT = (
    "---\n"
    "name: quoted-comment\n"
    'description: "Sorts the rows." # skill-ls: ignore[SKL453]\n'
    "---\n"
    "# Quoted comment\n"
    "\n"
    "Sort the rows.\n"
)

# Dynamic context lines: on a line of their own, inside a sentence, in a fenced code block,
# inside a double-backtick code span, glued to a word, a `!` closing a code span (no
# command, but a parser that reads it as one), and Claude Code's ```! block. Only
# harmless, deterministic commands (`echo` of one word: the replay tests rely on it).
_DYNAMIC_BODY = (
    "# Dynamic\n"
    "\n"
    "!`echo lab-marker-1`\n"
    "\n"
    "The marker is !`echo lab-marker-2` in a sentence.\n"
    "\n"
    "```sh\n"
    "!`echo lab-marker-3`\n"
    "```\n"
    "\n"
    "As code: ``!`echo lab-marker-4` `` stays code.\n"
    "\n"
    "Glued:!`echo lab-marker-5` to a word.\n"
    "\n"
    "Formula errors: `#REF!` and `#N/A` are codes.\n"
    "\n"
    "```!\n"
    "echo lab-marker-6\n"
    "```\n"
)

MARKUP_SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        "comments",
        "YAML comments in the frontmatter, HTML comments in the body",
        {
            "{project}/commented/SKILL.md": _COMMENTED,
            "{project}/quoted-comment/SKILL.md": _QUOTED_COMMENT,
        },
        activate="commented",
    ),
    Scenario(
        "inline-commands",
        "!`command` dynamic context lines: own line, in a sentence, in a fence, in code",
        {
            "{project}/dynamic/SKILL.md": skill(
                "dynamic", "Shows dynamic context lines.", _DYNAMIC_BODY
            )
        },
        activate="dynamic",
    ),
)
