"""``rlvr conformance --cases DIR``: the reference's protocol, case by case.

DIR holds ``<benchmark>/{prompts,scoring,aggregate}.jsonl`` (the schema of
``../shared/reference/eval/conformance/README.md``: cases produced by running the upstream code). Every
case goes through the benchmark module's own functions, the ones the evaluation rules call:

* prompts: the case rows written as the reference writes a TSV and read back with our TSV reader,
  ``rows_from_records`` -> ``build_prompt`` and ``request_messages``, compared with ``build_prompt`` /
  ``request_messages``;
* scoring: all rows of the file in one table (as the reference evaluated them in one workbook; an
  ``error`` case alone), ``prepare`` -> ``score_row`` driven by :mod:`common.driver` with the cases'
  stipulated judge replies; every judge request must equal the reference's (transport, messages,
  params, stage) and the row score and the benchmark's ``reported`` extraction fields must match; an
  error case must fail as the reference's evaluate() failed;
* aggregate: ``aggregate`` over the case's per-row results must give ``benchmark_score``; each row our
  scorer can score without a judge (or with the replies the case stipulates) must also match.

Prints one line per benchmark and kind (``passed/total``), each failing case with its id and first
difference, then ``N passed, M failed``; exit status 0 only when nothing failed. A benchmark without a
module counts all its cases as failed.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from . import benchmarks
from .benchmarks.base import BenchmarkError
from .common import driver, table

KINDS = ("prompts", "scoring", "aggregate")
TOL = 1e-6
TRANSPORTS = {"/v1/chat/completions": "chat", "/v1/completions": "completions"}


class Mismatch(Exception):
    pass


# ------------------------------------------------------------------------------------------ comparing
def _show(v, limit=160) -> str:
    s = json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else repr(v)
    return s if len(s) <= limit else s[:limit] + "..."


def first_difference(expected, got, path="") -> str | None:
    """None when equal (floats within TOL), else 'path: expected X, got Y' at the first difference."""
    if isinstance(expected, bool) or isinstance(got, bool):
        if expected is got or (expected == got and type(expected) is type(got)):
            return None
    elif isinstance(expected, (int, float)) and isinstance(got, (int, float)):
        if isinstance(expected, float) and math.isnan(expected):
            return None if isinstance(got, float) and math.isnan(got) else f"{path or 'value'}: expected NaN, got {got!r}"
        if abs(float(expected) - float(got)) <= TOL * max(1.0, abs(float(expected))):
            return None
        return f"{path or 'value'}: expected {expected!r}, got {got!r}"
    if isinstance(expected, dict) and isinstance(got, dict):
        for k in list(expected) + [k for k in got if k not in expected]:
            if k not in got:
                return f"{path}/{k}: missing (expected {_show(expected[k])})"
            if k not in expected:
                return f"{path}/{k}: unexpected {_show(got[k])}"
            d = first_difference(expected[k], got[k], f"{path}/{k}")
            if d:
                return d
        return None
    if isinstance(expected, list) and isinstance(got, list):
        for i, (e, g) in enumerate(zip(expected, got)):
            d = first_difference(e, g, f"{path}[{i}]")
            if d:
                return d
        if len(expected) != len(got):
            return f"{path}: expected {len(expected)} items, got {len(got)}"
        return None
    if expected == got and type(expected) is type(got):
        return None
    if isinstance(expected, str) and isinstance(got, str):
        i = next((k for k, (a, b) in enumerate(zip(expected, got)) if a != b), min(len(expected), len(got)))
        lo = max(0, i - 30)
        return (f"{path or 'value'}: strings differ at character {i}: expected {_show(expected[lo:i + 50])}, "
                f"got {_show(got[lo:i + 50])}")
    return f"{path or 'value'}: expected {_show(expected)}, got {_show(got)}"


def transport_of(case_transport: str) -> str:
    parts = str(case_transport).split()
    return TRANSPORTS.get(parts[1] if len(parts) > 1 else "", case_transport)


def expected_request(call: dict) -> dict:
    out = {"transport": transport_of(call["transport"]), "messages": call["messages"], "params": call["params"]}
    if call.get("stage") is not None:
        out["stage"] = call["stage"]
    return out


# ------------------------------------------------------------------------------------------ tables
def _rows(bench, case_rows: list[dict], base_dir: Path):
    """Case rows -> the benchmark's Row objects through the reference's TSV write/read."""
    records = table.tsv_roundtrip([dict(r) for r in case_rows])
    rows = bench.rows_from_records(records, base_dir)
    if len(rows) != len(case_rows):
        raise Mismatch(f"loader kept {len(rows)} of {len(case_rows)} rows")
    return rows


# ------------------------------------------------------------------------------------------ kinds
def check_prompts(bench, cases, base_dir) -> dict:
    rows = _rows(bench, [c["row"] for c in cases], base_dir)
    out = {}
    for case, row in zip(cases, rows):
        d = first_difference(case["build_prompt"], bench.build_prompt(row), "build_prompt")
        if d is None and "request_messages" in case:
            d = first_difference(case["request_messages"], bench.request_messages(row), "request_messages")
        out[case["case_id"]] = d
    return out


class _Stipulated:
    """Responder that checks each request against the case's judge_calls and answers its stipulated reply."""

    def __init__(self, calls_per_row: list):
        self.calls = calls_per_row
        self.pos = [0] * len(calls_per_row)
        self.problem: dict[int, str] = {}

    def __call__(self, asked):
        replies = []
        for i, req in asked:
            calls = self.calls[i]
            k = self.pos[i]
            self.pos[i] += 1
            if calls is None:                      # aggregate rows without stipulated replies
                self.problem.setdefault(i, "__unverifiable__")
                replies.append("")
                continue
            if k >= len(calls):
                self.problem.setdefault(i, f"judge call {k + 1}: unexpected request {_show(req.as_json(), 300)}")
                replies.append("")
                continue
            exp = calls[k]
            if isinstance(exp, dict):
                got = req.as_json()
                if exp.get("stage") is None:
                    got.pop("stage", None)          # a label of ours, not on the wire: compared where cases give it
                d = first_difference(expected_request(exp), got, f"judge_calls[{k}]")
                if d:
                    self.problem.setdefault(i, d)
                replies.append(exp.get("stipulated_reply", ""))
            else:
                replies.append(exp)
        return replies

    def finish(self, i) -> str | None:
        if i in self.problem:
            return self.problem[i]
        calls = self.calls[i]
        if calls is not None and self.pos[i] != len(calls):
            return f"judge_calls: expected {len(calls)} requests, got {self.pos[i]}"
        return None


