#!/usr/bin/env bash
# The first command of the README: set up, build the corpus on first run, start the app.
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh
exec .venv/bin/judge serve "$@"
