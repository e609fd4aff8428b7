"""Skills called by name where they are mentioned (CLAUDE.md, AGENTS.md, command files,
skill bodies): a mention in a form a target agent honours must name a skill that agent
resolves. Pure: the mentions (`document.mentions`) and what each agent resolves (its view,
built-ins and plugin skills included, gathered by `workspace.mentions`) come in."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from skill_ls.clients.mention_forms import MentionForm
from skill_ls.clients.table import Client
from skill_ls.diagnostics import Fix, Severity, TextEdit
from skill_ls.document.mentions import Mention
from skill_ls.rules.helpers import close_matches, names
from skill_ls.rules.registry import define
from skill_ls.rules.reporter import Reporter

FAMILY = "mentions"

# How close a known name must be to be offered (difflib's ratio), and how many.
SUGGEST_CUTOFF = 0.75
SUGGEST_AT_MOST = 3

UNKNOWN_MENTION = define(
    "SKL701",
    "unknown-mention",
    Severity.WARNING,
    "A mention calls a skill that a target agent does not have",
    "People call skills by name in the files an agent reads as instructions (CLAUDE.md, "
    "AGENTS.md, command files, other skills' bodies): `/deploy` in Claude Code, Factory "
    "Droid and Qwen Code, `$deploy` in Codex, `/skill:deploy` in pi, `/plugin:deploy` for a "
    "Claude Code plugin's skill. A mention in a form a target agent honours is checked "
    "against the skills that agent resolves in the workspace, its built-in skills and its "
    "plugins' skills included. A name some target agents resolve and others do not is "
    "reported naming the agents that drop it (a warning). A name none of them resolves is an "
    "error, with the nearest known names; but `/name` is also how agents call their own "
    "commands (`/help`, `/review`, `/init`), which no fact table lists, and `$name` is also "
    "a shell variable written in prose, so these two forms are reported only when a known "
    "skill name is close to the one written (a likely typo). `/skill:name` always means a "
    "skill; `/plugin:name` is reported when the plugin is known or a name is close. Files "
    "count per agent as its row's `mention files` say; fenced and indented code does not, "
    "and inline code only when it opens with the mention (`` `/deploy staging` ``). The "
    "editor offers each near name as a quick fix; none is applied by `check --fix`, since "
    "a near name is a guess.",
    example="CLAUDE.md: `Run /delpoy after merging` with a skill named `deploy`",
    family=FAMILY,
)


HIDDEN_MENTION = define(
    "SKL702",
    "hidden-skill-mention",
    Severity.WARNING,
    "A mention calls a skill the agent keeps from its model",
    "The files that mention skills are read by the model (CLAUDE.md, AGENTS.md, command "
    "files, skill bodies). A skill an agent hides from its model (`disable-model-invocation: "
    "true` in Claude Code, Kimi Code CLI and others; each row's `hidden when` says which "
    "flag) is also one the agent refuses to activate when the model asks for it, as observed "
    "in the lab: an instruction to the model to run it cannot be followed; only a person "
    "typing the command runs it. Agents that hide the skill but still activate it for the "
    "model (Factory Droid) are not reported.",
    example="AGENTS.md: `After merging, run /release` with `release` hidden from the model",
    family=FAMILY,
)
USER_SKILL_MENTION = define(
    "SKL703",
    "user-skill-mention",
    Severity.WARNING,
    "A shared file calls a skill found only in a user folder",
    "A CLAUDE.md or AGENTS.md in the repository is read by everyone who works in it, but a "
    "skill in `~/.claude/skills` or another user folder is on this machine only: the "
    "mention resolves here and calls nothing for a teammate. Reported for files inside the "
    "workspace (not those under the home folder) when the skill every target agent resolves "
    "the name to comes from a user folder; move the skill into the project's skills folder "
    "or say that it is personal.",
    example="CLAUDE.md in the repository: `Use /my-notes` with `~/.claude/skills/my-notes`",
    family=FAMILY,
)


@dataclass(frozen=True)
class AgentNames:
    """What one target agent resolves a mention against: every skill name in its view (its
    key and the `name` it also accepts), plugin skills as `plugin:name`."""

    client: Client
    names: frozenset[str]
    # Names of skills the agent keeps from its model and will not activate for it.
    hidden: frozenset[str] = frozenset()
    # Names whose winning copy comes from a user folder: name → that root as the row writes it.
    user_only: Mapping[str, str] = field(default_factory=dict)

    def honours(self, form: MentionForm) -> bool:
        return self.client.mentions is not None and form in self.client.mentions.forms


def check_mentions(
    mentions: Sequence[Mention],
    agents: Sequence[AgentNames],
    reporter: Reporter,
    shared: bool = False,
) -> None:
    """Report each mention that a target agent reading the file honours and does not
    resolve (SKL701), resolves to a skill it keeps from its model (SKL702) or, in a `shared`
    file (one in the workspace), only to a skill in a user folder (SKL703); `agents`: the
    target agents that read the file as instructions."""
    # A file names the same skill many times: judge each name once per set of agents.
    judged: dict[tuple[MentionForm, str], _Verdict | None] = {}
    for mention in mentions:
        at = (mention.form, mention.key)
        if at not in judged:
            judged[at] = _judge(mention, agents)
        _check_resolved(mention, agents, reporter, shared)
        verdict = judged[at]
        if verdict is None:
            continue
        resolving, dropping, suggestions = verdict
        written = mention.written
        if resolving:
            verb = "es" if len(dropping) == 1 else ""
            message = (
                f"'{written}' calls a skill {names(resolving)} resolve"
                f"{'s' if len(resolving) == 1 else ''}, but {names(dropping)} do{verb} not "
                f"have a skill '{mention.key}'"
            )
        else:
            message = f"'{written}' calls no skill {names(dropping)} know{_s(dropping)}"
        shown = [_written_as(mention, name) for name in suggestions]
        if shown:
            message += "; did you mean " + " or ".join(f"'{s}'" for s in shown) + "?"
        fixes = tuple(
            Fix(f"Change to '{s}'", (TextEdit(mention.range, s),), safe=False) for s in shown
        )
        reporter.report(
            UNKNOWN_MENTION,
            mention.range,
            message,
            fixes=fixes,
            severity=None if resolving else Severity.ERROR,
            data={"clients": [c.id for c in dropping], "suggestions": suggestions},
        )


def _check_resolved(
    mention: Mention, agents: Sequence[AgentNames], reporter: Reporter, shared: bool
) -> None:
    """SKL702 and SKL703 for a mention the honouring agents resolve."""
    honouring = [agent for agent in agents if agent.honours(mention.form)]
    hiding = [a.client for a in honouring if mention.key in a.hidden]
    if hiding:
        reporter.report(
            HIDDEN_MENTION,
            mention.range,
            f"'{mention.written}' calls '{mention.key}', which {names(hiding)} keep"
            f"{_s(hiding)} from the model and will not activate for it: the model reading "
            "this file cannot run it, only a person typing it can",
            data={"clients": [c.id for c in hiding]},
        )
    resolving = [a for a in honouring if mention.key in a.names]
    if shared and resolving and all(mention.key in a.user_only for a in resolving):
        roots = sorted({a.user_only[mention.key] for a in resolving})
        reporter.report(
            USER_SKILL_MENTION,
            mention.range,
            f"'{mention.written}' resolves only to a skill in a user folder "
            f"({', '.join(f'`{root}`' for root in roots)}) for "
            f"{names([a.client for a in resolving])}: others who work in this repository "
            "do not have it",
            data={"clients": [a.client.id for a in resolving]},
        )


# (agents that resolve the name, agents that drop it, the near known names)
_Verdict = tuple[list[Client], list[Client], list[str]]


def _judge(mention: Mention, agents: Sequence[AgentNames]) -> _Verdict | None:
    """What the agents honouring the mention's form make of its name; None: nothing to
    report (none honours it, all resolve it, or it is not clearly meant as a skill)."""
    honouring = [agent for agent in agents if agent.honours(mention.form)]
    resolving = [a.client for a in honouring if mention.key in a.names]
    dropping = [a.client for a in honouring if mention.key not in a.names]
    if not dropping:
        return None
    known = frozenset(name for agent in honouring for name in agent.names)
    suggestions = list(_near(mention.key, mention.form == "plugin", known))
    if not resolving and not _clearly_a_skill(mention, known, suggestions):
        return None
    return resolving, dropping, suggestions


def _s(clients: Sequence[Client]) -> str:
    return "s" if len(clients) == 1 else ""


@functools.lru_cache(maxsize=4096)
def _near(key: str, plugin: bool, known: frozenset[str]) -> tuple[str, ...]:
    """The known names nearest to `key` (itself left out: some agents know it): plugin
    skills for a plugin mention, the others for the other forms. Cached: every skill of a
    workspace is judged against the same names, and many call the same skill."""
    pool = sorted(name for name in known if (":" in name) is plugin and name != key)
    return tuple(close_matches(key, pool, SUGGEST_AT_MOST, SUGGEST_CUTOFF))


def _clearly_a_skill(mention: Mention, known: frozenset[str], suggestions: list[str]) -> bool:
    """Whether a mention no agent resolves is meant as a skill (see the rule's rationale)."""
    if suggestions or mention.form == "skill-prefix":
        return True
    if mention.form == "plugin":
        return any(name.startswith(f"{mention.plugin}:") for name in known)
    return False


def _written_as(mention: Mention, key: str) -> str:
    """`key` written in the mention's form."""
    if mention.form == "plugin":
        return f"/{key}"
    return mention.written[: len(mention.written) - len(mention.name)] + key
