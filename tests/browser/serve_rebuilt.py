"""Build a corpus instance with a given corrections folder, then serve it (for the error
reports' cycle test, ``test_error_reports.py``).

    python serve_rebuilt.py PROJECT_ROOT CORRECTIONS_DIR INSTANCE_DIR

The real build (``corpus.build.build``, decode and all) reads its corrections from
CORRECTIONS_DIR instead of ``rules_corpus/corrections``; the real app then serves the new
instance on waitress on a free loopback port. Prints the port once serving, and stops when
its stdin closes.
"""
from __future__ import annotations

import os
import socket
import sys
import threading
from pathlib import Path


def main(root: str, corrections_dir: str, instance: str) -> None:
    sys.path.insert(0, root)
    os.environ["JUDGE_INSTANCE"] = instance
    os.environ.pop("JUDGE_DB", None)
    from judge_app import paths
    from judge_app.corpus import build, corrections

    corrections.CORRECTIONS_DIR = Path(corrections_dir)
    build.build(paths.db_path(), paths.index_dir(), progress=False)

    from waitress.server import create_server

    from judge_app.web import create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = create_server(create_app(), host="127.0.0.1", port=port, threads=4)
    threading.Thread(target=server.run, daemon=True).start()
    print(port, flush=True)
    sys.stdin.read()
    server.close()


if __name__ == "__main__":
    main(*sys.argv[1:4])
