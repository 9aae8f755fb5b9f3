"""Run commands in their own process groups and end each whole group on a timeout or failure (tests)."""

import os
import signal
import subprocess


def _start(cmd, cwd, env, stdin):
    return subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.PIPE if stdin is not None else None,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def _end(procs):
    for p in procs:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()


def run(cmd, *, cwd=None, env=None, timeout=600, stdin=None) -> subprocess.CompletedProcess:
    p = _start(cmd, cwd, env, stdin)
    try:
        out, err = p.communicate(stdin, timeout=timeout)
    finally:
        _end([p])
    return subprocess.CompletedProcess(cmd, p.returncode, out, err)


def run_all(cmds, *, cwd=None, env=None, timeout=600) -> list[subprocess.CompletedProcess]:
    """Start every command at once (they run concurrently), then collect each one's result."""
    procs = [_start(cmd, cwd, env, None) for cmd in cmds]
    try:
        outs = [p.communicate(timeout=timeout) for p in procs]
    finally:
        _end(procs)
    return [subprocess.CompletedProcess(cmd, p.returncode, out, err) for cmd, p, (out, err) in zip(cmds, procs, outs)]
