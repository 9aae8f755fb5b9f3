"""What MathVista and MathVision share in the reference (VLMEvalKit ``post_check`` + TRACE's direct-route
``run_mathvista_local_judge`` / ``run_mathv_local_judge``, af32fe0e):

1. prefetch: ``post_check(row, prefetch=True)`` on the prediction workbook row (any exception -> no
   prefetch); a truthy result is the row's ``res`` with log ``Prefetch succeed`` and no judge call (note:
   a prefetched ``0`` is falsy and goes to the judge);
2. otherwise the benchmark's in-context extraction prompt (question + ``str(prediction)``) through
   PersistentJudge at 128 tokens, temperature 0; an empty reply is re-sent at 256 / 512 / 1024 tokens (a
   reply cut at max_tokens is accepted, as on the official extraction route); still empty: the reference's
   run fails -- we record the row as unresolved (score 0, ``judge_unresolved``, counted in the table)
   instead of failing the job. The stripped reply is ``res`` (log ``Succeed``);
3. the judged table (prediction workbook + ``res`` + ``log``) is written to Excel and read back as a whole
   -- read_excel's type inference over the ``res`` column decides e.g. whether ``'14.0'`` stays a string
   (``int('14.0')`` fails) -- and ``post_check(row, prefetch=False)`` scores every row
   (:meth:`PrefetchJudgedMath.finish_rows`).

The scores.json number is the ``Overall`` accuracy passed twice through ``_score_to_percent`` (a value of
at most 1 is multiplied by 100; see :func:`direct_percent`).
Also here: MathVision's ``is_equal`` (Python ``eval`` of both answers, then latex2sympy2_extended, the
parser the reference pins) and the choices cell reader.
"""

from __future__ import annotations

from ..benchmarks.base import Benchmark, BenchmarkError
from . import constants, table
from .accuracy import unresolved_rows
from .persistent_judge import nonempty, run_cached
from .pyeval import EvalError, py_eval
from .table import cell_str

EXTRACT_MAX_TOKENS = 128


class ChoicesError(Exception):
    """``eval(line['choices'])`` raised something other than ValueError (the reference lets it through)."""


def choice_dict(cell) -> dict:
    """``list_to_dict(eval(line['choices']))``: option letters A, B, ... over the list."""
    return {chr(65 + i): v for i, v in enumerate(choice_list(cell))}


def choice_list(cell):
    try:
        return py_eval(cell)
    except EvalError as e:
        raise ChoicesError(f"choices cell {cell_str(cell)[:60]!r}: {e}") from None


def nan_cell(value):
    """A cell as the reference's pandas row holds it: a missing cell is NaN (``int``/``float``/``str`` of it
    behave like the reference's), anything else unchanged."""
    return float("nan") if value is None else value


def score_to_percent(value: float) -> float:
    """``_score_to_percent``: a value of at most 1 (in absolute value) is read as a fraction."""
    value = float(value)
    return value * 100.0 if abs(value) <= 1.0 else value


def direct_percent(acc: float) -> float:
    """The direct route's reported score for an accuracy table's Overall ``acc`` (already in percent):
    ``_df_to_scores`` and ``_primary_score`` each apply :func:`score_to_percent`."""
    return score_to_percent(score_to_percent(acc))


def is_equal(asw, gt) -> bool:
    """MathVision's ``is_equal``: lower-cased stripped strings equal, else both ``eval`` to numbers within
    1e-6, else both parse with latex2sympy and their ``eval``-ed strings (or the sympy difference) are
    within 1e-6. Any error in a stage skips it."""
    from latex2sympy2_extended import latex2sympy

    asw, gt = str(asw).lower().strip(), str(gt).lower().strip()
    if gt == asw:
        return True
    try:
        if abs(py_eval(gt) - py_eval(asw)) < 1e-6:
            return True
    except Exception:  # noqa: BLE001 - the reference's bare except
        pass
    try:
        a, b = latex2sympy(gt), latex2sympy(asw)
        if abs(py_eval(str(a)) - py_eval(str(b))) < 1e-6:
            return True
        if abs(a - b) < 1e-6:
            return True
    except Exception:  # noqa: BLE001 - the reference's bare except
        pass
    return False


def accuracy_table(key, groups_per_row: list, results: list) -> dict:
    """``MathVista_acc`` / ``MATH_V_acc``: hits / rows x 100 per group (a row counts once per group it names,
    groups in first-seen order)."""
    if not results:
        raise BenchmarkError(f"{key}: no rows to aggregate")
    tot: dict = {}
    hit: dict = {}
    for groups, r in zip(groups_per_row, results):
        for g in groups:
            tot[g] = tot.get(g, 0) + 1
            hit[g] = hit.get(g, 0) + (1 if r["score"] else 0)
    table = {str(g): hit[g] / tot[g] * 100 for g in tot}
    table["judge_unresolved_rows"] = unresolved_rows(results)
    return table


class PrefetchJudgedMath(Benchmark):
    """MathVista / MathVision: prefetch, else judge extraction; scored on the judged table."""

    route = "direct_score"
    judge = "fallback"
    reported = ("extracted", "extraction_log", "prefetched")

    def post_check(self, item: dict, prefetch: bool):  # pragma: no cover - each benchmark defines it
        raise NotImplementedError

    def score_row(self, item):
        try:
            pre = self.post_check(item, prefetch=True)
        except Exception:  # noqa: BLE001 - the runner's try/except around the prefetch
            pre = False
        if pre:
            return {"score": None, "res": pre, "extracted": str(pre), "extraction_log": "Prefetch succeed",
                    "prefetched": True}
        question = item.get("question")
        if not isinstance(question, str):
            raise BenchmarkError(f"{self.key} row {item.get('index')}: question {question!r} is not text (the "
                                 "reference's extraction prompt concatenation fails)")
        prompt = constants.get(f"{self.key}.extract_prompt", question=question,
                               prediction=cell_str(item.get("prediction")))
        out, _, ok = yield from run_cached(prompt, max_tokens=EXTRACT_MAX_TOKENS, validator=nonempty,
                                           retry_on_length=False)
        if not ok:      # the reference's run fails; recorded instead (issue 11: no crash of the whole job)
            return {"score": 0, "res": "", "extracted": "", "extraction_log": "Local judge empty",
                    "prefetched": False, "judge_unresolved": "extraction empty after the max_tokens ladder"}
        return {"score": None, "res": out, "extracted": out, "extraction_log": "Succeed", "prefetched": False}

    def finish_rows(self, items, results):
        book = table.workbook_roundtrip([dict(it, res=r["res"], log=r["extraction_log"])
                                         for it, r in zip(items, results)])
        out = []
        for rec, r in zip(book, results):
            if r.get("judge_unresolved"):
                out.append(r)
                continue
            try:
                hit = self.post_check(rec, prefetch=False)
            except Exception as e:  # noqa: BLE001 - the reference's accuracy step does not catch these
                raise BenchmarkError(f"{self.key} row {rec.get('index')}: post_check fails ({type(e).__name__}: "
                                     f"{e}); the reference's accuracy step fails") from None
            out.append(dict(r, score=int(bool(hit))))
        return out
