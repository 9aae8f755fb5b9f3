"""Bad input, table-driven, across both CLIs: every case exits non-zero, never with a traceback, and
ends with one line naming the problem; no output is left where a finished one belongs.

Cases run in-process (``tracegen.cli.main`` / ``rlvr.cli.main``, as the entry points do) so the table
stays fast; a few run through the installed entry points in a subprocess as well.
"""

import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import proc
from rlvr import cli as rlvr_cli
from tracegen import cli as tracegen_cli
from tracegen import dataset

TID = "task_charts__single_series__threshold_value_count"
TINY = {"seed": 4, "split": "train", "shard_size": 2, "tasks": [{"id": TID, "count": 2}]}
BIN = Path(sys.executable).parent


@dataclass
class Case:
    id: str
    cli: str                       # "tracegen" | "rlvr"
    argv: list                     # "{t}" is the case's folder, "{ds}" a copy of a small valid dataset
    needle: str                    # must appear in the last line of output (stderr, else stdout)
    setup: object = None           # fn(t: Path) run before the command
    absent: list = field(default_factory=list)   # paths (with {t}) that must not exist afterwards
    stdout: bool = False           # the problem is reported on stdout (validation reports)


def w(rel, data):
    """setup: write ``data`` (bytes or text) to ``t/rel``."""
    def fn(t):
        p = t / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data if isinstance(data, bytes) else data.encode())
    return fn


def mkdir(rel):
    return lambda t: (t / rel).mkdir(parents=True, exist_ok=True)


def steps(*fns):
    def fn(t):
        for f in fns:
            f(t)
    return fn


def records_edit(fn_record):
    """setup: rewrite the first record of the dataset copy at t/ds (the manifest hash is left stale)."""
    def fn(t):
        path = t / "ds" / "records.jsonl"
        lines = path.read_text().splitlines()
        rec = json.loads(lines[0])
        fn_record(rec)
        lines[0] = json.dumps(rec)
        path.write_text("\n".join(lines) + "\n")
    return fn


def manifest_edit(fn_manifest):
    def fn(t):
        path = t / "ds" / "dataset.json"
        m = json.loads(path.read_text())
        fn_manifest(m)
        path.write_text(json.dumps(m))
    return fn