def _compare_result(bench, case, result) -> str | None:
    d = first_difference(case.get("score"), result.get("score"), "score")
    if d:
        return d
    for field in bench.reported:
        if field in case:
            d = first_difference(case[field], result.get(field), field)
            if d:
                return d
    return None


def _score_set(bench, cases, base_dir, calls_per_row, strict=True):
    rows = _rows(bench, [c["row"] for c in cases], base_dir)
    items = bench.prepare(rows, [c.get("response") for c in cases])
    responder = _Stipulated(calls_per_row)
    outcomes = driver.run(bench, items, responder)
    if strict:
        driver.raise_errors(outcomes)
    return items, outcomes, responder


def check_scoring(bench, cases, base_dir) -> dict:
    out = {}
    errors = [c for c in cases if c.get("reference_outcome") == "error"]
    normal = [c for c in cases if c.get("reference_outcome") != "error"]
    for case in errors:
        try:
            items, outcomes, responder = _score_set(bench, [case], base_dir, [case.get("judge_calls") or []])
            if any((o.result or {}).get("judge_unresolved") for o in outcomes):
                # where the reference's run fails on a judge reply that stays malformed after its retries, a
                # module may record the row as unresolved (score 0) instead of failing the whole job; the
                # judge requests up to that point must still be the reference's
                problem = responder.finish(0)
                out[case["case_id"]] = problem or first_difference(0, outcomes[0].result.get("score"), "score")
                continue
            bench.aggregate(items, [o.result for o in outcomes])
            out[case["case_id"]] = f"expected the reference's error ({_show(case.get('reference_error'))}), got none"
        except (BenchmarkError, table.TableError):
            out[case["case_id"]] = None
    if normal:
        items, outcomes, responder = _score_set(bench, normal, base_dir, [c.get("judge_calls") or [] for c in normal])
        for i, (case, outcome) in enumerate(zip(normal, outcomes)):
            out[case["case_id"]] = responder.finish(i) or _compare_result(bench, case, outcome.result)
        probe = [c.get("judge_probe_calls_per_evaluate") for c in normal if c.get("judge_probe_calls_per_evaluate")]
        if probe:
            got = [r.as_json() for r in bench.probe_requests()]
            d = first_difference([expected_request(p) for p in probe[0]], got, "judge_probe_calls_per_evaluate")
            if d:
                for case in normal:
                    if case.get("judge_probe_calls_per_evaluate"):
                        out[case["case_id"]] = out[case["case_id"]] or d
    return out


