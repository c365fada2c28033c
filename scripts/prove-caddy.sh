#!/usr/bin/env bash
# Proof of deploy/ (issue 52): Debian's caddy with deploy/Caddyfile in front of the built server in
# production mode, on this machine, all on loopback addresses. Not part of `npm test`.
#   scripts/prove-caddy.sh            (needs: caddy, curl, /usr/bin/chromium; builds the app if needed)
# It shows: HTTP/2 and compression through Caddy; Chromium signing in over HTTPS; sign-in limits
# counted per real client (two client addresses, 127.0.0.2 and 127.0.0.3, through Caddy); the doctor
# all green; and, with TRUST_PROXY=10.9.9.9, the doctor naming the problem and the limit shared.
# Ports: PROVE_PORT (default 3221) for HTTPS and the next four for HTTP, the server, SMTP, Caddy's API.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
base=${PROVE_PORT:-3221}
https_port=$base http_port=$((base + 1)) app_port=$((base + 2)) smtp_port=$((base + 3)) admin_port=$((base + 4))
site="https://localhost:$https_port"
email=office@shreeacademy.in
password=proof-of-caddy-2026

work=$(mktemp -d /tmp/academy-prove-caddy.XXXXXX)
# As root the bundled PostgreSQL runs as `postgres`, which must pass through to DATA_DIR.
chmod 0711 "$work"
server_pid='' caddy_pid='' sink_pid=''

stop_server() {
  if [ -n "$server_pid" ]; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=''
  fi
}
cleanup() {
  local status=$?
  stop_server
  for pid in $caddy_pid $sink_pid; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ $status -eq 0 ]; then rm -rf "$work"; else echo "FAILED (exit $status); logs kept in $work" >&2; fi
}
trap cleanup EXIT

step() { printf '\n== %s\n' "$*"; }

wait_for() { # URL [curl options...]: until it answers 200, at most 10 minutes (a first build)
  local url=$1; shift
  for _ in $(seq 1 600); do
    if [ "$(curl -s -o /dev/null -w '%{http_code}' "$@" "$url" || true)" = 200 ]; then return 0; fi
    sleep 1
  done
  echo "no answer from $url" >&2
  return 1
}

write_env() { # TRUST_PROXY value
  cat > "$work/academy.env" <<EOF
NODE_ENV=production
HOST=127.0.0.1
PORT=$app_port
DATA_DIR=$work/data
APP_SECRET=$(openssl rand -hex 32)
PUBLIC_URL=$site
SMTP_URL=smtp://127.0.0.1:$smtp_port
MAIL_FROM='Shree Academy <$email>'
TRUST_PROXY=$1
LOG_LEVEL=warn
EOF
}

start_server() {
  # The same file the systemd unit reads (EnvironmentFile=), exported as it would be.
  (set -a; . "$work/academy.env"; exec node scripts/start.mjs server) >> "$work/server.log" 2>&1 &
  server_pid=$!
  wait_for "http://127.0.0.1:$app_port/api/health"
}

# curl from a chosen loopback address to Caddy, as a separate client would.
login_from() { # CLIENT_ADDRESS PASSWORD [extra curl options]
  local from=$1 pass=$2; shift 2
  curl -sk --interface "$from" --resolve "localhost:$https_port:127.0.0.1" -o /dev/null -w '%{http_code}' "$@" \
    -H 'content-type: application/json' -d "{\"email\":\"$email\",\"password\":\"$pass\"}" "$site/api/auth/login"
}

doctor() {
  # Caddy's own CA signed the certificate: the doctor trusts it as a browser that installed it would.
  NODE_EXTRA_CA_CERTS="$work/xdg-data/caddy/pki/authorities/local/root.crt" node scripts/start.mjs cli doctor --env-file "$work/academy.env"
}

