#!/usr/bin/env python
"""Where a scene's time goes: cProfile over finished instances (render + our PNG) of every task of
the given scenes, at the original's median image area per task (the shipped reference table),
top functions by own time and by cumulative time.

    python bench/profile_scenes.py polygon_equation_diagram metro sector raven_matrix --seeds 5
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys


def profile_scene(scene: str, seeds: int, top: int) -> str:
    from tracegen import registry, stats
    from tracegen.core import engine

    ids = registry.task_ids(scene=scene)
    if not ids:
        raise SystemExit(f"error: no task of scene {scene!r}")
    ref = stats.read_tsv(stats.REFERENCE)
    specs = [(registry.get(t), float(ref.get(t, {}).get("megapixels_med") or 0) or None) for t in ids]
    for spec, mp in specs:   # warm-up: imports, fonts
        engine.generate(spec, seed=10**6, split="bench", index=0, megapixels=mp).png()
    prof = cProfile.Profile()
    prof.enable()
    for spec, mp in specs:
        for s in range(seeds):
            engine.generate(spec, seed=s, split="bench", index=s, encode=False, megapixels=mp).png()
    prof.disable()
    out = io.StringIO()
    st = pstats.Stats(prof, stream=out).strip_dirs()
    out.write(f"==== {scene}: {len(ids)} tasks x {seeds} instances at the original's areas\n")
    st.sort_stats("tottime").print_stats(top)
    st.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("scenes", nargs="+", help="scene ids (e.g. metro)")
    p.add_argument("--seeds", type=int, default=5)
    p.add_argument("--top", type=int, default=15)
    a = p.parse_args(argv)
    for scene in a.scenes:
        print(profile_scene(scene, a.seeds, a.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
