"""MMMU-Pro Vision (Math): VLMEvalKit ``MMMU_Pro_V_COT`` (``MMMUProDataset``) on the official route; the
Qwen3-32B judge only where the rule-based extraction fails.

Loader (``MMMUProDataset.__init__``): the question column is replaced by ``placeholder`` (the question is
in the image), so the judge prompt asks about "placeholder?" as the reference's does.
Prompt (``build_prompt``, ``MMMU_Pro_V`` branch): the one image, then the fixed CoT instruction (no
question text, no options).
Score (``MMMUProDataset.evaluate``): ``cot_postproc`` first rewrites every prediction -- the text after
the last line starting with ``Answer:`` becomes its single capital letter when it holds exactly one
distinct capital (so ``Answer: Paris`` collapses to ``P``), else that tail as it is (leading space kept);
without such a line the prediction stays. The rewritten workbook is written and read back, then
``ImageMCQDataset.evaluate_heuristic`` runs with ``MMMU_preproc`` (a row without option A gets the answer
as A and "Other Answers" as B) and answers that are not a capital letter count as ``A``: ``can_infer``,
else the generic MCQ judge (up to three calls). A prediction that is not text (an empty response reads as
NaN) makes ``cot_postproc`` fail, and with it the whole evaluate() (we conform: the slice fails).
Benchmark score: ``report_acc`` Overall in percent (``split=test`` / ``split=validation`` preferred when
the data has such splits, ``MMMUDataset.report_primary_metric``).
"""

from __future__ import annotations

import string

from ..common import constants, messages as msg, table
from ..common.table import is_na
from ..common.vlmeval_mcq import SPLIT_NONE, ImageMCQBenchmark
from . import register
from .base import BenchmarkError

LETTERS = list(string.ascii_uppercase)


def cot_postproc(response: str) -> str:
    """``MMMUProDataset.cot_postproc``."""
    lines = [x.strip() for x in response.strip().split("\n")]
    answers = [x for x in lines if x.startswith("Answer:")]
    if not answers:
        return response
    tail = answers[-1][len("Answer:"):]
    capitals = list(dict.fromkeys(ch for ch in tail if ch in string.ascii_uppercase))
    return capitals[0] if len(capitals) == 1 else tail


@register
class MMMUProVision(ImageMCQBenchmark):
    key = "mmmu_pro_vision"
    alias = "MMMU_Pro_V_COT"
    reported = ("match_log", "cot_postproc_output")
    primary_keys = (("split=test|Overall", "Overall Acc (test)", 100),
                    ("split=validation|Overall", "Overall Acc (val)", 100)) + SPLIT_NONE
    upstream = ("vlmeval/dataset/image_mcq.py:559 MMMUProDataset.__init__",
                "vlmeval/dataset/image_mcq.py:578 MMMUProDataset.build_prompt",
                "vlmeval/dataset/image_mcq.py:652 MMMUProDataset.evaluate",
                "vlmeval/dataset/image_mcq.py:632 MMMUProDataset.cot_postproc",
                "vlmeval/dataset/image_mcq.py:255 ImageMCQDataset.evaluate_heuristic",
                "vlmeval/dataset/utils/multiple_choice.py:475 mcq_vanilla_eval",
                "vlmeval/dataset/utils/multiple_choice.py:62 MMMU_preproc",
                "vlmeval/dataset/utils/multiple_choice.py:359 extract_answer_from_item",
                "vlmeval/dataset/utils/multiple_choice.py:224 build_prompt",
                "vlmeval/utils/matching_util.py:124 can_infer",
                "vlmeval/dataset/utils/multiple_choice.py:77 report_acc",
                "vlmeval/dataset/image_mcq.py:543 MMMUDataset.report_primary_metric")

    def rows_from_records(self, records, base_dir=None):
        rows = super().rows_from_records(records, base_dir)
        for r in rows:
            r.fields["question"] = constants.text("mmmu_pro_vision.question_placeholder")
        return rows

    def build_prompt(self, row):
        if len(row.images) != 1:
            raise BenchmarkError(f"{self.key} row {row.get('index')!r}: {len(row.images)} images; the reference "
                                 f"expects exactly one")
        return [msg.image(0), msg.text(constants.text("mmmu_pro_vision.cot_prompt"))]

    def prepare(self, rows, responses):
        book = table.workbook_roundtrip([dict(r.fields, prediction=p) for r, p in zip(rows, responses)])
        outputs = []
        for rec in book:
            pred = rec["prediction"]
            outputs.append(cot_postproc(pred) if isinstance(pred, str) else None)
            rec["prediction"] = outputs[-1] if isinstance(pred, str) else ""
        items = table.workbook_roundtrip(book)          # the _cotpost workbook evaluate_heuristic reads
        for rec, out in zip(items, outputs):
            rec["cot_postproc_output"] = out
            if out is None:
                rec["_not_text"] = True
        return items

    def evaluator_item(self, item):
        it = super().evaluator_item(item)
        if is_na(it.get("A")):                           # MMMU_preproc
            it["A"] = item.get("answer")
            it["B"] = constants.text("vlmeval_mcq.mmmu_open_question_b")
        return it

    def ground_truth(self, item):
        answer = item.get("answer")
        return answer if answer in LETTERS else "A"

    def score_row(self, item):
        if item.get("_not_text"):
            raise BenchmarkError(f"{self.key}: a prediction is not text (an empty response); cot_postproc fails "
                                 f"upstream and with it the whole evaluate()")
        result = yield from super().score_row(item)
        result["cot_postproc_output"] = item["cot_postproc_output"]
        return result

    def fixture_records(self, rng, n):
        cities = ["Paris", "London", "Rome", "Berlin", "Madrid", "Vienna", "Oslo", "Prague", "Dublin", "Lisbon"]
        out = []
        for i in range(n):
            k = 10 if i % 2 == 0 else 4
            out.append({"question": "Which city is shown in the image?",
                        **{LETTERS[j]: (cities[j] if j < k else None) for j in range(10)},
                        "answer": LETTERS[rng.randrange(k)], "subject": "Geography", "category": "Humanities"})
        return out
