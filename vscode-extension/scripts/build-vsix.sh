#!/usr/bin/env bash
# Builds vscode-extension/skill-ls.vsix from a clean clone: npm packages, the bundled Python
# server, the settings check, the esbuild bundle and the offline vsce package.
#   bash vscode-extension/scripts/build-vsix.sh [output.vsix]
set -euo pipefail
ext="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$(realpath -m "${1:-$ext/skill-ls.vsix}")"
cd "$ext"

# npm ci when node_modules is missing or older than the lock file.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
bash scripts/bundle-python.sh
node scripts/gen-settings.mjs --check
node esbuild.mjs --production
# The LICENSE is the repository's (one level up): say so, so vsce doesn't prompt. The README's
# pictures live in docs/images/ at the top of the repository; links to them become absolute.
base="https://github.com/skill-ls/skill-ls"
npx vsce package --no-dependencies --skip-license -o "$out" \
  --baseContentUrl "$base/blob/HEAD/vscode-extension/" --baseImagesUrl "$base/raw/HEAD/vscode-extension/" </dev/null
echo "built $out"
