"""The ``tracegen`` command.  Imports stay inside subcommands so ``tracegen list`` starts fast."""

from __future__ import annotations

import argparse
import json
import sys


class CliError(Exception):
    """A user-facing problem: printed as one line, exit status 2."""


def describe_error(e: BaseException) -> str:
    """One line for an exception a command did not turn into its own message (both CLIs use it):
    the file an OSError names, the position of a JSON error, the first line of anything else."""
    import errno

    if isinstance(e, OSError) and e.filename is not None:
        what = e.strerror or errno.errorcode.get(e.errno or 0, type(e).__name__)
        other = f" -> {e.filename2}" if getattr(e, "filename2", None) else ""
        return f"{what}: {e.filename}{other}"
    if isinstance(e, json.JSONDecodeError):
        return f"invalid JSON: {e.msg} (line {e.lineno}, column {e.colno})"
    if isinstance(e, UnicodeDecodeError):
        return f"not UTF-8 text: byte {e.object[e.start:e.start + 1]!r} at position {e.start}"
    text = " ".join(str(e).split()) or type(e).__name__
    text = text if len(text) <= 500 else text[:500] + "..."
    known = isinstance(e, (OSError, ValueError, KeyError, LookupError)) or type(e).__module__.split(".")[0] in (
        "yaml", "pyarrow", "jsonschema")
    return text if known and not isinstance(e, KeyError) else f"{type(e).__name__}: {text}"


