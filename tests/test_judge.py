"""The one judge stack (rlvr.evaluation.judge): the engine's cache and its backends against a scripted
OpenAI-compatible server, the vllm launcher against a fake ``vllm`` executable, and the hf backend against the
tiny Qwen3 judge. The two transports are tests/test_judge_client.py, the TRACE validation front-end
tests/test_trace_judging.py."""

from __future__ import annotations

import hashlib
import json
import os
import socket
import stat
import sys
import textwrap
import time

import pytest
from fake_openai import FakeServer

from rlvr.evaluation.common import judge_protocol as jp
from rlvr.evaluation.judge import JudgeError, server as S
from rlvr.evaluation.judge.engine import Judge
from rlvr.evaluation.judge.tiny import add_arguments, build_tiny_judge

MODEL = "Qwen/Qwen3-32B"
REVISION = "9216db5781bf21249d130ec9da846c4624c16137"


def chat(text, max_tokens=128):
    return jp.vlmeval_chat(text, max_tokens=max_tokens)


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
    kw.setdefault("max_retries", 2)
    return Judge("openai", MODEL, revision=REVISION, base_url=srv.base_url,
                 cache_dir=None if tmp_path is None else tmp_path / "cache", timeout=30, **kw)


# ---------------------------------------------------------------------------------- keys
def test_request_key_is_a_content_hash(server):
    j = http_judge(server())
    r = chat("Is 2 equal to 2.0?")
    k = j.key(r)
    canon = json.dumps({"judge": {"model": MODEL, "revision": REVISION}, "request": r.as_json()}, sort_keys=True,
                       separators=(",", ":"), ensure_ascii=False)
    assert k == hashlib.sha256(canon.encode()).hexdigest()
    changed = [chat("Is 2 equal to 3?"), chat("Is 2 equal to 2.0?", max_tokens=64),
               jp.persistent_completion("Is 2 equal to 2.0?", max_tokens=128)]
    assert len({k, j.key(r, nonempty=True), *(j.key(c) for c in changed)}) == 5
    assert Judge("openai", "Qwen/Qwen3-8B", revision=REVISION, base_url="http://x/v1").key(r) != k
    assert Judge("openai", MODEL, revision="0" * 40, base_url="http://x/v1").key(r) != k


def test_a_local_model_directory_is_identified_by_its_name(tmp_path):
    d = tmp_path / "Qwen--Qwen3-32B@abc"
    d.mkdir()
    assert Judge("hf", str(d), revision="abc").identity == {"model": "Qwen--Qwen3-32B@abc", "revision": "abc"}


@pytest.mark.parametrize("kwargs, message", [
    ({"backend": "tgi"}, "backend must be one of"),
    ({"backend": "openai"}, "needs --judge-url"),
    ({"model": ""}, "model is required"),
    ({"workers": 0}, "workers"),
])
def test_bad_configuration_is_refused(kwargs, message):
    args = {"backend": "hf", "model": MODEL, **kwargs}
    with pytest.raises(JudgeError, match=message):
        Judge(args.pop("backend"), args.pop("model"), **args)


# -------------------------------------------------------------------------------- openai path
def test_requests_go_out_as_built_workers_at_a_time(server):
    srv = server(delay=0.05)
    reqs = [chat(f"the answer is {i}") for i in range(10)]
    j = http_judge(srv, workers=3)
    assert [str(r) for r in j.complete(reqs)] == [str(i) for i in range(10)]
    assert len(srv.bodies) == 10 and j.stats == {"requests": 10, "cached": 0, "asked": 10}
    assert 2 <= srv.max_inflight <= 3
    for body, req in zip(sorted(srv.bodies, key=lambda b: b["messages"][0]["content"][0]["text"]), reqs):
        assert body == {"model": "qwen3-32b-judge", "messages": req.messages, "temperature": 0, "max_tokens": 128,
                        "chat_template_kwargs": {"enable_thinking": False}}


def test_seed_and_top_p_are_sent_when_the_request_has_them(server):
    from rlvr.evaluation.benchmarks.base import JudgeRequest

    srv = server()
    req = JudgeRequest("chat", [{"role": "user", "content": "x y"}],
                       {"temperature": 0, "top_p": 1, "seed": 0, "max_tokens": 8})
    assert str(http_judge(srv).complete([req])[0]) == "y"
    assert srv.bodies[0] == {"model": "qwen3-32b-judge", "messages": req.messages, "temperature": 0, "top_p": 1,
                             "seed": 0, "max_tokens": 8}


