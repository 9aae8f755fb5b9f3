"""The judge model behind the benchmark modules' requests (:class:`~rlvr.evaluation.benchmarks.base.JudgeRequest`).

``ProtocolJudge.complete(requests)`` answers each request exactly as it is built (the reference's messages and
parameters; no added system message, free output): transport ``chat`` -> POST /v1/chat/completions,
transport ``completions`` -> POST /v1/completions with the prompt the judge tokenizer's chat template renders
from the messages (``add_generation_prompt=True, enable_thinking=False``), as the reference's PersistentJudge
does. Replies come back as :class:`JudgeReply` (text + ``finish_reason``); retry ladders are the benchmark
scorers' business, transport failures the ``openai`` client's (its own ``max_retries`` and ``timeout``).

Every answer is cached under sha256(judge identity, request) in ``<cache>/<key[:2]>/<key>.json`` (atomic
writes), so a re-run asks nothing twice. Backends:

``openai``  an OpenAI-compatible server at ``base_url`` (``vllm serve ... --served-model-name qwen3-32b-judge``);
``vllm``    starts ``vllm serve`` itself (lazily, once for all requests of the job), then as ``openai``;
``hf``      in-process transformers from a local directory (the tiny CPU judge): greedy at temperature 0,
            seeded sampling otherwise.
"""

from __future__ import annotations

import hashlib
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tracegen.core.canonical import canonical_json
from tracegen.core.files import write_atomic

from .benchmarks.base import JudgeReply, JudgeRequest
from .common.judge_protocol import JUDGE_MODEL
from .judge import HFBackend, JudgeError, VLLMServer

BACKENDS = ("openai", "vllm", "hf")


def _text_of(content) -> str:
    """A message's content as one string (chat content lists are text items only)."""
    if isinstance(content, str):
        return content
    return "".join(part.get("text", "") for part in content if part.get("type") == "text")


class _Renderer:
    """The judge tokenizer's chat template (the /v1/completions prompt of the reference)."""

    def __init__(self, model_dir):
        self.model_dir = model_dir
        self._tok = None

    def __call__(self, messages) -> str:
        if self._tok is None:
            if not Path(str(self.model_dir)).is_dir():
                raise JudgeError(f"completions requests need the judge tokenizer: {self.model_dir} is not a directory")
            from transformers import AutoTokenizer

            self._tok = AutoTokenizer.from_pretrained(self.model_dir)
        msgs = [{"role": m["role"], "content": _text_of(m["content"])} for m in messages]
        try:
            return self._tok.apply_chat_template(msgs, tokenize=False, add_generation_prompt=True, enable_thinking=False)
        except TypeError:
            return self._tok.apply_chat_template(msgs, tokenize=False, add_generation_prompt=True)


class OpenAIClientBackend:
    def __init__(self, base_url: str, served_name: str, render, *, workers: int, timeout: float, max_retries: int):
        from openai import OpenAI

        self.client = OpenAI(base_url=base_url, api_key="sk-local", timeout=timeout, max_retries=max_retries)
        self.served_name, self.render, self.workers = served_name, render, workers

    def _one(self, req: JudgeRequest) -> JudgeReply:
        import openai

        p = dict(req.params)
        kwargs = {k: p[k] for k in ("temperature", "top_p", "max_tokens") if k in p}
        if "chat_template_kwargs" in p:
            kwargs["extra_body"] = {"chat_template_kwargs": p["chat_template_kwargs"]}
        try:
            if req.transport == "chat":
                out = self.client.chat.completions.create(model=self.served_name, messages=req.messages, **kwargs)
                choice = out.choices[0]
                return JudgeReply(choice.message.content or "", choice.finish_reason)
            out = self.client.completions.create(model=self.served_name, prompt=self.render(req.messages), **kwargs)
            choice = out.choices[0]
            return JudgeReply(choice.text or "", choice.finish_reason)
        except openai.OpenAIError as e:
            raise JudgeError(f"judge request failed after the client's retries: {type(e).__name__}: "
                             f"{str(e).splitlines()[0][:200] if str(e) else ''}") from None

    def generate(self, requests):
        with ThreadPoolExecutor(max_workers=max(1, min(self.workers, len(requests)))) as pool:
            return list(pool.map(self._one, requests))

    def close(self):
        self.client.close()


