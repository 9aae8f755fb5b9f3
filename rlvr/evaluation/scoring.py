"""Answer extraction, judge requests and scoring for the 24 benchmarks of the evaluation suite.

Standard library only.  Public API
----------------------------------
``extract(benchmark, row) -> {"status": "ok"|"missing"|"ambiguous", "value", "source"}``
    Deterministic extraction from ``row["response"]`` following the benchmark's answer contract.
``judge_requests(benchmark, row, previous) -> list[dict]``
    The next round of judge requests (``[]`` when done); called first with ``previous=[]`` and then
    with every judge output so far.  Always ``[]`` for benchmarks outside :data:`JUDGED`.
``apply_judgements(benchmark, row, outputs) -> dict``
    The value stored as ``row["judge"]`` once :func:`judge_requests` returned ``[]``.
``score(benchmark, rows) -> {"score", "rows", "breakdown", "extraction"}``
    Percent score (full precision) over generation rows (judged rows for :data:`JUDGED`).
``quick_score(benchmark, row) -> float | None``
    Deterministic per-row score in [0, 1]; ``None`` when the judge would be needed.

Extraction model (shared by all deterministic routes)
-----------------------------------------------------
*Explicit* candidates are the answer wrappers of a response, in priority order: ``\\boxed{...}``
(nested braces allowed), ``<answer>...</answer>``, a JSON object with an ``"answer"`` key, and
answer phrases ("Answer: X", "Final answer: X", "The answer is X"; for options also "the correct
option is X").  Text up to a closing ``</think>`` is ignored when something follows it.  Each
candidate is parsed for the benchmark's answer kind (option letter, option set, integer, number,
text); unparseable candidates are dropped.  The first kind with a parseable candidate decides; its
*decisive position* is the paragraph (text after the last blank line) holding its last candidate:
the candidates of that kind in it must agree, otherwise the row is ``ambiguous`` (an earlier
paragraph may hold a revised answer).
A candidate that itself names several answers where one is required (``\\boxed{A or B}``) is
ambiguous too.  Without explicit candidates, benchmark-specific implicit rules apply (a short bare
response; the option label or option text in the last line; the only option label mentioned in the
response; the last integer of the last line); nothing found is ``missing``.  Missing and ambiguous
rows score 0 and stay in the denominator.

Judge protocol (the engine lives in judge.py): a request is a plain dict
``{"kind": "extract"|"verdict", "messages": [{"role", "content"}, ...], "choices": [...],
"max_tokens": [128, 256, 512]}``; the judge answers one validated string per request.
Extraction requests never contain the ground truth; verdict requests do by design.

Metric notes per benchmark are in :data:`METRICS` (one line each) and in the function docstrings.

Decisions where the pinned upstream code is not reproduced literally
--------------------------------------------------------------------
* ChartQAPro: multiple-choice and fact-checking answers compare exactly (upstream computes this
  flag but does not pass it on); thousands separators are ignored in numbers.
* TableVQABench: the FinTabNetQA subset score is the scorer's first ("relieved") accuracy; the
  exact-match accuracy is reported in the breakdown.  The macro mean is over the subsets present.
* CharXiv: the rubric verdict is constrained to ``0``/``1`` instead of upstream's JSON reply; the
  doc's ``meta.grading_query`` (with ``{PREDICTION}``) is used when the data layer provides it.
"""

from __future__ import annotations

import bisect
import math
import re
import unicodedata

from .prompts import doc_meta, doc_options, format_options

__all__ = [
    "BENCHMARKS", "JUDGED", "METRICS", "MAX_TOKENS", "ScoringError",
    "extract", "judge_requests", "apply_judgements", "score", "quick_score",
]

BENCHMARKS = (
    "chartqapro", "charxivreason", "tablevqabench", "evochart",
    "realworldqa", "countbenchqa", "countqa", "treebench",
)

#: Benchmarks whose answer or score contract uses the Qwen3-32B judge.
JUDGED = frozenset({"charxivreason"})

#: Token budgets the judge engine tries in turn.
MAX_TOKENS = [128, 256, 512]

MCQ_BENCHMARKS = frozenset({"realworldqa", "treebench"})

METRICS = {
    "chartqapro": "'The answer is X' sentence; relaxed accuracy: 5% relative numeric tolerance, exact "
                  "year / multiple-choice / fact-checking, ANLS (threshold 0.5) for other text; lists "
                  "element-wise",
    "charxivreason": "judge verdict (0/1) from the benchmark grading rubric over question, ground truth "
                     "and response; accuracy",
    "tablevqabench": "one leading 'Answer: ' removed; unweighted macro mean of VWTQ and VWTQ-Syn "
                     "(denotation match), VTabFact (true/false) and FinTabNetQA (normalized numeric, "
                     "relieved accuracy)",
    "evochart": "final answer (boxed > answer tag > JSON > answer phrase > bare); exact casefold text; "
                "numeric: exact when meta.numeric_clear else 5% relative tolerance",
    "realworldqa": "final option letter; accuracy",
    "countbenchqa": "final integer (digits or number words); exact integer accuracy",
    "countqa": "final integer (boxed first; digits or number words); exact integer accuracy",
    "treebench": "final boxed option first, then final option letter; accuracy with per-dimension "
                 "breakdown",
}


class ScoringError(ValueError):
    """A row or judge output that cannot be scored (never silently a zero)."""


class _Ambiguous:
    """Marker: a candidate that names several different answers."""

    def __repr__(self):
        return "AMBIGUOUS"


AMBIG = _Ambiguous()