def test_cache_hits_records_and_key_changes(server, tmp_path):
    # the first batch's two requests go out on two workers in either order: the reply depends on the request
    def script(body, n, path):
        return ("cut", "length") if n <= 2 and "the answer is 7" in json.dumps(body) else ("7", "stop")

    srv = server(script)
    reqs = [chat("the answer is 7"), chat("the answer is 8"), chat("the answer is 7")]   # one duplicate
    first = http_judge(srv, tmp_path).complete(reqs)
    assert [(str(r), r.finish_reason) for r in first] == [("cut", "length"), ("7", "stop"), ("cut", "length")]
    assert len(srv.bodies) == 2
    files = sorted((tmp_path / "cache").glob("*/*.json"))
    assert len(files) == 2 and not list((tmp_path / "cache").rglob("*.tmp"))
    j = http_judge(srv, tmp_path)
    key = j.key(reqs[0])
    rec = json.loads((tmp_path / "cache" / key[:2] / f"{key}.json").read_text())
    assert rec == {"judge": j.identity, "request": reqs[0].as_json(), "reply": "cut", "finish_reason": "length"}

    again = j.complete(reqs)                                   # every reply cached, invalid ones too
    assert [(str(r), r.finish_reason) for r in again] == [(str(r), r.finish_reason) for r in first]
    assert len(srv.bodies) == 2 and j.stats["cached"] == 2 and j._backend is None

    # the nonempty front-end's request is another key; so is another judge model
    j.complete([reqs[0]], nonempty=True)
    assert len(srv.bodies) == 3
    other = Judge("openai", "Qwen/Qwen3-8B", base_url=srv.base_url, cache_dir=tmp_path / "cache", timeout=30)
    other.complete(reqs[:1])
    assert len(srv.bodies) == 4


def test_a_cache_entry_of_another_request_is_not_used(server, tmp_path):
    srv = server()
    j = http_judge(srv, tmp_path)
    req = chat("the answer is 7")
    key = j.key(req)
    path = tmp_path / "cache" / key[:2] / f"{key}.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"judge": j.identity, "request": chat("other").as_json(), "reply": "9"}))
    logs = []
    j.log = logs.append
    assert str(j.complete([req])[0]) == "7" and len(srv.bodies) == 1 and any("ignoring" in m for m in logs)
    path.write_text("{not json")
    assert str(http_judge(srv, tmp_path).complete([req])[0]) == "7" and len(srv.bodies) == 2


def test_http_500_then_success_is_the_clients_retry(server):
    srv = server(lambda body, n, path: ("HTTP", 500) if n == 1 else ("Yes", "stop"))
    assert str(http_judge(srv).complete([chat("q")])[0]) == "Yes"
    assert [b["max_tokens"] for b in srv.bodies] == [128, 128]


def test_http_400_is_not_retried(server):
    srv = server(lambda body, n, path: ("HTTP", 400))
    with pytest.raises(JudgeError, match="HTTP 400"):
        http_judge(srv).complete([chat("q")])
    assert len(srv.bodies) == 1


def test_persistent_503_fails_after_bounded_tries_in_one_line(server):
    srv = server(lambda body, n, path: ("HTTP", 503))
    with pytest.raises(JudgeError, match="HTTP 503 .* after 3 tries") as e:
        http_judge(srv).complete([chat("q")])
    assert len(srv.bodies) == 3 and "\n" not in str(e.value)


def test_replies_that_came_back_are_cached_before_a_failure_raises(server, tmp_path):
    srv = server(lambda body, n, path: ("HTTP", 400) if "bad" in json.dumps(body) else ("ok", "stop"))
    good, bad = chat("good ok"), chat("bad one")
    j = http_judge(srv, tmp_path)
    with pytest.raises(JudgeError, match=f"judge request {j.key(bad)[:12]}: HTTP 400"):
        j.complete([bad, good])
    assert (tmp_path / "cache" / j.key(good)[:2] / f"{j.key(good)}.json").is_file()
    assert not (tmp_path / "cache" / j.key(bad)[:2] / f"{j.key(bad)}.json").exists()


def test_connection_refused_fails_after_bounded_tries(tmp_path):
    port = S.free_port()
    j = Judge("openai", MODEL, base_url=f"http://127.0.0.1:{port}/v1", cache_dir=tmp_path, max_retries=2, timeout=5)
    t = time.monotonic()
    with pytest.raises(JudgeError, match="failed after 3 tries") as e:
        j.complete([chat("x")])
    assert time.monotonic() - t < 30 and "\n" not in str(e.value)
    assert not list(tmp_path.glob("*/*.json"))


