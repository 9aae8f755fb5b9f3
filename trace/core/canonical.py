"""Canonical JSON, hashing and atomic writes: the one serialisation every identity in the project uses.

Both packages use this module (``rlvr`` imports it from ``tracegen``; ``tracegen`` never imports
``rlvr``), so the same content always hashes the same way:

* ``canonical_json``: ``sort_keys=True``, ``separators=(",", ":")``, ``ensure_ascii=False`` (UTF-8
  text), ``allow_nan=False`` (NaN/Infinity are an error, never written), no ``default=str``: only
  JSON types plus numpy scalars/arrays, tuples and sets (converted to their plain JSON values) are
  accepted; anything else raises ``TypeError``.
* ``pretty_json``: the same rules, indented, for files people read (manifests, reports).
* ``sha256_bytes`` / ``sha256_json`` / ``sha256_file``: hex sha256 digests.
* ``write_atomic``: a temporary file in the target's own folder (a unique name per writer, so concurrent
  writers of one path never share it), flushed and fsync'd, then ``os.replace``: a reader sees the old
  file or the whole new one, never a half-written one.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import uuid
from pathlib import Path
from typing import Any


def _default(obj: Any):
    # numpy scalars / arrays without importing numpy here
    if hasattr(obj, "item") and callable(obj.item) and getattr(obj, "shape", None) == ():
        return obj.item()
    if hasattr(obj, "tolist"):
        return obj.tolist()
    if isinstance(obj, (set, frozenset)):
        return sorted(obj)
    if isinstance(obj, tuple):
        return list(obj)
    raise TypeError(f"not JSON-serialisable: {type(obj).__name__}")


def canonical_json(obj: Any) -> str:
    """Sorted keys, no whitespace, UTF-8 text, NaN forbidden."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False, default=_default)


def canonical_bytes(obj: Any) -> bytes:
    return canonical_json(obj).encode("utf-8")


def pretty_json(obj: Any) -> str:
    """Human-readable JSON under the same rules (sorted keys, UTF-8, NaN forbidden), newline-terminated."""
    return json.dumps(obj, sort_keys=True, indent=1, ensure_ascii=False, allow_nan=False, default=_default) + "\n"


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_json(obj: Any) -> str:
    return sha256_bytes(canonical_bytes(obj))


def sha256_file(path, chunk: int = 1 << 20) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while True:
            block = f.read(chunk)
            if not block:
                break
            h.update(block)
    return h.hexdigest()


def write_atomic(path, data: str | bytes) -> Path:
    """Write ``data`` (text is UTF-8 encoded, ``\\n`` kept as is) to ``path`` atomically; returns the path.

    The temporary file lives in the same folder (so ``os.replace`` is a rename on one file system)
    and is removed when anything fails; the parent folder is created if needed.
    """
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    for parent in (path.parent, *path.parent.parents):
        if parent.exists() and not parent.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "Not a directory", str(parent))
    path.parent.mkdir(parents=True, exist_ok=True)
    # unique per writer (processes and threads alike); "x" creates it with the umask's usual mode
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}-{uuid.uuid4().hex[:12]}")
    try:
        with open(tmp, "xb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
    return path


def write_json_atomic(path, obj: Any, *, pretty: bool = True) -> Path:
    """``obj`` as ``pretty_json`` (or canonical JSON plus a newline) written with ``write_atomic``."""
    return write_atomic(path, pretty_json(obj) if pretty else canonical_json(obj) + "\n")


def normalise(obj: Any) -> Any:
    """Round-trip through canonical JSON: tuples become lists, numpy scalars plain numbers.

    Semantic states and parameters are normalised before a task program sees them, so
    generation and replay (which reads them back from JSON) run on identical inputs.
    """
    return json.loads(canonical_json(obj))
