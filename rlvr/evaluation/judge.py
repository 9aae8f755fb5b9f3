"""The TRACE validation campaign's LLM-judge engine: cached, batched, validated chat requests to a judge model
(the benchmarks' reference judge protocol is judge_client.py; the vLLM server and the in-process backend
here serve both).

A request is a plain dict (built by the benchmark adapters)::

    {"kind": "extract" | "verdict",
     "messages": [{"role": ..., "content": ...}, ...],
     "choices": [str, ...],          # verdict: the allowed outputs; extract: []
     "max_tokens": [128, 256, 512]}  # one attempt per entry, growing budget

``Judge.run(requests)`` returns one output string per request, in order.  Every answer is cached
under a content hash of (judge identity, request) as ``<cache_dir>/<key[:2]>/<key>.json`` (written
atomically), so a re-run costs nothing and a cached answer is never requested again.  Outputs are
validated: an extract must be non-empty and its generation finished (``finish_reason`` not
``"length"``); a verdict must be exactly one of its choices (and finished).  An invalid output is
retried with the next ``max_tokens`` budget; transport failures (HTTP 5xx/408/409/429, refused
connection, timeout) are the ``openai`` client's own retries and timeout.  When the attempts run out the run fails
with ``JudgeError`` naming the request key and the last output: a malformed judge output is never
silently turned into a score.

Decoding is the paper's: greedy (temperature 0, top_p 1), seed 0, Qwen3 thinking off.

Backends
  ``openai``  an OpenAI-compatible server (``vllm serve`` on the cluster) at ``base_url``; JSON
              body with ``chat_template_kwargs.enable_thinking = false`` and, for verdicts, vLLM
              structured outputs ``{"structured_outputs": {"choice": choices}}`` (vLLM >= 0.11;
              the legacy ``guided_choice`` field was removed in v0.12 and is silently ignored).
  ``vllm``    starts ``vllm serve`` itself on a free local port (lazily, on the first request
              that misses the cache), waits for ``/health``, then talks to it as ``openai``;
              the server is terminated by ``Judge.close()`` / leaving the ``with`` block.
  ``hf``      in-process transformers from a local directory (CPU tests against the tiny judge
              from ``build_tiny_judge``); greedy, verdicts constrained to the choices through a
              token trie (``prefix_allowed_tokens_fn``).
"""

from __future__ import annotations

import argparse
import hashlib
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tracegen.core.canonical import canonical_json, pretty_json
from tracegen.core.files import write_atomic

BACKENDS = ("openai", "vllm", "hf")
KINDS = ("extract", "verdict")
# Decoding parameters that do not depend on the backend; part of the cache key.
DECODING = {"temperature": 0, "top_p": 1, "seed": 0, "enable_thinking": False}
CONFIG_KEYS = {"backend", "model", "revision", "base_url", "served_name", "batch_size", "workers", "timeout",
               "retries", "vllm_args", "startup_timeout"}
_SHOW = 200  # characters of a bad output quoted in an error


class JudgeError(RuntimeError):
    """A judge request that could not be answered validly (one-line message)."""


def _canonical(obj) -> str:
    return canonical_json(obj)   # the project's one canonical JSON (tracegen.core.canonical)


def _short(text, limit: int = _SHOW) -> str:
    text = "" if text is None else str(text)
    return repr(text if len(text) <= limit else text[:limit] + "...")


def judge_identity(model: str, revision: str | None = None) -> dict:
    """What identifies the judge for caching: model, revision and the decoding parameters."""
    return {"model": str(model), "revision": revision, **DECODING}


