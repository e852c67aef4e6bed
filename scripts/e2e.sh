#!/usr/bin/env bash
# End-to-end tests of the public pages in real Chromium (Debian's package, driven by
# playwright-core): builds the web app, starts the real server on a free port with a fresh
# temporary database (seeded with the Anykščiai data), runs packages/web/e2e, stops the server.
# Screenshots land in packages/web/test-results/screenshots/ (gitignored).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

if [ ! -x /usr/bin/chromium ]; then
  echo "==> installing chromium (Debian package)"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium
fi

if [ ! -d node_modules ] || [ ! -d packages/web/node_modules ]; then
  source scripts/lib/ensure-deps.sh
fi


WORK=$(mktemp -d "${TMPDIR:-/tmp}/bus-e2e.XXXXXX")
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

export DB_PATH="$WORK/e2e.sqlite"

# A private build, so two runs at once (or a developer's build) cannot swap files under the server.
echo "==> building the web app"
pnpm --filter @bus/web exec vite build --outDir "$WORK/dist" --emptyOutDir
node packages/web/scripts/compress.mjs "$WORK/dist"
node packages/web/scripts/bundle-size.mjs "$WORK/dist"
export WEB_DIST_DIR="$WORK/dist"
if [ ! -f data/anyksciai.json ]; then
  # The server seeds a new database from data/anyksciai.json. Without it, import the same data
  # straight from the old system's dump (shared/ sits beside the checkout) into the fresh file.
  DUMP="${E2E_LEGACY_DUMP:-$ROOT/../shared/data/legacy/anyksciai-mysql-dump.sql}"
  if [ ! -f "$DUMP" ]; then
    echo "error: neither data/anyksciai.json nor the legacy dump ($DUMP) is there to seed from" >&2
    exit 1
  fi
  echo "==> data/anyksciai.json is missing: importing $DUMP"
  node_modules/.bin/tsx packages/server/src/cli/main.ts import-legacy "$DUMP" >"$WORK/import.log" 2>&1 \
    || { cat "$WORK/import.log" >&2; exit 1; }
fi

PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
export PORT HOST=127.0.0.1 LOG_LEVEL=warn
echo "==> starting the server on port $PORT"
node_modules/.bin/tsx packages/server/src/main.ts >"$WORK/server.log" 2>&1 &
SERVER_PID=$!

healthy() {
  node -e "fetch('http://127.0.0.1:$PORT/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
}
for _ in $(seq 1 120); do
  if healthy; then break; fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "error: the server exited; its log:" >&2
    cat "$WORK/server.log" >&2
    exit 1
  fi
  sleep 0.5
done
healthy || { echo "error: /healthz never answered" >&2; cat "$WORK/server.log" >&2; exit 1; }

echo "==> end-to-end tests (Chromium)"
status=0
E2E_BASE_URL="http://127.0.0.1:$PORT" node_modules/.bin/vitest run --config packages/web/vitest.e2e.config.ts "$@" \
  || status=$?
if [ "$status" -ne 0 ] && [ -s "$WORK/server.log" ]; then
  echo "--- server log ---" >&2
  cat "$WORK/server.log" >&2
fi
exit "$status"
