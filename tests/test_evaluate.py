"""rlvr fetch-benchmark (fixtures) -> evaluate (lm-eval, tiny Qwen2.5-VL on CPU) -> judge -> score."""

import json
import os
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from rlvr.evaluation import evaluate

ROOT = Path(__file__).resolve().parents[1]
SUITE = str(ROOT / "config/eval/trace_eval_v1.json")
BIN = Path(sys.executable).parent
# `early`: each evaluation here is a subprocess that imports torch, transformers and lm-eval (~10 s)
pytestmark = pytest.mark.early(210)
ENV = dict(os.environ, HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", TRANSFORMERS_OFFLINE="1", WANDB_MODE="disabled")


def rlvr(*args, cwd=None):
    return subprocess.run([str(BIN / "rlvr"), *map(str, args)], capture_output=True, text=True, env=ENV, cwd=cwd,
                          timeout=600)


@pytest.fixture(scope="module")
def work(tmp_path_factory):
    d = tmp_path_factory.mktemp("eval")
    for cmd in (["build-tiny-model", "--output", d / "model"], ["build-tiny-judge", "--output", d / "judge"]):
        r = rlvr(*cmd)
        assert r.returncode == 0, r.stderr[-2000:]
    for b in ("charxivreason", "blink"):
        r = rlvr("fetch-benchmark", "--fixture", "--suite", SUITE, "--benchmark", b, "--raw", d / f"{b}.raw",
                 "--output", d / b)
        assert r.returncode == 0, r.stderr[-2000:]
    return d


def generate(work, benchmark, seed, name, *extra):
    out = work / f"{name}.jsonl"
    r = rlvr("evaluate", "--suite", SUITE, "--benchmark", benchmark, "--seed", seed, "--model", work / "model",
             "--data", work / benchmark, "--output", out, "--max-tokens", 12, *extra)
    assert r.returncode == 0, r.stderr[-3000:]
    return [json.loads(line) for line in out.read_text().splitlines()], r


@pytest.fixture(scope="module")
def blink42(work):
    """blink's generations at seed 42 (rows, the finished process), made once for the tests that read them."""
    return generate(work, "blink", 42, "blink-42")


def _rows(work, benchmark):
    from rlvr.evaluation import benchmarks
    from rlvr.evaluation.common import dataset

    return dataset.read(work / benchmark, benchmarks.Row)


def test_evaluate_samples_with_the_seed_and_writes_one_row_per_document(work, blink42):
    from rlvr.evaluation import benchmarks

    docs = _rows(work, "blink")
    rows, r = blink42
    assert [row["index"] for row in rows] == list(range(len(docs)))
    assert [row["fields"] for row in rows] == [d.fields for d in docs]
    assert [row["n_images"] for row in rows] == [len(d.images) for d in docs]
    blink = benchmarks.get("blink")
    assert [row["messages"] for row in rows] == [blink.request_messages(d) for d in docs]
    assert any(n > 1 for n in (row["n_images"] for row in rows)), "blink fixtures carry multi-image rows"
    assert all(row["response"] and row["prompt"] and "images" not in row for row in rows)
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    assert summary["decoding"]["do_sample"] is True and summary["decoding"]["temperature"] == 0.6
    again, _ = generate(work, "blink", 42, "blink-42-again")
    assert again == rows                                       # same seed: same sample
    other, _ = generate(work, "blink", 43, "blink-43")
    assert [o["response"] for o in other] != [o["response"] for o in rows]   # the seed reaches the sampler


def test_judged_benchmark_runs_one_judge_for_all_slices_then_scores(work):
    rows, _ = generate(work, "charxivreason", 42, "cx-42")
    generate(work, "charxivreason", 43, "cx-43")
    judged = [work / "cx-42-judged.jsonl", work / "cx-43-judged.jsonl"]
    r = rlvr("judge", "--suite", SUITE, "--benchmark", "charxivreason", "--input", work / "cx-42.jsonl",
             work / "cx-43.jsonl", "--output", *judged, "--judge-model", work / "judge", "--judge-cache", work / "cache")
    assert r.returncode == 0, r.stderr[-3000:]
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    assert summary["slices"] == 2 and summary["rows"] == 2 * len(rows) and summary["judge_requests"] >= 2 * len(rows)
    jrows = [json.loads(line) for line in judged[0].read_text().splitlines()]
    assert len(jrows) == len(rows) and all(row["judge_calls"] for row in jrows)
    call = jrows[0]["judge_calls"][0]
    assert call["request"]["transport"] == "completions" and call["request"]["params"]["max_tokens"] == 256
    assert "{PREDICTION}" not in call["request"]["messages"][0]["content"]
    score = work / "score.json"
    r = rlvr("score", "--suite", SUITE, "--benchmark", "charxivreason", "--model", "tiny", "--seed", 42,
             "--input", judged[0], "--output", score, "--data", work / "charxivreason")
    assert r.returncode == 0, r.stderr
    s = json.loads(score.read_text())
    assert s["model"] == "tiny" and s["seed"] == 42 and s["benchmark"] == "charxivreason" and s["rows"] == len(rows)
    assert 0 <= s["score"] <= 100 and s["data"] == {"rows": len(rows), "fixture": True}
    # scoring a judged benchmark from the raw generations (judge skipped) fails loudly, in one line
    r = rlvr("score", "--suite", SUITE, "--benchmark", "charxivreason", "--model", "tiny", "--seed", 42,
             "--input", work / "cx-42.jsonl", "--output", work / "bad.json", "--data", work / "charxivreason")
    assert r.returncode == 1 and not (work / "bad.json").exists() and r.stderr.count("\n") == 1
    assert "judge" in r.stderr


def test_partial_generations_never_score(work, blink42, tmp_path):
    rows, _ = blink42
    part = tmp_path / "part.jsonl"
    part.write_text("".join(json.dumps(row) + "\n" for row in rows[1:]))
    r = rlvr("score", "--suite", SUITE, "--benchmark", "blink", "--model", "m", "--seed", 42, "--input", part,
             "--output", tmp_path / "s.json", "--data", work / "blink")
    assert r.returncode == 1 and "index" in r.stderr and not (tmp_path / "s.json").exists()
    part.write_text("".join(json.dumps(row) + "\n" for row in rows[:-1]))      # a prefix: indices fine, rows short
    for extra in (["--data", work / "blink"], []):                               # manifest count, suite count
        r = rlvr("score", "--suite", SUITE, "--benchmark", "blink", "--model", "m", "--seed", 42, "--input", part,
                 "--output", tmp_path / "s.json", *extra)
        assert r.returncode == 1 and "partial slice" in r.stderr and r.stderr.count("\n") == 1
        assert not (tmp_path / "s.json").exists()


@pytest.mark.parametrize("args, message", [
    (["--benchmark", "nosuch"], "nosuch"),
    (["--benchmark", "blink", "--data", "/nonexistent"], "nonexistent"),
])
def test_bad_input_is_one_line(work, tmp_path, args, message):
    base = {"--suite": SUITE, "--benchmark": "blink", "--seed": "1", "--model": str(work / "model"),
            "--data": str(work / "blink"), "--output": str(tmp_path / "g.jsonl")}
    base.update(dict(zip(args[::2], args[1::2])))
    r = rlvr("evaluate", *[x for kv in base.items() for x in kv])
    assert r.returncode == 1 and message in r.stderr and r.stderr.strip().count("\n") == 0
    assert not (tmp_path / "g.jsonl").exists()


def test_decoding_maps_the_suite_parameters_per_backend():
    params = {"temperature": 0.6, "top_p": 1.0, "top_k": -1, "max_tokens": 4096}
    hf = evaluate.decoding(params, "hf")
    assert hf == {"do_sample": True, "temperature": 0.6, "top_p": 1.0, "top_k": 0, "max_gen_toks": 4096, "until": []}
    assert evaluate.decoding(params, "vllm")["top_k"] == -1
    assert "do_sample" not in evaluate.decoding(params, "openai")
    assert evaluate.decoding(dict(params, temperature=0), "hf")["do_sample"] is False
    name, args = evaluate.model_spec("vllm", "/m", seed=43, min_pixels=3136, max_pixels=100, batch_size=1)
    assert name == "vllm-vlm" and args["seed"] == 43
    assert args["mm_processor_kwargs"] == {"min_pixels": 3136, "max_pixels": 100}


@pytest.mark.parametrize("backend", ["hf", "vllm", "openai"])
def test_a_prompt_may_carry_the_24_images_the_reference_server_took(backend):
    # the reference's endpoint pool: vllm serve --limit-mm-per-prompt '{"image": 24}'
    _, args = evaluate.model_spec(backend, "/m", seed=42, min_pixels=1, max_pixels=2, batch_size=1,
                                  base_url="http://h/v1")
    assert evaluate.MAX_IMAGES == 24 and args["max_images"] == 24
    evaluate.check_image_counts([1, 24, 3], 24, "d")
    with pytest.raises(evaluate.EvaluateError, match=r"^d: row 1 has 25 images, more than the 24 a prompt may "
                                                     r"carry \(and 1 more rows\)$"):
        evaluate.check_image_counts([1, 25, 30], 24, "d")


def test_a_row_with_more_images_fails_before_the_model_loads(work, tmp_path):
    from rlvr.evaluation import benchmarks
    from rlvr.evaluation.common import dataset

    rows = _rows(work, "blink")
    counts = evaluate.prompt_image_counts("blink", work / "blink")
    assert counts == [len(r.images) for r in rows] and max(counts) > 1
    rows[1] = benchmarks.Row(fields=rows[1].fields, images=[rows[1].images[0]] * 25)
    dataset.write(rows, tmp_path / "blink25", benchmark="blink", files={}, notes={"fixture": True})
    assert evaluate.prompt_image_counts("blink", tmp_path / "blink25")[1] == 25
    (tmp_path / "model").mkdir()          # a model directory (never loaded: the image count fails first)
    r = rlvr("evaluate", "--suite", SUITE, "--benchmark", "blink", "--seed", 42, "--model", tmp_path / "model",
             "--data", tmp_path / "blink25", "--output", tmp_path / "g.jsonl")
    assert r.returncode == 1 and not (tmp_path / "g.jsonl").exists()
    assert r.stderr.strip() == (f"rlvr evaluate: {tmp_path / 'blink25'}: row 1 has 25 images, more than the 24 a "
                                f"prompt may carry")


class _FakeOpenAI(BaseHTTPRequestHandler):
    """An OpenAI-compatible endpoint that records request bodies and answers every chat turn."""
    bodies: list = []

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).bodies.append(body)
        reply = {"id": "x", "object": "chat.completion", "model": body["model"],
                 "choices": [{"index": 0, "finish_reason": "stop",
                              "message": {"role": "assistant", "content": "The answer is (A)."}}]}
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *a):
        pass


