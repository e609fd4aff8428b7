"""Scenarios about argument placeholders: what each agent makes of `$ARGUMENTS`, `$N`,
`$ARGUMENTS[N]` and declared `$name`s when a skill is activated with (or without) arguments.
Claude Code fills them in; the others show them as written, and the goldens say which."""

from __future__ import annotations

from clientlab.scenario_model import Scenario, skill

_GREET = skill("greet", "Greets someone.", "# Greet\n\nSay hello to $ARGUMENTS now.\n")

# Every placeholder form, with three words (one of them quoted) against four declared names:
# indexes and names past the last word, forms around a name (`${target}`, `$target-x`,
# `$target_x`, ...), a backslash before a placeholder, a price, and code (a fence, a span).
_INDEXED_BODY = (
    "# Indexed\n"
    "\n"
    "All: [$ARGUMENTS] glued: [$ARGUMENTSx]\n"
    "Bracket: [$ARGUMENTS[0]] [$ARGUMENTS[1]] [$ARGUMENTS[2]] [$ARGUMENTS[3]]\n"
    "Digits: [$0] [$1] [$2] [$3] [$10] [$1x]\n"
    "Names: [$target] [$mode] [$extra] [$spare]\n"
    "Forms: [${target}] [$target-x] [$targetx] [$target_x] [$targets] [$target.] [$target[0]]\n"
    "Escaped: [\\$ARGUMENTS] [\\$1] [\\$target] [\\\\$0]\n"
    "Price: [$5.00] [$1,000]\n"
    "\n"
    "Inline code: `$ARGUMENTS` and `$1` and `$target`.\n"
    "\n"
    "```bash\n"
    "echo \"$ARGUMENTS\" | awk '{print $1}' # $target\n"
    "```\n"
)

# Placeholders that fill nothing with four words given: a name only `argument-hint` names,
# and indexes past the last word. The words hold what Claude Code rewrites in a value it
# inserts: a `!` opening a word, `${CLAUDE_SKILL_DIR}`, a placeholder.
_UNFILLED_BODY = "# Unfilled\n\nWork on $target, then [$4] and [$ARGUMENTS[4]].\n"
_UNFILLED_ARGUMENTS = "alpha !bang ${CLAUDE_SKILL_DIR} $0"

ARGUMENT_SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        "arguments",
        "$ARGUMENTS in the body, activated with arguments",
        {"{project}/greet/SKILL.md": _GREET},
        activate="greet",
        arguments="Ada Lovelace",
    ),
    Scenario(
        "arguments-none",
        "$ARGUMENTS in the body, activated without arguments; and no placeholder with arguments",
        {
            "{project}/greet/SKILL.md": _GREET,
            "{project}/plain/SKILL.md": skill("plain", "Takes no placeholder."),
        },
        activate="greet",
    ),
    Scenario(
        "arguments-indexed",
        "$ARGUMENTS[N], $N and declared $names in every form, in prose and code, 3 words",
        {
            "{project}/indexed/SKILL.md": skill(
                "indexed",
                "Shows every argument placeholder form.",
                _INDEXED_BODY,
                extra="arguments: [target, mode, extra, spare]",
            )
        },
        activate="indexed",
        arguments='alpha "beta gamma" delta',
    ),
    Scenario(
        "arguments-unfilled",
        "a hint-only $name, indexes past the last word: is ARGUMENTS: appended, and how?",
        {
            "{project}/unfilled/SKILL.md": skill(
                "unfilled",
                "Has placeholders that fill nothing.",
                _UNFILLED_BODY,
                extra='argument-hint: "[target]"',
            )
        },
        activate="unfilled",
        arguments=_UNFILLED_ARGUMENTS,
    ),
    Scenario(
        "arguments-only-index",
        "a body whose only placeholder is $0: is ARGUMENTS: appended?",
        {
            "{project}/first-word/SKILL.md": skill(
                "first-word",
                "Takes the first word only.",
                "# First word\n\nOpen [$0] and stop.\n",
                extra='argument-hint: "[file] [mode]"',
            )
        },
        activate="first-word",
        arguments="notes.md fast",
    ),
)
