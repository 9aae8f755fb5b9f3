"""TreeBench (Spatial): VLMEvalKit ``TreeBench`` on the official route with TRACE's option repair and final-box
adapter; no judge.

Loader (``_normalize_treebench_options``): when the ground-truth letter is missing from a row's option
columns because one column holds two options (``"blue C. green"``), the column is split and the later
options shift right; a row whose options are only in the image (empty columns, letter in the
``multi-choice options`` text) is left alone; any other missing ground truth fails the build.
Prompt: the image, then "Hint: ..." (when present), "Question: ...", the non-missing option columns A-Z as
"X. text" under "Options:" and the letter instruction (options and instruction only when there are options).
Adapter (``_adapt_treebench_prediction``): one ``<answer>`` block ending in ``\\boxed{A-E}`` becomes that
letter; else the raw prediction stays.
Score (``TreeBench.evaluate``): the first ``<answer>`` block upper-cased (else the text), then
``extract_characters_regex`` (answer prefixes removed, the FIRST capital A-E, so "Answer: B" gives A; >10
words without A-E: none; else a lower-case choice like "(c)") equal to the answer. A prediction that is not
text (empty -> NaN) makes evaluate() fail, as it does upstream. The box IoU of ``<box>[x1,y1,x2,y2]</box>``
in the reasoning is recorded (mIoU). Score: ``get_dimension_rating`` Overall in percent.
"""

from __future__ import annotations

import ast
import re
import string

from ..common import constants, messages as msg, table, trace_parsing as tp
from ..common.table import cell_str, is_na
from . import register
from .base import Benchmark, BenchmarkError

OPTION_LETTERS = "ABCDEFGHIJK"
PERCEPTION = ("Attributes", "Material", "Physical State", "Object Retrieval", "OCR")
REASONING = ("Perspective Transform", "Ordering", "Contact and Occlusion", "Spatial Containment", "Comparison")


# ------------------------------------------------------------------------------------------ option repair
def _has_value(v) -> bool:
    return not is_na(v) and bool(str(v).strip())


def lettered_options(value) -> dict:
    """``parse_lettered_option_blob``: compact "A. x B. y" option text -> {letter: text}."""
    text = tp.or_text(value).strip()
    if not text:
        return {}
    starts: dict[int, tuple[int, str]] = {}
    for m in re.finditer(r"(?:^|\s)([A-K])[\.\):]\s+", text):
        starts[m.start(1)] = (m.end(), m.group(1))
    for m in re.finditer(r"(?m)^\s*([A-K])\s+(?=\S)", text):
        starts.setdefault(m.start(1), (m.end(), m.group(1)))
    marks = sorted((s, e, letter) for s, (e, letter) in starts.items())
    out: dict[str, str] = {}
    for pos, (_, begin, letter) in enumerate(marks):
        end = marks[pos + 1][0] if pos + 1 < len(marks) else len(text)
        option = re.sub(r"\s+", " ", text[begin:end]).strip()
        if option:
            out.setdefault(letter, option)
    return out


def repair_options(records: list[dict]) -> list[dict]:
    """Apply the reference's repair to every record; -> the changes made."""
    columns = set().union(*(r.keys() for r in records)) if records else set()
    changes = []
    for r in records:
        answer = cell_str(r.get("answer", "")).strip().upper() if "answer" in r else ""
        if len(answer) != 1 or answer not in OPTION_LETTERS:
            continue
        present = [x for x in OPTION_LETTERS if x in columns and _has_value(r.get(x))]
        if answer in present:
            continue
        if not present and answer in lettered_options(r.get("multi-choice options")):
            continue                                     # OCR rows: options only in the image
        original = dict(r)
        normalized = False
        for letter in present:
            if letter == OPTION_LETTERS[-1]:
                continue
            nxt = OPTION_LETTERS[OPTION_LETTERS.index(letter) + 1]
            value = "" if original.get(letter) is None and letter not in original else cell_str(original.get(letter))
            m = re.search(rf"\s+{re.escape(nxt)}\.\s+", value)
            if m is None:
                continue
            prefix, embedded = value[:m.start()].strip(), value[m.end():].strip()
            if not prefix or not embedded:
                continue
            highest = max(OPTION_LETTERS.index(x) for x in present)
            for k in range(highest, OPTION_LETTERS.index(nxt) - 1, -1):
                r[OPTION_LETTERS[k + 1]] = original.get(OPTION_LETTERS[k])
            r[letter], r[nxt] = prefix, embedded
            changes.append({"index": str(r.get("index")), "split_column": letter, "inserted_column": nxt,
                            "ground_truth": answer})
            normalized = True
            break
        now_present = [x for x in OPTION_LETTERS if _has_value(r.get(x))]
        if not normalized or answer not in now_present:
            raise BenchmarkError(f"treebench row {r.get('index')!r}: ground-truth option {answer!r} is missing from "
                                 f"its prompt choices {present!r}")
    return changes


