"""Typed answer extraction and scoring for the TRACE validation campaign.

Records come from our own task environment (``tracegen``): each has an ``answer_type`` in
``tracegen.reward.ANSWER_TYPES`` (integer, number, option_letter, string) and a ground truth.

``extract_typed(response, answer_type) -> {"status": "ok"|"missing"|"ambiguous", "value", "source"}``
    Deterministic extraction that never sees the ground truth.  Candidate sources, each read at its
    last occurrence: a JSON object with an ``"answer"`` key (also a Python-literal dict), a fenced
    ```json block, ``<answer>...</answer>``, a "Final answer:" line, ``\\boxed{...}``, a final option
    letter (option_letter only: "Answer: B", "The answer is B", a last line that is one letter), and
    a bare short response.  Candidates are normalized for the answer type (integer -> int, number ->
    float, option_letter -> upper-case letter, string -> trimmed text); if they disagree the row is
    ``ambiguous``, if there is none it is ``missing``.
``judge_messages(response, answer_type) -> list``
    The messages of one extraction request for the Qwen3-32B judge (sent by :mod:`.judging`). The
    judge sees only the raw response and the answer type - never the image, question, choices or
    ground truth.  It answers the final answer as text, or ``NONE``.
``score_rows(rows) -> dict``
    Rows carry ``task``, ``domain``, ``answer_type``, ``answer`` (ground truth), ``response`` and an
    optional ``judge: {"extracted": str | None}`` (present for rows the judge saw, i.e. deterministic
    missing / ambiguous).  A row resolved deterministically or by the judge is compared with
    ``tracegen.reward``'s exact matcher; an unresolved row scores 0 and stays in the denominator.
"""

from __future__ import annotations

import ast
import json
import math
import re

from tracegen.reward import ANSWER_TYPES
from tracegen.reward import score as _reward_score

from .answer_parsing import (AMBIG, PHRASE_OPTION, ScoringError, boxed_spans, clean_text, final_part, last_boxed,
                             parse_integer, parse_letter, parse_number)

__all__ = ["SOURCES", "NONE", "extract_typed", "judge_messages", "score_rows", "normalize_typed", "matches"]

#: Candidate sources, for reporting.
SOURCES = ("json", "fence", "tag", "final", "boxed", "letter", "bare")

#: What the judge outputs when the response states no final answer.
NONE = "NONE"

_LETTERS = [chr(65 + i) for i in range(26)]


# ---------------------------------------------------------------------------
# typed normalization
# ---------------------------------------------------------------------------

def _norm_scalar(v, answer_type):
    """Normalized scalar for ``answer_type`` or None (bools never count)."""
    if isinstance(v, bool) or v is None:
        return None
    if answer_type == "integer":
        if isinstance(v, int):
            return v
        if isinstance(v, float):
            return int(v) if math.isfinite(v) and v == int(v) else None
        if isinstance(v, str):
            r = parse_integer(v)
            return None if r is AMBIG else r
        return None
    if answer_type == "number":
        if isinstance(v, (int, float)):
            f = float(v)
            return f if math.isfinite(f) else None
        if isinstance(v, str):
            r = parse_number(v)
            return None if r is AMBIG or r is None or not math.isfinite(r) else r
        return None
    if answer_type == "option_letter":
        if not isinstance(v, str):
            return None
        r = parse_letter(v, _LETTERS)
        return None if r is AMBIG else r
    # string
    if isinstance(v, (int, float)):
        return str(v)
    if isinstance(v, str):
        s = clean_text(v)
        return s or None
    return None


def normalize_typed(value, answer_type):
    """Normalized value (lists element-wise, as a list) or None."""
    if answer_type not in ANSWER_TYPES:
        raise ValueError(f"unknown answer type {answer_type!r}")
    if isinstance(value, (list, tuple)):
        out = [_norm_scalar(x, answer_type) for x in value]
        return None if not out or any(x is None for x in out) else out
    if isinstance(value, str) and answer_type != "string":
        s = value.strip()
        if s.startswith("[") and s.endswith("]"):
            try:
                parsed = json.loads(s)
            except ValueError:
                parsed = None
            if isinstance(parsed, list):
                return normalize_typed(parsed, answer_type)
    return _norm_scalar(value, answer_type)


def _key(v):
    """Comparison key of a normalized value (strings casefolded)."""
    if isinstance(v, list):
        return tuple(_key(x) for x in v)
    if isinstance(v, str):
        return v.strip().casefold()
    if isinstance(v, float) and v == int(v):
        return int(v)
    return v


# ---------------------------------------------------------------------------
# candidate sources
# ---------------------------------------------------------------------------

