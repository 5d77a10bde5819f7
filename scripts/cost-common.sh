# Shared by scripts/cost-table and scripts/cost-profile (sourced, not run): release nodes on databases
# of the throwaway PostgreSQL that .ci/with-postgres started ($PARLOR_TEST_POSTGRES_URL).
admin=$PARLOR_TEST_POSTGRES_URL
work=$(mktemp -d /tmp/parlor-cost.XXXXXX)
pids=()
stop() { for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done; pids=(); }
trap 'stop; rm -rf "$work"' EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
psql_admin() { python3 - "$admin" "$1" <<'PY'
import subprocess, sys, urllib.parse
url = urllib.parse.urlparse(sys.argv[1])
env = {"PGPASSWORD": urllib.parse.unquote(url.password or ""), "PATH": "/usr/bin:/bin"}
subprocess.run(["psql", "-qAt", "-h", url.hostname, "-p", str(url.port), "-U", url.username, "-d", url.path.lstrip("/"), "-c", sys.argv[2]],
               env=env, check=True, stdout=subprocess.DEVNULL)
PY
}

# serve BIN DATABASE: a release node on DATABASE, its port in $port and its pid in $server_pid once it listens.
serve() {
  port=$(free_port)
  local base=${admin%/*}
  PARLOR_RATE_LIMITS=off "$1/parlor" serve --port "$port" --database-url "$base/$2" --log-level error >"$work/serve.out" 2>"$work/serve.err" &
  server_pid=$!
  pids+=($server_pid)
  for _ in $(seq 300); do grep -q listening "$work/serve.out" 2>/dev/null && return; sleep 0.1; done
  echo "cost: the server did not start:"; cat "$work/serve.err"; exit 1
}

# load_options ROW: the parlor-loadtest options of a row (think1000, think300, sat).
load_options() {
  case $1 in
    think1000) echo --games 1000 --think 2000 --duration 60 --warmup 20 ;;
    think300) echo --games 300 --think 2000 --duration 40 --warmup 10 ;;
    sat) echo --games 100 --think 0 --duration 30 --warmup 10 ;;
    *) echo "unknown row '$1' (think1000, think300, sat)" >&2; return 1 ;;
  esac
}
