#!/usr/bin/env bash
# Starts one production server (`next start`) for the Playwright tests.
# Usage: scripts/e2e-server.sh <port> <sandbox|production> [--build]
#
# With --build (given to the first web server only, so two servers never build at
# once) it runs `next build` first when there is no build yet ("$NEXT_DIST_DIR/BUILD_ID"),
# when a source file is newer than the build, or when E2E_REBUILD=1.
# The caller (playwright.config.ts) sets DATA_DIR, PUBLIC_BASE_URL and MODE with the mode's env.
set -euo pipefail
# The e2e build lives in a folder of its own, so it never replaces a build someone is serving.
export NEXT_DIST_DIR=${NEXT_DIST_DIR:-.next-e2e}
cd "$(dirname "$0")/.."

port=${1:?usage: e2e-server.sh <port> <sandbox|production> [--build]}
mode=${2:?usage: e2e-server.sh <port> <sandbox|production> [--build]}
build=${3:-}

needs_build() {
  [ "${E2E_REBUILD:-0}" = "1" ] && return 0
  [ -f "$NEXT_DIST_DIR/BUILD_ID" ] || return 0
  # A build older than the sources would test yesterday's code.
  [ -n "$(find app lib messages proxy.ts instrumentation.ts next.config.ts package-lock.json \
      -newer "$NEXT_DIST_DIR/BUILD_ID" -type f -print -quit 2>/dev/null)" ] && return 0
  return 1
}

if [ "$build" = "--build" ]; then
  # The lock only guards against a second e2e run building in this tree at the same moment.
  exec 9>"${TMPDIR:-/tmp}/travel-pay-e2e-build.lock"
  flock 9
  if needs_build; then
    echo "e2e-server: building the production app (npx next build)"
    started=$(date +%s)
    # The build must not see the test servers' settings (it reads none, but be sure).
    env -u DATA_DIR -u DATABASE_URL -u MODE -u ADYEN_API_KEY -u ADYEN_MERCHANT_ACCOUNT -u TOKEN_SECRET npx next build
    echo "e2e-server: build finished in $(( $(date +%s) - started )) s"
  else
    echo "e2e-server: reusing the existing build in $NEXT_DIST_DIR (E2E_REBUILD=1 forces a new one)"
  fi
  flock -u 9
  exec 9>&-
elif [ ! -f "$NEXT_DIST_DIR/BUILD_ID" ]; then
  echo "e2e-server: no production build in $NEXT_DIST_DIR; the first web server (--build) should have made it" >&2
  exit 1
fi

# A production server has no sandbox keys: seed an organisation and an API key into its fresh
# data folder first (one process per embedded database), for the specs' payment links.
if [ "$mode" = "production" ]; then
  npx tsx scripts/e2e-production-seed.ts
fi

echo "e2e-server: starting $mode server on port $port (DATA_DIR=${DATA_DIR:-unset})"
exec npx next start -p "$port"
