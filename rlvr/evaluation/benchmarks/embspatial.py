"""EmbSpatial-Bench (Spatial): VLMEvalKit ``EmbSpatialBench`` on the official route with
``exact_matching`` (the campaign's deterministic keys): no judge, no judge probe.

Prompt (``EmbSpatialBench.build_prompt``, SiteBench style): the image, then "Question: ...", "Options:" and
the ``options`` list (JSON, else a Python literal) as "X: text" lines, then "Give me the answer letter
directly. The best answer is:".
Score (``eval_mcq_score`` -> ``compute_mcq_score``): ``can_match_option`` on the prediction and on the
answer (letters A-F), a hit when both give the same letter -- or when both give nothing (``False ==
False``; the answers are letters, so this does not arise with the real data). ``can_match_option`` steps: a
leading letter inside ``<answer>...</answer>`` (A-J, even when it begins a word), a letter right before
``</answer>`` / ``</think>`` in the last 800 characters, the last six lines after the last think tag (a
line that is one letter, a line starting "X." / "X)" -- lines starting "Option X:" are skipped -- or one
distinct stand-alone capital), the same over the last 800 characters, the first phrase "answer is X",
"答案 X", ... (case-insensitive letter), and finally one distinct stand-alone capital A-F in the whole text.
Quirks we conform to: "Option B: the table" scores 0 (its line is skipped and no other rule fires), a
hedge naming two letters is unresolved. Benchmark score: ``overall`` = mean hit in percent (per
``data_source`` accuracies in the table); a score of at most 1 % is multiplied by 100 by the campaign's auto
scaling.
"""

from __future__ import annotations

import ast
import json
import re

from ..common import constants, messages as msg, vlmeval_report
from ..common.table import cell_str
from . import register
from .base import Benchmark, BenchmarkError

_ZERO_WIDTH = re.compile("[\u200b\u200c\u200d\ufeff]")
_OPEN = r"[\(\[\{（【]"
_CLOSE = r"[\)\]\}）】]"
_ANSWER_BLOCK = re.compile(r"<\s*answer\b[^>]*>\s*([A-Ja-j])(?:\s*[\.．:：\)\]】、])?.*?<\s*/\s*answer\s*>",
                           re.IGNORECASE | re.DOTALL)
_OPTION_LINE = re.compile(r"^(?:[*_>\-\s]*)(?:option|选项)\s+[A-J]\s*[:：]", re.IGNORECASE)
_SINGLE_LETTER_LINE = re.compile(r"^\s*[*_`>（）\[\]【】\(\)]*\s*([A-Fa-f])\s*[*_`（）\[\]【】\(\)]*\s*$")
_LABELED_LINE = re.compile(r"^\s*([A-F])\s*[\.．:：\)\]】、-]\s+", re.IGNORECASE)
_TIGHT = r"\.,:;!?\)\]】》」』，。；、：）】》」』"
_INLINE_TOKEN = re.compile(r"(?<![A-Za-z])[*_`（\[\{\(]*\s*([A-F])\s*[*_`）\]\})]*(?=$|[\s" + _TIGHT + "])")
_THINK_END = re.compile(r"</\s*think\s*>", re.IGNORECASE)
_THINK_START = re.compile(r"<\s*think\s*>", re.IGNORECASE)
_PHRASES = r"(?:final\s*answer|the\s*answer\s*is|answer(?:\s*is)?|correct\s*answer|答案|最终答案|结论|所以|因此|我选(?:择)?|选择|选)"


def _letter_from_lines(lines: list[str]):
    for line in reversed([ln.strip() for ln in lines if ln.strip()]):
        if _OPTION_LINE.search(line):
            continue
        m = _SINGLE_LETTER_LINE.fullmatch(line) or _LABELED_LINE.match(line)
        if m:
            return m.group(1).upper()
        tokens = {t.upper() for t in _INLINE_TOKEN.findall(line)}
        if len(tokens) == 1:
            return tokens.pop()
    return None


