"""bench/generate.py --reference-python: the side-by-side code path, run against a fake original
(a ``trace_tasks`` package of a few lines behind a wrapper interpreter) so that CI exercises the
worker protocol, the interleaved timing and the per-task ratios without the original installed."""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pytest

import proc

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench" / "generate.py"
TASKS = ["task_games__chess__piece_kind_count", "task_symbolic__spinner__single_attribute_probability"]

FAKE = '''
import time
from PIL import Image


class Out:
    def __init__(self, image):
        self.image = image


def generate_task(task_id, seed):
    if seed == 1 and task_id.endswith("piece_kind_count"):
        raise ValueError("no valid scene")
    end = time.process_time() + 0.004
    while time.process_time() < end:   # some CPU time to measure
        pass
    w = 400 + 10 * (seed % 5)
    return Out(Image.new("P" if seed % 2 else "RGB", (w, 300), 7))
'''
FAKE_CLI = '''
def list_main(argv):
    print("task_a")
    return 0
'''


def _run(args, timeout=600):
    r = proc.run([sys.executable, str(BENCH), *args], timeout=timeout)
    return r.returncode, r.stdout, r.stderr


def _fake_python(tmp_path, body=FAKE) -> Path:
    pkg = tmp_path / "fake" / "trace_tasks"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(body)
    (pkg / "cli.py").write_text(FAKE_CLI)
    py = tmp_path / "python"
    py.write_text(f'#!/bin/sh\nPYTHONPATH="{tmp_path / "fake"}" exec "{sys.executable}" "$@"\n')
    py.chmod(0o755)
    return py


def _load_bench():
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_generate", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


