"""lm-eval hooks shared by the TRACE evaluation tasks (one YAML per benchmark in this directory).

Every task YAML names its suite key in ``metadata.benchmark``; ``load_dataset`` receives it (with the
``data_dir`` given on the command line through ``--metadata``) and stamps it on each doc, so the prompt,
image and scoring hooks find the benchmark's module (``rlvr.evaluation.benchmarks``): the same prompt
builder and row scorer ``rlvr score`` uses."""

from __future__ import annotations

import io
import json


def load_dataset(benchmark=None, data_dir=None, **_):
    """The normalized rows (``rows-v1`` layout) as an lm-eval dataset: benchmark, index, fields, images."""
    import datasets

    from rlvr.evaluation.benchmarks import Row
    from rlvr.evaluation.common import dataset as rows_dataset

    if not benchmark or not data_dir:
        raise ValueError("trace eval task: pass --metadata '{\"data_dir\": DIR}' (benchmark comes from the task YAML)")
    rows = rows_dataset.read(data_dir, Row)
    return datasets.DatasetDict({"test": datasets.Dataset.from_dict({
        "benchmark": [benchmark] * len(rows), "index": list(range(len(rows))),
        "fields": [rows_dataset.fields_json(r.fields) for r in rows],
        "images": [list(r.images) for r in rows]})})


def module_row(doc):
    """(benchmark module, Row) of an lm-eval row."""
    from rlvr.evaluation import benchmarks

    return benchmarks.get(doc["benchmark"]), benchmarks.Row(fields=json.loads(doc["fields"]), images=doc["images"])


def doc_to_text(doc) -> str:
    """The prompt as text, an ``<image>`` placeholder where each image goes (lm-eval swaps it for the model's
    own image token)."""
    from rlvr.evaluation.common.messages import flat_text

    bench, row = module_row(doc)
    return flat_text(bench.build_prompt(row))


def doc_to_image(doc):
    """The images in the order their placeholders appear in the prompt."""
    from PIL import Image

    bench, row = module_row(doc)
    order = [p["value"] for p in bench.build_prompt(row) if p["type"] == "image"]
    return [Image.open(io.BytesIO(doc["images"][i])).convert("RGB") for i in order]


def process_results(doc, results):
    """lm-eval's own per-row metric (informative; the slice's score is ``rlvr score``'s): the row scorer on a
    one-row workbook without a judge; rows that need the judge count in ``needs_judge``."""
    from rlvr.evaluation.common import driver

    bench, row = module_row(doc)
    try:
        outcome = driver.run(bench, bench.prepare([row], [results[0]]), driver.no_judge)[0]
    except driver.JudgeNeeded:
        return {"score": 0.0, "needs_judge": 1.0}
    except Exception:  # noqa: BLE001 - informative only; a failure here must never lose the generations
        return {"score": 0.0, "needs_judge": 0.0}
    value = (outcome.result or {}).get("score")
    return {"score": float(value) if isinstance(value, (int, float)) else 0.0, "needs_judge": 0.0}


# ---------------------------------------------------------------- TRACE validation (our own split)
def trace_parquet_files(data_dir) -> list:
    """The exported TRACE parquet files: a directory of shards (sorted) or one file."""
    from pathlib import Path

    if not data_dir:
        raise ValueError("trace_validation task: pass --metadata '{\"data_dir\": PARQUET_DIR_OR_FILE}'")
    path = Path(data_dir)
    files = sorted(path.glob("*.parquet")) if path.is_dir() else [path]
    if not files or not all(f.is_file() for f in files):
        raise ValueError(f"trace_validation task: no parquet files in {path}")
    return files


def load_trace_validation(data_dir=None, **_):
    """The exported TRACE parquet (a directory of shards or one file), images as PNG bytes."""
    import datasets
    import pyarrow.parquet as pq

    files = trace_parquet_files(data_dir)
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


def trace_doc_to_image(doc):
    """The record's images in order (one placeholder each, before the prompt)."""
    from PIL import Image

    return [Image.open(io.BytesIO(b)).convert("RGB") for b in doc["images"]]


def trace_doc_to_text(doc) -> str:
    """The user turn as training saw it: one ``<image>`` placeholder per image, before the prompt, unless the
    prompt already carries them (the release's ``prompt_answer`` begins with its ``<image>``)."""
    from rlvr.training.prepare import user_content

    return user_content(doc["prompt_answer"], len(doc["images"]))


def trace_process_results(doc, results):
    """The strict reward contract (tracegen's scorer); the campaign's score comes from rlvr trace-validation."""
    from tracegen import reward

    scored = reward.score(results[0], json.loads(doc["answer_gt"]), reward_contract=json.loads(doc["reward_contract"]))
    return {"strict": float(scored["accuracy"])}
