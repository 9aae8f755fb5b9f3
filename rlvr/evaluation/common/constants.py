"""Protocol constants: the exact prompt, instruction and judge texts the reference sends, kept as data
in ``rlvr/evaluation/reference/protocol_constants/`` (one JSON file per benchmark or shared group,
``{"constants": {key: entry}}``; ``_about.json`` gives the pinned commits). Each entry holds ``text``
plus the upstream ``file``, ``line`` (definition line at the pinned commit), ``symbol`` and ``repo``
(``VLMEvalKit`` or ``trace``) it comes from. A key is defined in one file only.

Placeholders are ``{name}``; :func:`fill` replaces only the names it is given, so literal braces in a
text (``{final answer}``, JSON examples) stay as they are.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

PATH = Path(__file__).resolve().parents[1] / "reference" / "protocol_constants"
COMMITS = {"VLMEvalKit": "a8b12bf1c3737a33fc1de967c202f9c592b22e86",
           "trace": "af32fe0e668eb878e909daef7322ac1c4ae20f64"}


@lru_cache(maxsize=None)
def _all() -> dict:
    out: dict = {}
    for f in sorted(PATH.glob("*.json")):
        data = json.loads(f.read_text(encoding="utf-8"))
        for key, entry in data.get("constants", {}).items():
            if key in out:
                raise ValueError(f"protocol constant {key!r} is defined twice ({f.name})")
            if entry.get("repo") not in COMMITS or not {"text", "file", "line", "symbol"} <= set(entry):
                raise ValueError(f"protocol constant {key!r} ({f.name}) lacks text/file/line/symbol/repo")
            out[key] = dict(entry, commit=COMMITS[entry["repo"]])
    return out


def entry(key: str) -> dict:
    try:
        return _all()[key]
    except KeyError:
        raise KeyError(f"protocol constant {key!r} is not in {PATH}") from None


def text(key: str) -> str:
    return entry(key)["text"]


def fill(template: str, /, **values) -> str:
    """One pass over ``template``: each ``{name}`` of a given name becomes ``str(value)`` (inserted text is
    never scanned again, as with an f-string)."""
    if not values:
        return template
    pattern = re.compile(r"\{(" + "|".join(re.escape(k) for k in values) + r")\}")
    return pattern.sub(lambda m: str(values[m.group(1)]), template)


def get(name: str, /, **values) -> str:
    """The constant ``name`` with its placeholders filled."""
    return fill(text(name), **values)