@pytest.fixture(scope="module")
def side_by_side(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("bench")
    tasks = tmp / "tasks.txt"
    tasks.write_text("\n".join(TASKS + ["task_not__implemented__here"]) + "\n")
    out = tmp / "out.tsv"
    rc, text, err = _run(["--tasks", str(tasks), "--seeds", "3", "--passes", "2", "--reference-python",
                          str(_fake_python(tmp)), "--out", str(out), "--cold-starts", "1"])
    assert rc == 0, err
    rows = {r["task_id"]: r for r in csv.DictReader(open(out, encoding="utf-8"), delimiter="\t")}
    return rows, text


def test_per_task_ratios_at_the_originals_areas(side_by_side):
    rows, _ = side_by_side
    chess, spin = rows[TASKS[0]], rows[TASKS[1]]
    assert rows["task_not__implemented__here"]["status"] == "not_implemented"
    # the fake raised on seed 1 of the chess task: two instances compared, one error counted
    assert (chess["ref_n"], chess["ref_errors"], spin["ref_n"], spin["ref_errors"]) == ("2", "1", "3", "0")
    # ours was drawn at exactly the original's image area for the same seeds (400x300, 410x300, 420x300)
    assert float(spin["ref_mp"]) == pytest.approx(0.123) and float(chess["ref_mp"]) == pytest.approx(0.123)
    assert float(spin["matched_mp"]) == pytest.approx(0.123, abs=0.002)
    for r in (chess, spin):
        assert float(r["ref_ms_render"]) >= 3.5          # the fake's 4 ms of CPU per instance
        assert float(r["ref_ms_png"]) > 0 and float(r["matched_ms_total"]) > 0
        for x in ("render", "png", "total"):
            assert float(r[f"ratio_{x}"]) == pytest.approx(
                float(r[f"ref_ms_{x}"]) / float(r[f"matched_ms_{x}"]), rel=0.01)


def test_summary_reports_ratios_and_slow_tasks(side_by_side):
    rows, text = side_by_side
    ratios = sorted(float(r["ratio_total"]) for r in rows.values() if r["status"] == "ok")
    assert f"median over 2 tasks: finished {(ratios[0] + ratios[1]) / 2:.1f}x" in text
    under5 = sum(x < 5 for x in ratios)
    assert f"under 5x: {under5};" in text and "target (median >= 15x, no task under 5x):" in text
    assert "the original raised on 1 instance(s)" in text
    assert "the original's task listing:" in text


def test_a_broken_reference_python_is_one_line(tmp_path):
    tasks = tmp_path / "tasks.txt"
    tasks.write_text(TASKS[0] + "\n")
    args = ["--tasks", str(tasks), "--seeds", "1", "--out", str(tmp_path / "o.tsv"), "--cold-starts", "0"]
    rc, _, err = _run(args + ["--reference-python", str(tmp_path / "missing-python")])
    assert rc == 2 and err.strip().count("\n") == 0 and "cannot run the reference Python" in err
    rc, _, err = _run(args + ["--reference-python", str(_fake_python(tmp_path, "raise ImportError('no cairo')"))])
    assert rc == 2 and err.strip().count("\n") == 0 and "cannot import trace_tasks" in err and "no cairo" in err
    assert not (tmp_path / "o.tsv").exists()


def test_each_generator_runs_a_tasks_instances_back_to_back(monkeypatch):
    """Interleaved per task, not per instance: the original's instances of a task, then ours, and
    cairo's comparison writer only after our timed instances (never between two of them)."""
    bench = _load_bench()
    from tracegen import registry
    from tracegen.core import engine

    calls = []

    class Ref:
        def time(self, tid, seed):
            calls.append(("ref", seed))
            return {"ok": True, "w": 200, "h": 100, "ms_render": 5.0, "ms_png": 1.0, "png_bytes": 10}

    real = engine.generate

    def spy(spec, **kw):
        calls.append(("ours", kw["seed"], kw.get("megapixels")))
        return real(spec, **kw)

    monkeypatch.setattr(engine, "generate", spy)
    monkeypatch.setattr(bench, "_time_cairo_png", lambda inst: (calls.append(("cairo",)), (1.0, 5))[1])
    m = bench.measure({TASKS[1]: registry.get(TASKS[1])}, seeds=2, passes=1, ref=Ref())
    warm = [("ours", bench.WARMUP_SEED, None), ("ref", bench.WARMUP_SEED)]
    timed = [("ref", 0), ("ref", 1), ("ours", 0, None), ("ours", 0, 0.02), ("ours", 1, None), ("ours", 1, 0.02)]
    assert calls == warm + timed + [("ours", 0, None), ("cairo",), ("ours", 1, None), ("cairo",)]
    assert m["best"][(TASKS[1], "cairo", 0)] == [1.0] and m["shape"][(TASKS[1], "own", 0)][1][1] == 5


def test_fresh_processes_run_each_pass_in_new_processes_on_both_sides(tmp_path):
    """``--fresh-processes``: every pass in a new process of ours and a new reference worker, the
    instances' least times taken over them (the same figures as the one-process path gives)."""
    import os

    bench = _load_bench()
    m = bench.measure_fresh(TASKS, seeds=2, passes=3, reference_python=str(_fake_python(tmp_path)))
    pids = m["pids"]
    assert len(pids) == 3 and all(a and b for a, b in pids)
    ours, theirs = {a for a, _ in pids}, {b for _, b in pids}
    assert len(ours) == 3 and len(theirs) == 3 and os.getpid() not in ours | theirs
    assert m["errors"] == {TASKS[0]: {1}}
    for t in TASKS:
        assert m["best"][(t, "ref", 0)][0] >= 3.5 and len(m["best"][(t, "own", 0)]) == 2
        assert m["shape"][(t, "matched", 0)][0] == pytest.approx(0.12, abs=0.002)
    assert (TASKS[0], "ref", 1) not in m["best"] and (TASKS[1], "ref", 1) in m["best"]
    from tracegen import registry

    with bench.Reference.start(str(_fake_python(tmp_path / "again"))) as ref:   # the one-process path
        one = bench.measure({t: registry.get(t) for t in TASKS}, seeds=2, passes=1, ref=ref)
    assert set(one["best"]) == set(m["best"]) and one["shape"] == m["shape"] and one["errors"] == m["errors"]


def test_merge_keeps_each_instances_least_time():
    bench = _load_bench()
    k = ["t", "own", 0]
    one = {"best": [[*k, [3.0, 1.0]]], "shape": [[*k, [0.5, [10]]]], "errors": {"t": [1]}}
    two = {"best": [[*k, [2.0, 1.5]]], "shape": [[*k, [0.5, [10]]]], "errors": {"u": [0]}}
    m = bench.merge([one, two])
    assert m["best"] == {("t", "own", 0): [2.0, 1.0]} and m["shape"] == {("t", "own", 0): (0.5, (10,))}
    assert m["errors"] == {"t": {1}, "u": {0}}


def test_fresh_processes_report_a_broken_reference_in_one_line(tmp_path):
    tasks = tmp_path / "tasks.txt"
    tasks.write_text(TASKS[0] + "\n")
    rc, out, err = _run(["--tasks", str(tasks), "--seeds", "1", "--passes", "2", "--fresh-processes",
                         "--out", str(tmp_path / "o.tsv"), "--cold-starts", "0", "--reference-python",
                         str(_fake_python(tmp_path, "raise ImportError('no cairo')"))])
    assert rc == 2 and err.strip().count("\n") == 0, err
    assert "a benchmark pass failed" in err and "cannot import trace_tasks" in err and "no cairo" in err
    assert not (tmp_path / "o.tsv").exists()
    rc, out, err = _run(["--tasks", str(tasks), "--seeds", "1", "--passes", "2", "--fresh-processes",
                         "--out", str(tmp_path / "o.tsv"), "--cold-starts", "0"])
    assert rc == 0, err
    assert "least of 2 passes (each pass in fresh processes)" in out and (tmp_path / "o.tsv").exists()
