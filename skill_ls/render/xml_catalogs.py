"""The XML catalogs: `<available_skills>` (the spec's client guide, Cursor, Goose, Yoi,
insomnia) and Copilot Chat's (VS Code) `<skills>` (pi's variant is in `render/pi.py`)."""

from __future__ import annotations

from collections.abc import Sequence

from skill_ls.clients.table import Client
from skill_ls.render.escape import xml_text
from skill_ls.render.rendering import EntryInfo, Rendering
from skill_ls.workspace.index_records import LoadedSkill

COPILOT_PREAMBLE = (
    "Here is a list of skills that contain domain specific knowledge on a variety of topics.\n"
    "Each skill comes with a description of the topic and a file path that contains the "
    "detailed instructions.\n"
    "When a user asks you to perform a task that falls within the domain of a skill, use the "
    "'read_file' tool to acquire the full instructions from the file URI.\n"
)


def available_skills(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    """`<available_skills>` with one `<skill>` (name, description, location) each."""
    return _xml("available-skills", "", skills, client)


def copilot_skills(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    """`<skills>`: three instruction sentences, then name, description and file per skill."""
    visible = [skill for skill in skills if not skill.hidden]
    if not visible:
        return Rendering("copilot-skills", "", client=client.id, entries=_hidden(skills))
    parts = ["<skills>\n", COPILOT_PREAMBLE]
    entries: list[EntryInfo] = []
    for skill in skills:
        if skill.hidden:
            entries.append(EntryInfo(skill.name, 0, hidden=True))
            continue
        block = (
            "<skill>\n"
            f"<name>{xml_text(skill.name)}</name>\n"
            f"<description>{xml_text(skill.description)}</description>\n"
            f"<file>{xml_text(skill.path)}</file>\n"
            "</skill>\n"
        )
        parts.append(block)
        entries.append(EntryInfo(skill.name, len(block)))
    parts.append("</skills>")
    return Rendering("copilot-skills", "".join(parts), client=client.id, entries=tuple(entries))


def _available_entry(skill: LoadedSkill) -> str:
    return (
        "  <skill>\n"
        f"    <name>{xml_text(skill.name)}</name>\n"
        f"    <description>{xml_text(skill.description)}</description>\n"
        f"    <location>{xml_text(skill.path)}</location>\n"
        "  </skill>\n"
    )


def _xml(fmt: str, preamble: str, skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    visible = [skill for skill in skills if not skill.hidden]
    if not visible:
        return Rendering(fmt, "", client=client.id, entries=_hidden(skills))
    parts = [preamble, "<available_skills>\n"]
    entries: list[EntryInfo] = []
    for skill in skills:
        if skill.hidden:
            entries.append(EntryInfo(skill.name, 0, hidden=True))
            continue
        block = _available_entry(skill)
        parts.append(block)
        entries.append(EntryInfo(skill.name, len(block)))
    parts.append("</available_skills>")
    return Rendering(fmt, "".join(parts), client=client.id, entries=tuple(entries))


def _hidden(skills: Sequence[LoadedSkill]) -> tuple[EntryInfo, ...]:
    return tuple(EntryInfo(skill.name, 0, hidden=True) for skill in skills)
