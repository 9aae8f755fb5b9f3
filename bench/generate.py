#!/usr/bin/env python
"""Generation benchmark: per-task median milliseconds per instance, and `tracegen list` cold start.

    python bench/generate.py --tasks ../shared/reference/catalog/tranche1.txt --seeds 20 --out bench/out.tsv

Columns: task_id, n, ms_render (sample + render + answer + annotation + prompt, no encoding),
ms_png (PNG encoding of the same image), status.  The first instance of each task (module import,
font loading) is a warm-up and not timed.  Reference: the original TRACE generator measured
here at a median of 91 ms per instance over the tranche-1 tasks (+21 ms PNG) and a 72 s cold start.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

REF_MS_RENDER, REF_MS_PNG, REF_COLD_S = 91.0, 21.0, 72.0


def cold_start(repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "tracegen", "list"], check=True, capture_output=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def bench_task(task_id: str, seeds: int):
    from tracegen import registry
    from tracegen.core import engine

    spec = registry.get(task_id)
    engine.generate(spec, seed=10**6, split="bench", index=0)  # warm-up
    render, png = [], []
    for s in range(seeds):
        t0 = time.perf_counter()
        inst = engine.generate(spec, seed=s, split="bench", index=s, encode=False)
        t1 = time.perf_counter()
        inst.png()
        t2 = time.perf_counter()
        render.append((t1 - t0) * 1000)
        png.append((t2 - t1) * 1000)
    return statistics.median(render), statistics.median(png)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tasks", help="file with one task id per line (default: every registered task)")
    p.add_argument("--seeds", type=int, default=20, help="instances per task")
    p.add_argument("--out", required=True, help="TSV to write")
    a = p.parse_args(argv)

    from tracegen import registry

    known = set(registry.task_ids())
    wanted = Path(a.tasks).read_text().split() if a.tasks else sorted(known)
    rows, renders, pngs = [], [], []
    for tid in wanted:
        if tid not in known:
            rows.append((tid, 0, "", "", "not_implemented"))
            continue
        r, pn = bench_task(tid, a.seeds)
        renders.append(r)
        pngs.append(pn)
        rows.append((tid, a.seeds, f"{r:.3f}", f"{pn:.3f}", "ok"))
    cold = cold_start()
    out = Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write("task_id\tn\tms_render\tms_png\tstatus\n")
        for row in rows:
            f.write("\t".join(str(x) for x in row) + "\n")
    if renders:
        med_r, med_p = statistics.median(renders), statistics.median(pngs)
        print(f"tasks benchmarked: {len(renders)} of {len(wanted)} ({len(wanted) - len(renders)} not implemented)")
        print(f"median ms_render per instance: {med_r:.2f} ms  (reference {REF_MS_RENDER:.0f} ms -> "
              f"{REF_MS_RENDER / med_r:.1f}x faster; target <= 9 ms)")
        print(f"median ms_png per instance:    {med_p:.2f} ms  (reference {REF_MS_PNG:.0f} ms)")
        print(f"slowest task: {max(rows, key=lambda r: float(r[2] or 0))[0]} "
              f"({max(renders):.2f} ms)")
    print(f"`tracegen list` cold start:   {cold * 1000:.0f} ms  (reference {REF_COLD_S:.0f} s; target <= 1 s)")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
