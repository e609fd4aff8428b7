#!/usr/bin/env bash
# The action's check step: annotations (and SARIF when asked), the exit status as an output.
# Every input comes from the environment (see action.yml), never from the command line.
set -uo pipefail
skill_ls="$RUNNER_TEMP/skill-ls-venv/bin/skill-ls"
read -r -d '' -a paths <<<"${SKILL_LS_PATHS:-.}" || true
[ ${#paths[@]} -gt 0 ] || paths=(.)
options=(--fail-on "${SKILL_LS_FAIL_ON:-error}")
[ -n "${SKILL_LS_CLIENTS:-}" ] && options+=(--client "$SKILL_LS_CLIENTS")
read -r -d '' -a versions <<<"${SKILL_LS_AGENT_VERSION_INPUT//,/ }" || true
for version in "${versions[@]}"; do options+=(--agent-version "$version"); done
if [ "${SKILL_LS_CACHE:-true}" = true ]; then
  options+=(--cache-dir "$RUNNER_TEMP/skill-ls-cache")
else
  options+=(--no-cache)
fi

if [ -n "${SKILL_LS_SARIF:-}" ]; then
  # The report is written whatever it finds; a usage error (2) still stops the step.
  "$skill_ls" check --format sarif "${options[@]}" -- "${paths[@]}" >"$SKILL_LS_SARIF"
  status=$?
  if [ "$status" -ge 2 ]; then
    echo "exit-code=$status" >>"$GITHUB_OUTPUT"
    exit "$status"
  fi
  echo "sarif=$SKILL_LS_SARIF" >>"$GITHUB_OUTPUT"
fi
"$skill_ls" check --format github "${options[@]}" -- "${paths[@]}"
status=$?
echo "exit-code=$status" >>"$GITHUB_OUTPUT"
exit "$status"
