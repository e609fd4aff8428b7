"""The scenario matrix: small workspaces, written by the lab itself, one situation each.

Paths in a scenario may start with a placeholder the agent's driver fills in:
`{project}` is the project skills root the agent reads (`.claude/skills` for Claude Code,
`.agents/skills` for the others) and `~/` is the fake home folder. So one scenario asks every
agent the same question from a root it reads; the `roots` scenario instead writes every root
literally, to see which ones each agent reads.
"""

from __future__ import annotations

import os
import subprocess

from clientlab.scenario_arguments import ARGUMENT_SCENARIOS
from clientlab.scenario_flat import FLAT_SCENARIOS
from clientlab.scenario_frontmatter import FRONTMATTER_SCENARIOS
from clientlab.scenario_markup import MARKUP_SCENARIOS
from clientlab.scenario_model import Scenario, skill
from skill_ls.clients.discovery import with_default_variables
from skill_ls.clients.table import CLIENTS

# `Scenario` and `skill` live in scenario_model.py; older imports name this module.
__all__ = ["SCENARIOS", "SCENARIOS_BY_ID", "Scenario", "materialise", "resolve", "skill"]


def _long(words: int, seed: str) -> str:
    text = " ".join(f"{seed}{i % 10}" for i in range(words))
    return text


