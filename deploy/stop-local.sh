#!/usr/bin/env bash
# Stops what deploy/start-local.sh started (by the process ids it wrote), proxy first; the app
# servers get SIGTERM and drain their requests. Data (database, bucket files) is kept.
set -uo pipefail
cd "$(dirname "$0")/.."
STATE_DIR=${STATE_DIR:-deploy/.local}
for name in nginx app-1 app-2 app-3 app-4 s3; do
  file="$STATE_DIR/pids/$name.pid"
  [ -f "$file" ] || continue
  pid=$(cat "$file")
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
  fi
  rm -f "$file"
done
echo "Parado."
