"""Turn a client's root patterns into folders: project roots under each workspace folder
(and its ancestors up to the git root where the client walks up), user roots under the
home folder with `$XDG_CONFIG_HOME`/`$CODEX_HOME`, extra roots and Yoi's builtin folder."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from skill_ls.clients.table import ROOT_VARIABLES, Client
from skill_ls.files import too_wide_root
from skill_ls.settings import Settings
from skill_ls.workspace.index_records import RootFolder


@dataclass(frozen=True)
class Environment:
    """Where "home" and the root variables point; tests pass a fake one."""

    home: str
    variables: Mapping[str, str]

    def expand(self, pattern: str) -> str:
        """`~/x`, `$XDG_CONFIG_HOME/x`, `$CODEX_HOME/x` → an absolute path."""
        for name, default in ROOT_VARIABLES.items():
            prefix = "$" + name
            if pattern == prefix or pattern.startswith(prefix + "/"):
                value = self.variables.get(name) or default
                return normalise(self.expand(value) + pattern[len(prefix) :])
        if pattern == "~" or pattern.startswith("~/"):
            return normalise(self.home + pattern[1:])
        return normalise(pattern)


def current_environment(
    home: str | None = None, environ: Mapping[str, str] | None = None
) -> Environment:
    """This process's home and root variables (or those given)."""
    variables = dict(os.environ if environ is None else environ)
    home_dir = home if home is not None else variables.get("HOME") or os.path.expanduser("~")
    return Environment(normalise(home_dir), variables)


def normalise(path: str) -> str:
    """Absolute, `..`-free, no trailing slash; symlinks are kept as written."""
    return os.path.normpath(os.path.abspath(path))


def git_root(folder: str) -> str | None:
    """The nearest folder at or above `folder` holding `.git` (a folder or a worktree file)."""
    current = folder
    while True:
        if os.path.exists(os.path.join(current, ".git")):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def project_bases(client: Client, folder: str) -> list[str]:
    """The folders a client looks in for project roots: the workspace folder, then (for
    clients that walk up) each ancestor up to the git root, nearest first; outside a git
    repository, every ancestor for `ancestors == "git-root-else-top"`."""
    bases = [folder]
    if client.discovery.ancestors in ("git-root", "git-root-else-top"):
        top = git_root(folder)
        if top is None and client.discovery.ancestors == "git-root-else-top":
            top = os.path.dirname(folder)
            while os.path.dirname(top) != top:
                top = os.path.dirname(top)
        current = folder
        while top is not None and current != top:
            current = os.path.dirname(current)
            bases.append(current)
    return bases


def client_roots(
    client: Client,
    folders: Sequence[str],
    settings: Settings,
    environment: Environment,
) -> list[RootFolder]:
    """Every root folder the client searches, in the order it loads them (its scope order,
    then roots in the order its table row lists them). A folder appears once."""
    user_roots = [
        RootFolder(path, "user", pattern, path)
        for pattern in client.discovery.user_roots
        for path in [environment.expand(pattern)]
    ]
    # Project roots that are user roots too (`Client.discovery.shared_roots_are_user`).
    users_only = (
        {root.path for root in user_roots} if client.discovery.shared_roots_are_user else set()
    )
    by_scope: dict[str, list[RootFolder]] = {
        "project": [
            RootFolder(path, "project", pattern, base)
            for folder in folders
            for base in project_bases(client, folder)
            for pattern in client.discovery.project_roots
            if base == folder
            or client.discovery.ancestor_roots is None
            or pattern in client.discovery.ancestor_roots
            for path in [normalise(os.path.join(base, pattern))]
            if path not in users_only
        ],
        "user": user_roots,
        "extra": [
            RootFolder(path, "extra", pattern, path)
            for pattern in settings.extra_roots
            for path in _resolve_setting_path(pattern, folders, environment)
        ],
        "builtin": [
            RootFolder(path, "builtin", settings.builtin_skills, path)
            for path in _resolve_setting_path(settings.builtin_skills, folders[:1], environment)
        ]
        if client.clashes.has_builtin and settings.builtin_skills
        else [],
    }
    roots: list[RootFolder] = []
    seen: set[str] = set()
    for scope in client.clashes.scope_order:
        for root in by_scope.get(scope, []):
            if root.path not in seen:
                seen.add(root.path)
                roots.append(root)
    return roots


def setting_folders(
    settings: Settings, folders: Sequence[str], environment: Environment
) -> list[str]:
    """The folders the settings add (extra roots, then Yoi's builtin folder), as read: what
    the index searches, and what the language server asks the editor to watch."""
    found: list[str] = []
    for pattern in (*settings.extra_roots, settings.builtin_skills):
        for path in _resolve_setting_path(pattern, folders, environment):
            if path not in found:
                found.append(path)
    return found


def _resolve_setting_path(
    pattern: str | None, folders: Sequence[str], environment: Environment
) -> list[str]:
    """A path from the settings: absolute or `~`-relative once, else under each folder;
    never the file-system root, the home folder or a folder above it."""
    if not pattern:
        return []
    if pattern.startswith(("~", "$")) or os.path.isabs(pattern):
        paths = [environment.expand(pattern)]
    else:
        paths = [normalise(os.path.join(folder, pattern)) for folder in folders]
    return [path for path in paths if not too_wide_root(path, environment.home)]