def can_match_option(answer_text, letters: str = "ABCDEF", tail_lines: int = 6, tail_window: int = 800):
    """``spatial_bench.matching_func.can_match_option`` (no ``choices``: letters A-F) -> letter or False."""
    if not isinstance(answer_text, str):
        return False
    text = _ZERO_WIDTH.sub("", answer_text.strip())
    m = _ANSWER_BLOCK.search(text)
    if m:
        return m.group(1).upper()
    tail = text[-tail_window:]
    for closing in (r"</\s*answer\s*>", r"</\s*think\s*>"):
        m = re.search(rf"(?<![A-Za-z]){_OPEN}?\s*([{letters}])\s*{_CLOSE}?\s*{closing}", tail, re.IGNORECASE)
        if m:
            return m.group(1).upper()
    ends = list(_THINK_END.finditer(text)) or list(_THINK_START.finditer(text))
    segment = text[ends[-1].end():].strip() if ends else text
    for lines in (segment.splitlines()[-tail_lines:], tail.splitlines()[-tail_lines:]):
        pick = _letter_from_lines(lines)
        if pick:
            return pick
    m = re.search(rf"(?i){_PHRASES}\s*[:：>＝=]?\s*{_OPEN}?\s*([{letters}])\s*{_CLOSE}?(?:\b|[.)、。])", text)
    if m:
        return m.group(1).upper()
    kept = "\n".join(ln for ln in text.splitlines() if not _OPTION_LINE.search(ln))
    tokens = set(re.findall(rf"(?<![A-Za-z]){_OPEN}?\s*([{letters}])\s*{_CLOSE}?(?![A-Za-z])", kept))
    return tokens.pop() if len(tokens) == 1 else False


def exact_match(pred, target) -> int:
    return int(str(pred).strip().lower() == str(target).strip().lower())


def parse_options(value):
    """The ``options`` cell as the prompt reads it: JSON, else a Python literal."""
    if not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except (ValueError, RecursionError):
        try:
            return ast.literal_eval(value)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            raise BenchmarkError(f"options {value!r} are neither JSON nor a Python literal") from None


@register
class EmbSpatial(Benchmark):
    key = "embspatial"
    alias = "EmbSpatialBench"
    judge = None
    upstream = ("vlmeval/dataset/embspatialbench.py:35 EmbSpatialBench.build_prompt",
                "vlmeval/dataset/embspatialbench.py:76 EmbSpatialBench.evaluate",
                "vlmeval/dataset/utils/spatial_bench/cal_scores.py:154 eval_mcq_score",
                "vlmeval/dataset/utils/spatial_bench/cal_scores.py:77 compute_mcq_score",
                "vlmeval/dataset/utils/spatial_bench/cal_scores.py:17 exact_match",
                "vlmeval/dataset/utils/spatial_bench/matching_func.py:39 can_match_option",
                "rlvr/evaluation/scripts/run_trace_eval_official_score_campaign.py:78 DETERMINISTIC_OFFICIAL_SCORE_KEYS")
    order = ("mp3d", "ai2thor", "scannet")          # EmbSpatialBench._task_category

    def build_prompt(self, row):
        question = row.get("question")
        if not isinstance(question, str):
            raise BenchmarkError(f"{self.key} row {row.get('index')!r}: question {question!r} is not text")
        options = parse_options(row.get("options"))
        try:
            lines = [constants.get("embspatial.option_line", letter=chr(ord("A") + i), option=options[i])
                     for i in range(len(options))]
        except (TypeError, IndexError, KeyError):
            raise BenchmarkError(f"{self.key} row {row.get('index')!r}: options {row.get('options')!r} are not "
                                 f"a list") from None
        prompt = (constants.get("embspatial.question", question=question)
                  + constants.get("embspatial.options", option_text="\n".join(lines))
                  + constants.text("embspatial.post_prompt"))
        return msg.images(row) + [msg.text(prompt)]

    def score_row(self, item):
        pred = can_match_option(cell_str(item.get("prediction")))
        gt = can_match_option(cell_str(item.get("answer")).strip())
        return {"score": exact_match(pred, gt), "pred_extracted": pred}
        yield  # exact matching: never asks the judge

    def aggregate(self, items, results):
        if not results:
            raise BenchmarkError(f"{self.key}: no rows to aggregate")
        hits = [r["score"] for r in results]
        summary = {"overall": sum(hits) / len(hits) * 100.0}
        if any("data_source" in it for it in items):
            sources = [it.get("data_source") for it in items]
            present = [s for s in dict.fromkeys(sources) if s is not None]
            for src in list(self.order) + [s for s in present if s not in self.order]:
                sub = [h for h, s in zip(hits, sources) if s == src]
                if sub:
                    summary[f"{src}_accuracy"] = sum(sub) / len(sub) * 100.0
        _, value = vlmeval_report.primary(vlmeval_report.flatten_dict(summary))
        return {"score": vlmeval_report.auto_percent(value), "table": summary}

    def fixture_records(self, rng, n):
        kinds = [("Which object is closest to the camera?", ["the chair", "the table", "the lamp", "the sofa"], "mp3d"),
                 ("Which object is to the left of the sofa?", ["bed", "desk"], "ai2thor"),
                 ("How is the lamp positioned relative to the table?", ["above", "below", "left", "right"], "scannet")]
        out = []
        for i in range(n):
            q, opts, src = kinds[i % len(kinds)]
            out.append({"question": q, "options": json.dumps(opts), "answer": "ABCD"[rng.randrange(len(opts))],
                        "data_source": src, "question_type": "object relation"})
        return out
