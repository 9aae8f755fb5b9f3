"""`rlvr trace-validation generate`: the pinned system prompt (file sha256 checked, text stripped as the
reference's generate.py sends it), the rows' images and ``<image>`` markers checked before a model loads, and
the user turn lm-eval renders."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from rlvr.evaluation.evaluate import EvaluateError
from rlvr.evaluation.tasks import utils
from rlvr.evaluation.trace_validation import commands as C

ROOT = Path(__file__).resolve().parents[1]
SUITE = ROOT / "config/eval/trace_eval_v1.json"
PINNED = "f394927d9abcfb7a1e43ef48a30c29b8c70e6facdbda314d7b27c59d8c3ae900"


def test_the_system_message_is_the_pinned_file_stripped():
    raw = C.SYSTEM_PROMPT.read_bytes()
    assert hashlib.sha256(raw).hexdigest() == PINNED                 # the pin is the file's sha256 ...
    text = C.system_prompt(PINNED)
    assert text == raw.decode("utf-8").strip() and text != raw.decode("utf-8")   # ... the message its stripped text
    assert raw.decode("utf-8").endswith("\n") and not text.endswith("\n") and text.startswith("You are")
    assert hashlib.sha256(text.encode()).hexdigest() == \
        "d6105d53a9a11d7cdcaa6f3d045882b49998ad0c5978d7d4ec8b489479a491e4"
    suite = json.loads(SUITE.read_text())
    assert suite["trace_validation"]["prompt"]["system_prompt_sha256"] == PINNED


def test_a_changed_or_empty_prompt_file_is_refused(tmp_path):
    f = tmp_path / "prompt.txt"
    f.write_bytes(C.SYSTEM_PROMPT.read_bytes() + b" ")
    with pytest.raises(EvaluateError, match="does not match the pinned system prompt"):
        C.system_prompt(PINNED, f)
    f.write_bytes(b" \n")
    with pytest.raises(EvaluateError, match="empty"):
        C.system_prompt(hashlib.sha256(b" \n").hexdigest(), f)


def _parquet(path, prompts, n_images):
    png = b"\x89PNG-not-decoded-here"
    rows = {"images": [[{"bytes": png, "path": f"{i}.png"}] * n for i, n in enumerate(n_images)],
            "prompt_answer": prompts,
            "answer_gt": [json.dumps({"type": "integer", "value": 3})] * len(prompts),
            "reward_contract": ["{}"] * len(prompts), "instance_id": [f"i{k}" for k in range(len(prompts))],
            "domain": ["charts"] * len(prompts), "task": ["t"] * len(prompts)}
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.table(rows), path)
    return path


def test_the_user_turn_places_one_image_per_marker():
    # our export carries no marker (one is put before the prompt); the release's prompt_answer begins with its own
    assert utils.trace_doc_to_text({"images": [b"x"], "prompt_answer": "How many?"}) == "<image>How many?"
    assert utils.trace_doc_to_text({"images": [b"x"], "prompt_answer": "<image>How many?"}) == "<image>How many?"
    with pytest.raises(ValueError, match="2 <image> placeholders for 1 images"):
        utils.trace_doc_to_text({"images": [b"x"], "prompt_answer": "<image><image>How many?"})


def test_rows_are_checked_before_a_model_loads(tmp_path):
    ok = _parquet(tmp_path / "ok" / "part-0.parquet", ["<image>Q1", "Q2"], [1, 1])
    assert C.check_validation_rows(ok.parent) == 2 and C.check_validation_rows(ok) == 2
    two = _parquet(tmp_path / "two.parquet", ["Q1", "Q2"], [1, 2])
    with pytest.raises(EvaluateError, match="row 1 has 2 images, more than the 1 a prompt may carry"):
        C.check_validation_rows(two)
    marks = _parquet(tmp_path / "marks.parquet", ["Q1", "<image><image>Q2"], [1, 1])
    with pytest.raises(EvaluateError, match="row 1: prompt has 2 <image> placeholders for 1 images"):
        C.check_validation_rows(marks)
    none = _parquet(tmp_path / "none.parquet", ["Q1", "Q2"], [1, 0])
    with pytest.raises(EvaluateError, match="row 1: no image"):
        C.check_validation_rows(none)


def test_generate_sends_the_stripped_prompt_and_one_image_per_prompt(tmp_path, monkeypatch, capsys):
    from rlvr.cli import main

    data = _parquet(tmp_path / "val" / "part-0.parquet", ["<image>Q1", "<image>Q2"], [1, 1]).parent
    seen = {}

    def fake_run_lm_eval(task, data_dir, **kw):
        seen.update(kw, task=task, data_dir=data_dir)
        docs = [{"answer_gt": json.dumps({"type": "integer", "value": 3}), "instance_id": f"i{i}", "task": "t",
                 "domain": "charts"} for i in range(2)]
        return [{"doc_id": i, "doc": d, "resps": [[f"r{i}"]]} for i, d in enumerate(docs)], {}

    monkeypatch.setattr(C, "run_lm_eval", fake_run_lm_eval)
    out = tmp_path / "gen.jsonl"
    model = tmp_path / "model"          # a model directory: the (fake) lm-eval run never loads it
    model.mkdir()
    assert main(["trace-validation", "generate", "--suite", str(SUITE), "--model", str(model), "--data", str(data),
                 "--output", str(out)]) == 0
    assert seen["system_instruction"] == C.SYSTEM_PROMPT.read_text(encoding="utf-8").strip()
    assert seen["max_images"] == 1 and seen["seed"] == 42 and seen["task"] == "trace_validation"
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["response"] for r in rows] == ["r0", "r1"] and rows[0]["answer"] == 3
    # a row lm-eval could not render fails before the (fake) model is called
    seen.clear()
    bad = _parquet(tmp_path / "bad.parquet", ["Q1"], [2])
    assert main(["trace-validation", "generate", "--suite", str(SUITE), "--model", str(model), "--data", str(bad),
                 "--output", str(tmp_path / "bad.jsonl")]) == 1
    assert not seen and "2 images" in capsys.readouterr().err and not (tmp_path / "bad.jsonl").exists()
