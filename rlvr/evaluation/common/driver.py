"""Runs the benchmarks' row scorers (generators that yield judge requests) over a set of rows.

``run(bench, items, responder)`` starts every row's ``score_row`` generator, collects the requests all
rows have pending, hands them to ``responder`` in one batch (a list of ``(row_position, JudgeRequest)``;
it returns one reply string per request), sends each reply back to its row, and repeats until every row
has returned its result. A row whose scorer raises BenchmarkError (the reference's evaluate() would
fail there) gets ``Outcome.error`` and the other rows go on; :func:`raise_errors` turns that into the
failure of the whole slice where a score is wanted. The same loop serves the judge job (``responder`` = the judge model), scoring
(``responder`` = the replies recorded by the judge job, :class:`Replay`) and ``rlvr conformance``
(``responder`` = the cases' stipulated replies). Replies reach the scorer as :class:`JudgeReply` (a str
with ``finish_reason``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..benchmarks.base import BenchmarkError, JudgeReply, JudgeRequest


class JudgeNeeded(BenchmarkError):
    """A row asked for the judge where no judge is available."""


@dataclass
class Outcome:
    result: dict | None = None
    calls: list = field(default_factory=list)     # [{"request": ..., "reply": str, "finish_reason": str}]
    error: str | None = None                      # the reference's evaluate() fails on this row


def raise_errors(outcomes: list[Outcome]) -> None:
    """The reference fails the whole evaluate() when one row does: raise the first row error."""
    bad = [(i, o.error) for i, o in enumerate(outcomes) if o.error is not None]
    if bad:
        i, msg = bad[0]
        more = f" (and {len(bad) - 1} more rows)" if len(bad) > 1 else ""
        raise BenchmarkError(f"row {i}: {msg}{more}")


def run(bench, items: list[dict], responder) -> list[Outcome]:
    outcomes = [Outcome() for _ in items]
    gens = {}
    pending: dict[int, JudgeRequest] = {}
    for i, item in enumerate(items):
        gen = bench.score_row(item)
        gens[i] = gen
        _advance(bench, i, gen, None, outcomes, pending, first=True)
    while pending:
        asked = sorted(pending.items())
        replies = responder(asked)
        if len(replies) != len(asked):
            raise BenchmarkError(f"judge returned {len(replies)} replies for {len(asked)} requests")
        pending = {}
        for (i, req), reply in zip(asked, replies):
            reply = reply if isinstance(reply, JudgeReply) else JudgeReply(reply)
            outcomes[i].calls.append({"request": req.as_json(), "reply": str(reply),
                                      "finish_reason": reply.finish_reason})
            _advance(bench, i, gens[i], reply, outcomes, pending)
    finish = getattr(bench, "finish_rows", None)
    if finish is not None:                 # cross-row post-pass (e.g. a judged workbook read back as one table)
        done = [i for i, o in enumerate(outcomes) if o.error is None]
        finished = finish([items[i] for i in done], [outcomes[i].result for i in done])
        for i, result in zip(done, finished):
            outcomes[i].result = result
    return outcomes


def _advance(bench, i, gen, reply, outcomes, pending, first=False):
    try:
        req = next(gen) if first else gen.send(reply)
    except JudgeNeeded:
        raise
    except BenchmarkError as e:            # recorded per row; the other rows go on (their judge calls are kept)
        outcomes[i].error = str(e)
        return
    except StopIteration as stop:
        result = stop.value
        if not isinstance(result, dict) or "score" not in result:
            raise BenchmarkError(f"{bench.key}: row {i}: scorer returned no result") from None
        outcomes[i].result = result
        return
    if not isinstance(req, JudgeRequest):
        raise BenchmarkError(f"{bench.key}: row {i}: scorer yielded {type(req).__name__}, not a JudgeRequest")
    pending[i] = req


def no_judge(asked):
    i, req = asked[0]
    raise JudgeNeeded(f"row {i} needs the judge ({req.stage or req.transport} request) but none is configured")


class Replay:
    """Replies recorded by the judge job, checked request by request (scoring never calls the judge)."""

    def __init__(self, transcripts: list[list[dict]]):
        self.transcripts = transcripts
        self.pos = [0] * len(transcripts)

    def __call__(self, asked):
        replies = []
        for i, req in asked:
            calls = self.transcripts[i] or []
            k = self.pos[i]
            if k >= len(calls):
                raise JudgeNeeded(f"row {i}: judge request {k + 1} has no recorded reply (run the judge step)")
            if calls[k]["request"] != req.as_json():
                raise BenchmarkError(f"row {i}: judge request {k + 1} differs from the recorded one "
                                     f"(judged with other code or data)")
            self.pos[i] = k + 1
            replies.append(JudgeReply(calls[k]["reply"], calls[k].get("finish_reason")))
        return replies
