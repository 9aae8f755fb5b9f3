"""ChartQAPro (Charts & Tables): VLMEvalKit ``ChartQAPro_CoT`` on the official route with the TRACE
final-answer adapter; no judge.

Prompt: the image, the paragraph (empty when missing) and the CoT ``prompt_context`` of the row's question
type (the question list's first item; conversational rows: the earlier turns as a Python list and the
last question).
Adapter (``_adapt_chartqapro_prediction``): a single ``<answer>`` block gives its last ``\\boxed{}`` (else
its text after the last "the answer is", else the block); two or more blocks leave the raw text; without
a block, the first line after the last "the answer is" with end punctuation and balanced markdown
stripped; unresolved -> the raw text. The adapted workbook is written and read back again before scoring.
Score (``evaluate_predictions_chartqapro``): the last answer of the row's answer list against the adapted
prediction (both with "." and newlines stripped at the ends), item by item over lists, exact match for
items flagged as years, else numeric within 5 % or ANLS (threshold 0.5); ``always_use_exact_match`` is
computed but never passed upstream, so Fact Checking and Multi Choice rows use the same relaxed match
(we conform). Benchmark score: mean of the row scores in percent.
"""

from __future__ import annotations

import ast
import re

from ..common import constants, messages as msg, table, trace_parsing as tp
from ..common.table import cell_str, is_na
from . import register
from .base import Benchmark, BenchmarkError

QUESTION_TYPES = {"Factoid": "factoid", "Multi Choice": "multi_choice", "Conversational": "conversational",
                  "Fact Checking": "fact_checking", "Hypothetical": "hypothetical"}

# ------------------------------------------------------------------------------------------ adapter
_MARKER = re.compile(r"\bthe[ \t]+answer[ \t]+is\b[ \t]*:?[ \t]*", re.IGNORECASE)
_TAG = re.compile(r"<answer>\s*(.*?)\s*</answer>", re.IGNORECASE | re.DOTALL)
_MARKDOWN = ("**", "__", "~~", "`", "*", "_")


def final_sentence(text: str) -> str | None:
    found = list(_MARKER.finditer(text))
    if not found:
        return None
    lines = text[found[-1].end():].splitlines()
    answer = lines[0].strip() if lines else ""
    previous = None
    while answer and answer != previous:
        previous = answer
        answer = answer.strip().rstrip(".?!。！？").strip()
        for mark in _MARKDOWN:
            if answer.startswith(mark) and answer.endswith(mark) and len(answer) > 2 * len(mark):
                answer = answer[len(mark):-len(mark)].strip()
                break
    return answer or None


def final_answer(value) -> str | None:
    text = tp.or_text(value)
    blocks = list(_TAG.finditer(text))
    if blocks:
        if len(blocks) != 1:
            return None
        answer = blocks[0].group(1).strip()
        if not answer:
            return None
        boxed = tp.last_closed_box(answer)
        if boxed is not None:
            return boxed or None
        marked = final_sentence(answer)
        return marked if marked is not None else answer
    return final_sentence(text)


# ------------------------------------------------------------------------------------------ scorer
def _fix_list_format(item):
    if not isinstance(item, str):
        return item
    m = re.match(r"^\[(.*)\]$", item.strip())
    if not m:
        return item
    corrected = re.sub(r"(?<!['\w])(\w[^,]*?)(?!['\w])", r"'\1'", m.group(1))
    try:
        return ast.literal_eval(f"[{corrected}]")
    except (SyntaxError, ValueError):
        return item


def _to_list(text):
    if not isinstance(text, str):
        return None
    try:
        parsed = ast.literal_eval(text)
    except Exception:  # noqa: BLE001 - the reference catches everything here
        return None
    return [str(x).strip(" '") for x in parsed] if isinstance(parsed, list) else None


def _to_float(text: str):
    try:
        return float(text.strip().strip("%"))
    except ValueError:
        return None


def _single(target: str, prediction: str, max_change: float = 0.05) -> float:
    from anls import anls_score

    t = target.strip().strip("%").strip()
    p = prediction.strip().strip("%").strip()
    tf, pf = _to_float(t), _to_float(p)
    if tf is not None and pf is not None:
        if tf == 0.0:
            return 1.0 if pf == 0.0 else 0.0
        return 1.0 if abs(pf - tf) / abs(tf) <= max_change else 0.0
    return anls_score(prediction=p.lower(), gold_labels=[t.lower()], threshold=0.5)


def relaxed_correctness(target: str, prediction: str, year_flags) -> float:
    """``relaxed_correctness_chartqapro`` as called upstream (always_use_exact_match left False)."""
    t_list = _to_list(str(_fix_list_format(target))) or [str(target)]
    p_list = _to_list(str(prediction)) or [str(prediction)]
    n = len(t_list)
    if year_flags is not None and len(year_flags) < n:
        year_flags = year_flags * n
    scores = []
    for i in range(max(len(t_list), len(p_list))):
        if i >= len(t_list) or i >= len(p_list):
            scores.append(0.0)
            continue
        try:
            flag = year_flags[i]
        except IndexError:
            raise BenchmarkError(f"year flags {year_flags!r} are fewer than the answers") from None
        if not isinstance(flag, str):
            raise BenchmarkError(f"year flag {flag!r} is not a string")
        if flag.upper() == "YES":
            scores.append(1.0 if t_list[i].strip().lower() == p_list[i].strip().lower() else 0.0)
        else:
            scores.append(_single(t_list[i], p_list[i]))
    return sum(scores) / len(scores) if scores else 0.0


