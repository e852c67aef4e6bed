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
echo "==> unit and procedure tests (vitest)"
pnpm exec vitest run
echo "==> end-to-end tests in Chromium (builds the web app, starts the real server)"
./scripts/e2e.sh
echo "==> all checks passed"
