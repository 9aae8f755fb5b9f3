"""TableVQABench (Charts & Tables): VLMEvalKit ``TableVQABench`` prompts, scored by the TRACE direct route
``_run_tablevqabench_local_score`` with VLMEvalKit's split scorers; no judge.

Prompt: the row's images, then the split's template (VWTQ for vwtq/vwtq_syn, VTABFACT, FINTABNETQA) with
the question inserted.
Extraction: the prediction workbook cell through ``unwrap_single_answer_block`` (one non-empty
``<answer>`` block), then a leading ``Answer: `` removed (case-sensitive; "answer: x" stays).
Scores: fintabnetqa -> relieved (any normalised variant equal) and exact accuracy; vtabfact -> "true"/"false"
substring against the answer "1"/"0" (both words: None, counted wrong); vwtq/vwtq_syn -> WikiTableQuestions
denotation match of ``|``-separated lists (``||`` in a prediction is one separator). Each split value is
``round((correct + 1e-9) / (n + 1e-9), 8) * 100``; the benchmark score is the mean of the five values
(fintabnetqa relieved and exact, vtabfact, vwtq, vwtq_syn). A missing split, an unknown split or a
non-text answer makes the reference fail, and so do we.
"""

from __future__ import annotations

import math
import re
import unicodedata

from ..common import constants, messages as msg, table, trace_parsing as tp
from ..common.table import cell_str, is_na
from . import register
from .base import Benchmark, BenchmarkError

SPLITS = ("fintabnetqa", "vtabfact", "vwtq", "vwtq_syn")
TEMPLATE = {"fintabnetqa": "fintabnetqa", "vtabfact": "vtabfact", "vwtq": "vwtq", "vwtq_syn": "vwtq"}


# ------------------------------------------------------------------------------------------ normalisation
def normalize(x) -> str:
    if not isinstance(x, str):
        raise BenchmarkError(f"tablevqabench: {x!r} is not text (the reference's normalize() fails)")
    x = "".join(c for c in unicodedata.normalize("NFKD", x) if unicodedata.category(c) != "Mn")
    x = re.sub(r"[‘’´`]", "'", x)
    x = re.sub(r"[“”]", '"', x)
    x = re.sub(r"[‐‑‒–—−]", "-", x)
    while True:
        before = x
        x = re.sub(r"((?<!^)\[[^\]]*\]|\[\d+\]|[•♦†‡*#+])*$", "", x.strip())     # citations
        x = re.sub(r"(?<!^)( \([^)]*\))*$", "", x.strip())                        # trailing parentheses
        x = re.sub(r'^"([^"]*)"$', r"\1", x.strip())                              # outer quotes
        if x == before:
            break
    if x and x[-1] == ".":
        x = x[:-1]
    return re.sub(r"\s+", " ", x, flags=re.U).lower().strip()


# ------------------------------------------------------------------------------------------ WTQ denotations
class _Value:
    """A WTQ answer value: kind "N" (number), "D" (date) or "S" (string), its identity and normalised text."""
    __slots__ = ("kind", "ident", "norm")

    def __init__(self, kind, ident, norm):
        self.kind, self.ident, self.norm = kind, ident, norm

    def key(self):
        return (self.kind, self.ident)

    def match(self, other) -> bool:
        if self.norm == other.norm:
            return True
        if self.kind == "N" and other.kind == "N":
            return abs(self.ident - other.ident) < 1e-6
        if self.kind == "D" and other.kind == "D":
            return self.ident == other.ident
        return False


def _number(text: str):
    try:
        return int(text)
    except ValueError:
        pass
    try:
        amount = float(text)
    except ValueError:
        return None
    if math.isnan(amount) or math.isinf(amount):
        raise BenchmarkError(f"tablevqabench: {text!r} parses as {amount} (the reference's assertion fails)")
    return amount