_ROW_VALUE = ("row_score", "row_scores", "row_hit")


def check_aggregate(bench, cases, base_dir) -> dict:
    out = {}
    for case in cases:
        rows = case["rows"]
        given = []
        for r in rows:
            res = {k: v for k, v in r.items() if k not in ("case_id", "row", "response", "stipulated_judge_replies")}
            for k in _ROW_VALUE:
                if k in res:
                    res["score"] = res.pop(k)
            given.append(res)
        items, outcomes, responder = _score_set(
            bench, [{"row": r["row"], "response": r.get("response")} for r in rows], base_dir,
            [r.get("stipulated_judge_replies") for r in rows], strict=False)
        problem = None
        for i, (r, outcome) in enumerate(zip(rows, outcomes)):
            p = responder.finish(i)
            if p == "__unverifiable__":      # judged row without stipulated replies (its error, if any, too)
                continue
            if outcome.error is not None:
                p = f"rows[{r['case_id']}]: {outcome.error}"
            elif "score" not in given[i]:     # a filler row the reference reports no value for: ours enters the table
                given[i]["score"] = outcome.result.get("score")
                continue
            p = p or first_difference(given[i]["score"], outcome.result.get("score"), f"rows[{r['case_id']}].score")
            if p:
                problem = p
                break
        if problem is None:
            agg = bench.aggregate(items, given)
            problem = first_difference(case["benchmark_score"], agg["score"], "benchmark_score")
        out[case["case_id"]] = problem
    return out


CHECKS = {"prompts": check_prompts, "scoring": check_scoring, "aggregate": check_aggregate}


def read_cases(path: Path) -> list[dict]:
    from .evaluate import EvaluateError, read_jsonl

    try:
        return read_jsonl(path)
    except EvaluateError as e:
        raise ValueError(str(e)) from None


def run_dir(cases_dir, only=None, out=sys.stdout) -> tuple[int, int, dict]:
    """-> (passed, failed, {benchmark: {kind: (passed, total)}})."""
    cases_dir = Path(cases_dir)
    if not cases_dir.is_dir():
        raise ValueError(f"cases directory {cases_dir} does not exist")
    bench_dirs = sorted(p for p in cases_dir.iterdir() if p.is_dir() and any((p / f"{k}.jsonl").is_file() for k in KINDS))
    if not bench_dirs:
        raise ValueError(f"{cases_dir}: no <benchmark>/{{prompts,scoring,aggregate}}.jsonl files")
    passed = failed = 0
    summary: dict = {}
    for bdir in bench_dirs:
        key = bdir.name
        if only and key not in only:
            continue
        for kind in KINDS:
            path = bdir / f"{kind}.jsonl"
            if not path.is_file():
                continue
            cases = read_cases(path)
            if not benchmarks.is_migrated(key):
                results = {c["case_id"]: "benchmark has no module in rlvr/evaluation/benchmarks" for c in cases}
            else:
                try:
                    results = CHECKS[kind](benchmarks.get(key), cases, bdir)
                except (BenchmarkError, table.TableError, Mismatch, KeyError, ValueError, TypeError) as e:
                    msg = f"{type(e).__name__}: {e}"
                    results = {c["case_id"]: msg for c in cases}
            ok = sum(1 for v in results.values() if v is None)
            summary.setdefault(key, {})[kind] = (ok, len(results))
            passed += ok
            failed += len(results) - ok
            print(f"{key} {kind}: {ok}/{len(results)}", file=out)
            reasons = {v for v in results.values() if v is not None}
            if len(reasons) == 1 and len(results) - ok == len(results) and len(results) > 1:
                print(f"  FAIL all {len(results)} cases: {next(iter(reasons))}", file=out)
            else:
                for cid, problem in results.items():
                    if problem is not None:
                        print(f"  FAIL {key}/{kind} {cid}: {problem}", file=out)
    return passed, failed, summary


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--cases", required=True, help="directory of <benchmark>/{prompts,scoring,aggregate}.jsonl")
    p.add_argument("--benchmark", action="append", help="only these benchmarks (repeatable)")


def run(args) -> int:
    try:
        passed, failed, _ = run_dir(args.cases, only=set(args.benchmark) if args.benchmark else None)
    except (OSError, ValueError) as e:
        print(f"rlvr conformance: {e}", file=sys.stderr)
        return 2
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1
