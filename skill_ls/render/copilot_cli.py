"""Copilot CLI's catalog and activation, as observed in Copilot CLI 1.0.102.

Catalog: an `<available_skills>` block (its `<skill>` tags at the margin, their children
indented two spaces) in the system prompt. Entries go in while their characters, escaped,
add up to no more than the client's budget; the first entry that does not fit, and every
one after it, is named only, on one "Additional skills available (invoke by name): ..." line.

Activation: the `skill` tool's result is followed by a `<skill-context>` user message with
the skill's folder, the files beside SKILL.md (folders of more than 50 entries summarised,
at most 100 files listed) and the body as written. The tool takes only the skill's name:
arguments are never substituted.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from pathlib import PurePosixPath

from skill_ls.clients.table import Client
from skill_ls.render.escape import xml_text
from skill_ls.render.rendering import EntryInfo, Rendering
from skill_ls.render.source import ActivationSource
from skill_ls.workspace.index_records import LoadedSkill
from skill_ls.workspace.listings.copilot_cli import copilot_cli_entry, copilot_cli_fit

CATALOG_FORMAT = "copilot-cli-available-skills"
ACTIVATION_FORMAT = "copilot-cli-skill-context"
OVERFLOW_INTRO = "Additional skills available (invoke by name): "
# A folder with more entries than this is summarised as "<folder>/ (N items)".
SUMMARY_THRESHOLD = 50
# At most this many files are listed; then "...and more files (listing truncated)".
MAX_LISTED_FILES = 100
SKILL_FILE = "SKILL.md"
_LEADING_BLANK_LINES = re.compile(r"\A(?:[ \t]*\n)+")


def copilot_cli_catalog(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    """`<available_skills>`: whole entries while the budget allows, then names only."""
    budget = client.listing.budget()
    visible = [skill for skill in skills if not skill.hidden]
    if not visible:
        hidden = tuple(EntryInfo(skill.name, 0, hidden=True) for skill in skills)
        return Rendering(CATALOG_FORMAT, "", budget, None, hidden, client.id)
    blocks = [copilot_cli_entry(skill) for skill in visible]
    whole = iter(copilot_cli_fit([len(block) for block in blocks], budget))
    listed = iter(blocks)
    parts = ["<available_skills>\n"]
    entries: list[EntryInfo] = []
    overflow: list[str] = []
    for skill in skills:
        if skill.hidden:
            entries.append(EntryInfo(skill.name, 0, hidden=True))
            continue
        block = next(listed)
        if next(whole):
            parts.append(block)
            entries.append(EntryInfo(skill.name, len(block)))
        else:
            overflow.append(skill.name)
            entries.append(EntryInfo(skill.name, len(skill.name), truncated=True, omitted=True))
    truncated_at: int | None = None
    if overflow:
        truncated_at = sum(len(part) for part in parts)
        parts.append(OVERFLOW_INTRO + ", ".join(overflow) + "\n")
    parts.append("</available_skills>")
    return Rendering(
        CATALOG_FORMAT, "".join(parts), budget, truncated_at, tuple(entries), client.id
    )


def related_files(source: ActivationSource) -> str:
    """The "Summarized directories" and "Related files" lines for the files beside SKILL.md
    (empty when there are none). Copilot CLI collects files concurrently: past 100 files,
    which ones it lists varies from run to run; skill-ls lists the first 100 by path."""
    files = [file for file in source.files if PurePosixPath(file).name != SKILL_FILE]
    children: Counter[str] = Counter()
    for path in (*source.files, *source.folders):
        parent = path.rpartition("/")[0]
        if parent:
            children[parent] += 1
    summarised = sorted(
        folder
        for folder, count in children.items()
        if count > SUMMARY_THRESHOLD
        and not any(
            folder.startswith(other + "/")
            for other in children
            if children[other] > SUMMARY_THRESHOLD
        )
    )
    listed = sorted(
        file for file in files if not any(file.startswith(f"{folder}/") for folder in summarised)
    )
    if not listed and not summarised:
        return ""
    lines: list[str] = []
    if summarised:
        lines.append("Summarized directories:")
        lines += [f"  - {folder}/ ({children[folder]} items)" for folder in summarised]
    lines.append("Related files (use view tool to read):")
    lines += [f"  - {source.folder}/{file}" for file in listed[:MAX_LISTED_FILES]]
    if len(listed) > MAX_LISTED_FILES:
        lines.append("  ...and more files (listing truncated)")
    return "\n".join(lines) + "\n\n"


def copilot_cli_activation(source: ActivationSource, arguments: str = "") -> Rendering:
    """The `<skill-context>` message: base directory, related files, the body as written
    (leading blank lines dropped); `arguments` are not used (the tool takes none)."""
    body = _LEADING_BLANK_LINES.sub("", source.document.body.replace("\r\n", "\n"))
    text = (
        f'<skill-context name="{xml_text(source.name)}">\n'
        f"Base directory for this skill: {source.folder}\n"
        "\n"
        f"{related_files(source)}{body}\n"
        "</skill-context>"
    )
    return Rendering(ACTIVATION_FORMAT, text, entries=(EntryInfo(source.name, len(text)),))
