"""bench/build_cost.py on two tasks: the data stage's commands run per step at two sample sizes, the
regeneration check passes, and the extrapolation is the straight line through the two measurements."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import proc
from tracegen import registry

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench" / "build_cost.py"
TASKS = ["task_symbolic__clock__elapsed_time_value", "task_charts__heatmap__axis_cell_extremum_label"]
STEPS = ["generate_group", "merge_split", "validate_split", "export_split", "equivalence_split", "reproduce_split"]


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    tasks = TASKS
    out = tmp_path_factory.mktemp("cost") / "cost.json"
    r = proc.run([sys.executable, str(BENCH), "--per-task", "1", "2", "--workers", "1", "--tasks", *tasks,
                  "--out", str(out)], timeout=900)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    return tasks, json.loads(out.read_text()), r.stdout


def test_every_step_of_the_data_stage_is_measured_at_both_sizes(result):
    tasks, res, stdout = result
    domains = {registry.meta(t)["domain"] for t in tasks}
    assert [s["instances"] for s in res["samples"]] == [len(tasks), 2 * len(tasks)]
    for s in res["samples"]:
        assert list(s["steps"]) == STEPS
        assert s["steps"]["generate_group"]["jobs"] == len(domains)     # one generation job per domain
        assert s["steps"]["reproduce_split"]["jobs"] == 4              # generate, export, receipt, compare
        assert all(v["cpu_s"] > 0 and v["peak_mb"] > 0 for v in s["steps"].values())
        assert s["dataset_bytes"] > 0 and s["parquet_bytes"] > 0 and s["attempts_per_instance"] >= 1
    assert "paper train (64000 instances)" in stdout


def test_the_extrapolation_is_the_line_through_both_samples(result):
    _, res, _ = result
    s1, s2 = res["samples"]
    for split, n in (("train", 64 * res["tasks"]), ("validation", 2 * res["tasks"])):
        e = res["paper"][split]
        for step in STEPS:
            fixed, per = e[step]["fixed_cpu_s"], e[step]["cpu_s_per_instance"]
            for s in (s1, s2):
                assert fixed + per * s["instances"] == pytest.approx(s["steps"][step]["cpu_s"], abs=1e-6)
            assert e[step]["cpu_s"] == pytest.approx(fixed + per * n)
        assert e["total_cpu_s"] == pytest.approx(sum(e[step]["cpu_s"] for step in STEPS))
        assert e["dataset_bytes"] == pytest.approx(s2["dataset_bytes"] / s2["instances"] * n)


def test_an_unknown_task_is_one_line_and_exit_2():
    r = proc.run([sys.executable, str(BENCH), "--tasks", "task_nope"], timeout=120)
    assert r.returncode == 2 and "unknown task task_nope" in r.stderr and "Traceback" not in r.stderr
