"""The judge engine: one cache and one backend behind both front-ends (the benchmarks' row scorers through
``rlvr judge``, the TRACE validation campaign's extraction through ``rlvr trace-validation judge``).

``Judge.complete(requests)`` answers each :class:`~rlvr.evaluation.benchmarks.base.JudgeRequest` exactly as it
is built (its messages and parameters; no added system message, free output) and returns one
:class:`JudgeReply` (text + ``finish_reason``) per request, in order. Retry ladders and output validation are
the front-ends' business; transport failures the backend's (:mod:`.backends`).

Every reply is cached under sha256 of the canonical JSON of (judge identity, request[, nonempty]) as
``<cache>/<key[:2]>/<key>.json`` (written atomically; the record holds the identity, the request, the reply
and its finish_reason), so a re-run asks nothing twice and a fully cached run never starts a backend. Backends:

``openai``  an OpenAI-compatible server at ``base_url`` (``vllm serve ... --served-model-name qwen3-32b-judge``);
``vllm``    starts ``vllm serve`` itself (:mod:`.server`; lazily, once for all requests of the job), then as
            ``openai``; stopped by ``close()`` / leaving the ``with`` block;
``hf``      in-process transformers from a local directory (the tiny CPU judge).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from tracegen.core.canonical import canonical_json
from tracegen.core.files import write_atomic

from ..benchmarks.base import JudgeReply
from ..common.judge_protocol import JUDGE_MODEL
from . import JudgeError

BACKENDS = ("openai", "vllm", "hf")


class ReplyCache:
    """Content-addressed judge replies: ``<root>/<key[:2]>/<key>.json`` (no root: memory only)."""

    def __init__(self, root=None):
        self.root = Path(root) if root is not None else None
        self.memory: dict[str, dict] = {}

    def path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict | None:
        """The stored record, or None (absent or unreadable)."""
        if key in self.memory:
            return self.memory[key]
        if self.root is None or not self.path(key).is_file():
            return None
        try:
            record = json.loads(self.path(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return record if isinstance(record, dict) else None

    def put(self, key: str, record: dict) -> None:
        self.memory[key] = record
        if self.root is not None:
            write_atomic(self.path(key), canonical_json(record) + "\n")


class Judge:
    """Cached judge requests over one backend; see the module docstring. Use as a context manager."""

    def __init__(self, backend: str, model: str, *, revision: str | None = None, base_url: str | None = None,
                 served_name: str = JUDGE_MODEL, cache_dir=None, workers: int = 16, timeout: float = 600,
                 max_retries: int = 5, vllm_args=(), startup_timeout: float = 1800, log=None):
        if backend not in BACKENDS:
            raise JudgeError(f"judge backend must be one of {BACKENDS}, got {backend!r}")
        if not model:
            raise JudgeError("judge model is required")
        if backend == "openai" and not base_url:
            raise JudgeError("judge backend openai needs --judge-url")
        if int(workers) < 1:
            raise JudgeError(f"judge workers must be >= 1, got {workers}")
        self.backend_name, self.model, self.revision = backend, str(model), revision
        self.base_url, self.served_name = base_url, served_name
        self.cache_dir = Path(cache_dir) if cache_dir else None
        self.cache = ReplyCache(self.cache_dir)
        self.workers, self.timeout, self.max_retries = int(workers), float(timeout), int(max_retries)
        self.vllm_args, self.startup_timeout = list(vllm_args or ()), startup_timeout
        self.log = log or (lambda s: None)
        # what identifies the judge in cache keys: the model (a local directory by its name) and its revision
        self.identity = {"model": self.model if not Path(self.model).is_dir() else Path(self.model).name,
                         "revision": revision}
        self.server = None
        self._backend = None
        self.stats = {"requests": 0, "cached": 0, "asked": 0}

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
        if self._backend is None:
            from . import backends

            if self.backend_name == "hf":
                self._backend = backends.HFBackend(self.model, log=self.log)
            else:
                url = self.base_url
                if self.backend_name == "vllm":
                    from .server import VLLMServer

                    log_path = self.cache_dir / "vllm-server.log" if self.cache_dir else None
                    self.server = VLLMServer(self.model, self.served_name, revision=self.revision,
                                             extra_args=self.vllm_args, startup_timeout=self.startup_timeout,
                                             log_path=log_path, log=self.log)
                    url = self.server.start()
                self._backend = backends.OpenAIBackend(url, self.served_name, backends.ChatRenderer(self.model),
                                                       workers=self.workers, timeout=self.timeout,
                                                       max_retries=self.max_retries)
        return self._backend

    # -- requests
    def _material(self, req, nonempty: bool) -> dict:
        return {"judge": self.identity, "request": req.as_json(), **({"nonempty": True} if nonempty else {})}

    def key(self, req, *, nonempty: bool = False) -> str:
        return hashlib.sha256(canonical_json(self._material(req, nonempty)).encode()).hexdigest()

    def _cached(self, key: str, material: dict) -> JudgeReply | None:
        rec = self.cache.get(key)
        if rec is None:
            return None
        if any(rec.get(k) != v for k, v in material.items()) or not isinstance(rec.get("reply"), str):
            self.log(f"judge: ignoring cache entry {key[:12]} (not this request's)")
            return None
        return JudgeReply(rec["reply"], rec.get("finish_reason"))

    def complete(self, requests, *, nonempty: bool = False) -> list[JudgeReply]:
        """One reply per request, in order (cached, or asked once per distinct request). Replies that came
        back are cached before a failed request raises JudgeError."""
        materials = [self._material(r, nonempty) for r in requests]
        keys = [hashlib.sha256(canonical_json(m).encode()).hexdigest() for m in materials]
        self.stats["requests"] += len(requests)
        found: dict[str, JudgeReply] = {}
        todo: dict[str, int] = {}
        for i, k in enumerate(keys):
            if k in found or k in todo:
                continue
            reply = self._cached(k, materials[i])
            if reply is not None:
                found[k] = reply
                self.stats["cached"] += 1
            else:
                todo[k] = i
        if todo:
            self.log(f"judge: {len(requests)} requests, {len(todo)} to ask {self.backend_name}")
            replies = self.backend().generate([requests[i] for i in todo.values()], nonempty=nonempty)
            self.stats["asked"] += len(todo)
            errors = []
            for (k, i), reply in zip(todo.items(), replies):
                if isinstance(reply, Exception):
                    errors.append((k, reply))
                    continue
                found[k] = reply
                self.cache.put(k, dict(materials[i], reply=str(reply), finish_reason=reply.finish_reason))
            if errors:
                k, e = errors[0]
                more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
                raise JudgeError(f"judge request {k[:12]}: {e}{more}")
        return [found[k] for k in keys]
