"""The evaluation suite manifest (rlvr suite) and the lm-eval task definitions it names."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rlvr.evaluation import suite

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = ROOT / "config/eval/trace_eval_v1.json"
SHARED = ROOT.parent / "shared/reference/eval"
RLVR = str(Path(sys.executable).parent / "rlvr")


def test_committed_manifest_is_valid_and_equals_a_fresh_build():
    r = subprocess.run([RLVR, "suite", "--check", str(MANIFEST)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_manifest_carries_the_reference_facts():
    m = suite.load(MANIFEST)
    assert len(m["benchmarks"]) == 24 and len(m["categories"]) == 6
    assert all(len(v) == 4 for v in m["categories"].values())
    g = m["generation"]
    assert (g["temperature"], g["top_p"], g["top_k"], g["max_tokens"]) == (0.6, 1.0, -1, 4096)
    assert (g["min_image_pixels"], g["max_image_pixels"]) == (3136, 12845056)
    assert m["seeds"] == [42, 43, 44]
    assert m["judge"]["revision"] == "9216db5781bf21249d130ec9da846c4624c16137" and m["judge"]["temperature"] == 0
    judged = {b["key"]: b["judge_protocol"] for b in m["benchmarks"] if b["judge"]}
    assert set(judged) == {"charxivreason", "mathverse", "spatialvizbench_cot", "erqa", "logicvista", "mme_reasoning",
                           "mathvision", "mathvista", "wemath", "mmmu_pro_vision", "mmstar", "cvbench_3d", "blink"}
    assert sum(p["use"] == "every_row" for p in judged.values()) == 6
    assert {k for k, p in judged.items() if p["transport"] == "chat"} == {
        "spatialvizbench_cot", "erqa", "wemath", "mmmu_pro_vision", "mmstar", "cvbench_3d", "blink"}


def test_benchmark_modules_agree_with_the_judge_routes():
    from rlvr.evaluation import benchmarks

    m = suite.load(MANIFEST)
    for b in m["benchmarks"]:
        if benchmarks.is_migrated(b["key"]):
            use = benchmarks.get(b["key"]).judge or "none"
            assert use == b["judge_protocol"]["use"], b["key"]
            assert benchmarks.get(b["key"]).route == b["route"], b["key"]   # the module's route is the suite's
    tv = m["trace_validation"]
    assert tv["prompt"]["system_prompt_sha256"].startswith("f394927d") and tv["generation"]["seed"] == 42


@pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared/reference")
def test_packaged_reference_copies_equal_the_reference():
    here = ROOT / "rlvr/evaluation/reference"
    assert (here / "suite.v1.json").read_bytes() == (SHARED / "suite.v1.json").read_bytes()
    assert (here / "benchmark_provenance.v1.json").read_bytes() == (SHARED / "benchmark_provenance.v1.json").read_bytes()
    assert (here / "trace_validation_suite.v1.json").read_bytes() == (SHARED / "trace_validation/suite.v1.json").read_bytes()
    ref = json.loads((SHARED / "suite.v1.json").read_text())
    m = suite.load(MANIFEST)
    for ours, theirs in zip(m["benchmarks"], ref["benchmarks"]):
        assert {k: ours[k] for k in theirs} == theirs


@pytest.mark.parametrize("mutate, message", [
    (lambda m: m["benchmarks"][0].update(rows=0), "rows"),
    (lambda m: m["generation"].update(top_p=0), "top_p"),
    (lambda m: m["judge"].update(temperature=0.6), "temperature"),
    (lambda m: m["categories"]["Visual Math"].pop(), "categories"),
    (lambda m: m["benchmarks"][3].update(category="Visual Math"), "category"),
    (lambda m: m["benchmarks"][0]["source"].update(revision="main"), "revision"),
    (lambda m: m["benchmarks"][0]["judge_protocol"].update(use="sometimes"), "judge_protocol"),
    (lambda m: m["benchmarks"][1].update(judge=False), "disagree"),
])
def test_bad_manifests_fail_with_one_line(tmp_path, mutate, message):
    m = copy.deepcopy(json.loads(MANIFEST.read_text()))
    mutate(m)
    path = tmp_path / "suite.json"
    path.write_text(json.dumps(m))
    with pytest.raises(suite.SuiteError, match=message) as e:
        suite.load(path)
    assert "\n" not in str(e.value)


def test_every_benchmark_has_an_lm_eval_task_and_lm_eval_loads_them():
    from lm_eval.tasks import TaskManager

    m = suite.load(MANIFEST)
    yamls = {p.stem for p in suite.TASKS_DIR.glob("*.yaml") if not p.name.startswith("_")}
    assert yamls == {b["key"] for b in m["benchmarks"]} | {"trace_validation"}
    tm = TaskManager(include_path=str(suite.TASKS_DIR), include_defaults=False)
    names = set(tm.all_tasks)
    assert {b["lm_eval_task"] for b in m["benchmarks"]} <= names and "trace_validation" in names
    assert "trace_eval_v1" in names   # the tag runs the whole suite: lm_eval --tasks trace_eval_v1


def test_the_suites_seeds_are_the_default_and_a_config_may_only_pick_among_them():
    m = suite.load(MANIFEST)
    assert suite.select_seeds(m) == suite.select_seeds(m, None) == [42, 43, 44]
    assert suite.select_seeds(m, [44, 42]) == [44, 42]              # the configuration's order
    for bad, message in (([7], r"\[7\] are not seeds"), ([42, 7, 8], r"\[7, 8\] are not seeds"),
                         ([42, 42], "distinct"), ([], "distinct")):
        with pytest.raises(suite.SuiteError, match=message) as e:
            suite.select_seeds(m, bad)
        assert "\n" not in str(e.value)


def test_the_suites_seeds_are_the_reference_releases():
    import refdata

    assert suite.SEEDS == json.loads(refdata.copy("eval/results.json").read_text())["seeds"]
