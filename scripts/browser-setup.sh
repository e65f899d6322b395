#!/usr/bin/env bash
# Debian's Chromium for the viewer's browser test (needs root and Debian's packages). Installs it
# when missing and prints its version; exits non-zero when it cannot be had. playwright-core, which
# drives it, is an npm devDependency and downloads no browser of its own.
set -euo pipefail
bin=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$bin" ]; then
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
"$bin" --version 2>/dev/null | head -1