# ---------------------------------------------------------------------------
# row access
# ---------------------------------------------------------------------------

def _check_benchmark(benchmark):
    if benchmark not in BENCHMARKS:
        raise KeyError(f"unknown benchmark {benchmark!r}")


def _response(row) -> str:
    r = row.get("response")
    if r is None:
        return ""
    return r if isinstance(r, str) else str(r)


def _answer(row) -> str:
    a = row.get("answer")
    return "" if a is None else str(a).strip()


def _labels(row, benchmark=None) -> list[str]:
    opts = doc_options(row)
    if opts:
        return [label for label, _ in opts]
    labels = [chr(65 + i) for i in range(4)]
    ans = _answer(row).strip("() .").upper()
    if len(ans) == 1 and "A" <= ans <= "Z" and ans not in labels:
        labels = [chr(65 + i) for i in range(ord(ans) - 64)]
    return labels


# ---------------------------------------------------------------------------
# text helpers
# ---------------------------------------------------------------------------

def _final_part(text: str) -> str:
    """Drop a reasoning block closed by ``</think>`` when an answer follows it."""
    idx = text.rfind("</think>")
    if idx >= 0 and text[idx + 8:].strip():
        return text[idx + 8:]
    return text


def _boxed_spans(text: str):
    """(start, end, content) of every ``\\boxed{...}`` / ``\\fbox{...}`` (nested braces)."""
    starts = list(re.finditer(r"\\(?:boxed|fbox)\s*\{", text))
    if not starts:
        return []
    close = {}  # position of each "{" -> position of its matching "}" (one linear pass)
    stack = []
    for i, c in enumerate(text):
        if c == "{":
            stack.append(i)
        elif c == "}" and stack:
            close[stack.pop()] = i
    out = []
    for m in starts:
        j = close.get(m.end() - 1)
        if j is not None:
            out.append((m.start(), j + 1, text[m.end():j]))
    return out


def last_boxed(text: str):
    """Content of the last complete ``\\boxed{...}`` (nested braces), or None."""
    spans = _boxed_spans(text)
    return spans[-1][2].strip() if spans else None


_LATEX_WRAPPERS = re.compile(r"\\(?:text|textbf|textit|mathrm|mathbf|mbox|operatorname)\s*\{([^{}]*)\}")


def _clean(s: str) -> str:
    """Strip markdown / LaTeX decoration around a short answer string."""
    s = str(s)
    inner = last_boxed(s)
    if inner is not None:
        s = inner
    for _ in range(3):
        s2 = _LATEX_WRAPPERS.sub(r"\1", s)
        if s2 == s:
            break
        s = s2
    s = s.replace("\\(", "").replace("\\)", "").replace("\\[", "").replace("\\]", "")
    s = s.replace("$", "").replace("**", "").replace("__", "").replace("`", "")
    s = re.sub(r"</?answer>", "", s, flags=re.I)
    s = s.strip()
    s = s.strip(" \t\n*_#>")
    while len(s) >= 2 and s[0] == s[-1] and s[0] in "\"'“”‘’":
        s = s[1:-1].strip()
    if s[:1] in "\"“‘'" and s[-1:] in "\"”’'":
        s = s[1:-1].strip()
    s = re.sub(r"[\s.,;:!]+$", "", s)
    return s.strip()


_SENTENCE_CUT = re.compile(r"(?<=\D)\.(?:\s|$)|(?<=\d)\.(?:\s|$)|;|\s+(?:because|since|which|as\s+it)\b", re.I)


def _cut_sentence(s: str) -> str:
    m = _SENTENCE_CUT.search(s)
    return s[:m.start()] if m else s


# ---------------------------------------------------------------------------
# explicit candidates
# ---------------------------------------------------------------------------

_PHRASE_ANSWER = (
    # "Answer: X", "Final answer: X", "**Answer:** X" (a label at a line start or after a space)
    re.compile(r"(?:^|(?<=[\s(\[*_#>]))(?:final\s+answer|answer)[*_]*\s*(?:\([^)\n]*\)\s*)?[:：][*_]*"
               r"[ \t]*(?P<v>[^\n]*)", re.I | re.M),
    # "The answer is X", "my final answer would be X"
    re.compile(r"\b(?:final\s+|correct\s+|right\s+)?answer[*_]*\s+(?:is|would\s+be|should\s+be|=)[*_]*"
               r"\s*:?[*_]*[ \t]*(?P<v>[^\n]*)", re.I),
)
_PHRASE_OPTION = _PHRASE_ANSWER + (
    # "the correct option is X", "the best choice is X"
    re.compile(r"\b(?:correct|right|best|final)\s+(?:option|choice)[*_]*\s+(?:is|would\s+be|should\s+be)[*_]*"
               r"\s*:?[*_]*[ \t]*(?P<v>[^\n]*)", re.I),
)
_ANSWER_IS = (re.compile(r"\bthe\s+(?:final\s+)?answer\s+is[*_]*\s*:?[*_]*[ \t]*(?P<v>[^\n]*)", re.I),)

#: Wrapper kinds in priority order: the first kind with a parseable candidate decides.
KIND_ORDER = ("boxed", "tag", "json", "phrase")


