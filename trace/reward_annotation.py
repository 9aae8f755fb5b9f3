"""Annotation similarity for tracegen's reward (``answer_and_annotation`` mode), in pixels.

Standard library only.  Used by :mod:`tracegen.reward`; see its docstring for the rules:

* point ``[x, y]``: ``max(0, 1 - distance / POINT_TOLERANCE_PX)``
* bbox ``[x0, y0, x1, y1]``: IoU
* segment ``[[x0, y0], [x1, y1]]``: mean endpoint point-similarity, best of both orientations
* ``*_set``: optimal one-to-one matching (Hungarian), total / max(len(pred), len(gt));
  both empty -> 1; a prediction longer than ``max(MAX_SET_MIN_CAP, SET_SIZE_FACTOR * len(gt))`` scores 0
* ``*_sequence``: positional, sum over the common prefix / max(len(pred), len(gt))
* ``*_map``: sum over gt keys of the per-key similarity / len(gt keys | pred keys)
* ``*_set_map``: like ``*_map`` with the set score per key
"""

from __future__ import annotations

import math
import re

POINT_TOLERANCE_PX = 32.0
MAX_NUMERIC_CHARS = 400      # longest numeric string considered
MAX_SET_MIN_CAP = 64
SET_SIZE_FACTOR = 4

_BASE_METRIC = {"point": "distance", "bbox": "iou", "segment": "distance"}

ANNOTATION_TYPES = (
    "point", "point_set", "point_sequence", "point_map", "point_set_map",
    "bbox", "bbox_set", "bbox_sequence", "bbox_map", "bbox_set_map",
    "segment", "segment_set",
)

#: Scorer id of each annotation type in tracegen's own contract dialect, e.g. "bbox_set" -> "bbox_set_iou".
ANNOTATION_SCORER_IDS = {
    t: "%s_%s" % (t, _BASE_METRIC[t.split("_", 1)[0]]) for t in ANNOTATION_TYPES
}

_NUMERIC = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def _numeric_str(x: str):
    s = x.strip()
    if len(s) > MAX_NUMERIC_CHARS or not _NUMERIC.fullmatch(s):
        return None
    return s


def _to_float(x):
    if isinstance(x, bool):
        return None
    try:
        if isinstance(x, (int, float)):
            v = float(x)
        elif isinstance(x, str):
            s = _numeric_str(x)
            if s is None:
                return None
            v = float(s)
        else:
            return None
    except (OverflowError, ValueError):
        return None
    return v if math.isfinite(v) else None


def _num(x):
    return _to_float(x)


def _parse_point(v):
    if not isinstance(v, (list, tuple)) or len(v) != 2:
        return None
    x, y = _num(v[0]), _num(v[1])
    if x is None or y is None:
        return None
    return (x, y)


def _parse_bbox(v):
    if not isinstance(v, (list, tuple)) or len(v) != 4:
        return None
    c = [_num(t) for t in v]
    if any(t is None for t in c):
        return None
    x0, y0, x1, y1 = c
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _parse_segment(v):
    if not isinstance(v, (list, tuple)) or len(v) != 2:
        return None
    a, b = _parse_point(v[0]), _parse_point(v[1])
    if a is None or b is None:
        return None
    return (a, b)


def _clamp01(x) -> float:
    if not (x >= 0.0):  # also catches NaN
        return 0.0
    return 1.0 if x > 1.0 else float(x)


def _point_sim(p, g) -> float:
    if p is None or g is None:
        return 0.0
    try:
        d = math.hypot(p[0] - g[0], p[1] - g[1])
    except (OverflowError, ValueError):
        return 0.0
    return _clamp01(1.0 - d / POINT_TOLERANCE_PX)


def _bbox_iou(p, g) -> float:
    if p is None or g is None:
        return 0.0
    try:
        iw = min(p[2], g[2]) - max(p[0], g[0])
        ih = min(p[3], g[3]) - max(p[1], g[1])
        inter = max(0.0, iw) * max(0.0, ih)
        union = (p[2] - p[0]) * (p[3] - p[1]) + (g[2] - g[0]) * (g[3] - g[1]) - inter
        if not (union > 0.0):
            return 1.0 if tuple(p) == tuple(g) else 0.0
        return _clamp01(inter / union)
    except (OverflowError, ValueError, ZeroDivisionError):
        return 0.0


def _segment_sim(p, g) -> float:
    if p is None or g is None:
        return 0.0
    fwd = (_point_sim(p[0], g[0]) + _point_sim(p[1], g[1])) / 2.0
    rev = (_point_sim(p[0], g[1]) + _point_sim(p[1], g[0])) / 2.0
    return _clamp01(max(fwd, rev))


