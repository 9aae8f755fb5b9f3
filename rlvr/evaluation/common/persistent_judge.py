"""The direct/dedicated routes' judge loop for one prompt (TRACE ``PersistentJudge.run_cached``, af32fe0e
``rlvr/evaluation/scripts/run_external_benchmark_score_queue.py``), written as a sub-generator of a row
scorer (``out, finish, ok = yield from run_cached(...)``).

The reference sends the prompt through /v1/completions at ``max(128, max_tokens)`` tokens and, while the
(stripped) output is empty, cut at max_tokens (when ``retry_on_length``) or rejected by the route's output
validator, sends it again with the budget doubled up to 1024 (:func:`trace_parsing.ladder`). With
``return_unresolved`` the last output comes back unresolved (``ok`` False); otherwise the reference's run
fails, which the caller turns into a :class:`BenchmarkError`.
"""

from __future__ import annotations

from . import judge_protocol as jp
from . import trace_parsing as tp

LENGTH_REASONS = ("length", "max_tokens")


def incomplete(output: str, finish_reason: str, retry_on_length: bool = True) -> bool:
    """``_judge_cache_entry_needs_retry``: an empty output, or one cut at max_tokens."""
    return not output or (retry_on_length and finish_reason in LENGTH_REASONS)


def run_cached(content: str, *, max_tokens: int, temperature: float = 0.0, validator=None,
               retry_on_length: bool = True, stage: str | None = None):
    """-> (output, finish_reason, ok): the accepted output, or the last one with ok False."""
    output = finish = ""
    for limit in tp.ladder(max_tokens):
        reply = yield jp.persistent_completion(content, max_tokens=limit, temperature=temperature, stage=stage)
        output = str(reply).strip()
        finish = str(getattr(reply, "finish_reason", "") or "").strip().lower()
        if incomplete(output, finish, retry_on_length):
            continue
        if validator is not None:
            try:
                valid = bool(validator(output))
            except Exception:  # noqa: BLE001 - the reference counts a raising validator as a parse failure
                valid = False
            if not valid:
                continue
        return output, finish, True
    return output, finish, False


def nonempty(output) -> bool:
    """``_nonempty_judge_output``."""
    return bool(str(output or "").strip())
