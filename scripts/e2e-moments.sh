#!/usr/bin/env bash
# The browser suite at each moment it must pass at (scripts/e2e.sh, E2E_NOW), one run after the
# other: a Sunday noon, a Monday morning, two minutes before a new year, the night Vilnius' clocks
# go forward (03:30 does not exist there: it is taken as winter time, 04:30 summer time), and the
# last minute of a leap day. Other moments: `./scripts/e2e-moments.sh 2027-07-01T08:00 ...`.
# Extra arguments for e2e.sh (a file) go after `--`. About 10 minutes a moment on 2 cores.
set -uo pipefail
cd "$(dirname "$0")/.."
moments=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  moments+=("$1")
  shift
done
[ "${1:-}" = "--" ] && shift
[ ${#moments[@]} -gt 0 ] || moments=(2026-11-29T12:00 2026-11-23T07:00 2026-12-31T23:58 2027-03-28T03:30 2028-02-29T23:59)
# One build of the web app for every run.
if [ -z "${E2E_WEB_DIST:-}" ]; then
  source scripts/lib/ensure-deps.sh
  E2E_WEB_DIST=$(mktemp -d "${TMPDIR:-/tmp}/bus-e2e-dist.XXXXXX")
  trap 'rm -rf "$E2E_WEB_DIST"' EXIT
  pnpm --filter @bus/web exec vite build --outDir "$E2E_WEB_DIST" --emptyOutDir >/dev/null || exit 1
  node packages/web/scripts/compress.mjs "$E2E_WEB_DIST" >/dev/null || exit 1
fi
export E2E_WEB_DIST
failed=()
for moment in "${moments[@]}"; do
  echo "==> the browser suite at $moment (Vilnius)"
  E2E_NOW="$moment" ./scripts/e2e.sh "$@" || failed+=("$moment")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "==> failed at: ${failed[*]}" >&2
  exit 1
fi
echo "==> passed at every moment: ${moments[*]}"
