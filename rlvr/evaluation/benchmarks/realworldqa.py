"""RealWorldQA (Science & General): VLMEvalKit ``ImageMCQDataset`` under ``exact_matching`` (no judge, no judge
probe) on the official route, with TRACE's explicit-option adapter.

Data: the reference re-pins the artifact to the HTTP endpoint of the same file
(``benchmark_queue_lib.REALWORLDQA_TSV_URL``), whose md5 stays mandatory; we fetch from that URL.
Prompt: ``ImageMCQDataset.build_prompt`` (hint, question, the non-missing options A-Z, the instruction).
Adapter (``_adapt_realworldqa_prediction`` -> ``_adapt_explicit_mcq_prediction``): the row's option letters
are its non-missing option columns; ``extract_unambiguous_abcd`` of the raw prediction, else (Z or not an
option) ``_extract_final_mcq_option`` (answer markers, option lines near the end, a short answer's first
"X." / "X)", a last line starting with a letter); a letter among the options becomes "Answer: X", anything
else leaves the raw prediction. The adapted workbook is written and read back.
Score: ``can_infer`` (option letter, else a single option text contained in the answer); under
``exact_matching`` a failed prefetch is Z. Benchmark score: ``report_acc`` Overall in percent.
"""

from __future__ import annotations

import re

from ..common import table
from ..common.table import is_na
from ..common.trace_parsing import extract_unambiguous_abcd, or_text
from ..common.vlmeval_mcq import LETTERS, ImageMCQBenchmark
from . import register


def final_mcq_option(text, choices: list[str]) -> str:
    """``_extract_final_mcq_option`` (the score queue's verbose-answer option reader) -> letter or "Z"."""
    if not choices:
        return "Z"
    value = or_text(text).replace("\r", "\n")
    labels = "".join(re.escape(x) for x in choices)
    patterns = (
        rf"(?is)(?:\*\*)?\s*(?:final\s+answer|correct\s+answer|answer)\s*(?:is)?\s*:?\s*(?:\*\*)?\s*:?\s*"
        rf"(?:\*\*)?\(?([{labels}])\)?(?:\*\*)?\s*(?:[\.\):\-]|$)",
        rf"(?is)(?:therefore|thus|so),?\s*(?:the\s+)?(?:\*\*)?\s*(?:final\s+)?(?:correct\s+)?answer\s*(?:is)?\s*:?"
        rf"\s*(?:\*\*)?\s*:?\s*(?:\*\*)?\(?([{labels}])\)?(?:\*\*)?\s*(?:[\.\):\-]|$)",
        rf"(?is)(?:final\s+answer|correct\s+answer|answer)[\s\S]{{0,160}}?(?:\*\*)?\(?([{labels}])\)?(?:\*\*)?\s*[\.\)]",
    )
    found = sorted((m for p in patterns for m in re.finditer(p, value)), key=lambda m: m.start())   # stable
    if found:
        return found[-1].group(1).upper()
    tail = list(re.finditer(rf"(?im)^\s*(?:[-*]\s*)?(?:\*\*)?([{labels}])(?:\*\*)?\s*[\.\):]\s+", value[-1600:]))
    if tail:
        return tail[-1].group(1).upper()
    if len(re.findall(r"\S+", value)) <= 40:
        m = re.search(rf"(?<![A-Za-z])([{labels}])\s*[\.\):]\s+", value)
        if m:
            return m.group(1).upper()
    lines = [ln.strip() for ln in value.splitlines() if ln.strip()]
    for line in reversed(lines[-8:]):
        m = re.search(rf"^(?:\*\*)?([{labels}])(?:\*\*)?(?:\s*[\.\):]|\s*$)", line)
        if m:
            return m.group(1).upper()
    return "Z"


@register
class RealWorldQA(ImageMCQBenchmark):
    key = "realworldqa"
    alias = "RealWorldQA"
    judge = None                       # exact_matching: no LLM, no probe
    reported = ("adapted_prediction", "match_log")
    #: the reference's re-pin of the artifact URL (same bytes, md5 still checked)
    artifact_url = "http://opencompass.openxlab.space/utils/VLMEval/RealWorldQA.tsv"
    upstream = ("rlvr/evaluation/scripts/benchmark_queue_lib.py:30 REALWORLDQA_TSV_URL (build_vlmeval_dataset re-pin)",
                "vlmeval/dataset/image_mcq.py:212 ImageMCQDataset.build_prompt",
                "rlvr/evaluation/scripts/run_official_vlmevalkit_saved_score.py:500 _adapt_realworldqa_prediction",
                "rlvr/evaluation/scripts/run_official_vlmevalkit_saved_score.py:434 _adapt_explicit_mcq_prediction",
                "rlvr/evaluation/vlmevalkit_extensions/trace_eval_answer_parsing.py:77 extract_unambiguous_abcd",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:1672 _extract_final_mcq_option",
                "vlmeval/dataset/image_mcq.py:255 ImageMCQDataset.evaluate_heuristic (exact_matching)",
                "vlmeval/dataset/utils/multiple_choice.py:359 extract_answer_from_item",
                "vlmeval/utils/matching_util.py:124 can_infer",
                "vlmeval/dataset/utils/multiple_choice.py:77 report_acc")

    def prepare(self, rows, responses):
        book = table.workbook_roundtrip([dict(r.fields, prediction=p) for r, p in zip(rows, responses)])
        columns = set().union(*(rec.keys() for rec in book)) if book else set()
        for rec in book:
            raw = rec["prediction"]
            rec["raw_prediction"] = raw
            choices = [x for x in LETTERS if x in columns and not is_na(rec.get(x))]
            option = extract_unambiguous_abcd(raw)
            if option == "Z" or option not in choices:
                option = final_mcq_option(raw, choices)
            if option != "Z" and option in choices:
                rec["prediction"] = f"Answer: {option}"
        book = table.workbook_roundtrip(book)          # the adapted workbook evaluate() loads
        for rec in book:
            rec["_adapted"] = rec["prediction"]
        return book

    def score_row(self, item):
        result = yield from super().score_row(item)
        return dict(result, adapted_prediction=item.get("_adapted"))

    def fixture_records(self, rng, n):
        kinds = [("Which direction is the car facing?", ["left", "right", "toward us"], "C", None),
                 ("Is the light green?", ["yes", "no"], "A", "Look at the top."),
                 ("How many lanes are there?", ["1", "2", "3", "4"], "B", None)]
        out = []
        for i in range(n):
            q, opts, a, hint = kinds[i % len(kinds)]
            out.append({"question": q, **{"ABCD"[k]: v for k, v in enumerate(opts)}, "answer": a, "hint": hint})
        return out