def normalize_request(request) -> dict:
    """Check a request's shape and return a clean copy with exactly the contract's fields."""
    if not isinstance(request, dict):
        raise JudgeError(f"judge request must be a dict, got {type(request).__name__}")
    missing = {"kind", "messages", "choices", "max_tokens"} - set(request)
    if missing:
        raise JudgeError(f"judge request lacks {sorted(missing)}")
    kind = request["kind"]
    if kind not in KINDS:
        raise JudgeError(f"judge request kind must be one of {KINDS}, got {kind!r}")
    messages = request["messages"]
    if not isinstance(messages, list) or not messages or not all(
            isinstance(m, dict) and isinstance(m.get("role"), str) and isinstance(m.get("content"), str)
            for m in messages):
        raise JudgeError("judge request messages must be a non-empty list of {role: str, content: str}")
    choices = request["choices"]
    if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
        raise JudgeError("judge request choices must be a list of strings")
    if kind == "verdict":
        if not choices or any(not c.strip() or c != c.strip() for c in choices) or len(set(choices)) != len(choices):
            raise JudgeError(f"verdict choices must be distinct, non-empty, unpadded strings, got {choices!r}")
    elif choices:
        raise JudgeError(f"extract requests take no choices, got {choices!r}")
    budgets = request["max_tokens"]
    if not isinstance(budgets, list) or not budgets or not all(
            isinstance(b, int) and not isinstance(b, bool) and b > 0 for b in budgets):
        raise JudgeError(f"judge request max_tokens must be a non-empty list of positive ints, got {budgets!r}")
    return {"kind": kind, "messages": [{"role": m["role"], "content": m["content"]} for m in messages],
            "choices": list(choices), "max_tokens": list(budgets)}


def request_key(request, identity) -> str:
    """sha256 (hex) of the canonical JSON of the judge identity and the request's content."""
    r = normalize_request(request)
    return hashlib.sha256(_canonical({"judge": identity, "kind": r["kind"], "messages": r["messages"],
                                      "choices": r["choices"], "max_tokens": r["max_tokens"]})
                          .encode("utf-8")).hexdigest()


def check_output(request: dict, text, finish_reason) -> str | None:
    """The validated (stripped) output, or None when it is not acceptable."""
    if not isinstance(text, str) or finish_reason == "length":
        return None
    out = text.strip()
    if request["kind"] == "verdict":
        return out if out in request["choices"] else None
    return out or None


# ------------------------------------------------------------------------------------------ cache
class _Cache:
    def __init__(self, root):
        self.root = Path(root) if root is not None else None
        self.memory: dict[str, dict] = {}

    def path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str):
        if key in self.memory:
            return self.memory[key]
        if self.root is None:
            return None
        p = self.path(key)
        if not p.is_file():
            return None
        try:
            record = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return record if isinstance(record, dict) and record.get("key") == key else None

    def put(self, record: dict) -> None:
        key = record["key"]
        self.memory[key] = record
        if self.root is None:
            return
        write_atomic(self.path(key), pretty_json(record))


# ------------------------------------------------------------------------------ openai backend


