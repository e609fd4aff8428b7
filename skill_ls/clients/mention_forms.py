"""How a user's prompt (or a file the agent reads into it) calls a skill by name
(`Client.mentions`): the forms that make the agent activate the skill itself, before the
model answers. Observed in the client lab's mention probe (`clientlab/mention_probe.py`,
goldens in `clientlab/goldens/mention-forms.json`) for each agent that runs there; the
other rows know nothing (None)."""

from __future__ import annotations

import fnmatch
import posixpath
from dataclasses import dataclass

from skill_ls.clients.provenance import Provenance

# The forms are the document model's (`document.mentions`, which finds them in text).
from skill_ls.document.mentions import MentionForm

__all__ = ["FORM_SYNTAX", "MentionFacts", "MentionFiles", "MentionForm", "observed_in_probe"]

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


@dataclass(frozen=True)
class MentionFiles:
    """The Markdown files of a project that the agent reads into the model's context as
    instructions (its context files, its command files): a skill mentioned there in a form
    the agent honours is a skill the model is told to use. Patterns are relative to the
    project's folder, `/`-separated; `**/` stands for any folders, none included. Every
    agent with mention forms also reads the other skills' SKILL.md bodies on activation;
    that needs no pattern (`SKILL_BODIES`)."""

    patterns: tuple[str, ...]
    provenance: Provenance

    def matches(self, relative: str) -> bool:
        """Whether the file at `relative` (to the project's folder) is one of them."""
        path = posixpath.normpath(relative.replace("\\", "/"))
        name = path.rsplit("/", 1)[-1]
        # The file name against each pattern's last segment first: most files fail there.
        return any(
            fnmatch.fnmatchcase(name, pattern.rsplit("/", 1)[-1]) and _match(pattern, path)
            for pattern in self.patterns
        )

    def describe(self) -> str:
        shown = ", ".join(f"`{pattern}`" for pattern in self.patterns)
        return f"{shown} ({self.provenance.describe()})"


# Skills' own bodies are read into the model's context by every agent that activates them.
SKILL_BODIES = "SKILL.md"


def _match(pattern: str, path: str) -> bool:
    if pattern.startswith("**/"):
        rest = pattern[3:]
        parts = path.split("/")
        return any(_match(rest, "/".join(parts[at:])) for at in range(len(parts)))
    if "/**/" in pattern:
        head, tail = pattern.split("/**/", 1)
        if not path.startswith(head + "/"):
            return False
        return _match("**/" + tail, path[len(head) + 1 :])
    # fnmatch's `*` crosses `/`; a pattern's segments are matched one by one instead.
    pattern_parts, parts = pattern.split("/"), path.split("/")
    return len(pattern_parts) == len(parts) and all(
        fnmatch.fnmatchcase(part, glob) for part, glob in zip(parts, pattern_parts, strict=True)
    )
