# usage: tmp-exp.sh <label> ; server from /tmp/fsrv-b on 3405, loads json, bare separately
cd /tmp/fsrv-b
DATABASE_URL=file:/work/main/tmp/bench-verify.db DATA_DIR=/work/main/tmp/bench-verify-data NODE_ENV=production DEMO_MODE=1 JOBS_DISABLED=1 PORT=3405 TRUST_PROXY=loopback PUBLIC_BASE_URL=http://localhost:3405 node server.js > /tmp/exp-server.log 2>&1 &
PID=$!
sleep 3
cd /work/main
node tmp-load.mjs >/dev/null
echo "$1: $(node tmp-load.mjs) | $(node tmp-load.mjs)"
kill $PID; wait $PID 2>/dev/null
