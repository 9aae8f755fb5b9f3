"""VLMEvalKit's multiple-choice rules (VLMEvalKit a8b12bf1), shared by the benchmarks scored through
``ImageMCQDataset``-style evaluators.

Rule-based extraction (``vlmeval/utils/matching_util.py``)
    :func:`can_infer_option` -- refusal phrases give ``Z``; the answer with ``.()[],:;!*#{}`` blanked,
    split on whitespace; exactly one option letter among the tokens and within the last five tokens wins;
    no option letter but a ``Z`` token gives ``Z``; else the "answer is **X**" regex (letters A-D only);
    :func:`can_infer_text` -- (answers longer than twice the options' total length refused) exactly one
    option text contained in the lower-cased answer; :func:`can_infer` = option, else text.
Judge fallback (``vlmeval/dataset/utils/multiple_choice.py``)
    :func:`extract_answer` (``extract_answer_from_item``): the judge prompt is built first (the BLINK
    template, the Chinese one when the question holds CJK characters, else the generic one, with
    ``build_option_str``); ``can_infer`` on the prediction; otherwise up to three judge calls
    (``OpenAIWrapper.generate``: an empty reply is re-sent, :func:`judge_protocol.vlmeval_generate`), each
    reply parsed with ``can_infer``. After three failures the reference picks ``random.choice`` of the
    option letters and ``Z`` (unseeded); we draw the same choice from a generator seeded with the judge
    prompt, so a rerun records the same letter (docs/evaluation.md). Under ``exact_matching`` (no judge)
    a failed prefetch is ``Z``.
    :func:`eval_vanilla` -> ``{"hit", "log"}`` with the reference's ``"Match Log: ... "`` text.
Report (``report_acc``)
    :func:`report_acc` -- per split (``none`` without a ``split`` column): ``Overall`` and the mean hit per
    ``l2-category`` and ``category`` value (sorted; mixing missing and present values fails, as sorting does
    upstream). :func:`primary_percent` -- ``report_primary_metric`` of ``ImageMCQDataset`` (``split=none``
    Overall x 100) else the generic key ranking, then ``value_scale="auto"``.

Items are the prediction workbook's rows as ``ImageMCQDataset.evaluate_heuristic`` sees them
(:func:`evaluator_item`: column names lower-cased except single capital letters, ``prediction`` as
``str``). No benchmark names in here: benchmark modules choose the judge template and GT rules.
"""

from __future__ import annotations

import copy
import hashlib
import random
import re
import string
from collections.abc import Generator

from ..benchmarks.base import Benchmark, BenchmarkError
from . import constants, judge_protocol as jp, messages as msg, vlmeval_report
from .table import cell_str, is_na

LETTERS = string.ascii_uppercase
API_FAIL = "Failed to obtain answer via API"
_REJECT = ("Sorry, I can't help with images of people yet.", "I can't process this file.",
           "I'm sorry, but without the image provided", "Cannot determine the answer")
_BLANKED = ".()[],:;!*#{}"
_VERBOSE_ANSWER = re.compile(r"(?i)(?:correct\s+)?answer\s+is\s+\**([ABCD])\**")
_CJK = re.compile("[\u4e00-\u9fff]")
EXACT_MATCHING_LOG = "Failed in Prefetch, no GPT-based answer matching under `exact_matching` policy."
RANDOM_LOG = "Failed to predict, thus randomly generate one. "
#: ``report_primary_metric`` of ImageMCQDataset: (flat key, reported name, factor)
SPLIT_NONE = (("split=none|Overall", "Overall Acc", 100),)


# ------------------------------------------------------------------------------------------ items
def evaluator_item(fields: dict) -> dict:
    """A workbook row as ``evaluate_heuristic`` holds it: names lower-cased except A-Z, prediction as str."""
    out = {}
    for k, v in fields.items():
        out[k if k in LETTERS else str(k).lower()] = v
    out["prediction"] = cell_str(fields.get("prediction"))
    return out


def build_choices(item: dict) -> dict:
    """``build_choices``: the non-missing option columns A-Z, in letter order."""
    return {ch: item[ch] for ch in LETTERS if ch in item and not is_na(item[ch])}


