"""Canonical JSON and hashing: the one serialisation every identity in tracegen uses."""

from __future__ import annotations

import hashlib
import json
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


def normalise(obj: Any) -> Any:
    """Round-trip through canonical JSON: tuples become lists, numpy scalars plain numbers.

    Semantic states and parameters are normalised before a task program sees them, so
    generation and replay (which reads them back from JSON) run on identical inputs.
    """
    return json.loads(canonical_json(obj))
