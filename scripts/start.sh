#!/usr/bin/env bash
# Install, build, migrate, seed when empty, serve. Honors PORT, HOST, DB_PATH (see README).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/ensure-deps.sh
echo "==> building the web app"
pnpm --filter @bus/web build
echo "==> building the server (compiled JavaScript: production runs plain Node)"
pnpm --silent --filter @bus/server build
echo "==> starting the server"
exec pnpm --silent --filter @bus/server start
