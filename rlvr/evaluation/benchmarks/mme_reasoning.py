"""MME-Reasoning: VLMEvalKit ``MMEReasoning`` prompt, TRACE's dedicated scorer (``run_mme_reasoning_eval``,
af32fe0e) with the Qwen3-32B judge on every row.

Prompt: the row's images, then the question as it is.
Extraction (every row): the row's ``prompt_id`` picks one of the 13 extraction prompts of
``mme_reasoning_eval_prompts`` (no ``function_id``: ``choice_prompt`` for choice rows, ``open_question_prompt``
for open rows), filled with the question and the prediction as the prediction workbook reads back
(``read_excel`` then NaN -> None, so an empty response reads ``None``). PersistentJudge at 1024 tokens and
temperature 0, then 2048 tokens at 0.5 / 1.0 / 1.5 / 2.0, until the reply is accepted
(``_validate_extraction``): non-empty, not cut at max_tokens, and
  * choice rows: normalised by ``_normalize_choice_extraction`` -- "none (of the above/options)" and
    ``?`` placeholders become the sentinel ``__MME_NO_CHOICE__``; label lists (``[A, C]``, ``A, C``, ``AC``,
    ``(b)``) become ``A,C`` / ``B``; ``B. square`` becomes ``B``; anything else is kept verbatim (``A or B``),
  * open / 24-points rows: the reply as it is,
  * the other prompts: JSON, or the JSON inside a fenced code block.
Five failed attempts: the reference's slice fails (MMEEvaluationFailure); we record the row as unresolved
(score 0, ``judge_unresolved``, counted in the table) instead of failing the job (issue 11: no crash on a
malformed judge reply) -- likewise for an open answer without a 0/1 decision after five temperatures and for
an official check that raises on the judge's extraction.
Scoring: open rows (no function, or ``open_function``) go to the open judge (``_openeval_prompt``: question,
answer, extraction; 16 tokens raised to 128 with the 256/512/1024 ladder for empty or cut replies;
temperatures 0 .. 2.0) until the reply is exactly ``0`` or ``1``. Every other row is scored by its
deterministic check (:mod:`._mme_functions`): ``choice_function`` on the raw extraction, the puzzle checks
(hashi, skyscraper, sudoku 4x4/6x6, yin-yang, 24 points) with the row's ``special_info``, the others on the
JSON; the answer and special_info cells are read with ``ast.literal_eval`` (else ``eval`` without builtins).
Row data a check cannot read (answer, special_info, an unknown function) fails the slice, as in the
reference.
Aggregate (``_mme_reasoning_acc``): Overall = mean x 100 (the score), means per capability and reasoning
type by substring (NaN when no row matches).
"""

from __future__ import annotations

import ast
import json
import re

from ..common import accuracy as acc, constants
from ..common.persistent_judge import LENGTH_REASONS, run_cached
from ..common.pyeval import EvalError, literal_or_eval
from ..common.table import is_na
from . import _mme_functions as fn
from . import register
from .base import Benchmark, BenchmarkError

FAIL_MSG = "Failed to obtain answer via API."
NO_CHOICE = "__MME_NO_CHOICE__"
TEMPERATURES = (0.0, 0.5, 1.0, 1.5, 2.0)
EXTRACT_MAX_TOKENS = 1024          # --extract-max-tokens; later attempts max(1024, min(2 * 1024, 2048))
SCORE_MAX_TOKENS = 16              # --score-max-tokens
CAPABILITIES = ("planning and exploring", "calculation", "spatial-temporal", "casual chaining analysis",
                "pattern analysis")
REASONING_TYPES = ("inductive", "deductive", "abductive")
RAW_PROMPTS = ("open_question_prompt", "points24_prompt")


def _fmt(value) -> str:
    """``str.format`` of a cell after ``replace({nan: None})``."""
    return "None" if is_na(value) else str(value)


def _optional(value):
    return None if is_na(value) else value


