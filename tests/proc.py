"""Run a command in its own process group and end the whole group on a timeout or failure (tests)."""

import os
import signal
import subprocess


def run(cmd, *, cwd=None, env=None, timeout=600, stdin=None) -> subprocess.CompletedProcess:
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.PIPE if stdin is not None else None,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = p.communicate(stdin, timeout=timeout)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
    return subprocess.CompletedProcess(cmd, p.returncode, out, err)
