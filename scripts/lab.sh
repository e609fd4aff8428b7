#!/usr/bin/env bash
# The live client lab: install the pinned agents (cached), run every agent on every
# scenario against the local mock model and fail when anything differs from the goldens
# (a whole `diff` runs the mention and MCP probes' diffs too).
# Usage: bash scripts/lab.sh [diff|observe|drift|drift-proof] [clientlab options]
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install --quiet -e ".[test]"

# OpenCode's skill tool lists a skill's files with ripgrep, and downloads one when none is
# on PATH (which fails offline); git makes each scenario workspace a repository.
need_apt=()
command -v rg >/dev/null 2>&1 || need_apt+=(ripgrep)
command -v git >/dev/null 2>&1 || need_apt+=(git)
command -v npm >/dev/null 2>&1 || need_apt+=(npm)
if [ ${#need_apt[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}"
fi

command=${1:-diff}
shift || true
if [ "$command" = drift-proof ]; then
  # `clientlab drift` end to end against the npm registry, proving the older version the
  # lab recorded (clientlab/goldens-older/pi-0.60.0): pi 0.60.0 (published, not the pin)
  # installed aside with the other agents, run on the scenarios where it behaves otherwise
  # than the pin, must answer exactly as recorded (exit 1 otherwise); its report. About 3
  # minutes, most of it installing every agent into a scratch folder.
  report=$(mktemp --suffix=.md)
  goldens=$(mktemp -d)
  trap 'cat "$report"; rm -rf "$report" "$goldens"' EXIT
  differing=$(PYTHONPATH=. .venv/bin/python -m clientlab.older merge pi-0.60.0 "$goldens")
  scenarios=()
  for scenario in $differing; do scenarios+=(--scenario "$scenario"); done
  PYTHONPATH=. .venv/bin/python -m clientlab drift --agent pi \
    --to @mariozechner/pi-coding-agent=0.60.0 "${scenarios[@]}" --goldens "$goldens" \
    --report "$report" "$@"
  exit $?
fi
filtered=no
for arg in "$@"; do
  case $arg in --agent | --agent=* | --scenario | --scenario=*) filtered=yes ;; esac
done
status=0
PYTHONPATH=. .venv/bin/python -m clientlab "$command" "$@" || status=$?
# A whole diff also checks the prompt forms each agent honours (the mention probe), what
# the agents do with a project's MCP server that serves skills (the MCP probe) and Claude
# Code's listing of a plugin's skills (the plugin probe's fixture).
if [ "$command" = diff ] && [ "$filtered" = no ]; then
  PYTHONPATH=. .venv/bin/python -m clientlab.mention_probe diff || status=$?
  PYTHONPATH=. .venv/bin/python -m clientlab.mcp_probe diff || status=$?
  PYTHONPATH=. .venv/bin/python -m clientlab.plugin_probe diff || status=$?
fi
exit "$status"
