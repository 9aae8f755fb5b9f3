"""``rlvr aggregate``: every (model, benchmark, seed) score -> results.json (+ optional report).

Usage::

    rlvr aggregate (--scores SCORES.jsonl | --score-files F1 F2 ...)
                   (--models MODELS.json | --models-json '[...]')
                   --suite SUITE.json --out results.json
                   [--seeds 42 43 44] [--report-dir DIR]

Inputs
------
* a score: ``{"model", "seed", "benchmark", "score", "rows"}`` -- ``benchmark`` is a suite key,
  ``score`` is a percentage in [0, 100], ``seed`` and ``rows`` (evaluated rows) are integers.
  ``--scores`` takes one JSONL file of them (blank lines skipped, line numbers are physical lines,
  1-based); ``--score-files`` takes one JSON file per (model, benchmark, seed).
* MODELS: a JSON list of ``{"model", "scale", "base"[, "display"]}``; ``base`` is the model id the
  model is paired against (same scale), or null.
* SUITE: a suite manifest in the ``suite.v1.json`` form; only ``suite_id``, ``benchmarks[].key /
  category / display`` and ``categories`` (category -> benchmark keys) are used.

Seeds are the sorted distinct seeds present (or exactly ``--seeds`` when given). Every
(model, benchmark, seed) of MODELS x suite benchmarks x seeds must be present exactly once: a missing
or duplicated slice, a score outside [0, 100], a benchmark not in the suite or a model not in MODELS
each print one ``rlvr aggregate: error: ...`` line on stderr, nothing is written and the exit status
is 1. There is never a silently smaller mean.

Statistics (full float precision, rounding only when rendering a report)
-----------------------------------------------------------------------
* mean = ``math.fsum(values) / n`` (correctly rounded sum, independent of order);
  sd = sample standard deviation (n - 1), ``statistics.stdev``; null when n = 1.
* category score (per model, seed) = mean of its benchmarks' scores;
  overall score (per model, seed) = unweighted mean of all suite benchmark scores (with balanced
  categories, equal to the mean of the category scores).
* summaries: mean and sd across seeds of the per-seed benchmark / category / overall scores.
* paired deltas vs the base model: per benchmark and seed, ``score(model) - score(base)``; the
  per-seed category / overall delta is the mean of that seed's benchmark deltas in the category /
  suite; each is then summarised by mean and sd across seeds. ``benchmarks_improved`` = number of
  benchmarks whose mean delta is > 0.

These choices reproduce the paper's published aggregates bit for bit.

results.json (canonical JSON: sorted keys, ``(",", ":")`` separators, ``allow_nan=False``, UTF-8,
trailing newline; written to a temporary file and renamed; identical inputs -> identical bytes)
----------------------------------------------------------------------------------------------
::

    schema_version: "rlvr_aggregate_results_v1"
    score_unit:     "percent"
    statistics:     {mean, sd, overall, category, paired_delta}    (descriptions of the formulas)
    suite:          {suite_id, sha256 (of the suite file), benchmarks: [{key, category, display}],
                     categories: [{category, benchmarks: [keys]}]}   (suite order)
    seeds:          [int, ...]                                     (sorted)
    models:         [{model, scale, base, display}]                (order as given in MODELS)
    inputs:         {models_sha256 (of the canonical MODELS list),
                     scores: {mode: "jsonl" | "files", count, sha256 (jsonl: of the file;
                              files: of the canonical sorted [path, sha256] list), path (jsonl only)}}
    scores:
      benchmark: [{model, seed, benchmark, category, score, rows,
                   receipt: {sha256, path[, line]}}]               (sha256 of the score file, or of
                                                                    the JSONL + its line number)
      category:  [{model, seed, category, score, benchmark_count}]
      overall:   [{model, seed, score, benchmark_count}]
    summaries:
      benchmark: [{model, benchmark, category, mean, sd, n, rows}] (rows: null if seeds disagree)
      category:  [{model, category, mean, sd, n, benchmark_count}]
      overall:   [{model, mean, sd, n, benchmark_count}]
    comparisons: [{model, base, scale, paired_by: "benchmark_and_seed",
                   benchmark_deltas: [{benchmark, category, seed_values: [{seed, delta}], mean, sd, n}],
                   category_deltas:  [{category, seed_values, mean, sd, n}],
                   overall_delta:    {seed_values, mean, sd, n},
                   benchmarks_improved, benchmark_count}]

Lists are ordered by model (MODELS order), then seed, then suite benchmark / category order.
Comparisons follow MODELS order for every model whose ``base`` is not null.

With ``--receipts DIR`` results.json also carries ``provenance``: ``{tree, merkle_root, leaf_count,
leaves, pins}``, the Merkle root over the receipts of every job behind the inputs (scores, suite,
validation summaries, ``--provenance-inputs``), the source files, the pins (``--pins-json`` plus the
suite's benchmark revisions) and the results themselves (everything above ``provenance``: models, suite,
seeds, numbers); see ``rlvr.provenance``. ``rlvr verify-root`` checks it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import statistics
import sys
from pathlib import Path

from tracegen.core.canonical import canonical_json as canonical
from tracegen.core.files import write_atomic

SCHEMA_VERSION = "rlvr_aggregate_results_v1"
PROG = "rlvr aggregate"
SCORE_KEYS = ("model", "seed", "benchmark", "score", "rows")


class AggregateError(Exception):
    """Raised with one or more problem lines; nothing is written."""

    def __init__(self, problems):
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("; ".join(self.problems))


# ---------------------------------------------------------------------------- helpers

def _reject_constant(name):
    raise ValueError(f"{name} is not allowed")


def _loads(text: str):
    return json.loads(text, parse_constant=_reject_constant)


def _read_json_file(path, what):
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise AggregateError(f"cannot read {what} {path}: {e.strerror or e}") from None
    try:
        return data, _loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise AggregateError(f"{what} {path} is not valid JSON: {e}") from None


def mean(values) -> float:
    values = list(values)
    return math.fsum(values) / len(values)


def sd(values):
    values = list(values)
    return statistics.stdev(values) if len(values) > 1 else None


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


# ---------------------------------------------------------------------------- inputs

def load_suite(path) -> dict:
    data, suite = _read_json_file(path, "suite")
    problems = []
    if not isinstance(suite, dict) or not isinstance(suite.get("benchmarks"), list) or not suite["benchmarks"]:
        raise AggregateError(f"suite {path}: expected an object with a non-empty 'benchmarks' list")
    benchmarks, seen = [], set()
    for i, b in enumerate(suite["benchmarks"]):
        if not isinstance(b, dict) or not isinstance(b.get("key"), str) or not isinstance(b.get("category"), str):
            problems.append(f"suite {path}: benchmarks[{i}] needs string 'key' and 'category'")
            continue
        if b["key"] in seen:
            problems.append(f"suite {path}: benchmark {b['key']!r} listed twice")
            continue
        seen.add(b["key"])
        display = b.get("display") if isinstance(b.get("display"), str) else b["key"]
        benchmarks.append({"key": b["key"], "category": b["category"], "display": display})
    by_key = {b["key"]: b for b in benchmarks}
    cats = suite.get("categories")
    if cats is None:
        cats = {}
        for b in benchmarks:
            cats.setdefault(b["category"], []).append(b["key"])
    if not isinstance(cats, dict) or not all(isinstance(v, list) and v for v in cats.values()):
        problems.append(f"suite {path}: 'categories' must map each category to a non-empty list of keys")
        cats = {}
    placed = {}
    for name, keys in cats.items():
        for k in keys:
            if k not in by_key:
                problems.append(f"suite {path}: category {name!r} lists {k!r}, which is not a suite benchmark")
            elif k in placed:
                problems.append(f"suite {path}: benchmark {k!r} is in categories {placed[k]!r} and {name!r}")
            else:
                placed[k] = name
                if by_key[k]["category"] != name:
                    problems.append(f"suite {path}: benchmark {k!r} has category {by_key[k]['category']!r} "
                                    f"but is listed under {name!r}")
    for b in benchmarks:
        if b["key"] not in placed and cats:
            problems.append(f"suite {path}: benchmark {b['key']!r} is in no category")
    if problems:
        raise AggregateError(problems)
    # categories as an ordered list: canonical JSON sorts object keys, and the suite's order must survive
    return {"suite_id": suite.get("suite_id"), "sha256": hashlib.sha256(data).hexdigest(),
            "benchmarks": benchmarks,
            "categories": [{"category": name, "benchmarks": list(keys)} for name, keys in cats.items()]}


def parse_models(models, where) -> list[dict]:
    if not isinstance(models, list) or not models:
        raise AggregateError(f"models {where}: expected a non-empty JSON list of {{model, scale, base}}")
    problems, out, seen = [], [], set()
    for i, m in enumerate(models):
        if not isinstance(m, dict) or not isinstance(m.get("model"), str) or not m["model"]:
            problems.append(f"models {where}: entry {i} needs a string 'model'")
            continue
        if "scale" not in m or "base" not in m:
            problems.append(f"models {where}: model {m['model']!r} needs 'scale' and 'base' (null if none)")
            continue
        if m["base"] is not None and not isinstance(m["base"], str):
            problems.append(f"models {where}: model {m['model']!r}: 'base' must be a model id or null")
            continue
        if m["model"] in seen:
            problems.append(f"models {where}: model {m['model']!r} listed twice")
            continue
        seen.add(m["model"])
        display = m.get("display") if isinstance(m.get("display"), str) else m["model"]
        out.append({"model": m["model"], "scale": m["scale"], "base": m["base"], "display": display})
    by_id = {m["model"]: m for m in out}
    for m in out:
        base = m["base"]
        if base is None:
            continue
        if base == m["model"]:
            problems.append(f"models {where}: model {m['model']!r} is paired against itself")
        elif base not in by_id:
            problems.append(f"models {where}: model {m['model']!r} has base {base!r}, which is not in MODELS")
        elif by_id[base]["scale"] != m["scale"]:
            problems.append(f"models {where}: model {m['model']!r} (scale {m['scale']!r}) has base {base!r} "
                            f"of a different scale ({by_id[base]['scale']!r})")
    if problems:
        raise AggregateError(problems)
    return out


def load_models(path=None, inline=None) -> list[dict]:
    if inline is not None:
        try:
            return parse_models(_loads(inline), "--models-json")
        except ValueError as e:
            raise AggregateError(f"--models-json is not valid JSON: {e}") from None
    return parse_models(_read_json_file(path, "models")[1], str(path))


def read_score_records(scores_jsonl=None, score_files=None):
    """-> (records, input_summary, problems). Each record: {obj, where, receipt}."""
    records, problems = [], []
    if scores_jsonl is not None:
        try:
            data = Path(scores_jsonl).read_bytes()
        except OSError as e:
            raise AggregateError(f"cannot read scores {scores_jsonl}: {e.strerror or e}") from None
        digest = hashlib.sha256(data).hexdigest()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise AggregateError(f"scores {scores_jsonl} is not UTF-8: {e}") from None
        for lineno, line in enumerate(text.splitlines(), 1):
            where = f"{scores_jsonl}:{lineno}"
            if not line.strip():
                continue
            try:
                obj = _loads(line)
            except ValueError as e:
                problems.append(f"{where}: not valid JSON: {e}")
                continue
            records.append({"obj": obj, "where": where,
                            "receipt": {"path": str(scores_jsonl), "sha256": digest, "line": lineno}})
        summary = {"mode": "jsonl", "path": str(scores_jsonl), "sha256": digest, "count": len(records)}
        return records, summary, problems
    manifest = []
    for path in score_files:
        try:
            data = Path(path).read_bytes()
        except OSError as e:
            problems.append(f"cannot read score file {path}: {e.strerror or e}")
            continue
        digest = hashlib.sha256(data).hexdigest()
        manifest.append([str(path), digest])
        try:
            obj = _loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            problems.append(f"{path}: not valid JSON: {e}")
            continue
        records.append({"obj": obj, "where": str(path), "receipt": {"path": str(path), "sha256": digest}})
    summary = {"mode": "files", "count": len(records),
               "sha256": hashlib.sha256(canonical(sorted(manifest)).encode()).hexdigest()}
    return records, summary, problems


def suite_rows(path) -> dict:
    """{benchmark key: rows} from the suite file's ``benchmarks[].rows`` (where the suite gives them)."""
    _, suite = _read_json_file(path, "suite")
    return {b["key"]: b["rows"] for b in suite.get("benchmarks", [])
            if isinstance(b, dict) and isinstance(b.get("key"), str) and _is_int(b.get("rows"))}


