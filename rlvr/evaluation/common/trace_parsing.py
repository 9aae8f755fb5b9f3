"""The TRACE evaluation scripts' deterministic answer parsing (af32fe0e
``rlvr/evaluation/scripts/trace_benchmark_answer_parsing.py``): the balanced last ``\\boxed{}``, the final-
answer cleaner and ``extract_final_answer`` (last ``<answer>`` block, else last box, else the last JSON
object with an ``answer`` key, else the last "answer is/=/:" marker, else the raw text), and the JSON-object
reader of the direct-route judges. Written from the reference's behaviour; used by several benchmarks."""

from __future__ import annotations

import json
import re

from .table import is_na


def clean_cell(value) -> str:
    return "" if is_na(value) else str(value).strip()


def last_boxed(text) -> str | None:
    """Content of the final balanced ``\\boxed{...}``, or None."""
    raw = clean_cell(text)
    found = None
    for m in re.finditer(r"\\boxed\s*\{", raw):
        depth, pos = 1, m.end()
        while pos < len(raw) and depth:
            depth += {"{": 1, "}": -1}.get(raw[pos], 0)
            pos += 1
        if depth == 0:
            found = raw[m.end():pos - 1]
    return found


def clean_final_answer(text) -> str:
    value = re.sub(r"</?answer>", "", clean_cell(text), flags=re.I).strip()
    value = re.sub(r"^\s*[:：,\-]+\s*", "", value).strip()
    value = value.strip("` \n\t\r").strip("\"'")
    lines = [ln.strip() for ln in value.splitlines() if ln.strip()]
    if len(lines) > 1 and len(lines[0]) <= 160:
        value = lines[0]
    return value.strip().strip("\"'")


_MARKER = re.compile(r"(?is)(?:^|\n|\b)(?:the\s+)?(?:final\s+)?answer\s*(?:is|=|:|：)\s*(.+)")


def extract_final_answer(value) -> tuple[str, str]:
    """-> (answer, method) with method in empty | answer_tag | boxed | json_answer | answer_marker | raw."""
    text = clean_cell(value)
    if not text:
        return "", "empty"
    tags = list(re.finditer(r"<answer>\s*(.*?)\s*</answer>", text, flags=re.I | re.S))
    if tags:
        return clean_final_answer(tags[-1].group(1)), "answer_tag"
    boxed = last_boxed(text)
    if boxed is not None:
        return clean_final_answer(boxed), "boxed"
    decoder = json.JSONDecoder()
    answers = []
    for m in re.finditer(r"\{", text):
        try:
            obj, _ = decoder.raw_decode(text[m.start():])
        except ValueError:
            continue
        if isinstance(obj, dict) and "answer" in obj:
            answers.append(obj["answer"])
    if answers:
        return clean_final_answer(answers[-1]), "json_answer"
    markers = list(_MARKER.finditer(text))
    if markers:
        return clean_final_answer(markers[-1].group(1)), "answer_marker"
    return text, "raw"


def json_object(text) -> dict:
    """The whole reply as a JSON object, else its first ``{...}`` (non-greedy) as one, else {}."""
    raw = str(text or "").strip()
    if not raw:
        return {}
    for candidate in (raw, (re.search(r"\{.*?\}", raw, flags=re.S) or [None])[0]):
        if candidate is None:
            continue
        try:
            obj = json.loads(candidate)
        except ValueError:
            continue
        if isinstance(obj, dict):
            return obj
    return {}


def ladder(initial: int) -> list[int]:
    """PersistentJudge's max_tokens retry ladder: at least 128, doubling up to max(1024, initial)."""
    limit = max(128, int(initial))
    ceiling = max(1024, limit)
    out = [limit]
    while out[-1] < ceiling:
        out.append(min(ceiling, out[-1] * 2))
    return out


def needs_retry(reply) -> bool:
    """PersistentJudge retries an empty reply or one cut at max_tokens."""
    return not str(reply).strip() or getattr(reply, "finish_reason", "stop") in ("length", "max_tokens")


_ANSWER_BLOCK = re.compile(r"<answer>\s*(.*?)\s*</answer>", flags=re.I | re.S)


def unwrap_single_answer_block(value) -> str:
    """TRACE's VLMEvalKit extension (``trace_eval_answer_parsing.unwrap_single_answer_block``): the stripped
    content of exactly one non-empty ``<answer>`` block, else the text as it is (a missing cell -> "")."""
    text = "" if is_na(value) else str(value)
    blocks = list(_ANSWER_BLOCK.finditer(text))
    if len(blocks) != 1:
        return text
    inner = blocks[0].group(1).strip()
    return inner if inner else text