step "Build (if older than the sources), SMTP sink, server in production mode"
node scripts/prove-caddy/smtp-sink.mjs "$smtp_port" > "$work/smtp.log" 2>&1 &
sink_pid=$!
write_env 127.0.0.1
start_server
echo "server: http://127.0.0.1:$app_port (NODE_ENV=production, TRUST_PROXY=127.0.0.1), log in $work/server.log"
node scripts/start.mjs cli users:create --env-file "$work/academy.env" --role admin --name "Office Admin" --email "$email" --password "$password"

step "Caddy $(caddy version | cut -d' ' -f1) with deploy/Caddyfile as it is"
mkdir -p "$work/home" "$work/xdg-data" "$work/xdg-config"
HOME="$work/home" XDG_DATA_HOME="$work/xdg-data" XDG_CONFIG_HOME="$work/xdg-config" \
  ACADEMY_DOMAIN=localhost ACADEMY_HTTPS_PORT=$https_port ACADEMY_HTTP_PORT=$http_port \
  ACADEMY_UPSTREAM=127.0.0.1:$app_port ACADEMY_CADDY_ADMIN=localhost:$admin_port \
  caddy run --config deploy/Caddyfile --adapter caddyfile > "$work/caddy.log" 2>&1 &
caddy_pid=$!
wait_for "$site/api/health" -k
echo "caddy: $site"

step "HTTP/2 and compression (curl --http2 -k)"
asset=$(curl -sk "$site/login" | grep -o '/assets/[^"]*\.js' | head -1)
for target in "/login|gzip" "$asset|br, gzip" "/api/settings/public|zstd" "/favicon.svg|zstd, gzip"; do
  path=${target%%|*} accept=${target#*|}
  curl -sk --http2 -o /dev/null -D "$work/headers" -H "accept-encoding: $accept" "$site$path"
  printf '%-42s accept-encoding: %-10s → %s, content-encoding: %s, cache-control: %s\n' "$path" "$accept" \
    "$(head -1 "$work/headers" | tr -d '\r')" \
    "$(grep -i '^content-encoding:' "$work/headers" | cut -d' ' -f2 | tr -d '\r' || true)" \
    "$(grep -i '^cache-control:' "$work/headers" | cut -d' ' -f2- | tr -d '\r' || true)"
done
grep -i '^alt-svc:' "$work/headers" | tr -d '\r' || true

step "Headless Chromium signs in over HTTPS"
SCREENSHOT="$work/sign-in.png" node scripts/prove-caddy/browser-sign-in.mjs "$site" "$email" "$password"

step "Sign-in limits per client through Caddy (TRUST_PROXY=127.0.0.1)"
codes=''
for _ in $(seq 1 11); do codes="$codes $(login_from 127.0.0.2 wrong-password)"; done
echo "client 127.0.0.2, 11 wrong passwords:$codes"
echo "client 127.0.0.2 claiming X-Forwarded-For: 198.51.100.9 (Caddy drops it): $(login_from 127.0.0.2 wrong-password -H 'x-forwarded-for: 198.51.100.9')"
echo "client 127.0.0.3, a wrong password: $(login_from 127.0.0.3 wrong-password)"
echo "client 127.0.0.3, the right password: $(login_from 127.0.0.3 "$password")"

step "A backup (made by the CLI beside the running server), then the doctor"
node scripts/start.mjs cli backup:create --env-file "$work/academy.env" | tail -1
doctor

step "The same with TRUST_PROXY=10.9.9.9 (a wrong proxy address): the server restarted with it"
stop_server
sed -i 's/^TRUST_PROXY=.*/TRUST_PROXY=10.9.9.9/' "$work/academy.env"
start_server
codes=''
for _ in $(seq 1 10); do codes="$codes $(login_from 127.0.0.2 wrong-password)"; done
echo "client 127.0.0.2, 10 wrong passwords:$codes"
echo "client 127.0.0.3, the right password: $(login_from 127.0.0.3 "$password")   (429: every client counts as 127.0.0.1)"
if doctor; then
  echo "the doctor should have failed with TRUST_PROXY=10.9.9.9" >&2
  exit 1
else
  echo "(doctor exit code $?)"
fi

step "Done"
