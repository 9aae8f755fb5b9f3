#!/usr/bin/env python
"""The test suite's cost per task, from a pytest JUnit report, and what it comes to at 1,000 tasks.

    bash scripts/test.sh --junitxml=results/tests.xml         # or: python -m pytest -n 2 --junitxml=...
    python bench/test_cost.py results/tests.xml [--tasks N] [--target-tasks 1000] [--workers 2] [--clock wall]

Per-task tests are those whose work grows with the registered tasks: every scene module's tests
(``tests/domains/``) and the suite-wide per-scene or per-task tests named in PER_TASK; the rest is
a fixed cost. A test's seconds cover setup + call + teardown (a module fixture counts once, on the
test that first uses it). By default they are its CPU seconds, subprocesses included (the ``cpu_s``
property tests/conftest.py writes into the report): on an idle machine with a core per worker that is
close to its wall time, and unlike wall time it does not grow when other work shares the cores.
``--clock wall`` takes pytest's wall times instead. The report: seconds per task, the fixed seconds,
and the extrapolation to ``--target-tasks``, serial and spread evenly over ``--workers`` (one per
core). loadscope keeps a module on one worker, so the longest module is listed too: a run cannot be
shorter than it takes alone (a module that uses several cores itself -- the local DAG runs
``snakemake --cores 2`` -- takes less wall time than its CPU seconds).
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

# per-task tests outside tests/domains/: (module, test name without parameters)
PER_TASK = {
    ("tests.test_style", "test_every_scene_under_every_style"),       # every scene under the style grid
    ("tests.test_fidelity", "test_scene_within_the_bands"),          # 30 plans per task
    ("tests.test_gallery", "test_one_card_per_task_with_overlay_and_coverage"),   # one render per task
    ("tests.test_gallery", "test_every_image_loads_in_headless_chromium"),
}


def read_report(path: Path, clock: str = "cpu") -> list[tuple[str, str, float]]:
    """(module, test name, seconds) of every test case in a JUnit XML report; ``clock`` "cpu" reads the
    ``cpu_s`` property (ValueError when a case lacks it), "wall" the case's time."""
    out = []
    for c in ET.parse(path).getroot().iter("testcase"):
        if clock == "wall":
            seconds = float(c.get("time") or 0.0)
        else:
            cpu = [p.get("value") for p in c.iter("property") if p.get("name") == "cpu_s"]
            if not cpu:
                raise ValueError(f"{c.get('classname')}::{c.get('name')} has no cpu_s property "
                                 "(a report written without tests/conftest.py): use --clock wall")
            seconds = float(cpu[0])
        out.append((c.get("classname", ""), c.get("name", ""), seconds))
    return out


def is_per_task(module: str, name: str) -> bool:
    return module.startswith("tests.domains.") or (module, re.sub(r"\[.*$", "", name)) in PER_TASK


def estimate(cases, tasks: int, target: int, workers: int) -> dict:
    modules = collections.Counter()
    per_task = fixed = 0.0
    for module, name, seconds in cases:
        modules[module] += seconds
        if is_per_task(module, name):
            per_task += seconds
        else:
            fixed += seconds
    longest = modules.most_common(1)[0] if modules else ("", 0.0)
    scale = target / tasks
    at_target = fixed + per_task * scale
    return {
        "tests": len(cases), "tasks": tasks, "serial_s": fixed + per_task, "fixed_s": fixed,
        "per_task_total_s": per_task, "s_per_task": per_task / tasks, "longest_module": longest,
        "target_tasks": target, "target_serial_s": at_target, "target_parallel_s": at_target / workers,
        "workers": workers, "now_parallel_s": (fixed + per_task) / workers,
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("report", type=Path, help="pytest --junitxml output")
    ap.add_argument("--tasks", type=int, help="registered tasks the report ran over (default: the registry's count)")
    ap.add_argument("--target-tasks", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu", help="CPU seconds (default) or wall time")
    a = ap.parse_args(argv)
    if not a.report.is_file():
        print(f"test_cost: no report {a.report}", file=sys.stderr)
        return 2
    try:
        cases = read_report(a.report, a.clock)
    except ET.ParseError as e:
        print(f"test_cost: {a.report} is not a JUnit XML report: {e}", file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"test_cost: {e}", file=sys.stderr)
        return 2
    if a.tasks is None:
        from tracegen import registry

        a.tasks = len(registry.task_ids())
    if a.tasks <= 0 or a.workers <= 0 or not cases:
        print("test_cost: need tasks > 0, workers > 0 and a report with test cases", file=sys.stderr)
        return 2
    e = estimate(cases, a.tasks, a.target_tasks, a.workers)
    print(f"{e['tests']} tests over {e['tasks']} tasks: {e['serial_s']:.0f} s of test {a.clock} time "
          f"({e['fixed_s']:.0f} s fixed + {e['per_task_total_s']:.0f} s per-task tests)")
    print(f"per task: {e['s_per_task']:.2f} s")
    print(f"longest module: {e['longest_module'][0]} {e['longest_module'][1]:.0f} s")
    print(f"now: {e['serial_s'] / 60:.1f} min serial, {e['now_parallel_s'] / 60:.1f} min on {e['workers']} workers")
    print(f"at {e['target_tasks']} tasks: {e['target_serial_s'] / 60:.1f} min serial, "
          f"{e['target_parallel_s'] / 60:.1f} min on {e['workers']} workers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
