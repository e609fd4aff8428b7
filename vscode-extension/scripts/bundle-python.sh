#!/usr/bin/env bash
# Puts the server (the repository's skill_ls package) and its pure-Python dependencies into
# bundled/libs, the PYTHONPATH the extension starts `python -S -m skill_ls serve` with.
# The dependencies are downloaded once per change of bundled/requirements.txt; skill_ls is
# copied afresh every time.
set -euo pipefail
ext="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repo="$(cd "$ext/.." && pwd)"
libs="$ext/bundled/libs"
requirements="$ext/bundled/requirements.txt"
python="${PYTHON:-python3}"

if ! cmp -s "$requirements" "$libs/.requirements.txt"; then
  rm -rf "$libs"
  mkdir -p "$libs"
  # --implementation py --only-binary :all: accepts only pure-Python wheels, so one .vsix
  # works on every platform and every Python >= 3.11.
  "$python" -m pip install --quiet --disable-pip-version-check --no-deps \
    --target "$libs" --implementation py --python-version 3.11 --only-binary=:all: \
    -r "$requirements"
  rm -rf "$libs/bin"
  cp "$requirements" "$libs/.requirements.txt"
fi

rm -rf "$libs/skill_ls"
cp -R "$repo/skill_ls" "$libs/skill_ls"
find "$libs" -name __pycache__ -type d -prune -exec rm -rf {} +

# The WebAssembly Python (Pyodide) the extension falls back to when the machine has no
# Python 3.11 or newer: its loader (pyodide.js for Node, pyodide.mjs for VS Code for the Web),
# runtime and standard library, from the pinned npm package.
pyodide="$ext/node_modules/pyodide"
[ -f "$pyodide/pyodide.asm.wasm" ] || { echo "bundle-python: run npm ci first (no $pyodide)" >&2; exit 1; }
rm -rf "$ext/bundled/pyodide"
mkdir -p "$ext/bundled/pyodide"
for file in package.json pyodide.js pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json; do
  cp "$pyodide/$file" "$ext/bundled/pyodide/$file"
done

# Its bytecode, compiled ahead by that Python (it starts about 0.8 s sooner than compiling the
# server's modules at every start; see scripts/compile-wasm-bytecode.mjs).
node "$ext/scripts/compile-wasm-bytecode.mjs"

# VS Code for the Web: the same libraries, bytecode included, as one zip the Web Worker fetches
# and unpacks (a browser has no folder to mount). Sorted and dated 1980 so an unchanged tree
# gives the same bytes.
mkdir -p "$ext/bundled/web"
"$python" - "$libs" "$ext/bundled/web/libs.zip" <<'PY'
import os, sys, zipfile
root, target = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
    for folder, dirs, files in sorted(os.walk(root)):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(folder, name)
            info = zipfile.ZipInfo(os.path.relpath(path, root), date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as f:
                archive.writestr(info, f.read())
PY