class OpenAIBackend:
    """Chat completions over HTTP (standard library only), ``workers`` requests at a time."""

    def __init__(self, base_url: str, served_name: str, *, workers: int = 8, timeout: float = 600,
                 retries: int = 5, log=None):
        from openai import OpenAI

        if not base_url:
            raise JudgeError("the openai judge backend needs a base_url (e.g. http://host:8000/v1)")
        self.base_url = base_url.rstrip("/")
        self.served_name = served_name
        self.workers = max(1, int(workers))
        self.retries = max(1, int(retries))
        self.log = log or (lambda s: None)
        # transport failures (refused, reset, timeout, 408/409/429/5xx) are the openai client's: its own
        # max_retries (with its backoff) and timeout; other statuses fail at once
        self.client = OpenAI(base_url=self.base_url, api_key="sk-local", timeout=timeout, max_retries=self.retries - 1)

    def body(self, request: dict, max_tokens: int) -> dict:
        body = {"model": self.served_name, "messages": request["messages"], "max_tokens": int(max_tokens),
                "temperature": DECODING["temperature"], "top_p": DECODING["top_p"], "seed": DECODING["seed"],
                "n": 1, "stream": False,
                "chat_template_kwargs": {"enable_thinking": DECODING["enable_thinking"]}}
        if request["kind"] == "verdict":
            body["structured_outputs"] = {"choice": list(request["choices"])}
        return body

    def _post(self, key: str, body: dict):
        import openai

        extra = {k: body.pop(k) for k in ("chat_template_kwargs", "structured_outputs") if k in body}
        try:
            return self.client.chat.completions.create(**body, extra_body=extra)
        except openai.APIStatusError as e:
            raise JudgeError(f"judge request {key}: HTTP {e.status_code} from {self.base_url} after the client's "
                             f"retries ({self.retries} tries): {_short(e.message, 300)}") from None
        except openai.OpenAIError as e:
            raise JudgeError(f"judge request {key}: transport to {self.base_url} failed after {self.retries} tries: "
                             f"{type(e).__name__}") from None

    def _one(self, key: str, request: dict, max_tokens: int):
        out = self._post(key, self.body(request, max_tokens))
        try:
            choice = out.choices[0]
            text, finish = choice.message.content, choice.finish_reason
        except (IndexError, TypeError, AttributeError):
            raise JudgeError(f"judge request {key}: malformed response: {_short(str(out))}") from None
        return ("" if text is None else str(text)), finish

    def generate(self, items):
        """items: [(key, request, max_tokens)] -> [(text, finish_reason) or JudgeError], in order."""
        if not items:
            return []
        with ThreadPoolExecutor(max_workers=min(self.workers, len(items))) as pool:
            futures = [pool.submit(self._one, k, r, m) for k, r, m in items]
        out = []
        for f in futures:
            try:
                out.append(f.result())
            except JudgeError as e:
                out.append(e)
        return out

    def close(self) -> None:
        self.client.close()


# -------------------------------------------------------------------------------- vllm server
def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def vllm_command(model: str, served_name: str, port: int, *, revision: str | None = None,
                 host: str = "127.0.0.1", extra_args=()) -> list[str]:
    """The ``vllm serve`` command line for the judge (``--revision`` only for a hub id, not a local dir)."""
    cmd = ["vllm", "serve", str(model), "--served-model-name", served_name, "--host", host, "--port", str(port),
           "--seed", "0", "--generation-config", "vllm"]
    if revision and not Path(model).is_dir():
        cmd += ["--revision", revision]
    return cmd + [str(a) for a in extra_args]


class VLLMServer:
    """A ``vllm serve`` subprocess, started on demand and stopped on ``close()``."""

    def __init__(self, model: str, served_name: str, *, revision: str | None = None, extra_args=(),
                 startup_timeout: float = 1800, log_path=None, log=None, poll: float = 2.0):
        self.model, self.served_name, self.revision = model, served_name, revision
        self.extra_args = list(extra_args)
        self.startup_timeout = startup_timeout
        self.log_path = log_path
        self.log = log or (lambda s: None)
        self.poll = poll
        self.host = "127.0.0.1"
        self.port: int | None = None
        self.proc: subprocess.Popen | None = None
        self._log_file = None

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"

    def command(self) -> list[str]:
        return vllm_command(self.model, self.served_name, self.port, revision=self.revision, host=self.host,
                            extra_args=self.extra_args)

    def _healthy(self) -> bool:
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        try:
            with opener.open(f"http://{self.host}:{self.port}/health", timeout=5) as resp:
                return resp.status == 200
        except (urllib.error.URLError, http.client.HTTPException, OSError):
            return False

    def _tail(self) -> str:
        try:
            text = Path(self.log_path).read_text(encoding="utf-8", errors="replace")
        except (OSError, TypeError):
            return ""
        return " | ".join(line for line in text.strip().splitlines()[-5:])[-600:]

    def start(self) -> str:
        if self.proc is not None:
            return self.base_url
        self.port = free_port(self.host)
        cmd = self.command()
        if self.log_path is None:
            fd, self.log_path = tempfile.mkstemp(prefix="vllm-judge-", suffix=".log")
            os.close(fd)
        Path(self.log_path).parent.mkdir(parents=True, exist_ok=True)
        self._log_file = open(self.log_path, "ab")
        self.log(f"judge: starting {' '.join(cmd)} (log {self.log_path})")
        try:
            self.proc = subprocess.Popen(cmd, stdout=self._log_file, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, start_new_session=True)
        except OSError as e:
            self._log_file.close()
            raise JudgeError(f"could not start vllm serve: {e}") from None
        deadline = time.monotonic() + self.startup_timeout
        wait = min(0.1, self.poll)
        while True:
            code = self.proc.poll()
            if code is not None:
                self.close()
                raise JudgeError(f"vllm serve exited with status {code} before becoming healthy "
                                 f"(log {self.log_path}): {self._tail()}")
            if self._healthy():
                self.log(f"judge: vllm serve healthy at {self.base_url}")
                return self.base_url
            if time.monotonic() > deadline:
                self.close()
                raise JudgeError(f"vllm serve not healthy after {self.startup_timeout:g}s (log {self.log_path})")
            time.sleep(wait)
            wait = min(self.poll, wait * 2)

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGTERM)   # the server's own session: vllm and its engine workers
            except ProcessLookupError:
                pass
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                proc.wait(timeout=30)
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None


