"""CharXiv reasoning (Charts & Tables): VLMEvalKit ``CharXiv`` prompt, TRACE direct route judged by Qwen3-32B.

Prompt: the row's first image, then the question as it is.
Judge (every row): the row's ``grading_query`` with ``{PREDICTION}`` replaced by ``str(prediction)`` of the
prediction workbook cell, sent by PersistentJudge (/v1/completions, temperature 0, top_p 1) with the
max_tokens ladder 256 -> 512 -> 1024; a reply is accepted when it is non-empty, not cut at max_tokens and
holds a score in [0, 1] (``score`` of the JSON object, else a ``score: x`` pattern). Still unparsable at
1024 tokens (or a non-zero score for an empty prediction): the reference's run fails with RuntimeError and
publishes no number; we record the row as unresolved with score 0 (``judge_unresolved``; counted in the
table) so one malformed reply does not discard the slice.
Extracted answer (``_resolve_charxiv_extracted_answer`` over ``runner._parse_charxiv_judge``, see
:func:`judge_extraction`): a reply that is a JSON object with a numeric (or absent) ``score`` gives its
``extracted_answer`` (else ``extract_answer``) value as ``str``; any other reply -- JSON inside text, a fenced
block, plain ``extracted_answer: 12`` lines -- gives the text after the first ``extracted_answer``/
``extract_answer`` key up to a quote, newline or ``}``. Empty: ``extract_final_answer(prediction)``.
Score: the judge's score; the benchmark score is the mean in percent (category means by inst_category).
"""

from __future__ import annotations

import json
import re

from ..common import judge_protocol as jp, messages as msg, trace_parsing as tp
from ..common.table import cell_str, is_na
from . import register
from .base import Benchmark, BenchmarkError

CATEGORIES = {1: "Text-in-Chart", 2: "Text-in-General", 3: "Number-in-Chart", 4: "Number-in-General"}
JUDGE_MAX_TOKENS = 256          # --judge-max-tokens default of the score queue


_EXTRACTED_KEY = re.compile(r'"?(?:extracted_answer|extract_answer)"?\s*[:=]\s*"?([^"\n}]+)', flags=re.I)


def judge_extraction(reply) -> str:
    """The judge's extracted answer as the reference reads it (``_parse_charxiv_judge``'s ``extract_answer``,
    then ``str(...).strip()``): the value of a whole-reply JSON object whose score converts to float, else the
    first ``extracted_answer``/``extract_answer`` key's text in the reply; "" when there is none."""
    text = str(reply or "").strip()
    try:
        obj = json.loads(text)
        if isinstance(obj, dict):
            float(obj.get("score", 0.0))     # a score float() refuses sends the reply to the text rule
            return str(obj.get("extracted_answer", obj.get("extract_answer", ""))).strip()
    except (ValueError, TypeError, RecursionError):
        pass
    m = _EXTRACTED_KEY.search(text)
    return m.group(1).strip() if m else ""


def parse_score(reply) -> float | None:
    """``_parse_charxiv_score_output``: the JSON ``score`` (else a ``score: x`` pattern) as a float in [0, 1]."""
    text = str(reply or "")
    raw = tp.json_object(text).get("score")
    if raw is None:
        m = re.search(r'"?score"?\s*[:=]\s*([01](?:\.\d+)?)', text, flags=re.I)
        raw = m.group(1) if m else None
    try:
        value = float(raw)
    except (TypeError, ValueError):
        return None
    return value if 0.0 <= value <= 1.0 else None


@register
class CharXivReasoning(Benchmark):
    key = "charxivreason"
    alias = "CharXiv_reasoning_val"
    route = "direct_score"
    judge = "every_row"
    reported = ("extracted",)
    upstream = ("vlmeval/dataset/charxiv.py:116 CharXiv.build_prompt",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:2240 _run_charxiv_local_judge",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:473 PersistentJudge._run_cached_api",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:1652 _parse_charxiv_score_output",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:1633 _resolve_charxiv_extracted_answer",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:2304 runner._parse_charxiv_judge "
                "(absent at af32fe0e; the earlier batched_vlmevalkit_qwen3vl.py revision the cases shim)",
                "rlvr/evaluation/scripts/trace_benchmark_answer_parsing.py:51 extract_final_answer",
                "vlmeval/dataset/charxiv.py:57 qid2category")

    def build_prompt(self, row):
        if not row.images:
            raise BenchmarkError(f"{self.key}: row {row.get('index')} has no image")
        q = row.get("question")
        return [msg.image(0), msg.text(q if isinstance(q, str) else cell_str(q))]

    def prepare(self, rows, responses):
        from ..common import table

        # the direct route reads the prediction workbook (to_excel -> read_excel) like the official one
        return table.workbook_roundtrip([dict(r.fields, prediction=p) for r, p in zip(rows, responses)])

    def score_row(self, item):
        prediction = item.get("prediction")
        prompt = cell_str(item.get("grading_query")).replace("{PREDICTION}", cell_str(prediction))
        score = reply = None
        for limit in tp.ladder(JUDGE_MAX_TOKENS):
            reply = yield jp.persistent_completion(prompt, max_tokens=limit, temperature=0.0)
            if not tp.needs_retry(reply) and parse_score(reply) is not None:
                score = parse_score(reply)
                break
        if score is None:
            # the reference raises here and the whole run has no score; we record the row as unresolved (0)
            return {"score": 0.0, "extracted": "", "judge_unresolved": "unparsable after the max_tokens ladder"}
        extracted = judge_extraction(reply)
        if not extracted and not is_na(prediction):
            extracted = tp.extract_final_answer(prediction)[0]
        if not extracted and score != 0.0:
            return {"score": 0.0, "extracted": "", "judge_unresolved": f"judge scored {score} an empty prediction"}
        return {"score": score, "extracted": extracted}

    def aggregate(self, items, results):
        if not results:
            raise BenchmarkError(f"{self.key}: no rows to aggregate")
        buckets: dict[str, list[float]] = {}
        for item, res in zip(items, results):
            cat = item.get("inst_category")
            if cat not in CATEGORIES:
                raise BenchmarkError(f"{self.key}: inst_category {cat!r} is not one of 1-4")
            buckets.setdefault(CATEGORIES[cat], []).append(float(res["score"]))
        table = {k: sum(v) / len(v) for k, v in sorted(buckets.items())}
        overall = sum(float(r["score"]) for r in results) / len(results)
        table["Overall"] = overall
        table["judge_unresolved_rows"] = sum(1 for r in results if r.get("judge_unresolved"))
        return {"score": overall * 100.0, "table": table}

    def fixture_records(self, rng, n):
        query = ("You will be given a question, an ground truth answer and a model response. Grade it. "
                 "Respond in json with keys [extracted_answer, score].\n\nQuestion: {q}\nGround Truth: {a}\n"
                 "Model Response: {{PREDICTION}}")
        out = []
        for i in range(n):
            cat = 1 + i % 4
            q, a = (("Which label is on the tallest bar?", "Alpha") if cat in (1, 2)
                    else ("What is the largest value?", str(rng.randrange(2, 40))))
            out.append({"question": q, "answer": a, "inst_category": cat, "grading_query": query.format(q=q, a=a)})
        return out
