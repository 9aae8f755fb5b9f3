"""lm-eval hooks shared by the TRACE evaluation tasks (one YAML per benchmark in this directory).

Every task YAML names its suite key in ``metadata.benchmark``; ``load_dataset`` receives it (with the
``data_dir`` given on the command line through ``--metadata``) and stamps it on each doc, so the prompt,
image and scoring hooks dispatch on ``doc["benchmark"]``. Prompt construction, answer extraction and
scoring live in ``rlvr.evaluation`` and are the same functions ``rlvr score`` uses."""

from __future__ import annotations

import io
import json


def load_dataset(benchmark=None, data_dir=None, **_):
    import datasets

    from rlvr.evaluation import data

    if not benchmark or not data_dir:
        raise ValueError("trace eval task: pass --metadata '{\"data_dir\": DIR}' (benchmark comes from the task YAML)")
    from rlvr.evaluation.common import dataset as rows_dataset

    if rows_dataset.is_rows_layout(data_dir):          # a benchmark with its own module
        from rlvr.evaluation.benchmarks import Row

        rows = rows_dataset.read(data_dir, Row)
        return datasets.DatasetDict({"test": datasets.Dataset.from_dict({
            "benchmark": [benchmark] * len(rows), "index": list(range(len(rows))),
            "fields": [rows_dataset.fields_json(r.fields) for r in rows],
            "images": [list(r.images) for r in rows]})})
    docs = data.load_docs(data_dir)
    rows = {
        "benchmark": [benchmark] * len(docs),
        "index": list(range(len(docs))),
        "id": [d["id"] for d in docs],
        "question": [d["question"] for d in docs],
        "options": [json.dumps(d["options"]) for d in docs],
        "answer": [d["answer"] for d in docs],
        "images": [list(d["images"]) for d in docs],
        "meta": [json.dumps(d["meta"], sort_keys=True) for d in docs],
    }
    return datasets.DatasetDict({"test": datasets.Dataset.from_dict(rows)})


def module_row(doc):
    """(benchmark module, Row) of an lm-eval row of a migrated benchmark, else (None, None)."""
    if "fields" not in doc:
        return None, None
    from rlvr.evaluation import benchmarks

    return benchmarks.get(doc["benchmark"]), benchmarks.Row(fields=json.loads(doc["fields"]), images=doc["images"])


def as_doc(doc) -> dict:
    """The contract's doc (options/meta decoded, images dropped) from an lm-eval row."""
    return {"id": doc["id"], "question": doc["question"], "options": json.loads(doc["options"]),
            "answer": doc["answer"], "meta": json.loads(doc["meta"])}


def doc_to_text(doc) -> str:
    from rlvr.evaluation import prompts

    bench, row = module_row(doc)
    if bench is not None:
        from rlvr.evaluation.common.messages import flat_text

        return flat_text(bench.build_prompt(row))

    # one <image> placeholder per image: lm-eval swaps it for the model's own image token
    return "<image>" * len(doc["images"]) + prompts.build_prompt(doc["benchmark"], as_doc(doc))


def doc_to_image(doc):
    """The images in the order their placeholders appear in the prompt."""
    from PIL import Image

    bench, row = module_row(doc)
    order = ([p["value"] for p in bench.build_prompt(row) if p["type"] == "image"] if bench is not None
             else range(len(doc["images"])))
    return [Image.open(io.BytesIO(doc["images"][i])).convert("RGB") for i in order]


def process_results(doc, results):
    """Deterministic per-row score; rows whose contract needs the judge score 0 here and are counted in
    ``needs_judge`` (the slice's real score comes from ``rlvr score`` after ``rlvr judge``)."""
    from rlvr.evaluation import scoring

    bench, mrow = module_row(doc)
    if bench is not None:
        from rlvr.evaluation.common import driver

        try:
            outcome = driver.run(bench, bench.prepare([mrow], [results[0]]), driver.no_judge)[0]
        except driver.JudgeNeeded:
            return {"score": 0.0, "needs_judge": 1.0}
        except Exception:  # noqa: BLE001 - lm-eval's metric is informative; a failure here must not lose the generations
            return {"score": 0.0, "needs_judge": 0.0}
        value = outcome.result["score"]
        return {"score": float(value) if isinstance(value, (int, float)) else 0.0, "needs_judge": 0.0}
    row = dict(as_doc(doc), response=results[0])
    value = scoring.quick_score(doc["benchmark"], row)
    return {"score": 0.0 if value is None else float(value), "needs_judge": float(value is None)}


# ---------------------------------------------------------------- TRACE validation (our own split)
def load_trace_validation(data_dir=None, **_):
    """The exported TRACE parquet (a directory of shards or one file), images as PNG bytes."""
    import datasets
    import pyarrow.parquet as pq
    from pathlib import Path

    if not data_dir:
        raise ValueError("trace_validation task: pass --metadata '{\"data_dir\": PARQUET_DIR_OR_FILE}'")
    path = Path(data_dir)
    files = sorted(path.glob("*.parquet")) if path.is_dir() else [path]
    if not files:
        raise ValueError(f"trace_validation task: no parquet files in {path}")
    cols = ["images", "prompt_answer", "answer_gt", "reward_contract", "instance_id", "domain", "task"]
    rows = {c: [] for c in cols}
    for f in files:
        table = pq.read_table(f, columns=cols)
        for c in cols:
            rows[c] += table.column(c).to_pylist()
    rows["images"] = [[im["bytes"] for im in ims] for ims in rows["images"]]
    rows["index"] = list(range(len(rows["task"])))
    rows["benchmark"] = ["trace_validation"] * len(rows["task"])
    return datasets.DatasetDict({"test": datasets.Dataset.from_dict(rows)})


def trace_doc_to_text(doc) -> str:
    return "<image>" * len(doc["images"]) + doc["prompt_answer"]


def trace_process_results(doc, results):
    """The strict reward contract (tracegen's scorer); the campaign's score comes from rlvr trace-validation."""
    from tracegen import reward

    scored = reward.score(results[0], json.loads(doc["answer_gt"]), reward_contract=json.loads(doc["reward_contract"]))
    return {"strict": float(scored["accuracy"])}