def _date(text: str):
    parts = text.lower().split("-")
    if len(parts) != 3:
        return None
    try:
        y = -1 if parts[0] in ("xx", "xxxx") else int(parts[0])
        m = -1 if parts[1] == "xx" else int(parts[1])
        d = -1 if parts[2] == "xx" else int(parts[2])
    except ValueError:
        return None
    if y == m == d == -1 or not (m == -1 or 1 <= m <= 12) or not (d == -1 or 1 <= d <= 31):
        return None
    return (y, m, d)


def _num_value(amount, original: str) -> _Value:
    amount = int(amount) if abs(amount - round(amount)) < 1e-6 else float(amount)
    return _Value("N", amount, normalize(original) if original else str(amount))


def to_value(text: str) -> _Value:
    amount = _number(text)
    if amount is not None:
        return _num_value(amount, text)
    ymd = _date(text)
    if ymd is not None:
        if ymd[1] == ymd[2] == -1:
            return _num_value(ymd[0], text)
        return _Value("D", ymd, normalize(text))
    return _Value("S", normalize(text), normalize(text))


def to_value_list(strings) -> list:
    """Values deduplicated by identity (the first occurrence kept)."""
    seen, out = set(), []
    for s in strings:
        v = to_value(s)
        if v.key() not in seen:
            seen.add(v.key())
            out.append(v)
    return out


def check_denotation(targets, preds) -> bool:
    return len(targets) == len(preds) and all(any(t.match(p) for p in preds) for t in targets)


def unescape_list(x: str) -> list[str]:
    return [y.replace(r"\n", "\n").replace(r"\p", "|").replace("\\\\", "\\") for y in x.split("|")]


def wtq_correct(answer, prediction: str) -> int:
    if not isinstance(answer, str):
        raise BenchmarkError(f"tablevqabench: answer {answer!r} is not text (the reference's wtq scorer fails)")
    targets = to_value_list(unescape_list(answer))
    preds = to_value_list(unescape_list(prediction.replace("||", "|")))
    return int(check_denotation(targets, preds))


# ------------------------------------------------------------------------------------------ fintabnet / tabfact
_FIN_WORDS = ["dollar", "gallons", "square feet", "shares", "mbtu", "mbpd", "mbbls", "mmbtu", "unit", "gwh",
              "year", "mmcf", "mile", "mboe"]
_FIN_UNITS = [(r" \bthousand\b", "e3"), (r" \bmillion\b", "e6"), (r" \bbillion\b", "e9"), (r"\bthousand\b", "e3"),
              (r"\bmillion\b", "e6"), (r"\bbillion\b", "e9"), (r" ?%", "e-2")]


def fintabnet_normalize(s):
    s = normalize(s)
    s = re.sub(r"[\$\(\),]", "", s)
    s = re.sub(r"\b(" + "|".join(_FIN_WORDS) + r")s?\b", "", s, flags=re.IGNORECASE)
    free = s
    for pattern, value in _FIN_UNITS:
        s = re.sub(pattern, value, s)
        free = re.sub(pattern, "", free)
    try:
        return float(s), [float(s), float(free)]
    except ValueError:
        return s, [s, free]


def fintabnet_scores(answer, prediction: str) -> dict:
    pred, preds = fintabnet_normalize(prediction)
    gt, gts = fintabnet_normalize(answer)
    relieved = any(p == g for p in preds for g in gts)
    return {"accuracy": int(relieved), "exact_score": int(gt == pred)}


def tabfact_score(answer, prediction: str):
    pred = prediction.lower()
    if "true" in pred and "false" in pred:
        return None
    if ("true" in pred and answer == "1") or ("false" in pred and answer == "0"):
        return 1
    return 0


def split_accuracy(correct: int, n: int) -> float:
    return round((correct + 1e-9) / (n + 1e-9), 8) * 100


