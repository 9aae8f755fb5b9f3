"""The LLM-judge engine (rlvr.evaluation.judge): a scripted fake OpenAI-compatible server, the vllm
launcher against a fake ``vllm`` executable, and the hf backend against the tiny Qwen3 judge."""

from __future__ import annotations

import hashlib
import json
import os
import socket
import stat
import sys
import textwrap
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from rlvr.evaluation import judge as J

MODEL = "Qwen/Qwen3-32B"
REVISION = "9216db5781bf21249d130ec9da846c4624c16137"


def extract(text, max_tokens=(128, 256, 512)):
    return {"kind": "extract", "messages": [{"role": "system", "content": "Extract the final answer."},
                                            {"role": "user", "content": text}],
            "choices": [], "max_tokens": list(max_tokens)}


def verdict(text, choices=("Yes", "No"), max_tokens=(128, 256, 512)):
    return {"kind": "verdict", "messages": [{"role": "user", "content": text}], "choices": list(choices),
            "max_tokens": list(max_tokens)}


# ------------------------------------------------------------------------------- fake server
class FakeServer:
    """An OpenAI-compatible chat endpoint in a thread; ``script(body, n)`` decides each reply.

    ``script`` returns (content, finish_reason) for a 200, or ("HTTP", code) for an error status.
    """

    def __init__(self, script=None, delay=0.0):
        self.script = script or self.echo
        self.delay = delay
        self.bodies: list[dict] = []
        self.lock = threading.Lock()
        self.inflight = 0
        self.max_inflight = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with outer.lock:
                    outer.bodies.append(body)
                    n = len(outer.bodies)
                    outer.inflight += 1
                    outer.max_inflight = max(outer.max_inflight, outer.inflight)
                try:
                    if outer.delay:
                        time.sleep(outer.delay)
                    assert self.path == "/v1/chat/completions", self.path
                    a, b = outer.script(body, n)
                finally:
                    with outer.lock:
                        outer.inflight -= 1
                if a == "HTTP":
                    data, code = b'{"error": "scripted"}', b
                else:
                    data, code = json.dumps({"id": f"x{n}", "object": "chat.completion", "choices": [
                        {"index": 0, "message": {"role": "assistant", "content": a}, "finish_reason": b}]}).encode(), 200
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    @staticmethod
    def echo(body, n):
        """Verdicts: the first choice; extracts: the last user message's last word."""
        if "structured_outputs" in body:
            return body["structured_outputs"]["choice"][0], "stop"
        return body["messages"][-1]["content"].split()[-1], "stop"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server():
    servers = []

    def make(script=None, delay=0.0):
        s = FakeServer(script, delay)
        servers.append(s)
        return s

    yield make
    for s in servers:
        s.close()


def http_judge(srv, tmp_path=None, **kw):
    kw.setdefault("retries", 3)
    return J.Judge("openai", MODEL, revision=REVISION, base_url=srv.base_url, served_name="judge",
                   cache_dir=None if tmp_path is None else tmp_path / "cache", **kw)


