"""Verifiable reward for tracegen tasks: the TRACE answer reward, in two contract dialects.

Standard library only, so that it imports fast inside RL reward workers.

Public API
----------
``score(response, answer_gt, annotation_gt=None, reward_contract=None, mode="answer")``
    Score one model response.  Returns a dict with the keys

    * ``overall``          -- weighted total in [0, 1]
    * ``accuracy``         -- 1 if the answer equals the ground truth (rules below), else 0
    * ``format``           -- 1 if the response ends with one object (rules below) whose key set is
                              exactly the requested keys, else 0
    * ``annotation``       -- annotation similarity in [0, 1] (``None`` in ``"answer"`` mode)
    * ``extracted_answer`` -- the ``"answer"`` value read from a response object (``None`` when no
                              object carried one; the whole response is compared then)
    * ``error``            -- ``None``, or a short string describing a problem with the
                              *ground truth / contract* (never with the response); the
                              whole score is 0 then.

``score_record(response, record, mode="answer")``
    Same, reading ``answer_gt``, ``annotation_gt`` and ``reward_contract`` from a generator record.

``ground_truth_error(answer_gt, annotation_gt=None, reward_contract=None, mode="answer")``
    The ``error`` ``score`` would report for this ground truth and contract (``None`` when usable).

``extract_answer(response) -> (found, value)``
    The ``"answer"`` value of the response object the scorer reads (``(False, None)`` if none).

``format_ok(response, keys) -> bool``
    The format rule on its own.

``make_contract(answer_type, annotation_type=None) -> dict``
    Build a ``trace-reward-v1`` contract with the canonical scorer ids.

Weights
-------
* ``mode="answer"``:                 overall = 0.95 * accuracy + 0.05 * format
* ``mode="answer_and_annotation"``:  overall = 0.70 * accuracy + 0.25 * annotation + 0.05 * format

The answer-mode weights are the paper's reward as the reference computes it:
``(1 - fw) * task + fw * format`` with ``fw = 0.05`` (``score_trace_response`` of maveryn/trace,
called by its training reward function with ``answer_weight=1.0, format_weight=0.05``).

Contract dialects
-----------------
Both are first-class and map to the same scorers:

* tracegen's own: ``{"version": "trace-reward-v1", "answer": {"id": "exact_match", "type": T},
  "annotation": null | {"id": ANNOTATION_SCORER_IDS[A], "type": A}}``;
* the public TRACE release (``maveryn/trace`` dataset-v1): ``{"reward_contract_version": "v0",
  "answer": {"id": "answer_exact_match_v0", "type": T}, "annotation": {"id": RELEASE_ANNOTATION_SCORER_IDS[A],
  "type": A}}`` (``<A>_soft_iou_v0`` for box types, ``<A>_soft_distance_v0`` for point / segment types).

A contract that is neither (or a contract id that does not fit its type) is an ``error``.  Annotation
scores use tracegen's annotation scorers (:mod:`tracegen.reward_annotation`) in both dialects.

Response rules (parity with the reference scorer)
-------------------------------------------------
The goal is the same reward as the reference's ``score_trace_response`` (maveryn/trace commit
5ef79443bf17da80aee6384f34112320d0070aae, ``src/trace_tasks/core/reward_scoring.py``, exact_json
answer scoring) on the same response; ``tests/data/reward_reference/`` holds responses scored by it.

*Parsing a text* ("JSON-like"): the stripped text is read with Python's ``json.loads`` (which accepts
``NaN`` / ``Infinity``) and, if that fails, with ``ast.literal_eval`` (Python literals: ``{'answer': 15}``,
``True``, tuples, sets, ``0x7``, ``1_000``); otherwise it has no value.

*Objects*: the top-level ``{...}`` groups of the text, found by brace depth with double-quoted strings
(and their backslash escapes) skipped -- single quotes are not string delimiters here.

*Final block*: of the right-stripped response, the content of a closing code fence (the text from the
first ```` ``` ```` (plus an optional ``json`` tag, any case) to the final ```` ``` ````, stripped) when the
response ends with a fence and that content is not empty; otherwise the last object, if it ends the
response.

*Format* = 1 iff the final block parses to a dict whose key set is exactly the requested keys
(``{'answer': 15}``, ``{"answer": NaN}`` and text before the block all earn it).

*Answer*: the final block's dict if it has ``"answer"`` or ``"annotation"``; otherwise the first dict
among the final block's own candidates (its ``<answer>`` tag contents, fenced blocks, objects, itself),
so of two fenced answers that end a response (one final block spanning both) the first is read;
otherwise, scanning the whole response's candidates from the end (the whole response, then its objects
last to first, then its fenced blocks, then its ``<answer>`` contents), the first that parses to a dict
with ``"answer"`` or ``"annotation"``.  Its ``"answer"`` value is the answer; when there is none (or it
is ``null``), the whole response text is the answer.

*Accuracy*: a text answer is parsed JSON-like (kept as text if it has no value) unless the answer type is
``string``; then answer and ground truth are compared after canonicalisation: texts stripped and
lower-cased (``str.lower``: the Kelvin sign equals ``k``), finite integral floats become ints (a float
is a double: ``9007199254740993.0`` equals ``9007199254740992``), non-finite numbers become ``None``,
sets become lists sorted by their elements' JSON text, tuples lists, dict keys canonical -- with Python
equality, so ``true`` equals ``1`` and ``false`` equals ``0`` (as in the reference), ``"7"``, ``7.0`` and
``"0x7"`` equal ``7``, ``"07"`` does not.
A ground truth must be typed: integer (an int, or an integral float), number (finite), option_letter /
string (a non-empty text), or a list of such values (compared element by element, in order).

Only the last :data:`MAX_SCAN_CHARS` characters of a response are read (a response of the paper's
2,048 tokens is far shorter), and a text longer than that is never parsed; nothing about the response
ever raises; the only exception is ``ValueError`` for an unknown ``mode`` (a programming error).
"""

