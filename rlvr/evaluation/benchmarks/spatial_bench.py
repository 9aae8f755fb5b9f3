"""SpatialViz-Bench (CoT) and ERQA: VLMEvalKit's spatial-bench family, official route, every row graded by
the Qwen3-32B judge.

Prompts
    * SpatialVizBench_CoT: the row's images, then the CoT pre-prompt, ``Question:`` + question and one
      ``X. option`` line per non-missing option column A-Z (``SpatialVizBench.build_prompt``).
    * ERQA (the explicit ``ERQABench`` class the reference selects): the images interleaved into the
      question at the character offsets of ``visual_indices`` (JSON list; a missing/unparsable cell or a
      length that does not match the images puts every image first; offsets are sorted; an offset beyond
      the question puts its image after the text so far; offset 0 puts it before the text).

Scoring (``eval_mcq_score`` with the LLM score function, ``compute_score_llm`` -> ``call_llm_extract``)
    Every row is sent to the judge with ``GENERIC_EXTRACT_JUDGE_PROMPT``: the question, an ``Options:`` block
    from ``build_choices`` (options/candidates column, else the A-F columns -- an empty column still gives
    ``"D. "`` --, else options parsed out of the question text after its first "option(s)" word), the gold
    answer as ``"B. <option text>"`` where the letter names an option, and ``str(prediction)``. The reply
    (VLMEvalKit ``OpenAIWrapper``: temperature 0, 256 tokens; an empty reply is re-sent up to 5 times) must
    start with an uppercase grade ``A``/``B``/``C`` (its first line ``^\\s*([ABC])\\b``, the rest is the
    extracted answer, ``N/A`` when empty; or the whole reply a lone grade); up to 3 tries, then ``('C',
    'N/A')``. ``hit = grade == 'A'``. Quirk we conform to: a lowercase or markdown-bold grade (``a``,
    ``**A**``) is unparsable and, three times over, grades the row C (wrong) whatever the answer.
    The judge is probed once per evaluate() with ``"hello"``.

Aggregate: ``overall`` = mean hit x 100 (the primary metric; ``run_saved_score``'s auto scale multiplies
an overall of at most 1 by 100 again -- a quirk we keep); SpatialViz adds task and category accuracies in the
pinned order, ERQA question_type accuracies.
"""

from __future__ import annotations

import ast
import json
import re
import string

from ..common import constants, judge_protocol as jp, messages as msg, vlmeval_report
from ..common.table import cell_str, is_na
from . import register
from .base import Benchmark, BenchmarkError

UPPER = string.ascii_uppercase
JUDGE_TRIES = 3                     # judge_kwargs.get('retry', 3) in _build_score_fn

# ------------------------------------------------------------------ build_choices (spatial_bench tools/utils)
_ONLY_PUNCT_WS = re.compile(r"^[\s\.\,\;\:\!\?\-\_/\\\|\(\)\[\]\{\}【】（）·・、—]+$")


def _clean(value) -> str:
    return re.sub(r"\s+", " ", str(value)).strip()


def _nonempty(value) -> bool:
    if is_na(value):
        return False
    if isinstance(value, (list, tuple, set, dict)):
        return len(value) > 0
    return str(value).strip() != ""


def choice_body(raw) -> str:
    """Option text: whitespace collapsed; missing or punctuation-only -> ''."""
    if is_na(raw):
        return ""
    text = _clean(raw)
    return "" if not text or _ONLY_PUNCT_WS.fullmatch(text) else text


def letters_upto(max_letter: str = "F", n: int | None = None) -> list[str]:
    if n is not None and isinstance(n, int) and n > 0:
        return list(UPPER[:min(n, 26)])
    return list(UPPER[:UPPER.index(max_letter.upper()) + 1])


def _run_length(keys) -> int:
    """How many letters from A on are present without a gap."""
    present = {k.upper() for k in keys}
    n = 0
    for ch in UPPER:
        if ch not in present:
            break
        n += 1
    return n


