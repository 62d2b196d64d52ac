#!/usr/bin/env bash
# Installs the locked dependencies: `npm ci --no-audit --no-fund`.
#
# One narrow fallback: npm 11 (npm/cli#8805) refuses a lockfile that lacks the
# platform-specific optional builds of other systems (e.g. "Missing:
# @swc/core-darwin-arm64@ from lock file", with no version), and a registry mirror
# that does not serve those builds cannot regenerate them. Only in that case, with
# no other difference reported, the same locked versions are installed with
# `npm install --no-save` (which leaves package.json and package-lock.json alone).
# Any real drift between package.json and package-lock.json still fails.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

log=$(mktemp "${TMPDIR:-/tmp}/travel-pay-npm-ci.XXXXXX")
trap 'rm -f "$log"' EXIT

# stdout (progress, "added N packages") streams; stderr is kept to decide on the fallback.
if npm ci --no-audit --no-fund 2>"$log"; then
  cat "$log" >&2
  exit 0
fi

out_of_sync='can only install packages when your package.json and package-lock.json'
differences=$(grep -E '^npm error (Missing|Invalid):' "$log" || true)
# npm 11.19 names the version ("Missing: @swc/core-darwin-arm64@1.16.22 from lock file"), older ones do not;
# either way only a build for another operating system or processor counts as this case.
platform_build='^npm error Missing: [^ ]+-(darwin|win32|android|freebsd|openbsd|sunos|aix|openharmony|linux)-[a-z0-9_-]+@[^ ]* from lock file$'
other_differences=$(printf '%s\n' "$differences" | grep -vE "$platform_build" | grep -v '^$' || true)

if grep -q "$out_of_sync" "$log" && [ -n "$differences" ] && [ -z "$other_differences" ]; then
  grep -v '^npm error' "$log" >&2 || true
  echo >&2
  echo "install-deps: WARNING: npm ci refused package-lock.json only because it lacks other platforms'" >&2
  echo "install-deps: optional builds ($(printf '%s\n' "$differences" | wc -l) packages, e.g. $(printf '%s\n' "$differences" | head -1 | sed -E 's/^npm error Missing: ([^ ]+)@[^ ]* .*/\1/'))." >&2
  echo "install-deps: Installing the locked versions with 'npm install --no-save' instead." >&2
  echo "install-deps: Fix: regenerate package-lock.json where the full npm registry is reachable." >&2
  npm install --no-save --no-audit --no-fund
  exit 0
fi

cat "$log" >&2
echo "install-deps: npm ci failed (see above)" >&2
exit 1
