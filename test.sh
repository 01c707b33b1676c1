#!/usr/bin/env bash
# The second command of the README: set up (with the test extras and Chromium) and run every test.
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh test
exec .venv/bin/python -m pytest "$@"
