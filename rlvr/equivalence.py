"""Equivalence receipts: a digest of every model-consumed value of a parquet split.

For each row (in order) and each consumed column we store a 16-hex-digit sha256 prefix of the
value: the prompt text, the image bytes, the ground-truth answer, and the instance id.  Two
receipts are equivalent iff they have the same version and columns, the same number of rows, every
row has one digest per column, and every cell digest matches; ``compare`` checks every row and column
and reports how many cells differ and the first of them. An empty or malformed digest never compares
equal. A sha256 over all cells summarises the split.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from tracegen.core.canonical import sha256_json

COLUMNS = ("instance_id", "prompt_answer", "images", "answer_gt")
VERSION = "rlvr-equivalence-v1"
_CELL = re.compile(r"[0-9a-f]{16}")


class EquivalenceError(ValueError):
    """A split that cannot be digested (one line naming the file)."""


def _digest(value) -> str:
    if isinstance(value, list):  # images: list of {bytes, path}
        h = hashlib.sha256()
        for item in value:
            h.update(hashlib.sha256(item["bytes"] if isinstance(item, dict) else item).digest())
        return h.hexdigest()[:16]
    if isinstance(value, bytes):
        return hashlib.sha256(value).hexdigest()[:16]
    return hashlib.sha256(str(value).encode("utf-8")).hexdigest()[:16]


def shards(parquet_dir) -> list[Path]:
    d = Path(parquet_dir)
    if not d.is_dir():
        raise EquivalenceError(f"{parquet_dir} is not a directory of parquet files")
    files = sorted(d.glob("*.parquet"))
    if not files:
        raise EquivalenceError(f"no .parquet files in {parquet_dir}")
    return files


def make_receipt(parquet_dir) -> dict:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = []
    files = shards(parquet_dir)
    for f in files:
        try:
            table = pq.read_table(f, columns=list(COLUMNS))
        except (pa.ArrowException, OSError) as e:
            raise EquivalenceError(f"{f}: not a readable parquet file with columns {', '.join(COLUMNS)}: "
                                   f"{' '.join(str(e).split())[:200]}") from None
        cols = {c: table.column(c).to_pylist() for c in COLUMNS}
        for i in range(table.num_rows):
            try:
                rows.append([_digest(cols[c][i]) for c in COLUMNS])
            except (TypeError, KeyError) as e:
                raise EquivalenceError(f"{f} row {i}: a value of unexpected type ({e})") from None
    if not rows:
        raise EquivalenceError(f"the parquet files in {parquet_dir} hold no rows")
    return {"version": VERSION, "columns": list(COLUMNS), "num_rows": len(rows),
            "files": [f.name for f in files], "sha256": sha256_json(rows), "rows": rows}


def shape_problem(rec, name="receipt") -> str | None:
    """Why ``rec`` is not a well-formed, non-empty equivalence receipt (None when it is)."""
    if not isinstance(rec, dict):
        return f"{name} is not a JSON object"
    if rec.get("version") != VERSION:
        return f"{name} is not a {VERSION} receipt (version {rec.get('version')!r})"
    cols, rows = rec.get("columns"), rec.get("rows")
    if not isinstance(cols, list) or not cols or not all(isinstance(c, str) for c in cols):
        return f"{name} has no column list"
    if not isinstance(rows, list) or not rows:
        return f"{name} holds no rows"
    if rec.get("num_rows") != len(rows):
        return f"{name} says num_rows {rec.get('num_rows')!r} but holds {len(rows)} rows"
    for i, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != len(cols) or not all(
                isinstance(x, str) and _CELL.fullmatch(x) for x in row):
            return f"{name} row {i} is not {len(cols)} 16-hex digests"
    if rec.get("sha256") != sha256_json(rows):
        return f"{name}'s sha256 does not match its rows"
    return None


def compare(a: dict, b: dict, names=("first", "second")) -> dict:
    """{"equal", "first_difference": {"row", "column"} | None, "differing_cells", "message"[, "sha256"]}."""
    for rec, name in ((a, names[0]), (b, names[1])):
        why = shape_problem(rec, str(name))
        if why:
            return {"equal": False, "first_difference": None, "differing_cells": None, "message": why}
    if a["columns"] != b["columns"]:
        return {"equal": False, "first_difference": None, "differing_cells": None,
                "message": f"columns differ ({a['columns']} vs {b['columns']})"}
    first, differing = None, 0
    for i, (ra, rb) in enumerate(zip(a["rows"], b["rows"])):
        for col, x, y in zip(a["columns"], ra, rb):
            if x != y:
                differing += 1
                first = first or {"row": i, "column": col}
    if a["num_rows"] != b["num_rows"]:
        n = min(a["num_rows"], b["num_rows"])
        first = first or {"row": n, "column": None}
        return {"equal": False, "first_difference": first, "differing_cells": differing,
                "message": f"row counts differ ({a['num_rows']} vs {b['num_rows']}); first difference at row "
                           f"{first['row']}" + (f" column {first['column']}" if first["column"] else "")}
    if first:
        return {"equal": False, "first_difference": first, "differing_cells": differing,
                "message": f"row {first['row']} column {first['column']} differs ({differing} differing cells)"}
    return {"equal": True, "first_difference": None, "differing_cells": 0,
            "message": f"{a['num_rows']} rows identical", "sha256": a["sha256"]}
