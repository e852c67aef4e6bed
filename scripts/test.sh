#!/usr/bin/env bash
# Lint, typecheck, every test. Works on a fresh machine with only Node and npm.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/ensure-deps.sh
echo "==> lint (biome)"
pnpm exec biome ci .
echo "==> typecheck"
pnpm -r typecheck
pnpm exec tsc --noEmit -p scripts
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
echo "==> end-to-end tests in Chromium (builds the web app, starts the real server)"
./scripts/e2e.sh
echo "==> all checks passed"
