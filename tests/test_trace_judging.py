"""The TRACE validation campaign's front-end of the judge (rlvr.evaluation.trace_validation.judging): which rows
are sent, the max_tokens ladder, validation, failure, the request on the wire and `rlvr trace-validation judge`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fake_openai import FakeServer

from rlvr.evaluation.benchmarks.base import JudgeReply
from rlvr.evaluation.judge import JudgeError
from rlvr.evaluation.judge.engine import Judge
from rlvr.evaluation.trace_validation import answers, judging

ROOT = Path(__file__).resolve().parents[1]


class Scripted:
    """A judge whose ``reply(request, n)`` decides each reply; records the calls."""

    def __init__(self, reply):
        self.reply, self.calls = reply, []

    def complete(self, requests, *, nonempty=False):
        self.calls.append(([r.params["max_tokens"] for r in requests], nonempty))
        return [self.reply(r, len(self.calls)) for r in requests]


def row(i, response, atype="integer"):
    return {"index": i, "response": response, "answer_type": atype,
            "extraction": answers.extract_typed(response, atype)}


def test_only_missing_or_ambiguous_rows_are_sent_and_duplicates_share_one_request():
    rows = [row(0, '{"answer": 3}'), row(1, "no idea"), row(2, "3 or 4 maybe"), row(3, "no idea")]
    assert [judging.needs_judge(r) for r in rows] == [False, True, True, True]
    j = Scripted(lambda r, n: JudgeReply(" 5 \n", "stop"))
    assert judging.extract(j, rows) == [None, "5", "5", "5"]
    assert j.calls == [([128, 128], True)]                       # rows 1 and 3 ask the same thing once


def test_an_empty_or_cut_reply_is_asked_again_with_the_next_budget():
    replies = {1: JudgeReply("", "stop"), 2: JudgeReply("The answer", "length"), 3: JudgeReply("7", "stop")}
    j = Scripted(lambda r, n: replies[n])
    assert judging.extract(j, [row(0, "no idea")]) == ["7"]
    assert [c[0] for c in j.calls] == [[128], [256], [512]]


def test_exhausted_budgets_fail_loudly_naming_the_row():
    j = Scripted(lambda r, n: JudgeReply("x" * 500, "length"))
    with pytest.raises(JudgeError) as e:
        judging.extract(j, [row(0, '{"answer": 1}'), row(1, "no idea"), row(2, "3 or 4")])
    msg = str(e.value)
    assert msg.startswith("row 1: no valid extraction after 3 attempts") and "(and 1 more)" in msg
    assert "finish_reason length" in msg and "\n" not in msg and len(msg) < 400


def test_rows_go_out_batch_size_at_a_time():
    rows = [row(i, f"no idea about {w}") for i, w in enumerate(["alpha", "beta", "gamma", "delta", "epsilon"])]
    assert all(judging.needs_judge(r) for r in rows)
    j = Scripted(lambda r, n: JudgeReply("" if "beta" in json.dumps(r.messages) and n < 2 else "2", "stop"))
    assert judging.extract(j, rows, batch_size=2) == ["2"] * 5
    assert [c[0] for c in j.calls] == [[128, 128], [256], [128, 128], [128]]
    with pytest.raises(JudgeError, match="batch size"):
        judging.extract(j, rows, batch_size=0)


def test_the_ladder_and_decoding_are_the_campaigns():
    manifest = json.loads((ROOT / "config/eval/trace_eval_v1.json").read_text())
    judge = manifest["judge"]
    assert list(judging.MAX_TOKENS) == judge["max_token_retries"]
    assert judging.PARAMS["temperature"] == judge["temperature"] and judging.PARAMS["top_p"] == judge["top_p"]
    assert judging.PARAMS["chat_template_kwargs"] == {"enable_thinking": judge["thinking"]}


def test_the_request_on_the_wire(tmp_path):
    srv = FakeServer(lambda body, n, path: ("4", "length") if n == 1 else (" 4 ", "stop"))
    try:
        with Judge("openai", "Qwen/Qwen3-32B", base_url=srv.base_url, cache_dir=tmp_path, timeout=30) as j:
            assert judging.extract(j, [row(0, "It is four, I think, or maybe five")]) == ["4"]
    finally:
        srv.close()
    assert srv.paths == ["/v1/chat/completions"] * 2
    first, second = srv.bodies
    want = answers.judge_messages("It is four, I think, or maybe five", "integer")
    assert first == {"model": "qwen3-32b-judge", "messages": want, "temperature": 0, "top_p": 1, "seed": 0,
                     "max_tokens": 128, "chat_template_kwargs": {"enable_thinking": False}}
    assert second == dict(first, max_tokens=256)


def test_cli_judges_then_scores(tmp_path, capsys):
    from rlvr.cli import main

    gen = tmp_path / "generations.jsonl"
    rows = [{"index": 0, "task": "t", "domain": "d", "answer_type": "integer", "answer": 4, "response": '{"answer": 4}'},
            {"index": 1, "task": "t", "domain": "d", "answer_type": "integer", "answer": 4, "response": "<answer>3 or 4</answer>"},
            {"index": 2, "task": "u", "domain": "d", "answer_type": "option_letter", "answer": "B",
             "response": "the second option"}]
    gen.write_text("".join(json.dumps(r) + "\n" for r in rows))
    srv = FakeServer(lambda body, n, path: ("B" if "letter" in body["messages"][-1]["content"] else "NONE", "stop"))
    try:
        judged = tmp_path / "judged.jsonl"
        assert main(["trace-validation", "judge", "--input", str(gen), "--output", str(judged), "--judge-backend",
                     "openai", "--judge-url", srv.base_url, "--judge-model", "m", "--judge-cache",
                     str(tmp_path / "cache")]) == 0
    finally:
        srv.close()
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1]) == {"rows": 3, "judged": 2}
    out = [json.loads(line) for line in judged.read_text().splitlines()]
    assert [r.get("judge") for r in out] == [None, {"extracted": "NONE"}, {"extracted": "B"}]
    assert [r["extraction"]["status"] for r in out] == ["ok", "ambiguous", "missing"]
    summary = tmp_path / "summary.json"
    assert main(["trace-validation", "score", "--input", str(judged), "--model", "m", "--output", str(summary)]) == 0
    s = json.loads(summary.read_text())
    assert s["score"] == pytest.approx(200 / 3) and s["extraction"]["judged"] == 1 and s["extraction"]["unresolved"] == 1
    # bad input: one line, nothing written
    assert main(["trace-validation", "judge", "--input", str(gen), "--output", str(tmp_path / "x.jsonl"),
                 "--judge-model", "m", "--judge-batch-size", "0"]) == 1
    err = capsys.readouterr().err
    assert "--judge-batch-size" in err and err.count("\n") == 1 and not (tmp_path / "x.jsonl").exists()
