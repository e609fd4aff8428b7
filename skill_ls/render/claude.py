"""Claude Code's skill listing and its Skill tool's answer, as observed (Claude Code 2.1.332).

Listing: a hidden message, "The following skills are available for use with the Skill
tool:", a blank line, then one `- name: description` line per skill. A skill whose `name`
differs from its folder is listed as `folder (name)`. Descriptions (with ` - when_to_use`)
have runs of control characters made one space and `<`/`>` escaped (`&` is kept); each is cut
at the entry cap as `…`. The budget is a share of the model's context window
(`Client.budget()`): over it, every description but the built-ins' is dropped, then given
back skill by skill while the rest of the budget allows (Claude Code goes by the user's past
use of each skill, which skill-ls cannot see; a fresh install gives them back in listing
order, as here). The lines and that allocation are `workspace.listings.claude`'s, shared
with the cross-skill finding SKL508.

Activation: "Base directory for this skill: <folder>", a blank line, then the body exactly as
written after the frontmatter, with the argument placeholders filled in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from skill_ls.clients.argument_syntax import declared_names, inserted_value, substitute
from skill_ls.clients.table import Client
from skill_ls.render.rendering import EntryInfo, Rendering
from skill_ls.render.source import ActivationSource
from skill_ls.workspace.index_records import LoadedSkill
from skill_ls.workspace.listings.claude import (
    ELLIPSIS,
    claude_fit,
    claude_line,
    listing_name,
    listing_text,
)

HEADER = "The following skills are available for use with the Skill tool:\n\n"
FOOTER = ""

__all__ = ["ELLIPSIS", "FOOTER", "HEADER", "claude_listing", "listing_name", "listing_text"]


def claude_listing(skills: Sequence[LoadedSkill], client: Client) -> Rendering:
    budget = client.listing.budget()
    visible = [skill for skill in skills if not skill.hidden]
    if not visible:
        hidden = tuple(EntryInfo(skill.name, 0, hidden=True) for skill in skills)
        return Rendering("claude-listing", "", budget, None, hidden, client.id)
    lines = [
        claude_line(skill, listing_name(skill, visible), client.listing.entry_cap)
        for skill in visible
    ]
    kept = claude_fit(lines, budget)
    texts = [
        line.full_line if full else line.name_line for line, full in zip(lines, kept, strict=True)
    ]
    text = HEADER + "\n".join(texts) + FOOTER
    truncated_at: int | None = None
    offset = len(HEADER)
    entries: list[EntryInfo] = []
    remaining = iter(zip(lines, kept, texts, strict=True))
    for skill in skills:
        if skill.hidden:
            entries.append(EntryInfo(skill.name, 0, hidden=True))
            continue
        line, full, shown = next(remaining)
        cut = not full or line.capped_at is not None
        if cut and truncated_at is None:
            truncated_at = offset + (
                line.capped_at if full and line.capped_at else len(line.name_line)
            )
        entries.append(EntryInfo(skill.name, len(shown), truncated=cut))
        offset += len(shown) + 1
    return Rendering("claude-listing", text, budget, truncated_at, tuple(entries), client.id)


# --- activation -----------------------------------------------------------------------------


def claude_base_directory(source: ActivationSource, arguments: str = "") -> Rendering:
    """The Skill tool's answer: "Base directory for this skill: <dir>", a blank line, then
    the body as written from its first non-blank character (line ends and trailing newline
    kept), its `$ARGUMENTS`, `$ARGUMENTS[N]`, `$N`, declared `$name`s and
    `${CLAUDE_SKILL_DIR}` filled in."""
    body = substitute_arguments(source, arguments)
    text = f"Base directory for this skill: {source.folder}\n\n{body}"
    return Rendering("claude-base-directory", text, entries=(EntryInfo(source.name, len(text)),))


def substitute_arguments(source: ActivationSource, arguments: str) -> str:
    """The body with Claude Code's placeholders filled from `arguments`
    (`clients.argument_syntax`), `${CLAUDE_SKILL_DIR}` first, in the body and in each
    value put in."""
    doc = source.document
    # Claude Code's frontmatter pattern, /^---\s*\n([\s\S]*?)---\s*\n?/, also takes the
    # whitespace after the closing `---`: the body starts at its first non-blank character.
    body = doc.body.lstrip() if doc.frontmatter is not None else doc.body
    entry = doc.fields.get("arguments")
    names = declared_names(entry.value if entry is not None else None)

    def skill_dir(text: str, protect: Callable[[str], str]) -> str:
        return text.replace("${CLAUDE_SKILL_DIR}", protect(source.folder))

    return substitute(
        body,
        arguments,
        names,
        skill_dir,
        lambda value: inserted_value(value, source.folder),
        source.awk_fields_kept,
    )
