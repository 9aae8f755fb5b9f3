"""icons/named_ring: independent solvers with the ring as a networkx cycle graph (arcs walked by
index arithmetic, nearness by shortest-path length)."""

import networkx as nx
from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.icons.named_ring"
P = "task_icons__named_ring__"


def scoped(state, params, qid):
    n, a, b = len(state["kinds"]), state["a"], state["b"]
    step = 1 if qid.startswith("clockwise") else -1
    count, k = 0, (a + step) % n
    while k != b:
        count += state["kinds"][k] == state["target"]
        k = (k + step) % n
    return count


def nearest(state, params, qid):
    n = len(state["kinds"])
    g = nx.cycle_graph(n)
    da = nx.single_source_shortest_path_length(g, state["a"])
    db = nx.single_source_shortest_path_length(g, state["b"])
    return sum(1 for k in range(n) if k not in (state["a"], state["b"]) and state["kinds"][k] == state["target"]
               and da[k] < db[k])


SOLVERS = {P + "scoped_attribute_count": scoped, P + "nearest_marker_target_count": nearest}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["kinds"]))
test_no_shortcuts = shortcut_test(sorted(SOLVERS))


def test_clockwise_order_on_screen():
    """Icon k + 1 is clockwise of icon k: the cross product of their offsets from the centre is
    positive with y pointing down."""
    from tracegen.core import engine
    from tracegen.domains.icons import named_ring

    spec = named_ring.SCENE.tasks[P + "scoped_attribute_count"]
    inst = engine.generate(spec, seed=0, split="train", index=0, encode=False)
    n = len(inst.trace["state"]["kinds"])
    pts = [inst.canvas.entities[f"icon:{k}"]["point"] for k in range(n)]
    cx = sum(p[0] for p in pts) / n
    cy = sum(p[1] for p in pts) / n
    for k in range(n):
        (x0, y0), (x1, y1) = pts[k], pts[(k + 1) % n]
        assert (x0 - cx) * (y1 - cy) - (y0 - cy) * (x1 - cx) > 0
