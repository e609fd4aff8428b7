"""How a user's prompt (or a file the agent reads into it) calls a skill by name
(`Client.mentions`): the forms that make the agent activate the skill itself, before the
model answers. Observed in the client lab's mention probe (`clientlab/mention_probe.py`,
goldens in `clientlab/goldens/mention-forms.json`) for each agent that runs there; the
other rows know nothing (None)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from skill_ls.clients.provenance import Provenance

# "slash": `/name` | "dollar": `$name` | "skill-prefix": `/skill:name` |
# "plugin": `/plugin:name` for a skill of a plugin (bundle) named `plugin`.
MentionForm = Literal["slash", "dollar", "skill-prefix", "plugin"]

# Each form as a user types it, for messages and `skill-ls clients`.
FORM_SYNTAX: dict[MentionForm, str] = {
    "slash": "/name",
    "dollar": "$name",
    "skill-prefix": "/skill:name",
    "plugin": "/plugin:name",
}


@dataclass(frozen=True)
class MentionFacts:
    # The forms that activate a skill; empty: none does (the prompt reaches the model as
    # written, and the model may still choose the skill from the catalog).
    forms: frozenset[MentionForm]
    provenance: Provenance

    def describe(self) -> str:
        if not self.forms:
            return (
                "no prompt form activates a skill; `/name` and `$name` reach the model as "
                f"written ({self.provenance.describe()})"
            )
        ordered = [FORM_SYNTAX[form] for form in FORM_SYNTAX if form in self.forms]
        forms = ", ".join(f"`{syntax}`" for syntax in ordered)
        verb = "activates" if len(ordered) == 1 else "activate"
        return f"{forms} {verb} the skill ({self.provenance.describe()})"


def observed_in_probe(agent: str) -> Provenance:
    """The provenance of mention forms seen by the lab's mention probe."""
    return Provenance("observed", f"{agent}, lab mention probe")
