#!/usr/bin/env python
"""Start-up cost of the library and the command line, in fresh processes (medians of ``--runs``):

* the interpreter alone (``python -c pass``), for reference;
* ``import tracegen`` + ``tracegen.tasks()`` + ``tracegen.describe()`` (the library's catalog calls):
  target well under a second -- we hold it to 0.25 s of CPU time including the interpreter;
* ``tracegen list`` (``python -m tracegen list``, the CLI's cold start): target <= 0.1 s of CPU time;
* which heavy modules ``import tracegen`` loaded (none of numpy, cairo, PIL, datasets, trl is the target).

    python bench/import_time.py [--runs 15]

Exits 1 when a target is missed.  The targets are on the process's own CPU time (user + system): wall
time on a machine shared with other work measures the other work too (it is printed beside it).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time

LIBRARY_TARGET_S = 0.25
CLI_TARGET_S = 0.10
HEAVY = ("numpy", "cairo", "PIL", "datasets", "trl", "torch", "rlvr")
LIBRARY = ("import tracegen; ids = tracegen.tasks(); tracegen.describe(ids[0])")


def cost(argv: list[str], runs: int) -> tuple[float, float]:
    """Median (CPU seconds, wall seconds) of a fresh process: the CPU time (user + system, from the
    child's rusage) is what the process itself costs, whatever else the machine runs."""
    cpu, wall = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(cpu), statistics.median(wall)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=15)
    a = p.parse_args(argv)
    py = sys.executable
    base = cost([py, "-c", "pass"], a.runs)
    lib = cost([py, "-c", LIBRARY], a.runs)
    cli = cost([py, "-m", "tracegen", "list"], a.runs)
    loaded = subprocess.run([py, "-c", f"import sys; {LIBRARY}; print(' '.join(m for m in {HEAVY!r} "
                                       "if m in sys.modules))"], check=True, capture_output=True, text=True)
    heavy = loaded.stdout.split()
    print("                                    CPU     wall  (medians of fresh processes)")
    print(f"python -c pass                   {base[0] * 1000:6.0f} ms {base[1] * 1000:6.0f} ms")
    print(f"import tracegen + tasks/describe {lib[0] * 1000:6.0f} ms {lib[1] * 1000:6.0f} ms"
          f"  (target <= {LIBRARY_TARGET_S * 1000:.0f} ms CPU)")
    print(f"tracegen list (CLI cold start)   {cli[0] * 1000:6.0f} ms {cli[1] * 1000:6.0f} ms"
          f"  (target <= {CLI_TARGET_S * 1000:.0f} ms CPU)")
    print(f"heavy modules after import:      {', '.join(heavy) or 'none'}")
    ok = lib[0] <= LIBRARY_TARGET_S and cli[0] <= CLI_TARGET_S and not heavy
    print("OK" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
