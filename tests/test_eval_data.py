"""Benchmark data layer (rlvr.evaluation.data): md5 and row-count checks against the pinned facts, the raw
formats read through the benchmark modules, atomic normalized output, and the fetch code path (a local
transport; no network)."""

import copy
import hashlib
import json
import sys
import types
from pathlib import Path

import pytest

from rlvr.evaluation import benchmarks, data

SUITE = json.loads((Path(data.__file__).parent / "reference" / "suite.v1.json").read_text())


def _files(root: Path) -> dict:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_formats_come_from_the_modules_and_cover_the_suite():
    assert set(data.FORMATS) == {b["key"] for b in SUITE["benchmarks"]}
    assert {b for b, f in data.FORMATS.items() if f == "hf_parquet"} == {"evochart", "countqa"}
    assert set(data.FORMATS.values()) == {"vlmevalkit_tsv", "hf_parquet"}
    assert all(benchmarks.get(b).hf_split for b in ("evochart", "countqa"))


def test_row_count_and_md5_mismatch(tmp_path):
    raw = tmp_path / "raw0"
    data.write_fixture("mathvista", raw, rows=4, seed=0)
    rows = json.loads((raw / "fixture.json").read_text())["rows"]
    with pytest.raises(data.BenchmarkDataError, match=rf"row count mismatch: expected 99, found {rows}"):
        data.normalize("mathvista", raw, tmp_path / "a", expect_rows=99)
    with pytest.raises(data.BenchmarkDataError, match=r"md5 mismatch: expected 0{32}, found [0-9a-f]{32}"):
        data.normalize("mathvista", raw, tmp_path / "a", expect_md5="0" * 32)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["raw0"]        # nothing half-written
    bad = tmp_path / "raw"                                                # a tampered fixture.json md5
    data.write_fixture("mathvista", bad)
    info = json.loads((bad / "fixture.json").read_text())
    info["files"]["MathVista_MINI.tsv"] = "f" * 32
    (bad / "fixture.json").write_text(json.dumps(info))
    with pytest.raises(data.BenchmarkDataError, match="MathVista_MINI.tsv: md5 mismatch"):
        data.normalize("mathvista", bad, tmp_path / "b")
    (bad / "fixture.json").unlink()                                       # the provenance facts apply
    with pytest.raises(data.BenchmarkDataError, match="expected f199b98e178e5a2a20e7048f5dcb0464"):
        data.normalize("mathvista", bad, tmp_path / "b")
    md5 = hashlib.md5((bad / "MathVista_MINI.tsv").read_bytes()).hexdigest()
    with pytest.raises(data.BenchmarkDataError, match=f"row count mismatch: expected 1000, found {rows}"):
        data.normalize("mathvista", bad, tmp_path / "b", expect_md5=md5)
    assert not (tmp_path / "b").exists()


def test_bad_raw_files_fail_with_one_line(tmp_path):
    raw = tmp_path / "raw"
    data.write_fixture("tablevqabench", raw)
    path = raw / "tablevqa-bench.tsv"
    path.write_text('"index"\t"image"\t"question"\t"answer"\t"split"\n"1"\t"7"\t"q"\t"a"\t"vwtq"\n')
    with pytest.raises(data.BenchmarkDataError, match="row 1: image refers to '7'") as e:
        data.normalize("tablevqabench", raw, tmp_path / "out", expect_md5={})
    assert "\n" not in str(e.value)
    path.unlink()
    with pytest.raises(data.BenchmarkDataError, match="raw file is missing"):
        data.normalize("tablevqabench", raw, tmp_path / "out")
    with pytest.raises(data.BenchmarkDataError, match="unknown benchmark"):
        data.normalize("nope", raw, tmp_path / "out")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(data.BenchmarkDataError, match="evochart: .*no 'train' split parquet"):
        data.normalize("evochart", empty, tmp_path / "out")


def test_normalize_replaces_atomically(tmp_path):
    raw = tmp_path / "raw"
    data.write_fixture("mmstar", raw, rows=4, seed=0)
    out = tmp_path / "mmstar"
    data.normalize("mmstar", raw, out)
    before = _files(out)
    with pytest.raises(data.BenchmarkDataError):
        data.normalize("mmstar", raw, out, expect_rows=1)
    assert _files(out) == before
    data.normalize("mmstar", raw, out)
    assert _files(out) == before and sorted(p.name for p in tmp_path.iterdir()) == ["mmstar", "raw"]


def _prov_entry(benchmark, **artifact):
    entry = copy.deepcopy(data.benchmark_provenance(benchmark))
    entry["evaluation_artifact"] = artifact
    return entry


def test_fetch_tsv_over_a_file_url(tmp_path):
    src = tmp_path / "src"
    rows = data.write_fixture("mmstar", src)["rows"]
    tsv = src / "MMStar.tsv"
    md5 = hashlib.md5(tsv.read_bytes()).hexdigest()
    entry = _prov_entry("mmstar", url=tsv.as_uri(), checksum={"algorithm": "md5", "value": md5})
    raw = data.fetch("mmstar", tmp_path / "raw", provenance=entry)
    assert (raw / "MMStar.tsv").read_bytes() == tsv.read_bytes()
    assert json.loads((raw / "source.json").read_text())["md5"] == md5
    man = data.normalize("mmstar", raw, tmp_path / "norm", expect_rows=rows, expect_md5=md5)
    assert man["source"]["files"]["MMStar.tsv"]["md5"] == md5 and man["source"]["fixture"] is False
    url, name, _ = data.tsv_source("erqa", data.benchmark_provenance("erqa"))   # the EASI repository form
    assert name == "ERQA.tsv" and "/resolve/52bb1dd2bc5cd58a291b3a780dab08d19c0ccf0d/" in url
    bad = _prov_entry("mmstar", url=tsv.as_uri(), checksum={"algorithm": "md5", "value": "0" * 32})
    with pytest.raises(data.BenchmarkDataError, match="md5 mismatch"):
        data.fetch("mmstar", tmp_path / "raw2", provenance=bad)
    assert list((tmp_path / "raw2").iterdir()) == []


def test_fetch_hf_snapshot(tmp_path, monkeypatch):
    src = tmp_path / "src"
    rows = data.write_fixture("evochart", src)["rows"]
    calls = []

    def snapshot_download(**kw):
        calls.append(kw)
        dest = Path(kw["local_dir"])
        for rel, blob in _files(src).items():
            if rel.endswith(".parquet"):
                (dest / rel).parent.mkdir(parents=True, exist_ok=True)
                (dest / rel).write_bytes(blob)
        return str(dest)

    monkeypatch.setitem(sys.modules, "huggingface_hub", types.SimpleNamespace(snapshot_download=snapshot_download))
    raw = data.fetch("evochart", tmp_path / "raw", provenance=data.provenance())
    assert calls == [{"repo_id": "gsarch/EvoChart-QA", "repo_type": "dataset",
                      "revision": "7ad141b29ccd734df073e163f59bb7cad8f2ed29", "local_dir": str(tmp_path / "raw")}]
    record = json.loads((raw / "source.json").read_text())
    assert list(record["files"]) == ["data/train-00000-of-00001.parquet"]
    assert len(data.normalize("evochart", raw, tmp_path / "norm", expect_rows=rows)["source"]["files"]) == 1
