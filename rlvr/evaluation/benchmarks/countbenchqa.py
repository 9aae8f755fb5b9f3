"""CountBenchQA (Counting): VLMEvalKit ``CountBenchQA``, official route, no judge.

Prompt: the image, then the question with a fixed "answer with a number" suffix.
Scoring: a row is correct when ``str(answer)`` is a substring of ``str(prediction)`` (so "13" counts for
3, and an empty prediction reads as NaN -> "nan"); the score is the mean in percent. The substring rule
misjudges answers (see docs/evaluation.md); we conform to it.
"""

from __future__ import annotations

from ..common import constants, messages as msg
from ..common.table import cell_str
from . import register
from .base import Benchmark


@register
class CountBenchQA(Benchmark):
    key = "countbenchqa"
    alias = "CountBenchQA"
    upstream = ("vlmeval/dataset/image_vqa.py:3287 CountBenchQA.build_prompt",
                "vlmeval/dataset/image_vqa.py:3298 CountBenchQA.evaluate",
                "rlvr/evaluation/scripts/run_official_vlmevalkit_saved_score.py:512 run_saved_score")

    def build_prompt(self, row):
        question = constants.get("countbenchqa.question_suffix", question=cell_str(row.get("question")))
        return msg.images(row) + [msg.text(question)]

    def score_row(self, item):
        hit = cell_str(item.get("answer")) in cell_str(item.get("prediction"))
        return {"score": int(hit)}
        yield  # a generator: this benchmark never asks the judge

    def fixture_records(self, rng, n):
        objects = ["bars", "circles", "dots", "squares"]
        out = []
        for i in range(n):
            k = rng.randrange(1, 9)
            out.append({"question": f"How many {objects[i % len(objects)]} are in the image?", "answer": k})
        return out
