"""games/battleship: independent solvers (own fleet shapes, own grouping of touching cells)."""

import itertools

from taskcheck import scene_tests

MOD = "tracegen.domains.games.battleship"
P = "task_games__battleship__"

SHAPES = {"Line 5": {(0, i) for i in range(5)}, "Line 4": {(0, i) for i in range(4)},
          "Line 3": {(0, i) for i in range(3)}, "Square 2x2": {(0, 0), (0, 1), (1, 0), (1, 1)},
          "L 3": {(0, 0), (1, 0), (1, 1)}}


def canon(cells):
    """The shape's name: compare under all 8 rotations/reflections."""
    for name, base in SHAPES.items():
        for sr, sc, swap in itertools.product((1, -1), (1, -1), (False, True)):
            pts = [((c if swap else r) * sr, (r if swap else c) * sc) for r, c in base]
            r0, c0 = min(p[0] for p in pts), min(p[1] for p in pts)
            if {(a - r0, b - c0) for a, b in pts} == {(a - min(x for x, _ in cells), b - min(y for _, y in cells))
                                                      for a, b in cells}:
                return name
    return None


def clusters(cells):
    cells, out = set(cells), []
    while cells:
        seed = cells.pop()
        comp, todo = {seed}, [seed]
        while todo:
            r, c = todo.pop()
            for a in (-1, 0, 1):
                for b in (-1, 0, 1):
                    x = (r + a, c + b)
                    if x in cells:
                        cells.discard(x)
                        comp.add(x)
                        todo.append(x)
        out.append(comp)
    return out


def last_cell(state, params, qid):
    hits = {tuple(x) for x in state["hits"]}
    good = [i for i, o in enumerate(state["options"])
            if sorted(str(canon(g)) for g in clusters(hits | {tuple(o)})) == sorted(SHAPES)]
    (i,) = good
    return "ABCDEF"[i]


def remaining(state, params, qid):
    sunk = {canon(g) for g in clusters({tuple(x) for x in state["hits"]})}
    (left,) = [x for x in SHAPES if x not in sunk]
    return "ABCDE"[state["choices"].index(left)]


def cell_status(state, params, qid):
    hits = {tuple(x) for x in state["hits"]}
    (ship,) = [s for s in state["ships"] if s["name"] == state["named"]]
    n_hit = sum(tuple(x) in hits for x in ship["cells"])
    return n_hit if qid == "named_ship_hit_cell_count" else len(ship["cells"]) - n_hit


def ship_status(state, params, qid):
    hits = {tuple(x) for x in state["hits"]}
    out = 0
    for s in state["ships"]:
        k = sum(tuple(x) in hits for x in s["cells"])
        out += (k == len(s["cells"])) if qid == "sunk_ship_count" else (0 < k < len(s["cells"]))
    return out


SOLVERS = {
    P + "last_ship_cell_label": last_cell,
    P + "remaining_ship_shape_label": remaining,
    P + "ship_cell_status_count": cell_status,
    P + "ship_status_count": ship_status,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["n"])
# no shortcut test: the only numbers drawn are the fleet's names ("Line 5", "Square 2x2", as in the original)


def test_known_position():
    """Hand-checked: four ships fully hit and the Line 4 hit on three cells in a row with a miss at
    one end: the missing cell is the other end, and only it completes the fleet."""
    from tracegen.domains.games.battleship import is_fleet

    hits = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4),        # Line 5
            (2, 0), (3, 0), (4, 0),                        # Line 3 (vertical)
            (6, 0), (6, 1), (7, 0), (7, 1),                # Square
            (2, 7), (2, 8), (3, 8),                        # L 3
            (5, 4), (5, 5), (5, 6)]                        # Line 4 minus one end
    assert is_fleet(hits + [(5, 7)]) and is_fleet(hits + [(5, 3)])
    assert not is_fleet(hits + [(4, 4)]) and not is_fleet(hits)
    state = {"hits": hits, "options": [(5, 7), (4, 4), (8, 8)]}
    # (5, 3) is not offered (the scene puts a miss there): of the options only (5, 7) completes the fleet
    assert last_cell(state, {}, "single") == "A"
    assert canon({(0, 0), (0, 1), (1, 1)}) == "L 3" and canon({(0, 0), (1, 0), (2, 0)}) == "Line 3"
