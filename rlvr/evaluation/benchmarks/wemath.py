"""WeMath (Math): VLMEvalKit ``WeMath_COT`` on the official route; the Qwen3-32B judge only where the
rule-based extraction fails; the benchmark score is WeMath's four-dimensional "Score (Strict)".

Prompt (``WeMath.build_prompt``): the image, "Hint: ..." (when present), "Question: ...", the options A-G as
"X. text" under "Options:", then (``'COT'`` in the dataset name) a newline and the row's ``requirement``
(the answer template) -- a missing requirement is NaN, which is not ``None``, so "\\nnan" is appended.
Score per row (``WeMath.evaluate`` -> ``mcq_vanilla_eval``): ``can_infer`` on the prediction, else the MCQ
judge. ``'WeMath_COT' != 'WeMath'``, so the generic judge template is used, not the WeMath one, and the
template's answer format ``<Answer>: <<B>>`` is one unknown token for ``can_infer``: such rows go to the
judge (we conform).
Benchmark score (``wemath_evaluate_models``): the rows are grouped into problems by ``ID`` per step count
(keys ``2steps_1``, ``2steps_2``, ``2steps_multi``; ``3steps_1..3``, ``3steps_multi``; other keys are
ignored), the one-step rows left-joined with the composite row; per problem: insufficient knowledge (a step
wrong, composite wrong), inadequate generalization (all steps right, composite wrong), rote memorization
strict (a step wrong, composite right). Score (Strict) = (525 - 0.5 IG - RM - IK) / 525, printed with
``{:.2%}`` and read back as a percent (``_primary_metric_contract``): the denominator stays 525 whatever
the number of rows (we conform; a partial run scores near 100 %). A step row missing from a problem is
neither right nor wrong (pandas NaN comparisons). Upstream, the rote-memorization rates divide by the count
of composite problems answered right and fail when there is none; those rates only feed the report table,
so we report them as missing there and still give the score the reference's formula defines.
"""

from __future__ import annotations

from ..common import constants, messages as msg
from ..common.table import cell_str, is_na
from ..common.vlmeval_mcq import ImageMCQBenchmark, question_block
from . import register
from .base import BenchmarkError

TOTAL = 525          # wemath_evaluate_models: evaluate_compute_final_scores(..., total_count=525)


def _same(a, b) -> bool:
    return a == b or (is_na(a) and is_na(b))      # pandas merge matches missing keys with each other


def merged_problems(rows: list[dict], steps: int) -> list[dict]:
    """``evaluate_process_steps_data``: the ``{steps}steps_1`` rows left-joined on ID with the other steps and
    the composite row (duplicates multiply, a missing partner leaves its ``joker`` missing)."""
    by_key = {f"{steps}steps_{i}": [] for i in range(1, steps + 1)}
    by_key[f"{steps}steps_multi"] = []
    for r in rows:
        if r["key"] in by_key:
            by_key[r["key"]].append(r)
    merged = [{"ID_1": r["ID"], "joker_1": r["joker"]} for r in by_key[f"{steps}steps_1"]]
    for suffix in [str(i) for i in range(2, steps + 1)] + ["multi"]:
        out = []
        for m in merged:
            partners = [r for r in by_key[f"{steps}steps_{suffix}"] if _same(r["ID"], m["ID_1"])]
            out += [dict(m, **{f"joker_{suffix}": r["joker"]}) for r in partners] or [dict(m, **{f"joker_{suffix}": None})]
        merged = out
    return merged


def _mean(values) -> float | None:
    values = [v for v in values if v is not None]           # pandas mean skips NaN
    return sum(values) / len(values) if values else None


def four_dimensions(rows: list[dict]) -> dict:
    """``evaluate_calculate_metrics`` + ``evaluate_compute_final_scores`` counts over rows with
    ``ID``, ``key`` and ``joker`` (True/False), plus ``wemath_accuracy``'s step accuracies."""
    counts = dict.fromkeys(("InadequateGeneralization", "InsufficientKnowledge", "CompleteMastery_loose",
                            "CompleteMastery_strict", "RoteMemorization_loose", "RoteMemorization_strict"), 0)
    one_step = []
    for steps in (2, 3):
        merged = merged_problems([r for r in rows if f"{steps}steps" in r["key"]], steps)
        counts[f"S{steps}"] = _mean([m["joker_multi"] for m in merged])
        one_step += [m[f"joker_{i}"] for m in merged for i in range(1, steps + 1)]
        for m in merged:
            subs = [m[f"joker_{i}"] for i in range(1, steps + 1)]
            multi = m["joker_multi"]
            any_false, all_true = any(s is False for s in subs), all(s is True for s in subs)
            all_false, any_true = all(s is False for s in subs), any(s is True for s in subs)
            counts["RoteMemorization_loose"] += all_false and multi is True
            counts["RoteMemorization_strict"] += any_false and multi is True
            counts["InadequateGeneralization"] += all_true and multi is False
            counts["InsufficientKnowledge"] += any_false and multi is False
            counts["CompleteMastery_loose"] += any_true and multi is True
            counts["CompleteMastery_strict"] += all_true and multi is True
    counts["S1"] = _mean(one_step)
    return counts


