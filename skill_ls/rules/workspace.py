"""Cross-skill rules: what only the workspace index can see (clashes, shadowing, nesting).

The checks live in `skill_ls.workspace.findings`; this module gives them their stable codes,
severities and rationale, like every other rule family.
"""

from __future__ import annotations

from skill_ls.diagnostics import Severity
from skill_ls.rules.registry import define

FAMILY = "workspace"

NAME_CLASH = define(
    "SKL501",
    "name-clash",
    Severity.WARNING,
    "Two skills with the same name are in one client's view",
    "A client keys skills by name: on a clash it silently picks one copy by its own rule "
    "(first found, last found, or lists both and lets the model guess). Rename one copy or "
    "delete it.",
    example="`.claude/skills/pdf/SKILL.md` and `.agents/skills/pdf/SKILL.md` both named `pdf`",
    family=FAMILY,
)
SHADOWED = define(
    "SKL502",
    "shadowed",
    Severity.WARNING,
    "A project skill is shadowed by a user skill, or the reverse",
    "Clients rank scopes differently (Claude Code prefers the user's copy, most others the "
    "project's), so teammates see different instructions under one name.",
    example="`~/.claude/skills/deploy` hides the project's `.claude/skills/deploy` in Claude Code",
    family=FAMILY,
)
NESTED_SKILL = define(
    "SKL503",
    "nested-skill",
    Severity.WARNING,
    "A skill sits inside another skill's folder",
    "Most clients stop at the first SKILL.md and never load a skill nested below it; Codex, "
    "OpenCode, Kilo Code CLI and Goose walk on and load both. A SKILL.md directly in a skills "
    "root encloses the whole root for pi and Copilot CLI (the root's only skill there). Move "
    "nested skills next to each other.",
    family=FAMILY,
)
DISCOVERY_BOUND = define(
    "SKL504",
    "discovery-bound",
    Severity.INFO,
    "Discovery stopped at a depth or count bound",
    "The index bounds how deep and how many entries it walks so that a huge or looping tree "
    "cannot stall the editor; skills past the bound are not indexed.",
    family=FAMILY,
)
BUILTIN_CONFLICT = define(
    "SKL505",
    "builtin-conflict",
    Severity.ERROR,
    "A workspace skill has the name of a Yoi builtin skill",
    'With `builtinOverride = "conflict"` a workspace skill may not reuse a builtin skill\'s '
    'name; with `"override"` the workspace copy replaces the builtin (reported as information).',
    family=FAMILY,
)
NOT_LOADED = define(
    "SKL506",
    "not-loaded",
    Severity.WARNING,
    "A client that finds the skill refuses to load it",
    "Each agent decides on its own whether a skill it finds is usable: some drop a skill for "
    "YAML that others forgive, a missing description, a description over a length limit, or "
    "a field of the wrong type. The finding names every target client that drops the file "
    "and its reason, as observed in that agent; it is an error when no target client loads "
    "the skill at all.",
    example="description: Use when: the user asks  # pi and Copilot CLI drop the skill",
    family=FAMILY,
)
AGENT_BUILTIN_CLASH = define(
    "SKL507",
    "agent-builtin-clash",
    Severity.WARNING,
    "A skill has the name of one of an agent's own built-in skills",
    "Agents ship skills of their own (Claude Code's `simplify`, Gemini CLI's and Codex's "
    "`skill-creator`, ...). A skill with the same name replaces the built-in in some agents "
    "and is listed beside it in others, where the model sees two skills with one name.",
    example="`.agents/skills/skill-creator/SKILL.md` in a workspace opened with Codex",
    family=FAMILY,
)
LISTING_OVER_BUDGET = define(
    "SKL508",
    "listing-over-budget",
    Severity.WARNING,
    "An agent's listing budget cuts this skill's entry",
    "Agents list every skill's name and description in a catalog of bounded size (a share "
    "of the model's context, or a fixed number of characters). Over it, they drop "
    "descriptions, shorten them or leave skills out, each in its own way; the model cannot "
    "choose a skill it sees no description of. The finding names the agents, what the whole "
    "listing takes against each budget, and the longest descriptions to shorten. It is "
    "information where the agent only shortens the description.",
    example="60 skills under `.claude/skills` with 600-character descriptions",
    family=FAMILY,
)
# Competing skills (SKL509, measured by `workspace/overlap.py`): at least this many shared
# distinctive words, making up this share of the shorter entry's for a warning (the looser
# share when both names have the same words) or the looser one for information; a word more
# than COMMON_AT_LEAST skills of the workspace, or COMMON_SHARE of them, use is not distinctive,
# nor one more than COMMON_AT_MOST use (it tells no two apart, and bounds the work per skill).
MIN_SHARED = 4
WARNING_SHARE = 0.8
INFO_SHARE = 0.6
COMMON_AT_LEAST = 12
COMMON_SHARE = 0.05
COMMON_AT_MOST = 100

COMPETING_SKILLS = define(
    "SKL509",
    "competing-skills",
    Severity.WARNING,
    "Two skills an agent lists together have descriptions the model cannot tell apart",
    "An agent's model picks a skill from its listing alone: the name and the description as "
    "the agent lists them (`when_to_use` too where it honours the field, cut at its entry "
    "cap; only the name where its budget drops the description, as SKL508 says). Two "
    "entries that share most of their distinctive words (content words without stop words "
    "and the boilerplate of descriptions, plurals and -ing/-ed folded, leaving out words "
    f"more than {COMMON_AT_LEAST} skills of the workspace, or {COMMON_SHARE:.0%} of them up "
    f"to {COMMON_AT_MOST}, use) leave the model to guess. Judged per agent, for skills it "
    "lists together; a pair is left alone when either name holds a word its own description "
    "uses more than the other's (`aws-review` beside `azure-review`). A warning when the "
    f"shared words are at least {WARNING_SHARE:.0%} of the shorter entry's distinctive words "
    f"({INFO_SHARE:.0%} when both names have the same words), information from "
    f"{INFO_SHARE:.0%}; at least {MIN_SHARED} words either way. Two copies of one name are "
    "SKL501/SKL502's.",
    example="`pdf-tools` and `pdf-helper`, both 'Extract text and tables from PDF files, "
    "fill PDF forms, merge documents'",
    family=FAMILY,
)
