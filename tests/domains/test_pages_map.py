"""pages/map: independent solvers written from the catalog programs (a walk on the lattice: each
direction moves to the landmark one cell over, which must be joined by a path; the route's k-th
stop), landmarks drawn at their lattice cells, and paths only between lattice neighbours."""

from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.pages import map as campus

MOD = "tracegen.domains.pages.map"
P = "task_pages__map__"
STEP = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0)}


def destination(state, params, qid):
    at = {tuple(p): i for i, p in enumerate(state["cells"])}
    joined = {frozenset(e) for e in state["edges"]}
    cur = params["walk"]["start"]
    for d in params["walk"]["directions"]:
        x, y = state["cells"][cur]
        nxt = at[(x + STEP[d][0], y + STEP[d][1])]
        assert frozenset((cur, nxt)) in joined
        cur = nxt
    return state["names"][cur]


def route_stop(state, params, qid):
    route = params["route"]
    joined = {frozenset(e) for e in state["edges"]}
    assert all(frozenset(p) in joined for p in zip(route, route[1:])) and len(set(route)) == len(route)
    return state["names"][route[params["stop"]]]


SOLVERS = {P + "destination_after_directions_label": destination, P + "landmark_after_route_step_label": route_stop}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["cells"]))


def test_landmarks_sit_on_their_lattice_cells_in_compass_order():
    spec = campus.SCENE.tasks[P + "destination_after_directions_label"]
    for i in range(4):
        inst = engine.generate(spec, seed=2, split="train", index=i, encode=False)
        s, ents = inst.trace["state"], inst.canvas.entities
        boxes = [ents[f"landmark:{k}"]["box"] for k in range(len(s["cells"]))]
        for a, (xa, ya) in enumerate(s["cells"]):
            for b, (xb, yb) in enumerate(s["cells"]):
                if xa < xb:
                    assert boxes[a][2] < boxes[b][0]          # east is to the right
                if ya < yb:
                    assert boxes[a][3] < boxes[b][1]          # south is further down
        for a, b in s["edges"]:
            (xa, ya), (xb, yb) = s["cells"][a], s["cells"][b]
            assert abs(xa - xb) + abs(ya - yb) == 1
