"""How one client reads one skill file: whether its walk takes the file, why it refuses it,
the name and description it takes from it, and whether it hides it from the model. All of it
from the client table; which copy of a name wins is `precedence.py`'s."""

from __future__ import annotations

import os
import re
from collections.abc import Container
from dataclasses import replace

from skill_ls.clients.reading import drops_for_type, read_non_string
from skill_ls.clients.table import Client
from skill_ls.workspace.index_records import FoundFile, RootFolder, SkillFacts
from skill_ls.workspace.listings.strings import JS_WHITESPACE, js_head, js_length, js_trim
from skill_ls.workspace.root_walk import SKILL_FILE


def accepts(
    client: Client,
    found: FoundFile,
    root: RootFolder | None = None,
    in_root: Container[str] = (),
) -> bool:
    """Whether the client's walk rules load this file from its root (`root`: the root as
    the client names it, for rules that hold in some roots only; `in_root`: the relative
    paths of the skill files found in that root)."""
    if found.kind == "root-md":
        if not reads_root_markdown(client, root.pattern if root is not None else None):
            return False
        if client.discovery.root_markdown_reading != "file":
            return True
        # A SKILL.md in the root is not a skill, nor an `X.md` beside a skill folder `X`.
        return found.relative != SKILL_FILE and f"{file_stem(found)}/{SKILL_FILE}" not in in_root
    if found.dotted and client.discovery.skip_dot_entries:
        return False
    if client.discovery.skip_below_dot_folders and any(
        part.startswith(".") or part == "node_modules" for part in found.relative.split("/")[:-2]
    ):
        return False  # the walk does not enter such a folder above the skill's own
    if found.linked and not client.discovery.follows_links:
        return False
    ignored = (
        found.ignored_in_root if client.discovery.ignore_files_from == "root" else found.ignored
    )
    if ignored and not client.discovery.loads_ignored:
        return False
    if found.parent_skill is not None and stops_at(client, found.parent_skill):
        return False
    if found.depth == 0:
        return client.discovery.root_skill_md != "ignored"
    return found.depth == 1 or (
        client.discovery.nested and found.depth <= client.discovery.max_depth
    )


def stops_at(client: Client, parent_skill: str) -> bool:
    """Whether the client's walk stops at the enclosing SKILL.md at `parent_skill` (relative
    to the root) and never loads the skills below it; one directly in the root encloses
    only for a client that reads it as the root's only skill (`Discovery.root_skill_md`)."""
    return client.discovery.skill_md_ends_walk and (
        parent_skill != SKILL_FILE or client.discovery.root_skill_md == "only-skill"
    )


def reads_root_markdown(client: Client, pattern: str | None) -> bool:
    """Whether a root-level `*.md` file in the root written `pattern` is a skill for the
    client (`Client.discovery.root_markdown_skills`, limited to `root_markdown_roots`)."""
    return client.discovery.root_markdown_skills and (
        not client.discovery.root_markdown_roots
        or pattern is None
        or pattern in client.discovery.root_markdown_roots
    )


def as_read(client: Client, facts: SkillFacts) -> SkillFacts:
    """The facts as this client reads the file: where a frontmatter line is indented with a
    tab, as its parser takes that tab (`Client.reading.tab_indent`); a `name` or
    `description` that is not a string, as the client reads such a value
    (`Client.reading.non_string_name` / `non_string_description`); a `name` with spaces
    around it, as written for a client that does not trim it (`Client.reading.trims_name`)."""
    if facts.block_readings is not None:
        facts = facts.block_readings.get(_block_reading(client), facts)
    if facts.tab_readings:
        facts = facts.tab_readings.get(client.reading.tab_indent, facts)
    if facts.raw_name is not None and not client.reading.trims_name:
        facts = replace(facts, name=facts.raw_name, raw_name=None)
    if facts.name_text is None and facts.description_text is None:
        return facts
    name, description = facts.name, facts.description
    if name is None and facts.name_text is not None:
        text = read_non_string(
            client.reading.non_string_name, facts.field_kinds.get("name"), facts.name_text
        )
        name = text.strip() or None if text is not None else None
    if description is None and facts.description_text is not None:
        description = read_non_string(
            client.reading.non_string_description,
            facts.field_kinds.get("description"),
            facts.description_text,
        )
    if name == facts.name and description == facts.description:
        return facts
    return replace(facts, name=name, description=description)


def _block_reading(client: Client) -> str:
    """Which of `SkillFacts.block_readings` the client reads the file by ("" for none)."""
    if client.reading.frontmatter_split:
        return "split"
    return "first-line" if client.reading.frontmatter_first_line else ""