def _phrase_candidates(text: str, patterns=_PHRASE_ANSWER):
    matches = []
    for pat in patterns:
        pos = 0
        while True:  # overlapping search: "Answer: A. Actually, Answer: B" gives two candidates
            m = pat.search(text, pos)
            if not m:
                break
            matches.append(m)
            pos = m.start("v") if m.start("v") > m.start() else m.start() + 1
    starts = sorted({m.start() for m in matches})
    out = []
    for m in matches:
        v = m.group("v")
        end = m.end()
        k = bisect.bisect_left(starts, m.start("v"))
        nxt_start = starts[k] if k < len(starts) and starts[k] < m.end("v") else None
        if nxt_start is not None:
            # another answer marker follows on the same line: this value stops there
            v = _FILLER_TAIL.sub("", text[m.start("v"):nxt_start]).strip(" ,;:-*_")
            if not v:
                continue
            end = nxt_start
        v = v.strip()
        if not v.strip("*_ "):
            # "Answer:" alone on its line: the value is the next non-empty line
            nxt = re.match(r"[*_ ]*\n\s*([^\n]+)", text[m.end():])
            if not nxt:
                continue
            v = nxt.group(1).strip()
            end = m.end() + nxt.end()
        out.append((m.start(), end, "phrase", _cut_sentence(v)))
    return out


_FILLER_TAIL = re.compile(r"(?:\b(?:the|my|so|thus|therefore|hence|and|actually|final|correct|wait)\W*)+$", re.I)


def _tag_candidates(text: str):
    return [(m.start(), m.end(), "tag", m.group(1))
            for m in re.finditer(r"<answer>(.*?)</answer>", text, re.I | re.S)]


def _json_candidates(text: str):
    from .trace_answers import answer_objects   # one JSON/literal answer-object scanner serves both

    out = []
    for i, end, val in answer_objects(text):
        if isinstance(val, list):
            val = ", ".join(str(x) for x in val)
        out.append((i, end, "json", "" if val is None else str(val)))
    return out


def _boxed_candidates(text: str):
    return [(s, e, "boxed", c) for s, e, c in _boxed_spans(text)]


def _explicit(text: str, kinds=KIND_ORDER, phrase_patterns=_PHRASE_ANSWER):
    """All explicit candidates ``(start, end, kind, raw)`` of ``text``."""
    cands = []
    if "boxed" in kinds:
        cands += _boxed_candidates(text)
    if "tag" in kinds:
        cands += _tag_candidates(text)
    if "json" in kinds:
        cands += _json_candidates(text)
    if "phrase" in kinds:
        cands += _phrase_candidates(text, phrase_patterns)
    return cands


_PARA_BREAK = re.compile(r"\n[ \t]*\n")


def _decide(text: str, cands, parse):
    """Resolve explicit candidates -> (status, value, source), or None when none parses.

    The first kind of :data:`KIND_ORDER` with a parseable candidate decides; its decisive position
    is the paragraph holding its last candidate, whose candidates must all agree.
    """
    by_kind = {}
    for start, end, kind, raw in cands:
        v = parse(raw)
        if v is None:
            continue
        by_kind.setdefault(kind, []).append((start, end, v))
    for kind in KIND_ORDER:
        found = by_kind.get(kind)
        if not found:
            continue
        last = max(found, key=lambda c: (c[1], c[0]))
        para_start = 0
        for m in _PARA_BREAK.finditer(text, 0, last[0]):
            para_start = m.end()
        values = []
        for start, end, v in found:
            if end <= para_start:
                continue
            if v is AMBIG:
                return ("ambiguous", None, kind)
            if v not in values:
                values.append(v)
        if len(values) > 1:
            return ("ambiguous", None, kind)
        return ("ok", values[0], kind)
    return None


def _result(status, value=None, source=None):
    return {"status": status, "value": value, "source": source}


# ---------------------------------------------------------------------------
# value parsers
# ---------------------------------------------------------------------------

def _norm_text(s: str) -> str:
    s = unicodedata.normalize("NFKC", str(s)).casefold()
    s = re.sub(r"[\s]+", " ", s)
    return s.strip(" .,:;!?\"'`*()[]")


_CONNECTIVES = frozenset({"or", "and", "nor", "to", "vs", "versus", "then", "is", "are"})
_LABEL_TOKEN = re.compile(r"(?<![A-Za-z0-9_'’])([A-Z])(?![A-Za-z0-9_'’])")


def _label_tokens(s: str, labels) -> list[str]:
    """Standalone upper-case option labels in ``s`` (in order), skipping the article "A" and the
    pronoun "I" when they start an ordinary phrase ("A cat", "I think")."""
    out = []
    for m in _LABEL_TOKEN.finditer(s):
        ch = m.group(1)
        if ch not in labels:
            continue
        if ch in ("A", "I"):
            after = re.match(r"\s([a-z][a-z]*)", s[m.end():m.end() + 20])
            before = s[max(0, m.start() - 12):m.start()].lower()
            explicit = re.search(r"(option|choice|answer|is|\()\s*$", before)
            if after and after.group(1) not in _CONNECTIVES and not explicit:
                continue
        out.append(ch)
    return out


def _option_text_hits(s: str, options) -> list[str]:
    """Labels whose option text occurs in ``s`` (word-bounded, casefold); longest texts win."""
    ns = " " + _norm_text(s) + " "
    hits = []
    for label, text in options:
        t = _norm_text(text)
        if not t:
            continue
        if re.search(r"(?<![0-9a-z])" + re.escape(t) + r"(?![0-9a-z])", ns):
            hits.append((label, t))
    # drop options whose text is contained in another matched option's text
    keep = [lab for lab, t in hits if not any(t != t2 and t in t2 for _, t2 in hits)]
    return sorted(set(keep), key=keep.index)


