#!/usr/bin/env python
"""Generation benchmark: per-task median milliseconds per finished instance, megapixels per
second, the PNG encoder against cairo's own writer, a matched-size comparison with the
reference generator, and `tracegen list` cold start.

    python bench/generate.py --tasks ../shared/reference/catalog/tranche1.txt --seeds 20 \\
        --reference ../shared/reference/catalog/ref_task_stats.tsv --out bench/out.tsv
    python bench/generate.py --tasks ../shared/reference/catalog/tranche{1,2}.txt --seeds 10 --passes 2 \\
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

Several ``--tasks`` files (e.g. tranche1.txt tranche2.txt) are benchmarked together and
summarised per file and over all of them (the TSV's ``group`` column names the file).
``--passes N`` times every instance in N passes over the whole task list and keeps each
instance's least CPU time: other processes on a shared machine only ever add time (cache and
memory-bus contention), and a pass over the other tasks between two timings of an instance
leaves cairo's font caches as cold as in the first pass.
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


def _time_one(engine, spec, seed: int, megapixels=None) -> tuple:
    """CPU ms of one finished instance: (render, PNG, cairo's PNG writer), megapixels, file sizes."""
    clock = time.process_time   # CPU time of this (single-threaded) process: robust to a busy machine
    t0 = clock()
    inst = engine.generate(spec, seed=seed, split="bench", index=seed, encode=False, megapixels=megapixels)
    t1 = clock()
    data = inst.png()
    t2 = clock()
    out = io.BytesIO()
    inst.canvas.surface.write_to_png(out)
    t3 = clock()
    return ([(t1 - t0) * 1000, (t2 - t1) * 1000, (t3 - t2) * 1000],
            inst.canvas.px_width * inst.canvas.px_height / 1e6, (len(data), out.tell()))


def _figures(times, mps, sizes) -> dict:
    """A task's figures from its instances' (least) times."""
    render, png, cairo_png = ([t[k] for t in times] for k in range(3))
    med = statistics.median
    return {"ms_render": med(render), "ms_png": med(png), "ms_total": med(r + p for r, p in zip(render, png)),
            "ms_cairo_png": med(cairo_png), "mp": med(mps),
            "mp_per_s": sum(mps) / (sum(render) + sum(png)) * 1000,
            "png_ms_per_mp": med(p / m for p, m in zip(png, mps)),
            "cairo_ms_per_mp": med(c / m for c, m in zip(cairo_png, mps)),
            "bytes_ratio": sum(a for a, _ in sizes) / sum(b for _, b in sizes)}


def measure(specs: dict, seeds: int, ref_mp: dict, passes: int = 1) -> dict:
    """Per task: its figures at our sizes and, where ``ref_mp`` has the task, at the reference's
    median image area.  Each instance keeps its least time over ``passes`` passes."""
    from tracegen.core import engine

    def sizes(tid):
        return (None, ref_mp[tid]) if ref_mp.get(tid) else (None,)

    best: dict = {}
    shape: dict = {}
    warmed: set = set()
    for _ in range(max(1, passes)):
        for tid, spec in specs.items():
            for mp in sizes(tid):
                if (tid, mp) not in warmed:   # imports, fonts
                    engine.generate(spec, seed=10**6, split="bench", index=0, megapixels=mp)
                    warmed.add((tid, mp))
                for s in range(seeds):
                    t, mps, size = _time_one(engine, spec, s, mp)
                    old = best.get((tid, mp, s))
                    best[(tid, mp, s)] = t if old is None else [min(a, b) for a, b in zip(t, old)]
                    shape[(tid, mp, s)] = (mps, size)
    out = {}
    for tid in specs:
        for mp in sizes(tid):
            keys = [(tid, mp, s) for s in range(seeds)]
            out[(tid, mp)] = _figures([best[k] for k in keys], [shape[k][0] for k in keys],
                                      [shape[k][1] for k in keys])
    return out


FIELDS = ("mp", "ms_render", "ms_png", "ms_total", "mp_per_s", "ms_cairo_png", "png_ms_per_mp", "cairo_ms_per_mp",
          "bytes_ratio")
MATCHED = ("ref_mp", "matched_ms_render", "matched_ms_png", "matched_ms_total", "matched_mp_per_s",
           "matched_speedup", "matched_ms_cairo_png")
TARGET = 10.0


def summarise(rows: list, wanted: int, ref: bool, label: str = "") -> None:
    done = [r for r in rows if r["status"] == "ok"]
    if label:
        print(f"== {label}")
    print(f"tasks benchmarked: {len(done)} of {wanted} ({wanted - len(done)} not implemented)")
    if not done:
        return

    def med(key):
        return statistics.median(r[key] for r in done if key in r)

    print(f"at our sizes (median {med('mp'):.2f} MP): render {med('ms_render'):.2f} ms + PNG {med('ms_png'):.2f} ms"
          f" = {med('ms_total'):.2f} ms per finished instance; {med('mp_per_s'):.0f} MP/s")
    print(f"PNG encoder: {med('png_ms_per_mp'):.1f} ms/MP (cairo's writer {med('cairo_ms_per_mp'):.1f} ms/MP, "
          f"{med('cairo_ms_per_mp') / med('png_ms_per_mp'):.1f}x slower); files {med('bytes_ratio'):.2f}x cairo's size")
    matched = [r for r in done if "matched_ms_total" in r]
    if ref and matched:
        print(f"at the reference's sizes (median {med('ref_mp'):.2f} MP): render {med('matched_ms_render'):.2f} ms"
              f" + PNG {med('matched_ms_png'):.2f} ms = {med('matched_ms_total'):.2f} ms per finished instance,"
              f" {med('matched_mp_per_s'):.0f} MP/s; reference {REF_MS_RENDER:.0f} + {REF_MS_PNG:.0f} = "
              f"{REF_MS_TOTAL:.0f} ms -> {REF_MS_TOTAL / med('matched_ms_total'):.1f}x faster (target >= "
              f"{TARGET:.0f}x); render alone {REF_MS_RENDER / med('matched_ms_render'):.1f}x")
        before = med("matched_ms_render") + med("matched_ms_cairo_png")
        print(f"  with cairo's PNG writer (before): {med('matched_ms_render'):.2f} + "
              f"{med('matched_ms_cairo_png'):.2f} = {before:.2f} ms -> {REF_MS_TOTAL / before:.1f}x")
        under = sorted((r for r in matched if r["matched_speedup"] < TARGET), key=lambda r: r["matched_speedup"])
        print(f"  tasks under {TARGET:.0f}x on their own: {len(under)} of {len(matched)}"
              + (f" (slowest {under[0]['task_id']}: {under[0]['matched_ms_total']:.2f} ms at "
                 f"{under[0]['ref_mp']:.2f} MP, {under[0]['matched_speedup']:.1f}x)" if under else ""))
    slow = max(done, key=lambda r: r["ms_total"])
    print(f"slowest task: {slow['task_id']} ({slow['ms_total']:.2f} ms per finished instance)")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tasks", nargs="+", help="files with one task id per line, summarised per file and together "
                                              "(default: every registered task)")
    p.add_argument("--seeds", type=int, default=20, help="instances per task")
    p.add_argument("--passes", type=int, default=1, help="time every instance this many times (passes over the "
                                                         "task list) and keep its least CPU time")
    p.add_argument("--reference", help="the reference's ref_task_stats.tsv (adds the matched-size run)")
    p.add_argument("--out", required=True, help="TSV to write")
    p.add_argument("--cold-starts", type=int, default=5, help="`tracegen list` runs for the cold-start median")
    a = p.parse_args(argv)

    from tracegen import registry

    known = set(registry.task_ids())
    groups: dict[str, list[str]] = {}
    for path in a.tasks or []:
        groups[Path(path).stem] = Path(path).read_text().split()
    if not groups:
        groups["registered"] = sorted(known)
    order = list(dict.fromkeys(t for ids in groups.values() for t in ids))
    ref = {}
    if a.reference:
        with open(a.reference, newline="", encoding="utf-8") as f:
            ref = {r["task_id"]: r for r in csv.DictReader(f, delimiter="\t")}
    ref_mp = {t: float(ref.get(t, {}).get("megapixels_med") or 0) for t in order if t in known}
    ref_mp = {t: v for t, v in ref_mp.items() if v}
    figures = measure({t: registry.get(t) for t in order if t in known}, a.seeds, ref_mp, a.passes)
    group_of = {t: g for g, ids in reversed(list(groups.items())) for t in ids}
    rows = []
    for tid in order:
        if tid not in known:
            rows.append({"task_id": tid, "group": group_of[tid], "n": 0, "status": "not_implemented"})
            continue
        row = {"task_id": tid, "group": group_of[tid], "n": a.seeds, "status": "ok", **figures[(tid, None)]}
        if tid in ref_mp:
            m = figures[(tid, ref_mp[tid])]
            row.update(ref_mp=ref_mp[tid], matched_ms_render=m["ms_render"], matched_ms_png=m["ms_png"],
                       matched_ms_total=m["ms_total"], matched_mp_per_s=m["mp_per_s"],
                       matched_speedup=REF_MS_TOTAL / m["ms_total"], matched_ms_cairo_png=m["ms_cairo_png"])
        rows.append(row)
    cold = cold_start(a.cold_starts)
    out = Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    cols = ("task_id", "group", "n") + FIELDS + (MATCHED if ref else ()) + ("status",)
    with open(out, "w", encoding="utf-8") as f:
        f.write("\t".join(cols) + "\n")
        for r in rows:
            f.write("\t".join(f"{r[c]:.3f}" if isinstance(r.get(c), float) else str(r.get(c, "")) for c in cols)
                    + "\n")
    print(f"CPU ms per instance, {a.seeds} seeds per task" + (f", least of {a.passes} passes" if a.passes > 1 else ""))
    if len(groups) > 1:
        for g, ids in groups.items():
            summarise([r for r in rows if r["task_id"] in set(ids)], len(set(ids)), bool(ref), label=g)
        summarise(rows, len(order), bool(ref), label=" + ".join(groups))
    else:
        summarise(rows, len(order), bool(ref))
    print(f"`tracegen list` cold start: {cold * 1000:.0f} ms  (reference {REF_COLD_S:.0f} s; target <= 1 s)")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
