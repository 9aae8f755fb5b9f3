"""PuzzleVQA and VisualPuzzles (Logic): VLMEvalKit ``PuzzleVQA`` / ``VisualPuzzles`` on the official route
with TRACE's patched answer parser. The judge is built and probed once per evaluate() (``judge.working()``)
but never asked.

Prompt: the image, then the question, "Options:" and the options as "(A) text" lines, then the fixed
instruction ("... 'Answer: $LETTER' ... Think step by step before answering."). PuzzleVQA reads the
``options`` cell with Python ``eval``; VisualPuzzles (``format_options``) takes every single-quoted run of the
cell text, so an option holding an apostrophe is cut apart ("it's Tom" -> ``s Tom", ``, we conform), and a
row without options gets "Options: Choose from (A) (B) (C) (D) in the image." (the options are drawn in
the image).
Score (``extract_answer`` patched to ``extract_unambiguous_abcd``): every ``Answer: X`` (A-D), one
``<answer>`` block and the final box are candidates; one distinct letter is the answer, anything else is
``Z`` (so "**Answer:** B" or a conflicting box gives Z). PuzzleVQA's gold letter is the position of the
answer text among the options (``to_choice_letter``; an answer that is no option fails the evaluate());
VisualPuzzles' answer is the letter itself. Hit: case-insensitive equality.
Benchmark score: PuzzleVQA_acc / VisulPuzzles_acc tables (hit / total x 100 per category, and per
difficulty for VisualPuzzles); every listed category (and difficulty) must have rows -- the reference
divides by zero otherwise (we fail the same way) -- and the score is the ``overall`` accuracy (the
best-ranked key of the flattened table; auto scaling multiplies a score of at most 1 % by 100).
"""

from __future__ import annotations

import re
import string

from ..common import constants, judge_protocol as jp, messages as msg, vlmeval_report
from ..common.pyeval import EvalError, py_eval
from ..common.table import cell_str, is_na
from ..common.trace_parsing import extract_unambiguous_abcd
from . import register
from .base import Benchmark, BenchmarkError

PUZZLEVQA_CATEGORIES = ("grid_number", "size_grid", "rectangle_height_color", "shape_size_hexagon",
                        "rectangle_height_number", "shape_reflect", "circle_size_number", "polygon_sides_color",
                        "color_overlap_squares", "color_size_circle", "venn", "size_cycle", "polygon_sides_number",
                        "shape_size_grid", "color_hexagon", "grid_number_color", "color_grid", "shape_morph",
                        "triangle", "color_number_hexagon")
VISUALPUZZLES_CATEGORIES = ("spatial", "algorithmic", "analogical", "inductive", "deductive")
VISUALPUZZLES_LEVELS = ("easy", "medium", "hard")


def option_lines(items) -> str:
    return "\n".join(constants.get("puzzles.option_line", letter=string.ascii_uppercase[i], item=item)
                     for i, item in enumerate(items))


def accuracy_table(groups: list, hits: list, listed: tuple, column: str, label: str) -> list[dict]:
    """``hit/tot*100`` for 'overall' and every listed group (a listed group without rows fails upstream)."""
    out = [{column: "overall", "tot": len(hits), "hit": sum(hits), "acc": sum(hits) / len(hits) * 100}]
    for g in listed:
        sub = [h for h, x in zip(hits, groups) if x == g]
        if not sub:
            raise BenchmarkError(f"no rows of {label} {g!r}: the reference's accuracy table divides by zero")
        out.append({column: g, "tot": len(sub), "hit": sum(sub), "acc": sum(sub) / len(sub) * 100})
    return out


class _Puzzles(Benchmark):
    judge = None                      # built and probed, never asked
    reported = ("extracted", "gold_letter")

    def prompt_text(self, row) -> str:    # pragma: no cover - each puzzle benchmark defines it
        raise NotImplementedError

    def build_prompt(self, row):
        question = row.get("question")
        if not isinstance(question, str):
            raise BenchmarkError(f"{self.key} row {row.get('index')!r}: question {question!r} is not text")
        return msg.images(row) + [msg.text(question + self.prompt_text(row) + constants.text("puzzles.instruction"))]

    def gold_letter(self, item) -> str:   # pragma: no cover
        raise NotImplementedError

    def score_row(self, item):
        extracted = extract_unambiguous_abcd(item.get("prediction"))
        gold = self.gold_letter(item)
        return {"score": int(extracted.lower() == gold.lower()), "extracted": extracted, "gold_letter": gold}
        yield  # the judge is never asked

    def probe_requests(self):
        return [jp.PROBE]

    def score_tables(self, items, hits) -> list[dict]:   # pragma: no cover
        raise NotImplementedError

    def aggregate(self, items, results):
        if not results:
            raise BenchmarkError(f"{self.key}: no rows to aggregate")
        table = self.score_tables(items, [r["score"] for r in results])
        _, value = vlmeval_report.primary(vlmeval_report.flatten_rows(table))
        return {"score": vlmeval_report.auto_percent(value), "table": table}


