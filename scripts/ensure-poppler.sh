#!/usr/bin/env bash
# The receipt tests read the PDF's text with Debian's pdftotext (poppler-utils).
set -euo pipefail
if command -v pdftotext >/dev/null 2>&1; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing poppler-utils (pdftotext) from Debian's packages..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null
  exit 0
fi
echo "pdftotext is needed for the receipt tests: install Debian's 'poppler-utils' package" >&2
echo "(sudo apt-get install -y poppler-utils)." >&2
exit 1
