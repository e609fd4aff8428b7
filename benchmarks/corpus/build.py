#!/usr/bin/env python3
"""Rebuilds the real-skill corpus from local copies of the collections in manifest.json.

    python benchmarks/corpus/build.py COPIES            # into benchmarks/.work/corpus
    python benchmarks/corpus/build.py COPIES --pin      # re-pin manifest.json to the copies' HEAD

COPIES is a folder holding one git repository per collection, each a bare git directory or
a normal clone, found as COPIES/<owner>/<name>, COPIES/<owner>__<name>, COPIES/<owner>+<name>
or COPIES/<name> (a `.git` suffix, or one `repo` folder inside, is accepted too). Every file
is read from the pinned commit with git, so the working tree of a clone does not matter.

What is copied, per collection, into OUT/<owner>__<name>/ with the repository's layout kept:

* every file of every skill folder (a folder holding SKILL.md, any letter case), nested
  folders included, so that scripts, references and assets resolve as in the repository;
* the `.claude-plugin/*.json` files of every folder above a skill (plugin and marketplace
  manifests), and every file of a plugin that holds a skill (a folder with
  `.claude-plugin/plugin.json`: its agents, commands, hooks and scripts), so that plugin
  structure survives and a skill's reference to a file of its plugin resolves as installed;
* files outside the skill that a SKILL.md links to with a relative Markdown link, so that a
  reference to a shared file is judged on the real layout.

Bounds: a file over MAX_FILE_BYTES, or one the copy lacks (Git LFS, a snapshot without its
largest blobs), is written empty so that references to it still resolve; a skill folder's
files past MAX_SKILL_FILES are left out; symbolic links are kept only when they point inside
the collection. Each bound hit is counted in OUT/build.json. The corpus is never committed.
"""

from __future__ import annotations

import argparse
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "manifest.json"
DEFAULT_OUT = HERE.parent / ".work" / "corpus"

MAX_FILE_BYTES = 1 << 20
MAX_SKILL_FILES = 400
MAX_PLUGIN_FILES = 1500
SKIPPED_PARTS = frozenset({".git", "node_modules", "__pycache__", ".venv"})
LINK_RE = re.compile(r"\]\(\s*<?([^)\s>#?]+)")


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------
# Finding and reading a copy
# ---------------------------------------------------------------------------


def git(git_dir: Path, *args: str, data: bytes | None = None) -> bytes:
    r = subprocess.run(
        ["git", f"--git-dir={git_dir}", *args],
        input=data,
        capture_output=True,
        check=False,
    )
    if r.returncode != 0:
        raise RuntimeError(f"git {' '.join(args[:2])}: {r.stderr.decode(errors='replace').strip()}")
    return r.stdout


def as_git_dir(folder: Path) -> Path | None:
    """The git directory of a bare repository or of a clone at `folder`, else None."""
    if not folder.is_dir():
        return None
    r = subprocess.run(
        ["git", "-C", str(folder), "rev-parse", "--absolute-git-dir"],
        capture_output=True,
        text=True,
        check=False,
    )
    if r.returncode != 0:
        return None
    git_dir = Path(r.stdout.strip())
    # A folder inside some other repository is not a copy of this one.
    if git_dir != folder.resolve() and git_dir.parent != folder.resolve():
        return None
    return git_dir


def find_copy(copies: Path, repo: str) -> Path | None:
    owner, name = repo.split("/", 1)
    bases = [copies / owner / name, copies / f"{owner}__{name}", copies / f"{owner}+{name}"]
    bases.append(copies / name)
    for base in bases:
        for folder in (base, base.with_name(base.name + ".git"), base / "repo"):
            git_dir = as_git_dir(folder)
            if git_dir is not None:
                return git_dir
    return None


@dataclass
class Entry:
    mode: str
    kind: str
    sha: str
    size: int
    path: str


def list_tree(git_dir: Path, commit: str) -> dict[str, Entry]:
    out = git(git_dir, "ls-tree", "-r", "-l", "-z", "--full-tree", commit)
    entries: dict[str, Entry] = {}
    for record in out.decode("utf-8", errors="surrogateescape").split("\0"):
        if not record:
            continue
        meta, path = record.split("\t", 1)
        mode, kind, sha, size = meta.split()
        entries[path] = Entry(mode, kind, sha, int(size) if size.isdigit() else 0, path)
    return entries