# ---------------------------------------------------------------------------------- hf backend
class _Trie:
    """Token trie over the allowed verdicts, each path ending with the end-of-turn token."""

    def __init__(self, sequences, end_id: int):
        self.root: dict = {}
        for seq in sequences:
            node = self.root
            for t in list(seq) + [end_id]:
                node = node.setdefault(int(t), {})

    def allowed(self, prefix, fallback):
        node = self.root
        for t in prefix:
            node = node.get(int(t))
            if node is None:
                return fallback
        return list(node) or fallback


class HFBackend:
    """In-process transformers generation (greedy), one batched ``generate`` per kind and budget."""

    def __init__(self, model_dir, *, log=None):
        import torch
        from transformers import AutoModelForCausalLM, AutoTokenizer

        self.torch = torch
        self.log = log or (lambda s: None)
        path = Path(model_dir)
        if not path.is_dir():
            raise JudgeError(f"hf judge backend needs a local model directory, {model_dir} is not one")
        self.tokenizer = AutoTokenizer.from_pretrained(path)
        self.tokenizer.padding_side = "left"
        self.device = "cuda" if torch.cuda.is_available() else "cpu"
        self.model = AutoModelForCausalLM.from_pretrained(path, dtype="auto").to(self.device).eval()
        gen = self.model.generation_config
        eos = gen.eos_token_id if gen.eos_token_id is not None else self.tokenizer.eos_token_id
        self.eos_ids = [int(e) for e in (eos if isinstance(eos, (list, tuple)) else [eos]) if e is not None]
        if not self.eos_ids:
            raise JudgeError(f"hf judge {model_dir}: no end-of-sequence token")
        pad = self.tokenizer.pad_token_id
        self.pad_id = int(pad if pad is not None else (gen.pad_token_id if gen.pad_token_id is not None
                                                       else self.eos_ids[0]))
        if self.tokenizer.pad_token_id is None:
            self.tokenizer.pad_token_id = self.pad_id
        # Specials other than end-of-turn never make a judge answer: keep them out of extracts.
        self.suppress = sorted(set(self.tokenizer.all_special_ids) - set(self.eos_ids) - {None})

    def prompt(self, messages) -> str:
        try:
            return self.tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True,
                                                      enable_thinking=False)
        except TypeError:
            return self.tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)

    def _decode(self, row) -> tuple[str, str]:
        tokens, finish = [], "length"
        for t in row:
            if t in self.eos_ids:
                finish = "stop"
                break
            tokens.append(t)
        return self.tokenizer.decode(tokens, skip_special_tokens=True), finish

    def _generate(self, kind: str, requests, max_new_tokens: int):
        torch = self.torch
        enc = self.tokenizer([self.prompt(r["messages"]) for r in requests], return_tensors="pt", padding=True,
                             add_special_tokens=False).to(self.device)
        width = enc["input_ids"].shape[1]
        kwargs = dict(max_new_tokens=int(max_new_tokens), do_sample=False, num_beams=1, temperature=None,
                      top_p=None, top_k=None, eos_token_id=self.eos_ids, pad_token_id=self.pad_id)
        if kind == "verdict":
            tries = [_Trie([self.tokenizer.encode(c, add_special_tokens=False) for c in r["choices"]],
                           self.eos_ids[0]) for r in requests]
            done = [self.eos_ids[0], self.pad_id]

            def allowed(batch_id, ids):
                return tries[batch_id].allowed(ids[width:].tolist(), done)

            kwargs["prefix_allowed_tokens_fn"] = allowed
        else:
            kwargs["min_new_tokens"] = 1
            if self.suppress:
                kwargs["suppress_tokens"] = self.suppress
        with torch.no_grad():
            out = self.model.generate(**enc, **kwargs)
        return [self._decode(row[width:].tolist()) for row in out]

    def generate(self, items):
        results: list = [None] * len(items)
        groups: dict = {}
        for i, (_key, request, max_tokens) in enumerate(items):
            groups.setdefault((request["kind"], int(max_tokens)), []).append(i)
        for (kind, max_tokens), idx in groups.items():
            for i, res in zip(idx, self._generate(kind, [items[i][1] for i in idx], max_tokens)):
                results[i] = res
        return results

    def close(self) -> None:
        pass