from __future__ import annotations

import ast
import json
import math
import re

from .reward_annotation import (
    ANNOTATION_SCORER_IDS,
    ANNOTATION_TYPES,
    POINT_TOLERANCE_PX,
    _annotation_score,
    _fully_valid,
    _max_assignment,  # noqa: F401  (tests check the Hungarian matcher here)
    _parse_annotation,
)

__all__ = [
    "CONTRACT_VERSION",
    "RELEASE_CONTRACT_VERSION",
    "MODES",
    "WEIGHTS",
    "ANSWER_TYPES",
    "ANNOTATION_TYPES",
    "ANNOTATION_SCORER_IDS",
    "RELEASE_ANNOTATION_SCORER_IDS",
    "POINT_TOLERANCE_PX",
    "score",
    "score_record",
    "ground_truth_error",
    "extract_answer",
    "format_ok",
    "make_contract",
    "contract_dialect",
]

CONTRACT_VERSION = "trace-reward-v1"
ANSWER_SCORER_ID = "exact_match"

#: The public TRACE release's contract dialect (maveryn/trace ``core/reward_contracts.py``).
RELEASE_CONTRACT_VERSION = "v0"
RELEASE_ANSWER_SCORER_ID = "answer_exact_match_v0"
RELEASE_ANNOTATION_SCORER_IDS = {
    t: "%s_%s_v0" % (t, "soft_iou" if t.startswith("bbox") else "soft_distance") for t in ANNOTATION_TYPES
}

MODES = ("answer", "answer_and_annotation")

#: Reward weights per mode; each row sums to 1.
WEIGHTS = {
    "answer": {"accuracy": 0.95, "format": 0.05},
    "answer_and_annotation": {"accuracy": 0.70, "annotation": 0.25, "format": 0.05},
}

#: Keys the final object must have (exactly) to earn the format reward.
REQUIRED_KEYS = {
    "answer": frozenset({"answer"}),
    "answer_and_annotation": frozenset({"answer", "annotation"}),
}

ANSWER_TYPES = ("integer", "number", "option_letter", "string")

MAX_SCAN_CHARS = 131072      # only the last this-many characters of a response are read