def _strip_option_prefix(s: str) -> str:
    return re.sub(r"^(?:the\s+)?(?:correct\s+)?(?:final\s+)?(?:answer|option|choice)\s*(?:is\s*)?[:：]?\s*",
                  "", s, flags=re.I).strip()


def parse_letter(raw, labels, options=()):
    """One option label from a short answer string: label, AMBIG or None."""
    s = _strip_option_prefix(_clean(raw))
    if not s:
        return None
    core = s.strip(" .:;,!()[]{}'\"")
    if len(core) == 1 and core.upper() in labels:
        return core.upper()
    if core in labels:
        return core
    m = re.match(r"^\(?\s*([A-Za-z])\s*(?:[).:\]]|\s-\s)(?:\s|$)", s)
    if m and m.group(1).upper() in labels and (m.group(1).isupper() or s.startswith("(")):
        return m.group(1).upper()
    if options:
        exact = [lab for lab, text in options if _norm_text(text) and _norm_text(text) == _norm_text(s)]
        if len(set(exact)) == 1:
            return exact[0]
    toks = _label_tokens(s, labels)
    if toks:
        return toks[0] if len(set(toks)) == 1 else AMBIG
    if options:
        hits = _option_text_hits(s, options)
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            return AMBIG
    return None


_UNITS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
          "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
          "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_NUMBER_WORD = re.compile(
    r"\b(?:(?P<tens>" + "|".join(_TENS) + r")(?:[\s-]+(?P<tu>" + "|".join(k for k in _UNITS if _UNITS[k] < 10
                                                                        and _UNITS[k] > 0) + r"))?"
    r"|(?P<hundred>(?:a|one)\s+hundred)"
    r"|(?P<unit>" + "|".join(sorted(_UNITS, key=len, reverse=True)) + r"))\b", re.I)


def number_words(s: str) -> list[int]:
    """Integers written as English words (zero .. ninety-nine, one hundred), in order."""
    out = []
    for m in _NUMBER_WORD.finditer(s):
        if m.group("tens"):
            v = _TENS[m.group("tens").lower()]
            if m.group("tu"):
                v += _UNITS[m.group("tu").lower()]
        elif m.group("unit"):
            v = _UNITS[m.group("unit").lower()]
        else:
            v = 100
        out.append(v)
    return out


_NUM = re.compile(r"(?<![\w.])[-+−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\d])"
                  r"|(?<![\w\d])[-+−]?\.\d+")


def _numbers(s: str) -> list[float]:
    out = []
    for m in _NUM.finditer(s):
        tok = m.group(0).replace(",", "").replace("−", "-")
        try:
            out.append(float(tok))
        except ValueError:
            continue
    return out


def _fraction_value(s: str):
    m = re.fullmatch(r"\s*([-+]?)\s*\\d?frac\s*\{\s*([-+]?\d+(?:\.\d+)?)\s*\}\s*\{\s*([-+]?\d+(?:\.\d+)?)\s*\}\s*", s)
    if not m:
        m = re.fullmatch(r"\s*([-+]?)\s*([-+]?\d+(?:\.\d+)?)\s*/\s*([-+]?\d+(?:\.\d+)?)\s*", s)
    if m:
        den = float(m.group(3))
        if den == 0:
            return None
        v = float(m.group(2)) / den
        return -v if m.group(1) == "-" else v
    return None


def parse_number(raw, *, allow_words=True, prefer="first"):
    """One number from a short answer string (commas, %, currency, units, fractions): float,
    AMBIG or None.  Several different numbers: a range or alternative ("3 or 4", "3-4") is
    AMBIG; otherwise the number after the last "=", else the first (``prefer="last"``: the last)
    number outside parentheses."""
    s = _clean(raw)
    if not s:
        return None
    no_paren = re.sub(r"\([^()]*\)", " ", s)
    if no_paren.strip():
        s = no_paren
    s = s.replace("−", "-").replace("\\%", "%").replace("\\,", "")
    frac = _fraction_value(s)
    if frac is not None:
        return frac
    if "=" in s:
        s = s.rsplit("=", 1)[1]
    nums = _numbers(s)
    if not nums:
        if allow_words:
            words = number_words(s)
            if len(set(words)) == 1:
                return float(words[0])
            if words:
                return AMBIG
        return None
    distinct = []
    for n in nums:
        if n not in distinct:
            distinct.append(n)
    if len(distinct) == 1:
        return distinct[0]
    if re.search(r"\d\s*(?:or|to|/|~)\s*[-+]?\$?\d", s) or re.search(r"\d\s*-\s*\d", s):
        return AMBIG
    return nums[-1] if prefer == "last" else distinct[0]


def parse_integer(raw, prefer="first"):
    """One integer from a short answer string: int, AMBIG or None."""
    v = parse_number(raw, prefer=prefer)
    if v is None or v is AMBIG:
        return v
    if not math.isfinite(v) or v != int(v):
        return None
    return int(v)


def parse_text(raw):
    s = _clean(raw)
    return s if s else None


# ---------------------------------------------------------------------------
# shared extractors
# ---------------------------------------------------------------------------

def _last_line(text: str) -> str:
    for line in reversed(text.strip().splitlines()):
        if line.strip():
            return line.strip()
    return ""


def _short(text: str, limit=200) -> bool:
    t = text.strip()
    return bool(t) and "\n" not in t and len(t) <= limit