# --------------------------------------------------------------------------------------- judge
class Judge:
    """Cached, batched, validated judge requests; see the module docstring.

    Use as a context manager (``with Judge(...) as judge``) so a ``vllm`` server is stopped.
    """

    def __init__(self, backend: str, model: str, *, revision: str | None = None, base_url: str | None = None,
                 served_name: str | None = None, cache_dir=None, batch_size: int = 16, workers: int = 8,
                 timeout: float = 600, log=None, retries: int = 5, vllm_args=(), startup_timeout: float = 1800):
        if backend not in BACKENDS:
            raise JudgeError(f"judge backend must be one of {BACKENDS}, got {backend!r}")
        if not model:
            raise JudgeError("judge model is required")
        if int(batch_size) < 1 or int(workers) < 1:
            raise JudgeError(f"judge batch_size and workers must be >= 1, got {batch_size}, {workers}")
        self.backend_name = backend
        self.model = str(model)
        self.revision = revision
        self.base_url = base_url
        self.served_name = served_name or self.model
        self.batch_size = int(batch_size)
        self.workers = int(workers)
        self.timeout = timeout
        self.retries = retries
        self.vllm_args = list(vllm_args or ())
        self.startup_timeout = startup_timeout
        self.log = log or (lambda s: None)
        self.identity = judge_identity(self.model, revision)
        self.cache_dir = Path(cache_dir) if cache_dir is not None else None
        self.cache = _Cache(self.cache_dir)
        self.stats = {"requests": 0, "hits": 0, "duplicates": 0, "calls": 0, "retries": 0,
                      "failures": 0}
        self.server: VLLMServer | None = None
        self._backend = None

    # -- lifecycle
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def close(self) -> None:
        if self._backend is not None:
            self._backend.close()
        if self.server is not None:
            self.server.close()

    def backend(self):
        """The generation backend, built on first use (a fully cached run never starts one)."""
        if self._backend is not None:
            return self._backend
        if self.backend_name == "hf":
            self._backend = HFBackend(self.model, log=self.log)
            return self._backend
        base_url = self.base_url
        if self.backend_name == "vllm":
            log_path = self.cache_dir / "vllm-server.log" if self.cache_dir is not None else None
            self.server = VLLMServer(self.model, self.served_name, revision=self.revision,
                                     extra_args=self.vllm_args, startup_timeout=self.startup_timeout,
                                     log_path=log_path, log=self.log)
            base_url = self.server.start()
        self._backend = OpenAIBackend(base_url, self.served_name, workers=self.workers, timeout=self.timeout,
                                      retries=self.retries,
                                      log=self.log)
        return self._backend

    # -- running
    def key(self, request) -> str:
        return request_key(request, self.identity)

    def _cached(self, key: str, request: dict):
        record = self.cache.get(key)
        if record is None:
            return None
        out = record.get("output")
        if check_output(request, out, record.get("finish_reason")) != out:
            self.log(f"judge: ignoring invalid cache entry {key}")
            return None
        return out

    def run(self, requests) -> list[str]:
        """One validated output per request, in request order."""
        reqs = [normalize_request(r) for r in requests]
        keys = [self.key(r) for r in reqs]
        self.stats["requests"] += len(reqs)
        outputs: dict[str, str] = {}
        pending, queued = [], set()
        for key, req in zip(keys, reqs):
            if key in queued or key in outputs:
                self.stats["duplicates"] += 1
                continue
            out = self._cached(key, req)
            if out is not None:
                outputs[key] = out
                self.stats["hits"] += 1
            else:
                queued.add(key)
                pending.append((key, req))
        if pending:
            self.log(f"judge: {len(reqs)} requests, {self.stats['hits']} cached so far, {len(pending)} to ask "
                     f"{self.backend_name}:{self.served_name}")
        for start in range(0, len(pending), self.batch_size):
            self._run_batch(pending[start:start + self.batch_size], outputs)
        return [outputs[k] for k in keys]

    def _run_batch(self, batch, outputs: dict) -> None:
        backend = self.backend()
        todo = list(batch)
        last: dict[str, tuple] = {}
        errors: list[JudgeError] = []
        exhausted: list[tuple] = []
        attempt = 0
        while todo:
            live = [(k, r) for k, r in todo if attempt < len(r["max_tokens"])]
            exhausted += [(k, r) for k, r in todo if attempt >= len(r["max_tokens"])]
            if not live:
                break
            items = [(k, r, r["max_tokens"][attempt]) for k, r in live]
            self.stats["calls"] += len(items)
            results = backend.generate(items)
            todo = []
            for (key, req, budget), res in zip(items, results):
                if isinstance(res, Exception):
                    errors.append(res)
                    continue
                text, finish = res
                out = check_output(req, text, finish)
                if out is None:
                    last[key] = (text, finish, budget)
                    todo.append((key, req))
                    if attempt + 1 < len(req["max_tokens"]):
                        self.stats["retries"] += 1
                        self.log(f"judge: {req['kind']} {key[:12]}: invalid output {_short(text, 80)} "
                                 f"(finish_reason {finish}, max_tokens {budget}); retrying")
                    continue
                outputs[key] = out
                self.cache.put({"key": key, "output": out, "attempt": attempt, "max_tokens": budget,
                                "finish_reason": finish, "raw": text, "judge": self.identity, "request": req,
                                "backend": self.backend_name})
            attempt += 1
        if errors:
            self.stats["failures"] += len(errors)
            raise errors[0]
        if exhausted:
            self.stats["failures"] += len(exhausted)
            key, req = exhausted[0]
            text, finish, _ = last[key]
            more = f" (and {len(exhausted) - 1} more)" if len(exhausted) > 1 else ""
            raise JudgeError(f"judge request {key}: no valid {req['kind']} after {len(req['max_tokens'])} attempts "
                             f"(max_tokens {req['max_tokens']}); last output {_short(text)} "
                             f"(finish_reason {finish}){more}")


