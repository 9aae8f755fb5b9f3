"""MathVista (testmini): VLMEvalKit ``MathVista`` (default prompt), TRACE direct route, Qwen3-32B extraction
where the prefetch fails (:mod:`..common.math_answers` holds the shared flow).

Prompt: the row's images, then the question cell as it is (hint, question and choices are in the cell).
``post_check`` (VLMEvalKit ``vlmeval/dataset/utils/mathvista.py``):
  * multi_choice rows: ``can_infer(response, choices)`` against ``answer_option``; with ``prefetch`` it returns
    the inferred letter *without comparing it* -- any inferable letter (right or wrong) is "Prefetch
    succeed", so these rows never reach the judge;
  * integer rows: ``int(response) == int(answer)`` (``int('14.0')`` raises, so a judge extraction ``14.0`` is
    wrong unless the judged table's ``res`` column reads back as numbers);
  * float rows: ``float(response) == float(answer)`` (exact, so ``1.450`` equals ``1.45``);
  * text and list rows: ``str(None) == str(answer)`` -- always wrong (a reference quirk we keep).
Aggregate (``MathVista_acc``): accuracy per Overall, task and skill; the score is the direct route's
``_score_to_percent``-scaled Overall.
"""

from __future__ import annotations

from ..common import math_answers as ma
from ..common import vlmeval_mcq as mcq
from ..common.pyeval import EvalSyntaxError, EvalError, py_eval
from ..common.table import cell_str
from . import register
from .base import BenchmarkError


def _skills(cell) -> list:
    """``eval(item['skills'])``, a SyntaxError keeping the cell as one skill."""
    try:
        return list(py_eval(cell))
    except EvalSyntaxError:
        return [cell]
    except (EvalError, TypeError) as e:
        raise BenchmarkError(f"mathvista: skills {cell_str(cell)[:60]!r} cannot be read ({e})") from None


@register
class MathVista(ma.PrefetchJudgedMath):
    key = "mathvista"
    alias = "MathVista_MINI"
    upstream = ("vlmeval/dataset/image_base.py:320 ImageBaseDataset.build_prompt",
                "rlvr/evaluation/vlmevalkit_extensions/batched_vlmevalkit_qwen3vl.py:321 run_mathvista_local_judge",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:2130 _run_local_math_like",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:473 PersistentJudge._run_cached_api",
                "vlmeval/dataset/utils/mathvista.py:56 build_mathvista_gpt4_prompt",
                "vlmeval/dataset/utils/mathvista.py:77 post_check",
                "vlmeval/utils/matching_util.py:124 can_infer",
                "vlmeval/dataset/utils/mathvista.py:127 MathVista_acc",
                "rlvr/evaluation/vlmevalkit_extensions/batched_vlmevalkit_qwen3vl.py:84 _score_to_percent")

    def post_check(self, item, prefetch):
        cell = lambda name: ma.nan_cell(item.get(name))  # noqa: E731 - missing cells as the reference's NaN
        res = None
        ans = cell("answer")
        response = cell("prediction") if prefetch else cell("res")
        try:
            if item.get("question_type") == "multi_choice":
                ans = cell("answer_option")
                res = mcq.can_infer(response, ma.choice_dict(item.get("choices")))
                if prefetch:
                    return res
            elif item.get("answer_type") == "integer":
                res = int(response)
                ans = int(cell("answer"))
            elif item.get("answer_type") == "float":
                res = float(response)
                ans = float(cell("answer"))
            else:
                res, ans = str(res), str(ans)
        except ValueError:
            pass
        if res == ans:
            return res if prefetch else True
        return False

    def aggregate(self, items, results):
        groups = [["Overall"] + _skills(item.get("skills")) + [item.get("task")] for item in items]
        table = ma.accuracy_table(self.key, groups, results)
        return {"score": ma.direct_percent(table["Overall"]), "table": table}

    def fixture_records(self, rng, n):
        kinds = [
            {"question": "Hint: Please answer the question and provide the correct option letter, e.g., A, B, C, D, "
             "at the end.\nQuestion: What fraction of the shape is blue?\nChoices:\n(A) 3/11\n(B) 8/11\n(C) 6/11\n"
             "(D) 3/5", "answer": "8/11", "question_type": "multi_choice", "answer_type": "text",
             "choices": "['3/11', '8/11', '6/11', '3/5']", "answer_option": "B", "precision": None, "unit": None},
            {"question": "Hint: Please answer the question requiring an integer answer and provide the final value, "
             "e.g., 1, 2, 3, at the end.\nQuestion: How many bars are taller than the circle?",
             "answer": str(rng.randrange(1, 5)), "question_type": "free_form", "answer_type": "integer",
             "choices": None, "answer_option": None, "precision": None, "unit": None},
            {"question": "Hint: Please answer the question requiring a floating-point number with two decimal "
             "places and provide the final value, e.g., 1.23, 1.34, 1.45, at the end.\nQuestion: How much money "
             "does Luca need? (Unit: $)", "answer": f"{rng.randrange(1, 9)}.{rng.randrange(10, 99)}",
             "question_type": "free_form", "answer_type": "float", "choices": None, "answer_option": None,
             "precision": 2.0, "unit": "$"},
        ]
        return [dict(kinds[i % len(kinds)], task="figure question answering", skills="['arithmetic reasoning']")
                for i in range(n)]
