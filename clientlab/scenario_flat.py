"""Flat skills: a `*.md` file directly in a skill root, which Kimi Code CLI loads as a skill
of its own (and pi, in its `.pi` roots only). `flat-files` asks what counts and how such a
file is named and described; `flat-clash` sets flat files against folder skills and other
flat files of the same name, within a root, across roots and across scopes."""

from __future__ import annotations

from clientlab.scenario_model import Scenario, skill

# A first line of 317 characters (Kimi cuts a description taken from the body at 240).
_LONG_LINE = ("Long first line of a flat skill that runs on and on. " * 6).strip()
_LONG_DESCRIPTION = ("A long flat description that keeps going and going. " * 6).strip()

_FLAT_FILES = {
    # No frontmatter: blank lines, then a heading with spaces around it.
    "{project}/plain.md": "\n   \n#  Plain heading  \nSecond line of the body.\n"
    "Dir: ${KIMI_SKILL_DIR}\n",
    "{project}/named.md": "---\nname: flat-named\ndescription: A flat file whose name field "
    "differs.\n---\nBody of named.\n",
    "{project}/README.md": "Readme first line.\n",
    "{project}/upper.MD": "Upper-case extension first line.\n",
    "{project}/.hidden.md": "Dot file first line.\n",
    "{project}/group/deeper.md": "One folder below the root.\n",
    "{project}/spaced.md": "---\nname: Has Spaces Here\n---\nSpaced body line.\n",
    "{project}/numname.md": "---\nname: 123\ndescription: 456\n---\nNumeric fields body.\n",
    "{project}/empty.md": "",
    "{project}/blank.md": "\n   \n\n",
    "{project}/blank-desc.md": '---\ndescription: "  "\n---\n\nAfter frontmatter line.\n',
    "{project}/fm-no-body.md": "---\nname: fm-no-body\n---\n",
    "{project}/long-line.md": _LONG_LINE + "\n",
    "{project}/long-desc.md": f"---\ndescription: {_LONG_DESCRIPTION}\n---\nLong desc body.\n",
    "{project}/colon.md": "---\ndescription: Has an unquoted: colon\n---\nColon body.\n",
    "{project}/unclosed.md": "---\nname: unclosed\nUnclosed body.\n",
    "{project}/scalar.md": "---\njust a string\n---\nScalar body.\n",
    "{project}/late-fence.md": "\n---\nname: late\ndescription: Late.\n---\nLate body.\n",
    "{project}/dmi.md": "---\ndisable-model-invocation: true\n---\nHidden flat body.\n",
    "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
    ".agents/skills/proj-agents-flat.md": "Project .agents flat first line.\n",
    "~/.kimi-code/skills/user-kimi-flat.md": "User .kimi-code flat first line.\n",
    "~/.agents/skills/user-agents-flat.md": "User .agents flat first line.\n",
}

_FLAT_CLASH_FILES = {
    # Beside a folder of the same name (exact case): the flat file is not read at all.
    "{project}/foo.md": "Flat foo first line.\n",
    "{project}/foo/SKILL.md": skill("foo", "Folder foo."),
    "{project}/broken.md": "Flat broken first line.\n",
    "{project}/broken/SKILL.md": skill("broken", None),
    # The same name otherwise: the root's skill folders come first, then its flat files,
    # then the skills deeper down.
    "{project}/Bar.md": "Flat Bar first line.\n",
    "{project}/bar/SKILL.md": skill("bar", "Folder bar."),
    "{project}/alias.md": "---\nname: baz\ndescription: Flat alias named baz.\n---\nAlias body.\n",
    "{project}/baz/SKILL.md": skill("baz", "Folder baz."),
    "{project}/zzz.md": "---\nname: early\ndescription: Flat zzz named early.\n---\nZzz body.\n",
    "{project}/early/SKILL.md": skill("early", "Folder early."),
    "{project}/nest.md": "Flat nest first line.\nNest body.\n",
    "{project}/group/nest/SKILL.md": skill("nest", "Nested folder nest."),
    # Across roots and scopes.
    "{project}/cross.md": "Flat cross in the project.\n",
    "~/.kimi-code/skills/cross/SKILL.md": skill("cross", "User folder cross."),
    "{project}/Upper.md": "Flat Upper in the project.\n",
    "~/.agents/skills/upper/SKILL.md": skill("upper", "User folder upper."),
    "{project}/pb.md": "Flat pb in .kimi-code.\n",
    ".agents/skills/pb/SKILL.md": skill("pb", "Folder pb in project .agents."),
    "{project}/twoflat.md": "Flat twoflat in .kimi-code.\n",
    ".agents/skills/twoflat.md": "Flat twoflat in .agents.\n",
    "~/.kimi-code/skills/userdup.md": "Userdup in ~/.kimi-code.\n",
    "~/.agents/skills/userdup.md": "Userdup in ~/.agents.\n",
    "~/.kimi-code/skills/ufirst.md": "Flat ufirst in ~/.kimi-code.\n",
    "~/.agents/skills/ufirst/SKILL.md": skill("ufirst", "Folder ufirst in ~/.agents."),
}

# A SKILL.md directly in a root (the root itself as a skill folder), beside skill folders.
_ROOT_SKILL_FILES = {
    "{project}/SKILL.md": skill("root-skill", "A SKILL.md directly in the project root."),
    "{project}/control/SKILL.md": skill("control", "A plain, valid skill."),
    "{project}/group/deep/SKILL.md": skill("deep", "Two folders below the root."),
    "~/.agents/skills/SKILL.md": skill(None, "A nameless SKILL.md in the user .agents root."),
    "~/.claude/skills/SKILL.md": skill(None, "A nameless SKILL.md in the user .claude root."),
}

FLAT_SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        "flat-files",
        "`*.md` files directly in a root: which count, how each is named and described",
        _FLAT_FILES,
        activate="plain",
    ),
    Scenario(
        "flat-clash",
        "flat `*.md` files against folder skills and flat files of the same name",
        _FLAT_CLASH_FILES,
        activate="nest",
    ),
    Scenario(
        "root-skill-md",
        "a SKILL.md directly in a project root and, without `name`, in two user roots",
        _ROOT_SKILL_FILES,
        activate="root-skill",
    ),
)