def test_openai_compatible_backend_sends_images_seed_and_sampling(work):
    server = ThreadingHTTPServer(("127.0.0.1", 0), _FakeOpenAI)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    _FakeOpenAI.bodies = []
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/v1"
        rows, _ = generate(work, "blink", 44, "blink-openai", "--backend", "openai", "--base-url", url,
                           "--served-name", "policy")
    finally:
        server.shutdown()
    docs = _rows(work, "blink")
    assert len(_FakeOpenAI.bodies) == len(docs) and all(r["response"] == "The answer is (A)." for r in rows)
    for body, doc in zip(sorted(_FakeOpenAI.bodies, key=lambda b: json.dumps(b)[:0]), docs):
        assert body["model"] == "policy" and body["seed"] == 44
        assert body["temperature"] == 0.6 and body["top_p"] == 1.0 and body["max_tokens"] == 12
    images = [sum(1 for part in b["messages"][-1]["content"] if isinstance(part, dict) and part.get("type") == "image_url")
              for b in _FakeOpenAI.bodies]
    assert sorted(images) == sorted(len(d.images) for d in docs)


def test_trace_validation_fetch_checks_sha256_and_rows(tmp_path):
    import hashlib

    import pyarrow as pa
    import pyarrow.parquet as pq

    src = tmp_path / "mirror.parquet"
    pq.write_table(pa.table({"task": ["a", "b", "c"]}), src)
    digest = hashlib.sha256(src.read_bytes()).hexdigest()
    out = tmp_path / "release"
    r = rlvr("trace-validation", "fetch", "--suite", SUITE, "--output", out, "--source", src)
    assert r.returncode == 1 and "sha256" in r.stderr and "pinned" in r.stderr and not out.exists()
    r = rlvr("trace-validation", "fetch", "--suite", SUITE, "--output", out, "--source", src,
             "--expect-sha256", digest)
    assert r.returncode == 1 and "3 rows != pinned 2000" in r.stderr and not out.exists()
    r = rlvr("trace-validation", "fetch", "--suite", SUITE, "--output", out, "--source", src,
             "--expect-sha256", digest, "--expect-rows", 3)
    assert r.returncode == 0, r.stderr
    files = list(out.iterdir())
    assert [f.name for f in files] == ["trace_rlvr_validation_iid_2000_all1000_seed1042.parquet"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".release")]


def test_aggregate_refuses_slices_whose_rows_differ_from_the_suite():
    from rlvr import aggregate

    suite = {"suite_id": "s", "benchmarks": [{"key": "countqa", "category": "c"}]}
    models = [{"model": "m"}]

    def rec(rows, data=None):
        obj = {"model": "m", "benchmark": "countqa", "seed": 42, "score": 50.0, "rows": rows}
        if data is not None:
            obj["data"] = data
        return {"obj": obj, "where": "score.json"}

    want = {"countqa": 1528}
    assert not aggregate.check_records([rec(1528)], suite, models, expected_rows=want)[2]
    problems = aggregate.check_records([rec(1527)], suite, models, expected_rows=want)[2]
    assert any("partial slice" in p for p in problems)
    assert not aggregate.check_records([rec(4, {"rows": 4, "fixture": True})], suite, models, expected_rows=want)[2]
    problems = aggregate.check_records([rec(3, {"rows": 4, "fixture": True})], suite, models, expected_rows=want)[2]
    assert any("fixture data" in p for p in problems)
