"""Every Python example of docs/library.md runs: each block in a fresh process, in an empty folder, offline.
A block preceded by ``<!-- test: slow -->`` runs in the slow tier.  The page also lists every public name."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import tracegen

PAGE = Path(__file__).resolve().parents[1] / "docs" / "library.md"
BLOCK = re.compile(r"(?P<marker><!-- test: slow -->\n)?```python\n(?P<code>.*?)\n```", re.S)


def _blocks():
    text = PAGE.read_text(encoding="utf-8")
    out = []
    for m in BLOCK.finditer(text):
        line = text.count("\n", 0, m.start("code")) + 1
        marks = [pytest.mark.slow] if m["marker"] else []
        out.append(pytest.param(m["code"], id=f"line{line}", marks=marks))
    return out


BLOCKS = _blocks()


def test_the_page_has_examples_and_names_the_whole_api():
    assert len(BLOCKS) >= 8
    text = PAGE.read_text(encoding="utf-8")
    for name in tracegen.__all__:
        assert f"tracegen.{name}" in text, name
    for name in ("tracegen.hf.iterable_dataset", "tracegen.hf.features", "tracegen.trl.dataset",
                 "tracegen.trl.reward", "tracegen.trl.make_reward"):
        assert name in text, name


@pytest.mark.parametrize("code", BLOCKS)
def test_example_runs(code, tmp_path):
    env = dict(os.environ, HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", TRANSFORMERS_OFFLINE="1",
               TOKENIZERS_PARALLELISM="false", HF_HOME=str(tmp_path / "hf"))
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=540)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0, f"example failed:\n{code}\n--- stderr ---\n{err[-3000:]}"
    assert out.strip(), "an example prints what it shows"
