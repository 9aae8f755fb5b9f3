"""The local DAG of the Snakemake workflow (the README's first command on a tiny study): data stages with
receipts, the tiny model's training and merge, every benchmark fixture through evaluation and aggregation,
and tamper detection over its receipts.  The workflow checks that need no local run are in
test_workflow_grid.py, so the two modules run side by side on two workers."""

import json
import shutil
import subprocess

import pytest
from workspace import BIN, TINY, env, make_workspace, snakemake

# the first test runs the local DAG (its own guard: 2700 s); above the suite's 600 s per test. Every test here
# is marked slow (the fast tier, -m 'not slow', leaves them out); `early`: the suite starts this module first
pytestmark = [pytest.mark.timeout(3000), pytest.mark.early(1100)]


@pytest.fixture(scope="module")
def local_run(tmp_path_factory):
    ws = make_workspace(tmp_path_factory.mktemp("wf") / "ws")
    # the whole local DAG (~9 min on 2 idle cores, --deep validation included); a generous guard
    r = snakemake(ws, "--cores", "2", "--configfile", "config/test/tiny.yaml", timeout=2700)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return ws


def _receipts(ws):
    return {p.relative_to(ws).as_posix(): p.read_bytes() for p in (ws / "receipts").rglob("*.json")
            if not p.name.endswith(".timing.json")}


@pytest.mark.slow
def test_local_data_stage_writes_receipts_for_every_job(local_run):
    ws = local_run
    report = json.loads((ws / "results" / "receipts_report.json").read_text())
    assert report["ok"] and report["receipts"] >= 12
    for split in ("train", "validation"):
        assert json.loads((ws / f"results/data/{split}/reproduced.json").read_text())["equal"]
        assert list((ws / f"results/data/{split}/parquet").glob("*.parquet"))
    rec = json.loads((ws / "receipts/merge_split/split=train.json").read_text())
    assert rec["rule"] == "merge_split" and rec["exit_status"] == 0 and rec["wildcards"] == {"split": "train"}
    assert {"git_commit", "dirty"} <= set(rec["code"]) and rec["tools"]["tracegen"]
    assert [i["path"] for i in rec["inputs"]] == ["results/data/train/groups/charts", "results/data/train/groups/graph"]
    assert rec["outputs"][0]["kind"] == "dir" and len(rec["outputs"][0]["sha256"]) == 64
    timing = json.loads((ws / "receipts/merge_split/split=train.timing.json").read_text())
    assert timing["end"] >= timing["start"]
    for log in ("logs/merge_split/train.log", "logs/generate_group/train/charts.log"):
        assert (ws / log).is_file()