def _hidden_block(client: Client, facts: SkillFacts) -> str | None:
    """Why the client finds no block in a file that has one, or None."""
    if not facts.has_frontmatter or facts.block_readings is None:
        return None
    read = facts.block_readings.get(_block_reading(client))
    if read is None or read.has_frontmatter:
        return None
    if client.reading.frontmatter_split:
        return (
            f"{client.name} takes the frontmatter from between the file's first two `---` "
            "lines (a byte-order mark before the first makes it no such line), and this "
            "file has fewer than two"
        )
    return (
        f"{client.name} reads frontmatter only when `---` is the file's first line (a "
        "blank line before it hides the block)"
    )


def description_counts(client: Client, facts: SkillFacts, description: str) -> bool:
    """Whether the client takes `description` as the skill's: one with text always; an
    empty or blank one as `Client.reading.blank_description` says, or when it is the empty
    text a non-string value reads as under `non_string_description` "empty"."""
    if description.strip():
        return True
    policy = client.reading.blank_description
    if policy == "keep" or (
        client.reading.non_string_description == "empty" and facts.description_text is not None
    ):
        return True
    return policy == "keep-blank" and description != ""


def skip_reason(client: Client, facts: SkillFacts, name: str | None = None) -> str | None:
    """Why the client refuses this file, or None when it loads it (`name`: the name the
    client keys it by, checked against `Client.reading.name_rule` when given)."""
    hidden_block = _hidden_block(client, facts)
    reason = _read_skip_reason(client, as_read(client, facts), name)
    if reason is not None and hidden_block is not None:
        return f"{hidden_block}, so it drops the skill"
    return reason


def _read_skip_reason(client: Client, facts: SkillFacts, name: str | None) -> str | None:
    """Why the client refuses the file it reads as `facts` (`as_read`), or None."""
    if facts.error is not None:
        return facts.error
    if client.reading.frontmatter_at_start and not facts.opens_at_start:
        return (
            f"{client.name} reads frontmatter only when `---` starts the file (a byte-order "
            "mark or a blank line before it hides the block), so it finds no description"
        )
    if client.reading.field_reader == "yaml-else-lines":
        return _line_reader_skip(client, facts)
    if client.reading.field_reader in ("yaml-else-simple", "yaml-else-flat"):
        return _simple_reader_skip(client, facts, name)
    if client.reading.bad_frontmatter == "ignore":
        pass  # loaded with its fallbacks whatever its frontmatter (see `reads_frontmatter`)
    elif not facts.has_frontmatter:
        if client.reading.bad_frontmatter != "ignore-missing":
            return "it has no frontmatter block"
    elif client.reading.yaml == "strict" and not facts.strict_ok:
        detail = f": {facts.yaml_error}" if facts.yaml_error else ""
        return f"{client.name} reads YAML strictly and rejects this frontmatter{detail}"
    elif client.reading.unique_keys and facts.duplicate_key is not None:
        return (
            f"{client.name}'s YAML parser rejects a repeated key "
            f"(`{facts.duplicate_key}` appears twice), so it drops the skill"
        )
    elif not facts.lenient_ok:
        return "its frontmatter YAML does not load"
    reason = _typed_skip(client, facts, name)
    if reason is not None:
        return reason
    if client.reading.name_required and not facts.name:
        return f"it has no `name` ({client.name} skips it; it does not fall back to the folder)"
    description = description_of(client, facts)
    if description is None and client.reading.missing_description in ("unlisted", "listed"):
        return None  # loaded; left out of the catalog or listed without one
    if description is None:
        return "it has no description"
    if (
        client.reading.description_max is not None
        and len(description) > client.reading.description_max
    ):
        return (
            f"{client.name} drops a skill whose description is longer than "
            f"{client.reading.description_max:,} characters (this one has {len(description):,})"
        )
    return None


# How `Client.reading.typed_fields` types read in a skip reason, and the YAML types each accepts.
TYPE_WORDS: dict[str, str] = {
    "string": "a string",
    "bool": "true or false",
    "strings": "a string or a list of strings",
    "map": "a map of keys to values",
    "text": "a string or a whole number",
}
# How the kind of value found reads in a skip reason.
FOUND_WORDS: dict[str, str] = {
    "string": "a string",
    "bool": "true or false",
    "strings": "a list of strings",
    "list": "a list",
    "map": "a map",
    "int": "a number",
    "float": "a number",
    "null": "empty",
}


