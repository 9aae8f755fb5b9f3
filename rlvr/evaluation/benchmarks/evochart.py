"""EvoChart (Charts & Tables): TRACE's VLMEvalKit extension ``EvoChart`` (rlvr/evaluation/vlmevalkit_extensions/
evochart.py), scored by the direct route ``_run_evochart_local_score``; no judge.

Data: the Hugging Face EvoChart-QA train split, turned into the extension's TSV (index, stripped question and
answer, image_path, attribute, is_clear as bool, chart_type; ``str(None)`` becomes "None", read back as
missing) and read back.
Prompt: the image, then the stripped question plus "\\nPut the final answer inside \\boxed{}.".
Score: ``_extract_final_answer`` of the prediction cell (last balanced box, else the first ``<answer>`` block,
else a greedy ``{... "answer": x}``, else the first line after the last "answer (is|=|:)"), then
``score_prediction`` extracts AGAIN from that text; a numeric target (whole-string number, commas allowed)
needs exactly one number in the prediction (exact when ``is_clear``, else within 5 %), a text target a
case-folded exact match. Benchmark score: mean in percent (as the reference's JSON gives it, 10 decimals).
"""

from __future__ import annotations

import re

from ..common import constants, hf, messages as msg, table, trace_parsing as tp
from ..common.table import is_na
from . import register
from .base import Benchmark, BenchmarkError, Row

_NUMBER = re.compile(r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[-+]?\d*\.\d+")


def _text(value) -> str:
    """``_coerce_text``: None -> "", else ``str(value).strip()`` (a missing workbook cell is NaN: "nan")."""
    if value is None:
        return ""
    return table.cell_str(value).strip()


_MARKER = r"\b(?:final\s+answer|answer)\b\s*(?:is|=|:|：)?\s*(.+)"


def extract_final_answer(value) -> str:
    """``_extract_final_answer``: the coerced text, then the extension's final-answer rules."""
    return tp.extension_final_text(_text(value), _MARKER)


def _whole_number(value):
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    m = _NUMBER.fullmatch(_text(value))
    return float(m.group(0).replace(",", "")) if m else None


def _single_number(value):
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    found = _NUMBER.findall(_text(value))
    return float(found[0].replace(",", "")) if len(found) == 1 else None


def _as_bool(value) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return bool(value)
    text = table.cell_str(value).strip().lower()
    if text in ("true", "1", "yes", "y"):
        return True
    if text in ("false", "0", "no", "n", ""):
        return False
    return bool(value)


def score_prediction(prediction, answer, is_clear) -> float:
    final = extract_final_answer(prediction)
    target = _text(answer)
    target_number = _whole_number(target)
    if target_number is None:
        return float(final.casefold() == target.casefold())
    number = _single_number(final)
    if number is None:
        return 0.0
    if _as_bool(is_clear):
        return float(number == target_number)
    if target_number == 0.0:
        return float(number == 0.0)
    return float(abs(number - target_number) / abs(target_number) <= 0.05)


@register
class EvoChart(Benchmark):
    key = "evochart"
    alias = "EvoChart"
    route = "direct_score"
    raw_format = "hf_parquet"
    hf_split = "train"
    reported = ("extracted",)
    upstream = ("rlvr/evaluation/vlmevalkit_extensions/evochart.py:164 EvoChart.load_data",
                "rlvr/evaluation/vlmevalkit_extensions/evochart.py:195 EvoChart.build_prompt",
                "vlmeval/dataset/image_base.py:320 ImageBaseDataset.build_prompt",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:2362 _run_evochart_local_score",
                "rlvr/evaluation/vlmevalkit_extensions/evochart.py:208 EvoChart.evaluate",
                "rlvr/evaluation/vlmevalkit_extensions/evochart.py:49 _extract_final_answer",
                "rlvr/evaluation/vlmevalkit_extensions/evochart.py:134 score_prediction")

    # ---------------------------------------------------------------- loading
    @staticmethod
    def _extension_record(idx: int, example: dict) -> dict:
        return {"index": str(idx), "question": str(example.get("question", "")).strip(),
                "answer": str(example.get("answer", "")).strip(), "image_path": f"{idx}.png",
                "attribute": str(example.get("attribute", "")), "is_clear": bool(example.get("is_clear", True)),
                "chart_type": str(example.get("chart_type", ""))}

    def read_raw(self, raw_dir, files):
        examples = hf.read_records(files)
        records = table.tsv_roundtrip([self._extension_record(i, ex) for i, ex in enumerate(examples)])
        rows = []
        for i, (rec, ex) in enumerate(zip(records, examples)):
            rec["index"] = str(rec["index"])
            images = [hf.image_bytes(ex.get("image"), raw_dir, f"row {i}")]
            rows.append(Row(fields=rec, images=images))
        if all(str(r.fields["index"]).lstrip("-").isdigit() for r in rows):
            for r in rows:
                r.fields["index"] = int(r.fields["index"])
        return rows

    # ---------------------------------------------------------------- prompt
    def build_prompt(self, row):
        question = table.cell_str(row.get("question")).strip() + constants.text("evochart.boxed_post_prompt")
        return msg.images(row) + [msg.text(question)]

    # ---------------------------------------------------------------- scoring
    def prepare(self, rows, responses):
        book = table.workbook_roundtrip([dict(r.fields, prediction=p) for r, p in zip(rows, responses)])
        extracted = [extract_final_answer(rec.get("prediction", "")) for rec in book]
        for rec, cell in zip(book, table.workbook_column(extracted)):
            rec["_extracted_cell"] = cell          # the eval_pred column of the reference's _results.xlsx
        return book

    def score_row(self, item):
        final = extract_final_answer(item.get("prediction", ""))
        is_clear = item.get("is_clear", True)
        score = score_prediction(final, item.get("answer", ""), True if is_na(is_clear) else is_clear)  # NaN: truthy
        return {"score": score, "extracted": item.get("_extracted_cell")}
        yield  # never asks the judge

    def aggregate(self, items, results):
        if not results:
            raise BenchmarkError(f"{self.key}: no rows to aggregate")
        scores = [float(r["score"]) for r in results]
        acc = round(sum(scores) / len(scores) * 100, 10)
        table_ = {"Overall": {"tot": len(scores), "hit": sum(scores), "acc": acc}}
        for field in ("chart_type", "attribute"):
            groups: dict[str, list[float]] = {}
            for item, s in zip(items, scores):
                groups.setdefault(f"{field}:{table.cell_str(item.get(field))}", []).append(s)
            for name, vals in sorted(groups.items()):
                table_[name] = {"tot": len(vals), "hit": sum(vals), "acc": round(sum(vals) / len(vals) * 100, 10)}
        return {"score": acc, "table": table_}

    # ---------------------------------------------------------------- fixtures
    def fixture_records(self, rng, n):
        kinds = [("What is the value of the third bar?", "32", True, "value", "bar"),
                 ("Estimate the average of all bars.", "25.5", False, "average", "bar"),
                 ("Which series is the largest?", "Blue", True, "compare", "line")]
        return [{"question": q, "answer": a, "is_clear": c, "attribute": at, "chart_type": ct}
                for q, a, c, at, ct in (kinds[i % len(kinds)] for i in range(n))]

    def write_fixture_files(self, raw_dir, records):
        cols = {"image": [r["_images"][0] for r in records]}
        for key in ("question", "answer", "is_clear", "attribute", "chart_type"):
            cols[key] = [r[key] for r in records]
        return [hf.write_split(raw_dir, "train", cols)]
