"""What the .vsix ships (`vsce ls`, what `vsce package` would pack) and the metadata a
marketplace listing needs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path, PurePosixPath

from .conftest import EXTENSION, run, skip_or_fail, tail

# Python packages the bundled server needs (bundled/requirements.txt), and skill_ls itself.
BUNDLED_TOP = {
    "skill_ls",
    "pygls",
    "lsprotocol",
    "attrs",
    "cattrs",
    "ruamel",
    "pathspec",
    "typing_extensions",
}


def vsce_ls(npm_packages: Path) -> list[str]:
    npx = shutil.which("npx")
    if npx is None:
        skip_or_fail("npx is not installed")
    assert npx is not None
    build = run(["node", "esbuild.mjs", "--production"], cwd=EXTENSION, timeout=120)
    assert build.returncode == 0, tail(build.stdout + build.stderr)
    listed = run([npx, "vsce", "ls", "--no-dependencies"], cwd=EXTENSION, timeout=300)
    assert listed.returncode == 0, tail(listed.stdout + listed.stderr)
    return sorted(line.strip() for line in listed.stdout.splitlines() if line.strip())


def test_vsce_ls_ships_only_what_runs(extension_packages: Path, bundled_libs: Path) -> None:
    files = vsce_ls(extension_packages)
    outside_libs = [f for f in files if not f.startswith("bundled/libs/")]
    assert outside_libs == [
        "README.md",
        # The WebAssembly Python the extension falls back to (no Python 3.11+ on the machine):
        # its loader, runtime and standard library, and the process that hosts the server.
        "bundled/pyodide/package.json",
        "bundled/pyodide/pyodide-lock.json",
        "bundled/pyodide/pyodide.asm.mjs",
        "bundled/pyodide/pyodide.asm.wasm",
        "bundled/pyodide/pyodide.js",
        "bundled/pyodide/pyodide.mjs",
        "bundled/pyodide/python_stdlib.zip",
        # VS Code for the Web: the same libraries in one zip its Web Worker unpacks, the browser
        # entry and that worker.
        "bundled/web/libs.zip",
        "dist/extension.js",
        "dist/wasmHost.js",
        "dist/web/extension.js",
        "dist/web/serverWorker.js",
        "images/icon.png",
        "language-configuration.json",
        "package.json",
        "syntaxes/skill.tmLanguage.json",
    ]
    libs = [PurePosixPath(f).relative_to("bundled/libs") for f in files if f not in outside_libs]
    tops = {p.parts[0] for p in libs if not p.parts[0].endswith(".dist-info")}
    top_names = {t.removesuffix(".py") for t in tops}
    assert top_names >= BUNDLED_TOP, top_names
    # No scripts, no caches, no tests, no type stubs build tools need; the only bytecode is the
    # WebAssembly Python's, compiled ahead: one for every module, none for another Python.
    compiled = [p for p in libs if "__pycache__" in p.parts]
    assert all(p.name.endswith(".cpython-314.pyc") for p in compiled), compiled
    sources = {p for p in libs if p.suffix == ".py"}
    assert {p.parent.parent / f"{p.name.split('.')[0]}.py" for p in compiled} == sources
    assert not [p for p in libs if p.suffix in {".map", ".ts"}]
    assert not [p for p in libs if p.suffix == ".pyc" and "__pycache__" not in p.parts]
    assert not [p for p in libs if p.parts[0] == "bin"]
    assert any(str(p) == "skill_ls/data/settings.schema.json" for p in libs)


def test_marketplace_metadata() -> None:
    pkg = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    assert pkg["repository"] == {
        "type": "git",
        "url": "https://github.com/skill-ls/skill-ls.git",
        "directory": "vscode-extension",
    }
    assert pkg["icon"] == "images/icon.png"
    icon = (EXTENSION / pkg["icon"]).read_bytes()
    assert icon[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(icon[16:20], "big"), int.from_bytes(icon[20:24], "big")
    assert (width, height) == (128, 128)  # the marketplace's minimum
    assert pkg["categories"] == ["Linters", "Programming Languages"]
    assert {"agent skills", "SKILL.md", "language server"} <= set(pkg["keywords"])
    assert pkg["homepage"] and pkg["bugs"]["url"].endswith("/issues")
    # The README shows the pictures the end-to-end test takes (scripts/screenshots.sh).
    readme = (EXTENSION / "README.md").read_text(encoding="utf-8")
    for picture in ("diagnostics", "code-lens", "skills-view", "preview"):
        assert f"](../docs/images/{picture}.png)" in readme, picture
        assert (EXTENSION.parent / "docs" / "images" / f"{picture}.png").is_file(), picture
