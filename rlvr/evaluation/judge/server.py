"""The judge's ``vllm serve`` process: started on demand on a free local port (the ``vllm`` backend of
:class:`~rlvr.evaluation.judge.engine.Judge`), polled on ``/health`` until ready, and stopped with its
whole process group."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from . import JudgeError


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
