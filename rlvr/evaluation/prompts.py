"""Text prompts for the 24 benchmarks of the evaluation suite (``build_prompt(benchmark, doc)``).

The prompt is the text part of the user turn; images travel separately (no image placeholder
tokens are inserted here; any placeholder text that is part of a source question is kept as it is).
Deterministic: the same doc always gives the same prompt.

Design: a small set of shared layouts (multiple choice, open question, per-subset templates)
plus a per-benchmark table (:data:`SPECS`) that picks the layout and the closing instruction.
The layouts follow each benchmark's prompt route in
``rlvr/evaluation/reference/benchmark_provenance.v1.json`` (option list layout, chain-of-thought
variants, the mandated "The answer is X" sentence of ChartQAPro, the boxed-final-answer suffix of
EvoChart and CountQA, the TableVQABench per-subset prompts, ...); the wording is our own.

Doc fields used (see the evaluation contract): ``question``, ``options`` ([[label, text], ...]),
``meta`` (``hint``, ``requirement``, ``paragraph``, ``conversation``, ``query_cot``, ``unit``,
``question_type``, ``answer_type``, ``precision``, ``subset``, ``numeric_labels``).
"""

from __future__ import annotations

import json

__all__ = ["SPECS", "BENCHMARKS", "build_prompt", "format_options", "doc_options", "doc_meta"]


# ---------------------------------------------------------------------------
# doc access helpers (also used by scoring.py)
# ---------------------------------------------------------------------------

def doc_meta(doc) -> dict:
    meta = doc.get("meta") or {}
    if isinstance(meta, str):
        meta = json.loads(meta) if meta.strip() else {}
    return meta if isinstance(meta, dict) else {}


def doc_options(doc) -> list[tuple[str, str]]:
    opts = doc.get("options") or []
    if isinstance(opts, str):
        opts = json.loads(opts) if opts.strip() else []
    out = []
    for item in opts:
        if isinstance(item, (list, tuple)) and len(item) == 2:
            out.append((str(item[0]).strip(), str(item[1]).strip()))
    return out


def format_options(options, style: str = "dot") -> str:
    """One option per line: ``A. text`` (style "dot") or ``(A) text`` (style "paren")."""
    if style == "paren":
        return "\n".join(f"({label}) {text}" for label, text in options)
    return "\n".join(f"{label}. {text}" for label, text in options)


def _q(doc) -> str:
    return str(doc.get("question") or "").strip()


# ---------------------------------------------------------------------------
# shared instructions (our wording)
# ---------------------------------------------------------------------------

MCQ_SELECT = "Choose the correct option from the list above."
BOXED_FINAL = "\nGive your final answer inside \\boxed{}."
COUNT_BOXED = "\nExamine the visual evidence carefully, then put only the final answer inside \\boxed{}."
COUNT_DIRECT = " Reply with the number only (for example: 3) and no other text."

CHARTQAPRO_TASK = {
    "factoid": "Answer a factoid question about the chart in the image.",
    "multi_choice": ("Answer a multiple-choice question about the chart in the image by picking one of "
                     "the given options; the final answer is the option letter only (a, b, c or d)."),
    "conversational": ("Below is a conversation about the chart in the image; answer its last "
                       "question, using the earlier turns as context."),
    "fact_checking": ("Decide whether the statement below is supported by the chart in the image; "
                      "the final answer is either true or false."),
    "hypothetical": "Answer a hypothetical question about the chart in the image.",
}
CHARTQAPRO_SHORT = ("The final answer must be a single word, number or phrase. Leave out units unless "
                    "the chart writes them as part of the value (for example million, m, billion, B, K); "
                    "then use the chart's notation.")
CHARTQAPRO_COMMON = ("If the chart does not contain enough information, the final answer is "
                     "unanswerable. If there are several final answers, write them as a list, like "
                     "['first', 'second'].\nThink step by step, then state the final answer in a "
                     "separate sentence of the form \"The answer is X\".")

