#!/usr/bin/env bash
# Makes sure the programs the tests call are there: Debian's Chromium for the end-to-end tests
# (tests/e2e/ensure-chromium.sh) and poppler's pdftoppm, which renders the crachá at 150 dpi for
# the QR-at-arm's-length test (tests/unit/credentials/badge-qr-camera.test.ts), and libfaketime,
# under which tests/e2e/second-server.ts runs a server living on another day.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v pdftoppm >/dev/null; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "pdftoppm não encontrado: instalando o pacote poppler-utils do Debian…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null
  else
    echo "pdftoppm não encontrado. Instale-o (Debian/Ubuntu: sudo apt-get install poppler-utils)." >&2
    exit 1
  fi
fi
if [ ! -e /usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1 ] && [ ! -e /usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "libfaketime não encontrada: instalando os pacotes libfaketime e faketime do Debian…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libfaketime faketime >/dev/null
  else
    echo "libfaketime não encontrada. Instale-a (Debian/Ubuntu: sudo apt-get install libfaketime faketime)." >&2
    exit 1
  fi
fi
bash tests/e2e/ensure-chromium.sh
