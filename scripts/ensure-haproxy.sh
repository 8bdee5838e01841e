#!/usr/bin/env bash
# The cluster test (pnpm test:cluster) puts Debian's HAProxy in front of the server instances.
set -euo pipefail
if command -v haproxy >/dev/null 2>&1; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing HAProxy from Debian's packages..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
  exit 0
fi
echo "HAProxy is needed for pnpm test:cluster: install Debian's 'haproxy' package" >&2
echo "(sudo apt-get install -y haproxy)." >&2
exit 1
