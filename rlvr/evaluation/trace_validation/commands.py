"""`rlvr trace-validation fetch | generate | judge | score`: the TRACE validation campaign for one model.

fetch     (optional) the pinned release validation file (maveryn/trace@e317b746, 2,000 rows), sha256 and
          row count checked; otherwise the campaign runs on our own exported validation split;
generate  the validation split (our exported parquet, or the pinned release file) through lm-eval's
          ``trace_validation`` task with the pinned training system prompt and the campaign's decoding
          (trace_validation.generation in the suite manifest; seed 42);
judge     typed extraction without the ground truth (answers.extract_typed); only rows whose
          extraction is missing or ambiguous go to the judge (judging.py), which sees the raw response and
          the answer type and nothing else;
score     exact match against the ground truth with tracegen's matcher; unresolved rows count 0 in the
          denominator; per-domain and per-task breakdown.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from tracegen.core.files import staged, write_json_atomic

from .. import suite as suite_mod
from ..commands import add_judge_options, check_rows, fail, make_judge
from ..evaluate import (EvaluateError, add_backend_arguments, check_image_counts, check_model, decoding, read_jsonl,
                        run_lm_eval, write_jsonl_atomic)

#: the pinned training system prompt (the campaign checks the file's sha256 and sends its stripped text)
SYSTEM_PROMPT = Path(__file__).resolve().parents[2] / "profiles" / "trace_vero_json_system_prompt_answer.txt"
#: images one prompt may carry: the reference's validation server took 1 (vLLM --limit-mm-per-prompt
#: '{"image":1,"video":0}': rlvr/evaluation/trace_validation/README.md:116, af32fe0e); every row has one
MAX_IMAGES = 1


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="action", required=True)
    g = sub.add_parser("generate", help="generate on the validation split (lm-eval task trace_validation)")
    g.add_argument("--suite", required=True)
    g.add_argument("--model", required=True)
    g.add_argument("--data", required=True, help="validation parquet directory or file")
    g.add_argument("--output", required=True)
    g.add_argument("--seed", type=int, help="default: the campaign's seed (42)")
    add_backend_arguments(g)
    j = sub.add_parser("judge", help="typed extraction; the judge only for missing/ambiguous rows")
    j.add_argument("--input", required=True)
    j.add_argument("--output", required=True)
    add_judge_options(j)
    f = sub.add_parser("fetch", help="the pinned release validation file (cluster; needs the network), checked")
    f.add_argument("--suite", required=True)
    f.add_argument("--output", required=True, help="directory that receives the parquet file")
    f.add_argument("--source", help="a local copy (mirror) instead of downloading")
    f.add_argument("--expect-sha256", help="override the pinned sha256 (a mirror of a different file)")
    f.add_argument("--expect-rows", type=int, help="override the pinned row count")
    s = sub.add_parser("score", help="exact match, per-domain/per-task breakdown -> summary.json")
    s.add_argument("--input", required=True)
    s.add_argument("--model", required=True)
    s.add_argument("--output", required=True)


def run_fetch(args) -> int:
    """Download (or copy) the pinned validation file, check sha256 and rows, then rename into place."""
    import shutil
    from pathlib import Path

    import pyarrow.parquet as pq

    try:
        ds = suite_mod.load(args.suite)["trace_validation"]["dataset"]
        want_sha, want_rows = args.expect_sha256 or ds["sha256"], args.expect_rows or ds["rows"]
        out = Path(args.output)
        with staged(out, force=True) as tmp:
            name = Path(ds["file"]).name
            if args.source:
                shutil.copyfile(args.source, tmp / name)
            else:
                from huggingface_hub import hf_hub_download

                got = hf_hub_download(ds["repo_id"], ds["file"], repo_type="dataset", revision=ds["revision"])
                shutil.copyfile(got, tmp / name)
            digest = hashlib.sha256((tmp / name).read_bytes()).hexdigest()
            if digest != want_sha:
                raise EvaluateError(f"{name}: sha256 {digest} != pinned {want_sha}")
            rows = pq.ParquetFile(tmp / name).metadata.num_rows
            if rows != want_rows:
                raise EvaluateError(f"{name}: {rows} rows != pinned {want_rows}")
    except (EvaluateError, suite_mod.SuiteError, OSError, ImportError) as e:
        return fail("trace-validation fetch", e)
    print(json.dumps({"file": str(out / name), "sha256": digest, "rows": rows}))
    return 0


def system_prompt(pinned_sha256: str, path=SYSTEM_PROMPT) -> str:
    """The system message the campaign sends: the prompt file's text, stripped, after its bytes matched the pin
    (the reference's trace_validation/generate.py reads the file, checks its sha256, sends ``.strip()``)."""
    raw = Path(path).read_bytes()
    digest = hashlib.sha256(raw).hexdigest()
    if digest != pinned_sha256:
        raise EvaluateError(f"{path}: sha256 {digest} does not match the pinned system prompt {pinned_sha256}")
    text = raw.decode("utf-8").strip()
    if not text:
        raise EvaluateError(f"{path}: the system prompt is empty")
    return text


def check_validation_rows(data) -> int:
    """Every row has a prompt and images that fit one prompt, and its ``<image>`` markers (if any) match them,
    checked before a model loads; -> the number of rows."""
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from rlvr.training.prepare import user_content

    from ..tasks.utils import trace_parquet_files

    counts = []
    for f in trace_parquet_files(data):
        table = pq.read_table(f, columns=["images", "prompt_answer"])
        for n, prompt in zip(pc.list_value_length(table.column("images")).to_pylist(),
                             table.column("prompt_answer").to_pylist()):
            try:
                if not n or not isinstance(prompt, str):
                    raise ValueError("no image or no prompt_answer")
                user_content(prompt, n)
            except ValueError as e:
                raise EvaluateError(f"{data}: row {len(counts)}: {e}") from None
            counts.append(n)
    check_image_counts(counts, MAX_IMAGES, str(data))
    return len(counts)


def run_generate(args) -> int:
    try:
        check_model(args.model, args.backend)
        manifest = suite_mod.load(args.suite)
        tv = manifest["trace_validation"]
        system = system_prompt(tv["prompt"]["system_prompt_sha256"])
        check_validation_rows(args.data)
        gen = tv["generation"]
        seed = gen["seed"] if args.seed is None else args.seed
        kwargs = decoding(gen, args.backend, max_tokens=args.max_tokens, temperature=args.temperature,
                          top_p=args.top_p)
        samples, _ = run_lm_eval(
            tv["lm_eval_task"], args.data, backend=args.backend, model=args.model, seed=seed, gen_kwargs=kwargs,
            min_pixels=gen["min_image_pixels"], max_pixels=gen["max_image_pixels"], batch_size=args.batch_size,
            base_url=args.base_url, served_name=args.served_name, tensor_parallel=args.tensor_parallel,
            system_instruction=system, limit=args.limit, max_images=MAX_IMAGES)
        rows = []
        for s in samples:
            doc = s["doc"]
            gt = json.loads(doc["answer_gt"])
            rows.append({"index": s["doc_id"], "instance_id": doc["instance_id"], "task": doc["task"],
                         "domain": doc["domain"], "answer_type": gt["type"], "answer": gt["value"],
                         "response": s["resps"][0][0]})
        check_rows(rows, "trace validation generations")
        write_jsonl_atomic(args.output, rows)
    except (EvaluateError, suite_mod.SuiteError, ValueError, OSError) as e:
        return fail("trace-validation generate", e)
    print(json.dumps({"rows": len(rows), "seed": seed, "decoding": kwargs}, sort_keys=True))
    return 0


def run_judge(args) -> int:
    from ..judge import JudgeError
    from . import answers, judging

    try:
        rows = read_jsonl(args.input)
        check_rows(rows, args.input)
        rows = [dict(r, extraction=answers.extract_typed(r["response"], r["answer_type"])) for r in rows]
        with make_judge(args) as j:
            outputs = judging.extract(j, rows, batch_size=args.judge_batch_size)
        for row, out in zip(rows, outputs):
            if out is not None:
                row["judge"] = {"extracted": out}
        write_jsonl_atomic(args.output, rows)
    except (JudgeError, EvaluateError, OSError) as e:
        return fail("trace-validation judge", e)
    print(json.dumps({"rows": len(rows), "judged": sum(map(judging.needs_judge, rows))}))
    return 0


def run_score(args) -> int:
    from . import answers

    try:
        rows = read_jsonl(args.input)
        check_rows(rows, args.input)
        missing = [r["index"] for r in rows if "extraction" not in r]
        if missing:
            raise EvaluateError(f"{args.input}: rows {missing[:5]} have no extraction (run the judge step first)")
        summary = dict(answers.score_rows(rows), model=args.model)
        write_json_atomic(args.output, summary)
    except (EvaluateError, ValueError, OSError) as e:
        return fail("trace-validation score", e)
    print(json.dumps({"model": args.model, "score": summary["score"], "rows": summary["rows"]}))
    return 0


def main(args) -> int:
    return {"fetch": run_fetch, "generate": run_generate, "judge": run_judge, "score": run_score}[args.action](args)