def symlink_image_out(t):
    img = next((t / "ds" / "images").rglob("*.png"))
    img.unlink()
    (t / "outside.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"0" * 40)
    img.symlink_to(t / "outside.png")


def parquet_without_columns(t):
    import pyarrow as pa
    import pyarrow.parquet as pq

    (t / "pq").mkdir()
    pq.write_table(pa.table({"x": [1, 2]}), t / "pq" / "a.parquet")


def a_results_without_root(t):
    (t / "results.json").write_text(json.dumps({"schema_version": "rlvr_aggregate_results_v1"}))


SUITE = json.dumps({"suite_id": "s", "benchmarks": [{"key": "a", "category": "A"}], "categories": {"A": ["a"]}})
MODELS = json.dumps([{"model": "m", "scale": "s", "base": None}])
SCORE = json.dumps({"model": "m", "seed": 1, "benchmark": "a", "score": 50.0, "rows": 3})
BIG = "seed: 1\ntotal: 200001\ntasks:\n  - all: true\n"
FEW = "seed: 1\ntasks:\n  - id: " + TID + "\n    count: 5\n"
GOOD_SCORE_LINE = json.dumps({"response": '{"answer": 3}', "answer_gt": {"type": "integer", "value": 3},
                              "annotation_gt": {"type": "point", "value": [1, 1]},
                              "reward_contract": None})

CASES = [
    # ------------------------------------------------------------------ tracegen generate
    Case("gen-unknown-task", "tracegen", ["generate", "--task", "task_charts__x__nope", "-o", "{t}/o"],
         "unknown task id", absent=["{t}/o"]),
    Case("gen-negative-seed", "tracegen", ["generate", "--task", TID, "--seed", "-4", "-o", "{t}/o"], "seed"),
    Case("gen-text-seed", "tracegen", ["generate", "--task", TID, "--seed", "abc", "-o", "{t}/o"], "seed"),
    Case("gen-huge-seed", "tracegen", ["generate", "--task", TID, "--seed", str(2**64), "-o", "{t}/o"], "seed"),
    Case("gen-nothing-to-build", "tracegen", ["generate", "-o", "{t}/o"], "config file, or --task"),
    Case("gen-config-missing", "tracegen", ["generate", "{t}/nope.yaml", "-o", "{t}/o"], "config file not found"),
    Case("gen-config-is-dir", "tracegen", ["generate", "{t}/cfg", "-o", "{t}/o"], "is a directory",
         setup=mkdir("cfg")),
    Case("gen-config-bad-yaml", "tracegen", ["generate", "{t}/c.yaml", "-o", "{t}/o"], "not valid YAML",
         setup=w("c.yaml", "seed: [unclosed\n")),
    Case("gen-config-not-utf8", "tracegen", ["generate", "{t}/c.yaml", "-o", "{t}/o"], "not UTF-8",
         setup=w("c.yaml", b"seed: 1\ntasks: \xff\xfe\n")),
    Case("gen-config-a-list", "tracegen", ["generate", "{t}/c.yaml", "-o", "{t}/o"], "must be a mapping",
         setup=w("c.yaml", "- 1\n- 2\n")),
    Case("gen-config-empty", "tracegen", ["generate", "{t}/c.yaml", "-o", "{t}/o"], "must be a mapping",
         setup=w("c.yaml", "")),
    Case("gen-config-count-0", "tracegen", ["generate", "{t}/c.yaml", "-o", "{t}/o"], "tasks/0/count",
         setup=w("c.yaml", "seed: 1\ntasks:\n  - id: " + TID + "\n    count: 0\n")),
    Case("gen-config-unknown-key", "tracegen", ["generate", "{t}/c.yaml", "-o", "{t}/o"], "colour",
         setup=w("c.yaml", "seed: 1\ncolour: 3\ntasks:\n  - all: true\n    count: 1\n")),
    Case("gen-config-split-escape", "tracegen", ["generate", "{t}/c.yaml", "-o", "{t}/o"], "at split",
         setup=w("c.yaml", "seed: 1\nsplit: ../x\ntasks:\n  - id: " + TID + "\n    count: 1\n")),
    Case("gen-config-max-side-tiny", "tracegen", ["generate", "{t}/c.yaml", "-o", "{t}/o"], "max_side",
         setup=w("c.yaml", "seed: 1\nmax_side: 3\ntasks:\n  - id: " + TID + "\n    count: 1\n")),
    Case("gen-config-bad-query", "tracegen", ["generate", "{t}/c.yaml", "-o", "{t}/o"], "not a query",
         setup=w("c.yaml", "seed: 1\ntasks:\n  - id: " + TID + "\n    count: 1\n    query_id: sideways\n")),
    Case("gen-total-over-limit", "tracegen", ["generate", "{t}/c.yaml", "-o", "{t}/o"], "limit of 100,000",
         setup=w("c.yaml", BIG), absent=["{t}/o"]),
    Case("gen-count-over-limit", "tracegen", ["generate", "{t}/c.yaml", "-o", "{t}/o"], "--max-instances",
         setup=w("c.yaml", "seed: 1\ntasks:\n  - id: " + TID + "\n    count: 1000000000000\n")),
    Case("gen-samples-over-limit", "tracegen", ["generate", "--all", "--samples-per-task", "5000", "-o", "{t}/o"],
         "limit of 100,000"),
    Case("gen-explicit-limit", "tracegen", ["generate", "{t}/c.yaml", "--max-instances", "3", "-o", "{t}/o"],
         "limit of 3", setup=w("c.yaml", FEW)),
    Case("gen-output-exists", "tracegen", ["generate", "--task", TID, "-o", "{t}/o"], "already exists",
         setup=mkdir("o")),
    Case("gen-force-onto-file", "tracegen", ["generate", "--task", TID, "--force", "-o", "{t}/o"],
         "refusing to replace it (even with --force)", setup=w("o", "precious")),
    Case("gen-onto-file", "tracegen", ["generate", "--task", TID, "-o", "{t}/o"], "not a directory",
         setup=w("o", "precious")),
    Case("gen-output-under-a-file", "tracegen", ["generate", "--task", TID, "-o", "{t}/f/o"], "is not a directory",
         setup=w("f", "a file")),
    Case("gen-readonly-output", "tracegen", ["generate", "--task", TID, "-o", "{t}/ro/o"],
         "Operation not permitted", setup=mkdir("ro")),
    Case("gen-unknown-domain-shard", "tracegen", ["generate", "--task", TID, "--only-domain", "nope", "-o",
                                                  "{t}/o"], "no tasks in domains"),
    Case("gen-difficulty-7", "tracegen", ["generate", "--task", TID, "--difficulty", "7", "-o", "{t}/o"],
         "invalid choice"),
    Case("gen-workers-0", "tracegen", ["generate", "--task", TID, "--workers", "0", "-o", "{t}/o"],
         "positive integer"),
    Case("gen-max-side-text", "tracegen", ["generate", "--task", TID, "--max-side", "big", "-o", "{t}/o"],
         "positive integer"),
    # ------------------------------------------------------------------ tracegen validate
    Case("val-missing-dataset", "tracegen", ["validate", "{t}/nothing", "-q"], "E_MISSING", stdout=True),
    Case("val-manifest-not-json", "tracegen", ["validate", "{ds}", "-q"], "E_MANIFEST", stdout=True,
         setup=w("ds/dataset.json", "{nope")),
    Case("val-manifest-a-list", "tracegen", ["validate", "{ds}", "-q"], "E_MANIFEST", stdout=True,
         setup=w("ds/dataset.json", "[]")),
    Case("val-records-not-json", "tracegen", ["validate", "{ds}", "-q"], "E_", stdout=True,
         setup=w("ds/records.jsonl", "{broken\n")),
    Case("val-records-not-utf8", "tracegen", ["validate", "{ds}", "-q"], "E_", stdout=True,
         setup=w("ds/records.jsonl", b"\xff\xfe\n")),
    Case("val-image-path-dotdot", "tracegen", ["validate", "{ds}", "-q"], "E_", stdout=True,
         setup=records_edit(lambda r: r["images"][0].update(path="images/../../outside.png"))),
    Case("val-image-path-absolute", "tracegen", ["validate", "{ds}", "-q"], "E_", stdout=True,
         setup=records_edit(lambda r: r["images"][0].update(path="/etc/passwd"))),
    Case("val-image-symlink-out", "tracegen", ["validate", "{ds}", "-q", "--no-replay"], "E_", stdout=True,
         setup=symlink_image_out),
    Case("val-manifest-file-escape", "tracegen", ["validate", "{ds}", "-q"], "E_PATH", stdout=True,
         setup=manifest_edit(lambda m: m["files"].update({"../../etc/hostname": "0" * 64}))),
    Case("val-report-is-dir", "tracegen", ["validate", "{ds}", "-q", "--no-replay", "--report", "{t}/rep"],
         "Is a directory", setup=mkdir("rep")),
    Case("val-report-under-file", "tracegen", ["validate", "{ds}", "-q", "--no-replay", "--report", "{t}/f/r.json"],
         "Not a directory", setup=w("f", "x")),
    # ------------------------------------------------------------------ tracegen export
    Case("exp-not-a-dataset", "tracegen", ["export", "{t}", "-o", "{t}/pq"], "not a tracegen dataset",
         absent=["{t}/pq"]),
    Case("exp-manifest-bad-json", "tracegen", ["export", "{ds}", "-o", "{t}/pq"], "not valid JSON",
         setup=w("ds/dataset.json", "{nope"), absent=["{t}/pq"]),
    Case("exp-output-exists", "tracegen", ["export", "{ds}", "-o", "{t}/pq"], "already exists", setup=mkdir("pq")),
    Case("exp-force-onto-file", "tracegen", ["export", "{ds}", "--force", "-o", "{t}/pq"], "refusing",
         setup=w("pq", "precious")),
    Case("exp-image-escape", "tracegen", ["export", "{ds}", "-o", "{t}/pq"], "E_SCHEMA",
         setup=records_edit(lambda r: r["images"][0].update(path="images/../../outside.png")),
         absent=["{t}/pq"]),
    Case("exp-image-symlink-out", "tracegen", ["export", "{ds}", "-o", "{t}/pq"], "E_PATH",
         setup=symlink_image_out, absent=["{t}/pq"]),
    Case("exp-split-escape", "tracegen", ["export", "{ds}", "-o", "{t}/pq"], "dataset.json at split",
         setup=manifest_edit(lambda m: m.update(split="../../x")), absent=["{t}/pq"]),
    Case("exp-records-not-json", "tracegen", ["export", "{ds}", "-o", "{t}/pq"], "E_JSON",
         setup=w("ds/records.jsonl", "{broken\n"), absent=["{t}/pq"]),
    Case("exp-rows-0", "tracegen", ["export", "{ds}", "--rows-per-shard", "0", "-o", "{t}/pq"], "positive integer"),
    # ------------------------------------------------------------------ tracegen merge
    Case("merge-not-a-dataset", "tracegen", ["merge", "{t}/nothing", "-o", "{t}/m"], "cannot merge",
         absent=["{t}/m"]),
    Case("merge-invalid-input", "tracegen", ["merge", "{ds}", "-o", "{t}/m"], "cannot merge",
         setup=records_edit(lambda r: r["images"][0].update(path="images/../../outside.png")), absent=["{t}/m"]),
    Case("merge-symlinked-image", "tracegen", ["merge", "{ds}", "-o", "{t}/m"], "cannot merge",
         setup=symlink_image_out, absent=["{t}/m"]),
    Case("merge-twice", "tracegen", ["merge", "{ds}", "{ds}", "-o", "{t}/m"], "repeats tasks", absent=["{t}/m"]),
    Case("merge-onto-file", "tracegen", ["merge", "{ds}", "--force", "-o", "{t}/m"], "refusing",
         setup=w("m", "precious")),
    # ------------------------------------------------------------------ tracegen show / score / others
    Case("show-unknown-task", "tracegen", ["show", "--task", "task_nope__x__y", "-o", "{t}/i.png"],
         "unknown task id"),
    Case("show-bad-difficulty", "tracegen", ["show", "--task", TID, "--difficulty", "9"], "invalid choice"),
    Case("show-output-is-dir", "tracegen", ["show", "--task", TID, "-o", "{t}/d"], "Is a directory",
         setup=mkdir("d")),
    Case("show-bad-query", "tracegen", ["show", "--task", TID, "--query-id", "sideways", "-o", "{t}/i.png"],
         "sideways"),
    Case("score-missing-file", "tracegen", ["score", "{t}/none.jsonl"], "cannot read"),
    Case("score-file-is-dir", "tracegen", ["score", "{t}"], "is a directory"),
    Case("score-not-utf8", "tracegen", ["score", "{t}/r.jsonl"], "line 1: not UTF-8",
         setup=w("r.jsonl", b"\xff\xfe{}\n" + GOOD_SCORE_LINE.encode() + b"\n")),
    Case("score-not-json", "tracegen", ["score", "{t}/r.jsonl"], "line 2: not JSON",
         setup=w("r.jsonl", GOOD_SCORE_LINE + "\n{nope\n")),
    Case("score-array-line", "tracegen", ["score", "{t}/r.jsonl"], "line 1: need a JSON object",
         setup=w("r.jsonl", "[1, 2]\n")),
    Case("score-missing-key", "tracegen", ["score", "{t}/r.jsonl"], "line 1: need a JSON object",
         setup=w("r.jsonl", '{"response": "x"}\n')),
    Case("score-unknown-mode", "tracegen", ["score", "{t}/r.jsonl"], "unknown mode",
         setup=w("r.jsonl", json.dumps(dict(json.loads(GOOD_SCORE_LINE), mode="everything")) + "\n")),
    Case("score-bad-mode-flag", "tracegen", ["score", "x", "--mode", "all"], "invalid choice"),
    Case("list-bad-answer-type", "tracegen", ["list", "--answer-type", "colour"], "invalid choice"),
    Case("gallery-onto-file", "tracegen", ["gallery", "--task", TID, "-o", "{t}/g"], "",
         setup=w("g", "precious")),
    Case("stats-missing-task-list", "tracegen", ["stats", "--tasks", "{t}/none.txt"], "cannot read"),
    # ------------------------------------------------------------------ rlvr receipt
    Case("receipt-no-command", "rlvr", ["receipt", "--rule=r", "--"], "give the command"),
    Case("receipt-params-not-json", "rlvr", ["receipt", "--rule=r", "--params={x", "--", "true"], "not JSON"),
    Case("receipt-params-a-list", "rlvr", ["receipt", "--rule=r", "--params=[1]", "--", "true"], "JSON object"),
    Case("receipt-wildcard-no-eq", "rlvr", ["receipt", "--rule=r", "--wildcard=k", "--", "true"], "NAME=VALUE"),
    Case("receipt-rule-escape", "rlvr", ["receipt", "--rule=../r", "--", "true"], "plain identifier"),
    Case("receipt-wildcard-escape", "rlvr", ["receipt", "--rule=r", "--wildcard=k=../../x", "--", "true"],
         "no path separators"),
    Case("receipt-input-missing", "rlvr", ["receipt", "--rule=r", "--input=a={t}/none", "--", "true"],
         "does not exist"),
    Case("receipt-bad-io-name", "rlvr", ["receipt", "--rule=r", "--output=../o={t}/x", "--", "true"],
         "not an identifier"),
    Case("receipt-output-missing", "rlvr", ["receipt", "--rule=r", "--receipts={t}/rc", "--output=o={t}/never",
                                            "--", "true"], "did not create", absent=["{t}/rc/r/all.json"]),
    # ------------------------------------------------------------------ rlvr validate-receipts / verify / sign
    Case("vr-missing-dir", "rlvr", ["validate-receipts", "--receipts", "{t}/none"], "R_NO_RECEIPTS", stdout=True),
    Case("vr-empty-dir", "rlvr", ["validate-receipts", "--receipts", "{t}/rc"], "R_NO_RECEIPTS", stdout=True,
         setup=mkdir("rc")),
    Case("vr-expect-missing", "rlvr", ["validate-receipts", "--expect", "{t}/none.json"], "does not exist"),
    Case("vr-expect-bad-json", "rlvr", ["validate-receipts", "--expect-json", "[oops"], "not JSON"),
    Case("vr-expect-bad-shape", "rlvr", ["validate-receipts", "--expect-json", "[1, 2]"], "JSON list of"),
    Case("vr-config-json-bad", "rlvr", ["validate-receipts", "--workflow", "--config-json", "{x"], "not JSON"),
    Case("vr-workflow-without-snakefile", "rlvr", ["validate-receipts", "--workflow", "--snakefile",
                                                   "{t}/Snakefile", "--target", "x"], "snakemake"),
    Case("vr-report-is-dir", "rlvr", ["validate-receipts", "--receipts", "{t}/none", "--report", "{t}/rep"],
         "Is a directory", setup=mkdir("rep")),
    Case("verify-nothing", "rlvr", ["verify-root"], "--results"),
    Case("verify-bad-root", "rlvr", ["verify-root", "--root", "xyz"], "64-hex"),
    Case("verify-results-missing", "rlvr", ["verify-root", "--results", "{t}/none.json"], "does not exist"),
    Case("verify-signature-alone", "rlvr", ["verify-root", "--root", "a" * 64, "--signature", "s"],
         "--allowed-signers"),
    Case("sign-results-missing", "rlvr", ["sign-root", "--results", "{t}/none.json", "--key", "k"],
         "does not exist"),
    Case("sign-results-bad-json", "rlvr", ["sign-root", "--results", "{t}/r.json", "--key", "k"], "not valid JSON",
         setup=w("r.json", "{nope")),
    Case("sign-no-root", "rlvr", ["sign-root", "--results", "{t}/results.json", "--key", "k"], "no provenance root",
         setup=a_results_without_root),
    # ------------------------------------------------------------------ rlvr equivalence / hub / fetch-model
    Case("eq-not-a-dir", "rlvr", ["equivalence", "receipt", "{t}/none", "--output", "{t}/e.json"], "not a directory",
         absent=["{t}/e.json"]),
    Case("eq-empty-dir", "rlvr", ["equivalence", "receipt", "{t}/pq", "--output", "{t}/e.json"], "no .parquet",
         setup=mkdir("pq"), absent=["{t}/e.json"]),
    Case("eq-corrupt-parquet", "rlvr", ["equivalence", "receipt", "{t}/pq", "--output", "{t}/e.json"],
         "a.parquet", setup=w("pq/a.parquet", b"PAR1 not really"), absent=["{t}/e.json"]),
    Case("eq-parquet-wrong-columns", "rlvr", ["equivalence", "receipt", "{t}/pq", "--output", "{t}/e.json"],
         "with columns", setup=parquet_without_columns, absent=["{t}/e.json"]),
    Case("eq-no-output", "rlvr", ["equivalence", "receipt", "{t}"], "needs --output"),
    Case("eq-compare-missing", "rlvr", ["equivalence", "compare", "{t}/a.json", "{t}/b.json"], "does not exist"),
    Case("eq-compare-bad-json", "rlvr", ["equivalence", "compare", "{t}/a.json", "{t}/a.json"], "not valid JSON",
         setup=w("a.json", "{")),
    Case("eq-compare-one", "rlvr", ["equivalence", "compare", "{t}/a.json"], "two receipts"),
    Case("eq-compare-empty", "rlvr", ["equivalence", "compare", "{t}/a.json", "{t}/a.json"], "DIFFERENT",
         setup=w("a.json", '{"version": "rlvr-equivalence-v1", "columns": ["x"], "rows": [], "num_rows": 0}'),
         stdout=True),
    Case("hub-manifest-missing", "rlvr", ["hub", "verify", "--dir", "{t}", "--manifest", "{t}/m.json"],
         "does not exist"),
    Case("hub-manifest-bad-json", "rlvr", ["hub", "verify", "--dir", "{t}", "--manifest", "{t}/m.json"],
         "not readable JSON", setup=w("m.json", "{")),
    Case("hub-manifest-wrong-shape", "rlvr", ["hub", "verify", "--dir", "{t}", "--manifest", "{t}/m.json"],
         "expected parquet_files", setup=w("m.json", '{"files": []}')),
    Case("hub-manifest-path-escape", "rlvr", ["hub", "verify", "--dir", "{t}", "--manifest", "{t}/m.json"],
         "leaves the snapshot",
         setup=w("m.json", json.dumps({"parquet_files": [{"path": "../x.parquet", "current": {"sha256": "0"}}]}))),
    Case("hub-snapshot-missing", "rlvr", ["hub", "verify", "--dir", "{t}/none", "--manifest", "{t}/m.json"],
         "no such snapshot", stdout=True,
         setup=w("m.json", json.dumps({"parquet_files": [{"path": "a.parquet", "current": {"sha256": "0"}}]}))),
    Case("hub-fetch-offline", "rlvr", ["hub", "fetch", "--dir", "{t}/snap", "--manifest", "{t}/m.json"],
         "cannot fetch", setup=w("m.json", '{"parquet_files": []}')),
    Case("hub-fetch-unpinned", "rlvr", ["hub", "fetch", "--revision", "main", "--dir", "{t}/snap"], "40-hex"),
    Case("fetch-model-unpinned", "rlvr", ["fetch-model", "--repo", "a/b", "--revision", "main", "--output",
                                          "{t}/m"], "40-hex", absent=["{t}/m"]),
    Case("fetch-model-offline", "rlvr", ["fetch-model", "--repo", "a/b", "--revision", "a" * 40, "--output",
                                         "{t}/m"], "cannot fetch"),
    # ------------------------------------------------------------------ rlvr aggregate
    Case("agg-suite-missing", "rlvr", ["aggregate", "--score-files", "{t}/s.json", "--models-json", MODELS,
                                       "--suite", "{t}/none.json", "--out", "{t}/r.json"], "not written",
         setup=w("s.json", SCORE), absent=["{t}/r.json"]),
    Case("agg-suite-bad-json", "rlvr", ["aggregate", "--score-files", "{t}/s.json", "--models-json", MODELS,
                                        "--suite", "{t}/suite.json", "--out", "{t}/r.json"], "not written",
         setup=steps(w("s.json", SCORE), w("suite.json", "{")), absent=["{t}/r.json"]),
    Case("agg-models-bad-json", "rlvr", ["aggregate", "--score-files", "{t}/s.json", "--models-json", "[{",
                                         "--suite", "{t}/suite.json", "--out", "{t}/r.json"], "not written",
         setup=steps(w("s.json", SCORE), w("suite.json", SUITE)), absent=["{t}/r.json"]),
    Case("agg-score-bad-json", "rlvr", ["aggregate", "--score-files", "{t}/s.json", "--models-json", MODELS,
                                        "--suite", "{t}/suite.json", "--out", "{t}/r.json"], "not written",
         setup=steps(w("s.json", "{"), w("suite.json", SUITE)), absent=["{t}/r.json"]),
    Case("agg-scores-not-utf8", "rlvr", ["aggregate", "--scores", "{t}/s.jsonl", "--models-json", MODELS,
                                         "--suite", "{t}/suite.json", "--out", "{t}/r.json"], "not written",
         setup=steps(w("s.jsonl", b"\xff\n"), w("suite.json", SUITE)), absent=["{t}/r.json"]),
    Case("agg-out-is-dir", "rlvr", ["aggregate", "--score-files", "{t}/s.json", "--models-json", MODELS,
                                    "--suite", "{t}/suite.json", "--out", "{t}/r"], "Is a directory",
         setup=steps(w("s.json", SCORE), w("suite.json", SUITE), mkdir("r"))),
    Case("agg-pins-bad-json", "rlvr", ["aggregate", "--score-files", "{t}/s.json", "--models-json", MODELS,
                                       "--suite", "{t}/suite.json", "--receipts", "{t}", "--pins-json", "{x",
                                       "--out", "{t}/r.json"], "not written",
         setup=steps(w("s.json", SCORE), w("suite.json", SUITE)), absent=["{t}/r.json"]),
    Case("agg-receipts-missing", "rlvr", ["aggregate", "--score-files", "{t}/s.json", "--models-json", MODELS,
                                          "--suite", "{t}/suite.json", "--receipts", "{t}/none",
                                          "--out", "{t}/r.json"], "not written",
         setup=steps(w("s.json", SCORE), w("suite.json", SUITE)), absent=["{t}/r.json"]),
    # ------------------------------------------------------------------ rlvr stages owned elsewhere, via the CLI
    Case("score-suite-missing", "rlvr", ["score", "--suite", "{t}/none.json", "--benchmark", "blink", "--model",
                                         "m", "--seed", "1", "--input", "{t}/g.jsonl", "--output", "{t}/s.json"],
         "", setup=w("g.jsonl", "{}\n"), absent=["{t}/s.json"]),
    Case("score-input-missing", "rlvr", ["score", "--suite", "config/eval/trace_eval_v1.json", "--benchmark",
                                         "blink", "--model", "m", "--seed", "1", "--input", "{t}/none.jsonl",
                                         "--output", "{t}/s.json"], "", absent=["{t}/s.json"]),
    Case("score-input-bad-jsonl", "rlvr", ["score", "--suite", "config/eval/trace_eval_v1.json", "--benchmark",
                                           "blink", "--model", "m", "--seed", "1", "--input", "{t}/g.jsonl",
                                           "--output", "{t}/s.json"], "", setup=w("g.jsonl", "{nope\n"),
         absent=["{t}/s.json"]),
    Case("score-unknown-benchmark", "rlvr", ["score", "--suite", "config/eval/trace_eval_v1.json", "--benchmark",
                                             "nope", "--model", "m", "--seed", "1", "--input", "{t}/g.jsonl",
                                             "--output", "{t}/s.json"], "", setup=w("g.jsonl", "{}\n"),
         absent=["{t}/s.json"]),
    Case("evaluate-model-missing", "rlvr", ["evaluate", "--suite", "config/eval/trace_eval_v1.json", "--benchmark",
                                            "blink", "--seed", "1", "--model", "{t}/none", "--data", "{t}/none",
                                            "--output", "{t}/g.jsonl"], "--model {t}/none: no such model directory",
         absent=["{t}/g.jsonl"]),
    Case("tv-generate-model-missing", "rlvr", ["trace-validation", "generate", "--suite",
                                               "config/eval/trace_eval_v1.json", "--model", "{t}/none", "--data",
                                               "{t}", "--output", "{t}/g.jsonl"], "no such model directory",
         absent=["{t}/g.jsonl"]),
    Case("score-input-a-json-array", "rlvr", ["score", "--suite", "config/eval/trace_eval_v1.json", "--benchmark",
                                              "blink", "--model", "m", "--seed", "1", "--input", "{t}/g.jsonl",
                                              "--output", "{t}/s.json"],
         "g.jsonl:1: expected one JSON object per line, got a JSON list", setup=w("g.jsonl", '[{"index": 0}]\n'),
         absent=["{t}/s.json"]),
    Case("check-profile-without-name", "rlvr", ["check", "--no-compose", "--profile", "{t}/p.yaml"],
         "p.yaml: the profile has no 'name'", setup=w("p.yaml", "scale: 3B\n"), stdout=True),
    Case("check-profile-without-pins", "rlvr", ["check", "--no-compose", "--profile", "{t}/p.yaml"],
         "'base_model' needs 'repo' and 'revision'", setup=w("p.yaml", "name: p\n"), stdout=True),
    Case("tiny-model-output-exists", "rlvr", ["build-tiny-model", "--output", "{t}/m"],
         "output {t}/m already exists (use --force to replace it)", setup=w("m/keep.txt", "mine")),
    Case("tiny-model-output-is-a-file", "rlvr", ["build-tiny-model", "--output", "{t}/m"],
         "exists and is not a directory", setup=w("m", "precious")),
    Case("evaluate-suite-bad-json", "rlvr", ["evaluate", "--suite", "{t}/suite.json", "--benchmark", "blink",
                                             "--seed", "1", "--model", "{t}", "--data", "{t}", "--output",
                                             "{t}/g.jsonl"], "", setup=w("suite.json", "{"), absent=["{t}/g.jsonl"]),
    Case("judge-input-missing", "rlvr", ["judge", "--suite", "config/eval/trace_eval_v1.json", "--benchmark",
                                         "mathvista", "--input", "{t}/none.jsonl", "--output", "{t}/j.jsonl",
                                         "--judge-model", "{t}/none"], "", absent=["{t}/j.jsonl"]),
    Case("tv-score-input-missing", "rlvr", ["trace-validation", "score", "--input", "{t}/none.jsonl", "--model",
                                            "m", "--output", "{t}/s.json"], "", absent=["{t}/s.json"]),
    Case("suite-check-bad-json", "rlvr", ["suite", "--check", "{t}/suite.json"], "",
         setup=w("suite.json", "{")),
    Case("fetch-benchmark-unknown", "rlvr", ["fetch-benchmark", "--fixture", "--suite",
                                             "config/eval/trace_eval_v1.json", "--benchmark", "nope", "--raw",
                                             "{t}/raw", "--output", "{t}/out"], "", absent=["{t}/out"]),
    Case("prepare-train-missing", "rlvr", ["prepare-rl-data", "--profile", "tiny-cpu", "--train", "{t}/none",
                                           "--validation", "{t}/none", "--model", "{t}/none", "--output",
                                           "{t}/rl"], "", absent=["{t}/rl"]),
    Case("prepare-unknown-profile", "rlvr", ["prepare-rl-data", "--profile", "nope", "--train", "{t}",
                                             "--validation", "{t}", "--model", "{t}", "--output", "{t}/rl"], "",
         absent=["{t}/rl"]),
    Case("merge-checkpoint-missing", "rlvr", ["merge-checkpoint", "--checkpoints", "{t}/none", "--output",
                                              "{t}/m"], "", absent=["{t}/m"]),
    Case("check-unknown-profile", "rlvr", ["check", "--profile", "nope"], ""),
    Case("train-data-missing", "rlvr", ["train", "--profile", "tiny-cpu", "--data", "{t}/none", "--init",
                                        "{t}/none", "--output", "{t}/ck"], ""),
]


@pytest.fixture(scope="module")
def small_dataset(tmp_path_factory):
    d = tmp_path_factory.mktemp("bad") / "ds"
    dataset.build(TINY, d, progress=False)
    return d


@pytest.fixture()
def readonly(tmp_path):
    """Make t/ro read-only for this process (chmod for a user, the immutable flag for root)."""
    made = []

    def make(path):
        path.chmod(0o555)
        if os.access(path, os.W_OK) and shutil.which("chattr"):
            if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode == 0:
                made.append(path)
        if os.access(path, os.W_OK) and not made:
            try:
                (path / ".probe").write_text("")
            except OSError:
                return
            (path / ".probe").unlink()
            pytest.skip("cannot make a read-only folder here")
    yield make
    for p in made:
        subprocess.run(["chattr", "-i", str(p)], capture_output=True)


def invoke(cli, argv, capsys):
    main = tracegen_cli.main if cli == "tracegen" else rlvr_cli.main
    try:
        code = main(argv)
    except SystemExit as e:   # argparse errors, and messages raised as SystemExit("...")
        if isinstance(e.code, str):
            print(e.code, file=sys.stderr)
            code = 1
        else:
            code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def test_the_table_is_large_and_covers_both_clis():
    assert len(CASES) >= 100 and len({c.id for c in CASES}) == len(CASES)
    assert sum(c.cli == "tracegen" for c in CASES) >= 40 and sum(c.cli == "rlvr" for c in CASES) >= 40


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_input(case, tmp_path, small_dataset, capsys, monkeypatch, readonly):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("TRANSFORMERS_OFFLINE", "1")
    monkeypatch.delenv("RLVR_DEBUG", raising=False)
    monkeypatch.delenv("TRACEGEN_DEBUG", raising=False)
    monkeypatch.chdir(Path(__file__).resolve().parents[1])   # repository root: config/ paths resolve
    t = tmp_path
    shutil.copytree(small_dataset, t / "ds")   # "{ds}": a small valid dataset the case may break
    if case.setup:
        case.setup(t)
    if case.id == "gen-readonly-output":
        readonly(t / "ro")
    argv = [a.replace("{t}", str(t)).replace("{ds}", str(t / "ds")) for a in case.argv]
    code, out, err = invoke(case.cli, argv, capsys)
    assert code not in (0, None), (out, err)
    assert "Traceback" not in out + err
    text = (out if case.stdout else err) or out + err
    last = text.strip().splitlines()[-1] if text.strip() else ""
    assert last, f"no message: {out!r} {err!r}"
    assert case.needle.replace("{t}", str(t)) in text, (case.needle, text[-2000:])
    assert not re.search(r"\b(Attribute|Key|Type|Index|Name)Error\b", text), text   # the problem, not a Python error
    for p in case.absent:
        assert not Path(p.replace("{t}", str(t))).exists(), p
    if case.cli == "tracegen" and not case.stdout:
        assert len(err.strip().splitlines()) == 1 or "usage:" in err, err   # one line (argparse: usage + line)


def test_score_goes_on_after_bad_lines_and_writes_standard_json(tmp_path):
    lines = [b"\xff\xfe\n", GOOD_SCORE_LINE.encode() + b"\n", b"{nope\n",
             json.dumps(dict(json.loads(GOOD_SCORE_LINE), response='{"answer": NaN}')).encode() + b"\n",
             json.dumps(dict(json.loads(GOOD_SCORE_LINE), response='{"answer": [1e999, {"x": [1]}]}')).encode()
             + b"\n",
             json.dumps(dict(json.loads(GOOD_SCORE_LINE), response='{"answer": "\\ud800"}')).encode() + b"\n"]
    (tmp_path / "r.jsonl").write_bytes(b"".join(lines))
    r = proc.run([str(BIN / "tracegen"), "score", str(tmp_path / "r.jsonl")], timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "2 bad line(s)" in r.stderr and "line 1: not UTF-8" in r.stderr
    out = [json.loads(x, parse_constant=lambda c: pytest.fail(f"non-standard JSON constant {c}"))
           for x in r.stdout.splitlines()]
    assert len(out) == 6
    assert out[0]["error"] and out[0]["overall"] == 0.0 and out[2]["error"] and out[2]["overall"] == 0.0
    assert out[1]["overall"] == 1.0                    # the line after a bad line is still scored
    assert all("error" not in o or o["error"] is None for o in (out[3], out[4], out[5]))
    assert out[3]["accuracy"] == 0


@pytest.mark.parametrize("argv", [["tracegen", "generate", "{t}/c.yaml", "-o", "{t}/o"],
                                  ["rlvr", "validate-receipts", "--expect-json", "[1"],
                                  ["rlvr", "equivalence", "receipt", "{t}", "--output", "{t}/x.json"]])
def test_entry_points_end_with_one_line(argv, tmp_path):
    (tmp_path / "c.yaml").write_text(BIG)
    cmd = [str(BIN / argv[0])] + [a.replace("{t}", str(tmp_path)) for a in argv[1:]]
    r = proc.run(cmd, cwd=tmp_path, timeout=300, env=dict(os.environ, HF_HUB_OFFLINE="1"))
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "error" in r.stderr


def test_two_builds_into_one_output_one_wins(tmp_path):
    """Publishing is atomic against a concurrent build: without --force the second exits non-zero."""
    (tmp_path / "c.yaml").write_text(FEW)
    cmd = [str(BIN / "tracegen"), "generate", str(tmp_path / "c.yaml"), "-q", "-o", str(tmp_path / "out")]
    results = proc.run_all([cmd, cmd])
    codes = sorted(r.returncode for r in results)
    assert codes[0] == 0 and codes[1] != 0, results
    loser = next(r for r in results if r.returncode != 0)
    assert "Traceback" not in loser.stderr and ("already exists" in loser.stderr or "another build" in loser.stderr)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.yaml", "out"]   # no staging left behind
    assert json.loads((tmp_path / "out" / "dataset.json").read_text())["num_records"] == 5


def test_stale_staging_of_dead_processes_is_cleaned(tmp_path):
    from tracegen.core import files

    dead = subprocess.Popen(["true"])
    dead.wait()
    host = files._HOST
    stale = [tmp_path / f".out.staging-{host}-{dead.pid}", tmp_path / f".out.old-{host}-{dead.pid}",
             tmp_path / f".out.staging-{dead.pid}"]
    live = [tmp_path / f".out.staging-{host}-{os.getpid()}", tmp_path / f".out.staging-otherhost-{dead.pid}",
            tmp_path / f".other.staging-{host}-{dead.pid}"]
    for p in stale + live:
        (p / "images").mkdir(parents=True)
    removed = files.clean_stale(tmp_path / "out")
    assert sorted(removed) == sorted(stale)
    assert all(p.exists() for p in live) and not any(p.exists() for p in stale)


def test_streamed_plan_is_bounded_and_lazy():
    import itertools

    cfg = {"seed": 1, "tasks": [{"id": TID, "count": 66_000}]}
    jobs = dataset.job_args(dataset.plan(cfg), seed=1, split="train", max_side=None, max_attempts=5, staging="s")
    assert not isinstance(jobs, (list, tuple))
    first = list(itertools.islice(jobs, 3))
    assert [j[1] for j in first] == [0, 1, 2]
    windows = dataset._windows(iter(range(10)), 4)
    assert [len(x) for x in windows] == [4, 4, 2]


def test_trace_gz_path_in_records_cannot_leave_the_dataset(small_dataset, tmp_path):
    from tracegen import validate

    d = tmp_path / "ds"
    shutil.copytree(small_dataset, d)
    shard = next((d / "traces").glob("*.jsonl.gz"))
    outside = tmp_path / "outside.jsonl.gz"
    outside.write_bytes(gzip.compress(b"{}\n"))
    shard.unlink()
    shard.symlink_to(outside)
    report = validate.validate(d, replay=False)
    assert not report["ok"] and "E_PATH" in report["error_counts"]
