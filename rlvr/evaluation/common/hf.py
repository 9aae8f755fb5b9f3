"""Hugging Face parquet sources (EvoChart-QA, CountQA): the dataset repository at its pinned revision as
``snapshot_download`` lays it out (``**/<split>-*.parquet``, images as ``{"bytes", "path"}`` structs the
``datasets`` library writes), read in file order; and the same layout written for fixtures."""

from __future__ import annotations

from pathlib import Path

from .table import TableError


def read_records(files) -> list[dict]:
    """All rows of the parquet files, in order (images left as the struct the file holds)."""
    import pyarrow.parquet as pq

    out = []
    for path in files:
        try:
            out += pq.read_table(path).to_pylist()
        except Exception as e:  # noqa: BLE001 - any pyarrow failure is a bad file
            raise TableError(f"{Path(path).name}: not a readable parquet file ({str(e).splitlines()[0]})") from None
    return out


def image_bytes(value, raw_dir, where: str) -> bytes:
    from .table import inside

    if isinstance(value, dict):
        if value.get("bytes"):
            return bytes(value["bytes"])
        if value.get("path"):
            path = inside(raw_dir, value["path"], where)
            if path.is_file():
                return path.read_bytes()
    elif isinstance(value, (bytes, bytearray)) and value:
        return bytes(value)
    raise TableError(f"{where}: image has neither bytes nor a readable path")


def write_split(raw_dir, split: str, columns: dict) -> str:
    """Write ``columns`` (image column as bytes) as ``data/<split>-00000-of-00001.parquet``; -> its name."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    name = f"data/{split}-00000-of-00001.parquet"
    cols = dict(columns)
    cols["image"] = [{"bytes": b, "path": f"{i}.png"} for i, b in enumerate(cols["image"])]
    (Path(raw_dir) / "data").mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.Table.from_pydict(cols), Path(raw_dir) / name, compression="snappy")
    return name
