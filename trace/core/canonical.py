"""Canonical JSON and hashing: the one serialisation every identity in the project uses.

Both packages use this module (``rlvr`` imports it from ``tracegen``; ``tracegen`` never imports
``rlvr``), so the same content always hashes the same way:

* ``canonical_json``: ``sort_keys=True``, ``separators=(",", ":")``, ``ensure_ascii=False`` (UTF-8
  text), ``allow_nan=False`` (NaN/Infinity are an error, never written), no ``default=str``: only
  JSON types plus numpy scalars/arrays, tuples and sets (converted to their plain JSON values) are
  accepted; anything else raises ``TypeError``.
* ``pretty_json``: the same rules, indented, for files people read (manifests, reports).
* ``sha256_bytes`` / ``sha256_json`` / ``sha256_file``: hex sha256 digests.

Writing files (atomically, staged folders) is ``tracegen.core.files``.
"""

from __future__ import annotations

import hashlib
import json
import math
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


def pretty_json(obj: Any, *, indent: int = 1, sort_keys: bool = True) -> str:
    """Human-readable JSON under the same rules (UTF-8, NaN forbidden), newline-terminated; keys sorted
    unless ``sort_keys=False`` (a file whose key order is part of its meaning, e.g. the suite manifest)."""
    return json.dumps(obj, sort_keys=sort_keys, indent=indent, ensure_ascii=False, allow_nan=False,
                      default=_default) + "\n"


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
    generation and replay (which reads them back from JSON) run on identical inputs.  A plain
    string, integer, boolean, None or finite float comes back as it is (what the round trip gives),
    without the round trip: task programs normalise many single values.
    """
    t = type(obj)
    if t in _PLAIN or (t is float and math.isfinite(obj)):
        return obj
    return json.loads(canonical_json(obj))


_PLAIN = frozenset((str, int, bool, type(None)))