_FENCE = "```"
_JSON_TAG = re.compile(r"json", re.IGNORECASE)
_ANSWER_OPEN = re.compile(r"<answer>", re.IGNORECASE)
_ANSWER_CLOSE = re.compile(r"</answer>", re.IGNORECASE)


# ---------------------------------------------------------------------------
# reading a response
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


def _window(text: str) -> str:
    return text[-MAX_SCAN_CHARS:] if len(text) > MAX_SCAN_CHARS else text


def _parse(text):
    """The JSON-like value of a text (``json.loads``, else ``ast.literal_eval``); ``None`` if none."""
    if not isinstance(text, str):
        return text
    s = text.strip()
    if not s or len(s) > MAX_SCAN_CHARS:
        return None
    try:
        return json.loads(s)
    except Exception:  # ValueError, RecursionError, ...
        pass
    try:
        return ast.literal_eval(s)
    except Exception:  # SyntaxError, ValueError, RecursionError, MemoryError, ...
        return None


def _object_spans(text: str) -> list[tuple[int, int]]:
    """Top-level ``{...}`` spans by brace depth; double-quoted strings (with escapes) are skipped."""
    spans = []
    depth, start, in_string, escaped = 0, -1, False, False
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "{":
            if depth == 0:
                start = i
            depth += 1
        elif ch == "}" and depth > 0:
            depth -= 1
            if depth == 0:
                spans.append((start, i + 1))
    return spans


def _fenced_blocks(text: str) -> list[str]:
    """Contents of the ```` ``` ```` / ```` ```json ```` fenced blocks, left to right, not overlapping."""
    out, pos = [], 0
    while True:
        p = text.find(_FENCE, pos)
        if p < 0:
            return out
        start = p + 3
        if _JSON_TAG.match(text, start):
            start += 4
        close = text.find(_FENCE, start)
        if close < 0:
            return out
        out.append(text[start:close])
        pos = close + 3


def _answer_tags(text: str) -> list[str]:
    out, pos = [], 0
    while True:
        m = _ANSWER_OPEN.search(text, pos)
        if not m:
            return out
        c = _ANSWER_CLOSE.search(text, m.end())
        if not c:
            return out
        out.append(text[m.end():c.start()])
        pos = c.end()


def _candidates(text: str) -> list[str]:
    """Answer-tag contents, fenced blocks, objects, the whole text: stripped, non-empty, first kept."""
    items = _answer_tags(text) + _fenced_blocks(text) + [text[a:b] for a, b in _object_spans(text)] + [text]
    seen, out = set(), []
    for item in items:
        s = item.strip()
        if s and s not in seen:
            seen.add(s)
            out.append(s)
    return out


def _final_block(text: str):
    """The response's final block (closing fence content, else a last object that ends it), or None."""
    s = text.rstrip()
    if not s:
        return None
    if s.endswith(_FENCE):
        p, close = s.find(_FENCE), len(s) - 3
        if p + 3 <= close:
            start = p + 3
            if _JSON_TAG.match(s, start, close):
                start += 4
            content = s[start:close].strip()
            if content:
                return content
    spans = _object_spans(s)
    if spans and spans[-1][1] == len(s):
        a, b = spans[-1]
        return s[a:b].strip()
    return None


def _has_answer_keys(obj) -> bool:
    return isinstance(obj, dict) and ("answer" in obj or "annotation" in obj)


def _read(response):
    """``(block_payload, answer_object)``: the final block's parsed value and the dict the answer is
    read from (``None`` when no dict with ``"answer"`` / ``"annotation"`` was found)."""
    text = _window(_to_text(response))
    block = _final_block(text)
    payload = _parse(block) if block is not None else None
    if _has_answer_keys(payload):
        return payload, payload
    if block is not None:
        first = payload if isinstance(payload, dict) else next(
            (v for v in map(_parse, _candidates(block)) if isinstance(v, dict)), None)
        if _has_answer_keys(first):
            return payload, first
    for cand in reversed(_candidates(text)):
        value = _parse(cand)
        if _has_answer_keys(value):
            return payload, value
    return payload, None


def _format_of(payload, keys) -> bool:
    try:
        return isinstance(payload, dict) and frozenset(payload.keys()) == frozenset(keys)
    except Exception:
        return False