def prompt_and_function(item) -> tuple[str, str]:
    """``_ensure_eval_prompt_function``."""
    prompt_id, function_id = _optional(item.get("prompt_id")), _optional(item.get("function_id"))
    if function_id is None:
        qtype = _fmt(item.get("question_type")).lower()
        if qtype == "choice":
            return "choice_prompt", "choice_function"
        if qtype == "open":
            return "open_question_prompt", "open_function"
        raise BenchmarkError(f"MME-Reasoning row {item.get('index')}: question type "
                             f"{item.get('question_type')!r} requires a function_id")
    if prompt_id is None:
        raise BenchmarkError(f"MME-Reasoning row {item.get('index')} has function_id={function_id!r} but no prompt_id")
    return str(prompt_id), str(function_id)


def normalize_choice(output) -> str | None:
    """``_normalize_choice_extraction``: the judge's option extraction as the scorer compares it."""
    text = str(output or "").strip()
    if not text:
        return None
    bare = re.sub(r"\s+", " ", text).strip().rstrip(".!").casefold()
    if bare in ("none", "none of the above") or bare.startswith(("none of the given options ", "none of the options ")):
        return NO_CHOICE
    inner = text
    if text.startswith(("[", "(")):
        close = "]" if text.startswith("[") else ")"
        inner = text[1:-1].strip() if text.endswith(close) and not any(t in text[1:-1] for t in "[]()") else ""
    elif any(t in text for t in "[]()"):
        inner = ""
    if inner and re.fullmatch(r"\?(?:(?:\s*,\s*|\s+)\?)*", inner):
        return NO_CHOICE
    repeated = re.fullmatch(r"([A-Ga-g])\s*(?:\r?\n)+\s*Extracted answer:\s*([A-Ga-g])", text, flags=re.I)
    if repeated:
        first, second = (v.upper() for v in repeated.groups())
        return first if first == second else text
    if re.fullmatch(r"[+-]?\d+(?:\.\d+)?", text) or re.fullmatch(r"\\boxed\{\\[A-Za-z]+\}", text):
        return text
    try:
        parsed = ast.literal_eval(text)
    except Exception:  # noqa: BLE001 - any failure means "not a literal", as in the reference's bare except
        parsed = None
    if isinstance(parsed, (list, tuple)):
        labels = [str(v).strip().upper() for v in parsed]
    else:
        labels = [p.strip().strip("\"'").upper() for p in text.strip("[]() ").split(",")]
        if len(labels) == 1 and re.fullmatch(r"[A-G]{2,7}", labels[0]) and len(set(labels[0])) == len(labels[0]):
            labels = list(labels[0])
    if labels and all(re.fullmatch(r"[A-Z]", v) for v in labels):
        return ",".join(labels)
    prefixed = re.fullmatch(r"([A-Za-z])\s*[.)]\s*(.*)", text, flags=re.DOTALL)
    if prefixed:
        rest = prefixed.group(2).strip()
        if re.search(r"(?:^|[\s,;/])(?:or|and)?\s*[A-Za-z]\s*[.)](?:\s|$)", rest, flags=re.I):
            return text
        return prefixed.group(1).upper()
    return text


def _json_block(text: str) -> str | None:
    """``extract_json_from_response``: the body of the first fenced code block."""
    for pattern in (r"```json\s*(.*?)\s*```", r"```\s*(.*?)\s*```", r"```JSON\s*(.*?)\s*```"):
        m = re.search(pattern, text, flags=re.DOTALL)
        if m:
            return m.group(1)
    return None


def _loads(text) -> bool:
    try:
        json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return False
    return True


def validate_extraction(prompt_id: str, output: str) -> tuple[bool, str]:
    """``_validate_extraction`` -> (accepted, value)."""
    if not str(output or "").strip() or FAIL_MSG in output:
        return False, output
    if prompt_id == "choice_prompt":
        value = normalize_choice(output)
        return value is not None, value or output
    if prompt_id in RAW_PROMPTS or _loads(output):
        return True, output
    block = _json_block(output)
    return (True, block) if block is not None and _loads(block) else (False, output)


class EvaluatorRaised(Exception):
    """The official check raised on the judge's extraction (the reference fails the slice there)."""