def _literal(value, what):
    try:
        return ast.literal_eval(value)
    except (ValueError, SyntaxError, TypeError) as e:
        raise BenchmarkError(f"{what} {str(value)[:60]!r} is not a Python literal ({type(e).__name__})") from None


@register
class ChartQAPro(Benchmark):
    key = "chartqapro"
    alias = "ChartQAPro_CoT"
    reported = ("prediction_cell_seen_by_scorer", "scorer_call")
    upstream = ("vlmeval/dataset/chartqapro.py:25 ChartQAPro.build_prompt",
                "vlmeval/dataset/utils/chartqapro.py:11 prompt_context (vqa_type='CoT')",
                "rlvr/evaluation/scripts/run_official_vlmevalkit_saved_score.py:327 _adapt_chartqapro_prediction",
                "vlmeval/dataset/chartqapro.py:73 ChartQAPro.get_scores",
                "vlmeval/dataset/utils/chartqapro.py:311 evaluate_predictions_chartqapro",
                "vlmeval/dataset/utils/chartqapro.py:269 relaxed_correctness_chartqapro",
                "anls 0.0.2 anls_score")

    def build_prompt(self, row):
        if len(row.images) != 1:
            raise BenchmarkError(f"{self.key}: row {row.get('index')} must have one image")
        question = _literal(row.get("question"), "question")
        answer = _literal(row.get("answer"), "answer")
        if not isinstance(question, list):
            raise BenchmarkError(f"{self.key}: question is not a list")
        qtype = row.get("question_type")
        if qtype not in QUESTION_TYPES:
            raise BenchmarkError(f"{self.key}: unknown question_type {qtype!r}")
        paragraph = row.get("paragraph")
        paragraph = "" if is_na(paragraph) else paragraph
        if qtype == "Conversational":
            context = constants.get("chartqapro.cot.conversational", question=question[-1],
                                    conversation=[x for qa in zip(question[:-1], answer[:-1]) for x in qa])
        else:
            context = constants.get(f"chartqapro.cot.{QUESTION_TYPES[qtype]}", question=question[0])
        return [msg.image(0), msg.text(paragraph), msg.text(context)]

    def prepare(self, rows, responses):
        book = table.workbook_roundtrip([dict(r.fields, prediction=p) for r, p in zip(rows, responses)])
        for rec in book:
            adapted = final_answer(rec["prediction"])
            rec["raw_prediction"] = rec["prediction"]
            if adapted is not None:
                rec["prediction"] = adapted
        return table.workbook_roundtrip(book)         # the adapter writes the workbook; evaluate() reads it

    def score_row(self, item):
        answers = _literal(item.get("answer"), "answer")
        years = _literal(item.get("year"), "year")
        try:
            target = answers[-1].strip(".").strip("\n")
        except (AttributeError, IndexError, TypeError, KeyError):
            raise BenchmarkError(f"{self.key}: last answer of {answers!r} is not a string") from None
        cell = item.get("prediction")
        prediction = cell_str(cell).strip(".").strip("\n")
        if item.get("question_type") == "Conversational":
            years = years[-1:]
        score = relaxed_correctness(target, prediction, years)
        return {"score": score, "prediction_cell_seen_by_scorer": cell,
                "scorer_call": {"target": target, "prediction": prediction, "year_flags": years}}
        yield  # never asks the judge

    def aggregate(self, items, results):
        if not results:
            raise BenchmarkError(f"{self.key}: no rows to aggregate")
        splits: dict[str, list[float]] = {}
        for item, res in zip(items, results):
            splits.setdefault(str(item.get("question_type")), []).append(float(res["score"]))
        table_ = {k: sum(v) / len(v) for k, v in splits.items()}
        overall = sum(float(r["score"]) for r in results) / len(results)
        table_["Overall"] = overall
        return {"score": overall * 100.0, "table": table_}

    def fixture_records(self, rng, n):
        kinds = [("Factoid", ["What is the value of the tallest bar?"], ["42"], ["NO"], ""),
                 ("Multi Choice", ["Which bar is shortest? a) first b) second c) third d) fourth"], ["b"], ["NO"],
                  "Survey of 2020."),
                 ("Conversational", ["How many bars are there?", "And how many are blue?"], ["4", "1"],
                  ["NO", "NO"], ""),
                 ("Fact Checking", ["The first bar is taller than the second."], ["True"], ["NO"], ""),
                 ("Hypothetical", ["If the last bar doubled, what would it be?"], ["30"], ["NO"], ""),
                 ("Factoid", ["In which year was the value highest?"], ["2019"], ["YES"], "")]
        out = []
        for i in range(n):
            qtype, q, a, y, para = kinds[i % len(kinds)]
            out.append({"question": str(q), "answer": str(a), "question_type": qtype, "year": str(y),
                        "paragraph": para or None})
        return out
