#!/usr/bin/env bash
# Regenerates the pictures in docs/images/ (diagnostics, code lens, Skills view, preview) from
# the end-to-end test in a real VS Code workbench, so they always show the current extension:
#   bash vscode-extension/scripts/screenshots.sh
# It runs tests/extension/test_vscode_e2e.py with SKILL_LS_SCREENSHOTS pointing at docs/images.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
python="${PYTHON:-$repo/.venv/bin/python}"
cd "$repo"
SKILL_LS_SCREENSHOTS="$repo/docs/images" "$python" -m pytest tests/extension/test_vscode_e2e.py -q
ls -l docs/images/*.png
