"""The Snakemake workflow without a local run of it: config values reach commands as single arguments,
the paper grid's dry run under the Slurm profile, partial reruns, lint, and the CPU stages through a real
local Slurm cluster."""

import json
import re
import shlex
import shutil
import subprocess

import pytest
from workspace import BIN, TINY, env, job_counts, make_workspace, snakemake

# `early`: the Slurm run is one of the suite's longest tests; the suite starts this module first
pytestmark = pytest.mark.early(170)


def test_config_values_reach_commands_as_one_argument(tmp_path):
    """A config path with ';', spaces and $(...) is a path to the job, never shell code."""
    ws = make_workspace(tmp_path / "quoting")
    weird = "config/test/a;touch PWNED;b $(touch PWNED2).yaml"
    (ws / weird).write_text(TINY.format(split="train"))
    (ws / "config/test/weird.yaml").write_text(
        "extends: config/local.yaml\nstages: [data]\ndata:\n  splits: {train: '%s', validation: config/test/validation.yaml}\n"
        "  workers: 1\n" % weird)
    r = snakemake(ws, "results/data/train/groups/charts", "--cores", "1", "--configfile", "config/test/weird.yaml")
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert not list(ws.rglob("PWNED*"))
    rec = json.loads((ws / "receipts/generate_group/group=charts,split=train.json").read_text())
    assert [i["path"] for i in rec["inputs"]] == [weird]
    assert shlex.split(rec["command"])[2] == weird and rec["shell"] == "/bin/bash -euo pipefail -c"


@pytest.fixture()
def fake_apptainer(tmp_path):
    """Debian 12 ships no apptainer; `--sdm apptainer` only asks for its version in a dry run."""
    d = tmp_path / "fakebin"
    d.mkdir()
    (d / "apptainer").write_text("#!/bin/sh\necho 'apptainer version 1.3.4'\n")
    (d / "apptainer").chmod(0o755)
    return str(d)


def test_paper_grid_dry_run_under_the_slurm_profile(tmp_path, fake_apptainer):
    ws = make_workspace(tmp_path / "paper")
    r = snakemake(ws, "--profile", "slurm", "results.json", "-n", extra_path=fake_apptainer, timeout=300)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    out = r.stdout + r.stderr
    counts = job_counts(out)
    assert counts["evaluate"] == 8 * 24 * 3 == 576
    assert counts["score"] == 576
    assert counts["judge"] == 13  # one job per judged benchmark serves its 8 models x 3 seeds
    assert counts["train"] == 2 and counts["merge_checkpoint"] == 2 and counts["fetch_model"] == 6
    assert counts["trace_validation"] == 8 and counts["aggregate"] == 1 and counts["fetch_hub_dataset"] == 1
    assert counts["trace_validation_generate"] == counts["trace_validation_judge"] == 8
    assert counts["fetch_benchmark"] == 24 and counts["judge_model"] == 1 and "benchmark_fixture" not in counts
    assert counts["fetch_trace_validation"] == 1   # the paper's campaign reads the pinned 2,000-row file
    assert "rlvr evaluate" in out and "--backend vllm" in out and "--judge-backend vllm" in out
    train_block = out[out.index("rule train:"):][:2500]
    # GPU counts only: a GPU type (GRES) is a site setting (slurm/config.yaml set-resources), not the study's
    assert re.search(r"resources:.*\bgpu=8\b", train_block) and "gpu_model" not in train_block
    assert "gpu_memory_gib" not in train_block   # the pre-flight's figure, never a Slurm request
    eval_block = out[out.index("rule evaluate:"):][:2500]
    assert re.search(r"resources:.*\bgpu=1\b", eval_block)
    assert "slurm_partition=CHANGE_ME_PARTITION" in out


SMALL_GRID = """extends: config/paper.yaml
models:
  - {id: base-3b, scale: 3B, base: null, source: hub, repo: Qwen/Qwen2.5-VL-3B-Instruct, revision: 66285546d2b821cf421d4f5eb2576359d3770cd3}
  - {id: trace-3b, scale: 3B, base: base-3b, source: train, profile: trace-qwen2.5-vl-3b, init: base-3b}
eval:
  suite: config/eval/trace_eval_v1.json
  seeds: [42, 43]
  benchmarks: all
  fixtures: null
"""


