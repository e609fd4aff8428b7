"""Which version of an agent the user runs, found without running it: the first of the
agent's launchers on PATH (`Client.install`), followed through its links to the file it
runs, then the package.json of the npm package it belongs to, or a native installer's
`versions/<version>` file. Bounded: the first `MAX_PATH_ENTRIES` PATH folders, at most
`MAX_PARENTS` folders up from the launcher's target, package.json files of at most
`MAX_MANIFEST_BYTES`; nothing is executed and nothing else is read. A relative PATH folder
(`node_modules/.bin`) is skipped: it would name a repository's files, and what is read here
reaches hovers and lenses, so a version is only taken when it looks like one."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from skill_ls.clients.install_facts import AgentInstall, version_key
from skill_ls.clients.table import NEWEST, Client
from skill_ls.clients.versions import row_at

MAX_PATH_ENTRIES = 64
MAX_PARENTS = 6
MAX_MANIFEST_BYTES = 256 * 1024

Comparison = Literal["newer", "older", "same", "unknown"]
# What a version may hold (semver's characters): never markup, a link or a line break.
VERSION = re.compile(r"[0-9A-Za-z.+-]{1,64}")


@dataclass(frozen=True)
class InstalledAgent:
    version: str
    launcher: str  # the PATH entry found


@lru_cache(maxsize=64)
def find_installed(install: AgentInstall, path_env: str) -> InstalledAgent | None:
    """The version behind the first of `install.commands` found on `path_env`."""
    folders = [f for f in path_env.split(os.pathsep) if os.path.isabs(f)][:MAX_PATH_ENTRIES]
    for command in install.commands:
        for folder in folders:
            launcher = os.path.join(folder, command)
            if not os.path.isfile(launcher):
                continue
            version = _version_behind(os.path.realpath(launcher), install.package)
            return InstalledAgent(version, launcher) if version is not None else None
    return None


def _version_behind(target: str, package: str) -> str | None:
    parent = os.path.dirname(target)
    # A native installer's layout: the launcher links to `.../versions/<version>` (Claude
    # Code's: ~/.local/bin/claude -> ~/.local/share/claude/versions/<version>, as its users
    # show it in anthropics/claude-code issues 25165 and 50044; not observed here, where the
    # lab installs from npm).
    if os.path.basename(parent) == "versions" and version_key(os.path.basename(target)):
        return os.path.basename(target)
    folder = parent
    for _ in range(MAX_PARENTS):
        version = _manifest_version(os.path.join(folder, "package.json"), package)
        if version is not None:
            return version
        up = os.path.dirname(folder)
        if up == folder:
            break
        folder = up
    return None


def _manifest_version(path: str, package: str) -> str | None:
    try:
        if not os.path.isfile(path) or os.path.getsize(path) > MAX_MANIFEST_BYTES:
            return None
        with open(path, encoding="utf-8") as file:
            manifest = json.load(file)
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if not isinstance(manifest, dict) or manifest.get("name") != package:
        return None
    version = manifest.get("version")
    return version if isinstance(version, str) and VERSION.fullmatch(version) else None


NEWEST_BY_ID = {client.id: client for client in NEWEST}


def compare(client: Client, installed: InstalledAgent) -> Comparison:
    """The user's version against the one the row was observed in."""
    if client.install is None or client.observed_version is None:
        return "unknown"
    observed = client.install.observed_package_version or client.observed_version
    mine, theirs = version_key(installed.version), version_key(observed)
    if mine is None or theirs is None:
        return "unknown"
    return "newer" if mine > theirs else "older" if mine < theirs else "same"


def installed_note(client: Client, path_env: str | None = None) -> str:
    """ "you run Claude Code 2.1.340; observed: 2.1.332" and the like; "" when the agent is
    not found on PATH (or its row names no install)."""
    if client.install is None:
        return ""
    path = os.environ.get("PATH", "") if path_env is None else path_env
    installed = find_installed(client.install, path)
    if installed is None:
        return ""
    observed = client.observed_version
    match compare(client, installed):
        case "same":
            return f"you run {client.name} {installed.version}, the version observed"
        case "newer":
            return f"you run {client.name} {installed.version}; observed: {observed}"
        case "older":
            return f"you run {client.name} {installed.version}, older than observed {observed}"
        case _:
            return f"you run {client.name} {installed.version}"


def newer_than_observed(clients: tuple[Client, ...], path_env: str | None = None) -> list[str]:
    """The notes of the agents among `clients` that the user runs in a newer version than
    anything observed."""
    path = os.environ.get("PATH", "") if path_env is None else path_env
    notes = []
    for client in clients:
        if client.install is None:
            continue
        installed = find_installed(client.install, path)
        if installed is not None and compare(client, installed) == "newer":
            notes.append(installed_note(client, path))
    return notes


def behaving_otherwise(clients: tuple[Client, ...], path_env: str | None = None) -> list[str]:
    """The notes of the agents among `clients` that the user runs in a version the lab saw
    behave otherwise than the row judged by (another range of `Client.older`): the choice
    that would judge by it."""
    path = os.environ.get("PATH", "") if path_env is None else path_env
    notes = []
    for client in clients:
        newest = NEWEST_BY_ID.get(client.id)
        if client.install is None or newest is None or not newest.older:
            continue
        installed = find_installed(client.install, path)
        if installed is None or row_at(newest, installed.version) is client:
            continue
        notes.append(
            f"you run {client.name} {installed.version}, which behaves otherwise than "
            f"{client.observed_version} here: choose it with agentVersions "
            f"(`--agent-version {client.id}={installed.version}`)"
        )
    return notes
