#!/usr/bin/env bash
# `npm test`: every test layer, from a fresh clone. Lint, typecheck, unit + integration tests
# (Vitest, fresh PostgreSQL database), one production build, then end-to-end tests in real
# Chromium (Playwright) against `next start`.
#
# Needs a PostgreSQL server where it may create databases: TEST_ADMIN_DATABASE_URL, default
# postgresql://postgres@127.0.0.1:5432/postgres. On a Debian machine with a local cluster that
# is down, it is started. Chromium: /usr/bin/chromium when present, else Playwright's browser.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh

export TEST_ADMIN_DATABASE_URL="${TEST_ADMIN_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
if ! node -e "const c=new (require('pg').Client)({connectionString:process.env.TEST_ADMIN_DATABASE_URL});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" 2>/dev/null; then
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    echo "[test] starting the local PostgreSQL cluster"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    sleep 2
  fi
fi

stage() { echo; echo "=== $* ==="; }
results=()
record() { results+=("$1: $2"); }

stage "lint"
node_modules/.bin/eslint . --max-warnings=0
stage "typecheck"
node_modules/.bin/tsc --noEmit

stage "unit + integration tests (Vitest, PostgreSQL)"
node_modules/.bin/vitest run --reporter=default 2>&1 | tee /tmp/tropos-vitest.log
vitest_status=${PIPESTATUS[0]}
[ "$vitest_status" -eq 0 ] || exit "$vitest_status"

stage "production build"
DATABASE_URL="postgresql://build-time-unused@127.0.0.1:1/unused" node_modules/.bin/next build

stage "tests that need the production build (Vitest: npm run demo starts and stops)"
# skipped in the first Vitest run when there was no build yet (a fresh clone)
node_modules/.bin/vitest run tests/integration/demo-stop.test.ts --reporter=default 2>&1 | tee /tmp/tropos-vitest-built.log
built_status=${PIPESTATUS[0]}
[ "$built_status" -eq 0 ] || exit "$built_status"

stage "end-to-end tests (Playwright, Chromium, next start)"
export E2E_DATABASE_URL="$(node_modules/.bin/tsx scripts/e2e-prepare.ts | tail -1)"
node_modules/.bin/playwright test 2>&1 | tee /tmp/tropos-e2e.log
e2e_status=${PIPESTATUS[0]}

# One closing line counted across layers ("N passed, N failed").
node scripts/test-summary.mjs /tmp/tropos-vitest.log /tmp/tropos-vitest-built.log /tmp/tropos-e2e.log
exit "$e2e_status"
