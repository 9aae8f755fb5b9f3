"""CountQA (Counting): TRACE's VLMEvalKit extension ``CountQA`` (rlvr/evaluation/vlmevalkit_extensions/
trace_eval_local_vqa.py) on the official route; no judge.

Data: the Hugging Face CountQA test split; every (question, answer) pair of an image row becomes one row
``<image row>_<pair>`` (question stripped, ``str(answer).strip()``, a missing answer ""), written to the
extension's TSV and read back as the cached path reads it: answers as text, a null or blank answer as ""
(such rows are kept and score 0, as in the reference).
Prompt: the image, then the stripped question plus "\\nPut the final answer inside \\boxed{}.".
Score: ``_extract_last_int`` of prediction and answer (``str(x or "")``; last balanced box, else first
``<answer>`` block, else a greedy ``{... "answer": x}``, else the first line after the last
"final answer|answer|choice|option"; then the LAST signed integer, so ``\\boxed{3.5}`` gives 5 and
``1,234`` gives 234; else number words zero..twenty, the last one in dictionary order winning); correct
when both exist and are equal (an answer of 0 reads as "" and never scores). Score: mean in percent.
"""

from __future__ import annotations

import re

from ..common import constants, hf, messages as msg, table, trace_parsing as tp
from ..common.table import is_na
from . import register
from .base import Benchmark, BenchmarkError, Row

NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")


_MARKER = r"\b(?:final\s+answer|answer|choice|option)\b\s*[:：]?\s*(.+)"


def final_text(value) -> str:
    """``_extract_final_text``: ``str(value or "")`` stripped, then the extension's final-answer rules."""
    return tp.extension_final_text(tp.or_text(value).strip(), _MARKER)


def last_int(value):
    text = final_text(value).lower()
    ints = re.findall(r"[-+]?\d+", text)
    if ints:
        return int(ints[-1])
    found = None
    for n, word in enumerate(NUMBER_WORDS):
        if re.search(rf"\b{word}\b", text):
            found = n
    return found


@register
class CountQA(Benchmark):
    key = "countqa"
    alias = "CountQA"
    raw_format = "hf_parquet"
    hf_split = "test"
    reported = ("extracted",)
    upstream = ("rlvr/evaluation/vlmevalkit_extensions/trace_eval_local_vqa.py:139 CountQA.load_data",
                "rlvr/evaluation/vlmevalkit_extensions/trace_eval_local_vqa.py:183 CountQA.build_prompt",
                "vlmeval/dataset/image_base.py:320 ImageBaseDataset.build_prompt",
                "rlvr/evaluation/scripts/run_official_vlmevalkit_saved_score.py:512 run_saved_score",
                "rlvr/evaluation/vlmevalkit_extensions/trace_eval_local_vqa.py:189 CountQA.evaluate",
                "rlvr/evaluation/vlmevalkit_extensions/trace_eval_local_vqa.py:62 _extract_last_int",
                "rlvr/evaluation/vlmevalkit_extensions/trace_eval_local_vqa.py:45 _extract_final_text")

    # ---------------------------------------------------------------- loading
    @staticmethod
    def cached_answers(records: list[dict]) -> list[dict]:
        """The extension's cached-TSV path: answers as stripped text, a missing one as ""."""
        for r in records:
            a = r.get("answer")
            r["answer"] = "" if is_na(a) else str(a).strip()
        return records

    def rows_from_records(self, records, base_dir=None):
        return super().rows_from_records(self.cached_answers(records), base_dir)

    def read_raw(self, raw_dir, files):
        examples = hf.read_records(files)
        records, images = [], []
        for src, ex in enumerate(examples):
            image = hf.image_bytes(ex.get("image"), raw_dir, f"image row {src}")
            questions = ex.get("questions") or []
            answers = ex.get("answers") or []
            for k, question in enumerate(questions):
                records.append({"index": f"{src}_{k}", "question": str(question).strip(),
                                "answer": str(answers[k] if k < len(answers) else "").strip(),
                                "image_path": f"{src}.jpg", "objects": str(ex.get("objects", "")),
                                "categories": str(ex.get("categories", "")),
                                "is_focused": bool(ex.get("is_focused", False)),
                                "full_config": str(ex.get("full_config", ""))})
                images.append(image)
        if not records:
            raise BenchmarkError(f"{self.key}: the source has no questions")
        records = self.cached_answers(table.tsv_roundtrip(records))
        rows = []
        for rec, image in zip(records, images):
            rec["index"] = str(rec["index"])
            rows.append(Row(fields=rec, images=[image]))
        return rows

    # ---------------------------------------------------------------- prompt
    def build_prompt(self, row):
        question = table.cell_str(row.get("question")).strip() + constants.text("countqa.boxed_post_prompt")
        return msg.images(row) + [msg.text(question)]

    # ---------------------------------------------------------------- scoring
    def prepare(self, rows, responses):
        book = super().prepare(rows, responses)
        preds = [last_int(rec.get("prediction", "")) for rec in book]
        for rec, cell in zip(book, table.workbook_column(preds)):
            rec["_extracted_cell"] = cell            # eval_pred of the reference's _results.xlsx
        return book

    def score_row(self, item):
        pred = last_int(item.get("prediction", ""))
        gt = last_int(item.get("answer", ""))
        return {"score": float(pred is not None and gt is not None and pred == gt),
                "extracted": item.get("_extracted_cell")}
        yield  # never asks the judge

    # ---------------------------------------------------------------- fixtures
    def fixture_records(self, rng, n):
        kinds = [(["How many bars are there?", "How many circles are there?"], [4, 1], ["bar", "circle"]),
                 (["How many coins are on the table?"], [12], ["coin"]),
                 (["How many red bars?", "How many blue bars?", "How many bars?"], [1, 2, None], ["bar"])]
        out, total = [], 0
        while total < n:
            qs, ans, objs = kinds[len(out) % len(kinds)]
            out.append({"questions": qs, "answers": [None if a is None else str(a) for a in ans], "objects": objs,
                        "categories": ["shapes"], "is_focused": bool(len(out) % 2)})
            total += len(qs)
        return out

    def write_fixture_files(self, raw_dir, records):
        cols = {"image": [r["_images"][0] for r in records]}
        for key in ("questions", "answers", "objects", "categories", "is_focused"):
            cols[key] = [r[key] for r in records]
        return [hf.write_split(raw_dir, "test", cols)]
