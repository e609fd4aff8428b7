"""Every manifest file some client reads (bundle manifests and marketplace files, and the
`agents/openai.yaml` beside a skill), as the glob patterns editors select documents by. The
VS Code extension's document selector and activation events are generated from
`skill_ls/data/manifest_files.json`, which this module writes (through `skill-ls clients
--format manifest-files`), so the client and field tables stay the one place that names them.
"""

from __future__ import annotations

import json

from skill_ls.clients.openai_yaml_fields import SIDECAR_PATH
from skill_ls.clients.table import CLIENTS, root_markdown_tails

GENERATED_BY = "skill-ls clients --format manifest-files > skill_ls/data/manifest_files.json"


def manifest_paths() -> list[str]:
    """The manifest and marketplace paths of every client's bundle formats, relative to the
    bundle's root, once each, sorted."""
    paths = {
        path
        for client in CLIENTS
        for form in client.bundles
        for path in (*form.manifests, *form.marketplaces)
    }
    return sorted(paths)


def manifest_patterns() -> list[str]:
    """Glob patterns matching those files and skills' sidecars at any depth (a root may be
    any folder)."""
    return [f"**/{path}" for path in (*manifest_paths(), SIDECAR_PATH)]


def instruction_file_patterns() -> list[str]:
    """Every agent's instruction file patterns (`Client.mention_files`), as the rows write
    them (relative to a project's folder), once each, in table order."""
    found: dict[str, None] = {}
    for client in CLIENTS:
        if client.mention_files is not None:
            found.update(dict.fromkeys(client.mention_files.patterns))
    return list(found)


def instruction_patterns() -> list[str]:
    """The same files as glob patterns at any depth, sorted: an editor sends them to the
    server for their mentions of skills (and nothing else is checked there)."""
    return sorted({p if p.startswith("**/") else f"**/{p}" for p in instruction_file_patterns()})


def root_markdown_patterns() -> list[str]:
    """`**/<root>/*.md` for every root in which some client loads a `*.md` file as a skill of
    its own (`Discovery.root_markdown_skills`; a user root as its path below the home
    folder), sorted: an editor sends those files to the server, which checks the ones a
    target agent loads."""
    return sorted({f"**/{root}/*.md" for c in CLIENTS for root in root_markdown_tails(c)})


def manifest_files_json() -> str:
    """The text of skill_ls/data/manifest_files.json."""
    data = {
        "generatedBy": GENERATED_BY,
        "patterns": manifest_patterns(),
        "instructionPatterns": instruction_patterns(),
        "rootMarkdownPatterns": root_markdown_patterns(),
    }
    return json.dumps(data, indent=2) + "\n"
