"""Clients (agents that load skills) as data: one row each, no client logic elsewhere.

Facts come from each client's docs and source (see the project's facts file). Where a
client's behaviour is undocumented, the row says so in `notes` and takes the client guide's
default.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from skill_ls.clients.fields import SPEC_FIELD_NAMES, YOI_FORBIDDEN_FIELDS

# Variables a user root may start with, and the default each client uses when it is unset
# (`~` is the user's home folder). Workspace discovery expands roots with these.
ROOT_VARIABLES: dict[str, str] = {
    "XDG_CONFIG_HOME": "~/.config",
    "CODEX_HOME": "~/.codex",
}

# Clash rules that pick the winning copy by scope: earlier scopes win; within one scope the
# copy loaded first wins (roots in the order the client lists them). "first-wins" and
# "last-wins" follow the load order (`Client.scope_order`, then roots in order);
# "not-merged" keeps every copy.
CLASH_SCOPE_RANKS: dict[str, tuple[str, ...]] = {
    "project-wins": ("project", "extra", "user", "builtin"),
    "user-wins": ("user", "extra", "project", "builtin"),
}

# Where `Client.hidden_when` reads a flag: a frontmatter key, or `<file>#<dotted.key>` for a
# sidecar file beside SKILL.md.
CODEX_IMPLICIT_INVOCATION = "agents/openai.yaml#policy.allow_implicit_invocation"


@dataclass(frozen=True)
class Provenance:
    """Where a row's facts come from: observed in the client lab (agent and version), or
    cited from a source file or page for agents that cannot run here."""

    kind: str  # "observed" | "cited"
    source: str  # "Claude Code 2.1.328" | a file path in the agent's repository, or a URL

    def describe(self) -> str:
        return f"observed in {self.source}" if self.kind == "observed" else f"cited from {self.source}"


@dataclass(frozen=True)
class Client:
    id: str
    name: str
    # Fields honoured beyond the spec's six.
    extra_fields: frozenset[str]
    # What the client does with a key it does not know: "ignore" | "warn" | "error".
    unknown_fields: str
    # "strict": a YAML error drops the skill. "lenient": retries `key: a: b` as a string.
    yaml: str
    # Project roots, relative to a project folder (searched in this order).
    project_roots: tuple[str, ...]
    # User roots: `~` is $HOME; `$XDG_CONFIG_HOME` and `$CODEX_HOME` are expanded with the
    # client's own defaults (see workspace discovery).
    user_roots: tuple[str, ...]
    # "none": only the project folder; "git-root": also every ancestor up to the git root.
    ancestors: str = "none"
    # Skills may sit in nested folders below a root (SKILL.md ends recursion either way).
    nested: bool = False
    max_depth: int = 1
    # pi: a root-level `*.md` file in a skills root is a skill of its own.
    root_markdown_skills: bool = False
    # Name clash rule: "project-wins" | "user-wins" | "first-wins" | "last-wins" | "not-merged"
    clash: str = "project-wins"
    # Scope order for "first-wins"/"last-wins" (which scope is loaded first).
    scope_order: tuple[str, ...] = ("builtin", "user", "extra", "project")
    catalog: str = "available-skills"
    activation: str = "skill-content"
    # Characters allowed per catalog entry / for the whole catalog (None: no cap known).
    entry_cap: int | None = None
    catalog_budget: int | None = None
    # The client warns but loads when `name` does not match the folder.
    lenient_name: bool = True
    has_builtin: bool = False
    # The skill is left out of the model's catalog when one of these (flag, value) pairs
    # holds; a flag is a frontmatter key or a sidecar key (see CODEX_IMPLICIT_INVOCATION).
    hidden_when: tuple[tuple[str, object], ...] = ()
    # False: the walk goes on below a folder holding SKILL.md and loads nested skills too.
    skill_md_ends_walk: bool = True
    # Entries whose name starts with "." are skipped below a root.
    skip_dot_entries: bool = False
    # Keys that are errors for this client, not merely unknown.
    forbidden_fields: frozenset[str] = frozenset()
    notes: str = ""
    provenance: Provenance = Provenance("cited", "the agentskills.io client-implementation guide")
    # What happens when a found skill has the name of one of the client's own built-in
    # skills (skill_ls/data/builtins/<id>.json): "replaced" (the found skill takes its
    # place) | "not-merged" (both are listed).
    builtin_clash: str = "replaced"

    @cached_property
    def fields(self) -> frozenset[str]:
        """Every frontmatter key this client honours (asked once per key per check)."""
        return SPEC_FIELD_NAMES | self.extra_fields


CLIENTS: tuple[Client, ...] = (
    Client(
        id="agentskills",
        name="Agent Skills spec",
        extra_fields=frozenset(),
        unknown_fields="warn",
        yaml="lenient",
        project_roots=(".agents/skills",),
        user_roots=("~/.agents/skills",),
        catalog="available-skills",
        activation="skill-content",
        hidden_when=(("disable-model-invocation", True),),
        notes="The agentskills.io specification and its client-implementation guide.",
    ),
    Client(
        id="claude-code",
        name="Claude Code",
        extra_fields=frozenset(
            {
                "when_to_use",
                "argument-hint",
                "arguments",
                "disable-model-invocation",
                "user-invocable",
                "disallowed-tools",
                "model",
                "effort",
                "context",
                "agent",
                "background",
                "hooks",
                "paths",
                "shell",
            }
        ),
        unknown_fields="ignore",
        yaml="lenient",
        project_roots=(".claude/skills",),
        user_roots=("~/.claude/skills",),
        nested=True,
        max_depth=6,
        clash="user-wins",
        scope_order=("user", "extra", "project"),
        catalog="claude-listing",
        activation="claude-base-directory",
        hidden_when=(("disable-model-invocation", True),),
        entry_cap=1536,
        catalog_budget=8000,
        notes="Enterprise > personal (user) > project on a name clash.",
    ),
    Client(
        id="codex",
        name="OpenAI Codex",
        extra_fields=frozenset(),
        unknown_fields="ignore",
        yaml="strict",
        project_roots=(".agents/skills", ".codex/skills"),
        user_roots=("~/.agents/skills", "$CODEX_HOME/skills"),
        ancestors="git-root",
        clash="not-merged",
        catalog="codex-instructions",
        activation="codex-skill",
        catalog_budget=8000,
        hidden_when=((CODEX_IMPLICIT_INVOCATION, False),),
        builtin_clash="not-merged",
        notes="Reads agents/openai.yaml beside SKILL.md; duplicate names are all listed.",
    ),
    Client(
        id="copilot",
        name="GitHub Copilot",
        extra_fields=frozenset(
            {
                "argument-hint",
                "user-invocable",
                "disable-model-invocation",
                "context",
            }
        ),
        unknown_fields="warn",
        yaml="strict",
        project_roots=(".github/skills", ".claude/skills", ".agents/skills"),
        user_roots=("~/.copilot/skills", "~/.claude/skills", "~/.agents/skills"),
        clash="first-wins",
        scope_order=("project", "extra", "user"),
        catalog="copilot-skills",
        activation="read-file",
        hidden_when=(("disable-model-invocation", True),),
        notes="Clash rule undocumented; the first root found wins (project roots first).",
    ),
    Client(
        id="copilot-cli",
        name="Copilot CLI",
        extra_fields=frozenset(
            {
                "argument-hint",
                "user-invocable",
                "disable-model-invocation",
            }
        ),
        unknown_fields="ignore",
        yaml="strict",
        project_roots=(".agents/skills", ".claude/skills", ".github/skills"),
        user_roots=("~/.copilot/skills", "~/.agents/skills"),
        clash="first-wins",
        scope_order=("project", "extra", "user"),
        catalog="available-skills",
        activation="skill-content",
        hidden_when=(("disable-model-invocation", True),),
        provenance=Provenance("observed", "Copilot CLI 1.0.102"),
    ),
    Client(
        id="cursor",
        name="Cursor",
        extra_fields=frozenset({"disable-model-invocation"}),
        unknown_fields="ignore",
        yaml="strict",
        project_roots=(".agents/skills", ".cursor/skills", ".claude/skills", ".codex/skills"),
        user_roots=("~/.agents/skills", "~/.cursor/skills", "~/.claude/skills", "~/.codex/skills"),
        clash="first-wins",
        scope_order=("project", "extra", "user"),
        catalog="available-skills",
        activation="read-file",
        hidden_when=(("disable-model-invocation", True),),
        notes="Clash rule undocumented; the first root found wins (project roots first).",
    ),
    Client(
        id="gemini-cli",
        name="Gemini CLI",
        extra_fields=frozenset(),
        unknown_fields="ignore",
        yaml="strict",
        project_roots=(".agents/skills", ".gemini/skills"),
        user_roots=("~/.agents/skills", "~/.gemini/skills"),
        clash="project-wins",
        catalog="available-skills",
        activation="gemini-activated",
        notes="Workspace beats user; `.agents` beats `.gemini`; trusted folders only.",
    ),
    Client(
        id="opencode",
        name="OpenCode",
        extra_fields=frozenset(),
        unknown_fields="ignore",
        yaml="strict",
        project_roots=(".claude/skills", ".agents/skills", ".opencode/skill", ".opencode/skills"),
        user_roots=("~/.claude/skills", "~/.agents/skills", "$XDG_CONFIG_HOME/opencode/skills"),
        ancestors="git-root",
        clash="last-wins",
        scope_order=("user", "extra", "project"),
        catalog="available-skills",
        activation="opencode-skill-content",
        notes="Walks up to the repository root; the last skill loaded with a name wins.",
    ),
    Client(
        id="goose",
        name="Goose",
        extra_fields=frozenset(),
        unknown_fields="ignore",
        yaml="strict",
        project_roots=(".claude/skills", ".goose/skills", ".agents/skills"),
        user_roots=(
            "~/.claude/skills",
            "$XDG_CONFIG_HOME/agents/skills",
            "$XDG_CONFIG_HOME/goose/skills",
        ),
        clash="last-wins",
        scope_order=("user", "extra", "project"),
        catalog="available-skills",
        activation="skill-content",
        notes="A later directory wins a clash.",
    ),
    Client(
        id="pi",
        name="pi",
        extra_fields=frozenset({"disable-model-invocation"}),
        unknown_fields="ignore",
        yaml="strict",
        project_roots=(".pi/skills", ".agents/skills"),
        user_roots=("~/.pi/agent/skills", "~/.agents/skills"),
        ancestors="git-root",
        root_markdown_skills=True,
        nested=True,
        max_depth=8,
        skill_md_ends_walk=False,
        skip_dot_entries=True,
        clash="first-wins",
        scope_order=("user", "extra", "project"),
        catalog="pi-available-skills",
        activation="read-file",
        hidden_when=(("disable-model-invocation", True),),
        notes="User skills load before project skills; the first found wins, with a "
        "collision diagnostic. Walks every folder below a root, also below a SKILL.md, "
        "and skips names starting with a dot.",
    ),
    Client(
        id="yoi",
        name="Yoi",
        extra_fields=frozenset(),
        unknown_fields="warn",
        yaml="strict",
        project_roots=(".yoi/skills",),
        user_roots=(),
        clash="project-wins",
        scope_order=("builtin", "extra", "project"),
        has_builtin=True,
        forbidden_fields=frozenset(YOI_FORBIDDEN_FIELDS),
        catalog="available-skills",
        activation="skill-content",
        notes="Builtin skills ship with the tool; a workspace skill may override one "
        "(or be reported as a conflict, by policy).",
    ),
    Client(
        id="insomnia",
        name="insomnia",
        extra_fields=frozenset(),
        unknown_fields="warn",
        yaml="strict",
        project_roots=(".insomnia/skills",),
        user_roots=("$XDG_CONFIG_HOME/insomnia/skills",),
        clash="project-wins",
        lenient_name=False,
        catalog="available-skills",
        activation="skill-content",
        notes="Spec violations are hard errors; unknown fields warn and are ignored.",
    ),
)

CLIENTS_BY_ID: dict[str, Client] = {client.id: client for client in CLIENTS}


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
    found: list[Client] = []
    for client in CLIENTS:
        roots = client.project_roots + tuple(_root_tail(root) for root in client.user_roots)
        for root in roots:
            marker = "/" + root.strip("/") + "/"
            at = normalized.find(marker)
            if at == -1:
                continue
            rest = normalized[at + len(marker) :].split("/")
            # rest = [<folder>, ..., "SKILL.md"]
            depth = len(rest) - 1
            if (
                depth == 1
                or (client.nested and 1 <= depth <= client.max_depth)
                or (client.root_markdown_skills and depth == 0)
            ):
                found.append(client)
                break
    return tuple(found)


def _root_tail(root: str) -> str:
    for prefix in ("~/", "$XDG_CONFIG_HOME/", "$CODEX_HOME/"):
        if root.startswith(prefix):
            tail = root[len(prefix) :]
            if prefix == "$XDG_CONFIG_HOME/":
                return ".config/" + tail
            if prefix == "$CODEX_HOME/":
                return ".codex/" + tail
            return tail
    return root
