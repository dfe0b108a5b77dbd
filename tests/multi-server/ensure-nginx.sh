#!/usr/bin/env bash
# nginx for the reference deployment (deploy/start-local.sh) and the multi-server test: Debian's
# nginx-light, installed when missing (as root), like tests/e2e/ensure-chromium.sh does for Chromium.
set -euo pipefail
if command -v nginx >/dev/null; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "nginx não encontrado: instalando o pacote nginx-light do Debian…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
else
  echo "nginx não encontrado. Instale-o (Debian/Ubuntu: sudo apt-get install nginx-light)." >&2
  exit 1
fi
