"""Verifiable reward for tracegen tasks (reward contract ``trace-reward-v1``).

Standard library only, so that it imports fast inside RL reward workers.

Public API
----------
``score(response, answer_gt, annotation_gt=None, reward_contract=None, mode="answer")``
    Score one model response.  Returns a dict with the keys

    * ``overall``          -- weighted total in [0, 1]
    * ``accuracy``         -- 1 if the extracted answer equals the ground truth exactly, else 0
    * ``format``           -- 1 if the response ends with exactly one strict-JSON object whose
                              key set is exactly the requested keys, else 0
    * ``annotation``       -- annotation similarity in [0, 1] (``None`` in ``"answer"`` mode)
    * ``extracted_answer`` -- the extracted answer value (``None`` when nothing was found)
    * ``error``            -- ``None``, or a short string describing a problem with the
                              *ground truth / contract* (never with the response); the
                              whole score is 0 then.

``score_record(response, record, mode="answer")``
    Same, reading ``answer_gt``, ``annotation_gt`` and ``reward_contract`` from a generator record.

``extract_answer(response) -> (found, value)``
    The answer the scorer would read from a response.

``format_ok(response, keys) -> bool``
    The format rule on its own.

``make_contract(answer_type, annotation_type=None) -> dict``
    Build a ``trace-reward-v1`` contract with the canonical scorer ids.

Weights
-------
* ``mode="answer"``:                 overall = 0.95 * accuracy + 0.05 * format
* ``mode="answer_and_annotation"``:  overall = 0.70 * accuracy + 0.25 * annotation + 0.05 * format

(see :data:`WEIGHTS`).

Answer extraction
-----------------
The answer is the ``"answer"`` value of the LAST top-level ``{...}`` object in the response
that parses (strict JSON, fenced or not; also Python-literal dicts such as ``{'answer': 'B'}``)
and has an ``"answer"`` key.  Only the last :data:`MAX_CANDIDATES` ``{`` positions inside the last
:data:`MAX_SCAN_CHARS` characters are tried, which keeps scoring roughly linear on adversarial
input.  If no such object exists, a bare scalar response (the whole stripped response,
optionally fenced, is one line of at most :data:`MAX_BARE_CHARS` characters without braces) is
the answer, as a string.

Answer comparison (``answer_gt = {"type": T, "value": V}``)
------------------------------------------------------------
* ``integer``: the prediction must be an int, an integral float, or a string that is strictly
  such a number (``"7"``, ``" 7.0 "``); bools never count.
* ``number``: the prediction (number or strictly numeric string) must equal the (pre-rounded)
  ground truth exactly as a float; no tolerance; NaN / inf never match.
* ``option_letter`` / ``string``: the prediction must be a str; compared trimmed and
  case-insensitively; an empty prediction never matches.
* A list ``V`` requires a list prediction of the same length, compared element by element in order.

Annotation scoring (``annotation_gt = {"type": A, "value": W}``, pixels)
-------------------------------------------------------------------------
* point ``[x, y]``: ``max(0, 1 - distance / POINT_TOLERANCE_PX)``
* bbox ``[x0, y0, x1, y1]``: IoU
* segment ``[[x0, y0], [x1, y1]]``: mean endpoint point-similarity, best of both orientations
* ``*_set``: optimal one-to-one matching (Hungarian), total / max(len(pred), len(gt));
  both empty -> 1; a prediction longer than ``max(MAX_SET_MIN_CAP, SET_SIZE_FACTOR * len(gt))``
  scores 0
* ``*_sequence``: positional, sum over the common prefix / max(len(pred), len(gt))
* ``*_map``: sum over gt keys of the per-key similarity / len(gt keys | pred keys)
* ``*_set_map``: like ``*_map`` with the set score per key

Nothing about the response ever raises; the only exception is ``ValueError`` for an unknown
``mode`` (a programming error).
"""

from __future__ import annotations

import ast
import json
import math
import re
from decimal import Decimal, InvalidOperation

__all__ = [
    "CONTRACT_VERSION",
    "MODES",
    "WEIGHTS",
    "ANSWER_TYPES",
    "ANNOTATION_TYPES",
    "ANNOTATION_SCORER_IDS",
    "POINT_TOLERANCE_PX",
    "score",
    "score_record",
    "extract_answer",
    "format_ok",
    "make_contract",
]

