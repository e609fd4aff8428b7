"""What is kept of a field's value: quoted `name` and `description` with spaces around them,
a description of spaces only and an empty one. Agents differ: some trim, some keep the
spaces, some drop the skill, and some list it with a stand-in description."""

from __future__ import annotations

from clientlab.scenario_model import Scenario, skill

VALUE_SCENARIOS: tuple[Scenario, ...] = (
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
