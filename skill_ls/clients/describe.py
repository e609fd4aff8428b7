"""The client table in words: what `skill-ls clients`, docs/clients.md and hovers show.

Generic over the `Client` columns, so a new column shows up without touching this module;
the labels below only make the common ones read well.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from enum import Enum

from skill_ls.clients.builtins import builtins_of
from skill_ls.clients.bundle_format import BundleFormat
from skill_ls.clients.considered import CONSIDERED
from skill_ls.clients.install_facts import version_key
from skill_ls.clients.markup_facts import MarkupFacts
from skill_ls.clients.mcp_skills import McpSkills
from skill_ls.clients.mention_forms import MentionFacts, MentionFiles
from skill_ls.clients.model import OlderBehaviour
from skill_ls.clients.shell_syntax import SYNTAX_WORDS
from skill_ls.clients.table import TARGETS, UPLOAD_TARGETS, Client

# Column → label, by the name it had as one flat row (the labels `skill-ls clients --format
# json` keys its facts by); columns not named here are shown by their own name.
LABELS: dict[str, str] = {
    "project_roots": "project roots",
    "user_roots": "user roots",
    "ancestors": "project roots also read in",
    "nested": "nested skills",
    "max_depth": "deepest SKILL.md below a root",
    "clash": "name clash",
    "scope_order": "load order",
    "yaml": "YAML",
    "fields.unknown": "unknown fields",
    "fields.extra": "fields honoured beyond the spec",
    "fields.forbidden": "forbidden fields",
    "hidden_when": "left out of the catalog when",
    "listing.format": "catalog format",
    "listing.view": "catalog view",
    "activation.format": "activation format",
    "entry_cap": "characters per catalog entry",
    "catalog_budget": "catalog budget (characters)",
    "builtin_clash": "a skill named like a built-in",
    "clashes.fold_case": "names that differ only in case clash",
    "activation.fold_case": "activation finds a name without regard to case",
    "activation.trims_request": "activation trims the name asked for",
    "activation.awk_fields_kept": "the `$N` of an awk print program kept as written",
    "activation.file_order": "the order of the skill's files on activation",
    "refused_copy_takes_name": "a copy it refuses still takes its name in a clash",
    "markup": "comments and `` !`command` `` lines",
    "mentions": "a skill called by name in a prompt",
    "install.commands": "installed as the commands",
    "install.package": "from the npm package",
    "install.observed_package_version": "npm package version observed",
    "mention_files": "files where a mention names a skill",
    "mcp_skills": "skills served by MCP servers",
    "older": "older versions that behave otherwise (`--agent-version`)",
}
SKIP = frozenset({"id", "name", "notes", "provenance"})


def fact_lines(client: Client) -> list[tuple[str, str]]:
    """(label, value) for every column of the row, sub-record by sub-record, each in its
    dataclass's order."""
    lines: list[tuple[str, str]] = []
    for column in fields(client):
        if column.name in SKIP:
            continue
        value = getattr(client, column.name)
        if is_dataclass(value) and not isinstance(
            value, MarkupFacts | MentionFacts | MentionFiles | McpSkills
        ):
            for inner in fields(value):
                words = _words(getattr(value, inner.name))
                if words:
                    lines.append((_label(f"{column.name}.{inner.name}", inner.name), words))
            continue
        words = _words(value)
        if words:
            lines.append((_label(column.name, column.name), words))
    builtin_set = builtins_of(client)
    if builtin_set is not None:
        names = ", ".join(f"`{skill.name}`" for skill in builtin_set.skills)
        lines.append(("built-in skills", f"{names} (observed in {builtin_set.observed})"))
    return lines


def _label(path: str, name: str) -> str:
    return LABELS.get(path) or LABELS.get(name) or name.replace("_", " ")


def _words(value: object) -> str:
    if value is None or value == () or value == frozenset() or value == "":
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, MarkupFacts):
        return markup_words(value)
    if isinstance(value, MentionFacts | MentionFiles | McpSkills):
        return value.describe()
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, frozenset):
        return ", ".join(f"`{item}`" for item in sorted(value))
    if isinstance(value, tuple):
        # Older behaviours are clauses with commas of their own: newest first, by "; ".
        if value and all(isinstance(item, OlderBehaviour) for item in value):
            newest_first = sorted(value, key=lambda o: version_key(o.until) or (), reverse=True)
            return "; ".join(_item(item) for item in newest_first)
        return ", ".join(_item(item) for item in value)
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, int):
        return f"{value:,}"
    return f"`{value}`" if isinstance(value, str) and " " not in value else str(value)