def _dict_answer(obj):
    if isinstance(obj, dict):
        for k in obj:
            if isinstance(k, str) and k.strip().lower() == "answer":
                return True, obj[k]
    return False, None


def answer_objects(text: str):
    """(start, end, value) of top-level dict objects with an "answer" key (JSON or Python literal);
    also the JSON candidates of answer_parsing.py."""
    dec = json.JSONDecoder(strict=False)
    out = []
    pos = max(0, len(text) - 50000)
    tries = 0
    while tries < 256:
        i = text.find("{", pos)
        if i < 0:
            break
        tries += 1
        obj, end = None, None
        try:
            obj, end = dec.raw_decode(text, i)
        except ValueError:
            j = _match_brace(text, i)
            if j > 0 and "answer" in text[i:j]:
                try:
                    obj, end = ast.literal_eval(text[i:j]), j
                except Exception:  # noqa: BLE001 - any literal error means "not a dict"
                    obj = None
        if isinstance(obj, dict):
            ok, val = _dict_answer(obj)
            if ok:
                out.append((i, end, val))
            pos = end
        else:
            pos = i + 1
    return out


def _match_brace(text: str, start: int) -> int:
    depth, quote, j = 0, None, start
    while j < len(text) and j - start < 10000:
        c = text[j]
        if quote:
            if c == "\\":
                j += 1
            elif c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    return -1


def _fence_value(text: str):
    fences = list(re.finditer(r"```[ \t]*(?:json|JSON)?[ \t]*\n(.*?)```", text, re.S))
    if not fences:
        return None
    body = fences[-1].group(1).strip()
    try:
        obj = json.loads(body)
    except ValueError:
        try:
            obj = ast.literal_eval(body)
        except Exception:  # noqa: BLE001
            return None
    ok, val = _dict_answer(obj)
    if ok:
        return ("fence", val)
    if isinstance(obj, (str, int, float, list)) and not isinstance(obj, bool):
        return ("fence", obj)
    return None


def _tag_value(text: str):
    tags = re.findall(r"<answer>(.*?)</answer>", text, re.I | re.S)
    if not tags:
        return None
    body = tags[-1].strip()
    if body.startswith("{"):
        try:
            ok, val = _dict_answer(json.loads(body))
            if ok:
                return ("tag", val)
        except ValueError:
            pass
    return ("tag", body)


def _final_value(text: str):
    hits = re.findall(r"final\s+answer[*_]*\s*(?:is)?\s*[:：]?[*_]*[ \t]*([^\n]+)", text, re.I)
    hits = [h.strip() for h in hits if h.strip(" *_")]
    if not hits:
        return None
    v = hits[-1]
    if v.startswith("{"):  # "Final answer: {"answer": 3}" is read by the JSON source
        return None
    v = re.sub(r"(?<=\D)\.\s*$|(?<=\d)\.\s*$", "", v)
    return ("final", v)


def _letter_value(text: str):
    best = None
    for pat in PHRASE_OPTION:
        for m in pat.finditer(text):
            v = m.group("v").strip()
            if v and (best is None or m.start() > best[0]):
                best = (m.start(), v)
    if best is not None:
        v = re.split(r"(?<=\D)\.(?:\s|$)|;|\s+because\b", best[1])[0]
        if parse_letter(v, _LETTERS) not in (None, AMBIG):
            return ("letter", v)
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    if lines and re.fullmatch(r"[(*\s]*[A-Z][)*.\s]*", lines[-1]):
        return ("letter", lines[-1])
    return None


def _bare_value(text: str):
    s = text.strip()
    if s.startswith("```") and s.endswith("```") and len(s) >= 6:
        s = re.sub(r"^```[^\n]*\n?", "", s[:-3]).strip()
    if not s or len(s) > 64 or any(c in s for c in "\n\r{}"):
        return None
    return ("bare", s)


def _candidates(text: str, answer_type: str):
    out = []
    objs = answer_objects(text)
    if objs:
        out.append(("json", objs[-1][2]))
    for fn in (_fence_value, _tag_value, _final_value):
        c = fn(text)
        if c is not None:
            out.append(c)
    if boxed_spans(text):
        out.append(("boxed", last_boxed(text)))
    if answer_type == "option_letter":
        c = _letter_value(text)
        if c is not None:
            out.append(c)
    if not out:
        c = _bare_value(text)
        if c is not None:
            out.append(c)
    return out