# ------------------------------------------------------------------------------------------ scoring helpers
_ANSWER_TAG = re.compile(r"<answer>\s*(.*?)\s*</answer>", re.IGNORECASE | re.DOTALL)


def final_boxed_option(value):
    """``_treebench_final_boxed_option``: one ``<answer>`` block ending in ``\\boxed{A-E}``."""
    text = tp.or_text(value)
    blocks = list(_ANSWER_TAG.finditer(text))
    if len(blocks) != 1:
        return None
    answer = blocks[0].group(1).strip()
    if not answer:
        return None
    m = re.search(r"\\boxed\s*\{\s*([A-E])\s*\}\s*[.!?。！？]*\s*$", answer, re.IGNORECASE)
    return m.group(1).upper() if m else None


_PREFIXES = ("The best answer is", "The correct answer is", "The answer is", "The answer", "The best option is",
             "The correct option is", "Best answer:", "Best option:")


def extract_characters_regex(s: str, choices=("(A)", "(B)", "(C)", "(D)", "(E)")) -> str:
    s = s.strip()
    for prefix in _PREFIXES:
        s = s.replace(prefix, "")
    if len(s.split()) > 10 and not re.search("[ABCDE]", s):
        return ""
    m = re.search(r"[ABCDE]", s)
    if m is None:
        for choice in choices:
            if s.lower() in choice.lower():
                return choice[1]
        return ""
    return m[0]


