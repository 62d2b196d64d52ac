#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed at /usr/bin/chromium for the end-to-end tests.
# Playwright never downloads its own browsers here: playwright.config.ts points at this binary.
set -euo pipefail
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then
  exit 0
fi

if [ "$(id -u)" != "0" ]; then
  echo "ensure-chromium: $CHROMIUM is missing and this is not root; install it with: sudo apt-get install chromium" >&2
  exit 1
fi

echo "ensure-chromium: installing Chromium (apt-get install chromium)" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: apt-get finished but $CHROMIUM is still missing" >&2
  exit 1
fi
echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo installed)" >&2