def _row_problem(obj, where, want):
    """A slice must have every row of its benchmark: the suite's count, or for fixture data (score files
    record ``data: {rows, fixture}``) the fixture's own count."""
    data = obj.get("data") if isinstance(obj.get("data"), dict) else {}
    rows, bench = obj["rows"], obj["benchmark"]
    if data.get("fixture") is True:
        if data.get("rows") != rows:
            return f"{where}: {rows} rows, but the fixture data of {bench} has {data.get('rows')!r}"
        return None
    if want is not None and rows != want:
        return f"{where}: {rows} rows, but the suite has {want} for {bench} (a partial slice is never aggregated)"
    return None


def check_records(records, suite, models, seeds=None, expected_rows=None):
    """Validate every record; -> (table {(model, benchmark, seed): score entry}, seeds, problems).
    ``expected_rows``: {benchmark: rows} each slice must have (see :func:`_row_problem`)."""
    problems = []
    suite_keys = {b["key"] for b in suite["benchmarks"]}
    model_ids = {m["model"] for m in models}
    located = {}   # (model, benchmark, seed) -> [record]
    for rec in records:
        obj, where = rec["obj"], rec["where"]
        if not isinstance(obj, dict):
            problems.append(f"{where}: a score must be a JSON object with {', '.join(SCORE_KEYS)}")
            continue
        absent = [k for k in SCORE_KEYS if k not in obj]
        if absent:
            problems.append(f"{where}: score object lacks {', '.join(absent)}")
            continue
        model, bench, seed, score, rows = obj["model"], obj["benchmark"], obj["seed"], obj["score"], obj["rows"]
        ok_identity = True
        if not isinstance(model, str) or model not in model_ids:
            problems.append(f"{where}: model {model!r} is not in MODELS")
            ok_identity = False
        if not isinstance(bench, str) or bench not in suite_keys:
            problems.append(f"{where}: benchmark {bench!r} is not in suite {suite['suite_id']!r}")
            ok_identity = False
        if not _is_int(seed):
            problems.append(f"{where}: seed {seed!r} is not an integer")
            ok_identity = False
        if not _is_number(score) or not math.isfinite(score):
            problems.append(f"{where}: score {score!r} is not a finite number")
        elif not 0 <= score <= 100:
            problems.append(f"{where}: score {score!r} is outside [0, 100] (scores are percentages)")
        if not _is_int(rows) or rows < 0:
            problems.append(f"{where}: rows {rows!r} is not a non-negative integer")
        elif ok_identity and expected_rows is not None:
            problem = _row_problem(obj, where, expected_rows.get(bench))
            if problem:
                problems.append(problem)
        if ok_identity:
            located.setdefault((model, bench, seed), []).append(rec)
    present_seeds = sorted({k[2] for k in located})
    if seeds is None:
        seeds = present_seeds
    else:
        seeds = sorted(set(seeds))
        for s in present_seeds:
            if s not in seeds:
                n = sum(len(v) for k, v in located.items() if k[2] == s)
                problems.append(f"seed {s} ({n} scores) is not among --seeds {seeds}")
    if not seeds:
        problems.append("no scores to aggregate")
    for key, recs in located.items():
        if len(recs) > 1:
            problems.append(f"duplicate slice model={key[0]} benchmark={key[1]} seed={key[2]}: "
                            f"{len(recs)} scores at {', '.join(r['where'] for r in recs)}")
    missing = [(m["model"], b["key"], s) for m in models for b in suite["benchmarks"] for s in seeds
               if (m["model"], b["key"], s) not in located]
    if missing:
        total = len(models) * len(suite["benchmarks"]) * len(seeds)
        problems.append(f"{len(missing)} of {total} (model, benchmark, seed) slices are missing:")
        problems += [f"missing slice model={m} benchmark={b} seed={s}" for m, b, s in missing]
    table = {k: v[0] for k, v in located.items() if len(v) == 1}
    return table, seeds, problems