def percent_text(value) -> str:
    return "nan%" if value is None else "{:.2%}".format(value)


@register
class WeMath(ImageMCQBenchmark):
    key = "wemath"
    alias = "WeMath_COT"
    upstream = ("vlmeval/dataset/image_mcq.py:1457 WeMath.build_prompt",
                "vlmeval/dataset/image_mcq.py:1497 WeMath.evaluate",
                "vlmeval/dataset/utils/multiple_choice.py:475 mcq_vanilla_eval",
                "vlmeval/dataset/utils/multiple_choice.py:359 extract_answer_from_item",
                "vlmeval/dataset/utils/multiple_choice.py:224 build_prompt",
                "vlmeval/utils/matching_util.py:124 can_infer",
                "vlmeval/dataset/utils/wemath.py:201 wemath_evaluate_models",
                "vlmeval/dataset/utils/wemath.py:47 evaluate_process_steps_data",
                "vlmeval/dataset/utils/wemath.py:64 evaluate_calculate_metrics",
                "vlmeval/dataset/utils/wemath.py:131 evaluate_compute_final_scores",
                "vlmeval/dataset/utils/wemath.py:162 evaluate_update_main_results_df",
                "rlvr/evaluation/scripts/run_trace_eval_official_score_campaign.py:533 _primary_metric_contract")

    def build_prompt(self, row):
        if "requirement" not in row.fields:
            raise BenchmarkError(f"{self.key} row {row.get('index')!r}: no requirement column (WeMath_COT reads it)")
        prompt, _ = question_block(row, "wemath")
        prompt += constants.get("wemath.requirement", requirement=cell_str(row.get("requirement")))
        return msg.images(row) + [msg.text(prompt)]

    def aggregate(self, items, results):
        if not results:
            raise BenchmarkError(f"{self.key}: no rows to aggregate")
        rows = []
        for item, res in zip(items, results):
            key = item.get("key")
            if not isinstance(key, str):
                raise BenchmarkError(f"{self.key}: row {item.get('index')!r} has key {key!r}, not text "
                                     f"(the reference's key filter fails)")
            if "ID" not in item:
                raise BenchmarkError(f"{self.key}: rows without an ID column")
            rows.append({"ID": item["ID"], "key": key, "joker": bool(res["score"])})
        c = four_dimensions(rows)

        def rate(num, den):
            return num / den if den else None

        strict = (TOTAL - 0.5 * c["InadequateGeneralization"] - c["RoteMemorization_strict"]
                  - c["InsufficientKnowledge"]) / TOTAL
        loose = (TOTAL - 0.5 * c["InadequateGeneralization"] - c["RoteMemorization_loose"]
                 - c["InsufficientKnowledge"]) / TOTAL
        table = {"Score (Strict)": percent_text(strict), "Score (Loose)": percent_text(loose)}
        for name, count, den in (
                ("InsufficientKnowledge", c["InsufficientKnowledge"], TOTAL),
                ("InadequateGeneralization", c["InadequateGeneralization"], TOTAL),
                ("CompleteMastery (Strict)", c["CompleteMastery_strict"], TOTAL),
                ("CompleteMastery (Loose)", c["CompleteMastery_loose"], TOTAL),
                ("RoteMemorization (Strict)", c["RoteMemorization_strict"],
                 c["CompleteMastery_strict"] + c["RoteMemorization_strict"]),
                ("RoteMemorization (Loose)", c["RoteMemorization_loose"],
                 c["CompleteMastery_loose"] + c["RoteMemorization_loose"])):
            table[name] = f"{percent_text(rate(count, den))} ({count})"
        table.update({"One-step(S1)": percent_text(c["S1"]), "Two-step(S2)": percent_text(c["S2"]),
                      "Three-step(S3)": percent_text(c["S3"])})
        return {"score": float(percent_text(strict)[:-1]), "table": table}

    def fixture_records(self, rng, n):
        problems = [("2steps", ["What is the side length of the square?", "What is the area of a square with side 4?",
                                "What is the area of the square in the figure?"], "Area of Squares"),
                    ("3steps", ["Which angle is marked?", "How large is the marked angle?", "What is the sum?",
                                "Which figure has the largest angle?"], "Angles")]
        requirement = ("Regarding the format, please answer following the template below, and be sure to include "
                       "two <> symbols:\n<Thought process>: <<your thought process>> <Answer>: <<your option>>")
        out = []
        c = 0
        while len(out) < n:
            for steps, questions, concept in problems:
                for k, q in enumerate(questions):
                    key = f"{steps}_{k + 1}" if k < len(questions) - 1 else f"{steps}_multi"
                    out.append({"question": q, "A": "2 cm", "B": "4 cm", "C": "16 cm", "D": "8 cm", "E": None,
                                "answer": "ABCD"[rng.randrange(4)], "hint": None, "ID": f"{steps}_{c}", "key": key,
                                "knowledge concept": concept, "requirement": requirement})
            c += 1
        return out