CONTRACT_VERSION = "trace-reward-v1"
ANSWER_SCORER_ID = "exact_match"

MODES = ("answer", "answer_and_annotation")

#: Reward weights per mode; each row sums to 1.
WEIGHTS = {
    "answer": {"accuracy": 0.95, "format": 0.05},
    "answer_and_annotation": {"accuracy": 0.70, "annotation": 0.25, "format": 0.05},
}

#: Keys the final JSON object must have (exactly) to earn the format reward.
REQUIRED_KEYS = {
    "answer": frozenset({"answer"}),
    "answer_and_annotation": frozenset({"answer", "annotation"}),
}

ANSWER_TYPES = ("integer", "number", "option_letter", "string")

_BASE_METRIC = {"point": "distance", "bbox": "iou", "segment": "distance"}

ANNOTATION_TYPES = (
    "point", "point_set", "point_sequence", "point_map", "point_set_map",
    "bbox", "bbox_set", "bbox_sequence", "bbox_map", "bbox_set_map",
    "segment", "segment_set",
)

#: Canonical contract scorer id per annotation type, e.g. "bbox_set" -> "bbox_set_iou".
ANNOTATION_SCORER_IDS = {
    t: "%s_%s" % (t, _BASE_METRIC[t.split("_", 1)[0]]) for t in ANNOTATION_TYPES
}

POINT_TOLERANCE_PX = 32.0

# Robustness bounds.
MAX_SCAN_CHARS = 131072      # only the last this-many characters are searched for objects
MAX_CANDIDATES = 256         # at most this many '{' start positions, counted from the end
MAX_LITERAL_CHARS = 10000    # longest text handed to ast.literal_eval
MAX_LITERAL_ATTEMPTS = 32    # at most this many ast.literal_eval calls per response
MAX_BARE_CHARS = 64          # longest bare scalar answer
MAX_NUMERIC_CHARS = 400      # longest numeric string considered
MAX_SET_MIN_CAP = 64
SET_SIZE_FACTOR = 4


# ---------------------------------------------------------------------------
# text handling
# ---------------------------------------------------------------------------

def _to_text(response) -> str:
    if isinstance(response, str):
        return response
    if response is None:
        return ""
    try:
        if isinstance(response, (bytes, bytearray, memoryview)):
            return bytes(response).decode("utf-8", errors="replace")
        return str(response)
    except Exception:
        return ""


def _reject_constant(name):
    raise ValueError("non-finite constant %r" % (name,))


# Extraction is lenient (NaN/Infinity, raw control characters in strings);
# the format check uses strict JSON.
_LENIENT_JSON = json.JSONDecoder(strict=False)
_STRICT_JSON = json.JSONDecoder(parse_constant=_reject_constant)

_PY_DICT_PREFIX = re.compile(r"\{\s*['\"]")
_PY_TOKEN = re.compile(r"""'(?:[^'\\]|\\.)*(?:'|\Z)|"(?:[^"\\]|\\.)*(?:"|\Z)|[{}]""", re.S)
_FENCE_TAG = re.compile(r"[^\s`{]*")
_NUMERIC = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def _match_python_brace(w: str, start: int) -> int:
    """End index (exclusive) of the brace group opening at ``start``, or -1."""
    limit = min(len(w), start + MAX_LITERAL_CHARS)
    depth = 0
    for m in _PY_TOKEN.finditer(w, start, limit):
        tok = m.group()
        if tok == "{":
            depth += 1
        elif tok == "}":
            depth -= 1
            if depth == 0:
                return m.end()
    return -1


