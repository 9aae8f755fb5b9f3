#!/usr/bin/env python
"""Generation benchmark: per-task median milliseconds per finished instance, megapixels per
second, the PNG encoder against cairo's own writer, a matched-size comparison with the
reference generator, and `tracegen list` cold start.

    python bench/generate.py --tasks ../shared/reference/catalog/tranche1.txt --seeds 20 \\
        --reference ../shared/reference/catalog/ref_task_stats.tsv --out bench/out.tsv

Per instance: ms_render = sample + render + answer + annotation + prompt (no encoding); ms_png =
our PNG bytes of the same image; ms_total = both (a finished instance); ms_cairo_png = cairo's
``write_to_png`` of the same surface (the encoder used before, for comparison). With
``--reference``, every instance is generated a second time at the reference's median image area
for its task (``engine.generate(megapixels=...)``, render-only) and timed the same way: the
matched-size figures compare with the reference generator's 91 ms render + 21 ms PNG per
instance (median over the tranche-1 ids, measured at its own sizes on this machine). Times are
the process's CPU time (the work is single-threaded; wall time on a busy machine would count
other processes). The first instance of each task (imports, fonts) is a warm-up and not timed.
"""

from __future__ import annotations

import argparse
import csv
import io
import statistics
import subprocess
import sys
import time
from pathlib import Path

REF_MS_RENDER, REF_MS_PNG, REF_COLD_S = 91.0, 21.0, 72.0
REF_MS_TOTAL = REF_MS_RENDER + REF_MS_PNG


def cold_start(repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "tracegen", "list"], check=True, capture_output=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def _time_instances(spec, seeds: int, megapixels=None):
    from tracegen.core import engine

    engine.generate(spec, seed=10**6, split="bench", index=0, megapixels=megapixels)  # warm-up
    render, png, cairo_png, mps, sizes = [], [], [], [], []
    clock = time.process_time   # CPU time of this (single-threaded) process: robust to a busy machine
    for s in range(seeds):
        t0 = clock()
        inst = engine.generate(spec, seed=s, split="bench", index=s, encode=False, megapixels=megapixels)
        t1 = clock()
        data = inst.png()
        t2 = clock()
        out = io.BytesIO()
        inst.canvas.surface.write_to_png(out)
        t3 = clock()
        render.append((t1 - t0) * 1000)
        png.append((t2 - t1) * 1000)
        cairo_png.append((t3 - t2) * 1000)
        mps.append(inst.canvas.px_width * inst.canvas.px_height / 1e6)
        sizes.append((len(data), out.tell()))
    med = statistics.median
    return {"ms_render": med(render), "ms_png": med(png), "ms_total": med(r + p for r, p in zip(render, png)),
            "ms_cairo_png": med(cairo_png), "mp": med(mps),
            "mp_per_s": sum(mps) / (sum(render) + sum(png)) * 1000,
            "png_ms_per_mp": med(p / m for p, m in zip(png, mps)),
            "cairo_ms_per_mp": med(c / m for c, m in zip(cairo_png, mps)),
            "bytes_ratio": sum(a for a, _ in sizes) / sum(b for _, b in sizes)}


FIELDS = ("mp", "ms_render", "ms_png", "ms_total", "mp_per_s", "ms_cairo_png", "png_ms_per_mp", "cairo_ms_per_mp",
          "bytes_ratio")
MATCHED = ("ref_mp", "matched_ms_render", "matched_ms_png", "matched_ms_total", "matched_speedup",
           "matched_ms_cairo_png")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tasks", help="file with one task id per line (default: every registered task)")
    p.add_argument("--seeds", type=int, default=20, help="instances per task")
    p.add_argument("--reference", help="the reference's ref_task_stats.tsv (adds the matched-size run)")
    p.add_argument("--out", required=True, help="TSV to write")
    a = p.parse_args(argv)

    from tracegen import registry

    known = set(registry.task_ids())
    wanted = Path(a.tasks).read_text().split() if a.tasks else sorted(known)
    ref = {}
    if a.reference:
        with open(a.reference, newline="", encoding="utf-8") as f:
            ref = {r["task_id"]: r for r in csv.DictReader(f, delimiter="\t")}
    rows = []
    for tid in wanted:
        if tid not in known:
            rows.append({"task_id": tid, "n": 0, "status": "not_implemented"})
            continue
        spec = registry.get(tid)
        row = {"task_id": tid, "n": a.seeds, "status": "ok", **_time_instances(spec, a.seeds)}
        ref_mp = float(ref.get(tid, {}).get("megapixels_med") or 0)
        if ref_mp:
            m = _time_instances(spec, a.seeds, megapixels=ref_mp)
            row.update(ref_mp=ref_mp, matched_ms_render=m["ms_render"], matched_ms_png=m["ms_png"],
                       matched_ms_total=m["ms_total"], matched_speedup=REF_MS_TOTAL / m["ms_total"],
                       matched_ms_cairo_png=m["ms_cairo_png"])
        rows.append(row)
    cold = cold_start()
    out = Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    cols = ("task_id", "n") + FIELDS + (MATCHED if ref else ()) + ("status",)
    with open(out, "w", encoding="utf-8") as f:
        f.write("\t".join(cols) + "\n")
        for r in rows:
            f.write("\t".join(f"{r[c]:.3f}" if isinstance(r.get(c), float) else str(r.get(c, "")) for c in cols) + "\n")
    done = [r for r in rows if r["status"] == "ok"]
    if done:
        def med(key):
            return statistics.median(r[key] for r in done if key in r)

        print(f"tasks benchmarked: {len(done)} of {len(wanted)} ({len(wanted) - len(done)} not implemented)")
        print(f"at our sizes (median {med('mp'):.2f} MP): render {med('ms_render'):.2f} ms + PNG {med('ms_png'):.2f} ms"
              f" = {med('ms_total'):.2f} ms per finished instance; {med('mp_per_s'):.0f} MP/s")
        print(f"PNG encoder: {med('png_ms_per_mp'):.1f} ms/MP (cairo's writer {med('cairo_ms_per_mp'):.1f} ms/MP, "
              f"{med('cairo_ms_per_mp') / med('png_ms_per_mp'):.1f}x slower); files {med('bytes_ratio'):.2f}x cairo's size")
        if ref:
            print(f"at the reference's sizes (median {med('ref_mp'):.2f} MP): render {med('matched_ms_render'):.2f} ms"
                  f" + PNG {med('matched_ms_png'):.2f} ms = {med('matched_ms_total'):.2f} ms per finished instance;"
                  f" reference {REF_MS_RENDER:.0f} + {REF_MS_PNG:.0f} = {REF_MS_TOTAL:.0f} ms -> "
                  f"{REF_MS_TOTAL / med('matched_ms_total'):.1f}x faster (target >= 10x); render alone "
                  f"{REF_MS_RENDER / med('matched_ms_render'):.1f}x")
            before = med("matched_ms_render") + med("matched_ms_cairo_png")
            print(f"  with cairo's PNG writer (before): {med('matched_ms_render'):.2f} + "
                  f"{med('matched_ms_cairo_png'):.2f} = {before:.2f} ms -> {REF_MS_TOTAL / before:.1f}x")
        slow = max(done, key=lambda r: r["ms_total"])
        print(f"slowest task: {slow['task_id']} ({slow['ms_total']:.2f} ms per finished instance)")
    print(f"`tracegen list` cold start: {cold * 1000:.0f} ms  (reference {REF_COLD_S:.0f} s; target <= 1 s)")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
