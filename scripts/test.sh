#!/usr/bin/env bash
# Set up everything the test suite needs on a fresh machine, then run the whole suite.
# Idempotent: a second run reuses the virtual environment and installed tools.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".[test]"

# Real editors for the end-to-end editor tests (Debian packages), installed when missing.
need_apt=()
command -v nvim >/dev/null 2>&1 || need_apt+=(neovim)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}"
  else
    echo "note: cannot install ${need_apt[*]} (not root or no apt-get); those tests will skip" >&2
  fi
fi

# pytest exits 5 when it collects no test: with `set -e` that fails the run, as it should.
.venv/bin/python -m pytest "$@"
