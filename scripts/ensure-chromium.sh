#!/usr/bin/env bash
# Makes sure a Chromium for the browser tests exists: CHROMIUM_PATH, else /usr/bin/chromium.
# As root on Debian it installs Debian's package; otherwise it says how to. Never a browser
# downloaded by a test tool.
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$path" ]; then
  exit 0
fi
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
  exit 1
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  [ -x /usr/bin/chromium ] && exit 0
fi
cat >&2 <<MSG
The browser tests need Chromium at /usr/bin/chromium (or set CHROMIUM_PATH).
Install it, e.g. on Debian/Ubuntu:  sudo apt-get install chromium
MSG
exit 1