def _item(item: object) -> str:
    if isinstance(item, BundleFormat):
        return item.describe()
    if isinstance(item, OlderBehaviour):
        return f"before {item.until}, {item.change} (observed in {item.observed})"
    if isinstance(item, tuple):
        return " = ".join(f"`{part}`" for part in item)
    return f"`{item}`"


def markup_words(facts: MarkupFacts) -> str:
    """What reaches the model from comments and `!`command`` lines, in words."""
    parts = [
        "frontmatter `#` comments "
        + ("reach the model" if facts.frontmatter_comments_reach_model else "are not sent"),
        "a trailing ` # ...` "
        + ("stays in" if facts.trailing_comment_in_description else "is not part of")
        + " the listed description",
        "body HTML comments "
        + ("reach the model" if facts.body_html_comments_reach_model else "are removed"),
        "`` !`command` `` lines " + _shell_words(facts),
    ]
    return "; ".join(parts) + f" ({facts.provenance.describe()})"


def _shell_words(facts: MarkupFacts) -> str:
    if facts.shell_commands == "shown":
        return "are shown to the model as written"
    where = f" ({SYNTAX_WORDS[facts.shell_syntax]})" if facts.shell_syntax else ""
    if facts.shell_commands == "run":
        return f"run in a shell on activation, their output put in their place{where}"
    words = f"are replaced by `{facts.shell_notice}`, nothing run{where}"
    if facts.shell_trusted_scopes:
        scopes = " and ".join(sorted(facts.shell_trusted_scopes))
        words += (
            f" (cited from its bundle, not observed: skills of the {scopes} scopes are "
            "trusted, and their commands run once the user approves them)"
        )
    return words


def provenance_line(client: Client) -> str:
    """For example "observed in Claude Code 2.1.328" or "cited from <source>"."""
    return client.provenance.describe()


def clients_markdown() -> str:
    """docs/clients.md, generated from the table (a test keeps the file in sync)."""
    out = [
        "# The clients skill-ls knows",
        "",
        "Generated by `skill-ls clients --format markdown`; do not edit by hand. Each row",
        "(`skill_ls/clients/agents/<id>.py`) says where its facts come from: *observed* rows are",
        "reproduced byte for byte from the real agent in the client lab (`clientlab/`, replayed",
        "by `tests/lab/`); *cited* rows come from the source or documentation named, for agents",
        "that cannot run here. *Upload targets* are services a skill folder is uploaded to, not",
        "agents: they discover nothing, and a check is judged against one only when it is named",
        "as a target (`--client " + UPLOAD_TARGETS[0].id + "`).",
        "",
        "| client | id | provenance |",
        "|---|---|---|",
    ]
    out += [f"| {c.name} | `{c.id}` | {provenance_line(c)} |" for c in TARGETS]
    out.append("")
    for client in TARGETS:
        out += [f'## <a id="{client.id}"></a>{client.name} (`{client.id}`)', ""]
        out += [f"*{provenance_line(client)[:1].upper() + provenance_line(client)[1:]}.*", ""]
        if client.notes:
            out += [client.notes, ""]
        out += [f"- **{label}**: {value}" for label, value in fact_lines(client)]
        out.append("")
    return "\n".join(out + considered_markdown())


def considered_markdown() -> list[str]:
    """The agents considered for the client lab and not observed, with the reason."""
    out = [
        '## <a id="considered"></a>Considered, not observed',
        "",
        "Agents examined for the client lab that have no row: the version examined, whether",
        "it loads skills (read from its package), and why the lab cannot observe it.",
        "",
        "| agent | package | version | loads skills | why not observed |",
        "|---|---|---|---|---|",
    ]
    out += [
        f"| {c.name} | {c.package} | {c.version} | {c.loads_skills} | {c.reason} |"
        for c in CONSIDERED
    ]
    out.append("")
    return out
