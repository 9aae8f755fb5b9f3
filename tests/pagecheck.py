"""Reading page scenes back in tests: the texts drawn inside a box, and whether boxes overlap."""

from __future__ import annotations

from itertools import combinations


def texts_inside(texts, box, *, slack: float = 0.5, kind: str | None = None) -> list[str]:
    """The strings of ``texts`` (``Canvas.texts``) whose pixel box lies inside ``box`` (give or take
    ``slack`` px), optionally only those of one ``kind``."""
    x0, y0, x1, y1 = box
    return [t["text"] for t in texts if (kind is None or t["kind"] == kind) and x0 - slack <= t["box"][0]
            and t["box"][2] <= x1 + slack and y0 - slack <= t["box"][1] and t["box"][3] <= y1 + slack]


def overlapping(boxes, *, slack: float = 0.5) -> list[tuple]:
    """The pairs of boxes that overlap by more than ``slack`` px both across and down."""
    return [(a, b) for a, b in combinations(boxes, 2)
            if min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack]
