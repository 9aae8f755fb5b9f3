"""The TRACE validation campaign's front-end of the judge (:class:`rlvr.evaluation.judge.engine.Judge`).

Only rows whose deterministic extraction is missing or ambiguous are sent. Each gets one extraction request
(:func:`.answers.judge_messages`: the raw response and the answer type, nothing else) over the chat transport,
greedy (temperature 0, top_p 1, seed 0), Qwen3 thinking off. A reply is accepted when it is non-empty after
stripping and finished (``finish_reason`` not ``length``); otherwise the request is sent again with the next
budget of :data:`MAX_TOKENS` (the campaign's ``max_token_retries``). When the budgets run out the step fails with
:class:`~rlvr.evaluation.judge.JudgeError` naming the row and the last reply: a malformed judge output never
silently becomes a score. Requests go out ``batch_size`` rows at a time, every attempt of a batch together.
"""

from __future__ import annotations

from ..benchmarks.base import JudgeRequest
from ..judge import JudgeError
from .answers import judge_messages

#: max_tokens of the successive attempts (trace_validation suite: judge.max_token_retries)
MAX_TOKENS = (128, 256, 512)
#: decoding of every extraction request (trace_validation suite: judge temperature, top_p, thinking)
PARAMS = {"temperature": 0, "top_p": 1, "seed": 0, "chat_template_kwargs": {"enable_thinking": False}}
_SHOW = 200   # characters of a bad reply quoted in an error


def request(messages: list[dict], max_tokens: int) -> JudgeRequest:
    return JudgeRequest("chat", messages, dict(PARAMS, max_tokens=int(max_tokens)))


def accepted(reply) -> str | None:
    """The stripped reply when it is acceptable, else None."""
    text = str(reply).strip()
    return text if text and getattr(reply, "finish_reason", "stop") != "length" else None


def needs_judge(row: dict) -> bool:
    return row["extraction"]["status"] != "ok"


def _short(text) -> str:
    text = str(text)
    return repr(text if len(text) <= _SHOW else text[:_SHOW] + "...")


def extract(judge, rows: list[dict], *, batch_size: int = 16) -> list[str | None]:
    """The judge's extraction for every row that needs one (None for the others), in row order."""
    if batch_size < 1:
        raise JudgeError(f"judge batch size must be >= 1, got {batch_size}")
    out: list[str | None] = [None] * len(rows)
    # rows with the same messages share one request (and one reply)
    by_messages: dict[str, list[int]] = {}
    messages: dict[str, list[dict]] = {}
    for i, row in enumerate(rows):
        if needs_judge(row):
            msgs = judge_messages(row["response"], row["answer_type"])
            key = repr(msgs)
            by_messages.setdefault(key, []).append(i)
            messages[key] = msgs
    pending = list(by_messages)
    for start in range(0, len(pending), batch_size):
        live = pending[start:start + batch_size]
        last = {}
        for budget in MAX_TOKENS:
            if not live:
                break
            replies = judge.complete([request(messages[k], budget) for k in live], nonempty=True)
            retry = []
            for k, reply in zip(live, replies):
                text = accepted(reply)
                if text is None:
                    last[k] = reply
                    retry.append(k)
                else:
                    for i in by_messages[k]:
                        out[i] = text
            live = retry
        if live:
            k = live[0]
            more = f" (and {len(live) - 1} more)" if len(live) > 1 else ""
            raise JudgeError(f"row {by_messages[k][0]}: no valid extraction after {len(MAX_TOKENS)} attempts "
                             f"(max_tokens {list(MAX_TOKENS)}); last reply {_short(last[k])} "
                             f"(finish_reason {last[k].finish_reason}){more}")
    return out