TABLEVQA = {
    "vwtq": ("Answer the question about the table in the image with a single word or value.\n"
             "Examples:\n"
             "Question: in which year did the team score the most points?\nAnswer: 1998\n"
             "Question: which city is listed first?\nAnswer: Lyon\n"
             "When there are several answers, separate them with ||, as in: Red||Blue||Green\n\n"
             "Question: {question}\nAnswer:"),
    "vtabfact": ("Decide whether the statement is True or False according to the table in the image. "
                 "Reply with True or False only.\n"
                 "Examples:\n"
                 "Statement: the home team won more games than the away team\nAnswer: True\n"
                 "Statement: no player scored more than 20 goals\nAnswer: False\n\n"
                 "Statement: {question}\nAnswer:"),
    "fintabnetqa": ("Answer the question about the financial table in the image with a single word or "
                    "a few words. When the unit is known, include it (such as $, %, million).\n"
                    "Examples:\n"
                    "Question: What was the total revenue in 2010?\nAnswer: $1,204 million\n"
                    "Question: Which period does the table cover?\nAnswer: December 31\n"
                    "Question: What share of sales was spent on research in 2008?\nAnswer: 12.5%\n"
                    "Question: {question}\nAnswer:"),
}
TABLEVQA["vwtq_syn"] = TABLEVQA["vwtq"]


# ---------------------------------------------------------------------------
# layouts
# ---------------------------------------------------------------------------

def _mcq(doc, instruction: str | None, *, style="dot", with_hint=True, header="Options:") -> str:
    meta = doc_meta(doc)
    parts = []
    hint = meta.get("hint")
    if with_hint and isinstance(hint, str) and hint.strip():
        parts.append(f"Hint: {hint.strip()}")
    parts.append(f"Question: {_q(doc)}")
    options = doc_options(doc)
    if options:
        parts.append(header)
        parts.append(format_options(options, style))
    if instruction:
        parts.append(instruction)
    return "\n".join(parts)


def _plain(doc, suffix: str = "") -> str:
    return _q(doc) + suffix


def _with_options_block(doc, style="paren", header="Choices:") -> str:
    text = _q(doc)
    options = doc_options(doc)
    if options:
        text += f"\n{header}\n" + format_options(options, style)
    return text


def _chartqapro(doc) -> str:
    meta = doc_meta(doc)
    qtype = str(meta.get("question_type") or "factoid").strip().lower().replace(" ", "_")
    qtype = {"multi choice": "multi_choice", "multichoice": "multi_choice",
             "fact checking": "fact_checking"}.get(qtype, qtype)
    task = CHARTQAPRO_TASK.get(qtype, CHARTQAPRO_TASK["factoid"])
    parts = []
    paragraph = meta.get("paragraph")
    if isinstance(paragraph, str) and paragraph.strip():
        parts.append(paragraph.strip())
    parts.append(task)
    if qtype not in ("multi_choice", "fact_checking"):
        parts.append(CHARTQAPRO_SHORT)
    parts.append(CHARTQAPRO_COMMON)
    question = _q(doc)
    options = doc_options(doc)
    if options:
        question += "\n" + format_options(options, "paren")
    if qtype == "conversational":
        turns = _conversation_turns(meta.get("conversation"))
        if turns:
            parts.append("Conversation:\n" + "\n".join(turns))
    parts.append(f"Question: {question}")
    return "\n".join(parts)


def _conversation_turns(conv) -> list[str]:
    """Earlier turns of a ChartQAPro conversation: [[q, a], ...] or a flat [q, a, q, a, ...]."""
    if not isinstance(conv, (list, tuple)):
        return []
    flat = []
    for item in conv:
        if isinstance(item, (list, tuple)):
            flat.extend(str(x) for x in item)
        else:
            flat.append(str(item))
    lines = []
    for i, text in enumerate(flat):
        lines.append(("Q: " if i % 2 == 0 else "A: ") + text.strip())
    return lines


def _tablevqa(doc) -> str:
    subset = str(doc_meta(doc).get("subset") or "").strip().lower()
    if subset not in TABLEVQA:
        raise ValueError(f"tablevqabench doc {doc.get('id')!r}: unknown subset {subset!r}")
    return TABLEVQA[subset].replace("{question}", _q(doc))


#: benchmark -> prompt builder.  Shared layouts, per-benchmark closing instruction.
SPECS = {
    "chartqapro": _chartqapro,
    "charxivreason": lambda d: _plain(d),
    "tablevqabench": _tablevqa,
    "evochart": lambda d: _plain(d, BOXED_FINAL),
    "realworldqa": lambda d: _mcq(d, MCQ_SELECT),
    "countbenchqa": lambda d: _plain(d, COUNT_DIRECT),
    "countqa": lambda d: _plain(d, COUNT_BOXED),
    "treebench": lambda d: _mcq(d, MCQ_SELECT),
}

BENCHMARKS = tuple(SPECS)


def build_prompt(benchmark: str, doc: dict) -> str:
    """The text prompt for one normalized doc of ``benchmark``."""
    try:
        builder = SPECS[benchmark]
    except KeyError:
        raise KeyError(f"unknown benchmark {benchmark!r}") from None
    return builder(doc)
