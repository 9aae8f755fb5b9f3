"""MathVerse (MINI, Vision Only, CoT): VLMEvalKit ``MathVerse`` prompt, TRACE direct route, Qwen3-32B judge
on every row (extraction), then a score judgement where the extraction is not the answer verbatim.

Prompt: the row's images, then ``query_cot`` (the dataset name ends in ``_cot``).
Extraction (every row): ``build_mathverse_gpt4_extract_prompt`` over ``str(prediction)`` of the prediction
workbook (an empty response reads ``'nan'``), PersistentJudge at 128 tokens, temperature 0; an empty reply
is re-sent at 256 / 512 / 1024 tokens; still empty: the reference's run fails (see below). The stripped
reply is the extraction.
Prefetch (``post_check_score``): the row is correct without a second call when ``str(answer).strip() ==
extraction`` (exact string equality: ``4`` vs ``4 cm`` goes to the judge).
Score judgement: ``build_mathverse_gpt4_score_prompt`` (question_for_eval, answer, extraction), 16 tokens
(PersistentJudge raises it to 128; empty or cut replies climb the 256/512/1024 ladder) at temperatures 0,
0.5, 1.0, 1.5, 2.0 until the reply parses as a decision: ``0``/``1`` alone, or one consistent
``Judgement: 0|1`` line (bold variants too; ``_parse_mathverse_score_output``). The runner's first reading
(``out[:1] == '1'``) is replaced by that parse (``_normalize_mathverse_binary_judgement_summary``), so
``Judgement: 1`` counts as correct. Five unparsable attempts: the reference's run fails.
Aggregate (``MathVerse_acc``): per ``problem_version`` (from the ``metadata`` cell, quotes turned into JSON),
Overall and per subject / subfield means x 100; the score is the first split's Overall -- the suite's
Vision-Only set has one split. With several splits the reference's pick follows Python set order (not
reproducible); we report the mean over all rows then.
Where the reference's run fails on a judge reply that stays empty or undecided after its retries, we record
the row as unresolved (score 0, ``judge_unresolved``, counted in the table) instead of failing the job.
"""

from __future__ import annotations

import json
import re

from ..common import accuracy as acc, constants
from ..common.persistent_judge import nonempty, run_cached
from ..common.table import cell_str
from . import register
from .base import Benchmark, BenchmarkError

EXTRACT_MAX_TOKENS = 128
SCORE_MAX_TOKENS = 16
SCORE_ATTEMPTS = 5

_DECISION = re.compile(
    r"(?m)^[ \t]*(?:\*\*Judgement[ \t]*:[ \t]*([01])\*\*|\*\*Judgement\*\*[ \t]*:[ \t]*(?:\*\*([01])\*\*|([01]))"
    r"|Judgement[ \t]*:[ \t]*(?:\*\*([01])\*\*|([01])))(?=$|[ \t\r\n])")


def parse_decision(value) -> int | None:
    """``_parse_mathverse_score_output``: 0/1 alone, or the one decision all Judgement lines agree on."""
    text = str(value or "").strip()
    if text in ("0", "1"):
        return int(text)
    decisions = {int(next(g for g in m.groups() if g is not None)) for m in _DECISION.finditer(text)}
    return decisions.pop() if len(decisions) == 1 else None


def metadata(cell) -> dict:
    """``MathVerse_acc``'s reading of the metadata cell (single quotes replaced by double, then JSON)."""
    try:
        value = json.loads(cell_str(cell).replace("'", '"'))
    except ValueError:
        value = None
    if not isinstance(value, dict):
        raise BenchmarkError(f"mathverse: metadata {cell_str(cell)[:80]!r} is not a JSON object after quote "
                             "replacement (MathVerse_acc fails on it)")
    return value