def _seed(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a non-negative integer, got {text!r}") from None
    if not 0 <= value < 2**63:
        raise argparse.ArgumentTypeError(f"seed must be in [0, 2^63), got {value}")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


# ---------------------------------------------------------------------------- list
def cmd_list(a) -> int:
    from . import registry

    ids = registry.task_ids(domain=a.domain, scene=a.scene, answer_type=a.answer_type,
                            annotation_type=a.annotation_type)
    out = sys.stdout
    for tid in ids:
        m = registry.meta(tid)
        if a.json:
            out.write(json.dumps({k: v for k, v in m.items() if k != "module"}, sort_keys=True) + "\n")
        else:
            out.write(f"{tid}\t{m['answer_type']}\t{m['annotation_type']}\n")
    if not a.json:
        sys.stderr.write(f"{len(ids)} tasks\n")
    return 0


# ---------------------------------------------------------------------------- generate
def _config_from_args(a) -> dict:
    from .dataset import load_config

    if a.config:
        cfg = load_config(a.config, max_instances=a.max_instances)
        overrides = {"seed": a.seed, "split": a.split, "workers": a.workers, "max_side": a.max_side}
        cfg.update({k: v for k, v in overrides.items() if v is not None})
        return cfg
    if not (a.task or a.domain or a.all):
        raise CliError("give a config file, or --task ID / --domain D / --all")
    tasks = [{"id": t} for t in a.task or []] + [{"domain": d} for d in a.domain or []]
    if a.all:
        tasks = [{"all": True}]
    cfg = {"seed": 0 if a.seed is None else a.seed, "split": a.split or "train", "tasks": tasks,
           "samples_per_task": a.samples_per_task}
    if a.difficulty:
        cfg["difficulty"] = a.difficulty
    if a.max_side:
        cfg["max_side"] = a.max_side
    return cfg


def cmd_generate(a) -> int:
    from . import dataset

    cfg = dataset.check_config(_config_from_args(a), max_instances=a.max_instances)
    manifest = dataset.build(cfg, a.output, workers=a.workers or cfg.get("workers", 1),
                             progress=not a.quiet, force=a.force, domains=a.only_domain,
                             max_instances=a.max_instances)
    print(json.dumps({"dataset_id": manifest["dataset_id"], "records": manifest["num_records"],
                      "output": str(a.output)}))
    return 0


def cmd_merge(a) -> int:
    from . import dataset

    manifest = dataset.merge(a.inputs, a.output, force=a.force, max_instances=a.max_instances,
                             replay=not a.no_replay, workers=a.workers)
    print(json.dumps({"dataset_id": manifest["dataset_id"], "records": manifest["num_records"],
                      "output": str(a.output)}))
    return 0


# ---------------------------------------------------------------------------- validate / export
def cmd_validate(a) -> int:
    from . import validate

    report = validate.validate(a.dataset, replay=not a.no_replay, workers=a.workers, progress=not a.quiet)
    if a.report:
        from .core.files import write_json_atomic

        write_json_atomic(a.report, report)
    print(validate.summary(report))
    if not report["ok"]:
        for e in report["errors"][:20]:
            where = f" line {e['line']}" if e["line"] else ""
            print(f"  {e['code']}{where}: {e['message']}")
        return 1
    return 0


def cmd_export(a) -> int:
    from . import export

    paths = export.export(a.dataset, a.output, max_pixels=a.max_pixels, rows_per_shard=a.rows_per_shard,
                          force=a.force, replay=not a.no_replay, workers=a.workers)
    for p in paths:
        print(p)
    return 0


# ---------------------------------------------------------------------------- show
def cmd_show(a) -> int:
    from . import registry
    from .core import engine

    spec = registry.get(a.task)
    inst = engine.generate(spec, seed=a.seed, split=a.split, index=a.index, difficulty=a.difficulty,
                           query_id=a.query_id)
    png = inst.png()
    if a.annotate:
        _draw_annotation(inst.canvas, spec.annotation_type, inst.record["annotation_gt"]["value"])
        png = inst.canvas.to_png()
    with open(a.output, "wb") as f:
        f.write(png)
    r = inst.record
    print(f"task: {r['task']}  query: {r['query_id']}  difficulty: {r['difficulty']}  image: {a.output}")
    print("--- prompt (answer_only) ---")
    print(r["prompts"]["answer_only"])
    print("--- answer ---")
    print(json.dumps(r["answer_gt"]))
    print("--- annotation ---")
    print(json.dumps(r["annotation_gt"]))
    return 0


def _draw_annotation(canvas, annotation_type, value):
    """Overlay an annotation in magenta (pixel coordinates) for `show --annotate`."""
    from .core.annotation import items, split_type

    ctx = canvas.ctx
    ctx.identity_matrix()
    ctx.set_source_rgb(0.9, 0.0, 0.7)
    ctx.set_line_width(2.5)
    base = split_type(annotation_type)[0]
    for g in items(annotation_type, value):
        if base == "point":
            ctx.arc(g[0], g[1], 6, 0, 6.2832)
        elif base == "bbox":
            ctx.rectangle(g[0], g[1], g[2] - g[0], g[3] - g[1])
        else:
            ctx.move_to(*g[0])
            ctx.line_to(*g[1])
        ctx.stroke()


# ---------------------------------------------------------------------------- score
def _plain(value):
    """A JSON-safe copy of an extracted value: non-finite floats and non-JSON objects become their repr."""
    import math

    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")   # lone surrogates stay printable
    if value is None or isinstance(value, (int, float, bool)):
        return value
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return repr(value)


def _score_lines(stream, name, default_mode):
    """(line number, output object, problem or None) for every non-blank line of a JSONL byte stream.
    A line that is not UTF-8, longer than ``limits.MAX_RECORD_LINE`` bytes, not a JSON object with the
    needed keys, nests deeper than ``limits.MAX_NESTING`` levels (or whose response's answer does), or
    names an unknown mode is an error for that line (no credit), and scoring goes on with the next line."""
    from . import limits, reward

    for n, (raw, too_long) in enumerate(limits.lines(stream, limits.MAX_RECORD_LINE), start=1):
        if too_long:
            problem = f"{name} line {n}: longer than {limits.MAX_RECORD_LINE:,} bytes"
            yield n, {"line": n, "error": problem, "overall": 0.0}, problem
            continue
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            problem = f"{name} line {n}: not UTF-8 (byte {raw[e.start:e.start + 1]!r} at {e.start})"
            yield n, {"line": n, "error": problem, "overall": 0.0}, problem
            continue
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except RecursionError:
            item, why = None, f"nests deeper than {limits.MAX_NESTING} levels"
        except ValueError as e:
            item, why = None, f"not JSON ({e.msg})" if isinstance(e, json.JSONDecodeError) else str(e)
        else:
            why = f"nests deeper than {limits.MAX_NESTING} levels" if limits.nests_deeper(item) else None
        if why is None and not (isinstance(item, dict) and "response" in item and "answer_gt" in item):
            why = "need a JSON object with response, answer_gt, annotation_gt, reward_contract"
        mode = item.get("mode", default_mode) if why is None else None
        if why is None and mode not in reward.MODES:
            why = f"unknown mode {mode!r}"
        if why is None:
            result = reward.score(item["response"], item["answer_gt"], item.get("annotation_gt"),
                                  item.get("reward_contract"), mode=mode)
            answer = result.get("extracted_answer")
            if limits.nests_deeper(answer):
                why = f"the response's answer nests deeper than {limits.MAX_NESTING} levels"
        if why is not None:
            problem = f"{name} line {n}: {why}"
            yield n, {"line": n, "error": problem, "overall": 0.0}, problem
            continue
        yield n, dict(result, extracted_answer=_plain(answer)), None


def cmd_score(a) -> int:
    from . import limits
    from .core.canonical import canonical_json

    try:
        src = sys.stdin.buffer if a.file == "-" else limits.open_regular(a.file, allow_pipe=True)
    except OSError as e:
        raise CliError(f"cannot read {a.file}: {e.strerror or e}") from None
    except limits.LimitError as e:
        raise CliError(str(e)) from None   # a device or a directory: not a stream of lines
    bad, first = 0, None
    with src:
        for _, out, problem in _score_lines(src, "stdin" if a.file == "-" else a.file, a.mode):
            try:
                text = canonical_json(out)
                text.encode("utf-8")
            except (TypeError, ValueError):  # never crash on an odd value: it is reported, not scored
                text = canonical_json({"line": out.get("line"), "error": "result not JSON-serialisable",
                                       "overall": 0.0})
            print(text)
            if problem:
                bad += 1
                first = first or problem
    if bad:
        raise CliError(f"{bad} bad line(s) scored 0; first: {first}")
    return 0


# ---------------------------------------------------------------------------- gallery
def cmd_gallery(a) -> int:
    from . import gallery

    print(gallery.build(a.output, seed=a.seed, tasks=a.task, force=a.force, reference=a.reference))
    return 0


# ---------------------------------------------------------------------------- stats
def _task_list(a) -> list[str]:
    from pathlib import Path

    from . import registry

    if a.scene and "/" in a.scene:   # --scene DOMAIN/SCENE, as the README and the stats report name scenes
        a.domain, a.scene = (a.domain or a.scene.split("/", 1)[0]), a.scene.split("/", 1)[1]
    if a.domain or a.scene:
        ids = registry.task_ids(domain=a.domain, scene=a.scene)
        if not ids:
            raise CliError(f"no task of domain {a.domain!r} / scene {a.scene!r} (see `tracegen list`)")
        return ids
    if not a.tasks and not a.task:
        return registry.task_ids()
    ids = list(a.task or [])
    if a.tasks:
        try:
            text = Path(a.tasks).read_text(encoding="utf-8")
        except OSError as e:
            raise CliError(f"cannot read task list {a.tasks}: {e.strerror or e}") from None
        ids += [line.split("#")[0].strip() for line in text.splitlines() if line.split("#")[0].strip()]
    known = set(registry.task_ids())
    unknown = [t for t in ids if t not in known]
    if unknown:
        raise CliError(f"{len(unknown)} unknown task id(s), e.g. {unknown[0]!r} (see `tracegen list`)")
    return list(dict.fromkeys(ids))


def cmd_stats(a) -> int:
    from . import stats

    ids = _task_list(a)
    ref = None
    if a.compare is not None:
        a.compare = a.compare or str(stats.REFERENCE)
        try:
            ref = stats.read_tsv(a.compare)
        except (OSError, KeyError, csv_error()) as e:
            raise CliError(f"cannot read reference statistics {a.compare}: {e}") from None
    rows = stats.compute(ids, a.seeds, seed=a.seed, max_side=a.max_side, workers=a.workers)
    if ref is not None:
        table = stats.compare(rows, ref)
    if a.out:
        stats.write_tsv(rows, a.out)
    if ref is None:
        if not a.out:
            print("\t".join(stats.COLUMNS))
            for r in rows:
                print("\t".join(str(r.get(c, "")) for c in stats.COLUMNS))
        return 0
    print(stats.format_compare(table))
    if a.compare_out:
        stats.write_compare_tsv(table, a.compare_out)
    print(stats.summary(table, per_scene=True))
    if a.seeds != stats.REF_SEEDS:
        print(f"note: the bands are defined over {stats.REF_SEEDS} seeds; this run used {a.seeds}")
    return 1 if any(t["flags"] for t in table) else 0


def csv_error():
    import csv

    return csv.Error


# ---------------------------------------------------------------------------- index (maintainers)
def cmd_index(a) -> int:
    from . import registry

    if a.write:
        print(f"wrote {registry.write_index()} tasks to {registry.INDEX_PATH}")
        return 0
    fresh = {"version": 1, "tasks": registry.discover()}
    current = json.loads(registry.INDEX_PATH.read_text(encoding="utf-8"))
    if fresh != current:
        print("index.json is stale: run `tracegen index --write`")
        return 1
    print(f"index.json is current ({len(fresh['tasks'])} tasks)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tracegen", description="Procedural visual-reasoning tasks with verifiable answers.")
    sub = p.add_subparsers(dest="cmd", required=True, metavar="COMMAND")

    s = sub.add_parser("list", help="list tasks (reads a static index, no task code imported)")
    s.add_argument("--domain")
    s.add_argument("--scene")
    s.add_argument("--answer-type", choices=["integer", "number", "option_letter", "string"])
    s.add_argument("--annotation-type")
    s.add_argument("--json", action="store_true", help="one JSON object per task")
    s.set_defaults(fn=cmd_list)

    s = sub.add_parser("generate", help="build a dataset directory (config file or direct options)")
    s.add_argument("config", nargs="?", help="YAML config (see config/datasets/)")
    s.add_argument("--task", action="append", metavar="ID", help="task id (repeatable)")
    s.add_argument("--domain", action="append", metavar="D", help="every task of a domain (repeatable)")
    s.add_argument("--all", action="store_true", help="every task")
    s.add_argument("--samples-per-task", type=_positive, default=1)
    s.add_argument("--seed", type=_seed)
    s.add_argument("--split")
    s.add_argument("--difficulty", type=int, choices=[1, 2, 3])
    s.add_argument("--max-side", type=_positive, help="image size cap (longest side, px)")
    s.add_argument("--workers", type=_positive, help="parallel processes (output is identical)")
    s.add_argument("--output", "-o", required=True, help="dataset directory to create")
    s.add_argument("--only-domain", action="append", metavar="D",
                   help="build only the config's tasks of domain D (a shard; see `merge`)")
    s.add_argument("--force", action="store_true", help="replace an existing output directory")
    s.add_argument("--max-instances", type=_positive, metavar="N",
                   help="allow a build of up to N instances (default limit: 100,000)")
    s.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    s.set_defaults(fn=cmd_generate)

    no_replay = ("skip re-running the task programs when validating the input (only for data a trusted "
                 "check has replayed)")
    s = sub.add_parser("merge", help="merge dataset shards of one config into its full build (plan order)")
    s.add_argument("inputs", nargs="+", help="dataset directories built with --only-domain")
    s.add_argument("--output", "-o", required=True)
    s.add_argument("--force", action="store_true")
    s.add_argument("--max-instances", type=_positive, metavar="N", help="as for generate")
    s.add_argument("--no-replay", action="store_true", help=no_replay)
    s.add_argument("--workers", type=_positive, default=1, help="validation processes (at most the CPUs)")
    s.set_defaults(fn=cmd_merge)

    s = sub.add_parser("validate", help="check a dataset directory; exit 1 if invalid")
    s.add_argument("dataset")
    s.add_argument("--no-replay", action="store_true", help="skip re-running task programs")
    s.add_argument("--workers", type=_positive, default=1)
    s.add_argument("--report", help="write the JSON report here")
    s.add_argument("--quiet", "-q", action="store_true")
    s.set_defaults(fn=cmd_validate)

    s = sub.add_parser("export", help="write parquet shards with the TRACE column set")
    s.add_argument("dataset")
    s.add_argument("--output", "-o", required=True, help="directory for the parquet shards")
    s.add_argument("--max-pixels", type=_positive, help="downscale larger images, rescale annotations")
    s.add_argument("--rows-per-shard", type=_positive, default=4000)
    s.add_argument("--force", action="store_true")
    s.add_argument("--no-replay", action="store_true", help=no_replay)
    s.add_argument("--workers", type=_positive, default=1, help="validation processes (at most the CPUs)")
    s.set_defaults(fn=cmd_export)

    s = sub.add_parser("show", help="render one instance to PNG and print its prompt and answer")
    s.add_argument("--task", required=True)
    s.add_argument("--seed", type=_seed, default=0)
    s.add_argument("--split", default="train")
    s.add_argument("--index", type=int, default=0)
    s.add_argument("--difficulty", type=int, choices=[1, 2, 3])
    s.add_argument("--query-id")
    s.add_argument("--annotate", action="store_true", help="draw the annotation over the image")
    s.add_argument("--output", "-o", default="instance.png")
    s.set_defaults(fn=cmd_show)

    s = sub.add_parser("score", help="score responses: JSONL with response, answer_gt, annotation_gt, reward_contract")
    s.add_argument("file", help="JSONL file, or - for stdin")
    s.add_argument("--mode", default="answer", choices=["answer", "answer_and_annotation"])
    s.set_defaults(fn=cmd_score)

    s = sub.add_parser("gallery", help="write a static HTML gallery: one example per task")
    s.add_argument("--output", "-o", default="gallery", help="directory to create (index.html + images/)")
    s.add_argument("--seed", type=_seed, default=0)
    s.add_argument("--task", action="append", metavar="ID", help="only these tasks (repeatable)")
    s.add_argument("--reference", metavar="DIR", help="reference samples (DIR/<task_id>/seed0.png + seed0.json, "
                                                      "e.g. ../shared/reference/catalog/ref_samples): shown beside ours")
    s.add_argument("--force", action="store_true")
    s.set_defaults(fn=cmd_gallery)

    s = sub.add_parser("stats", help="per-task statistics (the task card); --compare flags tasks outside "
                                     "the fidelity bands against reference figures (exit 1)")
    s.add_argument("--tasks", metavar="FILE", help="file with one task id per line (default: every task)")
    s.add_argument("--task", action="append", metavar="ID", help="a task id (repeatable)")
    s.add_argument("--domain", help="every task of a domain (with --scene: of that scene)")
    s.add_argument("--scene", help="every task of a scene (SCENE or DOMAIN/SCENE)")
    s.add_argument("--seeds", type=_positive, default=30, help="instances per task (the bands assume 30)")
    s.add_argument("--seed", type=_seed, default=0, help="dataset seed of the instances (split train)")
    s.add_argument("--max-side", type=_positive, help="image size cap, as in a build config")
    s.add_argument("--workers", type=_positive, help="processes (default: all cores)")
    s.add_argument("--out", metavar="TSV", help="write the statistics (the reference's columns) here")
    s.add_argument("--compare", metavar="REF_TSV", nargs="?", const="",
                   help="compare with reference statistics (default: the shipped copy of the original's "
                        "ref_task_stats.tsv)")
    s.add_argument("--compare-out", metavar="TSV", help="with --compare: write the side-by-side table here")
    s.set_defaults(fn=cmd_stats)

    s = sub.add_parser("index", help="(maintainers) check or rewrite the static task index")
    s.add_argument("--write", action="store_true")
    s.set_defaults(fn=cmd_index)
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.fn(args)
    except BrokenPipeError:  # e.g. `tracegen list | head`
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        return 130
    except CliError as e:
        print(f"tracegen: error: {e}", file=sys.stderr)
        return 2
    except Exception as e:
        # every failure is one line and a non-zero exit (TRACEGEN_DEBUG=1 shows the traceback)
        from .dataset import ConfigError
        from .registry import UnknownTask
        from .validate import ValidationFailed

        if isinstance(e, ValidationFailed):
            print(f"tracegen: error: {e}", file=sys.stderr)
            return 1
        if isinstance(e, (ConfigError, UnknownTask)) or (isinstance(e, FileExistsError) and e.errno is None):
            print(f"tracegen: error: {e}", file=sys.stderr)
            return 2
        import os

        if os.environ.get("TRACEGEN_DEBUG"):
            raise
        print(f"tracegen {args.cmd}: error: {describe_error(e)}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
