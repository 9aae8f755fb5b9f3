"""Small accuracy-table pieces the judged benchmarks' aggregates share: percent means, the means over
rows whose cell contains a name (the reference's ``str.contains`` / ``name in str(value)`` groupings; a
group without rows is None where the reference has NaN, so the table stays valid JSON) and the count of
rows recorded as ``judge_unresolved``."""

from __future__ import annotations


def mean_percent(values) -> float | None:
    values = [float(v) for v in values]
    return sum(values) / len(values) * 100 if values else None


def substring_means(cells: list[str], scores: list, names) -> dict:
    """``{name: mean x 100 over the rows whose cell contains name}`` (None when no row does)."""
    return {name: mean_percent(s for c, s in zip(cells, scores) if name in c) for name in names}


def unresolved_rows(results: list[dict]) -> int:
    return sum(1 for r in results if r.get("judge_unresolved"))
