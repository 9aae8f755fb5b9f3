"""Equivalence receipts: a digest of every model-consumed value of a parquet split.

For each row (in order) and each consumed column we store a 16-hex-digit sha256 prefix of the
value: the prompt text, the image bytes, the ground-truth answer, and the instance id.  Two
receipts are equivalent iff every cell digest matches; a mismatch names the first differing
row and column.  A sha256 over all cells summarises the split.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

COLUMNS = ("instance_id", "prompt_answer", "images", "answer_gt")
VERSION = "rlvr-equivalence-v1"


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
    files = sorted(Path(parquet_dir).glob("*.parquet"))
    if not files:
        raise FileNotFoundError(f"no .parquet files in {parquet_dir}")
    return files


def make_receipt(parquet_dir) -> dict:
    import pyarrow.parquet as pq

    rows = []
    files = shards(parquet_dir)
    for f in files:
        table = pq.read_table(f, columns=list(COLUMNS))
        cols = {c: table.column(c).to_pylist() for c in COLUMNS}
        for i in range(table.num_rows):
            rows.append([_digest(cols[c][i]) for c in COLUMNS])
    total = hashlib.sha256(json.dumps(rows, separators=(",", ":")).encode()).hexdigest()
    return {"version": VERSION, "columns": list(COLUMNS), "num_rows": len(rows),
            "files": [f.name for f in files], "sha256": total, "rows": rows}


def compare(a: dict, b: dict) -> dict:
    """{"equal": bool, "first_difference": {"row", "column"} | None, "message"}."""
    for i, (ra, rb) in enumerate(zip(a["rows"], b["rows"])):
        for col, x, y in zip(a["columns"], ra, rb):
            if x != y:
                return {"equal": False, "first_difference": {"row": i, "column": col},
                        "message": f"row {i} column {col} differs"}
    if a["num_rows"] != b["num_rows"]:
        n = min(a["num_rows"], b["num_rows"])
        return {"equal": False, "first_difference": {"row": n, "column": None},
                "message": f"row counts differ ({a['num_rows']} vs {b['num_rows']}); first missing row {n}"}
    return {"equal": True, "first_difference": None, "message": f"{a['num_rows']} rows identical",
            "sha256": a["sha256"]}
