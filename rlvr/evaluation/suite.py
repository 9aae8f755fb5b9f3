"""Our evaluation suite manifest: the facts of the reference suite (suite.v1.json), the benchmarks'
provenance (benchmark_provenance.v1.json) and the TRACE validation campaign (trace_validation/suite.v1.json)
joined into one schema-validated file that the DAG reads (config/eval/trace_eval_v1.json).

It keeps the reference suite's form (``benchmarks`` with key/category/display, ``categories``,
``generation``) so ``rlvr aggregate`` reads it unchanged, and adds per benchmark what the evaluation code
needs: the pinned source, the raw format, the lm-eval task name, where the judge runs (``judge_protocol``:
``use`` none | fallback | every_row and the ``transport``, from the structured reference facts in
judge_routes.v1.json; ``judge`` is true when ``use`` is not none), and the sha256 of every reference file it
was built from.

    rlvr suite --write config/eval/trace_eval_v1.json   # rebuild from the reference copies in the package
    rlvr suite --check config/eval/trace_eval_v1.json   # schema + rebuilt-equals-file (a test runs this)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
SCHEMA = HERE.parent / "schemas" / "eval_suite.schema.json"
REFERENCE = HERE / "reference"          # copies of the reference facts shipped with the package
TASKS_DIR = HERE / "tasks"              # lm-eval task definitions (--include_path)


#: the reference release's evaluation seeds (results.json ``seeds``; every benchmark score is a mean over them)
SEEDS = [42, 43, 44]


class SuiteError(ValueError):
    pass


def _read(path: Path):
    data = path.read_bytes()
    return json.loads(data), hashlib.sha256(data).hexdigest()


def build(reference_dir: Path = REFERENCE) -> dict:
    from . import data as eval_data

    suite, suite_sha = _read(reference_dir / "suite.v1.json")
    prov, prov_sha = _read(reference_dir / "benchmark_provenance.v1.json")
    tv, tv_sha = _read(reference_dir / "trace_validation_suite.v1.json")
    routes, routes_sha = _read(reference_dir / "judge_routes.v1.json")
    by_id = {p["benchmark_id"]: p for p in prov["benchmarks"]}
    benchmarks = []
    for b in suite["benchmarks"]:
        p = by_id.get(b["key"])
        if p is None:
            raise SuiteError(f"benchmark {b['key']!r} has no provenance entry")
        if p["row_count"] != b["rows"]:
            raise SuiteError(f"benchmark {b['key']!r}: suite rows {b['rows']} != provenance rows {p['row_count']}")
        artifact = None
        if eval_data.FORMATS[b["key"]] == "vlmevalkit_tsv":
            url, name, md5 = eval_data.tsv_source(b["key"], p)
            artifact = {"url": url, "file": name, "md5": md5}
        route = routes["benchmarks"].get(b["key"])
        if route is None:
            raise SuiteError(f"benchmark {b['key']!r} has no entry in judge_routes.v1.json")
        benchmarks.append({
            **b,
            "lm_eval_task": f"trace_eval_{b['key']}",
            "judge": route["use"] != "none",
            "judge_protocol": {"use": route["use"], "transport": route["transport"]},
            "raw_format": eval_data.FORMATS[b["key"]],
            "source": {k: p["source"][k] for k in ("repository", "revision", "revision_kind", "split",
                                                    "source_row_count") if k in p["source"]},
            "artifact": artifact,
            "license": p["license_or_terms"].get("expression"),
            "prompt_route": p["prompt_route"],
            "official_scorer": p["official_scorer"],
            "adapter": p["adapter"]["description"],
        })
    return {
        "schema_version": "rlvr-eval-suite-v1",
        "suite_id": suite["suite_id"],
        "description": suite["description"],
        "built_from": {"suite.v1.json": suite_sha, "benchmark_provenance.v1.json": prov_sha,
                       "trace_validation/suite.v1.json": tv_sha, "judge_routes.v1.json": routes_sha},
        "aggregation": suite["aggregation"],
        "generation": suite["generation"],
        "seeds": SEEDS,
        "judge": {**{k: tv["judge"][k] for k in ("repo_id", "revision", "temperature", "top_p", "thinking",
                                                 "max_token_retries")}},
        "categories": suite["categories"],
        "routes": suite["routes"],
        "benchmarks": benchmarks,
        "trace_validation": {
            "suite_id": tv["suite_id"], "dataset": tv["dataset"], "prompt": tv["prompt"],
            "generation": tv["generation"], "scoring": tv["scoring"],
            "lm_eval_task": "trace_validation",
        },
    }


def dumps(manifest: dict) -> str:
    from tracegen.core.canonical import pretty_json

    return pretty_json(manifest, sort_keys=False)   # the manifest's order (benchmarks, categories) is its meaning


def validate(manifest: dict, where: str = "suite") -> None:
    import jsonschema

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(manifest), key=lambda e: list(e.path))
    if errors:
        e = errors[0]
        raise SuiteError(f"{where}: {'/'.join(map(str, e.path)) or '<root>'}: {e.message}")
    keys = [b["key"] for b in manifest["benchmarks"]]
    listed = [k for ks in manifest["categories"].values() for k in ks]
    if sorted(keys) != sorted(listed) or len(set(keys)) != len(keys):
        raise SuiteError(f"{where}: categories do not list every benchmark exactly once")
    for b in manifest["benchmarks"]:
        if b["judge"] != (b["judge_protocol"]["use"] != "none"):
            raise SuiteError(f"{where}: benchmark {b['key']!r}: judge and judge_protocol.use disagree")
        if b["key"] not in manifest["categories"].get(b["category"], []):
            raise SuiteError(f"{where}: benchmark {b['key']!r} is not listed under its category {b['category']!r}")
        if not (TASKS_DIR / f"{b['key']}.yaml").is_file():
            raise SuiteError(f"{where}: benchmark {b['key']!r} has no lm-eval task {TASKS_DIR / (b['key'] + '.yaml')}")


def load(path) -> dict:
    """Read and validate a suite manifest; SuiteError (one line) on any problem."""
    try:
        manifest = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise SuiteError(f"cannot read suite manifest {path}: {e}") from None
    validate(manifest, str(path))
    return manifest


def benchmark(manifest: dict, key: str) -> dict:
    for b in manifest["benchmarks"]:
        if b["key"] == key:
            return b
    raise SuiteError(f"benchmark {key!r} is not in suite {manifest['suite_id']!r}")


def select_seeds(manifest: dict, requested=None) -> list[int]:
    """The seeds a run evaluates: the suite's (its numbers are defined over them), or the subset of them the
    configuration names, in the configuration's order. A seed outside the suite is a SuiteError."""
    seeds = [int(s) for s in manifest["seeds"]]
    if requested is None:
        return seeds
    picked = [int(s) for s in requested]
    if not picked or len(set(picked)) != len(picked):
        raise SuiteError(f"eval.seeds must be distinct seeds of suite {manifest['suite_id']!r}, got {picked}")
    outside = [s for s in picked if s not in seeds]
    if outside:
        raise SuiteError(f"eval.seeds {outside} are not seeds of suite {manifest['suite_id']!r} (its seeds: {seeds})")
    return picked


def add_arguments(p: argparse.ArgumentParser) -> None:
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", metavar="PATH", help="build the manifest from the packaged reference copies")
    g.add_argument("--check", metavar="PATH", help="validate PATH and check it equals a fresh build")


def run(args) -> int:
    try:
        text = dumps(build())
        validate(json.loads(text), "built manifest")
        if args.write:
            from tracegen.core.files import write_atomic

            write_atomic(args.write, text)
            print(f"suite manifest written to {args.write}")
            return 0
        load(args.check)
        if Path(args.check).read_text(encoding="utf-8") != text:
            raise SuiteError(f"{args.check} differs from a fresh build: run `rlvr suite --write {args.check}`")
        print(f"{args.check}: valid and up to date")
        return 0
    except SuiteError as e:
        print(f"rlvr suite: {e}", file=sys.stderr)
        return 1
