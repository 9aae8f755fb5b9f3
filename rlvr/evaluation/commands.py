"""Pipeline entry points of the evaluation stage (`rlvr fetch-benchmark | judge | score`) and the --judge-*
options both judge front-ends share; `rlvr evaluate` lives in evaluate.py, the suite manifest in suite.py, the
TRACE validation campaign in trace_validation/. Each writes its output atomically and exits non-zero with a
one-line message on bad input."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tracegen.core.files import write_json_atomic

from . import suite as suite_mod
from .benchmarks.base import BenchmarkError
from .common import slices
from .evaluate import EvaluateError, read_jsonl, write_jsonl_atomic


def fail(cmd: str, e: Exception) -> int:
    """Print the one-line error of an evaluation command; -> its exit status."""
    print(f"rlvr {cmd}: {e}", file=sys.stderr)
    return 1


def check_rows(rows, what) -> None:
    """Generation rows must be exactly documents 0..n-1 in order: a partial slice never scores."""
    got = [r.get("index") for r in rows]
    if got != list(range(len(rows))) or not rows:
        raise EvaluateError(f"{what}: expected rows with index 0..n-1 in order, got {len(rows)} rows "
                            f"(first problem at position {next((i for i, g in enumerate(got) if g != i), 0)})")


# ------------------------------------------------------------------------------------ fetch-benchmark
def add_fetch_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--suite", required=True)
    p.add_argument("--benchmark", required=True)
    p.add_argument("--output", required=True, help="normalized benchmark directory (docs.parquet + manifest.json)")
    p.add_argument("--raw", help="raw download directory (default: OUTPUT.raw)")
    p.add_argument("--source", help="use this local raw directory (a mirror, or a fixture) instead of downloading")
    p.add_argument("--fixture", action="store_true",
                   help="write a tiny fixture in the benchmark's own format into the raw directory first (CPU runs)")
    p.add_argument("--fixture-rows", type=int, default=4)


def run_fetch(args) -> int:
    from . import data

    if args.fixture_rows < 1:
        return fail("fetch-benchmark", ValueError(f"--fixture-rows must be at least 1, got {args.fixture_rows}"))
    try:
        manifest = suite_mod.load(args.suite)
        suite_mod.benchmark(manifest, args.benchmark)
        raw = Path(args.source or args.raw or f"{args.output}.raw")
        if args.fixture:
            data.write_fixture(args.benchmark, raw, rows=args.fixture_rows)
        elif not args.source:
            data.fetch(args.benchmark, raw, provenance=data.provenance())
        data.normalize(args.benchmark, raw, args.output)
    except (data.BenchmarkDataError, suite_mod.SuiteError, OSError) as e:
        return fail("fetch-benchmark", e)
    info = json.loads((Path(args.output) / "manifest.json").read_text())
    print(json.dumps({"benchmark": args.benchmark, "rows": info["rows"], "docs_sha256": info["docs_sha256"]}))
    return 0


# ------------------------------------------------------------------------------------ judge
def add_judge_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--judge-backend", choices=["hf", "openai", "vllm"], default="hf")
    p.add_argument("--judge-model", required=True,
                   help="judge model directory (its tokenizer renders /v1/completions prompts); backend openai: the "
                        "endpoint serves it as qwen3-32b-judge")
    p.add_argument("--judge-revision", help="pinned revision of the judge model (recorded in cache keys)")
    p.add_argument("--judge-url", help="OpenAI-compatible endpoint (openai backend)")
    p.add_argument("--judge-batch-size", type=int, default=16,
                   help="requests in flight at once (openai, vllm); TRACE validation rows per judge batch")
    p.add_argument("--judge-tensor-parallel", type=int, default=1, help="GPUs of the judge server (backend vllm)")
    p.add_argument("--judge-cache", default="results/judge_cache", help="content-addressed judge cache")


def make_judge(args, log=None):
    """The one judge (rlvr.evaluation.judge.engine) of both front-ends, from the --judge-* options."""
    from .judge import JudgeError
    from .judge.engine import Judge

    if args.judge_batch_size < 1:
        raise JudgeError(f"--judge-batch-size must be at least 1, got {args.judge_batch_size}")
    extra = ["--tensor-parallel-size", str(args.judge_tensor_parallel)] if args.judge_tensor_parallel > 1 else []
    return Judge(args.judge_backend, args.judge_model, revision=args.judge_revision, base_url=args.judge_url,
                 cache_dir=args.judge_cache, workers=args.judge_batch_size, vllm_args=extra,
                 log=log or (lambda s: print(s, file=sys.stderr)))


def add_judge_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--suite", required=True)
    p.add_argument("--benchmark", required=True)
    p.add_argument("--input", required=True, nargs="+",
                   help="generations.jsonl of one or more slices of the benchmark (all seeds/models: one judge)")
    p.add_argument("--output", required=True, nargs="+", help="judged.jsonl, one per --input, in the same order")
    add_judge_options(p)


def run_judge(args) -> int:
    from . import benchmarks
    from .judge import JudgeError

    try:
        manifest = suite_mod.load(args.suite)
        bench = suite_mod.benchmark(manifest, args.benchmark)
        if not bench["judge"]:
            raise EvaluateError(f"benchmark {args.benchmark!r} has no judge step in its contract")
        if len(args.input) != len(args.output):
            raise EvaluateError(f"{len(args.input)} --input files but {len(args.output)} --output files")
        inputs = []
        for path in args.input:
            rows = read_jsonl(path)
            check_rows(rows, path)
            inputs.append(rows)
        module = benchmarks.get(args.benchmark)
        with make_judge(args) as j:
            outputs, calls = slices.judge_slices(module, inputs, lambda asked: j.complete([r for _, r in asked]))
        for path, judged in zip(args.output, outputs):
            write_jsonl_atomic(path, judged)
        rows = [r for judged in outputs for r in judged]
    except (JudgeError, BenchmarkError, EvaluateError, suite_mod.SuiteError, KeyError, OSError) as e:
        return fail("judge", e)
    print(json.dumps({"benchmark": args.benchmark, "slices": len(args.input), "rows": len(rows), "judge_requests": calls}))
    return 0


# ------------------------------------------------------------------------------------ score
def add_score_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--suite", required=True)
    p.add_argument("--benchmark", required=True)
    p.add_argument("--model", required=True, help="model id recorded in the score file")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--input", required=True, help="generations.jsonl, or judged.jsonl for judged benchmarks")
    p.add_argument("--output", required=True, help="score.json")
    p.add_argument("--data", help="the normalized benchmark directory the slice was generated from: its row count "
                                  "(and, unless it is a fixture, the suite's) must equal the slice's")


def expected_rows(manifest: dict, bench: dict, data_dir) -> tuple[int, bool]:
    """(rows a complete slice has, whether the data is a fixture): the data manifest's count, which must be
    the suite's unless the data is a fixture; without a data directory, the suite's count."""
    if data_dir is None:
        return int(bench["rows"]), False
    from . import data as eval_data

    info = eval_data.read_manifest(data_dir)
    rows, fixture = info.get("rows"), bool((info.get("source") or {}).get("fixture"))
    if not isinstance(rows, int):
        raise EvaluateError(f"{data_dir}: manifest.json gives no row count")
    if not fixture and rows != bench["rows"]:
        raise EvaluateError(f"{data_dir}: {rows} rows, but suite {manifest['suite_id']!r} has {bench['rows']} "
                            f"for {bench['key']}")
    return rows, fixture


def run_score(args) -> int:
    from . import benchmarks, data as eval_data

    try:
        manifest = suite_mod.load(args.suite)
        bench = suite_mod.benchmark(manifest, args.benchmark)
        want, fixture = expected_rows(manifest, bench, args.data)
        rows = read_jsonl(args.input)
        check_rows(rows, args.input)
        if len(rows) != want:
            raise EvaluateError(f"{args.input}: {len(rows)} rows, but the benchmark has {want}: a partial slice "
                                f"is never scored")
        result = slices.score_slice(benchmarks.get(args.benchmark), rows)
        out = {"model": args.model, "seed": args.seed, "benchmark": args.benchmark, "score": result["score"],
               "rows": result["rows"], "breakdown": result["table"], "row_results": result["row_results"],
               "data": {"rows": want, "fixture": fixture}}
        write_json_atomic(args.output, out)
    except (BenchmarkError, EvaluateError, eval_data.BenchmarkDataError, suite_mod.SuiteError, KeyError,
            OSError) as e:
        return fail("score", e)
    print(json.dumps({k: out[k] for k in ("model", "seed", "benchmark", "score", "rows")}))
    return 0
