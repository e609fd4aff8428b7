"""Which of our findings VS Code's own SKILL.md checks repeat, so that an editor running those
checks can show each problem once.

VS Code checks a SKILL.md itself: its built-in `vscode.prompt` extension gives the file the
language `skill`, and the chat prompt validator puts markers on it (no source, no code). The
messages below are the English entries of its message catalogue (`promptValidator.*`), read from
the build the end-to-end test runs (OBSERVED_IN). A finding of ours that says no more than one of
them is a duplicate; one that names the agents concerned carries more and is kept.

Builds differ: which checks they run, in what words. So the extension hides a finding of ours
only while VS Code's own marker with the row's text lies on the same range of that document: on
a build that lacks the check, or words it otherwise, ours stays (the problem shows twice at
worst, never not at all). The extension fetches this table (`skill-ls.vscodeDuplicates`); it
lives here so that the facts stay in Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pygls.lsp.server import LanguageServer

from skill_ls.clients.table import CLIENTS
from skill_ls.server.binding import bind_command
from skill_ls.server.feature_table import VSCODE_DUPLICATES
from skill_ls.server.session import Session

CHECKER = "VS Code's chat prompt validator (built-in extension vscode.prompt)"
# The build whose catalogue the texts are read from (its out/nls.messages.json).
OBSERVED_IN = "VS Code 1.139.1 (code-server 4.139.1)"


@dataclass(frozen=True)
class Duplicate:
    code: str  # our rule code
    vscode_key: str  # the message's key in VS Code's catalogue
    vscode_message: str  # and its English text
    # What our finding says beyond VS Code's (kept then), None when nothing.
    ours_adds: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "vscodeKey": self.vscode_key,
            "vscodeMessage": self.vscode_message,
            "oursAdds": self.ours_adds,
        }


DUPLICATES: tuple[Duplicate, ...] = (
    Duplicate("SKL101", "promptValidator.skillNameMissing", "Skill should provide a name."),
    Duplicate(
        "SKL102", "promptValidator.nameMustBeString", "The 'name' attribute must be a string."
    ),
    # Ours also says a name over 64 characters is too long; VS Code's marker only ever says empty.
    Duplicate(
        "SKL103", "promptValidator.nameShouldNotBeEmpty", "The 'name' attribute must not be empty."
    ),
    Duplicate(
        "SKL104",
        "promptValidator.skillNameInvalidChars",
        "Skill name may only contain lowercase letters, numbers, and hyphens.",
    ),
    Duplicate(
        "SKL106",
        "promptValidator.skillNameFolderMismatch",
        "The skill name '{0}' should match the folder name '{1}'.",
    ),
    Duplicate(
        "SKL111", "promptValidator.skillDescriptionMissing", "Skill should provide a description."
    ),
    Duplicate(
        "SKL112",
        "promptValidator.descriptionMustBeString",
        "The 'description' attribute must be a string.",
    ),
    Duplicate(
        "SKL113",
        "promptValidator.descriptionShouldNotBeEmpty",
        "The 'description' attribute should not be empty.",
    ),
    Duplicate(
        "SKL301",
        "promptValidator.unknownAttribute.skill",
        "Attribute '{0}' is not supported by VS Code skills. Supported: {1}.",
        ours_adds="judged for the target agents, not VS Code alone, and names those that read it",
    ),
    # VS Code checks Markdown links only; ours for a path in inline code has no marker beside it.
    Duplicate("SKL403", "promptValidator.fileNotFound", "File '{0}' not found at '{1}'."),
)


def vscode_duplicates(session: Session, *args: Any) -> dict[str, Any]:
    """The table, and the agents' names: a finding whose message names an agent says more
    than VS Code's and is kept whatever its code."""
    return {
        "checker": CHECKER,
        "observedIn": OBSERVED_IN,
        "duplicates": [duplicate.to_json() for duplicate in DUPLICATES],
        "agentNames": [client.name for client in CLIENTS],
    }


def register(server: LanguageServer, session: Session) -> None:
    server.command(VSCODE_DUPLICATES)(bind_command(vscode_duplicates, session))
