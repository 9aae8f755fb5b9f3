"""A render does not depend on what the process drew before (issue 21, item 4).

cairo resolves a font face once per process, at the size it is first drawn at, and fontconfig's rules
depend on that size (Debian turns hinting off for DejaVu below 7.5 px), so with font options left to
their defaults a small text's pixels depended on the process's history: a physics build at
``max_side: 512`` failed its own replay, and ``tracegen validate --workers 2`` reported false
E_REPLAY.  Here one task of every scene is rendered at three sizes in a fresh process each, and in two
processes that render everything in opposite orders; every PNG must be the same bytes.
"""

import json
import sys
from pathlib import Path

import proc
import pytest

# `early`: three processes render every scene (~75 s of CPU); the suite starts it first
pytestmark = pytest.mark.early(75)

HERE = Path(__file__).resolve().parent
SIDES = ["--max-side", "384", "--max-side", "512", "--max-side", "1024"]


def test_every_scene_renders_the_same_bytes_whatever_the_process_drew_before():
    script = [sys.executable, str(HERE / "render_history.py"), *SIDES]
    fresh, forward, reverse = proc.run_all([script + ["--fresh"], script + ["--order", "forward"],
                                            script + ["--order", "reverse"]], timeout=900)
    for r in (fresh, forward, reverse):
        assert r.returncode == 0, r.stderr[-3000:]
    fresh, forward, reverse = (json.loads(r.stdout) for r in (fresh, forward, reverse))
    assert len(fresh) >= 3 * 60 and set(fresh) == set(forward) == set(reverse)
    differ = sorted(k for k in fresh if not fresh[k] == forward[k] == reverse[k])
    assert not differ, f"{len(differ)} renders depend on the process's history, e.g. {differ[:5]}"