def choices_from_question(question, max_letter: str = "F") -> dict:
    """Options written in the question: line-labelled (``A. ...`` starting a line) or inline (``A. x B. y``),
    looked for after the first "option(s)"/"选项" word; the reading with the longer A.. run wins."""
    if not isinstance(question, str) or not question.strip():
        return {}
    text = question
    head = re.search(r"(?i)(options?|选项)\s*[:：]?", text)
    if head:
        text = text[head.end():]
    letters = "".join(letters_upto(max_letter))
    line_label = re.compile(rf"(?mi)^[ \t]*(?:[*_`>•·\-]+\s*)?(?:[\(\[\{{（【]\s*)?([{letters}])"
                            rf"(?:\s*[\)\]\}}）】])?\s*[\.．:：\)\]】、-]\s*")
    by_lines: dict[str, str] = {}
    for m in line_label.finditer(text):
        end = text.find("\n", m.end())
        by_lines[m.group(1).upper()] = choice_body(text[m.end():len(text) if end == -1 else end])
    inline_label = re.compile(rf"(?<![A-Za-z0-9])([{letters}])\s*[\.．:：\)\]】、-]\s*(?![A-Za-z0-9])")
    marks = sorted(((m.group(1).upper(), m.end(), m.start()) for m in inline_label.finditer(text)),
                   key=lambda t: t[2])
    inline: dict[str, str] = {}
    for k, (ch, body_start, _) in enumerate(marks):
        stop = marks[k + 1][2] if k + 1 < len(marks) else len(text)
        inline[ch] = choice_body(text[body_start:stop])
    a, b = _run_length(by_lines), _run_length(inline)
    if a != b:
        return by_lines if a > b else inline
    if len(by_lines) != len(inline):
        return by_lines if len(by_lines) > len(inline) else inline
    return by_lines or inline


def _candidates(value, max_letter: str = "F"):
    """An ``options``/``candidates`` cell -> option texts (a list, a stringified list, or an options block)."""
    if isinstance(value, list):
        return [_clean(x) for x in value]
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not text:
        return None
    try:
        parsed = ast.literal_eval(text)
    except Exception:  # noqa: BLE001 - any literal_eval failure falls through, as in the reference
        parsed = None
    if isinstance(parsed, list):
        return [_clean(x) for x in parsed]
    mapping = choices_from_question(text, max_letter)
    if not mapping:
        return None
    out = []
    for ch in UPPER:
        if ch in mapping:
            out.append(_clean(mapping[ch]))
        elif ch != "A":
            break
    return out or None


def build_choices(item: dict, max_letter: str = "F") -> dict:
    """Options of a row: ``options``/``candidates`` column, else the A..F columns present (empty -> ''),
    else options parsed from the question, else {}."""
    for key in ("options", "candidates"):
        if key in item:
            seq = _candidates(item[key])
            if seq:
                return dict(zip(letters_upto(n=len(seq)), seq))
    cols = {ch: (choice_body(item[ch]) if _nonempty(item[ch]) else "")
            for ch in letters_upto(max_letter) if ch in item}
    if cols:
        return cols
    question = item.get("question")
    return choices_from_question(question, max_letter) if isinstance(question, str) else {}


# ------------------------------------------------------------------ judge (llm_extract.call_llm_extract)
def judge_prompt(item: dict) -> str:
    """``extract_ans_by_llm(mode='mcq')``'s prompt for one workbook row."""
    choices = build_choices(item)
    option_lines = "".join(f"{c}. {body}\n" for c, body in choices.items() if not is_na(body))
    gold_raw = item.get("answer", "")
    letter = cell_str(gold_raw).strip().upper()
    gold = f"{letter}. {choices[letter]}" if choices and letter in choices else cell_str(gold_raw)
    return constants.get("spatial_bench.judge_prompt", question=cell_str(item.get("question", "")),
                         options_block=f"Options:\n{option_lines}\n" if option_lines else "",
                         gold_answer=gold, llm_response=cell_str(item.get("prediction", "")))


def parse_grade(reply: str):
    """-> (grade, extracted) from a judge reply, or None when it is unparsable."""
    first = reply.splitlines()[0].strip() if reply.splitlines() else ""
    m = re.match(r"^\s*([ABC])\b(.*)$", first)
    if m:
        rest = re.sub(r"^[\s\|,:]+", "", m.group(2))
        rest = re.sub(r"^(?:\\[tnr])+", "", rest)
        return m.group(1), rest.strip() or "N/A"
    m = re.match(r"^\s*([ABC])\s*$", reply)
    return (m.group(1), "N/A") if m else None


