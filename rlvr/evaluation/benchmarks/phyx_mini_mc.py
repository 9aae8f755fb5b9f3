"""PhyX mini MC (Physics): VLMEvalKit ``PhyX_mini_MC`` (``PhyX``) on the official route with TRACE's option
adapter and ``valid_type="STR"`` (string-level scoring): no judge, no judge probe.

Prompt (``PhyX.build_prompt``): the image, then the ``question`` column as it is (the options "A: ..."
are part of it).
Adapter (``_adapt_phyx_option_prediction`` with ``_extract_option_letter(choices="ABCD")``): the raw
prediction (``str(x or "")``) is read for a letter -- the last ``{...}`` (else ``\\boxed{}``, yes/no or
the last "answer: ..." line) when it is just a letter, then "<answer> X", then "final answer / answer /
option / choice / correct (is|:) X" (case-insensitive), in the braced part and then the whole text, else
the last stand-alone letter A-D in either case -- and the prediction becomes ``Answer: X`` or
``UNRESOLVED``. Quirk we conform to: the article "a" counts as option A ("Consider a block" -> A).
Score (``PhyX_process_line_MC``): the first ``correct|answer|option`` word followed by a capital A-D
gives ``extracted``; a hit when it equals the answer (case-insensitive); without such a word the last
"X:" is tried, else ``extracted`` is "SAME as predict"; finally the answer followed by ":" or wrapped
in "**" anywhere in the prediction counts. Benchmark score: ``Overall`` = mean hit (per-category means in
the table), in percent.
"""

from __future__ import annotations

import re

from ..common import messages as msg, table, vlmeval_report
from ..common.table import cell_str, is_na
from . import register
from .base import Benchmark, BenchmarkError

UNRESOLVED = "UNRESOLVED"      # the adapter's workbook value for a prediction without a letter


def _truthy_text(value) -> str:
    """``str(value or "")`` of a workbook cell (NaN is truthy: "nan")."""
    if is_na(value):
        return "nan"
    return str(value) if value else ""


def braced_answer(text: str) -> str:
    """``_extract_braced_answer``."""
    text = text.strip()
    for found in (re.findall(r"\{([^{}]+)\}", text), re.findall(r"\\boxed\{([^{}]+)\}", text),
                  re.findall(r"\b(yes|no)\b", text, flags=re.I)):
        if found:
            return found[-1].strip()
    final = list(re.finditer(r"\b(?:final\s+answer|answer)\b\s*[:：]?\s*(.+)", text, flags=re.I | re.S))
    if final:
        return final[-1].group(1).strip().splitlines()[0].strip()
    return text


def option_letter(value, choices: str = "ABCD") -> str:
    """``_extract_option_letter`` -> a letter of ``choices`` or ""."""
    text = _truthy_text(value).strip()
    patterns = (rf"<\s*answer\s*>\s*[:：]?\s*([{choices}])\b",
                rf"\b(?:final\s+answer|answer|option|choice|correct)\b\s*(?:is|:|：)?\s*([{choices}])\b")
    for candidate in (braced_answer(text), text):
        if candidate.strip().upper() in set(choices):
            return candidate.strip().upper()
        for pattern in patterns:
            m = re.search(pattern, candidate, flags=re.I)
            if m:
                return m.group(1).upper()
    found = re.findall(rf"\b([{choices}])\b", text, flags=re.I)
    return found[-1].upper() if found else ""


def process_line_mc(prediction: str, answer: str) -> tuple[int, str]:
    """``PhyX_process_line_MC`` on the adapted prediction -> (match, extracted)."""
    pred = prediction.strip()
    m = re.search(r"\b(?:correct|answer|option|Answer|Option|Correct)\b[\s\S]*?([A-D])", pred)
    if m:
        extracted = m.group(1)
        if answer.strip().lower() == extracted.strip().lower():
            return 1, extracted
    else:
        found = re.findall(r"([ABCD]):", pred)
        extracted = found[-1] if found else "SAME as predict"
        if found and answer.strip().lower() == extracted.strip().lower():
            return 1, extracted
    hit = answer + ":" in pred or answer + "**" in pred or "**" + answer in pred
    return int(hit), extracted


@register
class PhyXMiniMC(Benchmark):
    key = "phyx_mini_mc"
    alias = "PhyX_mini_MC"
    judge = None
    reported = ("adapted_prediction", "extracted")
    upstream = ("vlmeval/dataset/image_vqa.py:3417 PhyX.build_prompt",
                "rlvr/evaluation/scripts/run_official_vlmevalkit_saved_score.py:358 _adapt_phyx_option_prediction",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:1486 _extract_option_letter",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:1465 _extract_braced_answer",
                "rlvr/evaluation/scripts/run_trace_eval_official_score_campaign.py:516 _judge_kwargs (valid_type STR)",
                "vlmeval/dataset/image_vqa.py:3442 PhyX.evaluate",
                "vlmeval/dataset/utils/phyx.py:333 PhyX_process_line_MC",
                "vlmeval/dataset/image_base.py:17 _choose_primary_metric_key")

    def build_prompt(self, row):
        return msg.images(row) + [msg.text(cell_str(row.get("question")))]

    def prepare(self, rows, responses):
        book = table.workbook_roundtrip([dict(r.fields, prediction=p) for r, p in zip(rows, responses)])
        for rec in book:
            letter = option_letter(rec["prediction"])
            rec["raw_prediction"] = rec["prediction"]
            rec["prediction"] = f"Answer: {letter}" if letter else UNRESOLVED
        return table.workbook_roundtrip(book)          # the adapted workbook PhyX.evaluate loads

    def score_row(self, item):
        adapted = cell_str(item.get("prediction"))
        hit, extracted = process_line_mc(adapted, cell_str(item.get("answer")))
        return {"score": hit, "adapted_prediction": adapted, "extracted": extracted}
        yield  # valid_type STR: never asks the judge

    def aggregate(self, items, results):
        if not results:
            raise BenchmarkError(f"{self.key}: no rows to aggregate")
        hits = [r["score"] for r in results]
        summary = {"Overall": sum(hits) / len(hits)}
        if any("category" in it for it in items):
            cats = [it.get("category") for it in items]
            for c in vlmeval_report.sorted_values(cats, "category"):
                sub = [h for h, x in zip(hits, cats) if x == c]
                summary[str(c)] = sum(sub) / len(sub) if sub else float("nan")
        _, value = vlmeval_report.primary(vlmeval_report.flatten_dict(summary))
        return {"score": vlmeval_report.auto_percent(value), "table": summary}

    def fixture_records(self, rng, n):
        kinds = [("A ball falls from 5 m. What is its speed at the ground?\nA: 5 m/s\nB: 9.9 m/s\nC: 20 m/s\n"
                  "D: 0 m/s", "Mechanics", "Kinematics"),
                 ("Which lens forms the image shown?\nA: convex\nB: concave\nC: plane\nD: none", "Optics", "Lenses"),
                 ("Which resistor dissipates the most power?\nA: R1\nB: R2\nC: R3\nD: R4", "Electromagnetism",
                  "Circuits")]
        out = []
        for i in range(n):
            q, cat, sub = kinds[i % len(kinds)]
            out.append({"question": q, "answer": "ABCD"[rng.randrange(4)], "category": cat, "subfield": sub,
                        "reasoning_type": "Physical Model Grounding Reasoning"})
        return out