def extract_answer(response):
    """``(found, value)``: the ``"answer"`` of the response object the scorer reads."""
    try:
        _, obj = _read(response)
    except Exception:
        return False, None
    if obj is None or obj.get("answer") is None:
        return False, None
    return True, obj["answer"]


def format_ok(response, keys) -> bool:
    """True iff the response's final block (closing fence content or closing object) parses to a
    dict whose key set is exactly ``keys``."""
    try:
        payload, _ = _read(response)
        return _format_of(payload, keys)
    except Exception:
        return False


# ---------------------------------------------------------------------------
# answer comparison
# ---------------------------------------------------------------------------

def _canon_number(v):
    if isinstance(v, int):
        return v
    if not math.isfinite(v):
        return None
    return int(v) if v.is_integer() else v


def _canon_key(k) -> str:
    if isinstance(k, bool):
        return "true" if k else "false"
    if isinstance(k, (int, float)):
        return str(_canon_number(k))
    if isinstance(k, str):
        return k.strip().lower()
    if k is Ellipsis:
        return "..."
    try:
        return json.dumps(_canon(k), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        return str(k)


def _canon(v):
    """Canonical form for comparison: texts stripped + lower-cased, integral floats -> int, ..."""
    if v is Ellipsis:
        return "..."
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)):
        return _canon_number(v)
    if isinstance(v, str):
        return v.strip().lower()
    if isinstance(v, dict):
        out = {}
        for key, item in sorted(((_canon_key(k), x) for k, x in v.items()), key=lambda kv: kv[0]):
            out[key] = _canon(item)
        return out
    if isinstance(v, (set, frozenset)):
        items = [_canon(x) for x in v]
        return sorted(items, key=lambda x: json.dumps(x, ensure_ascii=False, sort_keys=True, separators=(",", ":")))
    if isinstance(v, (list, tuple)):
        return [_canon(x) for x in v]
    return v


def _answer_matches(value, gt_value, atype: str) -> bool:
    if isinstance(value, str) and atype != "string":
        parsed = _parse(value)
        value = value if parsed is None else parsed
    try:
        return bool(_canon(value) == _canon(gt_value))
    except Exception:  # e.g. a set of unorderable values
        return False


def _valid_answer_value(v, atype: str) -> bool:
    if isinstance(v, (list, tuple)):
        return all(_valid_answer_value(x, atype) for x in v)
    if isinstance(v, bool):
        return False
    if atype == "integer":
        return isinstance(v, int) or (isinstance(v, float) and math.isfinite(v) and v.is_integer())
    if atype == "number":
        return isinstance(v, int) or (isinstance(v, float) and math.isfinite(v))
    return isinstance(v, str) and bool(v.strip())


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


#: dialect -> (version key, version, answer scorer id, annotation scorer ids)
_DIALECTS = {
    "trace-reward-v1": ("version", CONTRACT_VERSION, ANSWER_SCORER_ID, ANNOTATION_SCORER_IDS),
    "release-v0": ("reward_contract_version", RELEASE_CONTRACT_VERSION, RELEASE_ANSWER_SCORER_ID,
                   RELEASE_ANNOTATION_SCORER_IDS),
}


def contract_dialect(contract) -> str | None:
    """``"trace-reward-v1"`` (tracegen's), ``"release-v0"`` (the public TRACE release's) or ``None``."""
    if not isinstance(contract, dict):
        return None
    found = [name for name, (key, version, _, _) in _DIALECTS.items() if contract.get(key) == version]
    return found[0] if len(found) == 1 else None