class _SpatialJudged(Benchmark):
    judge = "every_row"
    reported = ("pred_extracted", "judge_grade")
    GROUPS: tuple = ()          # (column, pinned order) for the accuracy table

    def score_row(self, item):
        prompt = judge_prompt(item)
        grade, extracted = "C", "N/A"
        for _ in range(JUDGE_TRIES):
            answer = yield from jp.vlmeval_generate(prompt)
            if jp.FAIL_MSG in answer:
                continue
            parsed = parse_grade(answer)
            if parsed:
                grade, extracted = parsed
                break
        return {"score": int(grade == "A"), "pred_extracted": extracted, "judge_grade": grade}

    def probe_requests(self):
        return [jp.PROBE]

    def aggregate(self, items, results):
        if not results:
            raise BenchmarkError(f"{self.key}: no rows to aggregate")
        hits = [float(r["score"]) for r in results]
        table = {"overall": sum(hits) / len(hits) * 100}
        table.update(self._group_table(items, hits))
        # run_saved_score's primary metric: 'overall', scaled x100 when at most 1 (value_scale auto)
        return {"score": vlmeval_report.auto_percent(table["overall"]), "table": table}

    def _group_table(self, items, hits) -> dict:
        """``eval_mcq_score``'s per-group accuracies: the pinned order first, then other values present."""
        out = {}
        prefixed = len(self.GROUPS) > 1
        for col, order in self.GROUPS:
            values = [it.get(col) for it in items]
            present = list(dict.fromkeys(v for v in values if not is_na(v)))
            for value in list(order) + [v for v in present if v not in order]:
                sel = [h for v, h in zip(values, hits) if v == value]
                if sel:
                    table_key = f"{col}.{value}_accuracy" if prefixed else f"{value}_accuracy"
                    out[table_key] = sum(sel) / len(sel) * 100
        return out


@register
class SpatialVizBenchCoT(_SpatialJudged):
    key = "spatialvizbench_cot"
    alias = "SpatialVizBench_CoT"
    CATEGORY_TASKS = {"MentalRotation": ("2DRotation", "3DRotation", "3ViewProjection"),
                      "MentalFolding": ("PaperFolding", "CubeUnfolding", "CubeReconstruction"),
                      "VisualPenetration": ("CrossSection", "CubeCounting", "CubeAssembly"),
                      "MentalAnimation": ("ArrowMoving", "BlockMoving", "MechanicalSystem")}
    GROUPS = (("category", tuple(CATEGORY_TASKS)), ("task", sum(CATEGORY_TASKS.values(), ())))
    upstream = ("vlmeval/dataset/spatialvizbench.py:61 SpatialVizBench.build_prompt",
                "vlmeval/dataset/spatialvizbench.py:108 SpatialVizBench.evaluate",
                "vlmeval/dataset/utils/spatial_bench/cal_scores.py:154 eval_mcq_score",
                "vlmeval/dataset/utils/spatial_bench/cal_scores.py:281 compute_score_llm",
                "vlmeval/dataset/utils/spatial_bench/llm_extract.py:94 call_llm_extract",
                "vlmeval/dataset/utils/spatial_bench/llm_extract.py:159 extract_ans_by_llm",
                "vlmeval/dataset/utils/spatial_bench/tools/utils.py:237 build_choices",
                "vlmeval/api/base.py:220 BaseAPI.generate (OpenAIWrapper retry=5)")

    def build_prompt(self, row):
        options = "".join(f"{c}. {cell_str(row.get(c))}\n" for c in UPPER if c in row.fields and not is_na(row.get(c)))
        question = constants.get("spatialvizbench_cot.prompt", question=cell_str(row.get("question")), options=options)
        return msg.images(row) + [msg.text(question)]

    def aggregate(self, items, results):
        out = super().aggregate(items, results)
        raw = out["table"]
        table = {"overall": raw["overall"]}            # SpatialVizBench.evaluate's pretty order
        for cat, tasks in self.CATEGORY_TASKS.items():
            for t in tasks:
                if f"task.{t}_accuracy" in raw:
                    table[f"{t}_accuracy"] = raw[f"task.{t}_accuracy"]
            if f"category.{cat}_accuracy" in raw:
                table[f"{cat}_accuracy"] = raw[f"category.{cat}_accuracy"]
        return {"score": out["score"], "table": table}

    def fixture_records(self, rng, n):
        kinds = [("MentalRotation", "2DRotation", "Which view shows the shape after a quarter turn?"),
                 ("VisualPenetration", "CubeCounting", "How many cubes are in the stack?"),
                 ("MentalFolding", "PaperFolding", "Which pattern appears after unfolding?"),
                 ("MentalAnimation", "ArrowMoving", "Where does the arrow end up?")]
        out = []
        for i in range(n):
            cat, task, q = kinds[i % len(kinds)]
            opts = [str(rng.randrange(3, 12)) for _ in range(4)] if task == "CubeCounting" else \
                [f"view {k}" for k in range(1, 5)]
            out.append({"question": q, "A": opts[0], "B": opts[1], "C": opts[2], "D": opts[3],
                        "answer": "ABCD"[rng.randrange(4)], "category": cat, "task": task})
        return out


