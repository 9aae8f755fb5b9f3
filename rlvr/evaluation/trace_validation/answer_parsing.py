"""Answer parsing shared by the TRACE validation campaign's typed extraction (answers.py): the final
part of a response after a closed ``</think>``, balanced ``\\boxed{}`` spans, option letters (labels, option
texts, "the answer is X" phrases), integers and numbers (digits, separators, fractions, number words), and
the ambiguity marker for a candidate naming several answers. Our own rules (the reference benchmarks' rules
live in rlvr/evaluation/benchmarks and common/)."""

from __future__ import annotations

import math
import re
import unicodedata


class ScoringError(ValueError):
    """A row or judge output that cannot be scored (never silently a zero)."""


class _Ambiguous:
    """Marker: a candidate that names several different answers."""

    def __repr__(self):
        return "AMBIGUOUS"


AMBIG = _Ambiguous()


def final_part(text: str) -> str:
    """Drop a reasoning block closed by ``</think>`` when an answer follows it."""
    idx = text.rfind("</think>")
    if idx >= 0 and text[idx + 8:].strip():
        return text[idx + 8:]
    return text


def boxed_spans(text: str):
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
    spans = boxed_spans(text)
    return spans[-1][2].strip() if spans else None


_LATEX_WRAPPERS = re.compile(r"\\(?:text|textbf|textit|mathrm|mathbf|mbox|operatorname)\s*\{([^{}]*)\}")


def clean_text(s: str) -> str:
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


_PHRASE_ANSWER = (
    # "Answer: X", "Final answer: X", "**Answer:** X" (a label at a line start or after a space)
    re.compile(r"(?:^|(?<=[\s(\[*_#>]))(?:final\s+answer|answer)[*_]*\s*(?:\([^)\n]*\)\s*)?[:：][*_]*"
               r"[ \t]*(?P<v>[^\n]*)", re.I | re.M),
    # "The answer is X", "my final answer would be X"
    re.compile(r"\b(?:final\s+|correct\s+|right\s+)?answer[*_]*\s+(?:is|would\s+be|should\s+be|=)[*_]*"
               r"\s*:?[*_]*[ \t]*(?P<v>[^\n]*)", re.I),
)


PHRASE_OPTION = _PHRASE_ANSWER + (
    # "the correct option is X", "the best choice is X"
    re.compile(r"\b(?:correct|right|best|final)\s+(?:option|choice)[*_]*\s+(?:is|would\s+be|should\s+be)[*_]*"
               r"\s*:?[*_]*[ \t]*(?P<v>[^\n]*)", re.I),
)


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
    s = _strip_option_prefix(clean_text(raw))
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
    s = clean_text(raw)
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