class HFClientBackend:
    """The tiny in-process judge: the same rendering, greedy (temperature 0) or seeded sampling."""

    def __init__(self, model_dir, log=None):
        self.hf = HFBackend(model_dir, log=log)
        self.render = _Renderer(model_dir)
        self.render._tok = self.hf.tokenizer

    def generate(self, requests):
        torch = self.hf.torch
        groups: dict = {}
        for i, r in enumerate(requests):
            groups.setdefault((int(r.params.get("max_tokens", 256)), float(r.params.get("temperature", 0.0)),
                               float(r.params.get("top_p", 1.0))), []).append(i)
        out: list = [None] * len(requests)
        for (max_tokens, temperature, top_p), idx in sorted(groups.items()):
            enc = self.hf.tokenizer([self.render(requests[i].messages) for i in idx], return_tensors="pt",
                                    padding=True, add_special_tokens=False).to(self.hf.device)
            width = enc["input_ids"].shape[1]
            kwargs = dict(max_new_tokens=max_tokens, eos_token_id=self.hf.eos_ids, pad_token_id=self.hf.pad_id)
            if temperature > 0:
                torch.manual_seed(0)
                kwargs.update(do_sample=True, temperature=temperature, top_p=top_p, top_k=0)
            else:
                kwargs.update(do_sample=False, num_beams=1, temperature=None, top_p=None, top_k=None)
            with torch.no_grad():
                gen = self.hf.model.generate(**enc, **kwargs)
            for i, row in zip(idx, gen):
                text, finish = self.hf._decode(row[width:].tolist())
                out[i] = JudgeReply(text, finish)
        return out

    def close(self):
        pass


class ProtocolJudge:
    def __init__(self, backend: str, model: str, *, revision: str | None = None, base_url: str | None = None,
                 served_name: str = JUDGE_MODEL, cache_dir=None, workers: int = 16, timeout: float = 600,
                 max_retries: int = 5, vllm_args=(), startup_timeout: float = 1800, log=None):
        if backend not in BACKENDS:
            raise JudgeError(f"judge backend must be one of {BACKENDS}, got {backend!r}")
        if backend == "openai" and not base_url:
            raise JudgeError("judge backend openai needs --judge-url")
        self.backend_name, self.model, self.revision = backend, str(model), revision
        self.base_url, self.served_name = base_url, served_name
        self.cache_dir = Path(cache_dir) if cache_dir else None
        self.workers, self.timeout, self.max_retries = int(workers), float(timeout), int(max_retries)
        self.vllm_args, self.startup_timeout = list(vllm_args or ()), startup_timeout
        self.log = log or (lambda s: None)
        self.identity = {"model": self.model if not Path(self.model).is_dir() else Path(self.model).name,
                         "revision": revision}
        self.server = None
        self._backend = None
        self.stats = {"requests": 0, "cached": 0, "asked": 0}

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def close(self):
        if self._backend is not None:
            self._backend.close()
        if self.server is not None:
            self.server.close()

    def _backend_obj(self):
        if self._backend is None:
            if self.backend_name == "hf":
                self._backend = HFClientBackend(self.model, log=self.log)
            else:
                url = self.base_url
                if self.backend_name == "vllm":
                    log_path = self.cache_dir / "vllm-server.log" if self.cache_dir else None
                    self.server = VLLMServer(self.model, self.served_name, revision=self.revision,
                                             extra_args=self.vllm_args, startup_timeout=self.startup_timeout,
                                             log_path=log_path, log=self.log)
                    url = self.server.start()
                self._backend = OpenAIClientBackend(url, self.served_name, _Renderer(self.model), workers=self.workers,
                                                    timeout=self.timeout, max_retries=self.max_retries)
        return self._backend

    def key(self, req: JudgeRequest) -> str:
        return hashlib.sha256(canonical_json({"judge": self.identity, "request": req.as_json()}).encode()).hexdigest()

    def _path(self, key: str):
        return self.cache_dir / key[:2] / f"{key}.json" if self.cache_dir else None

    def complete(self, requests: list[JudgeRequest]) -> list[JudgeReply]:
        keys = [self.key(r) for r in requests]
        self.stats["requests"] += len(requests)
        found: dict[str, JudgeReply] = {}
        todo: dict[str, JudgeRequest] = {}
        for k, r in zip(keys, requests):
            if k in found or k in todo:
                continue
            p = self._path(k)
            if p is not None and p.is_file():
                try:
                    rec = json.loads(p.read_text(encoding="utf-8"))
                    found[k] = JudgeReply(rec["reply"], rec.get("finish_reason"))
                    self.stats["cached"] += 1
                    continue
                except (OSError, ValueError, KeyError):
                    self.log(f"judge: ignoring unreadable cache entry {p}")
            todo[k] = r
        if todo:
            self.log(f"judge: {len(requests)} requests, {len(todo)} to ask {self.backend_name}")
            replies = self._backend_obj().generate(list(todo.values()))
            self.stats["asked"] += len(todo)
            for (k, r), reply in zip(todo.items(), replies):
                found[k] = reply
                p = self._path(k)
                if p is not None:
                    write_atomic(p, canonical_json({"judge": self.identity, "request": r.as_json(),
                                                    "reply": str(reply), "finish_reason": reply.finish_reason}) + "\n")
        return [found[k] for k in keys]