def parse_visual_indices(value) -> list:
    """``ERQABench.build_prompt``'s reading of the visual_indices cell."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            parts = [p.strip() for p in value.strip("[]").split(",") if p.strip()]
            try:
                return [int(p) for p in parts]
            except ValueError:
                raise BenchmarkError(f"erqa: visual_indices {value!r} is not a list of offsets") from None
    if isinstance(value, (list, tuple)):
        return list(value)
    return []


@register
class ERQA(_SpatialJudged):
    key = "erqa"
    alias = "ERQA"
    GROUPS = (("question_type", ("Action Reasoning", "Multi-view Reasoning", "Pointing", "Spatial Reasoning",
                                 "State Estimation", "Task Reasoning", "Trajectory Reasoning", "Other")),)
    upstream = ("vlmeval/dataset/erqabench.py:37 ERQABench.build_prompt",
                "vlmeval/dataset/erqabench.py:110 ERQABench.evaluate",
                "rlvr/evaluation/scripts/benchmark_queue_lib.py:271 build_vlmeval_dataset (ERQABench selected)",
                "vlmeval/dataset/utils/spatial_bench/cal_scores.py:154 eval_mcq_score",
                "vlmeval/dataset/utils/spatial_bench/llm_extract.py:94 call_llm_extract",
                "vlmeval/dataset/utils/spatial_bench/tools/utils.py:237 build_choices",
                "vlmeval/api/base.py:220 BaseAPI.generate (OpenAIWrapper retry=5)")

    def build_prompt(self, row):
        question = row.get("question")
        question = question if isinstance(question, str) else cell_str(question)
        offsets = parse_visual_indices(row.get("visual_indices"))
        try:
            n = len(offsets)
        except TypeError:
            raise BenchmarkError(f"erqa: row {row.get('index')}: visual_indices is not a list") from None
        if n != len(row.images):
            offsets = [0] * len(row.images)
        pairs = sorted(zip(range(len(row.images)), offsets), key=lambda p: p[1])
        if not offsets or all(off == 0 for off in offsets):
            return [msg.image(i) for i, _ in pairs] + [msg.text(question)]
        parts, pos = [], 0
        try:
            for i, off in pairs:
                if off != 0 and off <= len(question):
                    if question[pos:off]:
                        parts.append(msg.text(question[pos:off]))
                    pos = off
                parts.append(msg.image(i))
        except TypeError:
            raise BenchmarkError(f"erqa: row {row.get('index')}: visual_indices are not integer offsets") from None
        if pos < len(question) and question[pos:]:
            parts.append(msg.text(question[pos:]))
        return parts or [msg.image(i) for i, _ in pairs] + [msg.text(question)]

    def fixture_records(self, rng, n):
        from ..data import fixture_image

        kinds = ["Spatial Reasoning", "Multi-view Reasoning", "Trajectory Reasoning", "State Estimation"]
        out = []
        for i in range(n):
            qtype = kinds[i % len(kinds)]
            answer = "ABCD"[rng.randrange(4)]
            if qtype == "Multi-view Reasoning":
                q = ("Image 1: the table. Image 2: the table from the left. Which object is hidden in the "
                     "second view? A. cup B. plate C. fork D. bowl")
                out.append({"question": q, "answer": answer, "question_type": qtype,
                            "visual_indices": json.dumps([9, q.index("Image 2") + 9]),
                            "_images": [fixture_image(rng), fixture_image(rng)]})
            else:
                q = ("Which way should the gripper move to reach the cup? A. left B. right C. up D. down "
                     "Please answer directly with only the letter of the correct option and nothing else.")
                out.append({"question": q, "answer": answer, "question_type": qtype, "visual_indices": "[0]"})
        return out