# ---------------------------------------------------------------------------------- vllm
def test_vllm_command_line(tmp_path):
    cmd = S.vllm_command(MODEL, "qwen3-32b-judge", 8123, revision=REVISION,
                         extra_args=["--tensor-parallel-size", 2])
    assert cmd[:3] == ["vllm", "serve", MODEL]
    flags = dict(zip(cmd[3::2], cmd[4::2]))
    assert flags == {"--served-model-name": "qwen3-32b-judge", "--host": "127.0.0.1", "--port": "8123",
                     "--seed": "0", "--generation-config": "vllm", "--revision": REVISION,
                     "--tensor-parallel-size": "2"}
    assert "--revision" not in S.vllm_command("m", "m", 1)
    assert "--revision" not in S.vllm_command(str(tmp_path), "m", 1, revision=REVISION)   # a local snapshot


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
            self.reply(200 if ok else 404, {{"choices": [{{"message": {{"content": "served:" + body["model"]}},
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
    with Judge("vllm", MODEL, revision=REVISION, cache_dir=tmp_path / "cache", startup_timeout=30) as j:
        assert str(j.complete([chat("q")])[0]) == "served:qwen3-32b-judge"
        proc, port = j.server.proc, j.server.port
        assert proc.poll() is None
    assert proc.poll() is not None                                  # terminated on exit
    argv = json.loads(fake_vllm.read_text())
    assert argv == S.vllm_command(MODEL, "qwen3-32b-judge", port, revision=REVISION)[1:]
    with socket.socket() as s:                                      # nothing listens there any more
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", port))
    # a fully cached re-run never starts a server
    fake_vllm.unlink()
    with Judge("vllm", MODEL, revision=REVISION, cache_dir=tmp_path / "cache") as j:
        assert str(j.complete([chat("q")])[0]) == "served:qwen3-32b-judge" and j.server is None
    assert not fake_vllm.exists()


def test_vllm_server_that_dies_fails_loudly(fake_vllm, tmp_path, monkeypatch):
    monkeypatch.setenv("FAKE_VLLM_FAIL", "1")
    with Judge("vllm", MODEL, cache_dir=tmp_path / "cache", startup_timeout=30) as j:
        with pytest.raises(JudgeError, match="exited with status 3.*out of memory"):
            j.complete([chat("q")])


# ------------------------------------------------------------------------------------ hf path
@pytest.fixture(scope="module")
def tiny_judge(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("HF_HUB_OFFLINE", "1")
    mp.setenv("TRANSFORMERS_OFFLINE", "1")
    path = build_tiny_judge(tmp_path_factory.mktemp("tiny_judge"))
    yield path
    mp.undo()


def test_hf_backend_is_deterministic_and_cached(tiny_judge, tmp_path):
    reqs = [jp.persistent_completion("Is 12 equal to twelve?", max_tokens=8), chat("Pick A or B.", max_tokens=6),
            jp.persistent_completion("Grade it.", max_tokens=8, temperature=1.0),
            chat("How many red circles are in the image?", max_tokens=32)]
    j = Judge("hf", str(tiny_judge), cache_dir=tmp_path / "cache")
    out = j.complete(reqs * 2)
    assert [(str(a), a.finish_reason) for a in out[:4]] == [(str(b), b.finish_reason) for b in out[4:]]
    assert j.stats == {"requests": 8, "cached": 0, "asked": 4}
    assert all(r.finish_reason in ("stop", "length") for r in out)
    fresh = Judge("hf", str(tiny_judge)).complete(reqs)              # no cache: the same generations
    assert [str(r) for r in fresh] == [str(r) for r in out[:4]]
    cached = Judge("hf", str(tiny_judge), cache_dir=tmp_path / "cache")
    assert [str(r) for r in cached.complete(reqs)] == [str(r) for r in fresh] and cached._backend is None


def test_hf_nonempty_requests_never_end_empty(tiny_judge):
    """The TRACE front-end accepts no empty reply: the in-process judge generates at least one token and no
    special token other than end-of-turn (a served judge gets no such constraint)."""
    j = Judge("hf", str(tiny_judge))
    reqs = [chat(f"Question {i}: answer with nothing at all.", max_tokens=4) for i in range(6)]
    backend = j.backend()
    specials = set(backend.tokenizer.all_special_tokens)
    for r in j.complete(reqs, nonempty=True):
        tokens = backend.tokenizer.encode(str(r), add_special_tokens=False)
        assert tokens and not specials & set(backend.tokenizer.convert_ids_to_tokens(tokens))


def test_tiny_judge_is_deterministic(tiny_judge, tmp_path):
    again = build_tiny_judge(tmp_path / "again")
    for name in ("model.safetensors", "tokenizer.json", "config.json", "tiny_judge.json"):
        assert (again / name).read_bytes() == (tiny_judge / name).read_bytes(), name
    cfg = json.loads((again / "config.json").read_text())
    assert cfg["model_type"] == "qwen3" and cfg["hidden_size"] == 64 and cfg["num_hidden_layers"] == 2
    assert cfg["num_attention_heads"] == 4 and cfg["num_key_value_heads"] == 2


def test_cli_wiring(tmp_path):
    import argparse

    p = argparse.ArgumentParser()
    add_arguments(p)
    args = p.parse_args(["--output", str(tmp_path / "tj"), "--seed", "1"])
    assert args.seed == 1 and args.output == str(tmp_path / "tj")
