"""Description quality: advice only (hint/info), never an error."""

from __future__ import annotations

import re

from skill_ls.diagnostics import Severity
from skill_ls.document import SkillDocument
from skill_ls.rules.registry import define
from skill_ls.rules.reporter import Reporter
from skill_ls.yamltree import YScalar

FAMILY = "quality"

NO_TRIGGER = define(
    "SKL451",
    "description-without-when",
    Severity.HINT,
    "the description does not say when to use the skill",
    "Agents pick skills from the description alone. Say what the skill does and when to use "
    'it ("Use when ..."), with the words a user would say.',
    example="description: Extract text and tables from PDF files. Use when the user mentions "
    "PDFs, forms or document extraction.",
    family=FAMILY,
)
PERSON = define(
    "SKL452",
    "description-not-third-person",
    Severity.HINT,
    "the description is not written in the third person",
    'The description is injected into the system prompt; "I can..." or "You can..." reads '
    'as the wrong speaker. Write "Processes Excel files...".',
    family=FAMILY,
)
TOO_SHORT = define(
    "SKL453",
    "description-too-short",
    Severity.INFO,
    "the description is very short",
    "A few words rarely tell the model what the skill does and when it applies.",
    family=FAMILY,
)

_WHEN = re.compile(
    r"(?i)\b(when|whenever|if the user|use (it |this )?(for|to|on)|trigger"
    r"|asks?|needs?|wants?|for (tasks|requests|working))\b"
)
# A pronoun as a word of its own: "I/O tools" or "We-chat" do not speak as "I" or "we".
_FIRST_OR_SECOND = re.compile(
    r"(?i)^\s*(i|i'm|i am|we|we're|my|our|you|you're|your)(?=[\s,;:.!?]|$)"
)
MIN_USEFUL = 40


def check(doc: SkillDocument, report: Reporter) -> None:
    entry = doc.fields.get("description")
    if entry is None or not isinstance(entry.value, YScalar) or entry.value.kind != "string":
        return
    text = entry.value.value.strip()
    if not text:
        return
    rng = entry.value.range
    if len(text) < MIN_USEFUL:
        report.report(
            TOO_SHORT,
            rng,
            f"description is {len(text)} characters; say what the skill does and when to use it",
        )
    if not _WHEN.search(text):
        report.report(
            NO_TRIGGER,
            rng,
            'description says what but not when: add "Use when ..." so agents know when to load it',
        )
    if _FIRST_OR_SECOND.match(text):
        report.report(
            PERSON,
            rng,
            'description speaks as "I"/"you"; write it in the third person ("Extracts ...")',
        )