def judge_from_config(cfg: dict, *, cache_dir=None, log=None) -> Judge:
    """A Judge from a config mapping {backend, model, revision, base_url, served_name, batch_size, workers, ...}."""
    if not isinstance(cfg, dict):
        raise JudgeError(f"judge config must be a mapping, got {type(cfg).__name__}")
    unknown = set(cfg) - CONFIG_KEYS
    if unknown:
        raise JudgeError(f"judge config has unknown keys {sorted(unknown)} (known: {sorted(CONFIG_KEYS)})")
    for need in ("backend", "model"):
        if not cfg.get(need):
            raise JudgeError(f"judge config lacks {need!r}")
    kwargs = {k: cfg[k] for k in CONFIG_KEYS - {"backend", "model"} if cfg.get(k) is not None}
    return Judge(cfg["backend"], cfg["model"], cache_dir=cache_dir, log=log, **kwargs)


# ---------------------------------------------------------------------------------- tiny judge
TINY_SEED = 0
_FIT_STEPS = 40
_FIT_ANSWERS = ["A", "B", "C", "D", "Yes", "No", "12", "3", "0.5", "[1, 2, 3]"]


def _fit_examples(rng: random.Random, n: int = 32):
    from rlvr.training.tiny import _CORPUS

    words = " ".join(_CORPUS).split()
    examples = []
    for _ in range(n):
        question = " ".join(rng.choice(words) for _ in range(rng.randint(4, 24)))
        answer = rng.choice(_FIT_ANSWERS)
        messages = [{"role": "user", "content": question}]
        if rng.random() < 0.5:
            messages.insert(0, {"role": "system", "content": "You are a strict grader."})
        examples.append((messages, answer))
    return examples


