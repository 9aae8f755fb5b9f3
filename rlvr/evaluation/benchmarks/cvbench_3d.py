"""CV-Bench-3D (Spatial): VLMEvalKit ``CVBench`` (``CV-Bench-3D``) on the official route; the Qwen3-32B
judge only where the rule-based extraction fails.

Prompt (``CVBench.build_prompt``): the image, then the row's own ``prompt`` column verbatim (the question,
"(A) x (B) y" and the dataset's answer instruction).
Score (``CVBench.evaluate`` -> ``mcq_vanilla_eval``): ``can_infer`` on the prediction, else the generic MCQ
judge prompt built from the ``question`` column (not the prompt), up to three judge calls. Quirk:
``can_infer_text`` refuses answers longer than twice the options' total length, so "The lamp is closer."
goes to the judge although it names one option. Benchmark score: for 3D rows ``report_acc`` Overall of the
split (``split=3D|Overall``, the best-ranked key) in percent; an input of only 2D rows would be scored
``report_accuracy``-style (mean of per-source accuracies).
"""

from __future__ import annotations

from ..common import messages as msg
from ..common.table import is_na
from ..common.vlmeval_mcq import ImageMCQBenchmark, primary_percent
from . import register
from .base import BenchmarkError


@register
class CVBench3D(ImageMCQBenchmark):
    key = "cvbench_3d"
    alias = "CV-Bench-3D"
    upstream = ("vlmeval/dataset/image_mcq.py:1207 CVBench.build_prompt",
                "vlmeval/dataset/image_mcq.py:1225 CVBench.evaluate",
                "vlmeval/dataset/utils/multiple_choice.py:475 mcq_vanilla_eval",
                "vlmeval/dataset/utils/multiple_choice.py:359 extract_answer_from_item",
                "vlmeval/dataset/utils/multiple_choice.py:224 build_prompt",
                "vlmeval/utils/matching_util.py:124 can_infer",
                "vlmeval/dataset/utils/multiple_choice.py:77 report_acc",
                "vlmeval/dataset/image_mcq.py:1279 CVBench.report_accuracy",
                "vlmeval/dataset/image_base.py:17 _choose_primary_metric_key")

    def build_prompt(self, row):
        prompt = row.get("prompt")
        if is_na(prompt):
            raise BenchmarkError(f"{self.key} row {row.get('index')!r}: the prompt column is empty")
        return msg.images(row) + [msg.text(str(prompt))]

    def aggregate(self, items, results):
        if not results:
            raise BenchmarkError(f"{self.key}: no rows to aggregate")
        its = [self.evaluator_item(it) for it in items]
        if any("split" not in it for it in its):
            raise BenchmarkError(f"{self.key}: rows without a split column (CVBench.evaluate reads it)")
        hits = [r["score"] for r in results]
        if all(it["split"] == "2D" for it in its):
            sources = sorted({it.get("source") for it in its}, key=str)
            per = {str(s): sum(h for h, it in zip(hits, its) if it.get("source") == s)
                   / sum(1 for it in its if it.get("source") == s) for s in sources}
            table = [{"split": "2D", **per, "Overall": sum(per.values()) / len(per)}]
        else:
            from ..common.vlmeval_mcq import report_acc

            table = report_acc(its, hits)
        return {"score": primary_percent(table, self.primary_keys), "table": table}

    def fixture_records(self, rng, n):
        pairs = [("Depth", "lamp", "chair"), ("Distance", "bed", "sink"), ("Depth", "door", "table")]
        out = []
        for i in range(n):
            task, a, b = pairs[i % len(pairs)]
            q = (f"Which object is closer to the camera taking this photo, the {a} (highlighted by a red box) or the "
                 f"{b} (highlighted by a blue box)?")
            out.append({"question": q, "prompt": f"{q} (A) {a} (B) {b} Answer with the option's letter from the "
                                                 f"given choices directly.",
                        "A": a, "B": b, "answer": "AB"[rng.randrange(2)], "split": "3D", "source": "Omni3D",
                        "task": task, "source_dataset": "SUNRGBD", "source_filename": f"img{i}.jpg"})
        return out