def extract_typed(response, answer_type: str) -> dict:
    """Typed final answer of ``response`` without the ground truth (see the module docstring)."""
    if answer_type not in ANSWER_TYPES:
        raise ValueError(f"unknown answer type {answer_type!r}")
    text = response if isinstance(response, str) else ("" if response is None else str(response))
    text = final_part(text)
    values, sources = [], []
    ambiguous_source = None
    for source, raw in _candidates(text, answer_type):
        if answer_type != "string" and isinstance(raw, str) and _multi_valued(raw, answer_type):
            ambiguous_source = ambiguous_source or source
            continue
        v = normalize_typed(raw, answer_type)
        if v is None:
            continue
        if all(_key(v) != _key(w) for w in values):
            values.append(v)
        sources.append(source)
    if len(values) > 1 or ambiguous_source:
        src = "+".join(dict.fromkeys(sources + ([ambiguous_source] if ambiguous_source else [])))
        return {"status": "ambiguous", "value": None, "source": src}
    if not values:
        return {"status": "missing", "value": None, "source": None}
    return {"status": "ok", "value": values[0], "source": sources[0]}


def _multi_valued(raw: str, answer_type: str) -> bool:
    if answer_type in ("integer", "number"):
        return parse_number(raw) is AMBIG
    if answer_type == "option_letter":
        return parse_letter(raw, _LETTERS) is AMBIG
    return False


# ---------------------------------------------------------------------------
# judge
# ---------------------------------------------------------------------------

_TYPE_WORDS = {
    "integer": "an integer (a whole number)",
    "number": "a number",
    "option_letter": "the letter of one option (such as A, B, C or D)",
    "string": "a short text label",
}

_JUDGE_SYSTEM = ("You read a model's response to a visual question and copy out the final answer it "
                 "commits to. You see only the response. Output only the answer value, with no "
                 f"explanation and no formatting. If the response commits to no final answer, or to "
                 f"several different ones, output {NONE}.")


def judge_messages(response, answer_type: str) -> list[dict]:
    """The extraction request's messages, built from the raw response and the answer type only."""
    if answer_type not in ANSWER_TYPES:
        raise ValueError(f"unknown answer type {answer_type!r}")
    text = response if isinstance(response, str) else ("" if response is None else str(response))
    user = (f"The expected answer is {_TYPE_WORDS[answer_type]}.\n\n"
            f"Response:\n<<<\n{text}\n>>>\n\nFinal answer:")
    return [{"role": "system", "content": _JUDGE_SYSTEM}, {"role": "user", "content": user}]


# ---------------------------------------------------------------------------
# scoring
# ---------------------------------------------------------------------------

def _ground_truth(row):
    ans = row.get("answer")
    atype = row.get("answer_type")
    if isinstance(ans, dict) and "value" in ans:
        atype = atype or ans.get("type")
        ans = ans["value"]
    if atype not in ANSWER_TYPES:
        raise ScoringError(f"trace row {row.get('task')!r}: unknown answer_type {atype!r}")
    return atype, ans


def matches(value, answer_type: str, ground_truth) -> bool:
    """Exact match through ``tracegen.reward``'s matcher (the trace-reward-v1 comparison)."""
    res = _reward_score(json.dumps({"answer": value}), {"type": answer_type, "value": ground_truth})
    if res["error"]:
        raise ScoringError(f"bad ground truth {ground_truth!r} ({answer_type}): {res['error']}")
    return res["accuracy"] == 1


def _judge_value(row, answer_type):
    j = row.get("judge")
    if not isinstance(j, dict):
        return None
    raw = j.get("extracted")
    if not isinstance(raw, str) or not raw.strip() or raw.strip().upper() == NONE:
        return None
    return normalize_typed(raw.strip(), answer_type)


def _agg(items):
    out = {}
    for key, s in items:
        out.setdefault(str(key), []).append(s)
    return {k: {"score": sum(v) / len(v) * 100.0, "rows": len(v)} for k, v in sorted(out.items())}


def score_rows(rows) -> dict:
    """Score TRACE validation rows; see the module docstring."""
    rows = list(rows)
    if not rows:
        raise ScoringError("trace validation: no rows to score")
    counts = {"ok": 0, "missing": 0, "ambiguous": 0, "judged": 0, "unresolved": 0}
    scores = []
    for row in rows:
        atype, gt = _ground_truth(row)
        ext = extract_typed(row.get("response"), atype)
        counts[ext["status"]] += 1
        value = ext["value"] if ext["status"] == "ok" else _judge_value(row, atype)
        if ext["status"] != "ok":
            if value is None:
                counts["unresolved"] += 1
            else:
                counts["judged"] += 1
        scores.append(1.0 if value is not None and matches(value, atype, gt) else 0.0)
    return {
        "score": sum(scores) / len(scores) * 100.0,
        "rows": len(rows),
        "by_domain": _agg((r.get("domain"), s) for r, s in zip(rows, scores)),
        "by_task": _agg((r.get("task"), s) for r, s in zip(rows, scores)),
        "extraction": counts,
    }