def extract_choice(response: str, labels, options=(), *, implicit=True, boxed_first=False) -> dict:
    """Final single option label."""
    parse = lambda raw: parse_letter(raw, labels, options)  # noqa: E731
    text = _final_part(response)
    if boxed_first:
        boxed = _boxed_candidates(text)
        if boxed:
            got = _decide(text, boxed, parse)
            if got is not None:
                return _result(*got)
    got = _decide(text, _explicit(text, phrase_patterns=_PHRASE_OPTION), parse)
    if got is not None:
        return _result(*got)
    if _short(text):
        v = parse(text)
        if v is AMBIG:
            return _result("ambiguous", None, "bare")
        if v is not None:
            return _result("ok", v, "bare")
    if not implicit:
        return _result("missing")
    last = _last_line(text)
    toks = _label_tokens(_clean(last) if len(last) < 300 else last, labels)
    if toks:
        if len(set(toks)) == 1:
            return _result("ok", toks[0], "last_line")
        return _result("ambiguous", None, "last_line")
    toks = _label_tokens(text, labels)
    if toks and len(set(toks)) == 1:
        return _result("ok", toks[0], "only_label")
    if options and last:
        hits = _option_text_hits(last, options)
        if len(hits) == 1:
            return _result("ok", hits[0], "option_text")
        if len(hits) > 1:
            return _result("ambiguous", None, "option_text")
    return _result("missing")


def extract_integer(response: str) -> dict:
    text = _final_part(response)
    got = _decide(text, _explicit(text), parse_integer)
    if got is not None:
        return _result(*got)
    if _short(text):
        v = parse_integer(text, prefer="last")
        if v is AMBIG:
            return _result("ambiguous", None, "bare")
        if v is not None:
            return _result("ok", v, "bare")
    last = _last_line(text)
    nums = [n for n in _numbers(last) if n == int(n)]
    if nums:
        return _result("ok", int(nums[-1]), "last_line")
    words = number_words(last)
    if words:
        return _result("ok", words[-1], "last_line")
    return _result("missing")


def extract_text(response: str, phrase_patterns=_PHRASE_ANSWER, kinds=KIND_ORDER):
    text = _final_part(response)
    got = _decide(text, _explicit(text, kinds, phrase_patterns), parse_text)
    if got is not None:
        return _result(*got)
    if _short(text):
        return _result("ok", _clean(text), "bare")
    return _result("missing")


# ---------------------------------------------------------------------------
# ChartQAPro
# ---------------------------------------------------------------------------

def _chartqapro_qtype(meta) -> str:
    q = str(meta.get("question_type") or "factoid").strip().lower().replace(" ", "_")
    return {"multichoice": "multi_choice"}.get(q, q)


def _extract_chartqapro(row):
    resp = _response(row)
    text = _final_part(resp)
    got = _decide(text, _phrase_candidates(text, _ANSWER_IS), parse_text)
    if got is not None:
        return _result(*got)
    return extract_text(resp)


def _levenshtein(a: str, b: str) -> int:
    if len(a) < len(b):
        a, b = b, a
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def anls(pred: str, target: str, threshold: float = 0.5) -> float:
    """Average normalized Levenshtein similarity of one pair (0 below the threshold)."""
    p, t = pred.strip().lower(), target.strip().lower()
    if not p and not t:
        return 1.0
    nl = _levenshtein(p, t) / max(len(p), len(t))
    return 1.0 - nl if nl < threshold else 0.0


def _to_float_pct(s: str):
    try:
        return float(s.strip().strip("%").strip().replace(",", ""))
    except ValueError:
        return None


def _parse_list_answer(s: str):
    s = s.strip()
    if len(s) >= 2 and s[0] == "[" and s[-1] == "]":
        inner = s[1:-1].strip()
        if not inner:
            return []
        return [x.strip().strip("'\"‘’“” ") for x in inner.split(",")]
    return None


def _chartqapro_item(target: str, pred: str, exact: bool) -> float:
    t = target.strip().strip("%").strip()
    p = pred.strip().strip("%").strip()
    if exact:
        return 1.0 if t.lower() == p.lower() else 0.0
    tf, pf = _to_float_pct(t), _to_float_pct(p)
    if tf is not None and pf is not None:
        if tf == 0.0:
            return 1.0 if pf == 0.0 else 0.0
        return 1.0 if abs(pf - tf) / abs(tf) <= 0.05 else 0.0
    return anls(p, t)


def chartqapro_relaxed(target: str, pred: str, qtype: str, year: bool) -> float:
    """Relaxed correctness of one ChartQAPro prediction (list answers element-wise)."""
    target = str(target).strip().strip(".").strip()
    pred = str(pred).strip().strip(".").strip()
    t_list = _parse_list_answer(target) or [target]
    p_list = _parse_list_answer(pred) or [pred]
    exact = year or qtype in ("multi_choice", "fact_checking")
    scores = []
    for i in range(max(len(t_list), len(p_list))):
        if i >= len(t_list) or i >= len(p_list):
            scores.append(0.0)
        else:
            scores.append(_chartqapro_item(t_list[i], p_list[i], exact))
    return sum(scores) / len(scores) if scores else 0.0


def _truthy(v) -> bool:
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)):
        return bool(v)
    return str(v).strip().lower() in ("true", "1", "yes", "y")


def _score_chartqapro(row, ext):
    if ext["status"] != "ok":
        return 0.0
    meta = doc_meta(row)
    return chartqapro_relaxed(_answer(row), str(ext["value"]), _chartqapro_qtype(meta),
                              _truthy(meta.get("year_answer", False)))


# ---------------------------------------------------------------------------
# TableVQABench (VWTQ denotation, VTabFact, FinTabNetQA)
# ---------------------------------------------------------------------------

