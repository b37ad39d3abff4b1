#!/usr/bin/env bash
# Runs `npm start` until it prints that the site is running, checks that the site and its API answer on the one
# origin it printed, then stops it the way a person would (SIGTERM to the process group) and waits for it to exit.
# Used by .ci/run so that every CI run also proves the README's "npm start, then npm test" order.
set -euo pipefail
cd "$(dirname "$0")/.."

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
setsid npm start > "$log" 2>&1 &
pid=$!

# Waits on the log itself: `tail --pid` ends when npm start does, so a start that fails ends the wait too. The
# status is grep's alone (tail ends with SIGPIPE once grep has found the line, which pipefail would count).
if ! grep -m1 -q 'is running at' < <(timeout 1200 tail --pid="$pid" -n +1 -f "$log"); then
  echo "npm start did not become ready:"; cat "$log"
  kill -TERM -- "-$pid" 2>/dev/null || true
  exit 1
fi
origin="$(grep -o 'running at http[^ ]*' "$log" | head -1 | sed 's/^running at //; s#/de$##')"
echo "npm start is ready at $origin"
status_page="$(curl -s -o /dev/null -w '%{http_code}' "$origin/de/")"
status_api="$(curl -s -o /dev/null -w '%{http_code}' "$origin/de/api/events/")"
kill -TERM -- "-$pid"
wait "$pid" || true
# npm ends first; the server and the build process loaded ahead close after it. The tests start once the whole
# group has gone (it holds port and build folder until then).
for _ in $(seq 1 300); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 -- "-$pid" 2>/dev/null; then echo "npm start did not stop within 30 s of SIGTERM"; kill -KILL -- "-$pid"; exit 1; fi
if [ "$status_page" != 200 ] || [ "$status_api" != 200 ]; then
  echo "npm start served /de/ with $status_page and /de/api/events/ with $status_api:"; cat "$log"
  exit 1
fi
echo "npm start served the site and its API; stopped."
