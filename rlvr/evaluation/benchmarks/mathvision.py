"""MATH-Vision: VLMEvalKit ``MathVision`` (default prompt), TRACE direct route, Qwen3-32B extraction where
the prefetch fails (:mod:`..common.math_answers` holds the shared flow).

Prompt: the row's images, then the question cell as it is (a missing question is sent as ``nan``).
``post_check`` (VLMEvalKit ``vlmeval/dataset/utils/mathv.py``):
  * rows with choices (``eval(choices)`` non-empty): ``can_infer(response, choices)``; with ``prefetch`` the
    inferred letter is returned *without comparing it* (any inferable letter is "Prefetch succeed", so these
    rows never reach the judge); finally ``is_equal(letter, answer)``;
  * free-form rows: ``is_equal(str(response), str(answer))`` -- with ``prefetch`` the whole prediction is
    compared, so a response that latex2sympy reads as the answer (``So $x=\\boxed{12}$`` -> 12) is prefetched
    and its ``res`` is the full response text.
``is_equal``: lower-cased strings equal, else Python ``eval`` of both within 1e-6 (``14.0`` equals ``14``),
else latex2sympy2_extended (1.11.0, as the reference pins) of both, compared through ``eval(str(...))`` or
the sympy difference; ``y = 7`` is not ``7``.
Aggregate (``MATH_V_acc``): accuracy per category and Overall; the score is the direct route's
``_score_to_percent``-scaled Overall.
"""

from __future__ import annotations

from ..common import math_answers as ma
from ..common import vlmeval_mcq as mcq
from . import register


@register
class MathVision(ma.PrefetchJudgedMath):
    key = "mathvision"
    alias = "MathVision"
    upstream = ("vlmeval/dataset/image_base.py:320 ImageBaseDataset.build_prompt",
                "rlvr/evaluation/vlmevalkit_extensions/batched_vlmevalkit_qwen3vl.py:267 run_mathv_local_judge",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:2130 _run_local_math_like",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:473 PersistentJudge._run_cached_api",
                "vlmeval/dataset/utils/mathv.py:95 build_mathv_gpt4_prompt",
                "vlmeval/dataset/utils/mathv.py:116 post_check",
                "vlmeval/dataset/utils/mathv.py:27 is_equal",
                "vlmeval/utils/matching_util.py:124 can_infer",
                "vlmeval/dataset/utils/mathv.py:163 MATH_V_acc",
                "rlvr/evaluation/vlmevalkit_extensions/batched_vlmevalkit_qwen3vl.py:84 _score_to_percent")

    def post_check(self, item, prefetch):
        res = None
        ans = ma.nan_cell(item.get("answer"))
        response = ma.nan_cell(item.get("prediction") if prefetch else item.get("res"))
        try:
            if len(ma.choice_list(item.get("choices"))) > 0:
                res = mcq.can_infer(response, ma.choice_dict(item.get("choices")))
                if prefetch:
                    return res
            else:
                res, ans = str(response), str(ans)
        except ValueError:
            pass
        try:
            if ma.is_equal(res, ans):
                return res if prefetch else True
            return False
        except Exception:  # noqa: BLE001 - the reference's except around is_equal
            return False

    def aggregate(self, items, results):
        acc = ma.accuracy_table(self.key, [("Overall", item.get("category")) for item in items], results)
        table = {k: acc[k] for k in sorted(acc)}           # sorted by Subject, as MATH_V_acc returns it
        return {"score": ma.direct_percent(table["Overall"]), "table": table}

    def fixture_records(self, rng, n):
        kinds = [
            {"question": "Which shape has the largest area?\nChoices: (A) circle (B) square (C) triangle (D) hexagon "
             "(E) star", "answer": "ABCDE"[rng.randrange(5)],
             "choices": "['circle', 'square', 'triangle', 'hexagon', 'star']", "category": "metric geometry - area"},
            {"question": "How many triangles are in the figure?", "answer": str(rng.randrange(3, 20)), "choices": "[]",
             "category": "counting"},
            {"question": "Find the length of $x$ in the figure. Give your answer as a simplified radical.",
             "answer": "2\\sqrt{3}", "choices": "[]", "category": "metric geometry - length"},
        ]
        return [dict(kinds[i % len(kinds)], level=1 + i % 5) for i in range(n)]
