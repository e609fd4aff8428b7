"""Kimi Code CLI (`kimi-code`), observed in the client lab (`clientlab/`): every fact was seen
in the real agent at the version its provenance names, and `tests/lab/` replays it byte
for byte."""

from __future__ import annotations

from skill_ls.clients.activation import Activation
from skill_ls.clients.clashes import Clashes
from skill_ls.clients.discovery import Discovery
from skill_ls.clients.field_support import FieldSupport
from skill_ls.clients.install_facts import AgentInstall
from skill_ls.clients.listing import Listing
from skill_ls.clients.markup_facts import shown_as_written
from skill_ls.clients.mcp_skills import no_client_in
from skill_ls.clients.mention_forms import MentionFacts, observed_in_probe
from skill_ls.clients.model import Client
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.reading import Reading

CLIENT = Client(
    id="kimi-code",
    name="Kimi Code CLI",
    discovery=Discovery(
        # Project: .kimi-code/skills, then .agents/skills; user: ~/.kimi-code/skills
        # ($KIMI_CODE_HOME/skills), then ~/.agents/skills. The first root's copy of a name
        # wins within a scope (seen in an extra run). Its code reads the project roots at
        # the git root above the folder it runs in (the lab runs it there).
        project_roots=(".kimi-code/skills", ".agents/skills"),
        user_roots=("~/.kimi-code/skills", "~/.agents/skills"),
        # Every folder below a root until one holds SKILL.md, each folder's entries in
        # code point order; nine folders deep at most (`deep9` loaded, `deep10` not, an
        # extra run). A dot folder or node_modules is not entered, but a SKILL.md directly
        # in one is a skill (`.private` loaded, `.dot/inner` not).
        nested=True,
        max_depth=9,
        skip_below_dot_folders=True,
        # Ignore files are not read (`gitignored`).
        loads_ignored=True,
        # A `*.md` file directly in any of its roots is a skill of its own, read as a file
        # (lab scenarios flat-files, flat-clash): `.hidden.md` and `README.md` count,
        # `upper.MD` and `group/deeper.md` do not, nor `foo.md` beside a folder `foo` that
        # holds a SKILL.md (even one it drops). Named by a non-blank string `name`, else
        # after the file; described by a non-blank string `description`, else by the
        # body's first non-blank line (over 240 characters: 239 and `…`), else "No
        # description provided."; `name: 123` drops it no more than a missing one. A first
        # line other than `---` means no frontmatter (`\n---` is all body); an unclosed or
        # broken block drops it. (In an extra run, a SKILL.md directly
        # in the root was not a skill either.)
        root_markdown_skills=True,
        root_markdown_reading="file",
        root_markdown_line_max=240,
        root_markdown_placeholder="No description provided.",
        # A root's own skill folders first, then its flat files, then the skills further
        # down: `Bar.md` and `alias.md` (named baz) lose to the folders `bar` and `baz`,
        # `nest.md` wins over `group/nest/SKILL.md` (flat-clash).
        root_order="folders-files-nested",
    ),
    reading=Reading(
        # js-yaml 4's `load`: an unquoted `: `, a tab-indented key or an unclosed quote
        # drops the skill. The first line must be `---` once trimmed (a byte-order mark
        # passes; a blank line first drops the skill, an extra run).
        yaml="strict",
        yaml_loader="js-yaml",
        frontmatter_first_line=True,
        # A SKILL.md needs a `name` and a `description` that are non-blank strings (no
        # folder fallback; `name: 123` dropped the skill in an extra run).
        name_required=True,
        # `type` (lab scenario skill-type): `prompt` and `inline` are listed, `reference` and
        # `flow` loaded but not listed (see `listing`), any other value, "" among them, or
        # a value that is not a string drops the skill; folder or flat file alike.
        typed_fields=(("name", "string"), ("description", "string"), ("type", "string")),
        allowed_values=(("type", ("prompt", "inline", "reference", "flow")),),
    ),
    fields=FieldSupport(
        # `when_to_use` (or `when-to-use`) is listed as its own line; `arguments` names the
        # `$name` placeholders; `disable-model-invocation` (or `disable_model_invocation`).
        extra=frozenset({"disable-model-invocation", "when_to_use", "arguments", "type"}),
        unknown="ignore",
    ),
    clashes=Clashes(
        # Project over user over extra over built-in; within a scope the first copy loaded.
        clash="first-wins",
        scope_order=("project", "user", "extra"),
        builtin_position="last",
        # Keyed by the lower-cased name: a project `Twin` hides a user `twin`.
        fold_case=True,
    ),
    listing=Listing(
        # Only `true` hides (`yes` and "true" are listed); so do `type: reference` and
        # `type: flow` (skill-type).
        hidden_when=(
            ("disable-model-invocation", True),
            ("type", "reference"),
            ("type", "flow"),
        ),
        format="kimi-skill-listing",
    ),
    activation=Activation(
        # CRLF is read as LF; the body is trimmed.
        format="kimi-skill-loaded",
        argument_placeholders="kimi-code",
        hidden_refusal=(
            'Skill "{name}" can only be triggered by the user (model invocation is disabled).'
        ),
        flag_refusals=tuple(
            (
                "type",
                kind,
                'Skill "{name}" is not an inline skill and cannot be invoked by the model in v1.',
            )
            for kind in ("reference", "flow")
        ),
    ),
    notes=(
        "Lists project, user, extra and built-in skills under a heading per scope, each "
        "group sorted by name (localeCompare): `- name: description`, a `When to use:` "
        "line, the `Path:` of the file; nothing escaped, a description over 250 characters "
        "cut to 247 and `...`. disable-model-invocation: true hides a skill, and its Skill "
        "tool then refuses it. The Skill tool answers that the skill was loaded and sends "
        "its body in a `<skill-loaded>` user message, with the arguments filled in: "
        "`$ARGUMENTS`, `$ARGUMENTS[N]`, `$N` (from 0, empty past the last word) and "
        "declared `$name`s, code included, no escape; `ARGUMENTS: ...` appended when "
        "nothing was filled; `${KIMI_SKILL_DIR}` is the skill's folder (for a `*.md` file "
        "directly in a root, a skill of its own, the root); `type: reference` and `type: flow` "
        "skills are refused (not inline). Seen in extra runs of the same version, not "
        "modelled: its user-only built-ins (`mcp-config`, `import-from-cc-codex`, ...) "
        "are never listed, so they are not in its built-in data. From its code, not "
        "observed: run in a sub-folder, it reads the project roots at the git root. In "
        "`-p` mode no prompt form activates a skill (the interactive commands "
        "`/skill:name` were not observed)."
    ),
    provenance=Provenance("observed", "Kimi Code CLI 2.1.0"),
    markup=shown_as_written("Kimi Code CLI 2.1.0"),
    mentions=MentionFacts(frozenset(), observed_in_probe("Kimi Code CLI 2.1.0")),
    install=AgentInstall(("kimi",), "@moonshot-ai/kimi-code"),
    mcp_skills=no_client_in("@moonshot-ai/kimi-code 2.1.0"),
)
