#!/usr/bin/env python3
"""Deterministic generator of realistic Agent Skills workspaces for benchmarks.

Writes N skill folders under a project root, in the layouts real projects use
(``.agents/skills/<name>/``, ``.claude/skills/<name>/``, ``.github/skills/<name>/``,
``skills/<name>/`` and the plugin layout ``plugins/<p>/skills/<name>/``). Each skill
has a ~75-line SKILL.md (frontmatter in the quoting styles seen in practice, a
Markdown body with headings, lists, code fences and relative links) plus the
``references/`` and ``scripts/`` files that the body links to.

A fixed share of the skills (10% by default) is broken in one known way each;
``manifest.json`` at the root lists every skill, and for the broken ones the kind
of breakage, so a benchmark can check that each tool found something there.

Same seed and count -> byte-identical output.

    python benchmarks/generate.py --count 1000 --seed 1 --out benchmarks/.work/check-1000
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / ".work" / "skills"

# ---------------------------------------------------------------------------
# Vocabulary (written for this generator; no text copied from real skills)
# ---------------------------------------------------------------------------

VERBS = [
    "analyze",
    "build",
    "check",
    "convert",
    "debug",
    "deploy",
    "draft",
    "extract",
    "format",
    "generate",
    "inspect",
    "lint",
    "merge",
    "migrate",
    "monitor",
    "plan",
    "profile",
    "refactor",
    "render",
    "review",
    "scaffold",
    "summarize",
    "sync",
    "test",
    "translate",
    "triage",
    "upgrade",
    "validate",
    "visualize",
    "write",
]
OBJECTS = [
    "api",
    "changelog",
    "chart",
    "commit",
    "config",
    "csv",
    "dashboard",
    "database",
    "docker",
    "docs",
    "email",
    "excel",
    "figma",
    "form",
    "graphql",
    "helm",
    "invoice",
    "issue",
    "json",
    "k8s",
    "log",
    "markdown",
    "metrics",
    "notebook",
    "pdf",
    "pptx",
    "pr",
    "query",
    "release",
    "schema",
    "slides",
    "spec",
    "sql",
    "terraform",
    "test",
    "ticket",
    "trace",
    "ui",
    "video",
    "web",
    "wiki",
    "xml",
    "yaml",
]
SUFFIXES = [
    "",
    "",
    "",
    "helper",
    "kit",
    "workflow",
    "assistant",
    "tools",
    "pro",
    "lite",
    "guide",
    "runner",
    "audit",
    "pipeline",
]
DOMAINS = [
    "spreadsheets",
    "pull requests",
    "cloud deployments",
    "PDF documents",
    "REST APIs",
    "database migrations",
    "release notes",
    "unit tests",
    "log files",
    "slide decks",
    "design files",
    "CI pipelines",
    "SQL queries",
    "Kubernetes manifests",
    "Terraform plans",
    "incident reports",
    "changelogs",
    "Jupyter notebooks",
    "GraphQL schemas",
    "Markdown docs",
]
TRIGGERS = [
    "the user asks to",
    "the user mentions",
    "working with",
    "a task involves",
    "someone needs to",
    "the conversation is about",
    "the user uploads files to",
]
CLIENT_TOOLS = [
    "Read",
    "Write",
    "Edit",
    "Grep",
    "Glob",
    "Bash(git:*)",
    "Bash(python:*)",
    "Bash(npm:*)",
    "WebFetch",
    "Bash(jq:*)",
]
LICENSES = ["MIT", "Apache-2.0", "Proprietary. LICENSE.txt has complete terms", "BSD-3-Clause"]
AUTHORS = ["platform-team", "docs-guild", "data-eng", "sre", "dev-experience", "acme-labs"]
LANGS = ["bash", "python", "json", "yaml", "text"]
WORDS = [
    "the",
    "a",
    "this",
    "each",
    "every",
    "input",
    "output",
    "file",
    "files",
    "step",
    "steps",
    "result",
    "results",
    "value",
    "values",
    "check",
    "run",
    "use",
    "keep",
    "make",
    "sure",
    "before",
    "after",
    "when",
    "then",
    "only",
    "never",
    "always",
    "table",
    "column",
    "row",
    "field",
    "report",
    "summary",
    "change",
    "changes",
    "error",
    "errors",
    "warning",
    "section",
    "page",
    "document",
    "template",
    "script",
    "command",
    "option",
    "flag",
    "path",
    "folder",
    "quickly",
    "carefully",
    "first",
    "next",
    "last",
    "small",
    "large",
    "new",
    "existing",
    "current",
    "local",
]

LAYOUTS = [
    # (weight, kind)
    (50, ".agents/skills"),
    (20, ".claude/skills"),
    (10, ".github/skills"),
    (10, "skills"),
    (10, "plugins"),
]

# Description quoting styles, weighted after the survey in the project docs
# (double 914, plain 367, single 309, folded 47, literal 11).
DESC_STYLES = [(55, "double"), (22, "plain"), (19, "single"), (3, "folded"), (1, "literal")]

BROKEN_KINDS = [
    "name-mismatch",  # name != folder
    "uppercase-name",  # name has capitals (folder the same)
    "missing-description",  # no description key
    "description-too-long",  # description > 1024 characters
    "unquoted-colon",  # plain description containing ": "
    "missing-reference",  # body links to a references/ file that does not exist
    "unknown-key",  # a key no client honours
    "invalid-name-chars",  # underscore in the name (folder the same)
    "consecutive-hyphens",  # "--" in the name (folder the same)
    "missing-name",  # no name key
    "unclosed-frontmatter",  # no closing ---
    "yaml-syntax-error",  # unterminated quoted scalar
    "name-too-long",  # 65+ characters (folder the same)
    "compatibility-too-long",  # compatibility > 500 characters
    "empty-description",  # description: ""
]


def weighted(rng: random.Random, table: list[tuple[int, str]]) -> str:
    total = sum(w for w, _ in table)
    x = rng.randrange(total)
    for w, v in table:
        if x < w:
            return v
        x -= w
    return table[-1][1]


def sentence(rng: random.Random, lo: int = 6, hi: int = 14) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(lo, hi))]
    return words[0].capitalize() + " " + " ".join(words[1:]) + "."


# ---------------------------------------------------------------------------
# One skill
# ---------------------------------------------------------------------------


@dataclass
class Skill:
    name: str  # the name written in frontmatter
    folder: str  # the folder name
    rel_dir: str  # folder path relative to the root
    broken: str | None = None
    refs: list[str] = field(default_factory=list)  # references/*.md that exist
    scripts: list[str] = field(default_factory=list)  # scripts/*.py that exist
    missing: list[str] = field(default_factory=list)  # links to files not written


def make_description(rng: random.Random, target_len: int | None = None) -> str:
    obj = rng.choice(DOMAINS)
    what = (
        f"{rng.choice(VERBS).capitalize()}s and {rng.choice(VERBS)}s {obj}, "
        f"producing {rng.choice(['a report', 'a summary', 'clean output', 'a checklist', 'fixes'])}"
    )
    when = f"Use when {rng.choice(TRIGGERS)} {rng.choice(VERBS)} {obj}"
    desc = f"{what}. {when}."
    extra = 0 if rng.random() < 0.5 else rng.randint(1, 4)
    for _ in range(extra):
        desc += " " + sentence(rng)
    if target_len is not None:
        while len(desc) < target_len:
            desc += " " + sentence(rng, 10, 20)
    return desc


def yaml_double(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def yaml_single(s: str) -> str:
    return "'" + s.replace("'", "''") + "'"


def wrap(text: str, width: int = 76) -> list[str]:
    lines: list[str] = []
    cur = ""
    for w in text.split():
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        lines.append(cur)
    return lines


def description_lines(rng: random.Random, desc: str, style: str) -> list[str]:
    if style == "plain":
        # A plain scalar must not contain ": " or " #" nor start with an indicator.
        return ["description: " + desc.replace(": ", " - ").replace(" #", " ")]
    if style == "double":
        return ["description: " + yaml_double(desc)]
    if style == "single":
        return ["description: " + yaml_single(desc)]
    if style == "folded":
        head = rng.choice([">", ">-"])
        return ["description: " + head] + ["  " + ln for ln in wrap(desc)]
    # literal
    return ["description: |"] + ["  " + ln for ln in wrap(desc)]


def frontmatter(rng: random.Random, sk: Skill) -> list[str]:
    kind = sk.broken
    lines: list[str] = []
    if kind != "missing-name":
        lines.append(f"name: {sk.name}")

    style = weighted(rng, DESC_STYLES)
    if kind == "description-too-long":
        desc = make_description(rng, target_len=rng.randint(1100, 1900))
        lines += description_lines(rng, desc, rng.choice(["double", "single"]))
    elif kind == "unquoted-colon":
        desc = make_description(rng)
        desc = desc.replace(". Use when", ". Note: use when", 1)
        if ": " not in desc:
            desc = "Note: " + desc
        lines.append("description: " + desc)
    elif kind == "empty-description":
        lines.append('description: ""')
    elif kind == "yaml-syntax-error":
        desc = make_description(rng)
        lines.append('description: "' + desc.replace('"', ""))  # never closed
    elif kind != "missing-description":
        lines += description_lines(rng, make_description(rng), style)

    if rng.random() < 0.15:
        lines.append(f"license: {rng.choice(LICENSES)}")
    if kind == "compatibility-too-long":
        comp = "Requires " + " ".join(sentence(rng, 12, 20) for _ in range(8))
        while len(comp) <= 520:
            comp += " " + sentence(rng)
        lines.append("compatibility: " + yaml_double(comp))
    elif rng.random() < 0.03:
        lines.append("compatibility: Requires Python 3.10+ and network access")
    if rng.random() < 0.12:
        lines.append("metadata:")
        lines.append(f"  author: {rng.choice(AUTHORS)}")
        lines.append(f'  version: "{rng.randint(0, 3)}.{rng.randint(0, 9)}.{rng.randint(0, 9)}"')
        if rng.random() < 0.4:
            lines.append(
                "  short-description: "
                + yaml_double(f"{rng.choice(VERBS).capitalize()} {rng.choice(DOMAINS)}")
            )
    if rng.random() < 0.06:
        tools = rng.sample(CLIENT_TOOLS, rng.randint(2, 4))
        lines.append("allowed-tools: " + " ".join(tools))
    if kind == "unknown-key":
        lines.append(f"owner-team: {rng.choice(AUTHORS)}")
    return lines


def body(rng: random.Random, sk: Skill, target_lines: int) -> list[str]:
    title = " ".join(w.capitalize() for w in sk.folder.replace("_", "-").split("-") if w)
    out: list[str] = [f"# {title}", "", sentence(rng, 12, 22), ""]

    links: list[tuple[str, str]] = [(f"references/{r}", r) for r in sk.refs]
    links += [(f"references/{m}", m) for m in sk.missing]
    script_links = [f"scripts/{s}" for s in sk.scripts]

    out += ["## When to use", ""]
    for _ in range(rng.randint(3, 5)):
        out.append(f"- {sentence(rng, 5, 10)}")
    out.append("")

    out += ["## Quick start", ""]
    for i in range(rng.randint(3, 5)):
        out.append(f"{i + 1}. {sentence(rng, 6, 12)}")
    out.append("")
    if script_links:
        s = script_links[0]
        out += ["```bash", f"python {s} --input data/input.json --out report.md", "```", ""]

    step = 0
    while len(out) < target_lines - 12:
        step += 1
        out += [f"## Step {step}: {rng.choice(VERBS).capitalize()} the {rng.choice(OBJECTS)}", ""]
        out += wrap(" ".join(sentence(rng) for _ in range(rng.randint(2, 4))))
        out.append("")
        roll = rng.random()
        if roll < 0.35:
            lang = rng.choice(LANGS)
            out.append(f"```{lang}")
            for _ in range(rng.randint(3, 7)):
                if lang == "python":
                    out.append(
                        f"result = {rng.choice(VERBS)}_{rng.choice(OBJECTS)}(path, strict=True)"
                    )
                elif lang == "json":
                    out.append(f'  "{rng.choice(OBJECTS)}": {rng.randint(0, 999)},')
                elif lang == "yaml":
                    out.append(f"{rng.choice(OBJECTS)}: {rng.choice(WORDS)}")
                else:
                    out.append(f"{rng.choice(VERBS)} --{rng.choice(OBJECTS)} ./{rng.choice(WORDS)}")
            out += ["```", ""]
        elif roll < 0.7:
            for _ in range(rng.randint(3, 6)):
                out.append(f"- **{rng.choice(WORDS).capitalize()}**: {sentence(rng, 4, 9)}")
            out.append("")
        else:
            out += ["| Option | Meaning |", "| --- | --- |"]
            for _ in range(rng.randint(2, 4)):
                out.append(f"| `--{rng.choice(OBJECTS)}` | {sentence(rng, 3, 7)} |")
            out.append("")
        if links and rng.random() < 0.6:
            target, label = links.pop(0)
            out += [f"See [{label}]({target}) for the details.", ""]
        elif script_links[1:] and rng.random() < 0.4:
            out += [f"Run `{script_links.pop(1)}` to automate this step.", ""]

    # Whatever was not linked yet goes into a resources list (missing links included).
    tail = [f"- [{label}]({target})" for target, label in links]
    tail += [f"- `{s}`" for s in script_links[1:]]
    if tail:
        out += ["## Resources", "", *tail, ""]
    out += ["## Notes", "", sentence(rng, 8, 16)]
    return out


def reference_file(rng: random.Random, title: str) -> str:
    lines = [f"# {title}", ""]
    for i in range(rng.randint(3, 6)):
        lines += [f"## Part {i + 1}", "", *wrap(" ".join(sentence(rng) for _ in range(4))), ""]
    return "\n".join(lines) + "\n"


def script_file(rng: random.Random, name: str) -> str:
    fn = f"{rng.choice(VERBS)}_{rng.choice(OBJECTS)}"
    return f'''#!/usr/bin/env python3
"""{sentence(rng, 5, 10)}"""

import argparse
import json
import sys


def {fn}(path: str, strict: bool = False) -> dict:
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    if strict and not data:
        raise SystemExit("{name}: empty input")
    return {{"items": len(data), "strict": strict}}


def main() -> int:
    parser = argparse.ArgumentParser(description="{name}")
    parser.add_argument("--input", required=True)
    parser.add_argument("--out", default="-")
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()
    result = {fn}(args.input, args.strict)
    json.dump(result, sys.stdout, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
'''


def skill_md(rng: random.Random, sk: Skill, target_lines: int = 75) -> str:
    fm = frontmatter(rng, sk)
    head = ["---", *fm]
    if sk.broken != "unclosed-frontmatter":
        head.append("---")
    head.append("")
    b = body(rng, sk, max(20, target_lines - len(head)))
    return "\n".join(head + b) + "\n"


# ---------------------------------------------------------------------------
# The workspace
# ---------------------------------------------------------------------------


def unique_name(rng: random.Random, used: set[str]) -> str:
    while True:
        parts = [rng.choice(VERBS), rng.choice(OBJECTS)]
        suf = rng.choice(SUFFIXES)
        if suf:
            parts.append(suf)
        name = "-".join(parts)
        if name in used:
            name = f"{name}-{len(used)}"
        if name not in used:
            used.add(name)
            return name


LAYOUT_CHOICES = ("mixed", "flat", "spread", "clients")
CLIENT_DIRS = (".agents/skills", ".claude/skills", ".github/skills")


def plan(count: int, seed: int, broken_ratio: float, layout: str = "mixed") -> list[Skill]:
    rng = random.Random(seed)
    used: set[str] = set()
    n_broken = round(count * broken_ratio)
    broken_idx = sorted(rng.sample(range(count), n_broken)) if n_broken else []
    broken_at = {i: BROKEN_KINDS[k % len(BROKEN_KINDS)] for k, i in enumerate(broken_idx)}
    plugin_names = [f"{rng.choice(OBJECTS)}-plugin" for _ in range(8)]
    skills: list[Skill] = []
    for i in range(count):
        name = unique_name(rng, used)
        kind = broken_at.get(i)
        folder = name
        written = name
        if kind == "name-mismatch":
            written = name + "-v2"
        elif kind == "uppercase-name":
            folder = written = "".join(p.capitalize() for p in name.split("-"))
        elif kind == "invalid-name-chars":
            folder = written = name.replace("-", "_")
        elif kind == "consecutive-hyphens":
            folder = written = name.replace("-", "--", 1)
        elif kind == "name-too-long":
            long = name + "-" + "-".join(rng.choice(OBJECTS) for _ in range(20))
            folder = written = long[:70].rstrip("-")
        # Drawn in every layout, so that names and contents do not depend on the layout.
        where = weighted(rng, LAYOUTS)
        plugin = rng.choice(plugin_names)
        if layout == "flat":
            rel = f".agents/skills/{folder}"
        elif layout == "clients":
            rel = f"{where if where in CLIENT_DIRS else CLIENT_DIRS[0]}/{folder}"
        elif layout == "spread":
            rel = f"plugins/plugin-{i // 10:03d}/skills/{folder}"
        elif where == "plugins":
            rel = f"plugins/{plugin}/skills/{folder}"
        else:
            rel = f"{where}/{folder}"
        sk = Skill(name=written, folder=folder, rel_dir=rel, broken=kind)
        n_refs = rng.choice([0, 1, 1, 2, 2, 3])
        n_scripts = rng.choice([0, 0, 1, 1, 2])
        ref_pool = [
            "api.md",
            "examples.md",
            "reference.md",
            "troubleshooting.md",
            "formats.md",
            "forms.md",
        ]
        sk.refs = sorted(rng.sample(ref_pool, n_refs))
        script_pool = ["run.py", "validate.py", "extract.py", "convert.py", "report.py"]
        sk.scripts = sorted(rng.sample(script_pool, n_scripts))
        if kind == "missing-reference":
            sk.missing = ["missing-guide.md"]
        skills.append(sk)
    return skills


def generate(
    out: Path,
    count: int = 1000,
    seed: int = 1,
    broken_ratio: float = 0.10,
    lines: int = 75,
    clean: bool = True,
    git: bool = True,
    layout: str = "mixed",
) -> dict:
    """Write the workspace to ``out`` and return its manifest (also written to manifest.json)."""
    out = Path(out)
    if clean and out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)
    skills = plan(count, seed, broken_ratio, layout)
    for idx, sk in enumerate(skills):
        rng = random.Random(f"{seed}:{idx}")
        d = out / sk.rel_dir
        d.mkdir(parents=True, exist_ok=True)
        (d / "SKILL.md").write_text(skill_md(rng, sk, lines), encoding="utf-8")
        if sk.refs:
            (d / "references").mkdir(exist_ok=True)
            for r in sk.refs:
                (d / "references" / r).write_text(
                    reference_file(rng, r[:-3].title()), encoding="utf-8"
                )
        if sk.scripts:
            (d / "scripts").mkdir(exist_ok=True)
            for s in sk.scripts:
                (d / "scripts" / s).write_text(script_file(rng, s), encoding="utf-8")
    (out / "README.md").write_text(
        "# Generated benchmark project\n\nSkills live under `.agents/skills`, `.claude/skills`,"
        " `.github/skills`, `skills/` and `plugins/*/skills`.\n",
        encoding="utf-8",
    )
    (out / ".gitignore").write_text("node_modules/\n__pycache__/\n", encoding="utf-8")
    if git and shutil.which("git") and not (out / ".git").exists():
        # A project root of its own, so tools that honour .gitignore stop here and do not
        # apply the outer repository's ignore rules (which ignore the benchmarks work dir).
        subprocess.run(["git", "init", "-q", str(out)], check=False)
    manifest = {
        "generator": "benchmarks/generate.py",
        "seed": seed,
        "count": count,
        "broken_ratio": broken_ratio,
        "lines": lines,
        "layout": layout,
        "skills": [{"dir": sk.rel_dir, "name": sk.name, "broken": sk.broken} for sk in skills],
        "broken": [{"dir": sk.rel_dir, "kind": sk.broken} for sk in skills if sk.broken],
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def single_skill_md(lines: int, seed: int = 7, name: str = "bench-skill") -> str:
    """One valid SKILL.md of about ``lines`` lines (for the editor benchmarks)."""
    rng = random.Random(f"single:{seed}:{lines}")
    sk = Skill(name=name, folder=name, rel_dir=name, refs=["reference.md"], scripts=["run.py"])
    out = skill_md(rng, sk, lines).rstrip("\n").split("\n")
    while len(out) < lines:
        out += ["", sentence(rng, 8, 16)] if len(out) + 2 <= lines else [sentence(rng, 8, 16)]
    return "\n".join(out[:lines]) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", "-n", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--broken-ratio", type=float, default=0.10)
    ap.add_argument("--lines", type=int, default=75, help="target SKILL.md length in lines")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument(
        "--layout",
        choices=LAYOUT_CHOICES,
        default="mixed",
        help="mixed: .agents/.claude/.github/skills + plugins (default); "
        "flat: all under .agents/skills; spread: plugins/plugin-NNN/skills, 10 per folder; "
        "clients: only the folders clients discover (.agents/.claude/.github/skills)",
    )
    ap.add_argument("--no-git", action="store_true", help="do not `git init` the root")
    args = ap.parse_args(argv)
    m = generate(
        args.out,
        args.count,
        args.seed,
        args.broken_ratio,
        args.lines,
        git=not args.no_git,
        layout=args.layout,
    )
    kinds: dict[str, int] = {}
    for b in m["broken"]:
        kinds[b["kind"]] = kinds.get(b["kind"], 0) + 1
    print(f"wrote {m['count']} skills ({len(m['broken'])} broken) to {args.out}", file=sys.stderr)
    for k in sorted(kinds):
        print(f"  {k}: {kinds[k]}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
