#!/usr/bin/env bash
# Makes sure a Chromium is there for the end-to-end tests. Playwright cannot download its own
# browser on our machines; Debian's package is used instead (see README, "Testes").
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Chromium não encontrado: instalando o pacote chromium do Debian…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
cat >&2 <<MSG
Chromium não encontrado em $browser.
Instale o navegador (Debian/Ubuntu: sudo apt-get install chromium) ou aponte para um
Chromium/Chrome existente: CHROMIUM_PATH=/caminho/do/chromium npm test
MSG
exit 1