def option_list(choices: dict) -> str:
    """``build_option_str``: the options block of the judge prompt."""
    out = constants.text("vlmeval_mcq.option_list_header")
    for key, content in choices.items():
        out += constants.get("vlmeval_mcq.option_list_line", key=key, content=content)
    return out


# ------------------------------------------------------------------------------------------ rules
def can_infer_option(answer: str, choices: dict):
    """The option letter the answer names (or ``Z``), else False."""
    if API_FAIL in answer:
        return False
    for phrase in _REJECT:
        if phrase in answer:
            return "Z"
    blanked = answer
    for ch in _BLANKED:
        blanked = blanked.replace(ch, " ")
    tokens = [t.strip() for t in blanked.split()]
    count = sum(1 for c in choices if c in tokens)
    if count == 1:
        for ch in choices:
            if ch in tokens and tokens.index(ch) > len(tokens) - 5:
                return ch
    elif count == 0 and "Z" in tokens:
        return "Z"
    m = _VERBOSE_ANSWER.search(answer or "")
    if m and m.group(1).upper() in choices:
        return m.group(1).upper()
    return False


def can_infer_text(answer: str, choices: dict):
    """The one option whose (lower-cased) text the answer contains, else False. Lower-cases ``choices`` in
    place, as the reference does (later calls for the same row see the lower-cased texts)."""
    answer = answer.lower()
    if len(answer) > 2 * sum(len(str(v)) for v in choices.values()):
        return False
    for k in choices:
        choices[k] = str(choices[k]).lower()
    found = [k for k in choices if choices[k] in answer]
    return found[0] if len(found) == 1 else False


def can_infer(answer, choices: dict):
    answer = str(answer)
    return can_infer_option(answer, choices) or can_infer_text(answer, choices)


def has_cjk(text: str) -> bool:
    """``cn_string``."""
    return bool(_CJK.search(text))


# ------------------------------------------------------------------------------------------ judge
def judge_prompt(item: dict, choices: dict, template: str = "generic") -> str:
    """The judge prompt ``extract_answer_from_item`` builds (``template`` ``"blink"`` for the BLINK one)."""
    question = item.get("question")
    options = option_list(choices)
    if template == "blink":
        key = "vlmeval_mcq.judge_prompt_blink"
    else:
        if not isinstance(question, str):      # cn_string(question) fails on a non-text question upstream
            raise BenchmarkError(f"question {question!r} is not text (the reference's judge prompt fails)")
        key = "vlmeval_mcq.judge_prompt_cn" if has_cjk(question) else "vlmeval_mcq.judge_prompt"
    return constants.get(key, question=cell_str(question), options=options, prediction=item["prediction"])


def random_option(choices: dict, prompt: str) -> str:
    """The reference's last resort ``random.choice(list(choices) + ['Z'])`` (which fails when ``Z`` is an
    option), drawn from a generator seeded with the judge prompt so a rerun repeats it."""
    if "Z" in choices:
        raise BenchmarkError("the judge failed three times on a row with a Z option (random.choice([]) upstream)")
    seed = int.from_bytes(hashlib.sha256(prompt.encode("utf-8")).digest()[:8], "big")
    return random.Random(seed).choice(list(choices) + ["Z"])


def extract_answer(item: dict, *, template: str = "generic", use_judge: bool = True,
                   tries: int = 3) -> Generator:
    """``extract_answer_from_item`` as a row-scorer sub-generator -> ``{"opt", "log"}``."""
    choices = build_choices(item)
    prompt = judge_prompt(item, copy.copy(choices), template)
    found = can_infer(item["prediction"], choices)
    if found:
        return {"opt": found, "log": item["prediction"]}
    if not use_judge:
        return {"opt": "Z", "log": EXACT_MATCHING_LOG}
    for _ in range(tries):
        answer = yield from jp.vlmeval_generate(prompt)
        if API_FAIL not in answer:
            found = can_infer(answer, choices)
            if found:
                return {"opt": found, "log": answer}
    return {"opt": random_option(choices, prompt), "log": RANDOM_LOG}


def eval_vanilla(item: dict, gt, **kwargs) -> Generator:
    """``eval_vanilla``: -> ``{"hit": 0|1, "log": "Match Log: ... "}`` (``gt``: the row's answer letter)."""
    res = yield from extract_answer(item, **kwargs)
    return {"hit": int(res["opt"] == gt), "log": f"Match Log: {res['log']}. "}


