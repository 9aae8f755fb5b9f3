"""games/radial_hunt_board: independent solvers written from the catalog programs.

Points are re-read in polar form: the centre, or (circle k, spoke j).  Along a circle the neighbours are
spokes j +- 1 (wrapping); along a diameter each point has a signed position (+k on spoke j, -k on the
opposite spoke, 0 the centre), and the neighbours are the positions +- 1.  Captures look two positions
ahead along the same circle or diameter.
"""

from taskcheck import scene_tests

MOD = "tracegen.domains.games.radial_hunt_board"
P = "task_games__radial_hunt_board__"


def _polar(state, p):
    spokes = 2 * state["diameters"]
    return None if p == 0 else divmod(p - 1, spokes)


def _pid(state, k, j):
    spokes = 2 * state["diameters"]
    return 1 + k * spokes + j % spokes


def _lines_through(state, p):
    """For each drawn line through p: the list of points along it in order, p's index, closed or not."""
    c, d = state["circles"], state["diameters"]
    out = []
    pol = _polar(state, p)
    diam = list(range(d)) if pol is None else [pol[1] % d]
    for j in diam:
        seq = [_pid(state, k, j + d) for k in reversed(range(c))] + [0] + [_pid(state, k, j) for k in range(c)]
        out.append((seq, seq.index(p), False))
    if pol is not None:
        ring = [_pid(state, pol[0], j) for j in range(2 * d)]
        out.append((ring, ring.index(p), True))
    return out


def _walk(state, p, steps_ahead):
    """Points 1..steps_ahead along every direction of every line through p."""
    res = []
    for seq, i, closed in _lines_through(state, p):
        for s in (1, -1):
            idx = [i + s * m for m in range(1, steps_ahead + 1)]
            if closed:
                idx = [x % len(seq) for x in idx]
            elif not all(0 <= x < len(seq) for x in idx):
                continue
            res.append([seq[x] for x in idx])
    return res


def steps(state, params, qid):
    occ = set(state["pieces"])
    return len({w[0] for w in _walk(state, state["marked"], 1) if w[0] not in occ})


def captures(state, params, qid):
    occ = set(state["pieces"])
    return len({w[1] for w in _walk(state, state["marked"], 2) if w[0] in occ and w[1] not in occ
                and w[1] != state["marked"]})


SOLVERS = {P + "capture_move_count": captures, P + "marked_piece_destination_count": steps}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: s["circles"] * s["diameters"])


def test_known_board():
    """3 circles, 3 diameters.  The hunter at the centre with opponents on the inner circle at spokes 0 and 3
    (the two ends of one diameter) and on circle 2 at spoke 0: it jumps over spoke 3's inner piece to circle 2
    spoke 3, but not over spoke 0's (circle 2 spoke 0 is occupied); 4 empty inner points remain as steps."""
    from tracegen.domains.games import radial_hunt_board as rh
    from tracegen.kits import pointboards as pb

    st = {"circles": 3, "diameters": 3, "marked": 0, "pieces": [1, 4, 7]}
    _, lines, links = rh.geometry(st)
    sides = {1: "prey", 4: "prey", 7: "prey", 0: "hunter"}
    assert pb.jumps(lines, links, sides, 0) == [10] and captures(st, {}, "single") == 1
    assert pb.steps(links, set(sides), 0) == [2, 3, 5, 6] and steps(st, {}, "single") == 4
