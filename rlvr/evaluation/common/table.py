"""Raw tables the way the reference reads them.

The reference reads benchmark TSVs with ``pandas.read_csv(sep="\\t")`` (VLMEvalKit ``load``) and its
prediction workbooks with ``pandas.read_excel`` after ``DataFrame.to_excel``: column-wise type inference
(an all-numeric column comes back as int or float, option ``"3"`` as ``3``) and pandas' default NA
strings (``""``, ``"None"``, ``"N/A"``, ``"nan"``, ``"NULL"``, ...) read as missing. We use pandas itself
for both, so the values every benchmark module sees are the reference's. Missing cells are ``None``
here (``NaN`` in the reference); :func:`is_na` tests for either.
"""

from __future__ import annotations

import ast
import base64
import binascii
import csv
import io
import math
from pathlib import Path


class TableError(ValueError):
    """A raw table that cannot be read (one-line message)."""


def is_na(v) -> bool:
    return v is None or (isinstance(v, float) and math.isnan(v))


def _plain(v):
    """numpy/pandas scalars -> Python values; NaN/NaT/NA -> None."""
    if v is None:
        return None
    if hasattr(v, "item") and not isinstance(v, (str, bytes)):
        try:
            v = v.item()
        except (ValueError, AttributeError):
            pass
    if isinstance(v, float) and math.isnan(v):
        return None
    try:
        import pandas as pd

        if v is pd.NA or v is pd.NaT:
            return None
    except ImportError:  # pragma: no cover
        pass
    return v


def frame_records(df) -> list[dict]:
    cols = list(df.columns)
    return [{str(c): _plain(v) for c, v in zip(cols, values)} for values in df.itertuples(index=False, name=None)]


def read_tsv(path) -> list[dict]:
    """VLMEvalKit ``load(tsv)``: ``pd.read_csv(path, sep="\\t")`` -> records."""
    import pandas as pd

    path = Path(path)
    if not path.is_file():
        raise TableError(f"{path}: raw TSV file is missing")
    try:
        df = pd.read_csv(path, sep="\t")
    except (ValueError, UnicodeDecodeError, csv.Error, pd.errors.ParserError) as e:
        raise TableError(f"{path.name}: not a readable TSV ({str(e).splitlines()[0] if str(e) else e})") from None
    for col in ("index",):
        if col not in df.columns:
            raise TableError(f"{path.name}: missing column {col!r}")
    return frame_records(df)


def write_tsv(records: list[dict], path_or_buffer) -> None:
    """VLMEvalKit ``dump(df, "x.tsv")``: ``to_csv(sep="\\t", index=False, quoting=QUOTE_ALL)``."""
    import pandas as pd

    pd.DataFrame(records).to_csv(path_or_buffer, sep="\t", index=False, encoding="utf-8", quoting=csv.QUOTE_ALL)


def tsv_roundtrip(records: list[dict]) -> list[dict]:
    """Records written as the reference writes a TSV and read back as it reads one."""
    import pandas as pd

    buf = io.StringIO()
    write_tsv(records, buf)
    buf.seek(0)
    return frame_records(pd.read_csv(buf, sep="\t"))


def _excel_cell(v):
    """What openpyxl hands pandas for a cell that ``to_excel`` wrote from ``v``."""
    v = _plain(v)
    if v is None:
        return ""                       # empty cell
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)):
        if isinstance(v, float) and math.isinf(v):
            return v
        return int(v) if int(v) == v else float(v)
    if isinstance(v, (list, dict, tuple)):
        return str(v)
    return v


def workbook_roundtrip(records: list[dict]) -> list[dict]:
    """The prediction workbook as the reference's scorer reads it: ``DataFrame.to_excel`` then
    ``pd.read_excel`` (pandas' own TextParser over the cells, as read_excel runs it)."""
    from pandas.io.parsers import TextParser

    if not records:
        return []
    columns: list[str] = []
    for r in records:
        columns += [k for k in r if k not in columns]
    data = [columns] + [[_excel_cell(r.get(c)) for c in columns] for r in records]
    df = TextParser(data, header=0, skip_blank_lines=False).read()
    return frame_records(df)


