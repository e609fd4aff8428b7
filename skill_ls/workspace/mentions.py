"""Mentions of skills in the files agents read as instructions, checked against what each
target agent resolves in the workspace (SKL701, `rules.mentions`): which agents read a
file (`Client.mention_files`, or every agent for a skill's body), and the names in each
agent's view (its built-ins and plugin skills included)."""

from __future__ import annotations

import os
import weakref
from collections.abc import Sequence
from dataclasses import dataclass

from skill_ls.clients.mention_forms import FORM_SYNTAX, SKILL_BODIES
from skill_ls.clients.table import CLIENTS, CLIENTS_BY_ID, Client
from skill_ls.diagnostics import Diagnostic
from skill_ls.document.mentions import Mention, find_mentions, mention_text
from skill_ls.rules.context import CheckContext
from skill_ls.rules.mentions import AgentNames, check_mentions
from skill_ls.rules.reporter import Reporter
from skill_ls.workspace.index_queries import IndexQueries
from skill_ls.workspace.index_records import LoadedSkill
from skill_ls.workspace.installed_bundles import installed_view


def readers(index: IndexQueries, path: str) -> list[Client]:
    """The target agents that read the file at `path` as instructions and honour some
    mention form: a SKILL.md's body every one of them, another file as each agent's
    `mention_files` say, relative to a workspace folder holding it (or to its own folder,
    when it is in none)."""
    clients = [CLIENTS_BY_ID[cid] for cid in index.audience if cid in CLIENTS_BY_ID]
    honouring = [c for c in clients if c.mentions is not None and c.mentions.forms]
    if os.path.basename(path) == SKILL_BODIES:
        return honouring
    relatives = relative_paths(index.folders, path)
    return [c for c in honouring if reads(c, relatives)]


def reads(client: Client, relatives: list[str]) -> bool:
    files = client.mention_files
    return files is not None and any(files.matches(relative) for relative in relatives)


def read_as_instructions(folders: Sequence[str], path: str) -> bool:
    """Whether some agent (target or not) reads the file at `path` as instructions."""
    relatives = relative_paths(folders, path)
    return any(reads(client, relatives) for client in CLIENTS)


def relative_paths(folders: Sequence[str], path: str) -> list[str]:
    """`path` relative to each of `folders` holding it; its name alone when none does."""
    absolute = os.path.normpath(os.path.abspath(path))
    found = [
        os.path.relpath(absolute, folder).replace(os.sep, "/")
        for folder in folders
        if absolute.startswith(folder.rstrip(os.sep) + os.sep)
    ]
    return found or [os.path.basename(absolute)]


def agent_names(index: IndexQueries, client: Client) -> AgentNames:
    """Every name `client` resolves a mention by: its view's keys and the names it also
    accepts on activation (`LoadedSkill.display_name`), the skills of the bundles it
    installs (`plugin:name`) included. Kept while the client's view is the same."""
    view = index.view(client.id)
    cached = _NAMES.setdefault(index, {}).get(client.id)
    if cached is not None and cached[0] is view:
        return cached[1]
    found: set[str] = set()
    hidden: set[str] = set()
    user_only: dict[str, str] = {}
    refuses_hidden = client.activation.hidden_refusal is not None
    for skill in _with_bundles(index, client):
        keys = (skill.name, skill.display_name) if skill.display_name else (skill.name,)
        found.update(keys)
        if skill.hidden and refuses_hidden:
            hidden.update(keys)
        if skill.scope == "user":
            user_only.update(dict.fromkeys(keys, skill.root_pattern))
    names = AgentNames(client, frozenset(found), frozenset(hidden), user_only)
    _NAMES[index][client.id] = (view, names)
    return names


def _with_bundles(index: IndexQueries, client: Client) -> tuple[LoadedSkill, ...]:
    """`client`'s view with the skills of the bundles it installs. Kept while the view is
    the same, as the names are: finding the bundles reads their manifests, and completion,
    hover, references and rename ask for it once per mention or keystroke."""
    view = index.view(client.id)
    if not client.bundles:
        return view
    cached = _BUNDLED.setdefault(index, {}).get(client.id)
    if cached is not None and cached[0] is view:
        return cached[1]
    full = installed_view(client, view, index.folders, index.environment)
    _BUNDLED[index][client.id] = (view, full)
    return full


# Per index, per client: the view the names (the bundled view) were read from, and them.
_Cached = dict[str, tuple[tuple[LoadedSkill, ...], AgentNames]]
_NAMES: weakref.WeakKeyDictionary[IndexQueries, _Cached] = weakref.WeakKeyDictionary()
_Views = dict[str, tuple[tuple[LoadedSkill, ...], tuple[LoadedSkill, ...]]]
_BUNDLED: weakref.WeakKeyDictionary[IndexQueries, _Views] = weakref.WeakKeyDictionary()


