"""charts/parallel_coords: independent solvers written from the catalog programs (pairwise
segment intersection by orientation tests, filters, arg-extremes), no value printed, profiles
distinct on every axis."""

from itertools import combinations

from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.charts.parallel_coords"
P = "task_charts__parallel_coords__"


def _orient(p, q, r):
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def _segments_cross(s1, s2):
    """Proper intersection of two segments (orientation test)."""
    a, b = s1
    c, d = s2
    return _orient(a, b, c) * _orient(a, b, d) < 0 and _orient(c, d, a) * _orient(c, d, b) < 0


def crossings(state, params, qid):
    a = params["axis"]
    segs = [((0, v[a]), (1, v[a + 1])) for v in state["values"]]
    return sum(_segments_cross(s, t) for s, t in combinations(segs, 2))


def condition(state, params, qid):
    a, thr = params["axis"], params["threshold"]
    tests = {"above_on_both_axes": (lambda x: x > thr, lambda y: y > thr),
             "below_on_both_axes": (lambda x: x < thr, lambda y: y < thr),
             "above_on_one_below_on_other": (lambda x: x > thr, lambda y: y < thr)}[qid]
    return sum(tests[0](v[a]) and tests[1](v[a + 1]) for v in state["values"])


def delta(state, params, qid):
    a = params["axis"]
    change = [v[a + 1] - v[a] for v in state["values"]]
    key = {"largest_increase_between_axes": lambda d: d, "largest_decrease_between_axes": lambda d: -d,
           "largest_absolute_change_between_axes": abs}[qid]
    best = max(range(len(change)), key=lambda i: key(change[i]))
    return state["labels"][best]


SOLVERS = {
    P + "all_crossings_between_adjacent_axes": crossings,
    P + "axis_condition_count": condition,
    P + "axis_delta_extremum_label": delta,
}


def _size(s):
    return len(s["values"]) * len(s["axes"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, seeds_per_combo=2)

test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: not tid.endswith("label"))


def test_profiles_are_distinct_on_every_axis_and_crossings_are_drawn():
    spec = registry.get(P + "all_crossings_between_adjacent_axes")
    for i in range(8):
        inst = engine.generate(spec, seed=4, split="pc", index=i, encode=False)
        st, a = inst.trace["state"], inst.trace["params"]["axis"]
        for k in range(len(st["axes"])):
            col = [v[k] for v in st["values"]]
            assert len(set(col)) == len(col) and all(0 < x <= 20 for x in col)
        pts = inst.record["annotation_gt"]["value"]
        assert len(pts) == inst.record["answer_gt"]["value"]
        ents = inst.canvas.entities
        left = ents[f"seg:0:{a}"]["segment"][0][0]
        right = ents[f"seg:0:{a}"]["segment"][1][0]
        assert all(left < x < right for x, _ in pts), "crossings lie between the two axes"