# ---------------------------------------------------------------------------- aggregation

def _summary(values):
    return {"mean": mean(values), "sd": sd(values), "n": len(values)}


def _delta_block(per_seed, seeds):
    return {"seed_values": [{"seed": s, "delta": d} for s, d in zip(seeds, per_seed)], **_summary(per_seed)}


def aggregate(table, suite, models, seeds, inputs) -> dict:
    benchmarks = suite["benchmarks"]
    cat_of = {b["key"]: b["category"] for b in benchmarks}
    cats = {c["category"]: c["benchmarks"] for c in suite["categories"]}
    keys = [b["key"] for b in benchmarks]
    score = {k: rec["obj"]["score"] for k, rec in table.items()}

    bench_rows, cat_rows, overall_rows = [], [], []
    cat_score, overall_score = {}, {}
    for m in models:
        mid = m["model"]
        for s in seeds:
            for b in keys:
                rec = table[(mid, b, s)]
                bench_rows.append({"model": mid, "seed": s, "benchmark": b, "category": cat_of[b],
                                   "score": rec["obj"]["score"], "rows": rec["obj"]["rows"],
                                   "receipt": rec["receipt"]})
            for c, ckeys in cats.items():
                cat_score[(mid, c, s)] = mean(score[(mid, b, s)] for b in ckeys)
                cat_rows.append({"model": mid, "seed": s, "category": c, "score": cat_score[(mid, c, s)],
                                 "benchmark_count": len(ckeys)})
            overall_score[(mid, s)] = mean(score[(mid, b, s)] for b in keys)
            overall_rows.append({"model": mid, "seed": s, "score": overall_score[(mid, s)],
                                 "benchmark_count": len(keys)})

    bench_sum, cat_sum, overall_sum = [], [], []
    for m in models:
        mid = m["model"]
        for b in keys:
            rows = {table[(mid, b, s)]["obj"]["rows"] for s in seeds}
            if len(rows) > 1:
                print(f"{PROG}: warning: model={mid} benchmark={b}: evaluated rows differ across seeds "
                      f"({sorted(rows)})", file=sys.stderr)
            bench_sum.append({"model": mid, "benchmark": b, "category": cat_of[b],
                              "rows": rows.pop() if len(rows) == 1 else None,
                              **_summary([score[(mid, b, s)] for s in seeds])})
        for c, ckeys in cats.items():
            cat_sum.append({"model": mid, "category": c, "benchmark_count": len(ckeys),
                            **_summary([cat_score[(mid, c, s)] for s in seeds])})
        overall_sum.append({"model": mid, "benchmark_count": len(keys),
                            **_summary([overall_score[(mid, s)] for s in seeds])})

    comparisons = []
    for m in models:
        if m["base"] is None:
            continue
        mid, base = m["model"], m["base"]
        delta = {(b, s): score[(mid, b, s)] - score[(base, b, s)] for b in keys for s in seeds}
        bench_deltas = [{"benchmark": b, "category": cat_of[b], **_delta_block([delta[(b, s)] for s in seeds], seeds)}
                        for b in keys]
        cat_deltas = [{"category": c, **_delta_block([mean(delta[(b, s)] for b in ckeys) for s in seeds], seeds)}
                      for c, ckeys in cats.items()]
        overall = _delta_block([mean(delta[(b, s)] for b in keys) for s in seeds], seeds)
        comparisons.append({"model": mid, "base": base, "scale": m["scale"], "paired_by": "benchmark_and_seed",
                            "benchmark_deltas": bench_deltas, "category_deltas": cat_deltas,
                            "overall_delta": overall, "benchmark_count": len(keys),
                            "benchmarks_improved": sum(1 for d in bench_deltas if d["mean"] > 0)})

    return {
        "schema_version": SCHEMA_VERSION,
        "score_unit": "percent",
        "statistics": {
            "mean": "math.fsum(values) / n",
            "sd": "sample standard deviation (n - 1), statistics.stdev; null when n = 1",
            "category": "per (model, seed): mean of the category's benchmark scores",
            "overall": "per (model, seed): unweighted mean of all suite benchmark scores",
            "paired_delta": "per (benchmark, seed): score(model) - score(base); per-seed category/overall "
                            "delta = mean of that seed's benchmark deltas; then mean and sd across seeds",
        },
        "suite": suite,
        "seeds": list(seeds),
        "models": models,
        "inputs": inputs,
        "scores": {"benchmark": bench_rows, "category": cat_rows, "overall": overall_rows},
        "summaries": {"benchmark": bench_sum, "category": cat_sum, "overall": overall_sum},
        "comparisons": comparisons,
    }


