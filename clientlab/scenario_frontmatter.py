"""Where a frontmatter block is found, and what is kept of its values: a block after blank
lines, a heading or a line of text; a byte-order mark before the block with a `---` rule in
the body (Continue CLI takes the block between the first two `---` lines wherever they
are); quoted `name` and `description` with spaces around them, a blank and an empty
description (some agents trim, some keep the spaces, some drop the skill, some list it
with a stand-in description)."""

from __future__ import annotations

from clientlab.scenario_model import Scenario, skill

FRONTMATTER_SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        "frontmatter-after-line",
        "the block after two blank lines, after a `# Title` line, after a text line; a body "
        "with a `---` rule",
        {
            "{project}/after-blank/SKILL.md": "\n\n"
            + skill("after-blank", "Its block follows blank lines."),
            "{project}/after-heading/SKILL.md": "# Title\n\n"
            + skill(
                "after-heading",
                "Its block follows a heading.",
                "# after-heading\n\nAbove the rule.\n\n---  \n\n\nBelow the rule.\n",
            ),
            "{project}/after-text/SKILL.md": "Intro text.\n"
            + skill("after-text", "Its block follows a text line."),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="after-heading",
    ),
    Scenario(
        "frontmatter-bom-rule",
        "a byte-order mark before the block, and a body whose `---` rule closes a second "
        "block-like part",
        {
            "{project}/bom-rule/SKILL.md": "\ufeff"
            + skill(
                "bom-rule",
                "The outer block, behind a byte-order mark.",
                "name: inner-name\ndescription: Read from the body.\n---\n\nTail of the body.\n",
            ),
            "{project}/bom-plain/SKILL.md": "\ufeff"
            + skill("bom-plain", "Behind a byte-order mark, no rule."),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="inner-name",
    ),
    Scenario(
        "untrimmed-fields",
        "quoted `name` and `description` with spaces around them; a blank and an empty description",
        {
            "{project}/spaced/SKILL.md": skill('"  spaced  "', '"  padded text  "'),
            "{project}/padded/SKILL.md": skill("padded", '"  padded description  "'),
            "{project}/blank-description/SKILL.md": skill("blank-description", '"   "'),
            "{project}/empty-description/SKILL.md": skill("empty-description", '""'),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="  spaced  ",
    ),
)
