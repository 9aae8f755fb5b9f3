"""Ranking and threshold checks for chart tasks whose values are read through an encoding
(axis position, length, size, area): the asked extreme must beat the runner-up by a margin a
reader can see, and values compared with a threshold must stay clear of it.

``margin`` is in value units, or a share of the larger value when ``relative`` (for sizes and
areas, which are judged by ratio).
"""

from __future__ import annotations


def gap(a: float, b: float, *, relative: bool = False) -> float:
    """How far apart two values are: absolutely, or as a share of the larger magnitude."""
    d = abs(a - b)
    return d / (max(abs(a), abs(b)) or 1.0) if relative else d


def clear_extreme(q, scores: dict, *, largest: bool, margin: float, relative: bool = False):
    """The key of ``scores`` with the extreme value, rejecting the state (``q.require``) unless
    it beats the runner-up by ``margin``."""
    order = sorted(scores, key=lambda k: scores[k], reverse=largest)
    q.require(len(order) >= 2, "fewer than two candidates")
    q.require(gap(scores[order[0]], scores[order[1]], relative=relative) >= margin, "extreme not clear")
    return order[0]


def clear_of(values, level: float, margin: float) -> bool:
    """Every value at least ``margin`` away from ``level`` (so a comparison with it is visible)."""
    return all(abs(v - level) >= margin for v in values)
