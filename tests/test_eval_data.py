"""Benchmark data layer (rlvr.evaluation.data): fixtures in each benchmark's raw format, normalization,
checks and the fetch code path (with a local transport; no network)."""

import copy
import csv
import hashlib
import io
import json
import sys
import types
from pathlib import Path

import pytest
from PIL import Image

from rlvr.evaluation import benchmarks, data

# benchmarks with their own module (rlvr/evaluation/benchmarks) are covered by tests/test_eval_benchmarks.py
BENCHMARKS = [b for b in data.SPECS if not benchmarks.is_migrated(b)]
SUITE = json.loads((Path(data.__file__).parent / "reference" / "suite.v1.json").read_text())

#: meta keys the evaluation contract requires per benchmark
REQUIRED_META = {
    "tablevqabench": {"subset"},
    "evochart": {"numeric_clear"},
    "chartqapro": {"question_type", "year_answer"},
}


def _files(root: Path) -> dict:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Every benchmark: fixture -> normalize, twice (separate directories), plus the loaded docs."""
    root = tmp_path_factory.mktemp("bench")
    out = {}
    for b in BENCHMARKS:
        runs = []
        for k in range(2):
            raw, norm = root / b / f"raw{k}", root / b / f"norm{k}"
            info = data.write_fixture(b, raw, rows=4, seed=0)
            manifest = data.normalize(b, raw, norm)
            runs.append((raw, norm, info, manifest))
        out[b] = (runs, data.load_docs(runs[0][1]))
    return out


def test_formats_cover_the_suite():
    assert set(data.FORMATS) == {b["key"] for b in SUITE["benchmarks"]}
    assert {b for b, f in data.FORMATS.items() if f == "hf_parquet"} == {"evochart", "countqa"}
    assert set(data.FORMATS.values()) == {"vlmevalkit_tsv", "hf_parquet"}


@pytest.mark.parametrize("benchmark", BENCHMARKS)
def test_fixture_round_trip(built, benchmark):
    runs, docs = built[benchmark]
    (raw0, norm0, info0, man0), (raw1, norm1, info1, man1) = runs
    # deterministic bytes: raw fixture and normalized output
    assert _files(raw0) == _files(raw1)
    assert _files(norm0) == _files(norm1)
    assert sorted(p.name for p in norm0.iterdir()) == ["docs.parquet", "manifest.json"]
    assert info0["fixture"] is True and info0["benchmark"] == benchmark
    assert all(hashlib.md5((raw0 / n).read_bytes()).hexdigest() == m for n, m in info0["files"].items())
    if data.FORMATS[benchmark] == "vlmevalkit_tsv":
        assert list(info0["files"]) == [data._tsv_name(benchmark)]
    man = json.loads((norm0 / "manifest.json").read_text())
    assert man == man0 and man["benchmark"] == benchmark and man["rows"] == info0["rows"] == len(docs)
    assert man["docs_sha256"] == hashlib.sha256((norm0 / "docs.parquet").read_bytes()).hexdigest()
    assert man["source"]["format"] == data.FORMATS[benchmark] and man["source"]["fixture"] is True
    assert (norm0 / "manifest.json").read_text() == json.dumps(man, sort_keys=True, indent=2) + "\n"
    assert len(docs) >= 4 and len({d["id"] for d in docs}) == len(docs)
    for d in docs:
        assert set(d) == {"id", "question", "options", "answer", "images", "meta"}
        assert isinstance(d["question"], str) and isinstance(d["answer"], str) and d["answer"]
        for label, text in d["options"]:
            assert isinstance(label, str) and isinstance(text, str) and text
        assert REQUIRED_META.get(benchmark, set()) <= set(d["meta"]), d["meta"]
        assert d["images"] and all(isinstance(b, bytes) for b in d["images"])
        for b in d["images"]:
            im = Image.open(io.BytesIO(b))
            im.load()
            assert im.width * im.height >= 3136
    # the parquet has the contract's columns and no pandas metadata
    import pyarrow.parquet as pq
    t = pq.read_table(norm0 / "docs.parquet")
    assert t.column_names == ["id", "question", "options", "answer", "images", "meta"]
    assert b"pandas" not in (t.schema.metadata or {})


def _docs(built, b):
    return built[b][1]


def test_answer_type_coverage(built):
    subsets = {d["meta"]["subset"] for d in _docs(built, "tablevqabench")}
    assert subsets == {"vwtq", "vwtq_syn", "vtabfact", "fintabnetqa"}
    assert {d["meta"]["question_type"] for d in _docs(built, "chartqapro")} == {
        "factoid", "multi_choice", "conversational", "fact_checking", "hypothetical"}
    conv = next(d for d in _docs(built, "chartqapro") if d["meta"]["question_type"] == "conversational")
    assert conv["meta"]["conversation"] == [["How many bars are there?", "4"]] and conv["answer"] == "1"
    assert any(d["meta"]["year_answer"] for d in _docs(built, "chartqapro"))
    assert {d["meta"]["numeric_clear"] for d in _docs(built, "evochart")} == {True, False}


def test_countqa_expands_question_lists(built):
    docs = _docs(built, "countqa")
    assert [d["id"] for d in docs[:6]] == ["countqa-0000-00", "countqa-0000-01", "countqa-0001-00",
                                          "countqa-0002-00", "countqa-0002-01", "countqa-0002-02"]
    assert [d["answer"] for d in docs[:6]] == ["4", "1", "12", "1", "2", "3"]
    assert docs[0]["images"] == docs[1]["images"] != docs[2]["images"]
    assert docs[1]["meta"]["question_ordinal"] == 1 and docs[1]["meta"]["source_image_row"] == 0


def test_row_count_and_md5_mismatch(tmp_path):
    raw = tmp_path / "raw0"
    data.write_fixture("mathvista", raw, rows=4, seed=0)
    with pytest.raises(data.BenchmarkDataError, match=r"row count mismatch: expected 99, found 4"):
        data.normalize("mathvista", raw, tmp_path / "a", expect_rows=99)
    with pytest.raises(data.BenchmarkDataError, match=r"md5 mismatch: expected 0{32}, found [0-9a-f]{32}"):
        data.normalize("mathvista", raw, tmp_path / "a", expect_md5="0" * 32)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["raw0"]        # nothing half-written
    # a tampered fixture.json md5 is caught
    bad = tmp_path / "raw"
    data.write_fixture("mathvista", bad)
    info = json.loads((bad / "fixture.json").read_text())
    info["files"]["MathVista_MINI.tsv"] = "f" * 32
    (bad / "fixture.json").write_text(json.dumps(info))
    with pytest.raises(data.BenchmarkDataError, match="MathVista_MINI.tsv: md5 mismatch"):
        data.normalize("mathvista", bad, tmp_path / "b")
    # without fixture.json the provenance facts apply: pinned md5 and suite row count
    (bad / "fixture.json").unlink()
    with pytest.raises(data.BenchmarkDataError, match="expected f199b98e178e5a2a20e7048f5dcb0464"):
        data.normalize("mathvista", bad, tmp_path / "b")
    with pytest.raises(data.BenchmarkDataError, match="row count mismatch: expected 1000, found 4"):
        data.normalize("mathvista", bad, tmp_path / "b", expect_md5=hashlib.md5(
            (bad / "MathVista_MINI.tsv").read_bytes()).hexdigest())
    assert not (tmp_path / "b").exists()


def test_corrupted_tsv_missing_column(tmp_path):
    raw = tmp_path / "raw"
    data.write_fixture("tablevqabench", raw)
    path = raw / "tablevqa-bench.tsv"
    rows = list(csv.reader(path.open(encoding="utf-8"), delimiter="\t"))
    drop = rows[0].index("split")
    with path.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f, delimiter="\t", lineterminator="\n").writerows([r[:drop] + r[drop + 1:] for r in rows])
    with pytest.raises(data.BenchmarkDataError, match=r"tablevqabench: tablevqa-bench.tsv: missing column\(s\) split"):
        data.read_raw("tablevqabench", raw)
    path.write_text("index\timage\tquestion\tanswer\tsplit\n1\tnot-an-image-reference\tq\ta\tvwtq\n")
    with pytest.raises(data.BenchmarkDataError, match="row 1: image refers to"):
        data.read_raw("tablevqabench", raw)
    path.unlink()
    with pytest.raises(data.BenchmarkDataError, match="raw TSV file is missing"):
        data.read_raw("tablevqabench", raw)
    with pytest.raises(data.BenchmarkDataError, match="unknown benchmark"):
        data.read_raw("nope", raw)


def test_bad_parquet_source(tmp_path):
    raw = tmp_path / "raw"
    with pytest.raises(data.BenchmarkDataError, match="evochart: .*no 'train' split parquet"):
        raw.mkdir() or data.read_raw("evochart", raw)
    data.write_fixture("countqa", raw)
    import pyarrow.parquet as pq
    p = raw / "data" / "test-00000-of-00001.parquet"
    pq.write_table(pq.read_table(p).drop(["answers"]), p)
    with pytest.raises(data.BenchmarkDataError, match="missing column\\(s\\) answers"):
        data.read_raw("countqa", raw)


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


def test_option_block_parser():
    stem, opts = data.parse_option_block("Pick one.\nChoices:\n(A) x\n(B) y z\nAnswer with the letter.")
    assert stem == "Pick one." and opts == [["A", "x"], ["B", "y z"]]
    assert data.parse_option_block("Between 1.5 and 2.5 m, e.g., A, B at the end.") == (
        "Between 1.5 and 2.5 m, e.g., A, B at the end.", [])
    assert data.parse_option_block("Q? A. x B. y", labels=["A", "B", "C"])[1] == []


def _prov_entry(benchmark, **artifact):
    entry = copy.deepcopy(data.benchmark_provenance(benchmark))
    entry["evaluation_artifact"] = artifact
    return entry


def test_fetch_tsv_over_a_file_url(tmp_path):
    src = tmp_path / "src"
    data.write_fixture("realworldqa", src)
    tsv = src / "RealWorldQA.tsv"
    md5 = hashlib.md5(tsv.read_bytes()).hexdigest()
    entry = _prov_entry("realworldqa", url=tsv.as_uri(), checksum={"algorithm": "md5", "value": md5})
    raw = data.fetch("realworldqa", tmp_path / "raw", provenance=entry)
    assert (raw / "RealWorldQA.tsv").read_bytes() == tsv.read_bytes()
    assert json.loads((raw / "source.json").read_text())["md5"] == md5
    man = data.normalize("realworldqa", raw, tmp_path / "norm", expect_rows=4, expect_md5=md5)
    assert man["source"]["files"]["RealWorldQA.tsv"]["md5"] == md5 and man["source"]["fixture"] is False
    # the EASI form (repository + path at a pinned revision) resolves to a pinned URL
    url, name, _ = data.tsv_source("erqa", data.benchmark_provenance("erqa"))
    assert name == "ERQA.tsv" and "/resolve/52bb1dd2bc5cd58a291b3a780dab08d19c0ccf0d/" in url
    bad = _prov_entry("realworldqa", url=tsv.as_uri(), checksum={"algorithm": "md5", "value": "0" * 32})
    with pytest.raises(data.BenchmarkDataError, match="md5 mismatch"):
        data.fetch("realworldqa", tmp_path / "raw2", provenance=bad)
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
