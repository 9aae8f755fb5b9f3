"""pages/schedule: independent solvers written from the catalog programs (durations compared, interval
overlap tested pairwise, the largest pairwise-disjoint subset found by brute force), the blocks'
edges at their times on the drawn hour scale, and no two blocks overlapping on the page."""

from itertools import combinations

from pagecheck import overlapping
from taskcheck import scene_tests, shortcut_test

from tracegen.core import engine
from tracegen.domains.pages import schedule as sch

MOD = "tracegen.domains.pages.schedule"
P = "task_pages__schedule__"


def _clash(a, b):
    return max(a["start"], b["start"]) < min(a["end"], b["end"])


def longer(state, params, qid):
    ev = state["events"]
    ref = ev[params["reference"]]
    return sum(e["end"] - e["start"] > ref["end"] - ref["start"] for e in ev if e is not ref)


def overlap(state, params, qid):
    ev = state["events"]
    ref = ev[params["reference"]]
    return sum(_clash(e, ref) for e in ev if e is not ref)


def max_disjoint(state, params, qid):
    ev = state["events"]
    for k in range(len(ev), 0, -1):
        if any(all(not _clash(a, b) for a, b in combinations(sub, 2)) for sub in combinations(ev, k)):
            return k
    return 0


SOLVERS = {P + "longer_than_reference_count": longer, P + "overlap_count": overlap,
           P + "maximum_non_overlapping_count": max_disjoint}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["events"]),
                                                       seeds_per_combo=2)
test_no_count_is_printed = shortcut_test(sorted(SOLVERS))


def test_block_edges_sit_at_their_times_and_blocks_do_not_overlap():
    spec = sch.SCENE.tasks[P + "overlap_count"]
    for i in range(4):
        inst = engine.generate(spec, seed=8, split="train", index=i, difficulty=3, encode=False)
        s, c = inst.trace["state"], inst.canvas
        ticks = {t["text"]: (t["box"][1] + t["box"][3]) / 2 for t in c.texts if t["kind"] == "tick"}
        per_slot = (ticks["18:00"] - ticks["08:00"]) / 20
        boxes = []
        for k, e in enumerate(s["events"]):
            x0, y0, x1, y1 = c.entities[f"event:{k}"]["box"]
            assert abs(y0 - (ticks["08:00"] + (e["start"] - 16) * per_slot)) < 3 * c.scale
            assert abs(y1 - (ticks["08:00"] + (e["end"] - 16) * per_slot)) < 3 * c.scale
            boxes.append((x0, y0, x1, y1))
        assert not overlapping(boxes, slack=0.0)
