#!/usr/bin/env bash
# `npm test`: everything CI checks, in order, stopping at the first failure:
#   1. npm run typecheck and npm run lint, side by side (each is single-threaded; the machine has 2 cores)
#   2. vitest (unit + integration) on PGlite and on a throwaway PostgreSQL 15
#   3. npm run test:e2e (Playwright + Chromium against the production build)
# The last line is a count over the vitest and Playwright tests: `N passed, M failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

reports=$(mktemp -d "${TMPDIR:-/tmp}/travel-pay-test.XXXXXX")
vitest_json="$reports/vitest.json"
e2e_json="$reports/e2e.json"
started=$(date +%s)

# Counts tests from the two JSON reports that exist. A test file that failed to load
# (vitest) or a run-level error such as a web server that never started (Playwright)
# counts as one failure, so a broken run never reads as "0 failed".
summary() {
  node - "$vitest_json" "$e2e_json" <<'JS'
const fs = require('node:fs');
const read = (file) => { try { return JSON.parse(fs.readFileSync(file, 'utf8')); } catch { return null; } };
let passed = 0, failed = 0;
const vitest = read(process.argv[2]);
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  for (const file of vitest.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed').length;
    if (file.status === 'failed' && failedTests === 0) failed += 1;
  }
}
const e2e = read(process.argv[3]);
if (e2e) {
  passed += (e2e.stats?.expected ?? 0) + (e2e.stats?.flaky ?? 0);
  failed += (e2e.stats?.unexpected ?? 0) + (e2e.errors ?? []).length;
}
console.log(`${passed} passed, ${failed} failed`);
JS
}

finish() {
  local status=$1
  echo
  if [ "$status" -eq 0 ]; then
    echo "test-all: all steps passed in $(( $(date +%s) - started )) s"
  else
    echo "test-all: FAILED at step: $failed_step (exit $status) after $(( $(date +%s) - started )) s"
  fi
  summary
  rm -rf "$reports"
  exit "$status"
}

failed_step=""
step() {
  local name=$1; shift
  local step_started; step_started=$(date +%s)
  echo
  echo "==> test-all: $name"
  "$@"
  local status=$?
  if [ "$status" -ne 0 ]; then
    echo "test-all: step failed: $name (exit $status)" >&2
    failed_step=$name
    finish "$status"
  fi
  echo "==> test-all: $name passed in $(( $(date +%s) - step_started )) s"
}

# Two steps at once, each one's output shown whole when both have finished; fails if either failed.
both_steps() {
  local first=$1 second=$2 status=0
  local first_log="$reports/first.log" second_log="$reports/second.log"
  $first >"$first_log" 2>&1 &
  local first_pid=$!
  $second >"$second_log" 2>&1 &
  local second_pid=$!
  wait "$first_pid" || { status=$?; echo "test-all: failed: $first" >&2; }
  cat "$first_log"
  wait "$second_pid" || { status=$?; echo "test-all: failed: $second" >&2; }
  cat "$second_log"
  return "$status"
}

trap 'echo "test-all: interrupted" >&2; rm -rf "$reports"; exit 130' INT TERM

if [ ! -d node_modules ]; then
  step "npm ci (node_modules is missing)" bash scripts/install-deps.sh
fi

step "typecheck and lint (npm run typecheck, npm run lint)" both_steps "npm run typecheck" "npm run lint"
step "vitest: unit + integration on PGlite and PostgreSQL" \
  bash scripts/with-postgres.sh npx vitest run --reporter=default --reporter=json --outputFile.json="$vitest_json"
# The first step type-checked the tree: the e2e build skips its own check (next.config.ts).
step "end-to-end (npm run test:e2e)" env E2E_JSON_REPORT="$e2e_json" NEXT_BUILD_SKIP_TYPECHECK=1 npm run test:e2e

finish 0
