"""`rlvr conformance` against the reference cases (tests/data/reference/eval/conformance: a copy of the
reference's, produced by running the upstream code): every migrated benchmark must pass all its cases; the
runner itself reports failures."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import refdata
from rlvr.evaluation import benchmarks, conformance

ROOT = Path(__file__).resolve().parents[1]
CASES = refdata.copy("eval/conformance")
BIN = Path(sys.executable).parent


@pytest.fixture(scope="module")
def report():
    import io

    buf = io.StringIO()
    passed, failed, summary = conformance.run_dir(CASES, out=buf)
    return passed, failed, summary, buf.getvalue()


def test_every_migrated_benchmark_passes_all_its_cases(report):
    _, _, summary, text = report
    migrated = benchmarks.keys()
    assert migrated, "no benchmark module registered"
    bad = {k: v for k, v in summary.items() if k in migrated and any(ok != n for ok, n in v.values())}
    assert not bad, text


def test_all_24_benchmarks_pass_every_reference_case(report):
    passed, failed, summary, text = report
    total = sum(len(conformance.read_cases(p)) for p in CASES.glob("*/*.jsonl"))
    assert passed + failed == total
    suite = json.loads((ROOT / "config" / "eval" / "trace_eval_v1.json").read_text())
    assert set(benchmarks.keys()) == {b["key"] for b in suite["benchmarks"]} == set(summary)
    assert failed == 0, text


def test_a_benchmark_without_a_module_counts_as_failing(tmp_path, monkeypatch):
    (tmp_path / "countbenchqa").mkdir()
    (tmp_path / "countbenchqa" / "prompts.jsonl").write_text((CASES / "countbenchqa" / "prompts.jsonl").read_text())
    monkeypatch.setattr(benchmarks, "is_migrated", lambda key: False)
    import io

    passed, failed, summary, = conformance.run_dir(tmp_path, out=io.StringIO())
    assert passed == 0 and failed == summary["countbenchqa"]["prompts"][1] > 0


def test_a_changed_case_fails_with_its_id_and_first_difference(tmp_path):
    (tmp_path / "countbenchqa").mkdir()
    case = json.loads((CASES / "countbenchqa" / "prompts.jsonl").read_text().splitlines()[0])
    case["build_prompt"][1]["value"] = case["build_prompt"][1]["value"].replace("directly", "plainly")
    good = json.loads((CASES / "countbenchqa" / "scoring.jsonl").read_text().splitlines()[0])
    (tmp_path / "countbenchqa" / "prompts.jsonl").write_text(json.dumps(case) + "\n")
    (tmp_path / "countbenchqa" / "scoring.jsonl").write_text(json.dumps(good) + "\n")
    r = subprocess.run([str(BIN / "rlvr"), "conformance", "--cases", str(tmp_path)], capture_output=True, text=True,
                       timeout=120, env=dict(os.environ, HF_HUB_OFFLINE="1"))
    assert r.returncode == 1
    assert "countbenchqa prompts: 0/1" in r.stdout and "countbenchqa scoring: 1/1" in r.stdout
    assert f"FAIL countbenchqa/prompts {case['case_id']}: build_prompt[1]/value: strings differ" in r.stdout
    assert r.stdout.strip().splitlines()[-1] == "1 passed, 1 failed"


def test_missing_cases_directory_is_one_line(tmp_path):
    r = subprocess.run([str(BIN / "rlvr"), "conformance", "--cases", str(tmp_path / "nope")], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "does not exist" in r.stderr


def test_docs_list_every_modules_upstream_functions():
    docs = (ROOT / "docs" / "evaluation.md").read_text(encoding="utf-8")
    missing = [(k, u) for k in benchmarks.keys() for u in benchmarks.get(k).upstream if f"`{u}`" not in docs]
    assert not missing, f"docs/evaluation.md lacks {missing[:5]}"


def test_protocol_constants_cite_their_upstream():
    from rlvr.evaluation.common import constants

    entries = constants._all()
    assert entries
    for key, e in entries.items():
        assert e["text"] and e["line"] > 0 and e["commit"] in constants.COMMITS.values(), key
        assert key.split(".")[0], key
