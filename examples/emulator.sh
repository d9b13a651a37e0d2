#!/usr/bin/env bash
# Start the built-in emulator on a free port, read the proxy counters through it, stop it.
# Run from the repository root after `npm ci`. Whatever happens (a failed command, Ctrl-C), the
# emulator this script started is stopped before it exits.
set -euo pipefail
export DSIP_TOKEN="example-token-$(date +%s)"
dir="$(mktemp -d)"
mkfifo "$dir/ready"

# Job control gives the emulator its own process group: stopping the group stops npx and the node
# process under it, not only the first of them.
set -m
npx dsipform emulator --port 0 >"$dir/ready" &
emu=$!
set +m
stop_emulator() {
  kill -TERM -- "-$emu" 2>/dev/null || true
  wait "$emu" 2>/dev/null || true
  rm -rf "$dir"
}
trap stop_emulator EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

exec 3<"$dir/ready"
read -r line <&3                    # "listening on http://127.0.0.1:PORT"
url="${line#listening on }"
npx dsipform stats --url "$url"