def _top_level_objects(w: str):
    """Top-level dict objects in ``w`` as ``(start, end, obj, is_json)``, in text order."""
    positions = []
    pos = len(w)
    while len(positions) < MAX_CANDIDATES:
        pos = w.rfind("{", 0, pos)
        if pos < 0:
            break
        positions.append(pos)
    positions.reverse()

    spans = []
    failed = []
    for p in positions:
        try:
            obj, end = _LENIENT_JSON.raw_decode(w, p)
        except Exception:  # ValueError, RecursionError, ...
            failed.append(p)
            continue
        if isinstance(obj, dict):
            spans.append((p, end, obj, True))

    # Python-literal dicts, tried from the end with a bounded budget.
    json_spans = list(spans)
    attempts = 0
    for p in reversed(failed):
        if attempts >= MAX_LITERAL_ATTEMPTS:
            break
        if not _PY_DICT_PREFIX.match(w, p):
            continue
        if w.find("answer", p, p + MAX_LITERAL_CHARS) < 0:
            continue
        if any(s < p < e for s, e, _, _ in json_spans):
            continue
        end = _match_python_brace(w, p)
        if end < 0:
            continue
        attempts += 1
        try:
            obj = ast.literal_eval(w[p:end])
        except Exception:  # SyntaxError, ValueError, RecursionError, MemoryError, ...
            continue
        if isinstance(obj, dict):
            spans.append((p, end, obj, False))

    spans.sort(key=lambda t: (t[0], -t[1]))
    top = []
    max_end = -1
    for sp in spans:
        if sp[0] < max_end:
            continue  # nested inside (or overlapping) an earlier object
        top.append(sp)
        max_end = sp[1]
    return top


def _has_key(obj, key) -> bool:
    try:
        return key in obj
    except Exception:
        return False


def _window(text: str) -> str:
    s = text.rstrip()
    if len(s) > MAX_SCAN_CHARS:
        s = s[-MAX_SCAN_CHARS:]
    return s


def _extract_from(text: str, top):
    """(found, value, obj) -- obj is the dict the answer came from, or None."""
    for sp in reversed(top):
        obj = sp[2]
        if _has_key(obj, "answer"):
            return True, obj["answer"], obj
    found, value = _bare_scalar(text)
    return found, value, None


def _bare_scalar(text: str):
    s = text.strip()
    if len(s) > 3 * MAX_BARE_CHARS:
        return False, None
    if len(s) >= 6 and s.startswith("```") and s.endswith("```"):
        inner = s[3:-3]
        if "\n" in inner:
            first, rest = inner.split("\n", 1)
            if re.fullmatch(r"[A-Za-z0-9_+\-.]*", first.strip()) and rest.strip():
                inner = rest
        s = inner.strip()
    if not s or len(s) > MAX_BARE_CHARS or any(c in s for c in "\n\r{}"):
        return False, None
    if len(s) >= 2 and s[0] == s[-1] and s[0] in "\"'":
        try:
            v = json.loads(s) if s[0] == '"' else ast.literal_eval(s)
        except Exception:
            v = None
        if isinstance(v, str):
            return True, v
    return True, s


def _format_from(w: str, top, keys) -> bool:
    try:
        wanted = frozenset(keys)
    except Exception:
        return False
    if w.endswith("```"):
        body = w[:-3]
        open_idx = body.rfind("```")
        if open_idx < 0:
            return False
        inner = body[open_idx + 3:]
        tag = _FENCE_TAG.match(inner).group()
        if tag.lower() not in ("", "json"):
            return False
        content = inner[len(tag):].strip()
        return _strict_object_with_keys(content, 0, wanted)
    if not top:
        return False
    start, end, _, is_json = top[-1]
    if end != len(w) or not is_json:
        return False
    return _strict_object_with_keys(w, start, wanted)


def _strict_object_with_keys(s: str, start: int, wanted) -> bool:
    if not s.startswith("{", start):
        return False
    try:
        obj, end = _STRICT_JSON.raw_decode(s, start)
    except Exception:
        return False
    return end == len(s) and isinstance(obj, dict) and frozenset(obj.keys()) == wanted


def extract_answer(response):
    """Return ``(found, value)``: the answer the scorer reads from ``response``."""
    try:
        text = _to_text(response)
        found, value, _ = _extract_from(text, _top_level_objects(_window(text)))
        return found, value
    except Exception:
        return False, None


def format_ok(response, keys) -> bool:
    """True iff the response ends with exactly one strict-JSON object (bare, or in a final
    ```json / ``` fence) whose key set is exactly ``keys``."""
    try:
        w = _window(_to_text(response))
        top = [] if w.endswith("```") else _top_level_objects(w)
        return _format_from(w, top, keys)
    except Exception:
        return False


