"""tracegen as a library (trace/library.py, trace/streaming.py): the public API's catalog, instances,
determinism against the bytes the CLI writes, its one error type, the stream's plan (the online RL
stream's) and seeking, and the cheap ``import tracegen``."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from collections import Counter

import pytest

import tracegen
from tracegen import export, registry, reward
from tracegen.streaming import plan_step

A = "task_graph__node_link__shortest_path_length"
B = "task_games__go__marked_group_stone_count"
C = "task_charts__combo_mark__absolute_gap_extremum_label"
SEED = 7


def _cli(*args, **kw):
    return subprocess.run([sys.executable, "-m", "tracegen", *args], capture_output=True, text=True, timeout=600,
                          **kw)


@pytest.fixture(scope="module")
def cli_build(tmp_path_factory):
    """Datasets written by `tracegen generate`: default difficulty, and --difficulty 3."""
    root = tmp_path_factory.mktemp("cli")
    for name, extra in (("default", []), ("d3", ["--difficulty", "3"])):
        r = _cli("generate", "--task", A, "--task", C, "--samples-per-task", "3", "--seed", str(SEED), "-q",
                 "-o", str(root / name), *extra)
        assert r.returncode == 0, r.stderr
    return root


# ------------------------------------------------------------------------------------------ import
def test_import_is_cheap_and_loads_nothing_heavy():
    """A generous guard (the strict figures are bench/import_time.py's): import + tasks() + describe() in a
    fresh process well under a second, without numpy, cairo, PIL, datasets or trl."""
    code = ("import sys, time; t = time.perf_counter(); import tracegen; ids = tracegen.tasks(); "
            "tracegen.describe(ids[0]); dt = time.perf_counter() - t; "
            "print(dt, len(ids), sorted(m for m in ('numpy', 'cairo', 'PIL', 'datasets', 'trl', 'rlvr') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    dt, n, heavy = out.stdout.split(" ", 2)
    assert float(dt) < 1.0 and int(n) == len(registry.task_ids()) and heavy.strip() == "[]"
    assert set(tracegen.__all__) == {"Instance", "Stream", "TracegenError", "describe", "generate", "stream",
                                     "tasks"}


# ------------------------------------------------------------------------------------------ catalog
def test_tasks_filters_the_index():
    every = tracegen.tasks()
    assert every == sorted(every) and len(every) == len(set(every)) >= 400
    charts = tracegen.tasks(domain="charts")
    assert charts and all(tracegen.describe(t)["domain"] == "charts" for t in charts[:5])
    assert C in tracegen.tasks(scene="combo_mark") == tracegen.tasks(scene="charts/combo_mark")
    ints = tracegen.tasks(domain="graph", answer_type="integer")
    assert A in ints and all(tracegen.describe(t)["answer_type"] == "integer" for t in ints)
    assert tracegen.tasks(domain="no_such_domain") == []


def test_describe_is_the_task_card_and_the_catalog_row():
    d = tracegen.describe(C)
    assert d["task_id"] == C and d["domain"] == "charts" and d["scene_id"] == "combo_mark"
    assert d["answer_type"] == "string" and d["annotation_type"] == "point_map"
    assert d["difficulties"] == [1, 2, 3] and d["original_difficulty"] == 2
    assert "module" not in d
    # the catalog row (tracegen/data/catalog_tasks.tsv, the reference catalog) agrees with the task's code
    cat = d["catalog"]
    assert cat["objective_contract"] == d["objective"] and cat["program"]
    assert cat["query_ids"] == d["query_ids"] and cat["reasoning_operations"] == d["reasoning_operations"]
    # difficulty=None is the original's level (what the fidelity statistics measure); a list draws per instance
    assert {tracegen.generate(A, seed=0, index=i).difficulty for i in range(6)} == {tracegen.describe(A)["original_difficulty"]}
    levels = Counter(tracegen.generate(A, seed=0, index=i, difficulty=[1, 2, 3]).difficulty for i in range(12))
    assert set(levels) == set(tracegen.describe(A)["difficulties"])


# ------------------------------------------------------------------------------------------ instances
@pytest.mark.parametrize("build, difficulty", [("default", None), ("d3", 3)])
def test_generate_gives_the_bytes_the_cli_writes(cli_build, build, difficulty):
    root = cli_build / build
    records = [json.loads(line) for line in (root / "records.jsonl").read_text().splitlines()]
    assert len(records) == 6
    for rec in records:
        inst = tracegen.generate(rec["task"], SEED, index=rec["index"], difficulty=difficulty)
        assert inst.png == (root / rec["images"][0]["path"]).read_bytes()
        assert inst.record == {**rec, "trace_ref": None}
        assert inst.instance_id == rec["instance_id"]


def test_instance_surface():
    inst = tracegen.generate(C, seed=3, index=2)
    rec = inst.record
    assert inst.task == C and inst.prompt == rec["prompts"]["answer_only"] and inst.prompts == rec["prompts"]
    assert set(inst.prompts) == {"answer_only", "answer_and_annotation"}
    assert inst.answer == rec["answer_gt"]["value"] and isinstance(inst.answer, str)
    assert inst.answer_type == "string" and inst.annotation_type == "point_map"
    assert inst.annotation == rec["annotation_gt"]["value"] and inst.difficulty in (1, 2, 3)
    assert inst.trace["answer"] == inst.answer and inst.trace["instance_id"] == inst.instance_id
    assert inst.png.startswith(b"\x89PNG\r\n\x1a\n")
    im = inst.image
    assert im.mode == "RGB" and im.size == (rec["images"][0]["width"], rec["images"][0]["height"])
    assert inst.image is im
    right, wrong = json.dumps({"answer": inst.answer}), json.dumps({"answer": inst.answer + "x"})
    assert inst.score(right) == reward.score(right, rec["answer_gt"], rec["annotation_gt"], rec["reward_contract"])
    assert inst.score(right)["overall"] == 1.0 and inst.score(wrong)["overall"] == pytest.approx(0.05)
    both = json.dumps({"answer": inst.answer, "annotation": inst.annotation})
    assert inst.score(both, mode="answer_and_annotation")["overall"] == pytest.approx(1.0)
    assert inst.row() == export.record_row(rec, [inst.png])
    assert inst.row(max_pixels=20_000)["image_sizes"][0]["width"] < rec["images"][0]["width"]
    text = repr(inst)
    assert text.startswith("Instance(") and C in text and "\n" not in text and len(text) < 300


def test_same_instance_in_a_fresh_process():
    code = (f"import tracegen, hashlib; i = tracegen.generate({B!r}, seed=11, index=4, difficulty=[1, 2]); "
            "print(hashlib.sha256(i.png).hexdigest(), i.instance_id)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    inst = tracegen.generate(B, seed=11, index=4, difficulty=[1, 2])
    assert out.stdout.split() == [hashlib.sha256(inst.png).hexdigest(), inst.instance_id]
    assert inst.difficulty in (1, 2)


@pytest.mark.parametrize("call", [
    lambda: tracegen.generate("task_no_such_task"),
    lambda: tracegen.generate(42),
    lambda: tracegen.generate(A, seed=-1),
    lambda: tracegen.generate(A, seed=2**63),
    lambda: tracegen.generate(A, seed=True),
    lambda: tracegen.generate(A, seed="3"),
    lambda: tracegen.generate(A, seed=1.0),
    lambda: tracegen.generate(A, index=-1),
    lambda: tracegen.generate(A, difficulty=4),
    lambda: tracegen.generate(A, difficulty=[]),
    lambda: tracegen.generate(A, difficulty=[1, 1]),
    lambda: tracegen.generate(A, split="Train"),
    lambda: tracegen.describe("task_no_such_task"),
    lambda: tracegen.tasks(answer_type="float"),
    lambda: tracegen.stream([]),
    lambda: tracegen.stream([A, "task_no_such_task"]),
    lambda: tracegen.stream([A, A]),
    lambda: tracegen.stream([A, B], seed=-5),
    lambda: tracegen.stream([A, B], weights=[1.0]),
    lambda: tracegen.stream([A, B], weights=[1.0, 0.0]),
    lambda: tracegen.stream([A, B], weights=[1.0, float("nan")]),
    lambda: tracegen.stream([A, B], weights={C: 1.0}),
    lambda: tracegen.stream([A, B], batch_size=0),
    lambda: tracegen.stream([A]).seek(-1),
    lambda: tracegen.generate(A).score("{}", mode="annotation"),
])
def test_bad_arguments_raise_one_clear_error(call):
    with pytest.raises(tracegen.TracegenError) as e:
        call()
    message = str(e.value)
    assert message and "\n" not in message and len(message) < 200
    assert isinstance(e.value, ValueError)


# ------------------------------------------------------------------------------------------ stream
def test_plan_step_is_the_online_streams_plan():
    """The values the online RL stream's plan made before it moved into tracegen (rlvr/training/online.py at
    550a01a: SeedSequence([seed, step, 0x6F6E6C]), choice over the normalised weights, per-task counters)."""
    counters: dict = {}
    got = [plan_step(5, s, ["a", "b", "c"], [2.0, 1.0, 0.5], 4, counters) for s in (1, 2, 3)]
    assert got == [[(1, 0), (0, 0), (0, 1), (1, 1)], [(2, 0), (0, 2), (2, 1), (0, 3)],
                   [(1, 2), (0, 4), (0, 5), (1, 3)]]
    assert counters == {"a": 6, "b": 4, "c": 2}


def test_stream_is_deterministic_and_seekable():
    s = tracegen.stream([A, B, C], seed=3, batch_size=4)
    first = s.take(10)
    assert s.position == 10
    ids = [i.instance_id for i in first]
    assert len(set(ids)) == 10
    assert [i.instance_id for i in tracegen.stream([A, B, C], seed=3, batch_size=4).take(10)] == ids
    assert next(s.seek(7)).instance_id == ids[7] and s.position == 8
    assert next(s.seek(2)).instance_id == ids[2]                 # back
    assert next(tracegen.stream([A, B, C], seed=3, batch_size=4).seek(9)).instance_id == ids[9]
    # each position is tracegen.generate of its coordinates, split "online"
    for p in (0, 5, 9):
        task, index = s.coordinates(p)
        inst = tracegen.generate(task, 3, index=index, split="online")
        assert (inst.png, inst.record) == (first[p].png, first[p].record)
    # indexes per task count up from 0, never repeated
    coords = [s.coordinates(p) for p in range(40)]
    for t in (A, B, C):
        assert [i for task, i in coords if task == t] == list(range(sum(task == t for task, _ in coords)))
    # another seed, another stream
    assert [i.instance_id for i in tracegen.stream([A, B, C], seed=4, batch_size=4).take(3)] != ids[:3]


def test_stream_weights_and_difficulty():
    s = tracegen.stream([A, B], seed=1, weights={A: 9.0, B: 1.0})
    share = Counter(s.coordinates(p)[0] for p in range(2000))
    assert 0.86 < share[A] / 2000 < 0.94
    # seeking far is cheap: no instance is generated
    assert s.coordinates(1_000_000)[0] in (A, B) and s.position == 0
    assert {i.difficulty for i in tracegen.stream([A, B], seed=1, difficulty=2).take(4)} == {2}


def test_stream_serves_the_online_rl_streams_instances(tmp_path):
    """With the curriculum off, rlvr's online stream (same seed, split, mix and batch size) serves the
    instances tracegen.stream yields: one planner, one engine."""
    from rlvr.training import online
    from rlvr.training import profiles as P

    spec = online.settings({"seed": 5, "split": "online", "mix": [{"id": A, "weight": 2.0}, {"id": C}],
                            "workers": 0, "curriculum": {"enabled": False}})
    ctx = online.row_context(spec, P.load("tiny-cpu-online"))
    rl = online.Stream(spec, ctx, batch_size=8, steps=1, rollout_n=1, journal=tmp_path / "j", run_dir=tmp_path,
                       workers=0, log=lambda *_: None)
    try:
        served = [r["extra_info"]["instance_id"] for r in rl.batch(1)]
    finally:
        rl.close()
    assert rl.state["redrawn"] == {"duplicate": 0, "validation": 0, "too_long": 0}
    ours = tracegen.stream([A, C], seed=5, weights=[2.0, 1.0], batch_size=8).take(8)
    assert [i.instance_id for i in ours] == served


def test_cli_cold_start_path_is_untouched():
    """`tracegen list` still reads only the static index (the cold start's budget: bench/import_time.py)."""
    code = ("import sys; from tracegen.cli import main; main(['list']); "
            "print(sorted(m for m in ('numpy', 'cairo', 'tracegen.library') if m in sys.modules), file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert out.stderr.strip().endswith("[]") and len(out.stdout.splitlines()) == len(tracegen.tasks())