def _extract_tablevqa(row):
    resp = _response(row)
    value = re.sub(r"^Answer: ", "", resp, count=1)
    subset = str(doc_meta(row).get("subset") or "")
    if not value.strip():
        return _result("missing", None, "raw")
    if subset == "vtabfact":
        low = value.lower()
        if "true" in low and "false" in low:
            return _result("ambiguous", None, "raw")
        if "true" not in low and "false" not in low:
            return _result("missing", None, "raw")
    return _result("ok", value, "raw")


def tq_normalize(x: str) -> str:
    """String normalization of the WTQ-style evaluators."""
    x = "".join(c for c in unicodedata.normalize("NFKD", str(x)) if unicodedata.category(c) != "Mn")
    x = re.sub(r"[‘’´`]", "'", x)
    x = re.sub(r"[“”]", '"', x)
    x = re.sub(r"[‐‑‒–—−]", "-", x)
    while True:
        old = x
        x = re.sub(r"((?<!^)\[[^\]]*\]|\[\d+\]|[•♦†‡*#+])*$", "", x.strip())
        x = re.sub(r"(?<!^)( \([^)]*\))*$", "", x.strip())
        x = re.sub(r'^"([^"]*)"$', r"\1", x.strip())
        if x == old:
            break
    if x and x[-1] == ".":
        x = x[:-1]
    return re.sub(r"\s+", " ", x, flags=re.U).lower().strip()


def _tq_number(text: str):
    try:
        return int(text)
    except ValueError:
        try:
            v = float(text)
        except ValueError:
            return None
        if math.isnan(v) or math.isinf(v):
            return None
        return v


def _tq_date(text: str):
    try:
        parts = text.lower().split("-")
        if len(parts) != 3:
            return None
        y = -1 if parts[0] in ("xx", "xxxx") else int(parts[0])
        mth = -1 if parts[1] == "xx" else int(parts[1])
        d = -1 if parts[2] == "xx" else int(parts[2])
    except ValueError:
        return None
    if y == mth == d == -1 or not (mth == -1 or 1 <= mth <= 12) or not (d == -1 or 1 <= d <= 31):
        return None
    return (y, mth, d)


def _tq_value(s: str):
    """(kind, identity, normalized) of one answer string: number, date or string."""
    amount = _tq_number(s)
    if amount is not None:
        if abs(amount - round(amount)) < 1e-6:
            amount = int(round(amount))
        return ("N", amount, tq_normalize(s))
    ymd = _tq_date(s)
    if ymd is not None:
        if ymd[1] == ymd[2] == -1:
            return ("N", ymd[0], tq_normalize(s))
        return ("D", ymd, tq_normalize(s))
    return ("S", tq_normalize(s), tq_normalize(s))


def _tq_values(strings):
    seen = {}
    for s in strings:
        v = _tq_value(s)
        seen.setdefault((v[0], v[1]), v)
    return list(seen.values())


def _tq_match(target, pred) -> bool:
    if target[2] == pred[2]:
        return True
    if target[0] == "N" and pred[0] == "N":
        return abs(target[1] - pred[1]) < 1e-6
    if target[0] == "D" and pred[0] == "D":
        return target[1] == pred[1]
    return False


def _tq_unescape_list(x: str):
    return [y.replace(r"\n", "\n").replace(r"\p", "|").replace("\\\\", "\\") for y in x.split("|")]


def wtq_correct(answer: str, prediction: str) -> bool:
    targets = _tq_values(_tq_unescape_list(answer))
    preds = _tq_values(_tq_unescape_list(prediction.replace("||", "|")))
    if len(targets) != len(preds):
        return False
    return all(any(_tq_match(t, p) for p in preds) for t in targets)


_FIN_WORDS = ["dollar", "gallons", "square feet", "shares", "mbtu", "mbpd", "mbbls", "mmbtu", "unit",
              "gwh", "year", "mmcf", "mile", "mboe"]
_FIN_UNITS = [(r" \bthousand\b", "e3"), (r" \bmillion\b", "e6"), (r" \bbillion\b", "e9"),
              (r"\bthousand\b", "e3"), (r"\bmillion\b", "e6"), (r"\bbillion\b", "e9"), (r" ?%", "e-2")]


def fintabnet_normalize(s: str):
    """(primary, [primary, unit-free]) as floats when both parse, else as strings."""
    s = tq_normalize(s)
    s = re.sub(r"[\$\(\),]", "", s)
    s = re.sub(r"\b(" + "|".join(_FIN_WORDS) + r")s?\b", "", s, flags=re.I)
    unit_free = s
    for pat, rep in _FIN_UNITS:
        s = re.sub(pat, rep, s)
        unit_free = re.sub(pat, "", unit_free)
    try:
        return float(s), [float(s), float(unit_free)]
    except ValueError:
        return s, [s, unit_free]


def _tablevqa_row(row, ext):
    """(relieved score, exact score) for fintabnetqa, (score, score) otherwise."""
    subset = str(doc_meta(row).get("subset") or "")
    if ext["status"] != "ok":
        return 0.0, 0.0
    pred = ext["value"]
    gt = _answer(row)
    if subset in ("vwtq", "vwtq_syn"):
        s = 1.0 if wtq_correct(gt, pred) else 0.0
        return s, s
    if subset == "vtabfact":
        g = gt.strip().lower()
        g = {"true": "1", "false": "0"}.get(g, g)
        low = pred.lower()
        s = 1.0 if (("true" in low and g == "1") or ("false" in low and g == "0")) else 0.0
        return s, s
    if subset == "fintabnetqa":
        p, ps = fintabnet_normalize(pred)
        g, gs = fintabnet_normalize(gt)
        relieved = 1.0 if any(a == b for a in ps for b in gs) else 0.0
        return relieved, (1.0 if p == g else 0.0)
    raise ScoringError(f"tablevqabench row {row.get('id')!r}: unknown subset {subset!r}")


