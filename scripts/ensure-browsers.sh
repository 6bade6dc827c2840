#!/usr/bin/env bash
# Puppeteer never downloads a browser here: the tests use Debian's chromium, and Debian's
# firefox-esr for the second-engine project (tests/firefox). Installs whichever is missing.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v firefox-esr >/dev/null 2>&1 || missing+=(firefox-esr)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "missing: ${missing[*]}: run 'sudo apt-get install -y ${missing[*]}' (or set PUPPETEER_EXECUTABLE_PATH / FIREFOX_PATH)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
chromium --version
firefox-esr --version
