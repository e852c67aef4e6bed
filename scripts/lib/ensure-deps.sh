# Sourced by start.sh and test.sh: makes a fresh machine with only Node and npm ready.
# Idempotent: a second run finds pnpm and an up-to-date node_modules and does almost nothing.
PNPM_VERSION=12.21.0

node_major=$(node -p 'process.versions.node.split(".").map(Number).slice(0,2).join(".")')
if ! node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)'; then
  echo "error: Node >= 20.19 is required (found $node_major)" >&2
  exit 1
fi

if ! command -v pnpm >/dev/null 2>&1; then
  echo "==> installing pnpm $PNPM_VERSION"
  if ! npm install -g "pnpm@$PNPM_VERSION" >/dev/null 2>&1; then
    # No write access to the global prefix: keep a private copy inside the checkout.
    npm install --prefix "$PWD/.tools" "pnpm@$PNPM_VERSION" >/dev/null
    export PATH="$PWD/.tools/node_modules/.bin:$PATH"
  fi
fi

# better-sqlite3 has no prebuilt binary reachable here: it compiles against Node's own headers.
export npm_config_nodedir="${npm_config_nodedir:-/usr}"
echo "==> pnpm install"
pnpm install --frozen-lockfile --reporter=append-only | grep -v -E '^\.\.\./.*better-sqlite3 install: ' || true
if ! node -e "const D=require('$PWD/packages/db/node_modules/better-sqlite3'); new D(':memory:').close()" 2>/dev/null; then
  echo "error: better-sqlite3 did not build; see the pnpm install output above" >&2
  exit 1
fi