# ---------------------------------------------------------------------------
# answer comparison
# ---------------------------------------------------------------------------

def _numeric_str(x: str):
    s = x.strip()
    if len(s) > MAX_NUMERIC_CHARS or not _NUMERIC.fullmatch(s):
        return None
    return s


def _to_decimal(x):
    """Exact value of an int / finite float / strictly numeric string, else None."""
    if isinstance(x, bool):
        return None
    try:
        if isinstance(x, int):
            return Decimal(x)
        if isinstance(x, float):
            return Decimal(x) if math.isfinite(x) else None
        if isinstance(x, str):
            s = _numeric_str(x)
            return Decimal(s) if s is not None else None
    except (InvalidOperation, ValueError, OverflowError):
        return None
    return None


def _to_integer(x):
    d = _to_decimal(x)
    if d is None:
        return None
    try:
        if d != d.to_integral_value():
            return None
    except (InvalidOperation, ArithmeticError):
        return None
    return d


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


def _norm_str(x):
    if not isinstance(x, str):
        return None
    return x.strip().casefold()


def _scalar_equal(pred, gt, atype: str) -> bool:
    if atype == "integer":
        p, g = _to_integer(pred), _to_integer(gt)
        return p is not None and g is not None and p == g
    if atype == "number":
        p, g = _to_float(pred), _to_float(gt)
        return p is not None and g is not None and p == g
    p, g = _norm_str(pred), _norm_str(gt)
    return bool(p) and p == g


def _answer_equal(pred, gt, atype: str) -> bool:
    if isinstance(gt, (list, tuple)):
        if not isinstance(pred, (list, tuple)) or len(pred) != len(gt):
            return False
        return all(_answer_equal(p, g, atype) for p, g in zip(pred, gt))
    return _scalar_equal(pred, gt, atype)


def _valid_answer_value(v, atype: str) -> bool:
    if isinstance(v, (list, tuple)):
        return all(_valid_answer_value(x, atype) for x in v)
    if atype == "integer":
        return _to_integer(v) is not None
    if atype == "number":
        return _to_float(v) is not None
    return isinstance(v, str) and bool(v.strip())


# ---------------------------------------------------------------------------
# annotation scoring
# ---------------------------------------------------------------------------

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


# ---------------------------------------------------------------------------
# ground truth / contract
# ---------------------------------------------------------------------------

def make_contract(answer_type: str, annotation_type: str | None = None) -> dict:
    """A ``trace-reward-v1`` contract with the canonical scorer ids."""
    if answer_type not in ANSWER_TYPES:
        raise ValueError("unknown answer type %r" % (answer_type,))
    contract = {
        "version": CONTRACT_VERSION,
        "answer": {"id": ANSWER_SCORER_ID, "type": answer_type},
        "annotation": None,
    }
    if annotation_type is not None:
        if annotation_type not in ANNOTATION_SCORER_IDS:
            raise ValueError("unknown annotation type %r" % (annotation_type,))
        contract["annotation"] = {"id": ANNOTATION_SCORER_IDS[annotation_type], "type": annotation_type}
    return contract