def _exactly(length: int, seed: str) -> str:
    """A plain description of exactly `length` characters."""
    unit = f"{seed} checks the ledger and writes a short report. "
    text = (unit * (length // len(unit) + 1))[:length]
    return text.rstrip() + "x" * (length - len(text.rstrip()))


def _root_slug(root: str) -> str:
    """A folder name that says which root holds it: `.claude/skills` -> `claude-skills`."""
    return "-".join(part.lstrip(".") for part in root.split("/") if part)


def root_skills() -> dict[str, str]:
    """One skill folder in every project and user root of every agent in the client table
    (each root once, however many agents read it): folder path -> the root it marks."""
    found: dict[str, str] = {}
    for client in CLIENTS:
        for scope, prefix, patterns in (
            ("project", "proj", client.discovery.project_roots),
            ("user", "user", client.discovery.user_roots),
        ):
            for pattern in patterns:
                root = with_default_variables(pattern)  # user roots below the fake home
                if any(path.rsplit("/", 1)[0] == root for path in found):
                    continue
                slug = _root_slug(root.removeprefix("~/"))
                found[f"{root}/{prefix}-{slug}"] = f"{scope} {root}"
    return found


def _root_files() -> dict[str, str]:
    files: dict[str, str] = {}
    for folder, where in root_skills().items():
        name = folder.rsplit("/", 1)[1]
        files[f"{folder}/SKILL.md"] = skill(name, f"Marks the {where} root as read.")
    return files


_BUDGET_FILES = {
    f"{{project}}/budget-{i:02d}/SKILL.md": skill(
        f"budget-{i:02d}", _exactly(1000, f"Budget skill {i:02d}")
    )
    for i in range(60)
}

SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        "roots",
        "one skill in every project and user root of every agent in the client table",
        _root_files(),
        activate="proj-agents-skills",
    ),
    Scenario(
        "nesting",
        "skills directly below the root, two and three folders below it",
        {
            "{project}/direct/SKILL.md": skill("direct", "Sits directly below the root."),
            "{project}/group/nested-two/SKILL.md": skill(
                "nested-two", "Sits two folders below the root."
            ),
            "{project}/a/b/nested-three/SKILL.md": skill(
                "nested-three", "Sits three folders below the root."
            ),
        },
        activate="nested-two",
    ),
    Scenario(
        "name-mismatch",
        "`name` differs from the folder name",
        {"{project}/folder-name/SKILL.md": skill("other-name", "Its name is not its folder.")},
        activate="other-name",
    ),
    Scenario(
        "missing-name",
        "no `name` line",
        {"{project}/nameless/SKILL.md": skill(None, "Has a description but no name.")},
        activate="nameless",
    ),
    Scenario(
        "missing-description",
        "no `description` line (a control skill beside it)",
        {
            "{project}/no-description/SKILL.md": skill(
                "no-description", None, "First body line of the skill.\n\nMore text.\n"
            ),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="no-description",
    ),
    Scenario(
        "empty-description",
        'description: ""',
        {
            "{project}/empty-description/SKILL.md": skill("empty-description", '""'),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="empty-description",
    ),
    Scenario(
        "name-not-string",
        "`name: 404`, a number, in the folder `numbered` (read as text or the folder's name), "
        "and `name: [listed, name]`, a list, in the folder `listed`",
        {
            "{project}/numbered/SKILL.md": skill("404", "Has a number for a name."),
            "{project}/listed/SKILL.md": skill("[listed, name]", "Has a list for a name."),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="404",
    ),
    Scenario(
        "description-not-string",
        "a list and a number as `description`, beside a control skill",
        {
            "{project}/list-description/SKILL.md": skill(
                "list-description", "[first part, second part]"
            ),
            "{project}/number-description/SKILL.md": skill("number-description", "42"),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="list-description",
    ),
    Scenario(
        "name-charset",
        "uppercase and underscore names",
        {
            "{project}/Upper-Case/SKILL.md": skill("Upper-Case", "Has capitals in its name."),
            "{project}/under_score/SKILL.md": skill("under_score", "Has an underscore."),
        },
        activate="under_score",
    ),
    Scenario(
        "unquoted-colon",
        "an unquoted `: ` in the description",
        {
            "{project}/colon/SKILL.md": skill(
                "colon", "Use when: the user asks for a summary of the notes"
            ),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="colon",
    ),
    Scenario(
        "block-scalar",
        "folded and literal block-scalar descriptions",
        {
            "{project}/folded/SKILL.md": skill(
                "folded", ">-\n  Folded description that spans\n  two lines."
            ),
            "{project}/literal/SKILL.md": skill(
                "literal", "|\n  Literal description line one.\n  Line two."
            ),
        },
        activate="folded",
    ),
    Scenario(
        "dmi-true",
        "disable-model-invocation: true",
        {
            "{project}/hidden-true/SKILL.md": skill(
                "hidden-true", "Hidden from the model.", extra="disable-model-invocation: true"
            ),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="hidden-true",
    ),
    Scenario(
        "dmi-variants",
        'disable-model-invocation written `yes` and `"true"`',
        {
            "{project}/hidden-yes/SKILL.md": skill(
                "hidden-yes", "Flag written yes.", extra="disable-model-invocation: yes"
            ),
            "{project}/hidden-quoted/SKILL.md": skill(
                "hidden-quoted",
                "Flag written as a string.",
                extra='disable-model-invocation: "true"',
            ),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="hidden-yes",
    ),
    # Kimi Code CLI reads `type` (seen in an extra run): `reference` and `flow` are loaded but
    # not listed and refused on activation; `prompt` and `inline` are listed; any other drops.
    Scenario(
        "skill-type",
        "`type:` reference, flow, prompt, inline, other and empty, beside a control skill",
        {
            "{project}/ref/SKILL.md": skill("ref", "A reference skill.", extra="type: reference"),
            "{project}/flowy/SKILL.md": skill("flowy", "A flow skill.", extra="type: flow"),
            "{project}/prompt-type/SKILL.md": skill(
                "prompt-type", "A prompt skill.", extra="type: prompt"
            ),
            "{project}/inline-type/SKILL.md": skill(
                "inline-type", "An inline skill.", extra="type: inline"
            ),
            "{project}/other-type/SKILL.md": skill(
                "other-type", "A skill of another type.", extra="type: other"
            ),
            "{project}/empty-type/SKILL.md": skill(
                "empty-type", "A skill with an empty type.", extra='type: ""'
            ),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="ref",
    ),
    Scenario(
        "user-invocable-false",
        "user-invocable: false",
        {
            "{project}/model-only/SKILL.md": skill(
                "model-only", "Only the model may invoke it.", extra="user-invocable: false"
            )
        },
        activate="model-only",
    ),
    Scenario(
        "unknown-fields",
        "fields no spec defines",
        {
            "{project}/extras/SKILL.md": skill(
                "extras",
                "Carries fields of its own.",
                extra="version: 1.2.0\ncategory: docs\nrequires:\n  - git",
            )
        },
        activate="extras",
    ),
    Scenario(
        "long-descriptions",
        "descriptions of 1,025 and 2,000 characters",
        {
            "{project}/long-1025/SKILL.md": skill("long-1025", _exactly(1025, "Long one")),
            "{project}/long-2000/SKILL.md": skill("long-2000", _exactly(2000, "Long two")),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="long-2000",
    ),
    Scenario(
        "budget",
        "60 skills with 1,000-character descriptions, past every catalog budget",
        dict(_BUDGET_FILES),
    ),
    Scenario(
        "escaping",
        "markup, ampersands, quotes and a fence in the description and body",
        {
            "{project}/escaping/SKILL.md": skill(
                "escaping",
                "'Closes </available_skills> & <b>bold</b> \"quoted\" it''s ```fence```'",
                "# Escaping\n\n```xml\n</skill_content></instructions>\n```\n\nA & B <i>c</i>.\n",
            )
        },
        activate="escaping",
    ),
    Scenario(
        "clash-project-user",
        "one name in a project root and a user root",
        {
            "{project}/twin/SKILL.md": skill("twin", "The project copy."),
            "~/.agents/skills/twin/SKILL.md": skill("twin", "The user copy (.agents)."),
            "~/.claude/skills/twin/SKILL.md": skill("twin", "The user copy (.claude)."),
        },
        activate="twin",
    ),
    Scenario(
        "clash-two-project-roots",
        "one name in two project roots",
        {
            ".claude/skills/twin/SKILL.md": skill("twin", "The .claude copy."),
            ".agents/skills/twin/SKILL.md": skill("twin", "The .agents copy."),
            ".github/skills/twin/SKILL.md": skill("twin", "The .github copy."),
            ".gemini/skills/twin/SKILL.md": skill("twin", "The .gemini copy."),
        },
        activate="twin",
    ),
    Scenario(
        "symlink",
        "a skill folder that is a symlink to a folder outside the root",
        {"shared/linked/SKILL.md": skill("linked", "Reached through a symlink.")},
        symlinks={"{project}/linked": "shared/linked"},
        activate="linked",
    ),
    Scenario(
        "gitignored",
        "a skill folder the repository ignores",
        {
            "{project}/ignored/SKILL.md": skill("ignored", "Its folder is git-ignored."),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        gitignore="{project}/ignored/\n",
        activate="ignored",
    ),
    Scenario(
        "resources",
        "a skill with references/, scripts/ and assets/",
        {
            "{project}/with-files/SKILL.md": skill(
                "with-files",
                "Ships references and scripts.",
                "# With files\n\nRead [the guide](references/guide.md), run `scripts/run.sh`.\n",
            ),
            "{project}/with-files/references/guide.md": "# Guide\n",
            "{project}/with-files/scripts/run.sh": "#!/bin/sh\necho run\n",
            "{project}/with-files/assets/template.txt": "template\n",
        },
        activate="with-files",
    ),
    *ARGUMENT_SCENARIOS,
    Scenario(
        "bom-crlf",
        "a UTF-8 BOM, and CRLF line ends",
        {
            "{project}/bom/SKILL.md": "\ufeff" + skill("bom", "Starts with a byte-order mark."),
            "{project}/crlf/SKILL.md": skill("crlf", "Has CRLF line ends.").replace("\n", "\r\n"),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="crlf",
    ),
    Scenario(
        "argument-hint-list",
        "argument-hint: [file] (a YAML list)",
        {
            "{project}/hinted/SKILL.md": skill(
                "hinted", "Has a list-valued argument hint.", extra="argument-hint: [file]"
            ),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="hinted",
    ),
    Scenario(
        "bad-yaml",
        "an unclosed quote and a tab-indented line",
        {
            "{project}/broken/SKILL.md": skill(
                "broken", '"Starts a quote that never closes', extra="\tindented: tab"
            ),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="broken",
    ),
    # A tab is not indentation in YAML; parsers differ on what they make of it (`claude
    # plugin validate` calls the first a YAML error, lenient loaders read it as text).
    Scenario(
        "tab-key",
        "a key indented with a tab after the description (nothing else wrong)",
        {
            "{project}/tab-key/SKILL.md": skill(
                "tab-key", "Its next line starts with a tab.", extra="\tversion: 1"
            ),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="tab-key",
    ),
    Scenario(
        "tab-nested",
        "a nested mapping indented with a tab (metadata:, then a tab, then author: lab)",
        {
            "{project}/tab-nested/SKILL.md": skill(
                "tab-nested",
                "Its metadata is indented with a tab.",
                extra="metadata:\n\tauthor: lab",
            ),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="tab-nested",
    ),
    Scenario(
        "lowercase-file",
        "skill.md in lower case",
        {
            "{project}/lower/skill.md": skill("lower", "Its file is skill.md."),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="lower",
    ),
    Scenario(
        "builtin-clash",
        "project skills named like the agents' own built-in skills",
        {
            "{project}/skill-creator/SKILL.md": skill("skill-creator", "A project skill-creator."),
            "{project}/simplify/SKILL.md": skill("simplify", "A project simplify."),
            "{project}/customize-opencode/SKILL.md": skill(
                "customize-opencode", "A project customize-opencode."
            ),
            "{project}/github-pr-media/SKILL.md": skill(
                "github-pr-media", "A project github-pr-media."
            ),
        },
        activate="skill-creator",
    ),
    # Kimi Code CLI and Cline CLI key their skills by the lower-cased name (seen in extra
    # runs): a project `Twin` and a user `twin` are one name there, two elsewhere.
    Scenario(
        "case-clash",
        "a project skill `Twin` and a user skill `twin`: names that differ only in case",
        {
            "{project}/Twin/SKILL.md": skill("Twin", "The project's capitalised twin."),
            "~/.agents/skills/twin/SKILL.md": skill("twin", "The user's lower-case twin."),
            "~/.claude/skills/twin/SKILL.md": skill("twin", "The user's lower-case twin."),
            "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
        },
        activate="twin",
    ),
    Scenario(
        "order",
        "names whose directory order, sort order and case order differ",
        {
            "{project}/zeta/SKILL.md": skill("zeta", "Last by name."),
            "{project}/alpha/SKILL.md": skill("alpha", "First by name."),
            "{project}/Mid/SKILL.md": skill("mid", "Folder with a capital."),
            "{project}/beta-2/SKILL.md": skill("beta-2", "Has a digit."),
            "~/.agents/skills/aardvark/SKILL.md": skill("aardvark", "A user skill."),
            "~/.claude/skills/aardvark/SKILL.md": skill("aardvark", "A user skill."),
        },
        activate="alpha",
    ),
    *MARKUP_SCENARIOS,
    *FLAT_SCENARIOS,
    *FRONTMATTER_SCENARIOS,
)

SCENARIOS_BY_ID = {scenario.id: scenario for scenario in SCENARIOS}


def resolve(path: str, project_root: str, home: str, workspace: str) -> str:
    """An absolute path for a scenario path, for one agent's project root."""
    if path.startswith("~/"):
        return os.path.join(home, path[2:])
    return os.path.join(workspace, path.replace("{project}", project_root))


def materialise(scenario: Scenario, project_root: str, home: str, workspace: str) -> None:
    """Write the scenario's files under `workspace` and `home`; make `workspace` a git repo."""
    os.makedirs(workspace, exist_ok=True)
    os.makedirs(home, exist_ok=True)
    for path, content in scenario.files.items():
        target = resolve(path, project_root, home, workspace)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8", newline="") as handle:
            handle.write(content)
    for link, target in scenario.symlinks.items():
        link_path = resolve(link, project_root, home, workspace)
        os.makedirs(os.path.dirname(link_path), exist_ok=True)
        os.symlink(resolve(target, project_root, home, workspace), link_path)
    if scenario.gitignore is not None:
        with open(os.path.join(workspace, ".gitignore"), "w", encoding="utf-8") as handle:
            handle.write(scenario.gitignore.replace("{project}", project_root))
    subprocess.run(
        ["git", "init", "-q", "-b", "main", workspace],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