def mention_findings(
    index: IndexQueries, path: str, text: str, reporter: Reporter | None = None
) -> list[Diagnostic]:
    """SKL701 for the mentions in `text`, the content of the file at `path`: those the
    agents reading it honour and do not resolve. Reported to `reporter` when given (the
    cross-skill findings' own), else to one judged by the file's settings."""
    if not readers(index, path):
        return []
    return report_mentions(index, path, find_mentions(text), reporter)


def report_mentions(
    index: IndexQueries, path: str, mentions: Sequence[Mention], reporter: Reporter | None = None
) -> list[Diagnostic]:
    """`mention_findings` for the mentions already found in the file at `path`."""
    agents = readers(index, path)
    if not agents or not mentions:
        return []
    own = reporter or Reporter(CheckContext(settings=index.settings.for_path(path)))
    names = [agent_names(index, client) for client in agents]
    check_mentions(mentions, names, own, shared=_shared(index, path))
    return [] if reporter is not None else sorted(own.found, key=_order)


def _shared(index: IndexQueries, path: str) -> bool:
    """Whether others working in the workspace read the file too: it is inside a workspace
    folder and not in a dot folder of the home folder (`~/.claude/CLAUDE.md` is personal)."""
    absolute = os.path.abspath(path)
    home = index.environment.home.rstrip(os.sep)
    if home and absolute.startswith(home + os.sep + "."):
        return False
    return any(
        absolute == folder or absolute.startswith(folder.rstrip(os.sep) + os.sep)
        for folder in index.folders
    )


def _order(diagnostic: Diagnostic) -> tuple[object, ...]:
    return (diagnostic.range.start, diagnostic.code, diagnostic.message)


def mention_listing(
    index: IndexQueries, path: str, mention: Mention
) -> list[tuple[Client, LoadedSkill]]:
    """Each agent reading the file at `path` that honours the mention's form and resolves
    it, with the skill it resolves it to (a built-in too), in the audience's order."""
    found = []
    for client in readers(index, path):
        if client.mentions is None or mention.form not in client.mentions.forms:
            continue
        for skill in _with_bundles(index, client):
            if mention.key in (skill.name, skill.display_name):
                found.append((client, skill))
                break
    return found


def mention_targets(
    index: IndexQueries, path: str, mention: Mention
) -> list[tuple[str, list[Client]]]:
    """The SKILL.md files the agents reading the file at `path` load for `mention` (those
    honouring its form), each with those agents, in the audience's order; a built-in whose
    file is not on this machine has none."""
    targets: dict[str, list[Client]] = {}
    for client, skill in mention_listing(index, path, mention):
        if os.path.isfile(skill.path):
            targets.setdefault(skill.path, []).append(client)
    return list(targets.items())


def names_skill(index: IndexQueries, path: str, mention: Mention, skill_md: str) -> bool:
    """Whether `mention`, in the file at `path`, names the skill at `skill_md` for the agents
    reading the file: one of those honouring its form resolves it to that file; or none of
    them honours the form, and the name is all there is to go by."""
    honouring = [
        c
        for c in readers(index, path)
        if c.mentions is not None and mention.form in c.mentions.forms
    ]
    if not honouring:
        return True
    real = os.path.realpath(skill_md)
    return any(
        os.path.realpath(found) == real for found, _ in mention_targets(index, path, mention)
    )


@dataclass(frozen=True)
class MentionOffer:
    """A mention the agents reading a file would resolve: how it is written, and the copy
    of the skill the first of them loads for it."""

    written: str  # "/deploy", "$deploy", "/skill:deploy", "/tools:deploy"
    skill: LoadedSkill
    clients: tuple[Client, ...]


def mention_offers(index: IndexQueries, path: str) -> list[MentionOffer]:
    """Every mention the target agents reading the file at `path` resolve, in each form
    they honour, once per written form (the agents that resolve it, in the audience's
    order); none of a skill an agent keeps from the model (it refuses a mention of it)."""
    offers: dict[str, tuple[LoadedSkill, list[Client]]] = {}
    for client in readers(index, path):
        assert client.mentions is not None
        kept_from_model = agent_names(index, client).hidden
        forms = [form for form in FORM_SYNTAX if form in client.mentions.forms]
        for skill in _with_bundles(index, client):
            if skill.name in kept_from_model:
                continue
            for form in forms:
                written = mention_text(form, skill.name)
                if written is None and skill.display_name:
                    written = mention_text(form, skill.display_name)
                if written is not None:
                    offers.setdefault(written, (skill, []))[1].append(client)
    return [MentionOffer(written, skill, tuple(who)) for written, (skill, who) in offers.items()]