# ------------------------------------------------------------------------------------------ report
def _mean(values):
    return sum(values) / len(values) if values else float("nan")


def report_acc(items: list[dict], hits: list) -> list[dict]:
    """``report_acc`` over evaluator items -> one row per split: ``split``, ``Overall``, then the mean hit of
    every ``l2-category`` and ``category`` value (MMBench abbreviations are not needed here)."""
    has_split = any("split" in it for it in items)
    splits = [it.get("split") if has_split else "none" for it in items]
    try:
        split_names = sorted(set(splits), key=lambda s: (str(type(s)), s))
    except TypeError:
        split_names = list(dict.fromkeys(splits))
    table = []
    for sp in split_names:
        row = {"split": sp, "Overall": _mean([h for h, s in zip(hits, splits) if s == sp])}
        for group in ("l2-category", "category"):
            if not any(group in it for it in items):
                continue
            values = [it.get(group) for it in items]
            for ab in vlmeval_report.sorted_values(values, group):
                row[str(ab)] = _mean([h for h, v, s in zip(hits, values, splits) if v == ab and s == sp])
        table.append(row)
    return table


def primary_percent(table: list[dict], preferred=SPLIT_NONE) -> float:
    """The suite's number for a ``report_acc`` table (``report_primary_metric`` + auto scale)."""
    _, value = vlmeval_report.primary(vlmeval_report.flatten_rows(table), preferred)
    return vlmeval_report.auto_percent(value)


def question_block(row, prefix: str) -> tuple[str, bool]:
    """The ``ImageMCQDataset.build_prompt`` body several dataset classes repeat: "Hint: ..." (when present),
    "Question: ...", and the non-missing option columns A-Z as "X. text" under "Options:" -- with the texts
    ``{prefix}.hint`` / ``.question`` / ``.options_header`` / ``.option_line`` of the class that sends them;
    -> (text, whether the row has options)."""
    options = {c: row.get(c) for c in LETTERS if c in row.fields and not is_na(row.get(c))}
    prompt = ""
    if "hint" in row.fields and not is_na(row.get("hint")):
        prompt += constants.get(f"{prefix}.hint", hint=row.get("hint"))
    prompt += constants.get(f"{prefix}.question", question=cell_str(row.get("question")))
    if options:
        prompt += constants.text(f"{prefix}.options_header")
        prompt += "".join(constants.get(f"{prefix}.option_line", key=k, item=v) for k, v in options.items())
    return prompt, bool(options)


# ------------------------------------------------------------------------------------------ benchmark base
class ImageMCQBenchmark(Benchmark):
    """``ImageMCQDataset`` on the official route: its prompt, ``evaluate_heuristic`` per row (can_infer,
    judge fallback) and ``report_acc``. Subclasses set ``judge_template`` / ``judge`` and override
    ``build_prompt`` / ``ground_truth`` / ``aggregate`` where their dataset class differs."""

    judge = "fallback"
    judge_template = "generic"
    reported = ("match_log",)
    primary_keys = SPLIT_NONE

    def build_prompt(self, row):
        """``ImageMCQDataset.build_prompt``: images, then hint, question, options and the instruction."""
        prompt, has_options = question_block(row, "vlmeval_mcq")
        if has_options:
            prompt += constants.text("vlmeval_mcq.instruction")
        return msg.images(row) + [msg.text(prompt)]

    def evaluator_item(self, item: dict) -> dict:
        return evaluator_item(item)

    def ground_truth(self, item: dict):
        """The answer the reference compares with (``answer_map`` from the dataset rows)."""
        return item.get("answer")

    def score_row(self, item):
        it = self.evaluator_item(item)
        res = yield from eval_vanilla(it, self.ground_truth(it), template=self.judge_template,
                                      use_judge=self.judge is not None)
        return {"score": res["hit"], "match_log": res["log"]}

    def probe_requests(self):
        return [jp.PROBE] if self.judge is not None else []

    def aggregate(self, items, results):
        if not results:
            raise BenchmarkError(f"{self.key}: no rows to aggregate")
        table = report_acc([self.evaluator_item(it) for it in items], [r["score"] for r in results])
        return {"score": primary_percent(table, self.primary_keys), "table": table}