def _resolve(answer_gt, annotation_gt, contract, mode):
    """Returns (answer_type, answer_value, annotation_type, annotation_parsed, error)."""
    if not isinstance(answer_gt, dict) or "value" not in answer_gt:
        return None, None, None, None, "invalid answer_gt"
    gt_atype = answer_gt.get("type")
    ann_gt_type = annotation_gt.get("type") if isinstance(annotation_gt, dict) else None
    atype = gt_atype
    ann_type = ann_gt_type
    if contract is not None:
        if not isinstance(contract, dict):
            return None, None, None, None, "invalid reward_contract"
        if contract.get("version") != CONTRACT_VERSION:
            return None, None, None, None, "unsupported contract version %r" % (contract.get("version"),)
        c_ans = contract.get("answer")
        if not isinstance(c_ans, dict) or c_ans.get("id") != ANSWER_SCORER_ID:
            return None, None, None, None, "contract answer scorer must be %r" % ANSWER_SCORER_ID
        atype = c_ans.get("type")
        if gt_atype is not None and gt_atype != atype:
            return None, None, None, None, "contract answer type %r != answer_gt type %r" % (atype, gt_atype)
        c_ann = contract.get("annotation")
        if c_ann is not None:
            if not isinstance(c_ann, dict):
                return None, None, None, None, "invalid contract annotation"
            ann_type = c_ann.get("type")
            if ann_type not in ANNOTATION_SCORER_IDS:
                return None, None, None, None, "unknown annotation type %r" % (ann_type,)
            if c_ann.get("id") != ANNOTATION_SCORER_IDS[ann_type]:
                return None, None, None, None, "contract annotation id %r != %r" % (
                    c_ann.get("id"), ANNOTATION_SCORER_IDS[ann_type])
            if ann_gt_type is not None and ann_gt_type != ann_type:
                return None, None, None, None, "contract annotation type %r != annotation_gt type %r" % (
                    ann_type, ann_gt_type)
        elif mode == "answer_and_annotation":
            return None, None, None, None, "contract has no annotation scorer"
    if atype not in ANSWER_TYPES:
        return None, None, None, None, "unknown answer type %r" % (atype,)
    avalue = answer_gt["value"]
    if not _valid_answer_value(avalue, atype):
        return None, None, None, None, "malformed answer_gt value"
    ann_parsed = None
    if mode == "answer_and_annotation":
        if not isinstance(annotation_gt, dict) or "value" not in annotation_gt:
            return None, None, None, None, "missing annotation_gt"
        if ann_type not in ANNOTATION_SCORER_IDS:
            return None, None, None, None, "unknown annotation type %r" % (ann_type,)
        ann_parsed = _parse_annotation(annotation_gt["value"], ann_type)
        if not _fully_valid(ann_parsed, ann_type):
            return None, None, None, None, "malformed annotation_gt value"
    return atype, avalue, ann_type, ann_parsed, None


# ---------------------------------------------------------------------------
# public scoring
# ---------------------------------------------------------------------------

def _result(overall, accuracy, fmt, annotation, extracted, error):
    return {
        "overall": overall,
        "accuracy": accuracy,
        "format": fmt,
        "annotation": annotation,
        "extracted_answer": extracted,
        "error": error,
    }


def score(response, answer_gt, annotation_gt=None, reward_contract=None, mode="answer") -> dict:
    """Score one response; see the module docstring."""
    if mode not in MODES:
        raise ValueError("unknown mode %r; expected one of %s" % (mode, MODES))
    weights = WEIGHTS[mode]
    with_ann = mode == "answer_and_annotation"
    zero_ann = 0.0 if with_ann else None
    try:
        text = _to_text(response)
        w = _window(text)
        top = _top_level_objects(w)
        found, value, obj = _extract_from(text, top)
        extracted = value if found else None
        atype, avalue, ann_type, ann_parsed, error = _resolve(
            answer_gt, annotation_gt, reward_contract, mode)
        if error is not None:
            return _result(0.0, 0, 0, zero_ann, extracted, error)
        fmt = 1 if _format_from(w, top, REQUIRED_KEYS[mode]) else 0
        acc = 1 if found and _answer_equal(value, avalue, atype) else 0
        ann = None
        overall = weights["accuracy"] * acc + weights["format"] * fmt
        if with_ann:
            if isinstance(obj, dict) and "annotation" in obj:
                ann = _annotation_score(obj["annotation"], ann_parsed, ann_type)
            else:
                ann = 0.0
            overall += weights["annotation"] * ann
        overall = min(1.0, max(0.0, overall))
        return _result(overall, acc, fmt, ann, extracted, None)
    except Exception as exc:  # last-resort safety net: scoring never raises
        return _result(0.0, 0, 0, zero_ann, None, "internal error: %s" % type(exc).__name__)


def score_record(response, record, mode="answer") -> dict:
    """``score`` with ``answer_gt`` / ``annotation_gt`` / ``reward_contract`` taken from a record."""
    if mode not in MODES:
        raise ValueError("unknown mode %r; expected one of %s" % (mode, MODES))
    if not isinstance(record, dict):
        return _result(0.0, 0, 0, 0.0 if mode == "answer_and_annotation" else None, None,
                       "invalid record")
    return score(response, record.get("answer_gt"), record.get("annotation_gt"),
                 record.get("reward_contract"), mode=mode)
