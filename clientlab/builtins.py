"""Write each agent's built-in skills (names, descriptions, locations as observed) to
`skill_ls/data/builtins/<id>.json`, from the goldens of a scenario whose own skills are
known: every other entry of the catalog is the agent's own."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from clientlab.drivers import DRIVERS
from clientlab.observation import GOLDENS, Observation
from clientlab.older import all_older
from clientlab.scenarios import SCENARIOS_BY_ID
from skill_ls.clients.table import CLIENTS

DATA = Path(__file__).resolve().parent.parent / "skill_ls" / "data" / "builtins"
SOURCE_SCENARIO = "resources"
# Each observed agent as its row's provenance names it ("Codex" of "Codex 0.169.0").
AGENT_NAMES = {
    client.id: client.provenance.source.rsplit(" ", 1)[0]
    for client in CLIENTS
    if client.provenance.kind == "observed"
}


Entry = tuple[str, str, str | None]


def _entries(agent: str, catalog: str) -> list[Entry]:
    """(name, description, location) of every catalog entry, unescaped."""
    found: list[Entry] = []
    if agent == "claude-code":
        # `- name: description` entries; a description may run over several lines.
        parts = re.split(r"\n- ", "\n" + catalog.split("\n\n", 1)[1])
        for part in parts[1:]:
            name, _, description = part.partition(": ")
            found.append((name, html.unescape(description.rstrip("\n")), None))
        return found
    if agent == "codex":
        roots = dict(re.findall(r"^- `(r\d+)` = `(.*)`$", catalog, flags=re.MULTILINE))
        for name, description, path in re.findall(
            r"^- ([^:`\n]+): (.*) \(file: (.*)\)$", catalog, flags=re.MULTILINE
        ):
            alias, _, rest = path.partition("/")
            location = f"{roots[alias]}/{rest}" if alias in roots else path
            found.append((name, description, location.replace("<HOME>/.codex", "$CODEX_HOME")))
        return found
    if agent == "droid":
        # `name: description` lines after the header; a description is one line.
        for line in catalog.split("\n")[1:]:
            name, _, description = line.partition(": ")
            found.append((name, description, None))
        return found
    if agent == "oh-my-pi":
        # `- name: description` lines inside `<skills>`; nothing escaped.
        body = catalog.split("<skills>\n", 1)[-1].removesuffix("</skills>")
        for name, description in re.findall(r"^- (.*?): (.*)$", body, flags=re.MULTILINE):
            found.append((name, description, None))
        return found
    if agent == "qwen-code":
        # Every value on a line of its own; the description ends with ` (level)`, which the
        # renderer adds back.
        for name, description, level in re.findall(
            r"<skill>\n<name>\n(.*?)\n</name>\n<description>\n(.*?)\n</description>\n"
            r"<location>\n(.*?)\n</location>\n</skill>",
            catalog,
            flags=re.DOTALL,
        ):
            text = html.unescape(description).removesuffix(f" ({level})")
            found.append((html.unescape(name), text, None))
        return found
    if agent == "kimi-code":
        # `- name: description` (over several lines, maybe), an optional `  When to use:`
        # line and `  Path: ...` closing each entry; built-ins sit at `builtin://name`.
        for name, description, path in re.findall(
            r"^- (.*?): ([\s\S]*?)\n(?:  When to use: [^\n]*\n)?  Path: ([^\n]*)$",
            catalog,
            flags=re.MULTILINE,
        ):
            found.append((name, description, path))
        return found
    for block in re.findall(r"<skill>(.*?)</skill>", catalog, flags=re.DOTALL):
        name_match = re.search(r"<name>(.*?)</name>", block, re.DOTALL)
        if name_match is None:
            continue
        name = html.unescape(name_match.group(1))
        description = re.search(r"<description>(.*?)</description>", block, re.DOTALL)
        location = re.search(r"<location>(.*?)</location>", block, re.DOTALL)
        found.append(
            (
                name,
                html.unescape(description.group(1)) if description else "",
                html.unescape(location.group(1)).replace("<AGENT>", "<install>")
                if location
                else None,
            )
        )
    return found


def write_builtins() -> list[Path]:
    """Each agent's built-ins from its goldens, and an older version's from its record
    (`goldens-older/`) where they differ from the newest: `<id>@<version>.json`."""
    written = []
    own = {
        path.split("/")[-2]
        for path in SCENARIOS_BY_ID[SOURCE_SCENARIO].files
        if path.endswith("/SKILL.md")
    }
    DATA.mkdir(parents=True, exist_ok=True)
    newest: dict[str, list[dict[str, str]]] = {}
    for agent in DRIVERS:
        observation = Observation.read(GOLDENS / agent / SOURCE_SCENARIO)
        newest[agent] = _skills(agent, observation, own)
        if _write(DATA / f"{agent}.json", agent, observation, newest[agent]):
            written.append(DATA / f"{agent}.json")
    for record in all_older():
        target = DATA / f"{record.agent}@{record.version}.json"
        if SOURCE_SCENARIO not in record.differing:
            target.unlink(missing_ok=True)
            continue
        observation = Observation.read(record.folder / record.agent / SOURCE_SCENARIO)
        skills = _skills(record.agent, observation, own)
        if skills == newest[record.agent]:
            target.unlink(missing_ok=True)
        elif _write(target, record.agent, observation, skills):
            written.append(target)
    return written


def _skills(agent: str, observation: Observation, own: set[str]) -> list[dict[str, str]]:
    return [
        {"name": name, "description": description} | ({"location": location} if location else {})
        for name, description, location in _entries(agent, observation.catalog or "")
        if name not in own
    ]


def _write(
    target: Path, agent: str, observation: Observation, skills: list[dict[str, str]]
) -> bool:
    """Write `target` (False, and remove it, when the agent has no built-ins)."""
    if not skills:
        target.unlink(missing_ok=True)
        return False
    # Facts no catalog shows (e.g. that the built-ins' order varies) are kept as written.
    kept = json.loads(target.read_text("utf-8")) if target.exists() else {}
    document = {
        **{k: v for k, v in kept.items() if k not in ("client", "observed", "skills")},
        "client": agent,
        "observed": f"{AGENT_NAMES[agent]} {observation.version}",
        "skills": skills,
    }
    target.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", "utf-8")
    return True