def build_tiny_judge(output_dir, seed: int = TINY_SEED) -> Path:
    """Write a tiny Qwen3 causal LM judge (random init, float32) with the tiny tokenizer to ``output_dir``.

    The random initialisation is followed by a few deterministic teacher-forced steps on short
    chat answers (a word or a number, then ``<|im_end|>``), so that its greedy generations end
    within a small budget, as a judge's do; what it answers is still meaningless.
    """
    import torch
    from transformers import Qwen3Config, Qwen3ForCausalLM

    from rlvr.training.tiny import CHAT_TEMPLATE, _tokenizer

    out = Path(output_dir)
    out.mkdir(parents=True, exist_ok=True)
    tokenizer = _tokenizer()
    assert tokenizer.chat_template == CHAT_TEMPLATE
    end_id = tokenizer.convert_tokens_to_ids("<|im_end|>")
    pad_id = tokenizer.convert_tokens_to_ids("<|endoftext|>")
    config = Qwen3Config(
        vocab_size=len(tokenizer), hidden_size=64, intermediate_size=128, num_hidden_layers=2,
        num_attention_heads=4, num_key_value_heads=2, head_dim=16, max_position_embeddings=4096,
        rope_theta=1000000.0, tie_word_embeddings=True, bos_token_id=pad_id, eos_token_id=end_id,
        pad_token_id=pad_id,
    )
    torch.manual_seed(seed)
    model = Qwen3ForCausalLM(config).to(torch.float32)

    rows = []
    for messages, answer in _fit_examples(random.Random(seed)):
        prompt = tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
        p_ids = tokenizer.encode(prompt, add_special_tokens=False)
        a_ids = tokenizer.encode(answer, add_special_tokens=False) + [end_id]
        rows.append((p_ids + a_ids, [-100] * len(p_ids) + a_ids))
    width = max(len(ids) for ids, _ in rows)
    input_ids = torch.tensor([ids + [pad_id] * (width - len(ids)) for ids, _ in rows])
    labels = torch.tensor([lab + [-100] * (width - len(lab)) for _, lab in rows])
    mask = torch.tensor([[1] * len(ids) + [0] * (width - len(ids)) for ids, _ in rows])
    optim = torch.optim.AdamW(model.parameters(), lr=1e-2, weight_decay=0.0)
    model.train()
    for _ in range(_FIT_STEPS):
        loss = model(input_ids=input_ids, attention_mask=mask, labels=labels).loss
        optim.zero_grad()
        loss.backward()
        optim.step()
    model.eval()
    model.generation_config.eos_token_id = end_id
    model.generation_config.pad_token_id = pad_id
    model.generation_config.do_sample = False
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    (out / "tiny_judge.json").write_text(pretty_json(
        {"builder": "rlvr.evaluation.judge", "seed": seed, "fit_steps": _FIT_STEPS,
         "final_loss": round(float(loss.detach()), 4)}), encoding="utf-8")
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--output", required=True, help="directory to write the tiny judge into")
    parser.add_argument("--seed", type=int, default=TINY_SEED, help="weight seed (default %(default)s)")


def run(args) -> int:
    path = build_tiny_judge(args.output, seed=args.seed)
    print(f"tiny Qwen3 judge written to {path}")
    return 0
