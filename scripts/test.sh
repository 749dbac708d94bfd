#!/usr/bin/env bash
# The whole test suite: `npm test`. On a fresh Debian machine (as root) it first installs or starts
# what the suite needs — Debian's chromium, a running PostgreSQL, the npm packages — then runs
# lint, typecheck, the web build, unit + integration tests with coverage, and the end-to-end tests.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step says how long the run has taken so far, so a slow phase shows in CI's log.
started=$SECONDS
step() { printf '\n\033[1m▶ %s\033[0m  (%dm%02ds in)\n' "$*" $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)); }
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else echo "This step needs root (or sudo): $*" >&2; exit 1; fi
}
apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"

step "Chromium for the end-to-end tests and the desktop shell's"
# The end-to-end tests run in chromium-headless-shell (e2e/support/e2e-env.ts); the desktop
# shell's tests open a real chromium window under Xvfb.
chromium_missing=()
command -v chromium >/dev/null 2>&1 || chromium_missing+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || chromium_missing+=(chromium-headless-shell)
if [ "${#chromium_missing[@]}" -gt 0 ]; then
  echo "Installing Debian's ${chromium_missing[*]}…"
  apt_install "${chromium_missing[@]}"
fi
chromium --version
chromium-headless-shell --version
# Rewards carry emoji icons: without a colour emoji font the screenshots show empty boxes.
if [ ! -d /usr/share/fonts/truetype/noto ] || ! ls /usr/share/fonts/truetype/noto | grep -qi emoji; then
  echo "No colour emoji font: installing Debian's fonts-noto-color-emoji…"
  apt_install fonts-noto-color-emoji
fi

# openssl makes the certificate of the push tests' TLS service (web-push-transport.test.ts).
if ! command -v openssl >/dev/null 2>&1; then
  echo "openssl is missing: installing Debian's package…"
  apt_install openssl
fi

step "A desktop session for the desktop shell's tests (packages/desktop)"
# Xvfb for its window, dbus-daemon for a private session bus, xdotool to hide and show the
# window, python3-gi with Ayatana AppIndicator for its tray, notify-send for the fallback.
desktop_missing=()
command -v Xvfb >/dev/null 2>&1 || desktop_missing+=(xvfb)
command -v dbus-daemon >/dev/null 2>&1 || desktop_missing+=(dbus)
command -v xdotool >/dev/null 2>&1 || desktop_missing+=(xdotool)
command -v notify-send >/dev/null 2>&1 || desktop_missing+=(libnotify-bin)
/usr/bin/python3 -c "import gi; gi.require_version('AyatanaAppIndicator3', '0.1')" >/dev/null 2>&1 ||
  desktop_missing+=(python3-gi gir1.2-ayatanaappindicator3-0.1)
if [ "${#desktop_missing[@]}" -gt 0 ]; then
  echo "Installing Debian's ${desktop_missing[*]}…"
  apt_install "${desktop_missing[@]}"
fi

step "PostgreSQL for the integration tests ($TEST_DATABASE_URL)"
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "PostgreSQL is missing: installing Debian's package (apt-get install postgresql)…"
  apt_install postgresql
  # A fresh install only allows password logins over TCP; the suite uses trust on loopback.
  hba=$(ls /etc/postgresql/*/main/pg_hba.conf | head -n 1)
  as_root sed -i -E 's/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)\S+/\1trust/' "$hba"
fi
if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "PostgreSQL is not running: starting it (pg_ctlcluster … main start)…"
  as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -n 1)" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p 5432
if ! psql "$TEST_DATABASE_URL" -qtAc 'select 1' >/dev/null 2>&1; then
  echo "Creating the test database…"
  psql -h 127.0.0.1 -U postgres -d postgres -qc 'create database test' >/dev/null
fi

step "npm packages"
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "$(cat node_modules/.habitquest-lock 2>/dev/null || true)" != "$lock_sum" ]; then
  echo "Installing from the lockfile (npm ci)…"
  npm ci --no-audit --no-fund
  echo "$lock_sum" > node_modules/.habitquest-lock
else
  echo "node_modules matches package-lock.json"
fi

mkdir -p test-results
step "One version of each dependency"
node scripts/check-deps.mjs
step "Lint (ESLint, zero warnings) and format (Prettier)"
npx eslint . --max-warnings 0
npx prettier --check . --log-level warn
step "Typecheck (tsc -b)"
npx tsc -b
step "Build the web app"
npm run build --silent -w @habitquest/web
step "Unit and integration tests (Vitest, with coverage)"
npx vitest run --coverage --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
step "End-to-end tests (Playwright in Debian's chromium-headless-shell)"
# The app and the Stripe stand-in listen on E2E_PORT and the port after it: 3187 unless taken
# (a server left running there must not fail the run at its start), else another free pair.
if [ -z "${E2E_PORT:-}" ]; then E2E_PORT=$(node scripts/free-port-pair.mjs); export E2E_PORT; fi
echo "App under test on 127.0.0.1:$E2E_PORT, the Stripe stand-in on $((E2E_PORT + 1))"
npx playwright test
step "Summary"
node scripts/test-summary.mjs