# ---------------------------------------------------------------------------------- keys
def test_request_key_is_a_content_hash():
    ident = J.judge_identity(MODEL, REVISION)
    r = verdict("Is 2 equal to 2.0?")
    k = J.request_key(r, ident)
    assert len(k) == 64 and int(k, 16) >= 0
    assert J.request_key(dict(reversed(list(r.items()))), ident) == k           # field order is irrelevant
    assert J.request_key({**r, "extra": 1}, ident) == k                          # only contract fields count
    canon = json.dumps({"judge": ident, "kind": r["kind"], "messages": r["messages"], "choices": r["choices"],
                        "max_tokens": r["max_tokens"]}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert k == hashlib.sha256(canon.encode()).hexdigest()
    changed = [verdict("Is 2 equal to 3?"), verdict("Is 2 equal to 2.0?", choices=("No", "Yes")),
               verdict("Is 2 equal to 2.0?", max_tokens=(64,)), {**r, "kind": "extract", "choices": []}]
    assert len({k, *(J.request_key(c, ident) for c in changed)}) == 5
    assert J.request_key(r, J.judge_identity("Qwen/Qwen3-8B", REVISION)) != k
    assert J.request_key(r, J.judge_identity(MODEL, "0" * 40)) != k
    assert ident == {"model": MODEL, "revision": REVISION, "temperature": 0, "top_p": 1, "seed": 0,
                     "enable_thinking": False}


@pytest.mark.parametrize("bad", [
    {"kind": "score", "messages": [{"role": "user", "content": "x"}], "choices": [], "max_tokens": [8]},
    {"kind": "verdict", "messages": [{"role": "user", "content": "x"}], "choices": [], "max_tokens": [8]},
    {"kind": "verdict", "messages": [{"role": "user", "content": "x"}], "choices": ["A", "A"], "max_tokens": [8]},
    {"kind": "extract", "messages": [{"role": "user", "content": "x"}], "choices": ["A"], "max_tokens": [8]},
    {"kind": "extract", "messages": [], "choices": [], "max_tokens": [8]},
    {"kind": "extract", "messages": [{"role": "user", "content": "x"}], "choices": [], "max_tokens": []},
    {"kind": "extract", "messages": [{"role": "user", "content": "x"}], "choices": []},
])
def test_malformed_requests_are_refused(bad):
    with pytest.raises(J.JudgeError):
        J.request_key(bad, J.judge_identity(MODEL))


# -------------------------------------------------------------------------------- openai path
def test_batches_concurrency_and_request_body(server):
    srv = server(delay=0.05)
    reqs = [extract(f"the answer is {i}") if i % 2 else verdict(f"q{i}", choices=("Correct", "Incorrect"))
            for i in range(10)]
    j = http_judge(srv, batch_size=4, workers=3)
    out = j.run(reqs)
    assert out == [str(i) if i % 2 else "Correct" for i in range(10)]
    assert len(srv.bodies) == 10 and j.stats["calls"] == 10 and j.stats["hits"] == 0
    assert 2 <= srv.max_inflight <= 3
    for body in srv.bodies:
        assert body["model"] == "judge"
        assert body["temperature"] == 0 and body["top_p"] == 1 and body["seed"] == 0
        assert body["chat_template_kwargs"] == {"enable_thinking": False}
        assert body["max_tokens"] == 128
        if body["messages"][0]["role"] == "system":
            assert "structured_outputs" not in body and "guided_choice" not in body
        else:
            assert body["structured_outputs"] == {"choice": ["Correct", "Incorrect"]}


def test_batches_are_sequential(server):
    srv = server(delay=0.02)
    j = http_judge(srv, batch_size=2, workers=8)
    j.run([extract(f"a {i}") for i in range(5)])
    assert srv.max_inflight <= 2


def test_cache_hits_and_key_changes(server, tmp_path):
    srv = server()
    reqs = [extract("the answer is 7"), verdict("same?"), extract("the answer is 7")]   # one duplicate
    first = http_judge(srv, tmp_path).run(reqs)
    assert first == ["7", "Yes", "7"] and len(srv.bodies) == 2
    files = sorted((tmp_path / "cache").glob("*/*.json"))
    assert len(files) == 2 and not list((tmp_path / "cache").rglob("*.tmp"))
    ident = J.judge_identity(MODEL, REVISION)
    key = J.request_key(reqs[0], ident)
    rec = json.loads((tmp_path / "cache" / key[:2] / f"{key}.json").read_text())
    assert rec["key"] == key and rec["output"] == "7" and rec["attempt"] == 0 and rec["request"]["kind"] == "extract"

    again = http_judge(srv, tmp_path)
    assert again.run(reqs) == first
    assert len(srv.bodies) == 2 and again.stats["calls"] == 0 and again.stats["hits"] == 2

    # another message or another judge model: new keys, new calls
    http_judge(srv, tmp_path).run([extract("the answer is 8")])
    assert len(srv.bodies) == 3
    other = J.Judge("openai", "Qwen/Qwen3-8B", base_url=srv.base_url, cache_dir=tmp_path / "cache")
    assert other.run(reqs[:1]) == ["7"] and len(srv.bodies) == 4
    assert srv.bodies[-1]["model"] == "Qwen/Qwen3-8B"          # served name defaults to the model


def test_retry_with_growing_budget_after_malformed_reply(server, tmp_path):
    srv = server(lambda body, n: ("Maybe", "stop") if n == 1 else ("Yes", "stop"))
    logs = []
    j = http_judge(srv, tmp_path, log=logs.append)
    assert j.run([verdict("same?")]) == ["Yes"]
    assert [b["max_tokens"] for b in srv.bodies] == [128, 256]
    assert j.stats["retries"] == 1 and any("Maybe" in m for m in logs)
    rec = json.loads(next((tmp_path / "cache").glob("*/*.json")).read_text())
    assert rec["attempt"] == 1 and rec["max_tokens"] == 256


def test_length_finish_is_malformed(server):
    srv = server(lambda body, n: ("The answer is", "length") if n == 1 else (" 42 \n", "stop"))
    assert http_judge(srv).run([extract("x")]) == ["42"]
    assert [b["max_tokens"] for b in srv.bodies] == [128, 256]


def test_exhausted_attempts_fail_loudly_and_cache_nothing_for_it(server, tmp_path):
    def script(body, n):
        if "structured_outputs" in body:
            return "Probably yes, because" + " x" * 200, "stop"
        return "5", "stop"

    srv = server(script)
    bad, good = verdict("same?"), extract("five")
    with pytest.raises(J.JudgeError) as e:
        http_judge(srv, tmp_path).run([bad, good])
    msg = str(e.value)
    key = J.request_key(bad, J.judge_identity(MODEL, REVISION))
    assert key in msg and "Probably yes" in msg and "3 attempts" in msg and "\n" not in msg and len(msg) < 600
    assert sorted(b["max_tokens"] for b in srv.bodies if "structured_outputs" in b) == [128, 256, 512]
    assert not (tmp_path / "cache" / key[:2] / f"{key}.json").exists()
    good_key = J.request_key(good, J.judge_identity(MODEL, REVISION))
    assert (tmp_path / "cache" / good_key[:2] / f"{good_key}.json").exists()   # the valid one is kept


def test_empty_extract_is_malformed(server):
    srv = server(lambda body, n: ("   ", "stop"))
    with pytest.raises(J.JudgeError, match="no valid extract"):
        http_judge(srv).run([extract("x", max_tokens=(8, 16))])
    assert len(srv.bodies) == 2


def test_http_500_then_success(server):
    srv = server(lambda body, n: ("HTTP", 500) if n == 1 else ("Yes", "stop"))
    j = http_judge(srv)
    assert j.run([verdict("q")]) == ["Yes"]
    assert len(srv.bodies) == 2                                       # the openai client's own retry
    assert [b["max_tokens"] for b in srv.bodies] == [128, 128]      # a transport retry keeps the budget


def test_http_400_is_not_retried(server):
    srv = server(lambda body, n: ("HTTP", 400))
    with pytest.raises(J.JudgeError, match="HTTP 400"):
        http_judge(srv).run([verdict("q")])
    assert len(srv.bodies) == 1


def test_persistent_500_fails_after_bounded_retries(server):
    srv = server(lambda body, n: ("HTTP", 503))
    with pytest.raises(J.JudgeError, match="HTTP 503 .*3 tries"):
        http_judge(srv).run([verdict("q")])
    assert len(srv.bodies) == 3


def test_connection_refused_fails_after_bounded_retries(tmp_path):
    port = J.free_port()
    j = J.Judge("openai", MODEL, base_url=f"http://127.0.0.1:{port}/v1", cache_dir=tmp_path, retries=3)
    t = time.monotonic()
    with pytest.raises(J.JudgeError, match="failed after 3 tries") as e:
        j.run([extract("x")])
    assert time.monotonic() - t < 30 and "\n" not in str(e.value)
    assert not list(tmp_path.glob("*/*.json"))


def test_judge_from_config(server, tmp_path):
    srv = server()
    cfg = {"backend": "openai", "model": MODEL, "revision": REVISION, "base_url": srv.base_url,
           "served_name": "qwen3-32b", "batch_size": 3, "workers": 2}
    j = J.judge_from_config(cfg, cache_dir=tmp_path, log=None)
    assert (j.backend_name, j.model, j.revision, j.served_name, j.batch_size, j.workers) == \
        ("openai", MODEL, REVISION, "qwen3-32b", 3, 2)
    assert j.run([verdict("q")]) == ["Yes"] and srv.bodies[0]["model"] == "qwen3-32b"
    with pytest.raises(J.JudgeError, match="unknown keys"):
        J.judge_from_config({**cfg, "temprature": 0}, cache_dir=tmp_path, log=None)
    with pytest.raises(J.JudgeError, match="backend"):
        J.judge_from_config({**cfg, "backend": "tgi"}, cache_dir=tmp_path, log=None)


# ---------------------------------------------------------------------------------- vllm
def test_vllm_command_line(tmp_path):
    cmd = J.vllm_command(MODEL, "qwen3-32b", 8123, revision=REVISION, extra_args=["--tensor-parallel-size", 2])
    assert cmd[:3] == ["vllm", "serve", MODEL]
    flags = dict(zip(cmd[3::2], cmd[4::2]))
    assert flags == {"--served-model-name": "qwen3-32b", "--host": "127.0.0.1", "--port": "8123", "--seed": "0",
                     "--generation-config": "vllm", "--revision": REVISION, "--tensor-parallel-size": "2"}
    assert "--revision" not in J.vllm_command("m", "m", 1)
    assert "--revision" not in J.vllm_command(str(tmp_path), "m", 1, revision=REVISION)   # a local snapshot


FAKE_VLLM = textwrap.dedent("""\
    #!{python}
    import json, os, sys
    from http.server import BaseHTTPRequestHandler, HTTPServer
    argv = sys.argv[1:]
    with open(os.environ["FAKE_VLLM_ARGV"], "w") as f:
        json.dump(argv, f)
    if os.environ.get("FAKE_VLLM_FAIL"):
        print("CUDA out of memory (scripted)", flush=True)
        sys.exit(3)
    port = int(argv[argv.index("--port") + 1])
    name = argv[argv.index("--served-model-name") + 1]

    class H(BaseHTTPRequestHandler):
        def log_message(self, *a):
            pass

        def reply(self, code, obj):
            data = json.dumps(obj).encode()
            self.send_response(code)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            self.reply(200 if self.path == "/health" else 404, {{}})

        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            ok = body["model"] == name
            self.reply(200 if ok else 404, {{"choices": [{{"message": {{"content": body["structured_outputs"]["choice"][-1]}},
                                                        "finish_reason": "stop"}}]}})

    HTTPServer(("127.0.0.1", port), H).serve_forever()
    """)


@pytest.fixture
def fake_vllm(tmp_path, monkeypatch):
    bindir = tmp_path / "bin"
    bindir.mkdir()
    exe = bindir / "vllm"
    exe.write_text(FAKE_VLLM.format(python=sys.executable))
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("FAKE_VLLM_ARGV", str(tmp_path / "argv.json"))
    return tmp_path / "argv.json"


def test_vllm_backend_starts_serves_and_stops(fake_vllm, tmp_path):
    with J.Judge("vllm", MODEL, revision=REVISION, served_name="qwen3-32b", cache_dir=tmp_path / "cache",
                 startup_timeout=30) as j:
        assert j.run([verdict("q", choices=("A", "B"))]) == ["B"]
        proc, port = j.server.proc, j.server.port
        assert proc.poll() is None
    assert proc.poll() is not None                                  # terminated on exit
    argv = json.loads(fake_vllm.read_text())
    assert argv == J.vllm_command(MODEL, "qwen3-32b", port, revision=REVISION)[1:]
    with socket.socket() as s:                                      # nothing listens there any more
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", port))
    # a fully cached re-run never starts a server
    fake_vllm.unlink()
    with J.Judge("vllm", MODEL, revision=REVISION, served_name="qwen3-32b", cache_dir=tmp_path / "cache") as j:
        assert j.run([verdict("q", choices=("A", "B"))]) == ["B"] and j.server is None
    assert not fake_vllm.exists()


def test_vllm_server_that_dies_fails_loudly(fake_vllm, tmp_path, monkeypatch):
    monkeypatch.setenv("FAKE_VLLM_FAIL", "1")
    with J.Judge("vllm", MODEL, cache_dir=tmp_path / "cache", startup_timeout=30) as j:
        with pytest.raises(J.JudgeError, match="exited with status 3.*out of memory"):
            j.run([verdict("q")])


# ------------------------------------------------------------------------------------ hf path
@pytest.fixture(scope="module")
def tiny_judge(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("HF_HUB_OFFLINE", "1")
    mp.setenv("TRANSFORMERS_OFFLINE", "1")
    path = J.build_tiny_judge(tmp_path_factory.mktemp("tiny_judge"))
    yield path
    mp.undo()


HF_REQUESTS = [
    verdict("Is 12 the same as twelve? Answer Yes or No.", max_tokens=(8, 16)),
    extract("The bar chart shows values 0 1 2 3. The answer is 3."),
    verdict("Which option is correct: A, B, C or D?", choices=("A", "B", "C", "D"), max_tokens=(8,)),
    verdict("Are these equivalent?", choices=("Equivalent", "Not equivalent", "1", "10"), max_tokens=(8, 16)),
    extract("How many red circles are in the image?", max_tokens=(32, 64)),
    verdict("Judge the response.", choices=("correct", "incorrect", "partially correct"), max_tokens=(4, 8, 16)),
]


def test_hf_backend_tiny_judge(tiny_judge, tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("TRANSFORMERS_OFFLINE", "1")
    reqs = HF_REQUESTS * 2 + [verdict(f"Is {i} even?", max_tokens=(8,)) for i in range(6)]
    j = J.Judge("hf", str(tiny_judge), cache_dir=tmp_path / "cache", batch_size=4)
    out = j.run(reqs)
    for r, o in zip(reqs, out):
        if r["kind"] == "verdict":
            assert o in r["choices"]
        else:
            assert o.strip() == o and o
    assert out[:len(HF_REQUESTS)] == out[len(HF_REQUESTS):2 * len(HF_REQUESTS)]
    assert j.stats["calls"] >= len(HF_REQUESTS) + 6 and j.stats["duplicates"] == len(HF_REQUESTS)

    fresh = J.Judge("hf", str(tiny_judge), batch_size=4)           # no cache: deterministic regeneration
    assert fresh.run(reqs) == out
    cached = J.Judge("hf", str(tiny_judge), cache_dir=tmp_path / "cache", batch_size=4)
    assert cached.run(reqs) == out and cached.stats["calls"] == 0 and cached._backend is None


def test_hf_verdict_without_budget_fails(tiny_judge, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    j = J.Judge("hf", str(tiny_judge))
    # every choice needs at least two tokens (choice + end of turn): one token is always cut off
    with pytest.raises(J.JudgeError, match="finish_reason length"):
        j.run([verdict("q", choices=("Yes", "No"), max_tokens=(1,))])


def test_tiny_judge_is_deterministic(tiny_judge, tmp_path):
    again = J.build_tiny_judge(tmp_path / "again")
    for name in ("model.safetensors", "tokenizer.json", "config.json"):
        assert (again / name).read_bytes() == (tiny_judge / name).read_bytes(), name
    cfg = json.loads((again / "config.json").read_text())
    assert cfg["model_type"] == "qwen3" and cfg["hidden_size"] == 64 and cfg["num_hidden_layers"] == 2
    assert cfg["num_attention_heads"] == 4 and cfg["num_key_value_heads"] == 2


def test_cli_wiring(tmp_path):
    import argparse

    p = argparse.ArgumentParser()
    J.add_arguments(p)
    args = p.parse_args(["--output", str(tmp_path / "tj"), "--seed", "1"])
    assert args.seed == 1 and args.output == str(tmp_path / "tj")