# ------------------------------------------------------------------------------------------ explicit A-D
_OFFICIAL_OPTION = re.compile(r"\banswer\s*:\s*([A-D])\b", flags=re.I)
_ANSWER_LINE = re.compile(r"^\s*answer\s*:\s*(.*?)\s*$", flags=re.I | re.M)
_WRAPPERS = (re.compile(r"\\\(\s*(.*?)\s*\\\)", re.I | re.S), re.compile(r"\\\[\s*(.*?)\s*\\\]", re.I | re.S),
             re.compile(r"\$\s*(.*?)\s*\$", re.I | re.S),
             re.compile(r"\\(?:text|mathrm|mathbf)\s*\{\s*(.*?)\s*\}", re.I | re.S),
             re.compile(r"[\(\[\{]\s*(.*?)\s*[\)\]\}]", re.I | re.S))


def atomic_abcd(value) -> str | None:
    """``trace_eval_answer_parsing._atomic_abcd``: an optional leading "answer:", then math/text/bracket
    wrappers peeled off (the first one that wraps the whole text, repeatedly); a single A-D letter -> it."""
    text = clean_cell(value)
    m = re.fullmatch(r"answer\s*:\s*(.*)", text, flags=re.I | re.S)
    if m:
        text = m.group(1).strip()
    while text:
        before = text
        for wrapper in _WRAPPERS:
            m = wrapper.fullmatch(text)
            if m:
                text = m.group(1).strip()
                break
        if text == before:
            break
    return text.upper() if re.fullmatch(r"[A-D]", text, flags=re.I) else None


def extract_unambiguous_abcd(value) -> str:
    """TRACE's VLMEvalKit extension (``trace_eval_answer_parsing.extract_unambiguous_abcd``, patched into
    the PuzzleVQA/VisualPuzzles ``extract_answer`` and used by the RealWorldQA adapter): candidates are every
    ``Answer: X`` (A-D, any case), the content of a single ``<answer>`` block (its last box, else the block;
    else its last "answer:" line) and the final balanced box; one distinct candidate -> it, else ``Z``."""
    text = "" if is_na(value) else str(value)
    candidates = [m.group(1).upper() for m in _OFFICIAL_OPTION.finditer(text)]
    blocks = list(_ANSWER_BLOCK.finditer(text))
    if len(blocks) == 1:
        inner = blocks[0].group(1).strip()
        box = last_boxed(inner)
        found = atomic_abcd(box) if box is not None else atomic_abcd(inner)
        if found is None:
            lines = list(_ANSWER_LINE.finditer(inner))
            if lines:
                found = atomic_abcd(lines[-1].group(1))
        if found is not None:
            candidates.append(found)
    box = last_boxed(text)
    found = atomic_abcd(box) if box is not None else None
    if found is not None:
        candidates.append(found)
    distinct = list(dict.fromkeys(candidates))
    return distinct[0] if len(distinct) == 1 else "Z"


def or_text(value) -> str:
    """``str(value or "")`` of a workbook cell, as the TRACE adapters write it (NaN is truthy: "nan")."""
    if is_na(value):
        return "nan"
    return str(value) if value else ""


def last_closed_box(text: str) -> str | None:
    """The TRACE extensions' box reader (ChartQAPro adapter, EvoChart, CountQA): the stripped content of the
    last ``\\boxed{...}``, reading stops at the first box left unclosed."""
    last, start = None, 0
    while True:
        at = text.find("\\boxed{", start)
        if at < 0:
            return last
        depth, pos = 1, at + len("\\boxed{")
        while pos < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[pos], 0)
            pos += 1
        if depth:
            return last
        last = text[at + len("\\boxed{"):pos - 1].strip()
        start = pos


def extension_final_text(text: str, marker: str) -> str:
    """The EvoChart / CountQA extensions' final answer of ``text``: a non-empty last box, else the first
    ``<answer>`` block, else a greedy ``{... "answer": x}``, else the first line after the last ``marker``
    match (group 1), else the text."""
    boxed = last_closed_box(text)
    if boxed:
        return boxed.strip()
    tag = re.search(r"<answer>(.*?)</answer>", text, flags=re.I | re.S)
    if tag:
        return tag.group(1).strip()
    js = re.search(r"\{.*\"answer\"\s*:\s*(.+?)\}", text, flags=re.S)
    if js:
        return js.group(1).strip().strip("\"'")
    found = list(re.finditer(marker, text, flags=re.I | re.S))
    if found:
        return found[-1].group(1).strip().splitlines()[0].strip()
    return text
