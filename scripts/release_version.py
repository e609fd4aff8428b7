"""The one version of a release: the package's (pyproject.toml), the extension's
(vscode-extension/package.json and its lock file) and the CHANGELOG's latest section must
agree, and a release tag must name it (`v<version>`).

    python3 scripts/release_version.py                 # the version, or what disagrees
    python3 scripts/release_version.py --tag v0.1.0    # also fail unless the tag names it
    python3 scripts/release_version.py --notes v0.1.0  # that version's CHANGELOG section
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def versions() -> dict[str, str]:
    """Where the version is written, and what each place says."""
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))
    package = json.loads((REPO / "vscode-extension" / "package.json").read_text("utf-8"))
    lock = json.loads((REPO / "vscode-extension" / "package-lock.json").read_text("utf-8"))
    heading = re.search(r"^## (\S+)", (REPO / "CHANGELOG.md").read_text("utf-8"), re.M)
    return {
        "pyproject.toml": pyproject["project"]["version"],
        "vscode-extension/package.json": package["version"],
        "vscode-extension/package-lock.json": lock["version"],
        "CHANGELOG.md": heading.group(1) if heading else "",
    }


def notes(version: str) -> str:
    """The CHANGELOG section of `version`, without its heading."""
    text = (REPO / "CHANGELOG.md").read_text("utf-8")
    found = re.search(rf"^## {re.escape(version)}\b.*?\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    if found is None:
        raise SystemExit(f"CHANGELOG.md has no section for {version}")
    return found.group(1).strip() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tag", help="a release tag, which must be v<version>")
    parser.add_argument("--notes", metavar="TAG", help="print the CHANGELOG section of TAG")
    args = parser.parse_args(argv)
    found = versions()
    if len(set(found.values())) != 1:
        listed = ", ".join(f"{place}: {value or 'none'}" for place, value in found.items())
        print(f"the versions disagree: {listed}", file=sys.stderr)
        return 1
    version = next(iter(found.values()))
    if args.tag is not None and args.tag != f"v{version}":
        print(f"tag {args.tag} does not name version {version} (v{version})", file=sys.stderr)
        return 1
    if args.notes is not None:
        sys.stdout.write(notes(args.notes.removeprefix("v")))
        return 0
    print(version)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
