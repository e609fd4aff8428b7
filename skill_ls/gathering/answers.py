"""The answers a manifest or sidecar check needs from the disk, gathered before the check
that counts: the check is run on what is known, the questions it left are looked up, and
again, until it asks nothing new (`rules.answers`)."""

from __future__ import annotations

from collections.abc import Callable

from skill_ls.rules.answers import Answers, Question

# Rounds of questions: a marketplace needs two (an entry's folder, then the manifest in it);
# the bound only keeps a bug from looping.
MAX_ROUNDS = 4


def gathered(ask: Callable[[Answers], object], look: Callable[[Question], bool]) -> Answers:
    """The answers to every question `ask` (a check run on the answers so far) asks, each
    looked up once with `look`."""
    answers = Answers()
    for _ in range(MAX_ROUNDS):
        ask(answers)
        questions = answers.unanswered - answers.looked_up
        if not questions:
            break
        found = {question for question in questions if look(question)}
        answers = Answers(
            folders=answers.folders | {path for kind, path in found if kind == "folder"},
            files=answers.files | {path for kind, path in found if kind == "file"},
            looked_up=answers.looked_up | questions,
        )
    return answers
