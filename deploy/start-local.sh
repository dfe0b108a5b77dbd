#!/usr/bin/env bash
# The reference deployment on one machine (ADR 036, docs/deploy.md): nginx in front of two app
# servers on loopback, the machine's PostgreSQL and Redis, and S3-compatible storage (s3rver).
# Starts everything in the background, waits until the proxy answers, prints the address and
# leaves the process ids in $STATE_DIR/pids (deploy/stop-local.sh stops them).
#
#   deploy/start-local.sh            # http://localhost:3720, demo data (SEED_DEMO=1)
#
# Settings (environment): PROXY_PORT (3720), APP_PORTS ("3721 3722"), S3_PORT (3723),
# DEPLOY_DATABASE_URL (postgresql://postgres@127.0.0.1:5432/credencia_local),
# DEPLOY_REDIS_URL (redis://127.0.0.1:6379; "none" for PostgreSQL only), STATE_DIR
# (deploy/.local: logs, pids, bucket files, generated master key), SEED_DEMO (1), MASTER_KEY.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

PROXY_PORT=${PROXY_PORT:-3720}
APP_PORTS=${APP_PORTS:-"3721 3722"}
S3_PORT=${S3_PORT:-3723}
DEPLOY_DATABASE_URL=${DEPLOY_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/credencia_local}
DEPLOY_REDIS_URL=${DEPLOY_REDIS_URL:-redis://127.0.0.1:6379}
STATE_DIR=$(mkdir -p "${STATE_DIR:-deploy/.local}" && cd "${STATE_DIR:-deploy/.local}" && pwd)
SEED_DEMO=${SEED_DEMO:-1}
BUCKET=credencia

command -v nginx >/dev/null || { echo "nginx não encontrado: apt-get install -y nginx-light (como root)"; exit 1; }
mkdir -p "$STATE_DIR"/{logs,pids,s3,nginx-tmp}

# --- PostgreSQL and Redis: the machine's -------------------------------------------------------
pg_isready -d "$DEPLOY_DATABASE_URL" -q || { echo "PostgreSQL não responde em $DEPLOY_DATABASE_URL"; exit 1; }
DB_NAME=$(node -e 'console.log(new URL(process.argv[1]).pathname.slice(1))' "$DEPLOY_DATABASE_URL")
ADMIN_URL=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/postgres"; console.log(u.toString())' "$DEPLOY_DATABASE_URL")
if [ "$(psql "$ADMIN_URL" -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB_NAME'")" != "1" ]; then
  psql "$ADMIN_URL" -qc "CREATE DATABASE \"$DB_NAME\""
fi
if [ "$DEPLOY_REDIS_URL" != "none" ]; then
  node -e 'const { Redis } = require("ioredis"); const r = new Redis(process.argv[1], { lazyConnect: true, maxRetriesPerRequest: 0 });
    r.connect().then(() => r.ping()).then(() => r.quit()).catch((e) => { console.error("Redis não responde:", e.message); process.exit(1); })' \
    "$DEPLOY_REDIS_URL"
fi

# --- The master key: generated once for this machine, readable only by its owner ---------------
if [ -z "${MASTER_KEY:-}" ]; then
  if [ ! -f "$STATE_DIR/master.key" ]; then
    (umask 077 && node -e 'console.log(require("node:crypto").randomBytes(32).toString("base64"))' > "$STATE_DIR/master.key")
  fi
  MASTER_KEY=$(cat "$STATE_DIR/master.key")
fi

# --- What every app server shares ---------------------------------------------------------------
export NODE_ENV=production
export DATABASE_URL=$DEPLOY_DATABASE_URL
export MASTER_KEY
export PUBLIC_BASE_URL=${PUBLIC_BASE_URL:-http://localhost:$PROXY_PORT}
export TRUST_PROXY=loopback
export STORAGE_DRIVER=s3 S3_ENDPOINT=http://127.0.0.1:$S3_PORT S3_BUCKET=$BUCKET S3_REGION=us-east-1
export S3_ACCESS_KEY_ID=S3RVER S3_SECRET_ACCESS_KEY=S3RVER
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
export DATA_DIR=$STATE_DIR/data
export SHUTDOWN_TIMEOUT_MS=${SHUTDOWN_TIMEOUT_MS:-10000}
# The demo accounts (published passwords) sign in only in demo mode, which runs only on localhost.
if [ "$SEED_DEMO" = "1" ]; then export DEMO_MODE=1; else export DEMO_MODE=0; fi
if [ "$DEPLOY_REDIS_URL" != "none" ]; then export REDIS_URL=$DEPLOY_REDIS_URL; else unset REDIS_URL; fi

start() { # name, command… — in the background, its own process group, output to logs/<name>.log
  local name=$1; shift
  setsid "$@" >"$STATE_DIR/logs/$name.log" 2>&1 < /dev/null &
  echo $! > "$STATE_DIR/pids/$name.pid"
}
wait_for() { # url, what
  for _ in $(seq 1 120); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
    sleep 0.5
  done
  echo "$2 não respondeu em 60 s ($1); veja $STATE_DIR/logs"; exit 1
}

# --- Storage ------------------------------------------------------------------------------------
start s3 node deploy/s3-local.mjs "$S3_PORT" "$STATE_DIR/s3" "$BUCKET"
for _ in $(seq 1 60); do (exec 3<>"/dev/tcp/127.0.0.1/$S3_PORT") 2>/dev/null && break; sleep 0.5; done

# --- Schema, demo data, build -------------------------------------------------------------------
npx prisma migrate deploy > "$STATE_DIR/logs/migrate.log" 2>&1 || { cat "$STATE_DIR/logs/migrate.log"; exit 1; }
if [ "$SEED_DEMO" = "1" ]; then
  npx tsx prisma/seed.ts > "$STATE_DIR/logs/seed.log" 2>&1 || { cat "$STATE_DIR/logs/seed.log"; exit 1; }
fi
[ -f build/index.js ] || npm run build > "$STATE_DIR/logs/build.log" 2>&1

# --- App servers --------------------------------------------------------------------------------
i=0
UPSTREAM_SERVERS=""
for port in $APP_PORTS; do
  i=$((i + 1))
  PORT=$port start "app-$i" node server.js
  UPSTREAM_SERVERS+="    server 127.0.0.1:$port max_fails=1 fail_timeout=5s;"$'\n'
done
i=0
for port in $APP_PORTS; do
  i=$((i + 1))
  wait_for "http://127.0.0.1:$port/readyz" "Servidor $i (porta $port)"
done

# --- The proxy ----------------------------------------------------------------------------------
export STATE_DIR PROXY_PORT UPSTREAM_SERVERS
envsubst '${STATE_DIR} ${PROXY_PORT} ${UPSTREAM_SERVERS}' < deploy/nginx.conf.template > "$STATE_DIR/nginx.conf"
nginx -t -q -c "$STATE_DIR/nginx.conf" -p "$STATE_DIR"
start nginx nginx -c "$STATE_DIR/nginx.conf" -p "$STATE_DIR"
wait_for "http://127.0.0.1:$PROXY_PORT/healthz" "O proxy (porta $PROXY_PORT)"

echo "Portal em $PUBLIC_BASE_URL — servidores nas portas $APP_PORTS, S3 na $S3_PORT, registros em $STATE_DIR/logs."
[ "$SEED_DEMO" = "1" ] && echo "Contas de demonstração: senha demonstracao-credencia (ex.: gestor.patrocinio@credencia.demo)."
echo "Para parar: deploy/stop-local.sh"
