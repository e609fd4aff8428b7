"""Clients (agents that load skills) as data: one row each, no client logic elsewhere.

Each row says where its facts come from (`provenance`): observed in the real agent by the
client lab (`clientlab/`, replayed byte for byte by `tests/lab/`), or cited from the
agent's source or documentation where it cannot run here. Where a behaviour is unknown, the
row says so in `notes` and takes the client guide's default.
"""

from __future__ import annotations

from functools import cache

from skill_ls.clients.agents import (
    agentskills,
    claude_code,
    cline,
    codex,
    continue_cli,
    copilot,
    copilot_cli,
    cursor,
    droid,
    gemini_cli,
    goose,
    insomnia,
    kilo,
    kimi_code,
    oh_my_pi,
    opencode,
    pi,
    qwen_code,
    yoi,
)
from skill_ls.clients.clashes import CLASH_SCOPE_RANKS
from skill_ls.clients.discovery import ROOT_VARIABLES, with_default_variables
from skill_ls.clients.listing import CODEX_IMPLICIT_INVOCATION
from skill_ls.clients.model import Client
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.upload_targets import UPLOAD_TARGETS
from skill_ls.clients.version_choice import chosen_versions
from skill_ls.clients.versions import row_at

__all__ = [
    "CLASH_SCOPE_RANKS",
    "CLIENTS",
    "CLIENTS_BY_ID",
    "CODEX_IMPLICIT_INVOCATION",
    "NEWEST",
    "ROOT_VARIABLES",
    "TARGETS",
    "UPLOAD_TARGETS",
    "Client",
    "Provenance",
    "clients_for_path",
    "get_client",
]

# In the order the docs, the settings schema and `skill-ls clients` list them: each agent's
# newest observed behaviour, with its older ones (`Client.older`).
NEWEST: tuple[Client, ...] = (
    agentskills.CLIENT,
    claude_code.CLIENT,
    codex.CLIENT,
    copilot.CLIENT,
    copilot_cli.CLIENT,
    cursor.CLIENT,
    droid.CLIENT,
    gemini_cli.CLIENT,
    opencode.CLIENT,
    kilo.CLIENT,
    goose.CLIENT,
    pi.CLIENT,
    qwen_code.CLIENT,
    yoi.CLIENT,
    insomnia.CLIENT,
    kimi_code.CLIENT,
    cline.CLIENT,
    continue_cli.CLIENT,
    oh_my_pi.CLIENT,
)

# The rows this process judges by: for each agent, the version chosen for the run (see
# `clients.versions`), else the newest observed.
_CHOSEN = chosen_versions()
CLIENTS: tuple[Client, ...] = tuple(row_at(client, _CHOSEN.get(client.id)) for client in NEWEST)

# Every id a check can be judged against: the agents, then the upload targets (opt-in by
# id only: no default audience or client group includes them, since they discover nothing).
TARGETS: tuple[Client, ...] = CLIENTS + UPLOAD_TARGETS

CLIENTS_BY_ID: dict[str, Client] = {client.id: client for client in TARGETS}


def get_client(client_id: str) -> Client:
    """Look up a client by id; raises KeyError with the known ids in the message."""
    try:
        return CLIENTS_BY_ID[client_id]
    except KeyError:
        known = ", ".join(CLIENTS_BY_ID)
        raise KeyError(f"unknown client {client_id!r} (known: {known})") from None


def clients_for_path(path: str) -> tuple[Client, ...]:
    """Clients that would discover a SKILL.md at `path` from one of their roots.

    Matches any root as a path segment sequence (`.claude/skills/<name>/SKILL.md`), wherever
    the project folder is; user roots are matched by their tail the same way.
    """
    normalized = "/" + path.replace("\\", "/").strip("/")
    # A `*.md` directly in a root, for the clients that load such files as skills.
    markdown = {client.id for client in root_markdown_clients(path)}
    found: list[Client] = []
    for client, markers in _markers():
        if client.id in markdown:
            found.append(client)
            continue
        for _, marker in markers:
            at = normalized.find(marker)
            if at == -1:
                continue
            rest = normalized[at + len(marker) :].split("/")
            # rest = [<folder>, ..., "SKILL.md"]
            depth = len(rest) - 1
            if (
                depth == 1
                or (client.discovery.nested and 1 <= depth <= client.discovery.max_depth)
                or (
                    # A SKILL.md directly in the root (`Discovery.root_skill_md`).
                    depth == 0
                    and rest[0] == "SKILL.md"
                    and client.discovery.root_skill_md != "ignored"
                )
            ):
                found.append(client)
                break
    return tuple(found)


def root_markdown_clients(path: str) -> tuple[Client, ...]:
    """Clients that load the `*.md` file at `path` as a root-level Markdown skill of its own
    (`Discovery.root_markdown_skills`): it sits directly in one of their roots."""
    normalized = "/" + path.replace("\\", "/").strip("/")
    folder, _, name = normalized.rpartition("/")
    if name == "SKILL.md" or not name.endswith(".md"):
        return ()
    found: list[Client] = []
    for client, markers in _markers():
        if client.discovery.root_markdown_skills and any(
            (folder + "/").endswith(marker) and _markdown_root(client, root)
            for root, marker in markers
        ):
            found.append(client)
    return tuple(found)


def read_as_file(path: str) -> bool:
    """Whether the `*.md` file at `path` is a root-level Markdown skill that every client
    loading it reads as a file (`Discovery.root_markdown_reading` "file": no frontmatter
    needed, named after the file)."""
    found = root_markdown_clients(path)
    return bool(found) and all(client.discovery.root_markdown_reading == "file" for client in found)


@cache
def _markers() -> tuple[tuple[Client, tuple[tuple[str, str], ...]], ...]:
    """Each client's roots as path segments to look for (`/.claude/skills/`), worked out
    once: a check asks for every file it reads."""
    return tuple(
        (
            client,
            tuple(
                (root, "/" + root.strip("/") + "/")
                for root in client.discovery.project_roots
                + tuple(_root_tail(root) for root in client.discovery.user_roots)
            ),
        )
        for client in CLIENTS
    )


def _root_tail(root: str) -> str:
    """A root as a path below the home folder (variables at their defaults), or a project
    root as it is."""
    return with_default_variables(root).removeprefix("~/")


def root_markdown_tails(client: Client) -> tuple[str, ...]:
    """The roots in which a root-level `*.md` is a skill for `client`
    (`Discovery.root_markdown_roots`, else all its roots), project roots as written, user
    roots as their path below the home folder; none without `root_markdown_skills`."""
    discovery = client.discovery
    if not discovery.root_markdown_skills:
        return ()
    roots = discovery.root_markdown_roots or (*discovery.project_roots, *discovery.user_roots)
    return tuple(dict.fromkeys(_root_tail(root) for root in roots))


def _markdown_root(client: Client, root: str) -> bool:
    """Whether a root-level `*.md` in `root` (a project root, or a user root's tail) is a
    skill for `client`."""
    return root in root_markdown_tails(client)
