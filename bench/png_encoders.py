#!/usr/bin/env python
"""PNG encoders on our rendered images: CPU ms per megapixel, file size against ours, and whether
each encoder's bytes are the same in fresh processes (a build's images must be byte-identical
whatever the worker or machine).

    python bench/png_encoders.py --tasks ../shared/reference/catalog/tranche1.txt --per-scene 1 --seeds 2
    python bench/png_encoders.py --extra-path /tmp/enc   # where fpng / deflate were pip-installed (--target)

Encoders (each skipped, with a note, when its package is missing): ours (``tracegen.core.png``:
filter 0 scanlines, zlib-ng level 1), the same scanlines through stdlib zlib level 1, zlib-ng
level 2 and libdeflate level 1 (``deflate``, our encoder before), fpng (``fpng``: its own filter
and deflate), PIL's PNG writer at
its defaults (level 6, adaptive filters: what the original's exporter writes) and at level 1,
and cairo's ``write_to_png``.  Each image is encoded ``--repeats`` times and its least CPU time
kept.  Determinism: every encoder's SHA-256 over all images, computed here and in
``--processes`` fresh processes, must agree.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import statistics
import subprocess
import sys
import time
import zlib
from pathlib import Path


def _scanlines(rgb):
    import numpy as np

    h, w, _ = rgb.shape
    buf = np.zeros((h, 1 + 3 * w), dtype=np.uint8)
    buf[:, 1:] = rgb.reshape(h, 3 * w)
    return buf


def _png(w, h, idat: bytes) -> bytes:
    from tracegen.core import png

    ihdr = png.struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return png.SIGNATURE + png._chunk(b"IHDR", ihdr) + png._chunk(b"IDAT", idat) + png._chunk(b"IEND", b"")


def encoders() -> tuple[dict, list[str]]:
    """{name: encode(canvas, rgb) -> bytes} for the encoders available here, and notes on the rest."""
    from PIL import Image

    from tracegen.core import png

    out, missing = {}, []
    from zlib_ng import zlib_ng

    out["ours (zlib-ng 1)"] = lambda cv, rgb: png.encode_rgb(rgb)
    out["zlib 1"] = lambda cv, rgb: _png(rgb.shape[1], rgb.shape[0], zlib.compress(_scanlines(rgb), 1))
    out["zlib-ng 2"] = lambda cv, rgb: _png(rgb.shape[1], rgb.shape[0], zlib_ng.compress(_scanlines(rgb), 2))
    try:
        import deflate

        out["libdeflate 1"] = lambda cv, rgb: _png(rgb.shape[1], rgb.shape[0],
                                                   deflate.zlib_compress(_scanlines(rgb), 1))
    except ImportError:
        missing.append("libdeflate (pip install deflate)")
    try:
        import fpng

        out["fpng"] = lambda cv, rgb: fpng.from_ndarray(rgb)
    except ImportError:
        missing.append("fpng (pip install fpng)")

    def pil(level):
        def enc(cv, rgb):
            buf = io.BytesIO()
            Image.fromarray(rgb).save(buf, format="PNG", **({} if level is None else {"compress_level": level}))
            return buf.getvalue()
        return enc

    out["PIL default (6)"] = pil(None)
    out["PIL 1"] = pil(1)

    def cairo_png(cv, rgb):
        buf = io.BytesIO()
        cv.surface.write_to_png(buf)
        return buf.getvalue()

    out["cairo"] = cairo_png
    return out, missing


def images(task_ids, seeds: int):
    """(canvas, rgb) of instances 0..seeds-1 of each task, at our own sizes."""
    from tracegen import registry
    from tracegen.core import engine

    for tid in task_ids:
        spec = registry.get(tid)
        for s in range(seeds):
            inst = engine.generate(spec, seed=s, split="bench", index=s, encode=False)
            yield inst.canvas, inst.canvas.to_rgb()


def digests(task_ids, seeds: int) -> dict:
    """Per encoder: SHA-256 over its bytes for every image, in order."""
    encs, _ = encoders()
    hs = {name: hashlib.sha256() for name in encs}
    for cv, rgb in images(task_ids, seeds):
        for name, enc in encs.items():
            hs[name].update(enc(cv, rgb))
    return {name: h.hexdigest() for name, h in hs.items()}


def pick_tasks(path: str | None, per_scene: int) -> list[str]:
    from tracegen import registry

    known = registry.task_ids()
    ids = [t for t in Path(path).read_text().split() if t in set(known)] if path else known
    by_scene: dict = {}
    for t in ids:
        by_scene.setdefault(t.split("__")[1], []).append(t)
    return [t for scene in sorted(by_scene) for t in by_scene[scene][:per_scene]]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tasks", help="task list file (default: every registered task)")
    p.add_argument("--per-scene", type=int, default=1, help="tasks per scene")
    p.add_argument("--seeds", type=int, default=2)
    p.add_argument("--repeats", type=int, default=3, help="encodings per image; the least CPU time is kept")
    p.add_argument("--processes", type=int, default=2, help="fresh processes that recompute the digests")
    p.add_argument("--extra-path", action="append", default=[], help="appended to sys.path (e.g. a pip --target "
                                                                     "folder with fpng / deflate)")
    p.add_argument("--digests-only", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    sys.path.extend(a.extra_path)
    tasks = pick_tasks(a.tasks, a.per_scene)
    if a.digests_only:
        print(json.dumps(digests(tasks, a.seeds)))
        return 0

    encs, missing = encoders()
    ms_per_mp = {n: [] for n in encs}
    size = {n: 0 for n in encs}
    mps = []
    for cv, rgb in images(tasks, a.seeds):
        mp = rgb.shape[0] * rgb.shape[1] / 1e6
        mps.append(mp)
        for name, enc in encs.items():
            best = None
            for _ in range(a.repeats):
                t = time.process_time()
                data = enc(cv, rgb)
                dt = time.process_time() - t
                best = dt if best is None else min(best, dt)
            ms_per_mp[name].append(best * 1000 / mp)
            size[name] += len(data)
    here = digests(tasks, a.seeds)
    env = dict(os.environ, PYTHONHASHSEED="random")
    fresh = []
    for _ in range(a.processes):
        cmd = [sys.executable, __file__, "--digests-only", "--per-scene", str(a.per_scene), "--seeds", str(a.seeds)]
        cmd += (["--tasks", a.tasks] if a.tasks else []) + [x for e in a.extra_path for x in ("--extra-path", e)]
        fresh.append(json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True, env=env,
                                               timeout=3600).stdout))
    ours = size["ours (zlib-ng 1)"]
    print(f"{len(mps)} images of {len(tasks)} tasks (median {statistics.median(mps):.2f} MP), least of "
          f"{a.repeats} encodings each, CPU time")
    print(f"{'encoder':<22}{'ms/MP (median)':>16}{'bytes vs ours':>15}  same bytes in {a.processes} fresh processes")
    for name in encs:
        same = all(f[name] == here[name] for f in fresh)
        print(f"{name:<22}{statistics.median(ms_per_mp[name]):>16.2f}{size[name] / ours:>15.2f}  "
              f"{'yes' if same else 'NO'}")
    for m in missing:
        print(f"not measured: {m}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