def _typed_skip(client: Client, facts: SkillFacts, name: str | None) -> str | None:
    """Why the client drops a skill for a field's type or value, or its name (the typed
    fields, `dropped_when` flags and `name_pattern` of the client's row)."""
    kinds = facts.field_kinds
    if client.reading.field_reader == "yaml-else-flat" and not facts.strict_ok:
        kinds = facts.flat_kinds  # the fallback reader's types, not YAML's
    for key, kind in client.reading.typed_fields:
        found = kinds.get(key)
        if found is not None and drops_for_type(client.reading, key, found):
            return (
                f"{client.name} drops a skill whose `{key}` is not "
                f"{TYPE_WORDS.get(kind, kind)} (here: {FOUND_WORDS.get(found, found)})"
            )
    for key, allowed in client.reading.allowed_values:
        found_value = facts.flags.get(key)
        if found_value is not None and found_value not in allowed:
            return (
                f"{client.name} drops a skill whose `{key}` is {str(found_value)!r}: it takes "
                f"only {', '.join(allowed)}"
            )
    for flag, value in client.reading.dropped_when:
        if facts.flags.get(flag) == value:
            shown = str(value).lower() if isinstance(value, bool) else value
            return (
                f"{client.name} drops a skill with `{flag}: {shown}`: it is not loaded at "
                "all, so neither the catalog nor an activation can reach it"
            )
    if client.reading.name_rule is not None and name is not None:
        pattern, words = client.reading.name_rule
        if re.fullmatch(pattern, name) is None:
            return f"{client.name} drops a skill whose name {name!r} is not {words}"
    return None


def reads_frontmatter(client: Client, facts: SkillFacts) -> bool:
    """Whether the client takes the frontmatter's fields (False: it ignores a block its
    YAML parser rejects, `Client.reading.bad_frontmatter == "ignore"`)."""
    facts = as_read(client, facts)
    if not facts.has_frontmatter:
        return False
    return facts.strict_ok if client.reading.yaml == "strict" else facts.lenient_ok


def description_of(client: Client, facts: SkillFacts) -> str | None:
    """The description the client uses (None: it has none, and the client skips it)."""
    facts = as_read(client, facts)
    if client.reading.field_reader != "yaml":
        return fields_read(client, facts)[1]
    if client.reading.description_fallback == "body-lines":
        if not reads_frontmatter(client, facts):
            return None
        if "description" in facts.field_kinds:
            # Present: kept, even empty, spaces and all, but for the line breaks that end it
            # (a block scalar's; lab scenarios untrimmed-fields, block-scalar).
            return facts.description.rstrip("\r\n") if facts.description is not None else None
        return " ".join(facts.body_lines)[: client.reading.description_max]
    if (
        reads_frontmatter(client, facts)
        and facts.description is not None
        and description_counts(client, facts, facts.description)
    ):
        return facts.description
    if client.reading.description_fallback == "body-first-line":
        return body_description(facts.first_body_line)
    return None


def fields_read(client: Client, facts: SkillFacts) -> tuple[str | None, str | None]:
    """`name` and `description` as the client reads them (`Client.reading.field_reader`)."""
    facts = as_read(client, facts)
    if client.reading.field_reader == "yaml-else-lines":
        if facts.strict_ok and facts.name is not None and facts.description is not None:
            return facts.name, facts.description
        return facts.line_name, facts.line_description
    if client.reading.field_reader in ("yaml-else-simple", "yaml-else-flat"):
        if not facts.has_frontmatter:
            return None, None
        if facts.strict_ok:
            description = facts.description
            kept = description is not None and description_counts(client, facts, description)
            return facts.name, description if kept else None
        if client.reading.field_reader == "yaml-else-flat":
            return facts.flat_name, facts.flat_description
        return facts.simple_name, facts.simple_description
    return facts.name, description_of(client, facts)


def fallback_name(found: FoundFile, client: Client | None = None) -> str:
    """The name a client uses when `name` is missing: the folder holding the file (for
    pi's root-level `*.md` skills, the root folder itself: pi names them `skills`). A
    root-level `*.md` that the client reads as a file (and, with no client, any): the
    file's name without `.md`."""
    if found.kind == "root-md" and (
        client is None or client.discovery.root_markdown_reading == "file"
    ):
        return file_stem(found)
    return os.path.basename(os.path.dirname(found.path))


def file_stem(found: FoundFile) -> str:
    """A root-level `*.md` skill's file name without `.md`."""
    return os.path.basename(found.path).removesuffix(".md")


