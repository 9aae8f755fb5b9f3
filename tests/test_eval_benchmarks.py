"""Benchmark modules (rlvr/evaluation/benchmarks): registry, fixtures in each benchmark's own raw format,
normalized rows, prompts and the pandas-equivalent table reading the reference relies on."""

import hashlib
import io
import json
from pathlib import Path

import pytest
from PIL import Image

from rlvr.evaluation import benchmarks, data
from rlvr.evaluation.common import dataset as rows_dataset, messages, table

SUITE = json.loads((Path(data.__file__).parent / "reference" / "suite.v1.json").read_text())
MIGRATED = benchmarks.keys()


def _files(root: Path) -> dict:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_registry_keys_are_suite_benchmarks():
    assert set(MIGRATED) <= {b["key"] for b in SUITE["benchmarks"]}
    for key in MIGRATED:
        b = benchmarks.get(key)
        assert b.key == key and b.alias and b.upstream and b.judge in (None, "fallback", "every_row")
    with pytest.raises(KeyError, match="no module"):
        benchmarks.get("nope")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("bench")
    out = {}
    for b in MIGRATED:
        runs = []
        for k in range(2):
            raw, norm = root / b / f"raw{k}", root / b / f"norm{k}"
            info = data.write_fixture(b, raw, rows=5, seed=0)
            man = data.normalize(b, raw, norm)
            runs.append((raw, norm, info, man))
        out[b] = runs
    return out


@pytest.mark.parametrize("benchmark", MIGRATED)
def test_fixture_normalize_round_trip(built, benchmark):
    (raw0, norm0, info0, man0), (raw1, norm1, _, _) = built[benchmark]
    assert _files(raw0) == _files(raw1) and _files(norm0) == _files(norm1)          # deterministic bytes
    assert info0["fixture"] is True and info0["rows"] >= 5
    assert all(hashlib.md5((raw0 / n).read_bytes()).hexdigest() == m for n, m in info0["files"].items())
    man = json.loads((norm0 / "manifest.json").read_text())
    assert man == man0 and man["layout"] == rows_dataset.LAYOUT and man["rows"] == info0["rows"]
    rows = rows_dataset.read(norm0, benchmarks.Row)
    assert len(rows) == man["rows"]
    bench = benchmarks.get(benchmark)
    for row in rows:
        parts = bench.build_prompt(row)
        assert parts and all(p["type"] in ("text", "image") for p in parts)
        used = [p["value"] for p in parts if p["type"] == "image"]
        assert sorted(set(used)) == list(range(len(row.images)))                 # every image is shown
        assert messages.flat_text(parts).count("<image>") == len(used)
        for b in row.images:
            Image.open(io.BytesIO(b)).load()


def test_normalized_rows_are_checked(built, tmp_path):
    b = MIGRATED[0]
    _, norm0, _, _ = built[b][0]
    import shutil

    copy = tmp_path / "copy"
    shutil.copytree(norm0, copy)
    man = json.loads((copy / "manifest.json").read_text())
    man["docs_sha256"] = "0" * 64
    (copy / "manifest.json").write_text(json.dumps(man))
    with pytest.raises(ValueError, match="sha256"):
        rows_dataset.read(copy, benchmarks.Row)


def test_fixture_rows_below_one_are_refused(tmp_path):
    with pytest.raises(data.BenchmarkDataError, match="at least 1"):
        data.write_fixture(MIGRATED[0], tmp_path / "raw", rows=0)


# ------------------------------------------------------------------------------------------ tables
def test_tsv_reading_is_pandas_typed_with_na_strings():
    recs = table.tsv_roundtrip([{"index": 1, "a": "3", "b": "x", "c": "None"},
                                {"index": 2, "a": "4", "b": "N/A", "c": ""}])
    assert recs[0]["a"] == 3 and recs[1]["a"] == 4                # all-numeric column -> int
    assert recs[0]["b"] == "x" and recs[1]["b"] is None           # "N/A" reads as missing
    assert recs[0]["c"] is None and recs[1]["c"] is None


def test_workbook_round_trip_infers_types_like_read_excel():
    rows = table.workbook_roundtrip([{"answer": 3, "prediction": "3"}, {"answer": 4, "prediction": "4.0"}])
    assert rows[0]["prediction"] == 3 and rows[1]["prediction"] == 4.0      # numeric-looking column -> numbers
    rows = table.workbook_roundtrip([{"answer": 3, "prediction": "3"}, {"answer": 4, "prediction": "None"},
                                     {"answer": 5, "prediction": "five"}])
    assert rows[0]["prediction"] == "3" and rows[1]["prediction"] is None and rows[2]["prediction"] == "five"
    assert table.cell_str(rows[1]["prediction"]) == "nan"


def test_image_references_lists_and_paths(tmp_path):
    import base64

    png = io.BytesIO()
    Image.new("RGB", (8, 8)).save(png, format="PNG")
    b64 = base64.b64encode(png.getvalue()).decode()
    recs = table.tsv_roundtrip([{"index": 1, "image": b64}, {"index": 2, "image": "1"},
                                {"index": 3, "image": str([b64, b64])}, {"index": 4, "image": None}])
    rows = table.vlmeval_rows(recs, None, benchmarks.Row)
    assert [r["index"] for r in rows] == [1, 2, 3]                 # the row without an image is dropped
    assert [len(r.images) for r in rows] == [1, 1, 2] and rows[1].images == rows[0].images
    with pytest.raises(table.TableError, match="holds no image"):
        table.vlmeval_rows(table.tsv_roundtrip([{"index": 1, "image": "7"}]), None, benchmarks.Row)
    with pytest.raises(table.TableError, match="leaves the data directory"):
        table.vlmeval_rows([{"index": 1, "image_path": "../x.png"}], tmp_path, benchmarks.Row)