def _iou(a, b) -> float:
    ix = max(0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def box_iou(text: str, targets) -> float:
    boxes = []
    for m in re.findall(r"<box>(.*?)</box>", text, re.DOTALL):
        c = re.match(r"\[(\d+),(\d+),(\d+),(\d+)\]", m.strip())
        if c:
            x1, y1, x2, y2 = map(int, c.groups())
            if x1 < x2 and y1 < y2:
                boxes.append([x1, y1, x2, y2])
    if not boxes:
        return 0.0
    if len(targets) == 0:
        return float(len(boxes) > 0)
    return sum(max((_iou(t, p) for p in boxes), default=0.0) for t in targets) / len(targets)


@register
class TreeBench(Benchmark):
    key = "treebench"
    alias = "TreeBench"
    reported = ("adapted_prediction", "iou")
    upstream = ("rlvr/evaluation/scripts/benchmark_queue_lib.py:186 _normalize_treebench_options",
                "rlvr/evaluation/scripts/benchmark_queue_lib.py:34 parse_lettered_option_blob",
                "vlmeval/dataset/image_mcq.py:2892 TreeBench.build_prompt",
                "rlvr/evaluation/scripts/run_official_vlmevalkit_saved_score.py:386 _treebench_final_boxed_option",
                "rlvr/evaluation/scripts/run_official_vlmevalkit_saved_score.py:402 _adapt_treebench_prediction",
                "vlmeval/dataset/image_mcq.py:2930 TreeBench.evaluate",
                "vlmeval/dataset/utils/multiple_choice.py:585 extract_characters_regex",
                "vlmeval/dataset/image_mcq.py:2984 TreeBench.evaluate_box_iou",
                "vlmeval/dataset/utils/treebench.py:6 get_dimension_rating")

    def rows_from_records(self, records, base_dir=None):
        rows = super().rows_from_records(records, base_dir)
        repair_options([r.fields for r in rows])
        return rows

    def build_prompt(self, row):
        options = {c: row.get(c) for c in string.ascii_uppercase if c in row.fields and not is_na(row.get(c))}
        prompt = ""
        if "hint" in row.fields and not is_na(row.get("hint")):
            prompt += constants.get("treebench.hint", hint=row.get("hint"))
        prompt += constants.get("treebench.question", question=cell_str(row.get("question")))
        if options:
            prompt += constants.text("treebench.options_header")
            prompt += "".join(constants.get("treebench.option_line", key=k, item=v) for k, v in options.items())
            prompt += constants.text("treebench.instruction")
        return msg.images(row) + [msg.text(prompt)]

    def prepare(self, rows, responses):
        book = table.workbook_roundtrip([dict(r.fields, prediction=p) for r, p in zip(rows, responses)])
        for rec in book:
            rec["raw_prediction"] = rec["prediction"]
            option = final_boxed_option(rec["prediction"])
            if option is not None:
                rec["prediction"] = option
        return table.workbook_roundtrip(book)     # the adapter writes the workbook; evaluate() reads it

    def score_row(self, item):
        pred = item.get("prediction")
        if not isinstance(pred, str):
            raise BenchmarkError(f"{self.key}: prediction {pred!r} is not text (TreeBench.evaluate fails upstream)")
        think = re.search(r"<think>(.*?)</think>", pred, re.DOTALL)
        cot = think.group(1).strip() if think else pred
        try:
            targets = ast.literal_eval(item.get("target_instances"))
        except (ValueError, SyntaxError, TypeError):
            raise BenchmarkError(f"{self.key}: target_instances {item.get('target_instances')!r} is not a list") from None
        iou = box_iou(cot, targets)
        block = re.search(r"<answer>(.*?)</answer>", pred, re.DOTALL)
        text = block.group(1).strip().upper() if block else pred
        letter = extract_characters_regex(text)
        score = 0 if letter == "" else int(letter == item.get("answer"))
        return {"score": score, "iou": iou, "adapted_prediction": pred}
        yield  # never asks the judge

    def aggregate(self, items, results):
        if not results:
            raise BenchmarkError(f"{self.key}: no rows to aggregate")
        counts = {"Perception": {s: [0, 0] for s in PERCEPTION}, "Reasoning": {s: [0, 0] for s in REASONING}}
        ious = []
        for item, res in zip(items, results):
            parts = cell_str(item.get("category")).split("/")
            if len(parts) < 2 or parts[0] not in counts or parts[1] not in counts[parts[0]]:
                raise BenchmarkError(f"{self.key}: category {item.get('category')!r} is not a TreeBench subtask")
            c = counts[parts[0]][parts[1]]
            c[0] += res["score"]
            c[1] += 1
            ious.append(float(res.get("iou", 0.0)))
        table_ = {task: {s: (v[0] / v[1] if v[1] else 0) for s, v in subs.items()} for task, subs in counts.items()}
        overall = sum(v[0] for subs in counts.values() for v in subs.values()) / len(results)
        table_["Overall"] = overall
        table_["mIoU"] = sum(ious) / len(ious)
        return {"score": overall * 100.0, "table": table_}

    def fixture_records(self, rng, n):
        kinds = [("What color is the cup on the left?", ["red", "blue", "white", "black"], "C", "Perception/Attributes"),
                 ("Which object is in front?", ["the box", "the ball"], "A", "Reasoning/Contact and Occlusion"),
                 ("What color is the mug?", ["red", "blue C. green", "yellow"], "D", "Perception/Material")]
        out = []
        for i in range(n):
            q, opts, a, cat = kinds[i % len(kinds)]
            rec = {"question": q, **{"ABCDE"[k]: v for k, v in enumerate(opts)}, "answer": a, "category": cat,
                   "target_instances": "[[5, 5, 20, 20]]", "hint": None,
                   "multi-choice options": " ".join(f"{'ABCDE'[k]}. {v}" for k, v in enumerate(opts))}
            out.append(rec)
        return out
