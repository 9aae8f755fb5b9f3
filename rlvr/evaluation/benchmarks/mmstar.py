"""MMStar (General VQA): VLMEvalKit ``MMStar`` (plain ``ImageMCQDataset``) on the official route; the
Qwen3-32B judge only where the rule-based extraction fails.

Prompt (``ImageMCQDataset.build_prompt``): the image, then "Hint: ..." (when present), "Question: ...", the
non-missing option columns A-Z as "X. text" under "Options:" and the instruction (options and instruction
only when the row has options). Options printed inside the question text stay there as well.
Score (``evaluate_heuristic`` -> ``mcq_vanilla_eval`` -> ``extract_answer_from_item``): ``can_infer`` on the
prediction (one option letter among the last five tokens, the "answer is **X**" regex, refusal phrases as
``Z``, else exactly one option text contained in the answer); otherwise the generic MCQ judge prompt, up to
three judge calls each parsed with ``can_infer``. Quirks we conform to: ``<answer>C</answer>`` or a lower-case
``b`` is one unknown token and goes to the judge; "I cannot determine" is judged although "Cannot determine
the answer" is refused outright (case-sensitive phrase list). Benchmark score: ``report_acc`` Overall
(``split=none``) in percent; a score of at most 1 % is multiplied by 100 by the campaign's auto scaling.
"""

from __future__ import annotations

from ..common.vlmeval_mcq import ImageMCQBenchmark
from . import register


@register
class MMStar(ImageMCQBenchmark):
    key = "mmstar"
    alias = "MMStar"
    upstream = ("vlmeval/dataset/image_mcq.py:212 ImageMCQDataset.build_prompt",
                "vlmeval/dataset/image_mcq.py:255 ImageMCQDataset.evaluate_heuristic",
                "vlmeval/dataset/utils/multiple_choice.py:475 mcq_vanilla_eval",
                "vlmeval/dataset/utils/multiple_choice.py:359 extract_answer_from_item",
                "vlmeval/dataset/utils/multiple_choice.py:224 build_prompt",
                "vlmeval/utils/matching_util.py:124 can_infer",
                "vlmeval/dataset/utils/multiple_choice.py:77 report_acc",
                "vlmeval/dataset/image_mcq.py:481 ImageMCQDataset.report_primary_metric",
                "rlvr/evaluation/scripts/run_official_vlmevalkit_saved_score.py:126 _primary_score")

    def fixture_records(self, rng, n):
        kinds = [("What color is the largest bar?", ["red", "blue", "green", "yellow"], None,
                  "coarse perception", "image scene and topic"),
                 ("How many bars are there?", [2, 3, 4, 5], None, "fine-grained perception", "object counting"),
                 ("Is the circle above the bars?", ["yes", "no"], "Look at the top right corner.",
                  "instance reasoning", "single-instance reasoning")]
        out = []
        for i in range(n):
            q, opts, hint, cat, l2 = kinds[i % len(kinds)]
            rec = {"question": q, **{"ABCD"[k]: (opts[k] if k < len(opts) else None) for k in range(4)},
                   "answer": "ABCD"[rng.randrange(len(opts))], "hint": hint, "category": cat, "l2-category": l2}
            out.append(rec)
        return out