_PARSERS = {"point": _parse_point, "bbox": _parse_bbox, "segment": _parse_segment}
_SIMS = {"point": _point_sim, "bbox": _bbox_iou, "segment": _segment_sim}


def _split_type(atype: str):
    base, _, rest = atype.partition("_")
    return base, ("_" + rest if rest else "")


def _max_assignment(w):
    """Maximum total weight of a one-to-one matching in the n x m matrix ``w``
    (rows and columns may stay unmatched; weights are finite and >= 0)."""
    n = len(w)
    m = len(w[0]) if n else 0
    if n == 0 or m == 0:
        return 0.0
    if n > m:
        w = [list(col) for col in zip(*w)]
        n, m = m, n
    inf = float("inf")
    # Hungarian algorithm (shortest augmenting paths with potentials), cost = -weight.
    u = [0.0] * (n + 1)
    v = [0.0] * (m + 1)
    p = [0] * (m + 1)      # p[j]: row matched to column j (1-based), 0 = free
    way = [0] * (m + 1)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = [inf] * (m + 1)
        used = [False] * (m + 1)
        while True:
            used[j0] = True
            i0 = p[j0]
            row = w[i0 - 1]
            ui0 = u[i0]
            delta = inf
            j1 = 0
            for j in range(1, m + 1):
                if not used[j]:
                    cur = -row[j - 1] - ui0 - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            if j1 == 0:  # cannot happen with finite weights; never loop forever
                break
            for j in range(m + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
    return sum(w[p[j] - 1][j - 1] for j in range(1, m + 1) if p[j])


def _set_score(pred_items, gt_items, sim) -> float:
    n, m = len(pred_items), len(gt_items)
    if n == 0 and m == 0:
        return 1.0
    if n == 0 or m == 0:
        return 0.0
    if n > max(MAX_SET_MIN_CAP, SET_SIZE_FACTOR * m):
        return 0.0
    mat = [[sim(p, g) for g in gt_items] for p in pred_items]
    # Rows / columns that are all zero cannot change the optimum; drop them.
    rows = [r for r in mat if any(r)]
    if not rows:
        return 0.0
    keep = [j for j in range(m) if any(r[j] for r in rows)]
    rows = [[r[j] for j in keep] for r in rows]
    total = _max_assignment(rows)
    return _clamp01(total / max(n, m))


def _sequence_score(pred_items, gt_items, sim) -> float:
    n, m = len(pred_items), len(gt_items)
    if n == 0 and m == 0:
        return 1.0
    total = sum(sim(p, g) for p, g in zip(pred_items, gt_items))
    return _clamp01(total / max(n, m))


def _parse_list(v, parse):
    if not isinstance(v, (list, tuple)):
        return None
    return [parse(x) for x in v]


def _parse_map(v, parse_value):
    if not isinstance(v, dict):
        return None
    out = {}
    for k, x in v.items():
        try:
            out[str(k)] = parse_value(x)
        except Exception:
            return None
    return out


def _parse_annotation(value, atype: str):
    """Normalised annotation; malformed leaves become None; a wrong container -> None."""
    base, suffix = _split_type(atype)
    parse = _PARSERS[base]
    if suffix == "":
        return parse(value)
    if suffix in ("_set", "_sequence"):
        return _parse_list(value, parse)
    if suffix == "_map":
        return _parse_map(value, parse)
    if suffix == "_set_map":
        return _parse_map(value, lambda x: _parse_list(x, parse))
    return None


def _fully_valid(parsed, atype: str) -> bool:
    if parsed is None:
        return False
    _, suffix = _split_type(atype)
    if suffix == "":
        return True
    if suffix in ("_set", "_sequence"):
        return all(x is not None for x in parsed)
    if suffix == "_map":
        return all(x is not None for x in parsed.values())
    return all(x is not None and all(y is not None for y in x) for x in parsed.values())


def _annotation_score(pred_value, gt_parsed, atype: str) -> float:
    base, suffix = _split_type(atype)
    sim = _SIMS[base]
    pred = _parse_annotation(pred_value, atype)
    if pred is None:
        return 0.0
    if suffix == "":
        return _clamp01(sim(pred, gt_parsed))
    if suffix == "_set":
        return _set_score(pred, gt_parsed, sim)
    if suffix == "_sequence":
        return _sequence_score(pred, gt_parsed, sim)
    keys = set(gt_parsed) | set(pred)
    if not keys:
        return 1.0
    if suffix == "_map":
        total = sum(sim(pred.get(k), g) for k, g in gt_parsed.items())
    else:
        total = 0.0
        for k, g in gt_parsed.items():
            pv = pred.get(k)
            total += _set_score(pv, g, sim) if pv is not None else 0.0
    return _clamp01(total / len(keys))
