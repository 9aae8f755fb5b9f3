"""One (model, benchmark, seed) slice through a benchmark module: judge it, score it.

Generation rows (``rlvr evaluate``) carry ``index``, ``fields`` (the row's non-image fields) and
``response``. ``judge_slice`` runs every row's scorer against the judge and records each row's judge
calls (request and reply) as ``judge_calls``; ``score_slice`` runs the same scorers again, replaying
the recorded replies (it never calls the judge), and aggregates.
"""

from __future__ import annotations

from ..benchmarks.base import Row
from . import driver


def items(bench, gen_rows: list[dict]) -> list[dict]:
    rows = [Row(fields=dict(r["fields"])) for r in gen_rows]
    return bench.prepare(rows, [r.get("response") for r in gen_rows])


def judge_slices(bench, slices: list[list[dict]], responder) -> tuple[list[list[dict]], int]:
    """Judge several slices of one benchmark (all seeds and models) in one pass: each slice is prepared on
    its own (the reference's workbook is per slice), and every round's requests of all slices go to the
    judge together, so one judge server serves them all."""
    all_items, bounds = [], []
    for rows in slices:
        start = len(all_items)
        all_items += items(bench, rows)
        bounds.append((start, len(all_items)))
    outcomes = driver.run(bench, all_items, responder)
    judged = [[dict(r, judge_calls=o.calls, **({"judge_error": o.error} if o.error else {}))
               for r, o in zip(rows, outcomes[a:b])] for rows, (a, b) in zip(slices, bounds)]
    return judged, sum(len(o.calls) for o in outcomes)


def judge_slice(bench, gen_rows: list[dict], responder) -> tuple[list[dict], int]:
    judged, calls = judge_slices(bench, [gen_rows], responder)
    return judged[0], calls


def score_slice(bench, rows: list[dict]) -> dict:
    its = items(bench, rows)
    if any("judge_calls" in r for r in rows):
        responder = driver.Replay([r.get("judge_calls") or [] for r in rows])
    else:
        responder = driver.no_judge
    outcomes = driver.run(bench, its, responder)
    driver.raise_errors(outcomes)
    results = [o.result for o in outcomes]
    agg = bench.aggregate(its, results)
    return {"score": agg["score"], "rows": len(rows), "table": agg.get("table", {}), "row_results": results}
