"""Our side of the side-by-side benchmark: a worker process under the original's Python
(``reference_worker.py``, protocol there) and fresh-process cold starts, timed in CPU seconds."""

from __future__ import annotations

import json
import os
import resource
import signal
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

WORKER = Path(__file__).with_name("reference_worker.py")
START_TIMEOUT_S = 600    # importing the original takes a few seconds; a busy machine, minutes


class WorkerError(Exception):
    """The reference Python could not be started or broke the protocol (one line for the user)."""


def _env() -> dict:
    """The reference runs in its own venv: none of our path settings leak into it."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}


class Reference:
    """``with Reference.start(python) as ref: ref.time(task_id, seed)``; ``start(None)`` gives None."""

    def __init__(self, python: str):
        self.python = python
        self.stderr = tempfile.TemporaryFile(mode="w+")   # a file, not a pipe: warnings cannot fill it up
        try:
            self.proc = subprocess.Popen([python, str(WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=self.stderr, text=True, env=_env(), start_new_session=True)
        except OSError as e:
            self.stderr.close()
            raise WorkerError(f"cannot run the reference Python {python}: {e.strerror or e}") from None
        try:
            hello = self._read()
            if not hello.get("ready"):
                raise WorkerError(f"reference Python {python}: {hello.get('error', hello)}")
        except WorkerError:
            self.close()
            raise

    @classmethod
    def start(cls, python: str | None):
        return cls(python) if python else _Nothing()

    @staticmethod
    def list_command(python: str) -> list[str]:
        return [python, str(WORKER), "--list"]

    def _read(self) -> dict:
        line = self.proc.stdout.readline()
        if not line:
            self.proc.wait()
            self.stderr.seek(0)
            err = self.stderr.read().strip().splitlines()
            raise WorkerError(f"reference worker ({self.python}) ended: {err[-1] if err else 'no output'}")
        try:
            return json.loads(line)
        except json.JSONDecodeError:
            raise WorkerError(f"reference worker ({self.python}) wrote {line.strip()[:200]!r}") from None

    def time(self, task_id: str, seed: int) -> dict:
        """The original's instance: {"ok", "w", "h", "ms_render", "ms_png", "png_bytes"} or {"ok": False, "error"}."""
        try:
            self.proc.stdin.write(json.dumps({"task": task_id, "seed": seed}) + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise WorkerError(f"reference worker ({self.python}) is gone") from None
        return self._read()

    def close(self) -> None:
        """End the worker and its whole process group."""
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=60)
        except (subprocess.TimeoutExpired, BrokenPipeError, OSError):
            pass
        finally:
            if self.proc.poll() is None:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
            self.proc.stdout.close()
            self.stderr.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class _Nothing:
    """``with Reference.start(None) as ref`` binds None."""

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return None


def run_to_end(cmd: list[str], *, input: str | None = None, stdout=subprocess.PIPE, env=None,
               timeout: float | None = None) -> tuple:
    """Run ``cmd`` in its own session to its end: (exit status, stdout, stderr), text.  Its whole
    process group is killed if it is still running when the call ends (a timeout, an interrupt)."""
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE if input is not None else None, stdout=stdout,
                         stderr=subprocess.PIPE, text=True, env=env, start_new_session=True)
    try:
        out, err = p.communicate(input, timeout=timeout)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
    return p.returncode, out, err


def cold_start(cmd: list[str], repeats: int = 5, timeout: float = 1800, reference: bool = False) -> tuple:
    """Median (wall s, CPU s) of a fresh process running ``cmd`` (CPU: user + system of the child;
    ``reference``: run it in the reference's clean environment)."""
    walls, cpus = [], []
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        rc, _, err = run_to_end(cmd, stdout=subprocess.DEVNULL, env=_env() if reference else None, timeout=timeout)
        walls.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if rc != 0:
            raise WorkerError(f"{' '.join(cmd)} failed: {(err or '').strip().splitlines()[-1:] or rc}")
    return statistics.median(walls), statistics.median(cpus)
