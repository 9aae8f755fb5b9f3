"""Realising the two prompt variants from the task's question and the answer contract.

Both variants end by asking for one JSON object; the format example is drawn from the
``prompt`` stream and is never the true answer (or annotation).
"""

from __future__ import annotations

import json

from .annotation import split_type


def quoted(x) -> str:
    """``x`` in double quotes, as a question names a label."""
    return f"\"{x}\""


def quoted_list(names) -> str:
    """Labels in double quotes joined as a list: "a" and "b"; "a", "b", and "c"."""
    q = [quoted(n) for n in names]
    return ", ".join(q[:-1]) + f", and {q[-1]}" if len(q) > 2 else " and ".join(q)


TYPE_HINTS = {
    "integer": "The answer is an integer.",
    "number": "The answer is a number.",
    "option_letter": "The answer is the letter of one option.",
    "string": "The answer is a label exactly as written in the image.",
}

CLOSERS = (
    "End your response with a JSON object of the form {form}, for example {example}.",
    "Finish with a single JSON object {form}; for example: {example}.",
    "Conclude your reply with exactly one JSON object shaped like {form} (e.g. {example}).",
)

BASE_DESC = {
    "point": "an [x, y] pixel point",
    "bbox": "an [x0, y0, x1, y1] pixel box",
    "segment": "a [[x0, y0], [x1, y1]] pixel segment",
}
BASE_EXAMPLE = {
    "point": [[96, 64], [210, 140], [150, 300]],
    "bbox": [[40, 32, 96, 88], [180, 120, 240, 176], [300, 60, 350, 110]],
    "segment": [[[30, 40], [120, 90]], [[200, 60], [260, 180]], [[90, 250], [160, 210]]],
}


BASE_PLURAL = {
    "point": "[x, y] pixel points",
    "bbox": "[x0, y0, x1, y1] pixel boxes",
    "segment": "[[x0, y0], [x1, y1]] pixel segments",
}


def describe_annotation(annotation_type: str, keys=()) -> str:
    base, form = split_type(annotation_type)
    one, many = BASE_DESC[base], BASE_PLURAL[base]
    if form == "":
        return f"{one} locating the evidence"
    if form == "set":
        return f"a list of {many}, one per piece of evidence (any order)"
    if form == "sequence":
        return f"a list of {many} in order"
    key_list = ", ".join(json.dumps(k) for k in keys)
    if form == "map":
        return f"an object mapping each of the keys {key_list} to {one}"
    return f"an object mapping each of the keys {key_list} to a list of {many}"


def example_annotation(annotation_type: str, keys=()):
    base, form = split_type(annotation_type)
    ex = BASE_EXAMPLE[base]
    if form == "":
        return ex[0]
    if form in ("set", "sequence"):
        return ex[:2]
    if form == "map":
        return {k: ex[i % 3] for i, k in enumerate(keys)}
    return {k: [ex[i % 3]] for i, k in enumerate(keys)}


def example_answer(answer_type: str, truth, rng, examples=(), rounding=None):
    """A plausible value of the right type that is never the true answer."""
    pool = [e for e in examples if _norm(e) != _norm(truth)]
    if pool:
        return pool[int(rng.integers(len(pool)))]
    if answer_type == "integer":
        cands = [v for v in range(0, 21) if v != truth]
        return cands[int(rng.integers(len(cands)))]
    if answer_type == "number":
        d = rounding if rounding is not None else 2
        while True:
            v = round(float(rng.uniform(0, 20)), d)
            if v != truth:
                return v
    if answer_type == "option_letter":
        cands = [c for c in "ABCD" if c != str(truth).upper()]
        return cands[int(rng.integers(len(cands)))]
    return "label" if _norm(truth) != "label" else "name"


def _norm(v):
    return v.strip().lower() if isinstance(v, str) else v


def realize(question: str, answer_type: str, annotation_type: str, truth, rng, *,
            rounding=None, examples=(), map_keys=(), hint=None) -> dict[str, str]:
    ex = example_answer(answer_type, truth, rng, examples, rounding)
    closer = CLOSERS[int(rng.integers(len(CLOSERS)))]
    lines = [question.strip()]
    override, hint = hint, TYPE_HINTS[answer_type]
    if answer_type == "number" and rounding is not None:
        hint = f"The answer is a number rounded to {rounding} decimal place{'s' if rounding != 1 else ''}."
    lines.append(hint if override is None else override)
    ex_json = json.dumps(ex)
    answer_only = "\n".join(lines + [closer.format(form='{"answer": ...}', example='{"answer": %s}' % ex_json)])
    ann_desc = describe_annotation(annotation_type, map_keys)
    ann_ex = json.dumps(example_annotation(annotation_type, map_keys))
    with_ann = "\n".join(lines + [
        f'Also give "annotation": {ann_desc}.',
        closer.format(form='{"answer": ..., "annotation": ...}',
                      example='{"answer": %s, "annotation": %s}' % (ex_json, ann_ex)),
    ])
    return {"answer_only": answer_only, "answer_and_annotation": with_ann}
