"""What the model sees: catalog entries and activation text, through the renderers."""

from __future__ import annotations

from skill_ls.clients.table import Client
from skill_ls.server.documents import Snapshot
from skill_ls.server.server import SkillServer
from skill_ls.text import estimate_tokens


def description_preview(ls: SkillServer, snapshot: Snapshot, clients: tuple[Client, ...]) -> str:
    """Markdown: each target client's catalog entry for this skill, with its counts."""
    doc = snapshot.parsed
    description = doc.string_value("description")
    if description is None:
        return ""
    name = doc.string_value("name") or doc.folder_name or "skill"
    parts = []
    for client in clients:
        entry = f"{name}: {description}"
        line = f"**{client.name}**: {len(entry):,} characters, ~{estimate_tokens(entry):,} tokens"
        if client.entry_cap is not None:
            if len(description) > client.entry_cap:
                line += f"; cut at {client.entry_cap:,} characters"
            else:
                line += f" (cap {client.entry_cap:,})"
        parts.append(line)
    return "\n\n".join(parts)
