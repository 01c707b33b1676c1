#!/usr/bin/env bash
# Sets up everything judge_app needs on a fresh machine with Python 3.11+ and git:
# a virtual environment in .venv with the pinned dependencies, and (for the tests)
# Debian's Chromium for the browser tests, (for bench/web_bench.py: ./setup.sh bench)
# Debian's wrk; and for the offline app (issue 28) Debian's nodejs and npm with the npm
# packages pinned in package-lock.json (Workbox, MiniSearch, Snowball's JavaScript port), which
# the corpus build copies into the offline pack. Safe to run again: it only does what is missing.
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
want_tests=${1:-}

if [ ! -x .venv/bin/python ]; then
  echo "==> creating .venv"
  "$PY" -m venv .venv
fi
stamp=.venv/.installed-$(cat pyproject.toml | sha256sum | cut -c1-16)$want_tests
if [ ! -f "$stamp" ]; then
  echo "==> installing dependencies"
  .venv/bin/python -m pip install --quiet --upgrade pip
  if [ "$want_tests" = "test" ]; then
    .venv/bin/python -m pip install --quiet -e '.[test]'
  else
    .venv/bin/python -m pip install --quiet -e .
  fi
  touch "$stamp"
fi

apt_install() {  # Debian packages: as root, or through sudo
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  elif command -v sudo >/dev/null; then
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  else
    return 1
  fi
}

if [ "$want_tests" = "bench" ] && ! command -v wrk >/dev/null; then
  echo "==> installing wrk for bench/web_bench.py (Debian package)"
  apt_install wrk || echo "!! cannot install wrk (not root, no sudo): bench/web_bench.py needs it" >&2
fi

if [ "$want_tests" = "test" ] && [ ! -x /usr/bin/chromium ]; then
  echo "==> installing Chromium for the browser tests (Debian package)"
  apt_install chromium || echo "!! cannot install chromium (not root, no sudo): browser tests will be skipped" >&2
fi

# The offline app: Node builds the offline search index and the pack carries Workbox and
# MiniSearch from node_modules. Without them the app still runs, online only.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "==> installing Node.js and npm for the offline app (Debian packages)"
  apt_install nodejs npm || echo "!! cannot install nodejs/npm (not root, no sudo): the app will work online only" >&2
fi
npm_stamp=node_modules/.installed-$(cat package-lock.json | sha256sum | cut -c1-16)
if command -v npm >/dev/null && [ ! -f "$npm_stamp" ]; then
  echo "==> installing the offline app's npm packages (npm ci, package-lock.json)"
  if npm ci --no-audit --no-fund --loglevel=error >/dev/null; then
    touch "$npm_stamp"
  else
    echo "!! npm ci failed: the app will work online only" >&2
  fi
fi
