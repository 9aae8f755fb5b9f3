"""Normalized benchmark directories of migrated benchmarks: ``docs.parquet`` + ``manifest.json``.

``docs.parquet`` has one record per row the benchmark module keeps, in source order:
``position`` (0..n-1, the generation/doc id), ``fields`` (the row's non-image fields as JSON, pandas-typed
values with missing cells as null) and ``images`` (list of image bytes, in the row's image order).
``manifest.json`` records the benchmark, ``"layout": "rows-v1"``, the row count, the sha256 of
docs.parquet and the raw files read (size, md5, sha256). Written atomically (``tracegen.core.files.staged``:
a staging directory published into place).
"""

from __future__ import annotations

import json
from pathlib import Path

from tracegen.core.canonical import pretty_json, sha256_file
from tracegen.core.files import staged

LAYOUT = "rows-v1"


def _schema():
    import pyarrow as pa

    return pa.schema([("position", pa.int64()), ("fields", pa.string()), ("images", pa.list_(pa.binary()))])


def fields_json(fields: dict) -> str:
    return json.dumps(fields, sort_keys=True, ensure_ascii=False, allow_nan=False)


def write(rows, out_dir, *, benchmark: str, files: dict, notes: dict | None = None) -> dict:
    """Write ``rows`` (benchmark Row objects) into ``out_dir`` atomically; returns the manifest."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    with staged(out_dir, force=True) as tmp:
        cols = {"position": list(range(len(rows))), "fields": [fields_json(r.fields) for r in rows],
                "images": [list(r.images) for r in rows]}
        pq.write_table(pa.Table.from_pydict(cols, schema=_schema()), tmp / "docs.parquet", compression="zstd",
                       compression_level=3, row_group_size=256, use_dictionary=False, write_statistics=False)
        manifest = {"benchmark": benchmark, "layout": LAYOUT, "rows": len(rows),
                    "docs_sha256": sha256_file(tmp / "docs.parquet"), "source": {**(notes or {}), "files": files}}
        (tmp / "manifest.json").write_text(pretty_json(manifest), encoding="utf-8")
    return manifest


def is_rows_layout(out_dir) -> bool:
    man = Path(out_dir) / "manifest.json"
    try:
        return json.loads(man.read_text(encoding="utf-8")).get("layout") == LAYOUT
    except (OSError, ValueError):
        return False


def read(out_dir, row_cls) -> list:
    """The rows of a normalized directory (sha256 checked against manifest.json)."""
    import pyarrow.parquet as pq

    out_dir = Path(out_dir)
    path = out_dir / "docs.parquet"
    man = json.loads((out_dir / "manifest.json").read_text(encoding="utf-8"))
    if man.get("docs_sha256") and man["docs_sha256"] != sha256_file(path):
        raise ValueError(f"{path}: sha256 does not match manifest.json")
    t = pq.read_table(path)
    return [row_cls(fields=json.loads(f), images=[bytes(b) for b in ims])
            for f, ims in zip(t.column("fields").to_pylist(), t.column("images").to_pylist())]