@register
class TableVQABench(Benchmark):
    key = "tablevqabench"
    alias = "TableVQABench"
    route = "direct_score"
    reported = ("extracted",)
    upstream = ("vlmeval/dataset/image_vqa.py:2399 TableVQABench.build_prompt",
                "vlmeval/dataset/utils/tablevqabench.py:13 VWTQ_PROMPT / :26 VTABFACT_PROMPT / :38 FINTABNETQA_PROMPT",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:944 _run_tablevqabench_local_score",
                "rlvr/evaluation/vlmevalkit_extensions/trace_eval_answer_parsing.py:66 unwrap_single_answer_block",
                "vlmeval/dataset/utils/tablevqabench.py:127 evaluate_fintabnet / :54 evaluate_tabfact / "
                ":92 evaluate_wtq")

    def build_prompt(self, row):
        split = row.get("split")
        question = row.get("question")
        text = question if isinstance(question, str) else cell_str(question)
        if split in TEMPLATE:
            text = constants.get(f"tablevqabench.{TEMPLATE[split]}", question=text)
        return msg.images(row) + [msg.text(text)]

    def prepare(self, rows, responses):
        book = table.workbook_roundtrip([dict(r.fields, prediction=p) for r, p in zip(rows, responses)])
        for rec in book:
            rec["raw_prediction"] = rec["prediction"]
            text = tp.unwrap_single_answer_block(rec["prediction"])
            rec["prediction"] = re.sub("^Answer: ", "", text)
        # the reference reports the extraction from its scored workbook (written and read back)
        for rec, cell in zip(book, table.workbook_column([rec["prediction"] for rec in book])):
            rec["_extracted_cell"] = cell
        return book

    def score_row(self, item):
        split, answer, pred = item.get("split"), item.get("answer"), item["prediction"]
        if split == "fintabnetqa":
            score = fintabnet_scores(answer, pred)
        elif split == "vtabfact":
            score = {"accuracy": tabfact_score(answer, pred)}
        elif split in ("vwtq", "vwtq_syn"):
            score = {"accuracy": wtq_correct(answer, pred)}
        else:
            raise BenchmarkError(f"{self.key}: split {split!r} is not one of {', '.join(SPLITS)} "
                                 f"(the reference's scorer does not account for the row)")
        return {"score": score, "extracted": item.get("_extracted_cell")}
        yield  # never asks the judge

    def aggregate(self, items, results):
        by_split: dict[str, list[dict]] = {}
        for item, res in zip(items, results):
            by_split.setdefault(item.get("split"), []).append(res["score"])
        missing = [s for s in SPLITS if s not in by_split]
        if missing:
            raise BenchmarkError(f"{self.key}: no rows of split(s) {', '.join(missing)} (the reference fails)")
        if set(by_split) - set(SPLITS):
            raise BenchmarkError(f"{self.key}: rows of unknown splits {sorted(map(str, set(by_split) - set(SPLITS)))}")
        values, split_table = [], []
        for split in SPLITS:
            scores = by_split[split]
            n = len(scores)
            if split == "fintabnetqa":
                vals = [split_accuracy(sum(s["accuracy"] == 1 for s in scores), n),
                        split_accuracy(sum(s["exact_score"] == 1 for s in scores), n)]
            else:
                vals = [split_accuracy(sum(s["accuracy"] == 1 for s in scores), n)]
            split_table.append({"split": split, "average_scores": vals})
            values += vals
        overall = sum(values) / len(values)
        return {"score": overall, "table": {"splits": split_table, "Overall": overall}}

    def fixture_records(self, rng, n):
        kinds = [("fintabnetqa", "What was the net revenue in 2010?", "$1,204 million"),
                 ("vtabfact", "the team won every home game", "1"),
                 ("vwtq", "which city hosted in 1998?", "Paris"),
                 ("vwtq_syn", "how many rows list a score above 10?", "3"),
                 ("vtabfact", "no player scored more than 20 goals", "0")]
        # at least one row of every split: the reference's scorer needs all four
        return [{"question": q, "answer": a, "split": s}
                for s, q, a in (kinds[i % len(kinds)] for i in range(max(n, 4)))]
