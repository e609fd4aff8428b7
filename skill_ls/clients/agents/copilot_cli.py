"""Copilot CLI (`copilot-cli`), observed in the client lab (`clientlab/`): every fact was seen in
the real agent at the version its provenance names, and `tests/lab/` replays it byte
for byte."""

from __future__ import annotations

from dataclasses import replace

from skill_ls.clients.activation import Activation
from skill_ls.clients.clashes import Clashes
from skill_ls.clients.discovery import Discovery
from skill_ls.clients.field_support import FieldSupport
from skill_ls.clients.install_facts import AgentInstall
from skill_ls.clients.listing import Listing
from skill_ls.clients.markup_facts import shown_as_written
from skill_ls.clients.mcp_skills import no_client_in
from skill_ls.clients.mention_forms import MentionFacts, observed_in_probe
from skill_ls.clients.model import Client, OlderBehaviour
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.reading import Reading

_NEWEST = Client(
    id="copilot-cli",
    name="Copilot CLI",
    discovery=Discovery(
        # A SKILL.md directly in a root makes the root a skill folder: it is the root's only
        # skill, named after the root folder without `name` (lab scenario root-skill-md).
        root_skill_md="only-skill",
        # A clash of names goes to the first copy in this order: the project's .github,
        # .agents, .claude; then ~/.copilot, ~/.agents (not ~/.claude).
        project_roots=(".github/skills", ".agents/skills", ".claude/skills"),
        user_roots=("~/.copilot/skills", "~/.agents/skills"),
        # Skills are found at any depth below a root (39 folders deep was seen; 64 here,
        # as deep as skill-ls walks); a SKILL.md ends the walk, dot folders are skipped,
        # ignored files are read.
        nested=True,
        max_depth=64,
        skip_dot_entries=True,
        loads_ignored=True,
    ),
    reading=Reading(
        # A blank line before the opening `---` hides the block (lab scenario
        # frontmatter-after-line).
        frontmatter_first_line=True,
        yaml="strict",
        typed_fields=(
            ("name", "string"),
            ("description", "string"),
            ("argument-hint", "string"),
            ("allowed-tools", "strings"),
            ("disable-model-invocation", "bool"),
            ("user-invocable", "bool"),
        ),
        dropped_when=(("disable-model-invocation", True),),
        description_max=1024,
        description_fallback="body-lines",
        name_rule=(
            r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}",
            "1-64 ASCII letters, digits, '.', '_' or '-' starting with a letter or digit",
        ),
        # Its name rule admits ASCII only: a name with any other letter is dropped.
        name_charset="ascii",
    ),
    fields=FieldSupport(
        extra=frozenset(
            {
                "argument-hint",
                "user-invocable",
                "disable-model-invocation",
                "allowed-tools",
            }
        ),
        unknown="ignore",
    ),
    clashes=Clashes(
        clash="first-wins",
        scope_order=("project", "extra", "user"),
        # The catalog lists the project's skills (all three roots together) by name, then
        # each user root's by name; built-ins last.
        list_order="name-by-source",
        builtin_position="last",
    ),
    listing=Listing(
        format="copilot-cli-available-skills",
        catalog_budget=15_000,
    ),
    activation=Activation(
        format="copilot-cli-skill-context",
        # It lists `Twin` and `twin` both, but finds a skill to activate without regard to
        # case, and refuses a name two of them answer to.
        fold_case=True,
        ambiguous_refusal='Skill "{name}" is ambiguous. Use one of: {names}',
    ),
    notes=(
        "Not VS Code's Copilot Chat. Drops (does not list, cannot activate) a skill "
        "whose YAML is not strict YAML, whose name breaks its name rule, whose typed "
        "field has another type (argument-hint: [file], disable-model-invocation: yes), "
        "with disable-model-invocation: true, or with a description over 1,024 "
        "characters; without a description key, the body's first three non-heading "
        "lines stand in. The catalog keeps whole entries up to 15,000 characters and "
        "names the rest on one line. A folder-derived name has its spaces made '-' "
        "(not modelled); past 100 resource files, which ones activation lists varies."
    ),
    provenance=Provenance("observed", "Copilot CLI 1.0.102"),
    markup=shown_as_written("Copilot CLI 1.0.102"),
    mentions=MentionFacts(frozenset(), observed_in_probe("Copilot CLI 1.0.102")),
    install=AgentInstall(("copilot",), "@github/copilot"),
    mcp_skills=no_client_in("@github/copilot 1.0.102 with its platform binary"),
)


# Copilot CLI before 1.0.102 (lab record copilot-cli-1.0.92; 1.0.93 to 1.0.101 were not
# published): the catalog lists the skills in load order, each root in turn (.github,
# .agents, .claude, then the user roots), a root's folders by path (lab scenarios roots,
# nesting, order).
_LOAD_ORDER = replace(
    _NEWEST.observed_at("1.0.92"), clashes=replace(_NEWEST.clashes, list_order="load")
)
# And before 1.0.92 (lab record copilot-cli-1.0.89; 1.0.85 answered the same): the files
# its activation lists come in each folder's order on the file system (lab scenario
# resources: references/, assets/, scripts/ as this machine's ext4 lists them).
_DIRECTORY_FILES = replace(
    _LOAD_ORDER.observed_at("1.0.89"),
    activation=replace(_NEWEST.activation, file_order="directory"),
)

CLIENT = replace(
    _NEWEST,
    older=(
        OlderBehaviour(
            until="1.0.92",
            change="the catalog lists the skills in load order (each root in turn, a root's "
            "folders by path), and the skill's files on activation come in the file system's "
            "order",
            row=_DIRECTORY_FILES,
        ),
        OlderBehaviour(
            until="1.0.102",
            change="the catalog lists the skills in load order (each root in turn, a root's "
            "folders by path), not by name",
            row=_LOAD_ORDER,
        ),
    ),
)
