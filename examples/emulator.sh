#!/usr/bin/env bash
# Start the built-in emulator on a free port, read the proxy counters through it, stop it.
# Run from the repository root after `npm ci`.
set -euo pipefail
export DSIP_TOKEN="example-token-$(date +%s)"
coproc EMU { npx dsipform emulator --port 0; }
read -r line <&"${EMU[0]}"          # "listening on http://127.0.0.1:PORT"
url="${line#listening on }"
npx dsipform stats --url "$url"
kill "$EMU_PID"
wait "$EMU_PID" || true
