#!/usr/bin/env bash
# Browser tests drive Debian's Chromium: Playwright's own browser download is not reachable here.
# Hindi pages need a Devanagari font too: without one Chromium draws every letter as a box, so
# screenshots, Lighthouse's Hindi rows and the layout of Hindi pages would not be what a reader
# sees (Debian's fonts-noto-core has Noto Sans Devanagari, which the pages' font stack names).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
packages=()
[ -x "$CHROMIUM" ] || packages+=(chromium)
# fontconfig brings fc-list, which Chromium's own dependencies do not.
command -v fc-list >/dev/null 2>&1 || packages+=(fontconfig)
if ! command -v fc-list >/dev/null 2>&1 || [ -z "$(fc-list :lang=hi 2>/dev/null)" ]; then
  packages+=(fonts-noto-core)
fi
if [ "${#packages[@]}" -eq 0 ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing ${packages[*]} from Debian's packages..."
  if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null; then
    exit 0
  fi
  # Without Chromium the browser tests cannot run; without the font only Hindi looks wrong.
  [ -x "$CHROMIUM" ] || exit 1
fi
if [ ! -x "$CHROMIUM" ]; then
  echo "Chromium is needed for the browser tests: install Debian's 'chromium' package" >&2
  echo "(sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary." >&2
  exit 1
fi
# Chromium is there; only the Devanagari font is missing and cannot be installed from here.
echo "No Devanagari font: Hindi pages will show boxes (sudo apt-get install -y fonts-noto-core)." >&2