def check(function_id: str, res: str, item) -> bool:
    """The deterministic score of a non-open row (``_run_score_impl``'s deterministic_scoring). Row data the
    check cannot read raises :class:`BenchmarkError`; a check raising on the judge's extraction raises
    :class:`EvaluatorRaised`."""
    where = f"MME-Reasoning row {item.get('index')}"
    func = fn.FUNCTIONS.get(function_id)
    if func is None:
        raise BenchmarkError(f"{where}: no official evaluator {function_id!r}")
    special = None
    if function_id != "choice_function":
        try:
            answer = literal_or_eval(_optional(item.get("answer")))
            if function_id in fn.SPECIAL:
                raw = _optional(item.get("special_info"))
                if raw is None:
                    raise BenchmarkError(f"{where}: official evaluator {function_id} requires special_info")
                special = literal_or_eval(raw)
        except EvalError as e:
            raise BenchmarkError(f"{where}: the answer or special_info cell cannot be read ({e})") from None
    else:
        answer = _optional(item.get("answer"))
    try:
        response = json.loads(res) if function_id not in ("choice_function", "judge_24points_function") else res
        result = func(response, answer) if special is None else func(response, answer, special)
    except Exception as e:  # noqa: BLE001 - the reference records any evaluator exception and fails the slice
        raise EvaluatorRaised(f"official evaluator {function_id} raised {type(e).__name__}: {e}") from None
    if type(result) is not bool:
        raise BenchmarkError(f"MME-Reasoning row {item.get('index')}: {function_id} returned "
                             f"{type(result).__name__}, not a bool")
    return result


