"""Qwen Code (`qwen-code`), observed in the client lab (`clientlab/`): every fact was seen in
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
from skill_ls.clients.mention_forms import MentionFacts, MentionFiles, observed_in_probe
from skill_ls.clients.model import Client, OlderBehaviour
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.reading import Reading

_NEWEST = Client(
    id="qwen-code",
    name="Qwen Code",
    discovery=Discovery(
        # Project: .qwen/skills then .agents/skills in the folder Qwen Code runs in (not its
        # ancestors); user: ~/.qwen/skills then ~/.agents/skills. Run from the home folder,
        # the project level is skipped (the same folders are read as the user's).
        project_roots=(".qwen/skills", ".agents/skills"),
        user_roots=("~/.qwen/skills", "~/.agents/skills"),
        shared_roots_are_user=True,
        # Only folders directly below a root (or links to folders); ignore files and dot
        # folders do not matter.
        nested=False,
        max_depth=1,
        loads_ignored=True,
    ),
    reading=Reading(
        # A blank line before the opening `---` hides the block (lab scenario
        # frontmatter-after-line).
        frontmatter_first_line=True,
        # `name: "  x  "` keeps its spaces, so its name rule drops it (lab scenario
        # untrimmed-fields).
        trims_name=False,
        # The `yaml` package (YAML 1.2 core schema); a block it rejects is read again line by
        # line (`field_reader`): an unquoted `: ` or an unclosed quote does not drop the skill.
        yaml="lenient",
        yaml_loader="yaml-1.2-core",
        field_reader="yaml-else-simple",
        # A missing or empty `name` drops the skill (no folder fallback), as does an empty or
        # blank description, a name outside letters, digits, `_ : . -`, or a non-string model.
        name_required=True,
        name_rule=(r"[\w:.-]+", "letters, digits, '_', ':', '.' or '-'"),
        typed_fields=(("model", "string"),),
        # A `name` or `description` that is not a string is read as JavaScript's String()
        # has it: `name: 404` is "404", `[first part, second part]` "first part,second
        # part" (lab scenarios name-not-string, description-not-string).
        non_string_name="js-string",
        non_string_description="js-string",
    ),
    fields=FieldSupport(
        extra=frozenset(
            {
                "when_to_use",
                "argument-hint",
                "disable-model-invocation",
                "user-invocable",
                "allowedTools",
                "model",
                "hooks",
                "paths",
                "priority",
            }
        ),
        unknown="ignore",
    ),
    clashes=Clashes(
        # Project > user > bundled; within a level the first root's copy wins.
        clash="first-wins",
        scope_order=("project", "user", "extra"),
        builtin_position="last",
    ),
    listing=Listing(
        hidden_when=(("disable-model-invocation", True), ("disable-model-invocation", "true")),
        format="qwen-available-skills",
        catalog_budget=8000,
    ),
    activation=Activation(
        hidden_refusal=(
            "Qwen Code leaves {name} out of the model's catalog (disable-model-invocation: "
            "true) and its Skill tool answers that {name} is not found; only the user can run "
            "it, as /{name}"
        ),
        format="qwen-base-directory",
    ),
    notes=(
        "Lists project, user and bundled skills together, sorted by name (localeCompare), "
        "each description followed by ` — when_to_use` and its level; names and "
        "descriptions are XML-escaped. Past 8,000 characters of entries every "
        "non-bundled description keeps its first line only. A YAML error falls back to a "
        'line reader (no continuation lines). disable-model-invocation: true (or "true") '
        "hides a skill; a skill with `paths` is listed only once a matching file is "
        "touched (not modelled). Activation ignores the arguments. Two folders of one "
        "root with the same `name`: the first in directory order wins, which the file "
        "system decides (skill-ls takes path order)."
    ),
    provenance=Provenance("observed", "Qwen Code 0.24.4"),
    markup=shown_as_written("Qwen Code 0.24.4"),
    mentions=MentionFacts(frozenset({"slash"}), observed_in_probe("Qwen Code 0.24.4")),
    install=AgentInstall(("qwen",), "@qwen-code/qwen-code"),
    mcp_skills=no_client_in("@qwen-code/qwen-code 0.24.4"),
    # Its context file names by default (`currentMemoryFilename`).
    mention_files=MentionFiles(
        ("**/QWEN.md", "**/AGENTS.md"),
        Provenance(
            "cited", "packages/core/src/utils/memory-constants.ts (Qwen Code 0.24.4's bundle)"
        ),
    ),
)


# Qwen Code before 0.24.2 (lab record qwen-code-0.24.0, bisected between published
# versions; 0.23.0 answered alike, 0.24.2 and 0.24.3 as 0.24.4) has no bundled
# `browser-use` skill: its row is the newest's, observed there
# (`skill_ls/data/builtins/qwen-code@0.24.0.json`).
CLIENT = replace(
    _NEWEST,
    older=(
        OlderBehaviour(
            until="0.24.2",
            change="no bundled `browser-use` skill",
            row=_NEWEST.observed_at("0.24.0"),
        ),
    ),
)
