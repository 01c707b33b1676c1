"""The Flask SECRET_KEY: the same for every worker process and across restarts.

``JUDGE_SECRET_KEY`` wins when set. Otherwise the key lives in ``instance/secret_key``
(mode 0600), generated once: written to a private temporary file and hard-linked into
place, so when several workers start together exactly one key is created and all read it.
"""
from __future__ import annotations

import os
import secrets
from pathlib import Path

from .. import paths

ENV = "JUDGE_SECRET_KEY"
FILE_NAME = "secret_key"


def key_path() -> Path:
    return paths.instance_dir() / FILE_NAME


def load_or_create(path: Path | None = None) -> str:
    explicit = os.environ.get(ENV)
    if explicit:
        return explicit
    path = Path(path) if path else key_path()
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{FILE_NAME}.{os.getpid()}.{secrets.token_hex(4)}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, secrets.token_hex(32).encode())
        finally:
            os.close(fd)
        try:
            os.link(tmp, path)   # fails if another process got there first: then use theirs
        except FileExistsError:
            pass
        finally:
            tmp.unlink(missing_ok=True)
    return path.read_text(encoding="utf-8").strip()
