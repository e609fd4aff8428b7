#!/usr/bin/env python3
"""Runs skill-ls, agnix and skills-ref over the real-skill corpus and compares their findings.

    python benchmarks/corpus/build.py COPIES      # first: rebuild the corpus
    python benchmarks/corpus/report.py            # then: run the three tools, print the report

The peers are the pinned ones of benchmarks/bench_check.py, installed into its peers venv
(benchmarks/.work/peers-venv). skills-ref reports messages, not codes, so each message is
given a short rule name (SR-...) from its wording.

It prints, per tool and rule, the findings by severity and the skills they fall in; then,
skill folder by skill folder, where the tools disagree on error-level verdicts: each
skill-ls error rule with the skills that neither peer gives an error, and each peer error
rule with the skills where skill-ls raises no error. Results, counts and corpus-relative
paths only (never skill text or messages), go to benchmarks/results/corpus.json.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
BENCH = HERE.parent
REPO = BENCH.parent
sys.path.insert(0, str(BENCH))
import bench_check  # noqa: E402

CORPUS = BENCH / ".work" / "corpus"
OUT_DIR = BENCH / ".work" / "corpus-out"
RESULTS = BENCH / "results" / "corpus.json"
TOOLS = ("skill-ls", "agnix", "skills-ref")
OUTSIDE = "(outside a skill folder)"

# skills-ref message -> rule name (first match wins).
SKILLS_REF_RULES: tuple[tuple[str, str], ...] = (
    (r"^Invalid YAML", "SR-yaml-invalid"),
    (r"^Unexpected fields", "SR-unexpected-fields"),
    (r"frontmatter", "SR-frontmatter"),
    (r"^Skill name .* must be lowercase", "SR-name-lowercase"),
    (r"^Skill name .* invalid characters", "SR-name-charset"),
    (r"^Skill name .* (start|end)", "SR-name-hyphens"),
    (r"^Skill name .* consecutive", "SR-name-hyphens"),
    (r"^Skill name .* exceeds", "SR-name-length"),
    (r"^Directory name .* must match", "SR-name-folder-mismatch"),
    (r"^Description exceeds", "SR-description-length"),
    (r"[Dd]escription", "SR-description"),
    (r"[Cc]ompatibility", "SR-compatibility"),
    (r"SKILL\.md", "SR-skill-md"),
    (r"name", "SR-name"),
)


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


@dataclass(frozen=True)
class Finding:
    tool: str
    rule: str
    severity: str
    file: str  # relative to the corpus
    skill: str  # skill folder relative to the corpus, or OUTSIDE


def skills_ref_rule(message: str) -> str:
    for pattern, rule in SKILLS_REF_RULES:
        if re.search(pattern, message):
            return rule
    return "SR-other"


def skill_folders(corpus: Path) -> set[str]:
    found: set[str] = set()
    for dirpath, dirnames, filenames in os.walk(corpus):
        dirnames[:] = [d for d in dirnames if d not in (".git", "node_modules")]
        if any(f.lower() == "skill.md" for f in filenames):
            found.add(Path(dirpath).relative_to(corpus).as_posix())
    return found


def relative(file: str, corpus: Path) -> str:
    if file.startswith("file://"):
        from urllib.parse import unquote, urlparse

        file = unquote(urlparse(file).path)
    p = Path(file)
    if not p.is_absolute():
        p = corpus / p
    try:
        return Path(os.path.normpath(p)).relative_to(corpus).as_posix()
    except ValueError:
        return OUTSIDE  # a project-level finding (agnix reports one on the enclosing repository)


def owning_skill(rel: str, folders: set[str]) -> str:
    parent = rel
    if rel == OUTSIDE:
        return OUTSIDE
    while parent not in ("", "."):
        parent = os.path.dirname(parent)
        if parent in folders:
            return parent
    return OUTSIDE


def collection_of(path: str) -> str:
    return path.split("/", 1)[0]


# ---------------------------------------------------------------------------
# Running the tools
# ---------------------------------------------------------------------------


def run_tool(cmd: list[str], out: Path, corpus: Path) -> dict[str, Any]:
    t0 = time.perf_counter()
    with open(out, "wb") as stdout, open(out.with_suffix(".stderr"), "wb") as stderr:
        r = subprocess.run(cmd, stdout=stdout, stderr=stderr, cwd=corpus, check=False)
    return {"exit": r.returncode, "wall_s": round(time.perf_counter() - t0, 2)}


def read_skill_ls(text: str, corpus: Path, folders: set[str]) -> list[Finding]:
    doc = json.loads(text)
    out = []
    for d in doc["diagnostics"]:
        rel = relative(d["path"], corpus)
        out.append(Finding("skill-ls", d["code"], d["severity"], rel, owning_skill(rel, folders)))
    return out


def read_agnix(text: str, corpus: Path, folders: set[str]) -> list[Finding]:
    doc = json.loads(text)
    out = []
    for d in doc["diagnostics"]:
        rel = relative(d["file"], corpus)
        sev = {"warn": "warning"}.get(d["level"], d["level"])
        out.append(Finding("agnix", d["rule"], sev, rel, owning_skill(rel, folders)))
    return out


def read_skills_ref(text: str) -> list[Finding]:
    doc = json.loads(text)
    out = []
    for folder, messages in doc["errors"].items():
        for m in messages:
            out.append(
                Finding("skills-ref", skills_ref_rule(m), "error", f"{folder}/SKILL.md", folder)
            )
    for folder in doc["crashes"]:
        out.append(Finding("skills-ref", "SR-crash", "error", f"{folder}/SKILL.md", folder))
    return out


def run_all(
    corpus: Path, skill_ls_cmd: str | None, install: bool
) -> tuple[dict[str, list[Finding]], dict[str, Any]]:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    folders = skill_folders(corpus)
    peers = bench_check.ensure_peers(bench_check.PEERS_VENV, install=install)
    meta: dict[str, Any] = {"versions": {}, "runs": {}, "skills": len(folders)}
    findings: dict[str, list[Finding]] = {}

    sl = bench_check.skill_ls_command(skill_ls_cmd)
    if sl:
        out = OUT_DIR / "skill-ls.json"
        meta["runs"]["skill-ls"] = run_tool(
            [*sl, "check", ".", "--format", "json", "--no-progress"], out, corpus
        )
        meta["versions"]["skill-ls"] = bench_check.skill_ls_version(sl)
        findings["skill-ls"] = read_skill_ls(out.read_text(encoding="utf-8"), corpus, folders)
    agnix = bench_check.PEERS_VENV / "bin" / "agnix"
    if peers.get("agnix") and agnix.exists():
        out = OUT_DIR / "agnix.json"
        meta["runs"]["agnix"] = run_tool([str(agnix), ".", "--format", "json"], out, corpus)
        meta["versions"]["agnix"] = peers["agnix"]
        findings["agnix"] = read_agnix(out.read_text(encoding="utf-8"), corpus, folders)
    if peers.get("skills-ref"):
        out = OUT_DIR / "skills-ref.json"
        py = bench_check.PEERS_VENV / "bin" / "python"
        loop = BENCH / "_skills_ref_loop.py"
        meta["runs"]["skills-ref"] = run_tool([str(py), str(loop), "."], out, corpus)
        meta["versions"]["skills-ref"] = peers["skills-ref"]
        findings["skills-ref"] = read_skills_ref(out.read_text(encoding="utf-8"))
    for tool in TOOLS:
        if tool not in findings:
            log(f"NOTE: {tool} could not be run; left out of the comparison")
    meta["skill_folders"] = sorted(folders)
    return findings, meta


# ---------------------------------------------------------------------------
# Comparing
# ---------------------------------------------------------------------------


def rule_table(findings: list[Finding]) -> dict[str, dict[str, Any]]:
    table: dict[str, dict[str, Any]] = {}
    for f in findings:
        row = table.setdefault(
            f.rule,
            {"findings": 0, "by_severity": Counter(), "skills": set(), "by_collection": Counter()},
        )
        row["findings"] += 1
        row["by_severity"][f.severity] += 1
        row["skills"].add(f.skill)
        row["by_collection"][collection_of(f.file)] += 1
    return {
        rule: {
            "findings": row["findings"],
            "by_severity": dict(sorted(row["by_severity"].items())),
            "skills": len(row["skills"] - {OUTSIDE}),
            "outside_skill_folders": sum(
                1 for f in findings if f.rule == rule and f.skill == OUTSIDE
            ),
            "by_collection": dict(sorted(row["by_collection"].items())),
        }
        for rule, row in sorted(table.items())
    }


def error_skills(findings: list[Finding]) -> dict[str, set[str]]:
    """skill folder -> the error rules raised in it."""
    out: dict[str, set[str]] = defaultdict(set)
    for f in findings:
        if f.severity == "error" and f.skill != OUTSIDE:
            out[f.skill].add(f.rule)
    return out


def any_skills(findings: list[Finding]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = defaultdict(set)
    for f in findings:
        if f.skill != OUTSIDE:
            out[f.skill].add(f.rule)
    return out


def compare(findings: dict[str, list[Finding]], folders: list[str]) -> dict[str, Any]:
    tools = [t for t in TOOLS if t in findings]
    errors = {t: error_skills(findings[t]) for t in tools}
    anything = {t: any_skills(findings[t]) for t in tools}
    flagged = {t: set(errors[t]) for t in tools}

    combos: Counter[str] = Counter()
    for skill in folders:
        key = "+".join(t for t in tools if skill in flagged[t]) or "none"
        combos[key] += 1

    pairs: dict[str, Any] = {}
    for i, a in enumerate(tools):
        for b in tools[i + 1 :]:
            both = flagged[a] & flagged[b]
            either = flagged[a] | flagged[b]
            agree = len(folders) - len(either - both)
            pairs[f"{a} vs {b}"] = {
                "both_error": len(both),
                f"only_{a}": len(flagged[a] - flagged[b]),
                f"only_{b}": len(flagged[b] - flagged[a]),
                "same_verdict": agree,
                "same_verdict_share": round(agree / len(folders), 4) if folders else None,
            }

    per_rule: dict[str, dict[str, Any]] = {}
    for tool in tools:
        others = [t for t in tools if t != tool]
        rules: dict[str, dict[str, Any]] = {}
        for skill, codes in errors[tool].items():
            for rule in codes:
                row = rules.setdefault(
                    rule,
                    {
                        "skills": 0,
                        **{f"also_error_in_{o}": 0 for o in others},
                        **{f"any_finding_in_{o}": 0 for o in others},
                        "no_other_error": [],
                        "co_occurring": {o: Counter() for o in others},
                    },
                )
                row["skills"] += 1
                for o in others:
                    if skill in errors[o]:
                        row[f"also_error_in_{o}"] += 1
                        row["co_occurring"][o].update(errors[o][skill])
                    if skill in anything[o]:
                        row[f"any_finding_in_{o}"] += 1
                if not any(skill in errors[o] for o in others):
                    row["no_other_error"].append(skill)
        for row in rules.values():
            row["no_other_error"].sort()
            row["co_occurring"] = {
                o: dict(sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[:5])
                for o, c in row["co_occurring"].items()
            }
        per_rule[tool] = dict(sorted(rules.items()))

    # skill-ls's view of the peers' errors: where it raises no error at all.
    missed: dict[str, dict[str, list[str]]] = {}
    if "skill-ls" in tools:
        for peer in (t for t in tools if t != "skill-ls"):
            by_rule: dict[str, list[str]] = defaultdict(list)
            for skill, codes in errors[peer].items():
                if skill not in errors["skill-ls"]:
                    for rule in codes:
                        by_rule[rule].append(skill)
            missed[peer] = {r: sorted(s) for r, s in sorted(by_rule.items())}

    return {
        "skills_with_an_error": {t: len(flagged[t]) for t in tools},
        "error_verdict_combinations": dict(combos.most_common()),
        "pairwise": pairs,
        "error_rules": per_rule,
        "peer_errors_without_skill_ls_error": missed,
    }


# ---------------------------------------------------------------------------
# Printing
# ---------------------------------------------------------------------------


def print_report(doc: dict[str, Any], show: int) -> None:
    corpus = doc["corpus"]
    print(f"Corpus: {corpus['skills']} skills in {len(corpus['collections'])} collections")
    for tool, v in doc["versions"].items():
        print(f"  {tool:10} {v}")
    print("\nFindings per tool and severity")
    for tool, t in doc["tools"].items():
        sev = ", ".join(f"{k} {n}" for k, n in t["by_severity"].items())
        n = t["skills_with_an_error"]
        print(f"  {tool:10} {t['findings']:6}  ({sev}); skills with an error: {n}")

    print("\nPer rule: findings (by severity) and skills")
    for tool, t in doc["tools"].items():
        print(f"  {tool}")
        for rule, row in t["rules"].items():
            sev = " ".join(f"{k}={n}" for k, n in row["by_severity"].items())
            out = (
                f", {row['outside_skill_folders']} outside" if row["outside_skill_folders"] else ""
            )
            print(f"    {rule:26} {row['findings']:5}  {sev:26} skills {row['skills']}{out}")

    cmp = doc["comparison"]
    print("\nError verdicts per skill folder (which tools give the folder an error)")
    for combo, n in cmp["error_verdict_combinations"].items():
        print(f"  {combo:30} {n}")
    for pair, row in cmp["pairwise"].items():
        print(f"  {pair}: " + ", ".join(f"{k} {v}" for k, v in row.items()))

    print("\nError rules: how often the other tools also give that skill an error")
    for tool, rules in cmp["error_rules"].items():
        for rule, row in rules.items():
            also = ", ".join(
                f"{k.removeprefix('also_error_in_')} {v}"
                for k, v in row.items()
                if k.startswith("also_error_in_")
            )
            lone = row["no_other_error"]
            print(
                f"  {tool:10} {rule:26} skills {row['skills']:4}; also an error in: {also}; "
                f"no other tool: {len(lone)}"
            )
            for skill in lone[:show]:
                print(f"      {skill}")
            if len(lone) > show:
                print(f"      ... {len(lone) - show} more")

    print("\nPeer errors in skills where skill-ls raises no error")
    for peer, rules in cmp["peer_errors_without_skill_ls_error"].items():
        for rule, skills in rules.items():
            print(f"  {peer:10} {rule:26} {len(skills)}")
            for skill in skills[:show]:
                print(f"      {skill}")
            if len(skills) > show:
                print(f"      ... {len(skills) - show} more")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description="Compare skill-ls, agnix and skills-ref on the corpus."
    )
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--skill-ls", dest="skill_ls", default=None, help="command for skill-ls")
    ap.add_argument("--no-install", action="store_true", help="do not install the peers")
    ap.add_argument("--show", type=int, default=8, help="skills listed per disagreement")
    ap.add_argument("--results", type=Path, default=RESULTS)
    args = ap.parse_args(argv)
    corpus = args.corpus.resolve()
    if not corpus.is_dir():
        log(f"no corpus at {corpus}; run benchmarks/corpus/build.py first")
        return 2
    findings, meta = run_all(corpus, args.skill_ls, install=not args.no_install)
    folders: list[str] = meta.pop("skill_folders")
    build = corpus / "build.json"
    collections = json.loads(build.read_text())["collections"] if build.exists() else []
    flagged = {t: len(error_skills(f)) for t, f in findings.items()}
    doc: dict[str, Any] = {
        "benchmark": "skill-ls check vs agnix vs skills-ref on real skills",
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "corpus": {
            "skills": len(folders),
            "collections": {
                c["repo"]: {"commit": c["commit"], "skills": c["skills"]} for c in collections
            },
            "skills_per_collection": dict(
                sorted(Counter(collection_of(s) for s in folders).items())
            ),
        },
        "versions": meta["versions"],
        "runs": meta["runs"],
        "tools": {
            tool: {
                "findings": len(fs),
                "by_severity": dict(sorted(Counter(f.severity for f in fs).items())),
                "skills_with_an_error": flagged[tool],
                "rules": rule_table(fs),
            }
            for tool, fs in findings.items()
        },
        "comparison": compare(findings, folders),
    }
    print_report(doc, args.show)
    args.results.parent.mkdir(parents=True, exist_ok=True)
    args.results.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    shown = args.results.relative_to(REPO) if args.results.is_relative_to(REPO) else args.results
    log(f"\nwrote {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