def read_blobs(git_dir: Path, shas: list[str]) -> dict[str, bytes | None]:
    """The content of each blob; None for one the copy lacks."""
    unique = list(dict.fromkeys(shas))
    if not unique:
        return {}
    out = git(git_dir, "cat-file", "--batch", data="".join(f"{s}\n" for s in unique).encode())
    blobs: dict[str, bytes | None] = {}
    pos = 0
    for sha in unique:
        end = out.index(b"\n", pos)
        header = out[pos:end].decode()
        pos = end + 1
        parts = header.split()
        if len(parts) < 3 or parts[1] == "missing":
            blobs[sha] = None
            continue
        size = int(parts[2])
        blobs[sha] = out[pos : pos + size]
        pos += size + 1
    return blobs


# ---------------------------------------------------------------------------
# Choosing the files
# ---------------------------------------------------------------------------


def is_skill_file(path: str) -> bool:
    return posixpath.basename(path).lower() == "skill.md"


def skill_dirs(entries: dict[str, Entry]) -> list[str]:
    return sorted(
        {
            posixpath.dirname(p)
            for p, e in entries.items()
            if e.kind == "blob" and is_skill_file(p) and not SKIPPED_PARTS & set(p.split("/"))
        }
    )


@dataclass
class Selection:
    paths: set[str] = field(default_factory=set)
    skills: int = 0
    files_left_out: int = 0
    linked_outside: int = 0
    plugins: int = 0


def select(entries: dict[str, Entry], skill_md_text: dict[str, str]) -> Selection:
    sel = Selection()
    dirs = skill_dirs(entries)
    sel.skills = sum(1 for p in entries if is_skill_file(p) and posixpath.dirname(p) in dirs)
    by_dir: dict[str, list[str]] = {d: [] for d in dirs}
    # Plugins holding a skill: every file below the folder with .claude-plugin/plugin.json.
    plugin_roots: set[str] = set()
    for d in dirs:
        parent = d
        while parent:
            parent = posixpath.dirname(parent)
            manifest = (
                f"{parent}/.claude-plugin/plugin.json" if parent else ".claude-plugin/plugin.json"
            )
            if manifest in entries:
                plugin_roots.add(parent)
                break
    for root in sorted(plugin_roots):
        prefix = f"{root}/" if root else ""
        files = sorted(
            p
            for p, e in entries.items()
            if p.startswith(prefix) and e.kind == "blob" and not SKIPPED_PARTS & set(p.split("/"))
        )
        sel.paths.update(files[:MAX_PLUGIN_FILES])
        sel.files_left_out += max(0, len(files) - MAX_PLUGIN_FILES)
        sel.plugins += 1
    for path, e in entries.items():
        if e.kind != "blob" or SKIPPED_PARTS & set(path.split("/")):
            continue
        parent = posixpath.dirname(path)
        while True:
            if parent in by_dir:
                by_dir[parent].append(path)
                break
            if not parent:
                break
            parent = posixpath.dirname(parent)
    for d, files in by_dir.items():
        files.sort(key=lambda p: (not is_skill_file(p), p.count("/"), p))
        sel.paths.update(files[:MAX_SKILL_FILES])
        sel.files_left_out += max(0, len(files) - MAX_SKILL_FILES)
        # Plugin and marketplace manifests above the skill.
        parent = d
        while True:
            parent = posixpath.dirname(parent)
            prefix = f"{parent}/.claude-plugin/" if parent else ".claude-plugin/"
            sel.paths.update(
                p
                for p in entries
                if p.startswith(prefix)
                and p.endswith(".json")
                and p.count("/") == prefix.count("/")
            )
            if not parent:
                break
    # Files outside the skill that a SKILL.md links to.
    for md_path, text in skill_md_text.items():
        base = posixpath.dirname(md_path)
        for m in LINK_RE.finditer(text):
            target = m.group(1)
            if "://" in target or target.startswith(("/", "mailto:")):
                continue
            resolved = posixpath.normpath(posixpath.join(base, target))
            if resolved.startswith("../") or resolved in sel.paths:
                continue
            e = entries.get(resolved)
            if e is not None and e.kind == "blob":
                sel.paths.add(resolved)
                sel.linked_outside += 1
    return sel


# ---------------------------------------------------------------------------
# Building
# ---------------------------------------------------------------------------


def collection_folder(repo: str) -> str:
    return repo.replace("/", "__")


