"""The original generator's side of ``bench/generate.py --reference-python``: run under that
Python (a venv with the original TRACE generator, maveryn/trace at commit 5ef7944, installed),
never under ours.  Standard library and PIL only; it imports nothing of tracegen.

Protocol (JSON lines): the worker first writes ``{"ready": true}`` (or ``{"error": "..."}``
and exits 1 when ``trace_tasks`` cannot be imported).  Each request line is
``{"task": "<task id>", "seed": k}``; the answer line is

    {"ok": true, "w": W, "h": H, "ms_render": R, "ms_png": P, "png_bytes": N}

with R the process CPU milliseconds of ``trace_tasks.generate_task(task, seed=k)`` and P those
of writing its image as the original's exporter does (PIL's PNG writer at its defaults, after
a conversion to RGB where the mode is not RGB, RGBA or L), or ``{"ok": false, "error": "..."}``
when the generator raised.  End of input ends the worker.

``reference_worker.py --list`` instead runs the original's task listing once (its ``trace-list``,
output discarded): the benchmark times that fresh process as the original's cold start.
"""

from __future__ import annotations

import io
import json
import sys
import time


ANSWERS = sys.stdout    # the protocol's channel; anything the generator prints goes to stderr


def _answer(obj) -> None:
    ANSWERS.write(json.dumps(obj) + "\n")
    ANSWERS.flush()


def serve(generate_task, lines, clock=time.process_time) -> None:
    for line in lines:
        if not line.strip():
            continue
        req = json.loads(line)
        t0 = clock()
        try:
            out = generate_task(req["task"], seed=int(req["seed"]))
        except Exception as e:  # noqa: BLE001 - reported to the benchmark, which counts it
            _answer({"ok": False, "error": f"{type(e).__name__}: {e}"[:300]})
            continue
        t1 = clock()
        image = out.image
        if image.mode not in ("RGB", "RGBA", "L"):
            image = image.convert("RGB")
        buf = io.BytesIO()
        image.save(buf, format="PNG")
        t2 = clock()
        _answer({"ok": True, "w": image.width, "h": image.height, "ms_render": (t1 - t0) * 1000,
                 "ms_png": (t2 - t1) * 1000, "png_bytes": buf.tell()})


def main(argv) -> int:
    sys.stdout = sys.stderr
    if argv[1:] == ["--list"]:
        import contextlib
        import os

        from trace_tasks.cli import list_main

        with open(os.devnull, "w") as null, contextlib.redirect_stdout(null), contextlib.redirect_stderr(null):
            return list_main([])
    try:
        from trace_tasks import generate_task
    except Exception as e:  # noqa: BLE001 - one line for the benchmark to show
        _answer({"error": f"cannot import trace_tasks.generate_task: {type(e).__name__}: {e}"})
        return 1
    _answer({"ready": True})
    serve(generate_task, sys.stdin)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
