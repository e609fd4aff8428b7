#!/usr/bin/env bash
# The action's first step: install skill-ls from the action's own checkout (so the action's
# version is the package's) into a virtual environment of the runner's, and name the result
# cache folder and its key for actions/cache.
set -euo pipefail
venv="$RUNNER_TEMP/skill-ls-venv"
python -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$GITHUB_ACTION_PATH"
version=$("$venv/bin/skill-ls" --version | awk '{print $NF}')
{
  echo "cache-dir=$RUNNER_TEMP/skill-ls-cache"
  # A cache written by another version is not read (its key names the code that wrote it),
  # so it is not worth restoring either.
  echo "cache-key=skill-ls-${RUNNER_OS:-unknown}-$version"
} >>"$GITHUB_OUTPUT"
echo "$venv/bin" >>"$GITHUB_PATH"
