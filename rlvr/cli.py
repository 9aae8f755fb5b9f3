"""The ``rlvr`` command: pipeline receipts, data checks, training and evaluation entry points."""

from __future__ import annotations

import argparse
import json
import sys

from tracegen.core.canonical import write_json_atomic


def _pairs(items, what):
    out = []
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise SystemExit(f"rlvr: error: {what} must be NAME=VALUE, got {item!r}")
        out.append((name, value))
    return out


def cmd_receipt(a) -> int:
    from . import receipts

    if not a.command:
        raise SystemExit("rlvr: error: give the command to run after --")
    try:
        params = json.loads(a.params) if a.params else {}
    except json.JSONDecodeError as e:
        raise SystemExit(f"rlvr: error: --params is not JSON: {e}") from None
    job = receipts.Job(rule=a.rule, wildcards=dict(_pairs(a.wildcard, "--wildcard")),
                       inputs=_pairs(a.input, "--input"), outputs=_pairs(a.output, "--output"), params=params,
                       config_sha256=a.config_hash, container=a.container, receipts_root=a.receipts)
    return receipts.run(job, a.command)


def cmd_validate_receipts(a) -> int:
    from . import receipts

    expected = []
    if a.expect:
        with open(a.expect, encoding="utf-8") as f:
            expected = [(rule, wc) for rule, wc in json.load(f)]
    if a.expect_json:
        expected += [(rule, wc) for rule, wc in json.loads(a.expect_json)]
    problems = receipts.validate(a.receipts, sources=a.source or [], expected=expected)
    report = {"ok": not problems, "receipts": len(receipts.load_receipts(a.receipts)), "problems": problems}
    if a.report:
        write_json_atomic(a.report, report)
    if problems:
        print(f"INVALID: {len(problems)} problems in {a.receipts}")
        for p in problems[:50]:
            print(f"  {p['code']}: {p['path'] or ''} ({p['receipt']}): {p['message']}")
        return 1
    print(f"OK: {report['receipts']} receipts valid")
    return 0


def _write_json(path, obj) -> None:
    write_json_atomic(path, obj)


def cmd_equivalence(a) -> int:
    from . import equivalence

    if a.action == "receipt":
        if len(a.paths) != 1:
            raise SystemExit("rlvr: error: equivalence receipt takes one parquet directory")
        rec = equivalence.make_receipt(a.paths[0])
        _write_json(a.output, rec)
        print(f"{rec['num_rows']} rows, sha256 {rec['sha256']}")
        return 0
    if len(a.paths) != 2:
        raise SystemExit("rlvr: error: equivalence compare takes two receipts")
    first, second = (json.loads(open(p, encoding="utf-8").read()) for p in a.paths)
    result = equivalence.compare(first, second)
    if a.output:
        _write_json(a.output, result) if result["equal"] else None
    print(("EQUAL: " if result["equal"] else "DIFFERENT: ") + result["message"])
    return 0 if result["equal"] else 1


def cmd_hub(a) -> int:
    from . import hub

    if a.action == "fetch":
        hub.fetch(a.repo, a.revision, a.dir)
    report = hub.verify(a.dir, a.manifest)
    if a.output and report["ok"]:
        _write_json(a.output, dict(report, repo=a.repo, revision=a.revision))
    print(("OK: " if report["ok"] else "INVALID: ") + f"{report['checked']} files verified")
    for p in report["problems"][:50]:
        print("  " + p)
    return 0 if report["ok"] else 1


