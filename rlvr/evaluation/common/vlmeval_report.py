"""How the reference turns a VLMEvalKit result table into the one number the suite aggregates.

``run_official_vlmevalkit_saved_score._primary_score`` flattens the table that ``dataset.evaluate()``
returns (``vlmeval.smp.status_report.flatten_summary_metrics``: a frame row's non-numeric columns become
``col=value|`` key prefixes, each numeric column a key), asks the dataset class for its primary metric
(``report_primary_metric``: a class-specific key, else the best-ranked key of
``image_base._choose_primary_metric_key``) and, with ``value_scale="auto"``, multiplies a value of at
most 1.0 by 100. That last rule also multiplies a genuine percentage of at most 1 % (a benchmark score of
0.5 % is reported as 50); we conform (docs/evaluation.md).
"""

from __future__ import annotations

import math

from .table import is_na


def is_number(value) -> bool:
    """``status_report.is_number``: a finite-or-inf int/float (not bool), or a string ``float()`` reads."""
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return not is_na(value)
    if isinstance(value, str):
        try:
            return not math.isnan(float(value))
        except ValueError:
            return False
    return False


def _numeric(value) -> bool:
    """Whether ``pd.to_numeric(errors="coerce")`` gives a number for the cell."""
    if isinstance(value, bool):
        return True
    return is_number(value)


def flatten_rows(rows: list[dict]) -> dict:
    """``_flatten_dataframe`` of a frame given as a list of row dicts (column order = first row's keys)."""
    if not rows:
        return {}
    columns: list[str] = []
    for r in rows:
        columns += [c for c in r if c not in columns]
    numeric = [c for c in columns if any(_numeric(r.get(c)) for r in rows)]
    dims = [c for c in columns if c not in numeric]
    out: dict = {}
    for i, r in enumerate(rows):
        prefix = "|".join(f"{str(c).strip() or 'value'}={str(r[c]).strip()}" for c in dims
                          if not is_na(r.get(c)) and str(r[c]).strip())
        for c in numeric:
            v = r.get(c)
            if not is_number(v):
                continue
            name = str(c).strip() or "value"
            key = f"{prefix}|{name}" if prefix else name
            if key in out:
                key = f"{key}#{i}"
            out[key] = float(v) if isinstance(v, str) else v
    return out


def flatten_dict(metrics: dict, prefix: str = "") -> dict:
    """``_flatten_any`` of a dict of scalars (nested dicts joined with ``|``)."""
    out: dict = {}
    for k, v in metrics.items():
        name = str(k).strip() or "value"
        key = f"{prefix}|{name}" if prefix else name
        if isinstance(v, dict):
            out.update(flatten_dict(v, key))
        elif is_number(v):
            out[key if key not in out else f"{key}#dup"] = float(v) if isinstance(v, str) else v
    return out


def choose_primary_key(metrics: dict) -> str | None:
    """``image_base._choose_primary_metric_key``: 'overall' beats 'acc' beats 'score', split=test/val
    breaks ties, then the smallest key."""
    if not metrics:
        return None
    ranked = []
    for key in metrics:
        low = str(key).lower()
        if low == "overall":
            score = 100
        elif low.endswith("|overall"):
            score = 95
        elif "overall" in low:
            score = 90
        elif low == "acc" or low.endswith("|acc"):
            score = 80
        elif "acc" in low:
            score = 70
        elif low == "score" or low.endswith("|score"):
            score = 60
        elif "score" in low:
            score = 50
        else:
            score = 0
        for tag, bonus in (("split=test", 4), ("split=validation", 3), ("split=val", 2), ("split=dev", 1)):
            if tag in low:
                score += bonus
                break
        ranked.append((-score, str(key)))
    ranked.sort()
    return ranked[0][1]


def primary(metrics: dict, preferred: tuple = ()) -> tuple[str, float]:
    """``report_primary_metric``: the first of ``preferred`` ``(flat key, reported name, factor)`` present
    in ``metrics`` (value times factor), else the best-ranked key; -> (name, raw value)."""
    for key, name, factor in preferred:
        if key in metrics:
            return name, metrics[key] * factor
    key = choose_primary_key(metrics)
    if key is None:
        raise ValueError("the result table reports no numeric metric")
    return key, metrics[key]


def sorted_values(values, what: str) -> list:
    """``sorted(set(column))`` as the reference's reports do; a column mixing missing (NaN) and present
    values, or text and numbers, cannot be sorted there and fails the evaluate()."""
    from ..benchmarks.base import BenchmarkError

    try:
        return sorted(set(values))
    except TypeError:
        raise BenchmarkError(f"{what} mixes missing and present values (or text and numbers); the reference "
                             f"cannot sort them") from None


def auto_percent(value) -> float:
    """``_primary_score`` with ``value_scale="auto"``: ``abs(value) <= 1`` is read as a fraction."""
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"primary metric is not finite: {value!r}")
    return value * 100.0 if abs(value) <= 1.0 else value
