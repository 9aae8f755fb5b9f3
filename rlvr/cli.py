"""The ``rlvr`` command: pipeline receipts, data checks, training and evaluation entry points."""

from __future__ import annotations

import argparse
import os
import sys


def programs() -> dict:
    """The command table that validation re-runs recorded jobs with (``rlvr.deep``): program -> main(argv)."""
    from tracegen.cli import main as tracegen_main

    return {"rlvr": main, "tracegen": tracegen_main}


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="rlvr", description="TRACE RLVR pipeline entry points.")
    sub = p.add_subparsers(dest="cmd", required=True, metavar="COMMAND")

    from . import receipts_cli

    receipts_cli.add_parsers(sub, programs())

    from . import aggregate, preflight
    from .evaluation import commands as ev, conformance, evaluate, suite as ev_suite
    from .evaluation.judge import tiny as tiny_judge
    from .evaluation.trace_validation import commands as trace_validation
    from .training import cards, check, launch, merge, prepare, tiny

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
        ("cards", cards.add_arguments, cards.run,
         "per-task learning cards of a training run (pass rate, difficulty, format, length; HTML + TSV)"),
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
        ("build-tiny-judge", tiny_judge.add_arguments, tiny_judge.run,
         "build a tiny Qwen3-architecture judge model offline (CPU path of the judge)"),
        ("preflight", preflight.add_arguments, preflight.run,
         "GPU pre-flight on the node (driver vs the image's CUDA, exactly the requested GPUs, their memory), "
         "then run -- COMMAND"),
    ):
        s = sub.add_parser(name, help=text)
        add(s)
        s.set_defaults(fn=fn)

    s = sub.add_parser("aggregate", help="scores of every (model, benchmark, seed) -> results.json (+ report)")
    aggregate.add_arguments(s)
    s.set_defaults(fn=aggregate.run)

    return p


def main(argv=None) -> int:
    """Every failure ends in one ``rlvr <command>: error: ...`` line and a non-zero exit, never a traceback
    (RLVR_DEBUG=1 shows it); subcommands print their own specific lines first where they know more."""
    args = build_parser().parse_args(argv)
    try:
        return args.fn(args)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as e:
        from tracegen.cli import describe_error

        from .receipts_cli import CommandError

        if os.environ.get("RLVR_DEBUG") and not isinstance(e, CommandError):
            raise
        message = str(e) if isinstance(e, CommandError) else describe_error(e)
        print(f"rlvr {args.cmd}: error: {message}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