def cmd_fetch_model(a) -> int:
    from . import hub

    try:
        path = hub.fetch_model(a.repo, a.revision, a.output)
    except ValueError as e:
        raise SystemExit(f"rlvr: error: {e}") from None
    print(path)
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="rlvr", description="TRACE RLVR pipeline entry points.")
    sub = p.add_subparsers(dest="cmd", required=True, metavar="COMMAND")

    s = sub.add_parser("receipt", help="run a command and write its receipt (used by every pipeline rule)")
    s.add_argument("--rule", required=True)
    s.add_argument("--wildcard", action="append", metavar="K=V")
    s.add_argument("--input", action="append", metavar="NAME=PATH")
    s.add_argument("--output", action="append", metavar="NAME=PATH")
    s.add_argument("--params", help="JSON object of the rule's params")
    s.add_argument("--config-hash", help="sha256 of the effective (canonical JSON) study config")
    s.add_argument("--container", help="container image path (its sha256 is recorded)")
    s.add_argument("--receipts", default="receipts", help="receipts root")
    s.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND ...")
    s.set_defaults(fn=cmd_receipt)

    s = sub.add_parser("equivalence", help="receipt of model-consumed values of a parquet split; compare two")
    s.add_argument("action", choices=["receipt", "compare"])
    s.add_argument("paths", nargs="+", help="receipt: PARQUET_DIR; compare: A.json B.json")
    s.add_argument("--output", help="where to write the receipt (or, for compare, the result when equal)")
    s.set_defaults(fn=cmd_equivalence)

    s = sub.add_parser("hub", help="fetch (network) and/or verify the pinned hub dataset release")
    s.add_argument("action", choices=["fetch", "verify"])
    s.add_argument("--repo", default="maveryn/trace")
    s.add_argument("--revision", default="4e5b54361360296a855542b40cfd8b7f81b355fe")
    s.add_argument("--dir", required=True, help="snapshot directory")
    s.add_argument("--manifest", default="config/reference/dataset_equivalence.v1.json")
    s.add_argument("--output", help="write the verification report here when it passes")
    s.set_defaults(fn=cmd_hub)

    s = sub.add_parser("fetch-model", help="download a model at a pinned commit (cluster; needs the network)")
    s.add_argument("--repo", required=True)
    s.add_argument("--revision", required=True, help="full 40-hex commit")
    s.add_argument("--output", required=True)
    s.set_defaults(fn=cmd_fetch_model)

    from . import aggregate
    from .evaluation import commands as ev, conformance, evaluate, judge as ev_judge, suite as ev_suite, trace_validation
    from .training import check, launch, merge, prepare, tiny

    for name, add, fn, text in (
        ("check", check.add_arguments, check.run,
         "validate the training profiles and compose them with veRL's own config system"),
        ("prepare-rl-data", prepare.add_arguments, prepare.run,
         "convert dataset parquet into veRL's multimodal RLHF parquet"),
        ("build-tiny-model", tiny.add_arguments, tiny.run,
         "build a tiny Qwen2.5-VL-architecture model offline (CPU smoke path)"),
        ("train", launch.add_arguments, launch.train_main,
         "GRPO training: veRL + vLLM on GPUs (Ray, resume), or the CPU smoke backend (trainer.device=cpu)"),
        ("merge-checkpoint", merge.add_arguments, merge.run,
         "merge a veRL FSDP checkpoint (verl.model_merger) and verify it"),
        ("suite", ev_suite.add_arguments, ev_suite.run,
         "build or check the evaluation suite manifest (config/eval/trace_eval_v1.json)"),
        ("fetch-benchmark", ev.add_fetch_arguments, ev.run_fetch,
         "download a benchmark at its pinned revision (or write a fixture) and normalize it with row/hash checks"),
        ("evaluate", evaluate.add_arguments, evaluate.run,
         "generate one (model, benchmark, seed) slice with lm-eval (hf-multimodal, vllm-vlm, OpenAI-compatible)"),
        ("judge", ev.add_judge_arguments, ev.run_judge,
         "LLM-judge step of a benchmark whose contract needs it (batched, cached, retried, fail-loud)"),
        ("score", ev.add_score_arguments, ev.run_score, "score one slice -> score.json"),
        ("conformance", conformance.add_arguments, conformance.run,
         "check the benchmarks' prompts, judge requests, scores and aggregates against reference cases"),
        ("trace-validation", trace_validation.add_arguments, trace_validation.main,
         "the TRACE validation campaign: generate | judge | score"),
        ("build-tiny-judge", ev_judge.add_arguments, ev_judge.run,
         "build a tiny Qwen3-architecture judge model offline (CPU path of the judge)"),
    ):
        s = sub.add_parser(name, help=text)
        add(s)
        s.set_defaults(fn=fn)

    s = sub.add_parser("aggregate", help="scores of every (model, benchmark, seed) -> results.json (+ report)")
    aggregate.add_arguments(s)
    s.set_defaults(fn=aggregate.run)

    s = sub.add_parser("validate-receipts", help="re-hash outputs and check the receipt chain")
    s.add_argument("--receipts", default="receipts")
    s.add_argument("--source", action="append", metavar="PREFIX", help="allowed chain roots (e.g. config/)")
    s.add_argument("--expect", help="JSON file: list of [rule, wildcards] that must have receipts")
    s.add_argument("--expect-json", help="the same list given inline")
    s.add_argument("--report", help="write the JSON report here")
    s.set_defaults(fn=cmd_validate_receipts)
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "command", None) and args.command[:1] == ["--"]:
        args.command = args.command[1:]
    return args.fn(args)


if __name__ == "__main__":
    sys.exit(main())
