"""Which paths exist, as gathered before a manifest or sidecar check runs.

Which folders and files those checks ask about follows from the document and from earlier
answers (a marketplace entry's manifest is asked about once its folder exists), so the
gatherer (`skill_ls.gathering.answers`) runs the check on what it knows, looks up the
questions left unanswered, and runs it again until none is left; the check that counts
runs with every answer in hand. The questions are noted here; nothing here reads the disk.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# ("folder" | "file", absolute path)
Question = tuple[str, str]


@dataclass(frozen=True)
class Answers:
    folders: frozenset[str] = frozenset()  # the folders found among those looked up
    files: frozenset[str] = frozenset()  # the files found among those looked up
    looked_up: frozenset[Question] = frozenset()
    # Questions asked that were not looked up (their answer was "no"), for the gatherer.
    unanswered: set[Question] = field(default_factory=set, compare=False, repr=False)

    def is_dir(self, path: str) -> bool:
        return self._answer(("folder", path), self.folders)

    def is_file(self, path: str) -> bool:
        return self._answer(("file", path), self.files)

    def _answer(self, question: Question, found: frozenset[str]) -> bool:
        if question not in self.looked_up:
            self.unanswered.add(question)
        return question[1] in found