def _contract_error(contract):
    """(answer type, annotation type, error) declared by a contract of either dialect."""
    dialect = contract_dialect(contract)
    if dialect is None:
        if not isinstance(contract, dict):
            return None, None, "invalid reward_contract"
        return None, None, ("reward_contract is neither %s (version=%r) nor the TRACE release's "
                            "(reward_contract_version=%r): got version=%r, reward_contract_version=%r" % (
                                CONTRACT_VERSION, CONTRACT_VERSION, RELEASE_CONTRACT_VERSION,
                                contract.get("version"), contract.get("reward_contract_version")))
    _, _, answer_id, annotation_ids = _DIALECTS[dialect]
    c_ans = contract.get("answer")
    if not isinstance(c_ans, dict) or c_ans.get("id") != answer_id:
        return None, None, "%s contract answer scorer must be %r" % (dialect, answer_id)
    c_ann = contract.get("annotation")
    ann_type = None
    if c_ann is not None:
        if not isinstance(c_ann, dict):
            return None, None, "invalid contract annotation"
        ann_type = c_ann.get("type")
        if ann_type not in annotation_ids:
            return None, None, "unknown annotation type %r" % (ann_type,)
        if c_ann.get("id") != annotation_ids[ann_type]:
            return None, None, "%s contract annotation id %r != %r" % (dialect, c_ann.get("id"),
                                                                        annotation_ids[ann_type])
    return c_ans.get("type"), ann_type, None


def _resolve(answer_gt, annotation_gt, contract, mode):
    """Returns (answer_type, answer_value, annotation_type, annotation_parsed, error)."""
    fail = (None, None, None, None)
    if not isinstance(answer_gt, dict) or "value" not in answer_gt:
        return (*fail, "invalid answer_gt")
    gt_atype = answer_gt.get("type")
    ann_gt_type = annotation_gt.get("type") if isinstance(annotation_gt, dict) else None
    atype, ann_type = gt_atype, ann_gt_type
    if contract is not None:
        atype, ann_type, error = _contract_error(contract)
        if error:
            return (*fail, error)
        if gt_atype is not None and gt_atype != atype:
            return (*fail, "contract answer type %r != answer_gt type %r" % (atype, gt_atype))
        if ann_type is not None and ann_gt_type is not None and ann_gt_type != ann_type:
            return (*fail, "contract annotation type %r != annotation_gt type %r" % (ann_type, ann_gt_type))
        if ann_type is None and mode == "answer_and_annotation":
            return (*fail, "contract has no annotation scorer")
    if atype not in ANSWER_TYPES:
        return (*fail, "unknown answer type %r" % (atype,))
    avalue = answer_gt["value"]
    if not _valid_answer_value(avalue, atype):
        return (*fail, "malformed answer_gt value for type %r" % (atype,))
    ann_parsed = None
    if mode == "answer_and_annotation":
        if not isinstance(annotation_gt, dict) or "value" not in annotation_gt:
            return (*fail, "missing annotation_gt")
        if ann_type not in ANNOTATION_SCORER_IDS:
            return (*fail, "unknown annotation type %r" % (ann_type,))
        ann_parsed = _parse_annotation(annotation_gt["value"], ann_type)
        if not _fully_valid(ann_parsed, ann_type):
            return (*fail, "malformed annotation_gt value")
    return atype, avalue, ann_type, ann_parsed, None


def ground_truth_error(answer_gt, annotation_gt=None, reward_contract=None, mode="answer"):
    """The ``error`` :func:`score` reports for this ground truth and contract, or ``None``."""
    if mode not in MODES:
        raise ValueError("unknown mode %r; expected one of %s" % (mode, MODES))
    try:
        return _resolve(answer_gt, annotation_gt, reward_contract, mode)[-1]
    except Exception as exc:
        return "internal error: %s" % type(exc).__name__


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
        payload, obj = _read(response)
        value = obj.get("answer") if obj is not None else None
        atype, avalue, ann_type, ann_parsed, error = _resolve(answer_gt, annotation_gt, reward_contract, mode)
        if error is not None:
            return _result(0.0, 0, 0, zero_ann, value, error)
        fmt = 1 if _format_of(payload, REQUIRED_KEYS[mode]) else 0
        compared = value if value is not None else _window(_to_text(response))
        acc = 1 if _answer_matches(compared, avalue, atype) else 0
        overall = weights["accuracy"] * acc + weights["format"] * fmt
        ann = None
        if with_ann:
            ann = _annotation_score(obj["annotation"], ann_parsed, ann_type) if (
                obj is not None and "annotation" in obj) else 0.0
            overall += weights["annotation"] * ann
        overall = min(1.0, max(0.0, overall))
        return _result(overall, acc, fmt, ann, value, None)
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
