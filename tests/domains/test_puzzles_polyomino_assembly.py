"""puzzles/polyomino_assembly: independent solvers on 0/1 numpy masks -- orientations by np.rot90 (and
np.fliplr where flips are allowed), and an exact cover of the target tried by sliding the first piece
over every offset of the target's bounding box and comparing what is left with the second piece."""

import numpy as np
import pytest
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.puzzles.polyomino_assembly"
P = "task_puzzles__polyomino_assembly__"


def mask(cells):
    cells = np.array(cells)
    cells = cells - cells.min(axis=0)
    m = np.zeros(cells.max(axis=0) + 1, dtype=np.uint8)
    m[cells[:, 0], cells[:, 1]] = 1
    return m


def trim(m):
    rows, cols = np.nonzero(m)
    return m[rows.min():rows.max() + 1, cols.min():cols.max() + 1]


def poses(m, flips):
    out = [np.rot90(m, k) for k in range(4)]
    if flips:
        out += [np.fliplr(x) for x in out]
    return out


def same_shape(a, b, flips):
    return any(x.shape == b.shape and (x == b).all() for x in poses(a, flips))


def cover(target, a, b, flips=False):
    t = mask(target)
    if t.sum() != len(a) + len(b):
        return False
    mb = mask(b)
    for pa in poses(mask(a), flips):
        for dr in range(t.shape[0] - pa.shape[0] + 1):
            for dc in range(t.shape[1] - pa.shape[1] + 1):
                rest = t.copy()
                window = rest[dr:dr + pa.shape[0], dc:dc + pa.shape[1]]
                if (window[pa == 1] == 1).all():
                    window[pa == 1] = 0
                    if same_shape(mb, trim(rest), flips):
                        return True
    return False


def one(hits):
    assert len(hits) == 1, hits
    return hits[0]


def compose(state, params, qid):
    a, b = state["pieces"]
    return one(["ABCD"[i] for i, o in enumerate(state["options"]) if cover(o, a, b)])


def decompose(state, params, qid):
    return one(["ABCD"[i] for i, (a, b) in enumerate(state["options"]) if cover(state["target"], a, b)])


def hole(state, params, qid):
    h = mask(state["hole"])
    return one(["ABCD"[i] for i, o in enumerate(state["options"]) if same_shape(mask(o), h, True)])


SOLVERS = {
    P + "composition_result_label": compose,
    P + "decomposition_pair_label": decompose,
    P + "hole_fill_piece_label": hole,
}


def _size(s):
    if s["kind"] == "compose":
        return sum(len(p) for p in s["pieces"])
    if s["kind"] == "decompose":
        return len(s["target"])
    return len(s["hole"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


def test_cover_helper():
    L = [[0, 0], [1, 0], [1, 1]]
    square = [[0, 0], [0, 1], [1, 0], [1, 1]]
    assert cover([[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]], L, L)
    assert cover(square + [[2, 0]], L, [[0, 0], [0, 1]])
    assert not cover([[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]], L, [[0, 0], [0, 1]])
    S = [[0, 1], [0, 2], [1, 0], [1, 1]]
    Z = [[0, 0], [0, 1], [1, 1], [1, 2]]
    assert not same_shape(mask(S), mask(Z), False) and same_shape(mask(S), mask(Z), True)


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_options_are_four_distinct_pictures(tid):
    spec = registry.get(tid)
    for d in (1, 2, 3):
        inst = engine.generate(spec, seed=2, split="draw", index=d, difficulty=d, encode=False)
        s = inst.trace["state"]
        pics = {str(sorted(map(tuple, o))) if s["kind"] != "decompose" else
                str(sorted(str(sorted(map(tuple, p))) for p in o)) for o in s["options"]}
        assert len(pics) == 4 and inst.solution.options == 4
        assert sorted(t["text"] for t in inst.canvas.texts if t["kind"] == "option") == list("ABCD")


def test_orientations_and_connected_equal_the_plain_versions():
    """orientations (shifted turns and flips, remembered) equals normal/turn/flip applied in turn, and
    connected (cells struck off as reached) equals networkx's connectivity, on random shapes and cell sets."""
    import networkx as nx

    from tracegen.domains.puzzles import polyomino_assembly as P

    def plain_orientations(cells, flips):
        out, cur = set(), P.normal(cells)
        for _ in range(4):
            out |= {cur, P.flip(cur)} if flips else {cur}
            cur = P.turn(cur)
        return out

    def plain_connected(cells):
        g = nx.Graph()
        g.add_nodes_from(map(tuple, cells))
        g.add_edges_from(((a, b), (a + 1, b)) for a, b in list(g) if (a + 1, b) in g)
        g.add_edges_from(((a, b), (a, b + 1)) for a, b in list(g) if (a, b + 1) in g)
        return len(g) > 0 and nx.is_connected(g)

    r = np.random.default_rng(3)
    for t in range(3000):
        cells = P.grow(r, int(r.integers(1, 14)))
        if t % 2:
            cells = [(a + int(r.integers(-5, 5)), b) for a, b in cells]
        for flips in (False, True):
            assert P.orientations(cells, flips) == plain_orientations(cells, flips)
        loose = [(int(a), int(b)) for a, b in r.integers(0, 5, size=(int(r.integers(0, 12)), 2))]
        for xs in (cells, loose, [list(x) for x in loose]):
            assert P.connected(xs) == plain_connected(xs)
