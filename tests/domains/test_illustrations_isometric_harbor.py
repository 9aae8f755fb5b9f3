"""illustrations/isometric_harbor: independent solvers from the catalog programs."""

from taskcheck import scene_tests

MOD = "tracegen.domains.illustrations.isometric_harbor"
P = "task_illustrations__isometric_harbor__"
SHORE = 2
BOW = {"toward": (0, -1), "away": (0, 1), "along_right": (1, 0), "along_left": (-1, 0)}


def _dock_rect(state):
    d = state["dock"]
    return d["i0"], SHORE, d["i0"] + 2, SHORE + d["len"]


def _moored(state, b):
    """Alongside the dock: within half a tile of a dock side, beside its length, bow along it."""
    i0, j0, i1, j1 = _dock_rect(state)
    near = min(abs(b["ci"] - i0), abs(b["ci"] - i1)) < 0.7
    return near and j0 <= b["cj"] <= j1 and b["heading"] in ("toward", "away")


def heading(state, params, qid):
    want = "toward" if qid == "toward_shoreline_boat_count" else "away"
    return sum(b["heading"] == want for b in state["boats"])


def mooring(state, params, qid):
    flags = [_moored(state, b) for b in state["boats"]]
    assert flags == [b["moored"] for b in state["boats"]]
    return sum(flags) if qid == "moored_boat_count" else len(flags) - sum(flags)


def side(state, params, qid):
    i0, _, i1, _ = _dock_rect(state)
    if qid == "left_side_boat_count":
        return sum(_moored(state, b) and b["ci"] < i0 for b in state["boats"])
    return sum(_moored(state, b) and b["ci"] > i1 for b in state["boats"])


def nearest(state, params, qid):
    def bow_j(b):
        return b["cj"] + BOW[b["heading"]][1] * 0.72
    ranked = sorted((bow_j(state["boats"][lab["boat"]]) - SHORE, lab["letter"]) for lab in state["labels"])
    assert len(ranked) == 6 and ranked[1][0] - ranked[0][0] >= 0.8 - 1e-9
    return ranked[0][1]


SOLVERS = {
    P + "boat_heading_status_count": heading,
    P + "boat_mooring_status_count": mooring,
    P + "boat_side_count": side,
    P + "shoreline_nearest_boat_label": nearest,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["n"])


def test_boats_never_overlap():
    import numpy as np

    from tracegen.domains.illustrations import isometric_harbor as m
    from tracegen.kits import isometric as k

    for seed in range(30):
        st = m.make_state(np.random.default_rng(seed), 2, moored={"left": 3, "right": 3}, n_open=4)
        fps = [k.boat_footprint(b["ci"], b["cj"], b["heading"]) for b in st["boats"]]
        for a in range(len(fps)):
            for b in range(a + 1, len(fps)):
                x, y = fps[a], fps[b]
                assert x[2] <= y[0] or y[2] <= x[0] or x[3] <= y[1] or y[3] <= x[1]