@register
class MathVerse(Benchmark):
    key = "mathverse"
    alias = "MathVerse_MINI_Vision_Only_cot"
    route = "direct_score"
    judge = "every_row"
    reported = ("extracted", "score_log")
    question_column = "query_cot"           # 'cot' in the dataset name
    upstream = ("vlmeval/dataset/image_vqa.py:730 MathVerse.build_prompt",
                "rlvr/evaluation/vlmevalkit_extensions/batched_vlmevalkit_qwen3vl.py:375 run_mathverse_local_judge",
                "vlmeval/dataset/utils/mathverse.py:85 build_mathverse_gpt4_extract_prompt",
                "vlmeval/dataset/utils/mathverse.py:100 build_mathverse_gpt4_score_prompt",
                "vlmeval/dataset/utils/mathverse.py:123 post_check_score",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:2130 _run_local_math_like "
                "(score judge: five temperatures)",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:473 PersistentJudge._run_cached_api",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:1800 _parse_mathverse_score_output",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:2018 "
                "_normalize_mathverse_binary_judgement_summary",
                "vlmeval/dataset/utils/mathverse.py:170 MathVerse_acc")

    def score_row(self, item):
        prompt = constants.get("mathverse.extract_prompt", prediction=cell_str(item.get("prediction")))
        extract, _, ok = yield from run_cached(prompt, max_tokens=EXTRACT_MAX_TOKENS, validator=nonempty,
                                               retry_on_length=False, stage="extract")
        if not ok:      # the reference's run fails; recorded instead (issue 11: no crash of the whole job)
            return {"score": 0, "extracted": "", "score_log": "",
                    "judge_unresolved": "extraction empty after the max_tokens ladder"}
        answer = cell_str(item.get("answer"))
        if answer.strip() == extract:
            return {"score": 1, "extracted": extract, "score_log": "Prefetch succeed"}
        prompt = constants.get("mathverse.score_prompt", question_for_eval=cell_str(item.get("question_for_eval")),
                               answer=answer, extract=extract)
        for attempt in range(SCORE_ATTEMPTS):
            out, _, ok = yield from run_cached(prompt, max_tokens=SCORE_MAX_TOKENS, temperature=attempt * 0.5,
                                               validator=nonempty, stage="score")
            if not ok:
                return {"score": 0, "extracted": extract, "score_log": "",
                        "judge_unresolved": "score judgement empty or cut after the max_tokens ladder"}
            decision = parse_decision(out)
            if decision is not None:
                return {"score": int(decision == 1), "extracted": extract, "score_log": f"Judge output: {out}"}
        return {"score": 0, "extracted": extract, "score_log": "",
                "judge_unresolved": f"no 0/1 decision after {SCORE_ATTEMPTS} attempts"}

    def aggregate(self, items, results):
        if not results:
            raise BenchmarkError(f"{self.key}: no rows to aggregate")
        metas = [metadata(it.get("metadata")) for it in items]
        scores = [float(r["score"]) for r in results]
        splits = {}
        for meta, s in zip(metas, scores):
            if "problem_version" not in meta:
                raise BenchmarkError(f"{self.key}: metadata without problem_version")
            splits.setdefault(meta["problem_version"], []).append((meta, s))

        def means(rows) -> dict:
            out = {"Overall": sum(s for _, s in rows) / len(rows) * 100}
            for field in ("subject", "subfield"):
                for name in dict.fromkeys(m.get(field) for m in metas):
                    sel = [s for m, s in rows if m.get(field) == name]
                    out[str(name)] = sum(sel) / len(sel) * 100 if sel else None   # NaN in the reference
            return out

        table_ = {str(k): means(v) for k, v in splits.items()}
        overall = sum(scores) / len(scores) * 100
        return {"score": overall, "table": {"Overall": overall, "splits": table_,
                                            "judge_unresolved_rows": acc.unresolved_rows(results)}}

    def fixture_records(self, rng, n):
        cot = ("Please first conduct reasoning, and then answer the question and provide the final value, e.g., "
               "1, 2.5, 300, at the end.\nQuestion: ")
        kinds = [("As shown in the figure, find the length of BC.", lambda: str(rng.randrange(2, 20)), "length"),
                 ("As shown in the figure, which option is the value of angle A?\nChoices:\nA:30°\nB:45°\nC:60°\n"
                  "D:90°", lambda: "ABCD"[rng.randrange(4)], "angle"),
                 ("Find the area of the shaded region.", lambda: f"{rng.randrange(2, 40)}.5", "area")]
        out = []
        for i in range(n):
            q, answer, subfield = kinds[i % len(kinds)]
            meta = {"split": "testmini", "source": "GeoQA", "subject": "plane geometry", "subfield": subfield,
                    "problem_version": "Vision Only"}
            out.append({"question": "", "query_cot": cot + q, "question_for_eval": q, "answer": answer(),
                        "metadata": str(meta), "problem_index": i + 1})
        return out
