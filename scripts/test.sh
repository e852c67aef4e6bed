#!/usr/bin/env bash
# Lint, typecheck, every test. Works on a fresh machine with only Node and npm.
# Each part prints how long it took; README.md ("What the tests cover") lists the usual figures.
set -euo pipefail
cd "$(dirname "$0")/.."
STARTED=$SECONDS
phase_start=$SECONDS
took() {
  echo "    ($1: $((SECONDS - phase_start)) s)"
  phase_start=$SECONDS
}
source scripts/lib/ensure-deps.sh
took "install"
echo "==> lint (biome)"
pnpm exec biome ci .
took "lint"
echo "==> typecheck"
# Two programs side by side (tsc uses about one core): the Node side (core, db, server, the
# bench scripts: one set of options, so the shared sources are checked once, not per package)
# and the web app with its offline worker.
pnpm exec tsc --noEmit -p tsconfig.node.json &
node_side=$!
pnpm --filter @bus/web typecheck &
web_side=$!
status=0
wait "$node_side" || status=$?
wait "$web_side" || status=$?
[ "$status" -eq 0 ] || { echo "error: typecheck failed" >&2; exit "$status"; }
took "typecheck"
if [ ! -x /usr/sbin/nginx ] && [ ! -x /usr/bin/nginx ]; then
  # The multi-process test starts its own nginx on loopback (packages/server/test/multi-process.test.ts).
  echo "==> installing nginx (Debian package)"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y nginx
  # Debian may start its own nginx on port 80: not wanted here.
  $SUDO service nginx stop >/dev/null 2>&1 || true
fi
echo "==> unit and procedure tests (vitest)"
pnpm exec vitest run
took "vitest"
echo "==> end-to-end tests in Chromium (builds the web app, starts the real server)"
# Two servers, so two test files run side by side (one file alone leaves a core mostly idle;
# three are no faster than two); no screenshots (./scripts/e2e.sh alone takes them, for people to look at).
E2E_SERVERS="${E2E_SERVERS:-2}" E2E_SCREENSHOTS="${E2E_SCREENSHOTS:-0}" ./scripts/e2e.sh
took "end-to-end"
echo "==> all checks passed in $((SECONDS - STARTED)) s"