@pytest.mark.slow
def test_local_train_stage_trains_and_merges_the_tiny_model(local_run):
    ws = local_run
    metrics = [json.loads(line) for line in (ws / "results/train/tiny-trace/checkpoints/metrics.jsonl").open()]
    assert len(metrics) >= 2 and all({"actor/pg_loss", "reward/mean", "reward/acc"} <= set(m) for m in metrics)
    assert [m["step"] for m in metrics] == list(range(1, len(metrics) + 1))
    # the local default trains on the online stream with the curriculum, and learns (figures of this run)
    out = ws / "results/train/tiny-trace/checkpoints"
    assert json.loads((out / "smoke_run.json").read_text())["data_source"] == "online"
    k = max(1, len(metrics) // 4)
    first, last = (sum(m["reward/mean"] for m in part) / len(part) for part in (metrics[:k], metrics[-k:]))
    assert last > first + 0.05, (first, last)
    validation = [json.loads(x) for x in (out / "validation.jsonl").read_text().splitlines()]
    assert [v["step"] for v in validation] == [0, len(metrics)]
    cards = ws / "results/train/tiny-trace/cards"
    rows = (cards / "cards.tsv").read_text().splitlines()[1:]
    assert len(rows) == 4 and (cards / "index.html").is_file() and len(list((cards / "img").glob("*.png"))) == 4
    merged = ws / "results/models/tiny-trace"
    manifest = json.loads((merged / "merge_manifest.json").read_text())
    assert (merged / "config.json").is_file() and manifest
    for rule, stem in (("prepare_rl_data", "model=tiny-trace"), ("train", "model=tiny-trace"),
                       ("merge_checkpoint", "model=tiny-trace"), ("build_local_model", "model=tiny-base"),
                       ("cards", "model=tiny-trace")):
        rec = json.loads((ws / f"receipts/{rule}/{stem}.json").read_text())
        assert rec["exit_status"] == 0 and rec["outputs"], rule


@pytest.mark.slow
def test_local_eval_stage_runs_every_benchmark_fixture_and_aggregates(local_run):
    ws = local_run
    suite = json.loads((ws / "config/eval/trace_eval_v1.json").read_text())
    keys = [b["key"] for b in suite["benchmarks"]]
    results = json.loads((ws / "results.json").read_text())
    assert {m["model"] for m in results["models"]} >= {"tiny-base", "tiny-trace"}
    for m in ("tiny-base", "tiny-trace"):
        for b in keys:
            score = json.loads((ws / f"results/eval/{m}/{b}/seed42/score.json").read_text())
            assert score["benchmark"] == b and score["rows"] >= 3 and 0 <= score["score"] <= 100
            rows = (ws / f"results/eval/{m}/{b}/seed42/generations.jsonl").read_text().splitlines()
            assert len(rows) == score["rows"]
            fixture = json.loads((ws / f"results/benchmark_fixtures/{b}/manifest.json").read_text())
            assert fixture["rows"] == score["rows"]
        for b in [b["key"] for b in suite["benchmarks"] if b["judge"]]:
            assert (ws / f"results/eval/{m}/{b}/seed42/judged.jsonl").is_file()
        summary = json.loads((ws / f"results/trace_validation/{m}/summary.json").read_text())
        assert summary["rows"] >= 2 and summary["by_domain"] and summary["by_task"]
    assert (ws / "results/report").is_dir() and any((ws / "results/report").glob("*.png"))
    # the report's training section: reward curve, validation, TRACE-validation change, the cards (copied)
    md = (ws / "results/report/report.md").read_text()
    assert "## Training" in md and "cards/tiny-trace/index.html" in md and "TRACE validation: " in md
    assert (ws / "results/report/cards/tiny-trace/index.html").is_file()
    assert 'src="cards/tiny-trace/reward.png"' in (ws / "results/report/report.html").read_text()
    trace_val = {e["model"]: e["score"] for e in results["trace_validation"]}
    assert trace_val["tiny-trace"] >= trace_val["tiny-base"]
    report = json.loads((ws / "results/receipts_report.json").read_text())
    assert report["ok"], report["problems"][:5]
    # validate_receipts took its jobs from the DAG, anchored results.json and recomputed (--deep)
    assert report["root"]["merkle_root"] == results["provenance"]["merkle_root"]
    # the root covers every receipt of the run but aggregate's own (written after results.json), plus the
    # sources and pins
    leaves = results["provenance"]["leaves"]
    assert {x["path"] for x in leaves if x["kind"] == "receipt"} == set(_receipts(ws)) - {"receipts/aggregate/all.json"}
    assert report["root"]["leaf_count"] == len(leaves) == report["receipts"] - 1 + len(
        [x for x in leaves if x["kind"] != "receipt"])
    assert report["deep"]["rescored"] == 2 * len(keys) + 2 and report["deep"]["regenerated"]["ok"]
    assert not [w for w in report["warnings"] if w["code"] != "R_DIRTY"], report["warnings"]
    for rule, stem in (("evaluate", "benchmark=blink,model=tiny-trace,seed=42"),
                       ("judge", "benchmark=mathverse"),
                       ("trace_validation_judge", "model=tiny-trace"), ("aggregate", "all")):
        rec = json.loads((ws / f"receipts/{rule}/{stem}.json").read_text())
        assert rec["exit_status"] == 0 and rec["outputs"], rule


@pytest.mark.slow
def test_receipts_are_byte_identical_across_runs(local_run, tmp_path):
    other = make_workspace(tmp_path / "ws2")
    r = snakemake(other, "data", "--cores", "1", "--configfile", "config/test/tiny.yaml")
    assert r.returncode == 0, r.stderr[-3000:]
    mine = _receipts(local_run)
    theirs = _receipts(other)
    assert theirs and all(mine[k] == v for k, v in theirs.items())


@pytest.mark.slow
def test_validate_receipts_catches_a_one_byte_change(local_run, tmp_path):
    ws = tmp_path / "copy"
    shutil.copytree(local_run, ws, symlinks=True)
    rlvr = [str(BIN / "rlvr"), "validate-receipts", "--source", "config/"]
    assert subprocess.run(rlvr, cwd=ws, capture_output=True, text=True).returncode == 0
    shard = next((ws / "results/data/train/parquet").glob("*.parquet"))
    data = bytearray(shard.read_bytes())
    data[100] ^= 1
    shard.write_bytes(bytes(data))
    r = subprocess.run(rlvr, cwd=ws, capture_output=True, text=True)
    assert r.returncode == 1
    assert "R_OUTPUT_CHANGED: results/data/train/parquet" in r.stdout and "export_split" in r.stdout
    # a consumer that read a different version than its producer wrote breaks the chain
    shard.write_bytes(bytes(data[:100]) + bytes([data[100] ^ 1]) + bytes(data[101:]))
    from tracegen.core.canonical import canonical_json

    rec_path = ws / "receipts/equivalence_split/split=train.json"
    rec = json.loads(rec_path.read_text())
    rec["inputs"][0]["sha256"] = "0" * 64
    rec_path.write_text(canonical_json(rec) + "\n")   # receipts are canonical JSON: other bytes are R_FORMAT
    r = subprocess.run(rlvr, cwd=ws, capture_output=True, text=True)
    assert r.returncode == 1 and "R_CHAIN" in r.stdout and "equivalence_split" in r.stdout
    # a changed source (the build config) is reported too
    rec_path.write_bytes((local_run / "receipts/equivalence_split/split=train.json").read_bytes())
    (ws / "config/test/train.yaml").write_text(TINY.format(split="train") + "# edited\n")
    r = subprocess.run(rlvr, cwd=ws, capture_output=True, text=True)
    assert r.returncode == 1 and "R_SOURCE_CHANGED: config/test/train.yaml" in r.stdout


FINAL_TARGETS = [f"results/data/{s}/{f}.json" for s in ("train", "validation")
                 for f in ("equivalence", "validation", "reproduced")] + ["results/models/tiny-trace", "results.json"]


@pytest.mark.slow
def test_receipts_are_checked_against_the_dag_and_the_root(local_run, tmp_path):
    """Against the real DAG: a missing receipt of any rule, and a forged score with its receipts."""
    ws = tmp_path / "copy"
    shutil.copytree(local_run, ws, symlinks=True)
    validate = [str(BIN / "rlvr"), "validate-receipts", "--workflow", "--configfile", "config/test/tiny.yaml",
                "--source", "config/", "--results", "results.json", "--target", *FINAL_TARGETS]
    run = lambda *cmd: subprocess.run(cmd, cwd=ws, env=env(), capture_output=True, text=True, timeout=600)  # noqa: E731
    r = run(*validate)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    root = json.loads((ws / "results.json").read_text())["provenance"]["merkle_root"]
    stamp = ws / "receipts/eval_stamp_seed/benchmark=blink,seed=42.json"
    saved = stamp.read_bytes()
    stamp.unlink()
    r = run(*validate)
    assert r.returncode == 1
    assert "R_MISSING_RECEIPT: receipts/eval_stamp_seed/benchmark=blink,seed=42.json" in r.stdout
    stamp.write_bytes(saved)
    # forge one score and every receipt that names it: the chain closes, results.json's root does not
    from tracegen.core.canonical import canonical_json, sha256_file

    score = ws / "results/eval/tiny-base/blink/seed42/score.json"
    forged = dict(json.loads(score.read_text()), score=99.0)
    score.write_text(json.dumps(forged))
    for f in (ws / "receipts").rglob("*.json"):
        if f.name.endswith(".timing.json"):
            continue
        rec = json.loads(f.read_text())
        for e in rec["inputs"] + rec["outputs"]:
            if e["path"] == "results/eval/tiny-base/blink/seed42/score.json":
                e.update(sha256=sha256_file(score), size=score.stat().st_size)
        f.write_text(canonical_json(rec) + "\n")
    r = run(*validate)
    assert r.returncode == 1 and "R_ROOT: results.json" in r.stdout and "R_RESULTS_REBUILD" in r.stdout
    assert "R_CHAIN" not in r.stdout and "R_OUTPUT_CHANGED" not in r.stdout
    r = run(str(BIN / "rlvr"), "verify-root", "--root", root, "--source", "config/")
    assert r.returncode == 1 and root in r.stdout


@pytest.mark.slow
def test_deep_validation_rescores_forged_generations(local_run, tmp_path):
    """Generations edited with every receipt that names them: only re-scoring (--deep) can tell."""
    from tracegen.core.canonical import canonical_json, sha256_file

    ws = tmp_path / "copy"
    shutil.copytree(local_run, ws, symlinks=True)
    gen = ws / "results/eval/tiny-trace/countqa/seed42/generations.jsonl"   # scored from generations (no judge)
    rows = [json.loads(x) for x in gen.read_text().splitlines()]
    rows[0]["response"] = "\\boxed{987654}"
    gen.write_text("".join(json.dumps(r) + "\n" for r in rows))
    for f in (ws / "receipts").rglob("*.json"):
        if not f.name.endswith(".timing.json"):
            rec = json.loads(f.read_text())
            for e in rec["inputs"] + rec["outputs"]:
                if e["path"] == "results/eval/tiny-trace/countqa/seed42/generations.jsonl":
                    e.update(sha256=sha256_file(gen), size=gen.stat().st_size)
            f.write_text(canonical_json(rec) + "\n")
    # re-runs are the DAG's own commands: --deep takes them from the workflow
    base = [str(BIN / "rlvr"), "validate-receipts", "--source", "config/", "--workflow", "--configfile",
            "config/test/tiny.yaml", "--target", *FINAL_TARGETS]
    r = subprocess.run(base, cwd=ws, env=env(), capture_output=True, text=True, timeout=600)
    assert "R_DEEP" not in r.stdout
    r = subprocess.run(base + ["--deep"], cwd=ws, env=env(), capture_output=True, text=True, timeout=900)
    assert r.returncode == 1, r.stdout[-2000:]
    assert "R_DEEP_RESCORE: results/eval/tiny-trace/countqa/seed42/score.json" in r.stdout
