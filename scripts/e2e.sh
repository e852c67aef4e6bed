#!/usr/bin/env bash
# End-to-end tests of the public pages in real Chromium (Debian's package, driven by
# playwright-core): builds the web app, starts the real server on a free port with a fresh
# temporary database (seeded with the Anykščiai data), runs packages/web/e2e, stops the server.
# Screenshots land in packages/web/test-results/screenshots/ (gitignored).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

# Chromium's headless build (Debian's chromium-headless-shell, from the same source package as
# `chromium`): e2e/chromium.ts says why; E2E_CHROMIUM names another browser instead.
if [ -z "${E2E_CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ]; then
  echo "==> installing chromium-headless-shell (Debian package)"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium-headless-shell \
    || { [ -x /usr/bin/chromium ] || DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium; }
fi

if [ ! -d node_modules ] || [ ! -d packages/web/node_modules ]; then
  source scripts/lib/ensure-deps.sh
fi


WORK=$(mktemp -d "${TMPDIR:-/tmp}/bus-e2e.XXXXXX")
SERVER_PIDS=()
cleanup() {
  for pid in "${SERVER_PIDS[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
    fi
  done
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

# The test files run on E2E_SERVERS servers at once (default 1), each with a fresh database of
# its own, so no file sees another's edits. A file runs on one server from start to end; vitest
# hands the next file to whichever worker is free. On 2 cores two servers take about two thirds
# of the time of one, and test.sh runs two; three are no faster (the browser already uses both
# cores). E2E_SCREENSHOTS=0 skips the screenshots (test.sh takes none).
SERVERS="${E2E_SERVERS:-1}"

# The moment the whole run happens at, on Vilnius' clock ('YYYY-MM-DDTHH:MM'): the servers'
# clock is fixed at it (packages/server/test/serve-at.ts) and every page's browser clock too
# (e2e/support.ts), and the tests derive their dates from it, never from the real today.
# `E2E_NOW=2027-03-28T03:30 ./scripts/e2e.sh` runs the suite at another moment;
# scripts/e2e-moments.sh runs it at each of the moments the suite is known to pass at.
export E2E_NOW="${E2E_NOW:-2026-11-29T12:00}"
if ! [[ "$E2E_NOW" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}$ ]]; then
  echo "error: E2E_NOW must be a Vilnius minute 'YYYY-MM-DDTHH:MM' (got '$E2E_NOW')" >&2
  exit 2
fi
echo "==> the moment of this run: $E2E_NOW (Vilnius)"

# A private build, so two runs at once (or a developer's build) cannot swap files under the server.
# E2E_WEB_DIST names a build made by an earlier run to use instead (scripts/e2e-moments.sh builds
# once for all its runs); it must hold index.html.
if [ -n "${E2E_WEB_DIST:-}" ]; then
  [ -f "$E2E_WEB_DIST/index.html" ] || { echo "error: E2E_WEB_DIST=$E2E_WEB_DIST holds no build" >&2; exit 2; }
  echo "==> using the web app built in $E2E_WEB_DIST"
  export WEB_DIST_DIR="$E2E_WEB_DIST"
else
  echo "==> building the web app"
  pnpm --filter @bus/web exec vite build --outDir "$WORK/dist" --emptyOutDir
  node packages/web/scripts/compress.mjs "$WORK/dist"
  node packages/web/scripts/bundle-size.mjs "$WORK/dist"
  export WEB_DIST_DIR="$WORK/dist"
fi
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

export HOST=127.0.0.1 LOG_LEVEL=warn
# A driver's account (ROLE_DRIVER) on each server, made as it starts (packages/server/test/serve-at.ts),
# for the drivers' page of e2e/live.e2e.ts: 'name:password'.
export E2E_DRIVER="${E2E_DRIVER:-e2e-driver:e2e-drives-2026}"
free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}
URLS=()
for i in $(seq 1 "$SERVERS"); do
  port=$(free_port)
  echo "==> starting server $i on port $port"
  SERVE_AT="$E2E_NOW" DB_PATH="$WORK/e2e-$i.sqlite" PORT=$port node_modules/.bin/tsx packages/server/test/serve-at.ts >"$WORK/server-$i.log" 2>&1 &
  SERVER_PIDS+=("$!")
  URLS+=("http://127.0.0.1:$port")
done

healthy() {
  node -e "fetch('$1/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
}
for i in "${!URLS[@]}"; do
  for _ in $(seq 1 120); do
    if healthy "${URLS[$i]}"; then break; fi
    if ! kill -0 "${SERVER_PIDS[$i]}" 2>/dev/null; then
      echo "error: server $((i + 1)) exited; its log:" >&2
      cat "$WORK/server-$((i + 1)).log" >&2
      exit 1
    fi
    sleep 0.5
  done
  healthy "${URLS[$i]}" || {
    echo "error: /healthz of server $((i + 1)) never answered" >&2
    cat "$WORK/server-$((i + 1)).log" >&2
    exit 1
  }
done

echo "==> end-to-end tests (Chromium)"
status=0
E2E_BASE_URLS=$(IFS=,; echo "${URLS[*]}") node_modules/.bin/vitest run --config packages/web/vitest.e2e.config.ts \
  --maxWorkers="$SERVERS" "$@" || status=$?
if [ "$status" -ne 0 ]; then
  for i in $(seq 1 "$SERVERS"); do
    if [ -s "$WORK/server-$i.log" ]; then
      echo "--- log of server $i (${URLS[$((i - 1))]}) ---" >&2
      cat "$WORK/server-$i.log" >&2
    fi
  done
fi
exit "$status"
