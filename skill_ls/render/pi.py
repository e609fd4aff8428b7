"""pi's skill catalog and what its model reads to activate a skill, as observed (pi 0.73.1).

Catalog: three instruction sentences, a blank line, then `<available_skills>` with one
`<skill>` (name, description, location: the SKILL.md path) per skill the model may use, in
load order; `&`, `<`, `>`, `"` and `'` are escaped. Skills hidden from the model
(`disable-model-invocation: true`) are left out; with none left there is no section.

Activation: pi has no skill tool. The model reads the SKILL.md at the catalog's location
with pi's `read` tool, whose result is the raw file (frontmatter, line ends and all), cut
at 2,000 lines or 50 KB with a note saying how to read on.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

from skill_ls.clients.table import Client
from skill_ls.render.escape import xml_text
from skill_ls.render.rendering import EntryInfo, Rendering
from skill_ls.render.source import ActivationSource
from skill_ls.render.strings import utf8_size
from skill_ls.workspace.index_records import LoadedSkill

CATALOG_FORMAT = "pi-available-skills"
ACTIVATION_FORMAT = "pi-read"

# Before the list (the blank lines that join it to the rest of the system prompt are not
# part of the catalog).
PREAMBLE = (
    "The following skills provide specialized instructions for specific tasks.\n"
    "Use the read tool to load a skill's file when the task matches its description.\n"
    "When a skill file references a relative path, resolve it against the skill directory "
    "(parent of SKILL.md / dirname of the path) and use that absolute path in tool "
    "commands.\n"
    "\n"
)

# The `read` tool's limits: whichever is hit first cuts the file at a line end.
READ_MAX_LINES = 2000
READ_MAX_BYTES = 50 * 1024


def pi_catalog(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    """`<available_skills>` after pi's three sentences; hidden skills left out."""
    if all(skill.hidden for skill in skills):
        entries = tuple(EntryInfo(skill.name, 0, hidden=True) for skill in skills)
        return Rendering(CATALOG_FORMAT, "", client=client.id, entries=entries)
    parts = [PREAMBLE, "<available_skills>\n"]
    infos: list[EntryInfo] = []
    for skill in skills:
        if skill.hidden:
            infos.append(EntryInfo(skill.name, 0, hidden=True))
            continue
        block = (
            "  <skill>\n"
            f"    <name>{xml_text(skill.name)}</name>\n"
            f"    <description>{xml_text(skill.description)}</description>\n"
            f"    <location>{xml_text(skill.path)}</location>\n"
            "  </skill>\n"
        )
        parts.append(block)
        infos.append(EntryInfo(skill.name, len(block)))
    parts.append("</available_skills>")
    return Rendering(CATALOG_FORMAT, "".join(parts), client=client.id, entries=tuple(infos))


def pi_read(source: ActivationSource, arguments: str = "") -> Rendering:
    """The `read` tool's result for SKILL.md read whole (no offset, no limit)."""
    text, cut = read_result(source.text, source.path)
    entry = EntryInfo(source.name, len(text), truncated=cut is not None)
    return Rendering(ACTIVATION_FORMAT, text, truncated_at=cut, entries=(entry,))


def read_result(content: str, path: str) -> tuple[str, int | None]:
    """What `read` returns for a text file, and where it cut the file (None: whole)."""
    lines = content.split("\n")
    total_bytes = utf8_size(content)
    if len(lines) <= READ_MAX_LINES and total_bytes <= READ_MAX_BYTES:
        return content, None
    if utf8_size(lines[0]) > READ_MAX_BYTES:
        return (
            f"[Line 1 is {format_size(utf8_size(lines[0]))}, exceeds "
            f"{format_size(READ_MAX_BYTES)} limit. Use bash: sed -n '1p' {path} | head -c "
            f"{READ_MAX_BYTES}]",
            0,
        )
    kept: list[str] = []
    used = 0
    by_bytes = False
    for index, line in enumerate(lines[:READ_MAX_LINES]):
        size = utf8_size(line) + (1 if index else 0)
        if used + size > READ_MAX_BYTES:
            by_bytes = True
            break
        kept.append(line)
        used += size
    shown = "\n".join(kept)
    limit = f" ({format_size(READ_MAX_BYTES)} limit)" if by_bytes else ""
    note = (
        f"\n\n[Showing lines 1-{len(kept)} of {len(lines)}{limit}. "
        f"Use offset={len(kept) + 1} to continue.]"
    )
    return shown + note, len(shown)


def format_size(size: int) -> str:
    """pi's size words: `512B`, `50.0KB`, `1.3MB` (JavaScript's `toFixed(1)`: a tie
    rounds up)."""
    if size < 1024:
        return f"{size}B"
    unit, scale = ("KB", 1024) if size < 1024 * 1024 else ("MB", 1024 * 1024)
    value = (Decimal(size) / scale).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    return f"{value}{unit}"