def single_tsv(raw_dir) -> Path:
    raw_dir = Path(raw_dir)
    found = sorted(raw_dir.glob("*.tsv"))
    if len(found) != 1:
        raise TableError(f"{raw_dir}: expected one benchmark TSV, found {len(found)}")
    return found[0]


# ------------------------------------------------------------------------------------------ images
def toliststr(v) -> list[str]:
    """VLMEvalKit ``toliststr``: a stringified Python list -> its items; anything else -> [str]."""
    if isinstance(v, str) and v.startswith("[") and v.endswith("]"):
        try:
            items = ast.literal_eval(v)
        except (ValueError, SyntaxError):
            return [v]
        return [str(x) for x in items]
    if isinstance(v, list):
        return [str(x) for x in v]
    return [str(v)]


def decode_b64(value: str, where: str) -> bytes:
    try:
        data = base64.b64decode(value, validate=False)
    except (binascii.Error, ValueError):
        raise TableError(f"{where}: image is not valid base64") from None
    if len(data) < 8:
        raise TableError(f"{where}: image is empty")
    return data


def vlmeval_rows(records: list[dict], base_dir, row_cls) -> list:
    """VLMEvalKit ``ImageBaseDataset.__init__`` over read records: rows without an image dropped,
    ``index`` as str (int again when every index is an int), short image cells resolved to the row they
    name, stringified lists split; ``image_path`` rows read their files (relative to ``base_dir``)."""
    has_image = any("image" in r for r in records)
    if has_image:
        records = [r for r in records if not is_na(r.get("image"))]
    for r in records:
        r["index"] = str(r["index"])
    image_map = {}
    if has_image:
        image_map = {r["index"]: str(r["image"]) for r in records}
        for k, v in list(image_map.items()):
            if 0 < len(v) <= 64:
                if v not in image_map or len(image_map[v]) <= 64:
                    raise TableError(f"row {k}: image refers to {v!r}, which holds no image")
                image_map[k] = image_map[v]
    if all(_is_int_text(r["index"]) for r in records):
        for r in records:
            r["index"] = int(r["index"])
    rows = []
    for r in records:
        fields = {k: v for k, v in r.items() if k not in ("image",)}
        images: list[bytes] = []
        if has_image:
            items = toliststr(image_map[str(r["index"])])
            images = [decode_b64(x, f"row {r['index']}") for x in items]
        elif "image_path" in r and not is_na(r["image_path"]):
            for p in toliststr(r["image_path"]):
                path = inside(base_dir, p, f"row {r['index']}")
                if not path.is_file():
                    raise TableError(f"row {r['index']}: image file {p} is missing")
                images.append(path.read_bytes())
        rows.append(row_cls(fields=fields, images=images))
    return rows


def _is_int_text(s: str) -> bool:
    """VLMEvalKit ``istype(s, int)`` (a literal that evaluates to an int)."""
    try:
        return isinstance(ast.literal_eval(str(s)), int)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False


def inside(root, rel, where: str) -> Path:
    """``root/rel``, refusing a path that leaves ``root`` (absolute, or through ``..``)."""
    if root is None:
        raise TableError(f"{where}: image path {rel!r} needs a base directory")
    root = Path(root).resolve()
    path = (root / str(rel)).resolve()
    if path != root and root not in path.parents:
        raise TableError(f"{where}: image path {rel!r} leaves the data directory")
    return path


def cell_str(v) -> str:
    """``str(x)`` / ``f"{x}"`` of a cell as the reference sees it (a missing cell is NaN: ``"nan"``)."""
    return "nan" if is_na(v) else str(v)


def workbook_column(values: list) -> list:
    """One column written to a workbook and read back (read_excel infers each column on its own): how the
    reference's per-row output files report a derived column such as an extracted answer."""
    return [r["v"] for r in workbook_roundtrip([{"v": v} for v in values])]