@register
class PuzzleVQA(_Puzzles):
    key = "puzzlevqa"
    alias = "PuzzleVQA"
    upstream = ("vlmeval/dataset/image_mcq.py:1800 PuzzleVQA.build_prompt",
                "vlmeval/dataset/image_mcq.py:1832 PuzzleVQA.evaluate",
                "vlmeval/dataset/utils/puzzlevqa.py:85 extract_answer (patched)",
                "rlvr/evaluation/scripts/apply_vlmevalkit_trace_extensions.py:64 patch_puzzle_answer_parser",
                "rlvr/evaluation/vlmevalkit_extensions/trace_eval_answer_parsing.py:77 extract_unambiguous_abcd",
                "vlmeval/dataset/utils/puzzlevqa.py:94 to_choice_letter",
                "vlmeval/dataset/utils/puzzlevqa.py:104 PuzzleVQA_acc",
                "vlmeval/dataset/image_base.py:17 _choose_primary_metric_key")

    def options(self, value) -> list:
        try:
            return list(py_eval(value, builtins=True))
        except (EvalError, TypeError) as e:
            raise BenchmarkError(f"{self.key}: options {value!r} cannot be evaluated ({e})") from None

    def prompt_text(self, row):
        return constants.get("puzzles.options", options=option_lines(self.options(row.get("options"))))

    def gold_letter(self, item):
        answer = cell_str(item.get("answer")).strip()
        for i, opt in enumerate(self.options(item.get("options"))):
            if str(opt).strip() == answer:
                return chr(ord("A") + i)
        raise BenchmarkError(f"{self.key}: answer {item.get('answer')!r} is not among the options "
                             f"{item.get('options')!r} (to_choice_letter fails upstream)")

    def score_tables(self, items, hits):
        return accuracy_table([it.get("category") for it in items], hits, PUZZLEVQA_CATEGORIES, "category",
                              "category")

    def fixture_records(self, rng, n):
        out = []
        for i in range(max(n, len(PUZZLEVQA_CATEGORIES))):       # the accuracy table needs every category
            cat = PUZZLEVQA_CATEGORIES[i % len(PUZZLEVQA_CATEGORIES)]
            opts = ["3", "5", "7", "9"] if "number" in cat else ["red", "green", "blue", "yellow"]
            out.append({"question": f"What is the missing part of the {cat.replace('_', ' ')} puzzle?",
                        "options": str(opts), "answer": opts[rng.randrange(4)], "category": cat})
        return out


@register
class VisualPuzzles(_Puzzles):
    key = "visualpuzzles"
    alias = "VisualPuzzles"
    upstream = ("vlmeval/dataset/image_mcq.py:1716 VisualPuzzles.build_prompt",
                "vlmeval/dataset/image_mcq.py:1703 VisualPuzzles.format_options",
                "vlmeval/dataset/image_mcq.py:1747 VisualPuzzles.evaluate",
                "vlmeval/dataset/utils/visualpuzzles.py:85 extract_answer (patched)",
                "rlvr/evaluation/scripts/apply_vlmevalkit_trace_extensions.py:64 patch_puzzle_answer_parser",
                "rlvr/evaluation/vlmevalkit_extensions/trace_eval_answer_parsing.py:77 extract_unambiguous_abcd",
                "vlmeval/dataset/utils/visualpuzzles.py:94 VisulPuzzles_acc",
                "vlmeval/dataset/image_base.py:17 _choose_primary_metric_key")

    def prompt_text(self, row):
        value = row.get("options")
        if is_na(value):
            return constants.text("puzzles.options_in_image")
        if not isinstance(value, str):
            raise BenchmarkError(f"{self.key} row {row.get('index')!r}: options {value!r} are not text")
        return constants.get("puzzles.options", options=option_lines(re.findall(r"'(.*?)'", value)))

    def gold_letter(self, item):
        answer = item.get("answer")
        if not isinstance(answer, str):
            raise BenchmarkError(f"{self.key}: answer {answer!r} is not text (VisulPuzzles_acc fails upstream)")
        return answer

    def score_tables(self, items, hits):
        cats = accuracy_table([it.get("category") for it in items], hits, VISUALPUZZLES_CATEGORIES, "group",
                              "category")
        levels = accuracy_table([it.get("difficulty") for it in items], hits, VISUALPUZZLES_LEVELS, "group",
                                "difficulty")
        levels = levels[1:] + levels[:1]                         # difficulties list 'overall' last
        return [dict(r, type="category") for r in cats] + [dict(r, type="level") for r in levels]

    def fixture_records(self, rng, n):
        out = []
        size = max(n, len(VISUALPUZZLES_CATEGORIES))             # every category and difficulty
        for i in range(size):
            cat = VISUALPUZZLES_CATEGORIES[i % len(VISUALPUZZLES_CATEGORIES)]
            rec = {"question": f"Which option completes the {cat} puzzle?",
                   "options": None if i % 2 else str(["piece 1", "piece 2", "piece 3", "piece 4"]),
                   "answer": "ABCD"[rng.randrange(4)], "category": cat,
                   "difficulty": VISUALPUZZLES_LEVELS[i % len(VISUALPUZZLES_LEVELS)]}
            out.append(rec)
        return out
