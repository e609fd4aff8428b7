"""Upload targets: services a skill folder is uploaded to rather than agents that discover
skill folders. They have no roots and no catalog of their own to preview; a check is judged
against one only when it is named as a target (`--client claude-api`), never by default.
Nothing here can run offline, so every fact is cited from the service's documentation."""

from __future__ import annotations

from skill_ls.clients.activation import Activation
from skill_ls.clients.discovery import Discovery
from skill_ls.clients.field_support import FieldSupport
from skill_ls.clients.listing import Listing
from skill_ls.clients.model import Client
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.reading import Reading
from skill_ls.clients.upload_limits import UploadLimits

CLAUDE_API = Client(
    id="claude-api",
    name="Claude API / claude.ai upload",
    discovery=Discovery(
        project_roots=(),
        user_roots=(),
    ),
    reading=Reading(
        yaml="strict",
        # "lowercase letters/numbers/hyphens only": a-z, as Anthropic's own packaging check
        # (`^[a-z0-9-]+$`) reads it.
        name_charset="ascii",
    ),
    fields=FieldSupport(
        extra=frozenset(),
        # "Packaging or upload fails with a hard error instead of ignoring the field".
        unknown="error",
    ),
    listing=Listing(
        format="none",
    ),
    activation=Activation(
        format="none",
    ),
    upload=UploadLimits(
        reserved_name_words=("anthropic", "claude"),
        xml_tags_refused_in=("name", "description"),
        # "Total upload size must be under 30 MB (uncompressed)"; MB read as 10^6 bytes, the
        # smaller of its two readings.
        max_upload_bytes=30_000_000,
    ),
    notes="A skill uploaded to the Claude API (`POST /v1/skills`) or added in claude.ai's "
    "settings, not an agent that reads skill folders: it has no roots, and the catalog "
    "Claude sees there (each skill's name and description in the system prompt) has no "
    "documented text to preview. Only the spec's six keys are allowed (name, description, "
    "license, compatibility, metadata, allowed-tools): any other key fails the upload. "
    "`name`: at most 64 characters, a-z, 0-9 and hyphens, no XML tags, not containing "
    "'anthropic' or 'claude'; `description`: non-empty, at most 1,024 characters, no XML "
    "tags; SKILL.md at the upload root or at the top of one enclosing folder; all files "
    "together under 30 MB uncompressed. Where the documents disagree this row follows the "
    "API guide and the Claude Code docs, the newer and more specific: the claude.ai help "
    "article caps the description at 200 characters and lists `version` and "
    "`dependencies` as optional keys, which the upload refuses (reported in "
    "anthropics/claude-code#24826 and payloadcms/payload#14411); Anthropic's packaging "
    "check (skill-creator's quick_validate.py) refuses any `<` or `>` in the description "
    "where the API refuses XML tags, and one of its versions took six Claude Code keys "
    "besides; the API guide once said 8 MB (30 MB since). Not documented, so not checked: a "
    "file-count limit, whether a reserved word counts inside a longer word (taken here as "
    "any occurrence), what the upload does with symbolic links, and whether the name must "
    "equal the folder (the API names the skill's folder in its container after `name`).",
    provenance=Provenance(
        "cited",
        "https://platform.claude.com/docs/en/build-with-claude/skills-guide (Creating a "
        "Skill: requirements; Limits and constraints), "
        "https://platform.claude.com/docs/en/agents-and-tools/agent-skills/overview (Skill "
        "structure: field requirements), "
        "https://code.claude.com/docs/en/skills#using-skill-frontmatter-outside-claude-code "
        "(the six allowed keys, hard error on any other) and the API reference of "
        "`POST /v1/skills` (anthropics/anthropic-sdk-python "
        "src/anthropic/resources/beta/skills/skills.py: files in one top-level directory "
        "with SKILL.md at its root); read 2026-12-02",
    ),
)

UPLOAD_TARGETS: tuple[Client, ...] = (CLAUDE_API,)
