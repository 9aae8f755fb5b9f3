"""BLINK (Spatial): VLMEvalKit ``BLINK`` (plain ``ImageMCQDataset``) on the official route; the Qwen3-32B
judge only where the rule-based extraction fails, with BLINK's own judge template.

Prompt (``ImageMCQDataset.build_prompt``): every image of the row first (1-4, stored as a list), then
"Hint: ..." (when present), "Question: ...", the options A-D as "X. text" and the instruction; the choices
printed in BLINK's question text ("(A) Point A") stay there too.
Score (``extract_answer_from_item`` with ``dataset_name == 'BLINK'``): ``can_infer`` on the prediction, else
``build_prompt_blink`` (its "(Z) Failed" option line; the judge often answers "(B)", which ``can_infer``
reads), up to three judge calls. Benchmark score: ``report_acc`` Overall in percent.
"""

from __future__ import annotations

from ..common.vlmeval_mcq import ImageMCQBenchmark
from . import register


@register
class Blink(ImageMCQBenchmark):
    key = "blink"
    alias = "BLINK"
    judge_template = "blink"
    upstream = ("vlmeval/dataset/image_mcq.py:212 ImageMCQDataset.build_prompt",
                "vlmeval/dataset/image_base.py:255 ImageBaseDataset.dump_image",
                "vlmeval/dataset/image_mcq.py:255 ImageMCQDataset.evaluate_heuristic",
                "vlmeval/dataset/utils/multiple_choice.py:359 extract_answer_from_item",
                "vlmeval/dataset/utils/multiple_choice.py:271 build_prompt_blink",
                "vlmeval/utils/matching_util.py:124 can_infer",
                "vlmeval/dataset/utils/multiple_choice.py:77 report_acc",
                "vlmeval/dataset/image_mcq.py:481 ImageMCQDataset.report_primary_metric")

    def fixture_records(self, rng, n):
        from ..data import fixture_image

        out = []
        for i in range(n):
            kind = i % 3
            if kind == 0:
                rec = {"question": "Which point is closer to the camera?\nSelect from the following choices.\n"
                                   "(A) Point A\n(B) Point B", "A": "Point A", "B": "Point B", "C": None, "D": None,
                       "answer": "AB"[rng.randrange(2)], "category": "Relative_Depth"}
            elif kind == 1:
                rec = {"question": "Which image is the most similar to the reference image?", "A": "the second image",
                       "B": "the third image", "C": None, "D": None, "answer": "AB"[rng.randrange(2)],
                       "category": "Visual_Similarity", "_images": [fixture_image(rng) for _ in range(3)]}
            else:
                rec = {"question": "Which option shows the missing jigsaw piece?", "A": 1, "B": 2, "C": 3, "D": 4,
                       "answer": "ABCD"[rng.randrange(4)], "category": "Jigsaw",
                       "_images": [fixture_image(rng) for _ in range(2)]}
            out.append({"index": f"val_{rec['category']}_{i + 1}", **rec, "hint": None})
        return out
