#!/usr/bin/env bash
# Lint, typecheck, every test. Works on a fresh machine with only Node and npm.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/ensure-deps.sh
echo "==> lint (biome)"
pnpm exec biome ci .
echo "==> typecheck"
pnpm -r typecheck
echo "==> unit and procedure tests (vitest)"
pnpm exec vitest run
echo "==> all checks passed"
