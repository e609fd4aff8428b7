"""Kilo Code CLI (`kilo`), observed in the client lab (`clientlab/`): every fact was seen in
the real agent at the version its provenance names, and `tests/lab/` replays it byte
for byte. An OpenCode fork: its row is OpenCode's with what the lab saw differ (roots, the
clash note, `!`command`` lines); every other fact was observed to be the same."""

from __future__ import annotations

from dataclasses import replace

from skill_ls.clients.agents import opencode
from skill_ls.clients.install_facts import AgentInstall
from skill_ls.clients.markup_facts import MarkupFacts, observed_in_lab
from skill_ls.clients.mcp_skills import no_client_in
from skill_ls.clients.mention_forms import MentionFacts, observed_in_probe
from skill_ls.clients.provenance import Provenance

KILO_UNTRUSTED_NOTICE = "[skill shell execution disabled for untrusted skill]"

CLIENT = replace(
    opencode.CLIENT,
    id="kilo",
    name="Kilo Code CLI",
    discovery=replace(
        opencode.CLIENT.discovery,
        # ~/.claude/skills and ~/.agents/skills, then .claude/skills and .agents/skills in the
        # project and its ancestors up to the git root, then `{skill,skills}` in Kilo's own
        # folders: the project's .kilocode and .kilo, ~/.config/kilo, ~/.kilocode, ~/.kilo (not
        # OpenCode's). Every SKILL.md below a root is read, also below another skill.
        project_roots=(
            ".claude/skills",
            ".agents/skills",
            ".kilocode/skill",
            ".kilocode/skills",
            ".kilo/skill",
            ".kilo/skills",
        ),
        user_roots=(
            "~/.claude/skills",
            "~/.agents/skills",
            "$XDG_CONFIG_HOME/kilo/skill",
            "$XDG_CONFIG_HOME/kilo/skills",
            "~/.kilocode/skill",
            "~/.kilocode/skills",
            "~/.kilo/skill",
            "~/.kilo/skills",
        ),
    ),
    clashes=replace(
        opencode.CLIENT.clashes,
        clash_note="Kilo loads skills concurrently, as OpenCode does; any of the copies may win",
    ),
    notes=(
        "An OpenCode fork that reads skills as OpenCode does (a name clash is a race; no "
        "`name`: skipped; no `description`: loaded but not listed; catalog sorted by name, "
        "nothing escaped) from its own folders (.kilocode, .kilo, ~/.config/kilo) besides "
        ".claude and .agents, with a built-in `kilo-config` skill. Observed in the 7.7.9 "
        "binary (@kilocode/cli-linux-x64, the newest published) that @kilocode/cli 7.8.1 "
        "runs: no 7.8.1 binary is published for linux-x64. Every root is in the lab's "
        "`roots` scenario."
    ),
    provenance=Provenance("observed", "Kilo Code CLI 7.7.9"),
    markup=MarkupFacts(
        frontmatter_comments_reach_model=False,
        trailing_comment_in_description=False,
        body_html_comments_reach_model=True,
        shell_commands="notice",
        shell_syntax="kilo",
        shell_notice=KILO_UNTRUSTED_NOTICE,
        # Cited from its bundle (SkillInject): skills of the user's global roots (and its
        # built-ins) are trusted; their commands run after an interactive approval. A probe
        # with the lab's skill in ~/.agents/skills got no activation text in `kilo run`,
        # which cannot give that approval. The lab's scenarios hold project skills.
        shell_trusted_scopes=frozenset({"user", "builtin"}),
        provenance=observed_in_lab("Kilo Code CLI 7.7.9"),
    ),
    mentions=MentionFacts(frozenset(), observed_in_probe("Kilo Code CLI 7.7.9")),
    install=AgentInstall(("kilo", "kilocode"), "@kilocode/cli", observed_package_version="7.8.1"),
    mcp_skills=no_client_in("@kilocode/cli 7.8.1 with @kilocode/cli-linux-x64 7.7.9"),
)