@register
class MMEReasoning(Benchmark):
    key = "mme_reasoning"
    alias = "MME-Reasoning"
    route = "dedicated_score"
    judge = "every_row"
    reported = ("extracted",)
    upstream = ("vlmeval/dataset/image_vqa.py:3613 MMEReasoning.build_prompt",
                "rlvr/evaluation/scripts/benchmark_queue_lib.py:271 build_vlmeval_dataset (MME-Reasoning re-pin)",
                "rlvr/evaluation/scripts/run_mme_reasoning_eval.py:660 run_score",
                "rlvr/evaluation/scripts/run_mme_reasoning_eval.py:815 _run_score_impl",
                "rlvr/evaluation/scripts/run_mme_reasoning_eval.py:180 _ensure_eval_prompt_function",
                "rlvr/evaluation/scripts/run_mme_reasoning_eval.py:199 _extract_prompt",
                "vlmeval/dataset/utils/mme_reasoning.py:334 mme_reasoning_eval_prompts",
                "rlvr/evaluation/scripts/run_mme_reasoning_eval.py:216 _normalize_choice_extraction",
                "rlvr/evaluation/scripts/run_mme_reasoning_eval.py:323 _validate_extraction",
                "vlmeval/dataset/utils/mme_reasoning.py:1083 extract_json_from_response",
                "rlvr/evaluation/scripts/run_mme_reasoning_eval.py:347 _openeval_prompt",
                "vlmeval/dataset/utils/mme_reasoning.py:1056 mme_reasoning_eval_functions",
                "rlvr/evaluation/scripts/run_mme_reasoning_eval.py:167 _safe_literal_eval",
                "rlvr/evaluation/scripts/run_mme_reasoning_eval.py:382 _mme_reasoning_acc")

    def score_row(self, item):
        if FAIL_MSG in _fmt(item.get("prediction")):
            raise BenchmarkError(f"MME-Reasoning row {item.get('index')}: the prediction is a generation failure")
        prompt_id, _ = prompt_and_function(item)
        try:
            prompt = constants.get(f"mme_reasoning.prompt.{prompt_id}", question=_fmt(item.get("question")),
                                   response=_fmt(item.get("prediction")))
        except KeyError:
            raise BenchmarkError(f"MME-Reasoning row {item.get('index')}: unknown prompt_id {prompt_id!r}") from None
        res = None
        for attempt, temperature in enumerate(TEMPERATURES):
            limit = EXTRACT_MAX_TOKENS if attempt == 0 else max(EXTRACT_MAX_TOKENS, min(EXTRACT_MAX_TOKENS * 2, 2048))
            out, finish, _ = yield from run_cached(prompt, max_tokens=limit, temperature=temperature, stage="extract")
            ok, value = validate_extraction(prompt_id, out)
            if ok and finish not in LENGTH_REASONS:
                res = value
                break
        if res is None:     # the reference's slice fails; recorded instead (issue 11: no crash of the job)
            return {"score": 0, "extracted": "",
                    "judge_unresolved": "no parseable extraction in five attempts"}
        function_id = _optional(item.get("function_id"))
        qtype = _fmt(item.get("question_type")).lower()
        if (qtype == "open" and function_id is None) or function_id == "open_function":
            judged = yield from self._open_judge(item, res)
            if judged is None:
                return {"score": 0, "extracted": res, "judge_unresolved": "no 0/1 open-answer decision in five "
                                                                         "attempts"}
            return {"score": int(judged), "extracted": res}
        if function_id is None:
            if qtype != "choice":
                raise BenchmarkError(f"MME-Reasoning row {item.get('index')}: unexpected non-choice row without "
                                     "a function_id")
            function_id = "choice_function"
        try:
            return {"score": int(check(str(function_id), str(res), item)), "extracted": res}
        except EvaluatorRaised as e:
            return {"score": 0, "extracted": res, "judge_unresolved": str(e)}

    def _open_judge(self, item, res):
        prompt = constants.get("mme_reasoning.open_judge", question=_fmt(item.get("question")),
                               answer=_fmt(item.get("answer")), response=res)
        for temperature in TEMPERATURES:
            out, finish, _ = yield from run_cached(prompt, max_tokens=SCORE_MAX_TOKENS, temperature=temperature,
                                                   stage="open_score")
            if out in ("0", "1") and finish not in LENGTH_REASONS:
                return out == "1"
        return None

    def aggregate(self, items, results):
        if not results:
            raise BenchmarkError(f"{self.key}: no rows to aggregate")
        scores = [r["score"] for r in results]
        out = {"Overall": acc.mean_percent(scores)}
        for column, names in (("capability", CAPABILITIES), ("reasoning_type", REASONING_TYPES)):
            out.update(acc.substring_means([_fmt(it.get(column)) for it in items], scores, names))
        out["judge_unresolved_rows"] = acc.unresolved_rows(results)
        return {"score": out["Overall"], "table": out}

    def fixture_records(self, rng, n):
        none = None
        kinds = [
            {"question": "Which shape comes next?\nA. circle\nB. square\nC. triangle\nD. star\nPlease answer the "
             "question and provide the correct option letter, e.g., A, B, C, D, at the end.",
             "answer": "B", "question_type": "choice", "prompt_id": none, "function_id": none,
             "special_info": none, "capability": "pattern analysis", "reasoning_type": "inductive"},
            {"question": "What is the value of x? Please answer the question and provide the final value, e.g., "
             "2, 2.10, -3, at the end.", "answer": str(rng.randrange(2, 30)), "question_type": "open",
             "prompt_id": none, "function_id": none, "special_info": none, "capability": "calculation",
             "reasoning_type": "deductive"},
            {"question": "Fill the 4x4 sudoku. Give the final grid as a matrix.", "answer": none,
             "question_type": "open", "prompt_id": "sudoku_4_extraction_prompt",
             "function_id": "calculate_answer_function_sudoku_4",
             "special_info": str({"base_matrix": [[1, None, None, None]] + [[None] * 4 for _ in range(3)]}),
             "capability": "planning and exploring", "reasoning_type": "inductive"},
            {"question": "Cards A, 8, 9, K: use each card once to make 24.", "answer": none, "question_type": "open",
             "prompt_id": "points24_prompt", "function_id": "judge_24points_function",
             "special_info": str({"init_cards": [1, 8, 9, 13]}), "capability": "calculation",
             "reasoning_type": "inductive"},
        ]
        return [dict(kinds[i % len(kinds)], difficulty="medium") for i in range(n)]