def read_trace_validation(files, models) -> tuple[list[dict], list[str]]:
    """TRACE validation summaries (rlvr trace-validation score): one per model, bound to its sha256."""
    entries, problems, seen = [], [], set()
    model_ids = [m["model"] for m in models]
    for path in files:
        try:
            data = Path(path).read_bytes()
            obj = _loads(data.decode("utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as e:
            problems.append(f"cannot read trace validation summary {path}: {e}")
            continue
        model = obj.get("model") if isinstance(obj, dict) else None
        if model not in model_ids:
            problems.append(f"{path}: trace validation model {model!r} is not in MODELS")
            continue
        if model in seen:
            problems.append(f"{path}: a second trace validation summary for {model!r}")
            continue
        if not _is_number(obj.get("score")) or not _is_int(obj.get("rows")):
            problems.append(f"{path}: trace validation summary needs a numeric score and integer rows")
            continue
        seen.add(model)
        entries.append({"model": model, "score": obj["score"], "rows": obj["rows"],
                        "by_domain": obj.get("by_domain", {}),
                        "receipt": {"path": str(path), "sha256": hashlib.sha256(data).hexdigest()}})
    problems += [f"trace validation summary missing for model {m!r}" for m in model_ids if m not in seen]
    entries.sort(key=lambda e: model_ids.index(e["model"]))
    return entries, problems


def build_results(*, suite_path, scores=None, score_files=None, models_path=None, models_json=None,
                  seeds=None, validation_files=None, receipts_root=None, provenance_inputs=(),
                  pins_json=None) -> dict:
    """Load, validate and aggregate; raises AggregateError listing every problem.

    With ``receipts_root`` the results carry ``provenance``: the Merkle root over the receipts behind
    every input (scores, suite, validation summaries and ``provenance_inputs``) plus the pinned inputs
    (``pins_json`` and the suite's benchmark revisions); see ``rlvr.provenance``."""
    suite = load_suite(suite_path)
    models = load_models(models_path, models_json)
    records, scores_summary, problems = read_score_records(scores, score_files)
    table, seeds, more = check_records(records, suite, models, seeds, expected_rows=suite_rows(suite_path))
    problems += more
    validation = None
    if validation_files:
        validation, more = read_trace_validation(validation_files, models)
        problems += more
    if problems:
        raise AggregateError(problems)
    inputs = {"models_sha256": hashlib.sha256(canonical([{k: m[k] for k in ("model", "scale", "base", "display")}
                                                          for m in models]).encode()).hexdigest(),
              "scores": scores_summary}
    results = aggregate(table, suite, models, seeds, inputs)
    if validation is not None:
        results["trace_validation"] = validation
    if receipts_root is not None:
        results["provenance"] = _provenance(receipts_root, suite_path, [scores] if scores else score_files,
                                            validation_files or [], provenance_inputs or [], pins_json, results)
    return results


def _provenance(receipts_root, suite_path, score_paths, validation_files, extra, pins_json, results) -> dict:
    from . import provenance
    from .receipts import HashError, hash_path, load_receipts

    try:
        pins = _loads(pins_json) if pins_json else {}
    except ValueError as e:
        raise AggregateError(f"--pins-json is not valid JSON: {e}") from None
    if not isinstance(pins, dict):
        raise AggregateError("--pins-json must be a JSON object")
    pins = dict(pins, benchmarks=provenance.suite_pins(_read_json_file(suite_path, "suite")[1]))
    start = []
    for path in [suite_path, *score_paths, *validation_files, *extra]:
        try:
            start.append((str(path), hash_path(path)["sha256"]))
        except (HashError, OSError) as e:
            why = getattr(e, "strerror", None) or e
            raise AggregateError(f"cannot hash provenance input {path}: {why}") from None
    if not Path(receipts_root).is_dir():
        raise AggregateError(f"receipts directory {receipts_root} does not exist")
    try:
        return provenance.block(start, load_receipts(receipts_root), pins, results)
    except provenance.ProvenanceError as e:
        raise AggregateError(str(e)) from None


def dumps(results: dict) -> str:
    return canonical(results) + "\n"


# ---------------------------------------------------------------------------- CLI

def add_arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    src = parser.add_mutually_exclusive_group(required=True)
    src.add_argument("--scores", metavar="SCORES.jsonl",
                     help='JSONL, one {"model", "seed", "benchmark", "score", "rows"} per line (score in percent)')
    src.add_argument("--score-files", nargs="+", metavar="F",
                     help="JSON files, each one such object (one per model x benchmark x seed)")
    mod = parser.add_mutually_exclusive_group(required=True)
    mod.add_argument("--models", metavar="MODELS.json", help='JSON list of {"model", "scale", "base"[, "display"]}')
    mod.add_argument("--models-json", metavar="JSON", help="the same list given inline")
    parser.add_argument("--suite", required=True, metavar="SUITE.json", help="suite manifest (suite.v1.json form)")
    parser.add_argument("--out", required=True, metavar="results.json", help="where to write the results")
    parser.add_argument("--seeds", nargs="+", type=int, metavar="SEED",
                        help="require exactly these seeds (default: the distinct seeds present)")
    parser.add_argument("--trace-validation", nargs="+", metavar="SUMMARY.json",
                        help="TRACE validation summaries (one per model) to include as results['trace_validation']")
    parser.add_argument("--receipts", metavar="DIR",
                        help="anchor the results: a Merkle root over the receipts behind every input (provenance)")
    parser.add_argument("--provenance-inputs", nargs="+", default=[], metavar="PATH",
                        help="further outputs whose receipts the root covers (e.g. the data stage's checks)")
    parser.add_argument("--pins-json", metavar="JSON",
                        help="the pinned inputs of the study (effective config and its sha256) for the root")
    parser.add_argument("--report-dir", metavar="DIR",
                        help="also write report.md, report.html and base_vs_trained.png here")
    parser.add_argument("--cards", nargs="+", default=[], metavar="DIR",
                        help="learning cards of training runs (rlvr cards; results/train/<model>/cards): the "
                             "report gets their reward curves and validation and links to them")
    return parser


def run(args) -> int:
    if args.report_dir:
        import importlib.util

        if importlib.util.find_spec("matplotlib") is None:
            print(f"{PROG}: error: --report-dir needs matplotlib (pip install matplotlib==3.10.7)", file=sys.stderr)
            return 1
    try:
        results = build_results(suite_path=args.suite, scores=args.scores, score_files=args.score_files,
                                models_path=args.models, models_json=args.models_json, seeds=args.seeds,
                                validation_files=args.trace_validation, receipts_root=args.receipts,
                                provenance_inputs=[*args.provenance_inputs, *args.cards],
                                pins_json=args.pins_json)
    except AggregateError as e:
        for p in e.problems:
            print(f"{PROG}: error: {p}", file=sys.stderr)
        print(f"{PROG}: {len(e.problems)} problem(s); {args.out} not written", file=sys.stderr)
        return 1
    write_atomic(args.out, dumps(results))
    if args.report_dir:
        from . import report

        report.write_report(results, args.report_dir, cards=args.cards)
    n_scores = len(results["scores"]["benchmark"])
    print(f"{n_scores} scores ({len(results['models'])} models x {len(results['suite']['benchmarks'])} benchmarks "
          f"x {len(results['seeds'])} seeds) -> {args.out}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description="Aggregate per-slice benchmark scores into results.json.")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
