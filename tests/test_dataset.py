"""Build -> validate -> export, determinism across worker counts, tamper detection, config errors."""

import gzip
import json
import os
import shutil
import subprocess
import sys

import pytest

from tracegen import dataset, export, validate

CFG = {
    "seed": 42,
    "split": "train",
    "tasks": [
        {"id": "task_charts__single_series__threshold_value_count", "count": 4},
        {"id": "task_charts__single_series__order_statistic_label", "count": 3, "difficulty": 3},
        {"scene": "charts/single_series", "weight": 1},
    ],
    "total": 20,
    "shard_size": 6,
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("ds")
    m1 = dataset.build(CFG, root / "w1", workers=1, progress=False)
    m2 = dataset.build(CFG, root / "w2", workers=2, progress=False)
    return root, m1, m2


def _tree(path):
    out = {}
    for dirpath, _, files in os.walk(path):
        for f in files:
            p = os.path.join(dirpath, f)
            out[os.path.relpath(p, path)] = open(p, "rb").read()
    return out


def test_workers_do_not_change_a_single_byte(built):
    root, m1, m2 = built
    assert m1["dataset_id"] == m2["dataset_id"]
    assert _tree(root / "w1") == _tree(root / "w2")


def test_layout_counts_and_reports(built):
    root, m1, _ = built
    d = root / "w1"
    assert (d / "validation_report.json").is_file() and (d / "build_report.json").is_file()
    report = json.loads((d / "validation_report.json").read_text())
    assert report["ok"] and report["num_records"] == 20
    counts = m1["counts"]
    assert counts["task_charts__single_series__threshold_value_count"] == 4
    assert counts["task_charts__single_series__order_statistic_label"] == 3
    assert sum(counts.values()) == 20 and len(counts) >= 11
    assert len(list((d / "traces").glob("shard-*.jsonl.gz"))) == 4  # 20 lines / 6 per shard
    build_report = json.loads((d / "build_report.json").read_text())
    assert all(t["attempts"] >= t["count"] for t in build_report["tasks"].values())
    recs = [json.loads(line) for line in open(d / "records.jsonl")]
    assert all(r["difficulty"] == 3 for r in recs if r["task"].endswith("order_statistic_label"))
    assert not any(p.name.startswith(".") for p in root.iterdir()), "staging folder left behind"


def test_dataset_id_is_content_addressed(tmp_path, built):
    _, m1, _ = built
    other = dict(CFG, seed=43)
    m3 = dataset.build(other, tmp_path / "s43", progress=False)
    assert m3["dataset_id"] != m1["dataset_id"]


def test_train_and_validation_are_disjoint(tmp_path, built):
    root, _, _ = built
    val = dataset.build(dict(CFG, split="validation"), tmp_path / "val", progress=False)
    ids = lambda d: {json.loads(l)["instance_id"] for l in open(d / "records.jsonl")}
    assert not ids(root / "w1") & ids(tmp_path / "val")
    assert val["split"] == "validation"


def _copy(built, tmp_path):
    root, _, _ = built
    dst = tmp_path / "copy"
    shutil.copytree(root / "w1", dst)
    return dst


def _codes(path, **kw):
    return set(validate.validate(path, **kw)["error_counts"])


def test_one_byte_in_an_image_is_caught(built, tmp_path):
    d = _copy(built, tmp_path)
    img = sorted((d / "images").rglob("*.png"))[3]
    data = bytearray(img.read_bytes())
    data[len(data) // 2] ^= 1
    img.write_bytes(bytes(data))
    assert "E_IMAGE_HASH" in _codes(d)


def test_one_byte_in_the_records_is_caught(built, tmp_path):
    d = _copy(built, tmp_path)
    raw = (d / "records.jsonl").read_bytes()
    pos = raw.index(b'"value":') + len(b'"value":')
    # change one digit/char of the first answer value
    tampered = raw[:pos] + bytes([raw[pos] ^ 1]) + raw[pos + 1:]
    (d / "records.jsonl").write_bytes(tampered)
    codes = _codes(d)
    assert "E_FILE_HASH" in codes and codes & {"E_INSTANCE_ID", "E_JSON", "E_SCHEMA"}


def test_whitespace_edit_in_records_is_caught(built, tmp_path):
    d = _copy(built, tmp_path)
    raw = (d / "records.jsonl").read_bytes()
    (d / "records.jsonl").write_bytes(raw.replace(b",", b", ", 1))
    assert "E_FILE_HASH" in _codes(d)


def test_tampered_trace_is_caught(built, tmp_path):
    d = _copy(built, tmp_path)
    shard = d / "traces" / "shard-00000.jsonl.gz"
    lines = gzip.decompress(shard.read_bytes()).split(b"\n")
    lines[1] = lines[1].replace(b'"difficulty":', b'"difficulty": ', 1)
    shard.write_bytes(gzip.compress(b"\n".join(lines), mtime=0))
    codes = _codes(d)
    assert {"E_FILE_HASH", "E_TRACE_REF"} <= codes


def test_wrong_answer_with_recomputed_id_is_caught_by_replay(built, tmp_path):
    """A forged record with a consistent instance_id still fails replay."""
    from tracegen.core import engine
    from tracegen.core.canonical import canonical_bytes, sha256_file

    d = _copy(built, tmp_path)
    recs = [json.loads(l) for l in open(d / "records.jsonl")]
    r = recs[0]
    r["answer_gt"]["value"] = r["answer_gt"]["value"] + 1 if r["answer_gt"]["type"] == "integer" else "zzz"
    r["instance_id"] = engine.instance_id(r)
    (d / "records.jsonl").write_bytes(b"".join(canonical_bytes(x) + b"\n" for x in recs))
    man = json.loads((d / "dataset.json").read_text())
    man["files"]["records.jsonl"] = sha256_file(d / "records.jsonl")
    man["dataset_id"] = validate.content_address(man["files"])   # a forger recomputes every hash
    (d / "dataset.json").write_text(json.dumps(man))
    assert _codes(d) == {"E_REPLAY"}


def test_a_drawing_that_contradicts_its_prompt_is_caught(built, monkeypatch):
    """E_PROMPT: replay re-renders and checks the prompt's claims against the drawing (here a scene
    that claims a red entity it never draws)."""
    from tracegen.core.claims import Claim
    from tracegen.domains.charts.single_series import SingleSeries

    root, _, _ = built
    assert _codes(root / "w1") == set()
    monkeypatch.setattr(SingleSeries, "claims", lambda self, state, params: [Claim("nowhere", "colour", "red")])
    assert _codes(root / "w1") == {"E_PROMPT"}


def test_missing_image_and_duplicate_and_count(built, tmp_path):
    d = _copy(built, tmp_path)
    next((d / "images").rglob("*.png")).unlink()
    lines = (d / "records.jsonl").read_bytes().splitlines(keepends=True)
    (d / "records.jsonl").write_bytes(b"".join(lines + lines[:1]))
    codes = _codes(d, replay=False)
    assert {"E_MISSING", "E_DUPLICATE_ID", "E_COUNT"} <= codes


def test_validate_cli_exit_codes(built, tmp_path):
    root, _, _ = built
    ok = subprocess.run([sys.executable, "-m", "tracegen", "validate", str(root / "w1"), "-q"],
                        capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout.startswith("OK")
    d = _copy(built, tmp_path)
    img = next((d / "images").rglob("*.png"))
    img.write_bytes(img.read_bytes() + b"x")
    bad = subprocess.run([sys.executable, "-m", "tracegen", "validate", str(d), "-q"], capture_output=True, text=True)
    assert bad.returncode == 1 and "E_IMAGE_HASH" in bad.stdout
    missing = subprocess.run([sys.executable, "-m", "tracegen", "validate", str(tmp_path / "nothing"), "-q"],
                             capture_output=True, text=True)
    assert missing.returncode == 1 and "E_MISSING" in missing.stdout


def test_export_parquet_loads_offline_with_datasets(built, tmp_path, monkeypatch):
    root, m1, _ = built
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    paths = export.export(root / "w1", tmp_path / "pq", rows_per_shard=8)
    again = export.export(root / "w2", tmp_path / "pq2", rows_per_shard=8)
    assert [p.read_bytes() for p in paths] == [p.read_bytes() for p in again]
    assert [p.name for p in paths] == [f"train-0000{i}-of-00003.parquet" for i in range(3)]
    import datasets

    ds = datasets.load_dataset("parquet", data_files=[str(p) for p in paths], split="train",
                               cache_dir=str(tmp_path / "cache"))
    assert ds.num_rows == 20
    assert set(export.COLUMNS) == set(ds.column_names)
    recs = [json.loads(l) for l in open(root / "w1" / "records.jsonl")]
    row = ds[5]
    assert row["instance_id"] == recs[5]["instance_id"]
    assert json.loads(row["answer_gt"]) == recs[5]["answer_gt"]
    assert row["prompt_answer"] == recs[5]["prompts"]["answer_only"]
    assert row["images"][0]["bytes"] == (root / "w1" / recs[5]["images"][0]["path"]).read_bytes()
    ds = ds.cast_column("images", datasets.Sequence(datasets.Image()))
    assert ds[5]["images"][0].size == (recs[5]["images"][0]["width"], recs[5]["images"][0]["height"])


def test_export_pixel_cap_rescales_annotations(built, tmp_path):
    import pyarrow.parquet as pq

    root, _, _ = built
    paths = export.export(root / "w1", tmp_path / "capped", max_pixels=200_000)
    table = pq.read_table(paths[0]).to_pylist()
    recs = [json.loads(l) for l in open(root / "w1" / "records.jsonl")]
    for row, rec in zip(table, recs):
        size = row["image_sizes"][0]
        assert size["width"] * size["height"] <= 200_000
        f = size["width"] / rec["images"][0]["width"]
        a = json.loads(row["annotation_gt"])
        assert a["type"] == rec["annotation_gt"]["type"]
        if a["type"] == "point":
            assert abs(a["value"][0] - rec["annotation_gt"]["value"][0] * f) < 0.2


@pytest.mark.parametrize("cfg,msg", [
    ({"tasks": [{"id": "task_charts__single_series__threshold_value_count", "count": 1}]}, "seed"),
    ({"seed": -1, "tasks": [{"all": True, "count": 1}]}, "seed"),
    ({"seed": 1, "tasks": [{"id": "task_charts__single_series__nope", "count": 1}]}, "unknown task id"),
    ({"seed": 1, "tasks": [{"domain": "charts"}]}, "samples_per_task"),
    ({"seed": 1, "tasks": [{"all": True, "count": 1}], "colour": 3}, "colour"),
    ({"seed": 1, "tasks": [{"id": "task_charts__single_series__threshold_value_count", "count": 1,
                            "query_id": "sideways"}]}, "not a query"),
])
def test_bad_configs_get_one_line_errors(cfg, msg, tmp_path):
    with pytest.raises(dataset.ConfigError, match=msg) as e:
        dataset.build(cfg, tmp_path / "out", progress=False)
    assert "\n" not in str(e.value)
    assert not (tmp_path / "out").exists()


def test_failed_build_leaves_nothing(tmp_path, monkeypatch):
    from tracegen.core import engine

    real = engine.generate
    calls = {"n": 0}

    def flaky(*a, **kw):
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("boom")
        return real(*a, **kw)

    monkeypatch.setattr(engine, "generate", flaky)
    cfg = {"seed": 1, "tasks": [{"scene": "charts/single_series", "count": 1}]}
    with pytest.raises(RuntimeError, match="boom"):
        dataset.build(cfg, tmp_path / "out", progress=False)
    assert list(tmp_path.iterdir()) == []


def test_existing_output_needs_force(built, tmp_path):
    cfg = {"seed": 1, "tasks": [{"id": "task_charts__single_series__threshold_value_count", "count": 1}]}
    dataset.build(cfg, tmp_path / "out", progress=False)
    with pytest.raises(FileExistsError):
        dataset.build(cfg, tmp_path / "out", progress=False)
    dataset.build(dict(cfg, seed=2), tmp_path / "out", progress=False, force=True)
    assert json.loads((tmp_path / "out" / "dataset.json").read_text())["seed"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_domain_shards_merge_into_the_full_build(tmp_path):
    cfg = {"seed": 9, "split": "train", "shard_size": 5,
           "tasks": [{"scene": "charts/single_series", "count": 1}, {"domain": "graph", "count": 1}]}
    dataset.build(cfg, tmp_path / "full", progress=False)
    dataset.build(cfg, tmp_path / "a", progress=False, domains=["charts"])
    dataset.build(cfg, tmp_path / "b", progress=False, domains=["graph"])
    part = json.loads((tmp_path / "a" / "dataset.json").read_text())
    assert part["subset"] == {"domains": ["charts"]}
    dataset.merge([tmp_path / "a", tmp_path / "b"], tmp_path / "merged")
    assert _tree(tmp_path / "merged") == _tree(tmp_path / "full")
    with pytest.raises(dataset.ConfigError, match="repeats tasks"):
        dataset.merge([tmp_path / "a", tmp_path / "a"], tmp_path / "twice")
    assert not (tmp_path / "twice").exists()
