#!/usr/bin/env bash
# Makes a fresh clone runnable: installs locked dependencies when they are missing or stale,
# and generates the Prisma client. Safe to run every time (it does nothing when up to date).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[tropos] Installing dependencies …"
  # `npm install` on the committed lock file rather than `npm ci`: the registry mirror this project
  # is built against lacks some other platforms' optional binaries (e.g. @next/swc-darwin-*), so
  # the lock file cannot list them and `npm ci` would refuse it as out of sync. Versions still
  # come from the lock file.
  npm install --no-audit --no-fund
fi
if [ ! -f lib/generated/prisma/client.ts ] || [ prisma/schema.prisma -nt lib/generated/prisma/client.ts ]; then
  echo "[tropos] Generating the Prisma client …"
  # DATABASE_URL only has to be set for `prisma generate` not to try a download; it is not contacted.
  DATABASE_URL="${DATABASE_URL:-postgresql://localhost:5432/unused}" node_modules/.bin/prisma generate >/dev/null
fi
