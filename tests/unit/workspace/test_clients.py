"""For every client in the table: which fixture skills it loads (in its load order), which
copy wins each clash, and its exact catalog and activation text (golden files)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skill_ls.clients.table import CLIENTS, get_client
from skill_ls.render import activation_for, catalog_for, listed_skills, render_catalog

from ..workspace_helpers import Workspace, clients_workspace, golden

# client -> [(name, path below the fixture root, flag)]; flag: "" | "hidden" | "conflict".
EXPECTED_VIEWS: dict[str, list[tuple[str, str, str]]] = {
    "agentskills": [
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
        ("private", "project/.agents/skills/.private/SKILL.md", ""),
        ("codex-quiet", "project/.agents/skills/codex-quiet/SKILL.md", ""),
        ("lenient", "project/.agents/skills/lenient/SKILL.md", ""),
        ("outer", "project/.agents/skills/outer/SKILL.md", ""),
        ("pdf", "project/.agents/skills/pdf/SKILL.md", ""),
        ("quiet", "project/.agents/skills/quiet/SKILL.md", "hidden"),
        ("shared", "project/.agents/skills/shared/SKILL.md", ""),
    ],
    # Observed: direct children of a root only (group/review is not loaded); user first.
    "claude-code": [
        ("deploy", "home/.claude/skills/deploy/SKILL.md", ""),
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
        ("pdf", "project/.claude/skills/pdf/SKILL.md", ""),
    ],
    # Codex (observed): every folder below a root, 6 deep, also below a SKILL.md; ignore
    # files are not read; an unquoted `: ` loads as text; every copy of a name is kept.
    "codex": [
        ("codex-user", "home/.codex/skills/codex-user/SKILL.md", ""),
        ("shared", "home/.agents/skills/shared/SKILL.md", "conflict"),
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
        ("legacy", "project/.codex/skills/legacy/SKILL.md", ""),
        ("codex-quiet", "project/.agents/skills/codex-quiet/SKILL.md", "hidden"),
        ("wip", "project/.agents/skills/drafts/wip/SKILL.md", ""),
        ("lenient", "project/.agents/skills/lenient/SKILL.md", ""),
        ("outer", "project/.agents/skills/outer/SKILL.md", ""),
        ("inner", "project/.agents/skills/outer/inner/SKILL.md", ""),
        ("pdf", "project/.agents/skills/pdf/SKILL.md", ""),
        ("quiet", "project/.agents/skills/quiet/SKILL.md", ""),
        ("shared", "project/.agents/skills/shared/SKILL.md", "conflict"),
    ],
    # Copilot Chat (cited): project roots in DEFAULT_SKILL_SOURCE_FOLDERS order (.github,
    # .agents, .claude), then personal ones; only <root>/<name>/SKILL.md.
    "copilot": [
        ("changelog", "project/.github/skills/changelog/SKILL.md", ""),
        ("codex-quiet", "project/.agents/skills/codex-quiet/SKILL.md", ""),
        ("outer", "project/.agents/skills/outer/SKILL.md", ""),
        ("pdf", "project/.agents/skills/pdf/SKILL.md", ""),
        ("quiet", "project/.agents/skills/quiet/SKILL.md", "hidden"),
        ("shared", "project/.agents/skills/shared/SKILL.md", ""),
        ("deploy", "project/.claude/skills/deploy/SKILL.md", ""),
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
        ("copilot-user", "home/.copilot/skills/copilot-user/SKILL.md", ""),
    ],
    # Observed: the project's roots listed together by name, then each user root by name;
    # nested skills and a body-derived description load; disable-model-invocation drops.
    "copilot-cli": [
        ("changelog", "project/.github/skills/changelog/SKILL.md", ""),
        ("codex-quiet", "project/.agents/skills/codex-quiet/SKILL.md", ""),
        ("deploy", "project/.claude/skills/deploy/SKILL.md", ""),
        ("no-description", "project/.agents/skills/no-description/SKILL.md", ""),
        ("outer", "project/.agents/skills/outer/SKILL.md", ""),
        ("pdf", "project/.agents/skills/pdf/SKILL.md", ""),
        ("review", "project/.claude/skills/group/review/SKILL.md", ""),
        ("shared", "project/.agents/skills/shared/SKILL.md", ""),
        ("wip", "project/.agents/skills/drafts/wip/SKILL.md", ""),
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
        ("copilot-user", "home/.copilot/skills/copilot-user/SKILL.md", ""),
    ],
    "cursor": [
        ("codex-quiet", "project/.agents/skills/codex-quiet/SKILL.md", ""),
        ("outer", "project/.agents/skills/outer/SKILL.md", ""),
        ("pdf", "project/.agents/skills/pdf/SKILL.md", ""),
        ("quiet", "project/.agents/skills/quiet/SKILL.md", "hidden"),
        ("shared", "project/.agents/skills/shared/SKILL.md", ""),
        ("cursor-only", "project/.cursor/skills/cursor-only/SKILL.md", ""),
        ("deploy", "project/.claude/skills/deploy/SKILL.md", ""),
        ("legacy", "project/.codex/skills/legacy/SKILL.md", ""),
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
        ("cursor-user", "home/.cursor/skills/cursor-user/SKILL.md", ""),
        ("codex-user", "home/.codex/skills/codex-user/SKILL.md", ""),
    ],
    # Gemini CLI (observed): roots in load order, each in descending name order; a later
    # copy wins but keeps the first copy's place (`shared` from ~/.agents, `pdf` from
    # .gemini); `lenient`'s unquoted colon is read line by line.
    "gemini-cli": [
        ("gemini-user", "home/.gemini/skills/gemini-user/SKILL.md", ""),
        ("shared", "project/.agents/skills/shared/SKILL.md", ""),
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
        ("pdf", "project/.agents/skills/pdf/SKILL.md", ""),
        ("quiet", "project/.agents/skills/quiet/SKILL.md", ""),
        ("outer", "project/.agents/skills/outer/SKILL.md", ""),
        ("lenient", "project/.agents/skills/lenient/SKILL.md", ""),
        ("codex-quiet", "project/.agents/skills/codex-quiet/SKILL.md", ""),
    ],
    # Factory Droid (observed): .factory/skills then .agents/skills, every folder below a
    # root until a SKILL.md (dot folders and ignored folders too, no `inner`), in locale
    # order; project before user (the user's `shared` loses).
    "droid": [
        ("private", "project/.agents/skills/.private/SKILL.md", ""),
        ("codex-quiet", "project/.agents/skills/codex-quiet/SKILL.md", ""),
        ("wip", "project/.agents/skills/drafts/wip/SKILL.md", ""),
        ("lenient", "project/.agents/skills/lenient/SKILL.md", ""),
        ("outer", "project/.agents/skills/outer/SKILL.md", ""),
        ("pdf", "project/.agents/skills/pdf/SKILL.md", ""),
        ("quiet", "project/.agents/skills/quiet/SKILL.md", "hidden"),
        ("shared", "project/.agents/skills/shared/SKILL.md", ""),
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
    ],
    # OpenCode (observed): every SKILL.md below a root (nested, dot folders, ignored
    # folders, below another skill); unquoted colons retried; no description: loaded but
    # left out of the catalog. Its catalog sorts by name; this is the load order.
    "opencode": [
        ("opencode-user", "home/.config/opencode/skills/opencode-user/SKILL.md", ""),
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
        ("deploy", "project/.claude/skills/deploy/SKILL.md", ""),
        ("review", "project/.claude/skills/group/review/SKILL.md", ""),
        ("private", "project/.agents/skills/.private/SKILL.md", ""),
        ("codex-quiet", "project/.agents/skills/codex-quiet/SKILL.md", ""),
        ("wip", "project/.agents/skills/drafts/wip/SKILL.md", ""),
        ("lenient", "project/.agents/skills/lenient/SKILL.md", ""),
        ("no-description", "project/.agents/skills/no-description/SKILL.md", "hidden"),
        ("outer", "project/.agents/skills/outer/SKILL.md", ""),
        ("inner", "project/.agents/skills/outer/inner/SKILL.md", ""),
        ("quiet", "project/.agents/skills/quiet/SKILL.md", ""),
        ("shared", "project/.agents/skills/shared/SKILL.md", ""),
        ("pdf", "project/.opencode/skills/pdf/SKILL.md", ""),
    ],
    # Kilo Code CLI (observed): OpenCode's walk over .claude and .agents, and its own
    # .kilocode, .kilo and ~/.config/kilo folders instead of OpenCode's.
    "kilo": [
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
        ("deploy", "project/.claude/skills/deploy/SKILL.md", ""),
        ("review", "project/.claude/skills/group/review/SKILL.md", ""),
        ("private", "project/.agents/skills/.private/SKILL.md", ""),
        ("codex-quiet", "project/.agents/skills/codex-quiet/SKILL.md", ""),
        ("wip", "project/.agents/skills/drafts/wip/SKILL.md", ""),
        ("lenient", "project/.agents/skills/lenient/SKILL.md", ""),
        ("no-description", "project/.agents/skills/no-description/SKILL.md", "hidden"),
        ("outer", "project/.agents/skills/outer/SKILL.md", ""),
        ("inner", "project/.agents/skills/outer/inner/SKILL.md", ""),
        ("pdf", "project/.agents/skills/pdf/SKILL.md", ""),
        ("quiet", "project/.agents/skills/quiet/SKILL.md", ""),
        ("shared", "project/.agents/skills/shared/SKILL.md", ""),
    ],
    # Goose (cited): project roots (.agents, .goose, .claude), then user roots; every
    # folder below a root is walked, also below a SKILL.md (`inner`, `group/review`);
    # strict YAML drops `lenient` and `.private` (an unquoted colon).
    # Goose skips only .git, .hg and .svn: the git-ignored drafts/wip loads (cited source).
    "goose": [
        ("codex-quiet", "project/.agents/skills/codex-quiet/SKILL.md", ""),
        ("wip", "project/.agents/skills/drafts/wip/SKILL.md", ""),
        ("outer", "project/.agents/skills/outer/SKILL.md", ""),
        ("inner", "project/.agents/skills/outer/inner/SKILL.md", ""),
        ("pdf", "project/.agents/skills/pdf/SKILL.md", ""),
        ("quiet", "project/.agents/skills/quiet/SKILL.md", ""),
        ("shared", "project/.agents/skills/shared/SKILL.md", ""),
        ("goose-only", "project/.goose/skills/goose-only/SKILL.md", ""),
        ("deploy", "project/.claude/skills/deploy/SKILL.md", ""),
        ("review", "project/.claude/skills/group/review/SKILL.md", ""),
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
        ("goose-user", "home/.config/goose/skills/goose-user/SKILL.md", ""),
    ],
    # Project roots first (observed): .pi/skills, then .agents/skills; a SKILL.md ends the
    # walk (no `inner`); the root's own .gitignore hides drafts/ (no `wip`).
    "pi": [
        ("pi-notes", "project/.pi/skills/pi-notes.md", ""),
        ("pi-tool", "project/.pi/skills/pi-tool/SKILL.md", ""),
        ("codex-quiet", "project/.agents/skills/codex-quiet/SKILL.md", ""),
        ("outer", "project/.agents/skills/outer/SKILL.md", ""),
        ("pdf", "project/.agents/skills/pdf/SKILL.md", ""),
        ("quiet", "project/.agents/skills/quiet/SKILL.md", "hidden"),
        ("shared", "project/.agents/skills/shared/SKILL.md", ""),
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
        ("pi-user", "home/.pi/agent/skills/pi-user/SKILL.md", ""),
    ],
    # Qwen Code (observed): .qwen/skills then .agents/skills, direct children only (dot
    # folders and ignored files too); project before user; a YAML error falls back to a
    # line reader (`lenient` loads).
    "qwen-code": [
        ("private", "project/.agents/skills/.private/SKILL.md", ""),
        ("codex-quiet", "project/.agents/skills/codex-quiet/SKILL.md", ""),
        ("lenient", "project/.agents/skills/lenient/SKILL.md", ""),
        ("outer", "project/.agents/skills/outer/SKILL.md", ""),
        ("pdf", "project/.agents/skills/pdf/SKILL.md", ""),
        ("quiet", "project/.agents/skills/quiet/SKILL.md", "hidden"),
        ("shared", "project/.agents/skills/shared/SKILL.md", ""),
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
    ],
    "yoi": [
        ("translate", "builtin/translate/SKILL.md", ""),
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
        ("summarize", "project/.yoi/skills/summarize/SKILL.md", ""),
    ],
    # insomnia (cited): manifest directories in order, the project's first.
    "insomnia": [
        ("notes", "project/.insomnia/skills/notes/SKILL.md", ""),
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
    ],
    # Kimi Code CLI (observed): .kimi-code/skills then .agents/skills, every folder below a
    # root until a SKILL.md (no `inner`), ignore files not read (`wip` loads); js-yaml
    # rejects an unquoted `: ` (no `lenient`, no `.private`); project, user, extra. A root's
    # own skill folders load before its `*.md` files (README.md is a skill of its own) and
    # the skills further down (`drafts/wip`).
    "kimi-code": [
        ("codex-quiet", "project/.agents/skills/codex-quiet/SKILL.md", ""),
        ("outer", "project/.agents/skills/outer/SKILL.md", ""),
        ("pdf", "project/.agents/skills/pdf/SKILL.md", ""),
        ("quiet", "project/.agents/skills/quiet/SKILL.md", "hidden"),
        ("shared", "project/.agents/skills/shared/SKILL.md", ""),
        ("README", "project/.agents/skills/README.md", ""),
        ("wip", "project/.agents/skills/drafts/wip/SKILL.md", ""),
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
    ],
    # Cline CLI (observed): .agents/skills of the project, then of the user, direct children
    # only; strict YAML drops `lenient` and `.private`; a skill without a description is
    # listed; the user's `shared` replaces the project's in its place. Written here in path
    # order: Cline lists a root's folders in the file system's order (see the test).
    "cline": [
        ("codex-quiet", "project/.agents/skills/codex-quiet/SKILL.md", ""),
        ("no-description", "project/.agents/skills/no-description/SKILL.md", ""),
        ("outer", "project/.agents/skills/outer/SKILL.md", ""),
        ("pdf", "project/.agents/skills/pdf/SKILL.md", ""),
        ("quiet", "project/.agents/skills/quiet/SKILL.md", ""),
        ("shared", "home/.agents/skills/shared/SKILL.md", ""),
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
    ],
    # Continue CLI (observed): .continue/skills and .claude/skills of the project (direct
    # folders only: no group/review), then ~/.continue/skills (the fixture has none).
    "continue": [
        ("deploy", "project/.claude/skills/deploy/SKILL.md", ""),
        ("pdf", "project/.claude/skills/pdf/SKILL.md", ""),
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
    ],
    # oh-my-pi (observed): listed by name; direct children only, no dot folders; .claude
    # ranks above .agents (its `pdf` wins); ignored files load; `lenient` loads.
    "oh-my-pi": [
        ("changelog", "project/.github/skills/changelog/SKILL.md", ""),
        ("codex-quiet", "project/.agents/skills/codex-quiet/SKILL.md", ""),
        ("deploy", "project/.claude/skills/deploy/SKILL.md", ""),
        ("extra-tool", "extra/extra-tool/SKILL.md", ""),
        ("legacy", "project/.codex/skills/legacy/SKILL.md", ""),
        ("lenient", "project/.agents/skills/lenient/SKILL.md", ""),
        ("outer", "project/.agents/skills/outer/SKILL.md", ""),
        ("pdf", "project/.claude/skills/pdf/SKILL.md", ""),
        ("quiet", "project/.agents/skills/quiet/SKILL.md", "hidden"),
        ("shared", "project/.agents/skills/shared/SKILL.md", ""),
    ],
}

# client -> {name: copy that wins}: every clash in the fixture the client sees.
EXPECTED_WINNERS: dict[str, dict[str, str]] = {
    "agentskills": {"shared": "project/.agents/skills/shared/SKILL.md"},
    "claude-code": {"deploy": "home/.claude/skills/deploy/SKILL.md"},
    "copilot": {
        "pdf": "project/.agents/skills/pdf/SKILL.md",
        "deploy": "project/.claude/skills/deploy/SKILL.md",
        "shared": "project/.agents/skills/shared/SKILL.md",
    },
    "copilot-cli": {
        "pdf": "project/.agents/skills/pdf/SKILL.md",
        "shared": "project/.agents/skills/shared/SKILL.md",
    },
    "cursor": {
        "pdf": "project/.agents/skills/pdf/SKILL.md",
        "deploy": "project/.claude/skills/deploy/SKILL.md",
        "shared": "project/.agents/skills/shared/SKILL.md",
    },
    "droid": {"shared": "project/.agents/skills/shared/SKILL.md"},
    "gemini-cli": {
        "pdf": "project/.agents/skills/pdf/SKILL.md",
        "shared": "project/.agents/skills/shared/SKILL.md",
    },
    "opencode": {
        "pdf": "project/.opencode/skills/pdf/SKILL.md",
        "deploy": "project/.claude/skills/deploy/SKILL.md",
        "shared": "project/.agents/skills/shared/SKILL.md",
    },
    "kilo": {
        "pdf": "project/.agents/skills/pdf/SKILL.md",
        "deploy": "project/.claude/skills/deploy/SKILL.md",
        "shared": "project/.agents/skills/shared/SKILL.md",
    },
    "goose": {
        "pdf": "project/.agents/skills/pdf/SKILL.md",
        "deploy": "project/.claude/skills/deploy/SKILL.md",
        "shared": "project/.agents/skills/shared/SKILL.md",
    },
    "pi": {"shared": "project/.agents/skills/shared/SKILL.md"},
    "qwen-code": {"shared": "project/.agents/skills/shared/SKILL.md"},
    "yoi": {"summarize": "project/.yoi/skills/summarize/SKILL.md"},
    "insomnia": {"notes": "project/.insomnia/skills/notes/SKILL.md"},
    "kimi-code": {"shared": "project/.agents/skills/shared/SKILL.md"},
    "cline": {"shared": "home/.agents/skills/shared/SKILL.md"},
    "oh-my-pi": {
        "pdf": "project/.claude/skills/pdf/SKILL.md",
        "shared": "project/.agents/skills/shared/SKILL.md",
    },
}

# The skill whose activation each client's golden file shows, and the arguments given.
ACTIVATED: dict[str, tuple[str, str]] = {
    "agentskills": ("pdf", ""),
    "claude-code": ("deploy", "production --dry-run"),
    "codex": ("pdf", ""),
    "copilot": ("pdf", ""),
    "copilot-cli": ("pdf", ""),
    "cursor": ("pdf", ""),
    "droid": ("pdf", ""),
    "gemini-cli": ("pdf", ""),
    "opencode": ("pdf", ""),
    "kilo": ("pdf", ""),
    "goose": ("pdf", ""),
    "pi": ("pi-notes", ""),
    "qwen-code": ("pdf", ""),
    "yoi": ("summarize", ""),
    "insomnia": ("notes", ""),
    "kimi-code": ("pdf", "report.pdf --fast"),
    "cline": ("pdf", "form.pdf --flatten"),
    "continue": ("pdf", ""),
    "oh-my-pi": ("pdf", ""),
}

CLIENT_IDS = [client.id for client in CLIENTS]


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    return clients_workspace(tmp_path)


def test_every_client_is_covered() -> None:
    assert set(EXPECTED_VIEWS) == set(CLIENT_IDS) == set(ACTIVATED)


@pytest.mark.parametrize("client_id", CLIENT_IDS)
def test_view_lists_what_the_client_loads_in_load_order(
    workspace: Workspace, client_id: str
) -> None:
    view = workspace.index().view(client_id)
    actual = [
        (
            skill.name,
            Path(skill.path).relative_to(workspace.root).as_posix(),
            "hidden" if skill.hidden else "conflict" if skill.conflict else "",
        )
        for skill in view
        # The agents' own built-ins (skill_ls/data/builtins) are tested in tests/lab; the
        # fixture's builtin folder (Yoi's built-ins) stays.
        if skill.scope != "builtin" or Path(skill.path).is_relative_to(workspace.builtin)
    ]
    if get_client(client_id).discovery.root_order == "directory":
        # The project's folders in the order this file system lists them (every name but
        # the extra root's has its first copy there), then the extra root.
        assert sorted(actual) == sorted(EXPECTED_VIEWS[client_id])
        listing = os.listdir(workspace.root / "project/.agents/skills")
        names = [name for name, *_ in actual]
        assert names == [folder for folder in listing if folder in names] + ["extra-tool"]
        return
    assert actual == EXPECTED_VIEWS[client_id]


@pytest.mark.parametrize("client_id", CLIENT_IDS)
def test_clash_winner_per_client_rule(workspace: Workspace, client_id: str) -> None:
    index = workspace.index()
    for name, winner in EXPECTED_WINNERS.get(client_id, {}).items():
        entry = index.skill_by_name(name, client_id)
        assert entry is not None, name
        placement = entry.placement(client_id)
        assert placement is not None
        assert Path(placement.path).relative_to(workspace.root).as_posix() == winner
        losers = [
            p
            for e in index.skills()
            if e.name == name
            for p in e.placements
            if p.client == client_id and p.path != placement.path and p.status != "skipped"
        ]
        assert losers, f"{name}: no other copy for {client_id}"
        assert all(p.status in ("shadowed", "conflict") for p in losers)
        assert all(p.winner == placement.path for p in losers)


@pytest.mark.parametrize("client_id", CLIENT_IDS)
def test_catalog_text_per_client(workspace: Workspace, client_id: str) -> None:
    rendering = catalog_for(workspace.index(), client_id)
    assert rendering.characters == len(rendering.text)
    if get_client(client_id).discovery.root_order == "directory":
        # The golden holds the catalog of the view sorted by scope and name, which no file
        # system changes; the order this one lists the folders in is the view test's.
        view = listed_skills(workspace.index(), client_id)
        assert rendering.text == render_catalog(client_id, view).text
        by_path = sorted(view, key=lambda skill: (skill.scope != "project", skill.name))
        rendering = render_catalog(client_id, by_path)
    golden(f"clients/{client_id}.catalog.txt", workspace.show(rendering.text))


@pytest.mark.parametrize("client_id", CLIENT_IDS)
def test_activation_text_per_client(workspace: Workspace, client_id: str) -> None:
    name, arguments = ACTIVATED[client_id]
    rendering = activation_for(workspace.index(), client_id, name, arguments)
    assert rendering is not None
    golden(f"clients/{client_id}.activation.txt", workspace.show(rendering.text))