# ---------------------------------------------------------------------------
# EvoChart
# ---------------------------------------------------------------------------

_EVO_NUM = re.compile(r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[-+]?\d*\.\d+")


def _extract_evochart(row):
    return extract_text(_response(row))


def _evo_number(s: str, whole: bool):
    s = str(s).strip()
    if whole:
        m = _EVO_NUM.fullmatch(s)
        return float(m.group(0).replace(",", "")) if m else None
    found = _EVO_NUM.findall(s)
    if len(found) != 1:
        return None
    return float(found[0].replace(",", ""))


def evochart_correct(pred: str, answer: str, numeric_clear: bool) -> float:
    target = str(answer).strip()
    t = _evo_number(target, whole=True)
    if t is None:
        return float(str(pred).strip().casefold() == target.casefold())
    p = _evo_number(pred, whole=False)
    if p is None:
        return 0.0
    if numeric_clear:
        return float(p == t)
    if t == 0.0:
        return float(p == 0.0)
    return float(abs(p - t) / abs(t) <= 0.05)


def _score_evochart(row, ext):
    if ext["status"] != "ok":
        return 0.0
    meta = doc_meta(row)
    return evochart_correct(ext["value"], _answer(row), _truthy(meta.get("numeric_clear", True)))


# ---------------------------------------------------------------------------
# multiple choice, counting, option sets
# ---------------------------------------------------------------------------

def _gt_letter(row, benchmark=None):
    labels = _labels(row, benchmark)
    v = parse_letter(_answer(row), labels, doc_options(row))
    if v is None or v is AMBIG:
        raise ScoringError(f"{benchmark} row {row.get('id')!r}: answer {row.get('answer')!r} "
                           f"is not one of the option labels {labels}")
    return v


def _extract_mcq(benchmark, row):
    labels = _labels(row, benchmark)
    opts = doc_options(row)
    return extract_choice(_response(row), labels, opts, boxed_first=(benchmark == "treebench"))


def _score_mcq(benchmark, row, ext):
    return 1.0 if ext["status"] == "ok" and ext["value"] == _gt_letter(row, benchmark) else 0.0


def _gt_integer(row, benchmark):
    v = parse_integer(_answer(row))
    if v is None or v is AMBIG:
        raise ScoringError(f"{benchmark} row {row.get('id')!r}: answer {row.get('answer')!r} is not an integer")
    return v


def _score_count(benchmark, row, ext):
    return 1.0 if ext["status"] == "ok" and ext["value"] == _gt_integer(row, benchmark) else 0.0


# ---------------------------------------------------------------------------
# judge requests
# ---------------------------------------------------------------------------

def _req(kind, system, user, choices=()):
    return {"kind": kind,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
            "choices": list(choices), "max_tokens": list(MAX_TOKENS)}


VERDICT_SYSTEM = ("You check whether a model's answer agrees with the reference answer of a question. "
                  "Output a single character: 1 if it agrees, 0 if it does not.")
BINARY = ["0", "1"]

_CHARXIV_RUBRIC = """Grade a model's response to a question about a chart.
Question: {question}
Ground truth: {answer}
Model response: {response}

Find the final answer in the model response and compare it with the ground truth. It scores 1 only if it matches: numbers must be equal (at the precision of the ground truth), text must name the same label or entity (ignoring case and formatting), and when several items are asked for, all of them must be present and correct. Otherwise it scores 0. Output only the score, 1 or 0."""

_CHARXIV_GRADING_SYSTEM = ("Grade the response according to the instructions in the user message. Reply "
                           "with a single character: 1 if the response earns a score of 1, otherwise 0. "
                           "Output nothing else.")

def judge_requests(benchmark: str, row: dict, previous: list) -> list:
    """Next round of judge requests for ``row`` (``[]`` when no more are needed)."""
    _check_benchmark(benchmark)
    if benchmark not in JUDGED:
        return []
    previous = list(previous or [])
    resp = _response(row)
    n = len(previous)
    if benchmark == "charxivreason":
        if n:
            return []
        gq = doc_meta(row).get("grading_query")
        if isinstance(gq, str) and "{PREDICTION}" in gq:
            return [_req("verdict", _CHARXIV_GRADING_SYSTEM, gq.replace("{PREDICTION}", resp), BINARY)]
        user = _CHARXIV_RUBRIC.format(question=str(row.get("question") or "").strip(),
                                      answer=_answer(row), response=resp)
        return [_req("verdict", VERDICT_SYSTEM, user, BINARY)]
    raise KeyError(benchmark)  # pragma: no cover - every JUDGED benchmark is handled above


def _expect(benchmark, row, outputs, n):
    if len(outputs) != n:
        raise ScoringError(f"{benchmark} row {row.get('id')!r}: expected {n} judge output(s), got {len(outputs)}")


def _verdict(benchmark, row, out):
    v = str(out).strip()
    if v not in BINARY:
        raise ScoringError(f"{benchmark} row {row.get('id')!r}: malformed judge verdict {out!r}")
    return v


def apply_judgements(benchmark: str, row: dict, outputs: list) -> dict:
    """The ``row["judge"]`` value built from all judge outputs of ``row`` (in request order)."""
    _check_benchmark(benchmark)
    if benchmark not in JUDGED:
        raise ScoringError(f"{benchmark} takes no judge")
    outputs = list(outputs or [])
    if benchmark == "charxivreason":
        _expect(benchmark, row, outputs, 1)
        return {"verdict": _verdict(benchmark, row, outputs[0])}
    raise KeyError(benchmark)  # pragma: no cover - every JUDGED benchmark is handled above


# ---------------------------------------------------------------------------
# judged rows -> per-row scores
# ---------------------------------------------------------------------------

def _need_judge(benchmark, row, keys):
    j = row.get("judge")
    if not isinstance(j, dict) or any(k not in j for k in keys):
        raise ScoringError(f"{benchmark} row {row.get('id')!r}: missing judge field {keys} "
                           f"(run the judge stage first)")
    return j


def _judged_row(benchmark, row):
    """(score in [0,1], status, source) for a row of a judged benchmark."""
    if benchmark == "charxivreason":
        j = _need_judge(benchmark, row, ("verdict",))
        return float(_verdict(benchmark, row, j["verdict"]) == "1"), "ok", "judge"
    raise KeyError(benchmark)  # pragma: no cover - every JUDGED benchmark is handled above


# ---------------------------------------------------------------------------
# public: extract / quick_score / score
# ---------------------------------------------------------------------------

def extract(benchmark: str, row: dict) -> dict:
    """Deterministic extraction from ``row["response"]`` for ``benchmark``.

    For CharXivReason (judge-scored by contract) it is the shared explicit-wrapper extraction, for
    information only, marked ``"judge_required": True``.
    """
    _check_benchmark(benchmark)
    resp = _response(row)
    if benchmark == "chartqapro":
        return _extract_chartqapro(row)
    if benchmark == "tablevqabench":
        return _extract_tablevqa(row)
    if benchmark == "evochart":
        return _extract_evochart(row)
    if benchmark in MCQ_BENCHMARKS:
        return _extract_mcq(benchmark, row)
    if benchmark in ("countbenchqa", "countqa"):
        return extract_integer(resp)
    out = extract_text(resp)
    out["judge_required"] = True
    return out


def _row_score(benchmark, row):
    """(score in [0,1], status, source, extras) for one row."""
    if benchmark in JUDGED:
        s, status, source = _judged_row(benchmark, row)
        return s, status, source, {}
    ext = extract(benchmark, row)
    extras = {}
    if benchmark == "chartqapro":
        s = _score_chartqapro(row, ext)
    elif benchmark == "tablevqabench":
        s, exact = _tablevqa_row(row, ext)
        extras["exact"] = exact
    elif benchmark == "evochart":
        s = _score_evochart(row, ext)
    elif benchmark in MCQ_BENCHMARKS:
        s = _score_mcq(benchmark, row, ext)
    elif benchmark in ("countbenchqa", "countqa"):
        s = _score_count(benchmark, row, ext)
    else:  # pragma: no cover
        raise KeyError(benchmark)
    return s, ext["status"], ext.get("source"), extras


def quick_score(benchmark: str, row: dict):
    """Deterministic per-row score in [0, 1], or None when the judge would be needed."""
    _check_benchmark(benchmark)
    if benchmark == "charxivreason":
        return None
    return float(_row_score(benchmark, row)[0])


_BREAKDOWN_FIELDS = {
    "chartqapro": ("question_type",),
    "tablevqabench": ("subset",),
    "treebench": ("category",),
}


def _group(rows, scores, field):
    out = {}
    for r, s in zip(rows, scores):
        v = doc_meta(r).get(field)
        if v is None:
            continue
        out.setdefault(str(v), []).append(s)
    return {k: {"score": sum(v) / len(v) * 100.0, "rows": len(v)} for k, v in sorted(out.items())}


def score(benchmark: str, rows) -> dict:
    """Benchmark score over generation rows (judged rows for :data:`JUDGED`)."""
    _check_benchmark(benchmark)
    rows = list(rows)
    if not rows:
        raise ScoringError(f"{benchmark}: no rows to score")
    scores, extras = [], []
    counts = {"ok": 0, "missing": 0, "ambiguous": 0, "judged": 0}
    for r in rows:
        s, status, source, extra = _row_score(benchmark, r)
        scores.append(float(s))
        extras.append(extra)
        counts[status] += 1
        if benchmark in JUDGED and source == "judge":
            counts["judged"] += 1
    breakdown = {}
    fields = ("category",) + tuple(f for f in _BREAKDOWN_FIELDS.get(benchmark, ()) if f != "category")
    for field in fields:
        g = _group(rows, scores, field)
        if g:
            breakdown[field] = g
    if benchmark == "tablevqabench":
        subsets = breakdown.get("subset", {})
        missing = [r.get("id") for r in rows if doc_meta(r).get("subset") is None]
        if missing:
            raise ScoringError(f"tablevqabench rows without meta.subset: {missing[:5]}")
        total = sum(v["score"] for v in subsets.values()) / len(subsets)
        fin = [e["exact"] for r, e in zip(rows, extras) if doc_meta(r).get("subset") == "fintabnetqa"]
        if fin:
            breakdown["fintabnetqa_exact"] = {"score": sum(fin) / len(fin) * 100.0, "rows": len(fin)}
        breakdown["macro_over"] = sorted(subsets)
    else:
        total = sum(scores) / len(scores) * 100.0
    return {"score": total, "rows": len(rows), "breakdown": breakdown, "extraction": counts}