def as_found(client: Client, facts: SkillFacts, found: FoundFile) -> SkillFacts:
    """The facts as the client reads the file where it found it: a root-level `*.md` it
    reads as a file (`Discovery.root_markdown_reading` "file") has a frontmatter only when
    its first line is `---`, is named after the file and described by its body's first
    line where `name` and `description` are not non-blank strings, and is never dropped
    for their types. Other files as they are."""
    if found.kind != "root-md" or client.discovery.root_markdown_reading != "file":
        return facts
    stem = file_stem(found)
    if facts.error is not None:
        return facts
    if not facts.first_line_fence:
        # No frontmatter: the whole file is the body.
        return SkillFacts(
            name=stem,
            description=_file_description(client, facts.first_text_line),
            first_body_line=facts.first_text_line,
        )
    if not (facts.has_frontmatter and facts.strict_ok and facts.lenient_ok):
        return facts  # an unclosed or broken block drops it, as for a SKILL.md
    description = facts.description
    if description is None or not description.strip(JS_WHITESPACE):
        description = _file_description(client, facts.first_body_line)
    return replace(
        facts,
        name=facts.name or stem,
        description=description,
        field_kinds={
            key: kind
            for key, kind in facts.field_kinds.items()
            if key not in ("name", "description")
        },
        name_text=None,
        description_text=None,
    )


def _file_description(client: Client, line: str | None) -> str:
    """The body's first non-blank line, trimmed, cut at the client's
    `root_markdown_line_max` (one unit less and `…`); its placeholder for an empty body."""
    line = js_trim(line) if line is not None else ""
    if not line:
        return client.discovery.root_markdown_placeholder
    most = client.discovery.root_markdown_line_max
    if most is not None and js_length(line) > most:
        return js_head(line, most - 1) + "\u2026"
    return line


def name_of(client: Client, facts: SkillFacts, fallback: str) -> str:
    """The name the client keys the skill by: its `name` as the client reads it, unsafe
    characters made "-" (`Client.reading.name_unsafe_chars`); else `fallback` (the folder). Always
    the folder for a client that keys skills by folder (`Client.reading.name_source`)."""
    facts = as_read(client, facts)
    if client.reading.name_source == "folder":
        return fallback
    name = fields_read(client, facts)[0] if client.reading.field_reader != "yaml" else facts.name
    if not name:
        return fallback
    for char in client.reading.name_unsafe_chars:
        name = name.replace(char, "-")
    return name


def _line_reader_skip(client: Client, facts: SkillFacts) -> str | None:
    """Why a client that reads `name`/`description` by YAML, else by lines, refuses a file."""
    if not facts.opens_at_start:
        return (
            f"{client.name} reads frontmatter only when `---` is the file's very first line "
            "(a byte-order mark or a blank line before it hides the block)"
        )
    if not facts.has_frontmatter:
        return "its frontmatter block is never closed by a `---` line"
    name, description = fields_read(client, facts)
    if name is None:
        return f"it has no `name` ({client.name} does not fall back to the folder name)"
    if description is None:
        return "it has no description"
    return None


def _simple_reader_skip(client: Client, facts: SkillFacts, name: str | None) -> str | None:
    """Why a client that reads YAML, else Qwen Code's simple line reader, refuses a file."""
    if not facts.has_frontmatter:
        return "it has no frontmatter block"
    found_name, description = fields_read(client, facts)
    if client.reading.name_required and (not found_name or not found_name.strip()):
        return f"it has no `name` ({client.name} does not fall back to the folder name)"
    if description is None or not description_counts(client, facts, description):
        return "it has no description (or an empty one)"
    return _typed_skip(client, facts, name)


BODY_DESCRIPTION_MAX = 100
_HEADING = re.compile(r"^#+\s+(.+)$")


def body_description(line: str | None, default: str = "Skill") -> str:
    """Claude Code's description from the body: the first non-blank line without its
    heading marks, over 100 characters cut to 97 and "..."; `default` for an empty body."""
    if line is None:
        return default
    heading = _HEADING.match(line)
    text = heading.group(1) if heading else line
    return text[: BODY_DESCRIPTION_MAX - 3] + "..." if len(text) > BODY_DESCRIPTION_MAX else text


def hidden(client: Client, facts: SkillFacts) -> bool:
    """Loaded but left out of the client's catalog (its `hidden_when` flags)."""
    facts = as_read(client, facts)
    if client.reading.bad_frontmatter == "ignore" and not reads_frontmatter(client, facts):
        return False
    return any(
        _flag_value(client, facts.flags.get(flag)) == value
        for flag, value in client.listing.hidden_when
    )


def _flag_value(client: Client, value: object) -> object:
    """A flag's value as the client reads it (its `truthy_strings` count as true)."""
    if isinstance(value, str) and value.strip().lower() in client.reading.truthy_strings:
        return True
    return value


def unlisted_reason(client: Client, facts: SkillFacts) -> str | None:
    """Why a loaded skill is left out of the catalog for lack of a description
    (`Client.reading.missing_description == "unlisted"`), or None."""
    facts = as_read(client, facts)
    if (
        client.reading.missing_description != "unlisted"
        or description_of(client, facts) is not None
    ):
        return None
    return (
        f"it has no description: {client.name} loads it (it can be activated by name) but "
        "leaves it out of the model's catalog"
    )