def build_collection(git_dir: Path, item: dict[str, Any], out: Path) -> dict[str, Any]:
    commit = item["commit"]
    try:
        git(git_dir, "cat-file", "-e", f"{commit}^{{commit}}")
    except RuntimeError as exc:
        raise RuntimeError(f"{item['repo']}: the copy lacks commit {commit}") from exc
    entries = list_tree(git_dir, commit)
    md_paths = [
        p for p in entries if is_skill_file(p) and posixpath.dirname(p) in set(skill_dirs(entries))
    ]
    md_blobs = read_blobs(git_dir, [entries[p].sha for p in md_paths])
    md_text = {
        p: (md_blobs.get(entries[p].sha) or b"").decode("utf-8", errors="replace") for p in md_paths
    }
    sel = select(entries, md_text)
    dest = out / collection_folder(item["repo"])
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    wanted = sorted(sel.paths)
    small = [
        entries[p].sha
        for p in wanted
        if entries[p].mode != "160000" and entries[p].size <= MAX_FILE_BYTES
    ]
    blobs = read_blobs(git_dir, small)
    emptied = links_kept = links_dropped = 0
    for path in wanted:
        e = entries[path]
        target = dest / path
        target.parent.mkdir(parents=True, exist_ok=True)
        content = blobs.get(e.sha) if e.size <= MAX_FILE_BYTES else None
        if e.mode == "120000":
            link = (content or b"").decode("utf-8", errors="replace")
            inside = posixpath.normpath(posixpath.join(posixpath.dirname(path), link))
            if content and not link.startswith("/") and not inside.startswith(".."):
                os.symlink(link, target)
                links_kept += 1
            else:
                links_dropped += 1
            continue
        if content is None:
            emptied += 1
            content = b""
        target.write_bytes(content)
        if e.mode == "100755":
            target.chmod(0o755)
    return {
        "repo": item["repo"],
        "commit": commit,
        "skills": sel.skills,
        "files": len(wanted),
        "plugins": sel.plugins,
        "files_emptied": emptied,
        "files_left_out": sel.files_left_out,
        "linked_files_outside_skills": sel.linked_outside,
        "symlinks_kept": links_kept,
        "symlinks_dropped": links_dropped,
    }


def load_manifest() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(MANIFEST.read_text(encoding="utf-8"))
    return doc


def pin(copies: Path, manifest: dict[str, Any]) -> int:
    """Point each collection at its copy's HEAD and recount its skills."""
    for item in manifest["collections"]:
        git_dir = find_copy(copies, item["repo"])
        if git_dir is None:
            log(f"{item['repo']}: no copy under {copies}; left as is")
            continue
        item["commit"] = git(git_dir, "rev-parse", "HEAD").decode().strip()
        item["committed"] = git(git_dir, "log", "-1", "--format=%cs", "HEAD").decode().strip()
        entries = list_tree(git_dir, item["commit"])
        dirs = set(skill_dirs(entries))
        item["skills"] = sum(
            1 for p in entries if is_skill_file(p) and posixpath.dirname(p) in dirs
        )
        log(f"{item['repo']}: {item['commit'][:12]} ({item['skills']} skills)")
    manifest["total_skills"] = sum(i["skills"] for i in manifest["collections"])
    MANIFEST.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("copies", type=Path, help="folder holding a git copy of each collection")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to build the corpus")
    ap.add_argument("--only", default=None, help="comma-separated owner/name subset")
    ap.add_argument("--pin", action="store_true", help="re-pin manifest.json to the copies' HEAD")
    args = ap.parse_args(argv)
    manifest = load_manifest()
    if args.pin:
        return pin(args.copies, manifest)
    only = set(args.only.split(",")) if args.only else None
    args.out.mkdir(parents=True, exist_ok=True)
    report: list[dict[str, Any]] = []
    missing: list[str] = []
    for item in manifest["collections"]:
        if only is not None and item["repo"] not in only:
            continue
        git_dir = find_copy(args.copies, item["repo"])
        if git_dir is None:
            log(f"{item['repo']}: no copy found under {args.copies}; skipped")
            missing.append(item["repo"])
            continue
        res = build_collection(git_dir, item, args.out)
        if res["skills"] != item["skills"]:
            log(f"{item['repo']}: {res['skills']} skills, the manifest says {item['skills']}")
        log(
            f"{item['repo']}: {res['skills']} skills, {res['files']} files"
            f" ({res['files_emptied']} emptied, {res['files_left_out']} left out)"
        )
        report.append(res)
    (args.out / "build.json").write_text(
        json.dumps({"collections": report, "missing": missing}, indent=2) + "\n", encoding="utf-8"
    )
    total = sum(r["skills"] for r in report)
    log(f"{total} skills from {len(report)} collections in {args.out}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
