"""oh-my-pi's skill catalog and what its model reads to activate a skill, as observed
(oh-my-pi 18.2.3).

Catalog: one sentence telling the model to read `skill://<name>`, then `<skills>` with one
`- name: description` line per skill the model may use, nothing escaped. Skills hidden
from the model (`disable-model-invocation: true`) are left out; with none left there is no
section.

Activation: the model reads `skill://<name>` with the `read` tool, whose result is the
SKILL.md file as written.
"""

from __future__ import annotations

from collections.abc import Sequence

from skill_ls.clients.table import Client
from skill_ls.render.rendering import EntryInfo, Rendering
from skill_ls.render.source import ActivationSource
from skill_ls.workspace.index_records import LoadedSkill

CATALOG_FORMAT = "omp-skills"
ACTIVATION_FORMAT = "omp-read"

HEADER = "Matching skill → MUST read `skill://<name>` first.\n<skills>\n"
END = "</skills>"


def omp_catalog(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    """`<skills>` with a `- name: description` line each; hidden skills left out."""
    infos: list[EntryInfo] = []
    lines: list[str] = []
    for skill in skills:
        if skill.hidden:
            infos.append(EntryInfo(skill.name, 0, hidden=True))
            continue
        line = f"- {skill.name}: {skill.description}\n"
        lines.append(line)
        infos.append(EntryInfo(skill.name, len(line)))
    if not lines:
        return Rendering(CATALOG_FORMAT, "", client=client.id, entries=tuple(infos))
    text = HEADER + "".join(lines) + END
    return Rendering(CATALOG_FORMAT, text, client=client.id, entries=tuple(infos))


def omp_read(source: ActivationSource, arguments: str = "") -> Rendering:
    """The `read` tool's result for `skill://<name>`."""
    text = source.text[:-1] if source.text.endswith("\n") else source.text
    return Rendering(ACTIVATION_FORMAT, text, entries=(EntryInfo(source.name, len(text)),))