def test_partial_reruns_rebuild_only_the_slice_and_the_aggregate(tmp_path, fake_apptainer):
    """With every output present and up to date, forcing one stamp reruns exactly that slice."""
    ws = make_workspace(tmp_path / "rerun")
    (ws / "config" / "test" / "grid.yaml").write_text(SMALL_GRID)
    base = ["--profile", "slurm", "results.json"]
    summary = snakemake(ws, *base, "--summary", "--configfile", "config/test/grid.yaml", extra_path=fake_apptainer)
    assert summary.returncode == 0, summary.stderr[-2000:]
    for line in summary.stdout.splitlines()[1:]:
        path = ws / line.split("\t")[0]
        if path.suffix in (".json", ".jsonl", ".stamp"):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("x")
        else:
            path.mkdir(parents=True, exist_ok=True)
    touched = snakemake(ws, *base, "--touch", "--executor", "local", "--cores", "1",
                        "--configfile", "config/test/grid.yaml", extra_path=fake_apptainer)
    assert touched.returncode == 0, touched.stderr[-2000:]
    idle = snakemake(ws, *base, "-n", "--configfile", "config/test/grid.yaml", extra_path=fake_apptainer)
    assert "Nothing to be done" in idle.stdout + idle.stderr
    one_seed = snakemake(ws, *base, "-n", "-R", "results/eval/stamps/mathvista/seed42.stamp",
                         "--configfile", "config/test/grid.yaml", extra_path=fake_apptainer)
    assert job_counts(one_seed.stdout + one_seed.stderr) == {
        "eval_stamp_seed": 1, "evaluate": 2, "judge": 1, "score": 4, "aggregate": 1, "total": 9}
    one_benchmark = snakemake(ws, *base, "-n", "-R", "results/eval/stamps/chartqapro.stamp",
                              "--configfile", "config/test/grid.yaml", extra_path=fake_apptainer)
    assert job_counts(one_benchmark.stdout + one_benchmark.stderr) == {
        "eval_stamp_benchmark": 1, "evaluate": 4, "score": 4, "aggregate": 1, "total": 10}


def test_lint_is_clean(tmp_path, fake_apptainer):
    ws = make_workspace(tmp_path / "lint")
    for args in (["--lint"], ["--lint", "--profile", "slurm"]):
        r = snakemake(ws, *args, extra_path=fake_apptainer, timeout=300)
        assert r.returncode == 0 and "Congratulations" in r.stdout + r.stderr, r.stdout + r.stderr


def _slurm_up():
    if not shutil.which("sinfo"):
        return False
    r = subprocess.run(["sinfo", "-h", "-o", "%T"], capture_output=True, text=True)
    return r.returncode == 0 and any(s in r.stdout for s in ("idle", "mixed", "allocated"))


@pytest.mark.slow
@pytest.mark.skipif(not _slurm_up(), reason="no local Slurm cluster (scripts/slurm-local.sh start)")
def test_cpu_stages_run_through_a_real_slurm_cluster(tmp_path):
    ws = make_workspace(tmp_path / "slurm")
    before = set(subprocess.run(["squeue", "-h", "-o", "%i"], capture_output=True, text=True).stdout.split())
    r = subprocess.run(
        ["timeout", "-k", "30", "900", str(BIN / "snakemake"), "--executor", "slurm", "--jobs", "4",
         "--configfile", "config/test/tiny-data.yaml", "--default-resources", "slurm_partition=debug",
         "slurm_account=test", "runtime=10", "mem_mb=1000", "--slurm-status-command", "squeue",
         "--slurm-init-seconds-before-status-checks", "2", "--latency-wait", "5"],
        cwd=ws, env=env(), capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-4000:]
    report = json.loads((ws / "results/receipts_report.json").read_text())
    assert report["ok"] and report["receipts"] >= 12
    after = subprocess.run(["squeue", "-h", "-t", "all", "-o", "%i %j %T"], capture_output=True, text=True).stdout
    finished = [line for line in after.splitlines() if line.split()[0] not in before and "COMPLETED" in line]
    assert len(finished) >= 10, after
