"""puzzles/rubiks_net: independent solvers -- the cube as 54 facelets with numpy: each face turn is a
permutation found by rotating the facelets' 3D centres (2 x cubie position + normal; x right, y up, z front; a face's stickers
laid out as seen from outside, row 0 at the bottom) with an integer rotation matrix, then the
asked count / colour / candidate read off.  Plus hand-checked turns of a solved cube."""

import numpy as np

from taskcheck import scene_tests

MOD = "tracegen.domains.puzzles.rubiks_net"
P = "task_puzzles__rubiks_net__"

AXES = {"U": np.array([0, 1, 0]), "D": np.array([0, -1, 0]), "L": np.array([-1, 0, 0]),
        "R": np.array([1, 0, 0]), "F": np.array([0, 0, 1]), "B": np.array([0, 0, -1])}
# the net's reading of each face: (right, up) seen from outside
VIEW = {"F": ((1, 0, 0), (0, 1, 0)), "R": ((0, 0, -1), (0, 1, 0)), "B": ((-1, 0, 0), (0, 1, 0)),
        "L": ((0, 0, 1), (0, 1, 0)), "U": ((1, 0, 0), (0, 0, -1)), "D": ((1, 0, 0), (0, 0, 1))}
ORDER = "ULFRBD"


def _rot(axis, clockwise):
    """Integer rotation matrix a quarter turn about ``axis`` (clockwise seen from its tip)."""
    k = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]])
    s = -1 if clockwise else 1
    return np.outer(axis, axis) + s * k    # cos 90 = 0, sin = s


FACELETS = [(f, row, col, 3 * AXES[f] + 2 * (col - 1) * np.array(VIEW[f][0]) + 2 * (row - 1) * np.array(VIEW[f][1]))
            for f in ORDER for row in range(3) for col in range(3)]
CENTRES = {tuple(int(v) for v in p): i for i, (_, _, _, p) in enumerate(FACELETS)}


def _in_layer(p, ax):
    return p @ ax >= 2        # facelet centres are 2 x cubie + normal: the face (3) and its ring (2)


def _flat(cube):
    return [cube[f][row][col] for f, row, col, _ in FACELETS]


def _unflat(v):
    cube = {f: [[None] * 3 for _ in range(3)] for f in ORDER}
    for (f, row, col, _), x in zip(FACELETS, v):
        cube[f][row][col] = x
    return cube


def apply(cube, moves):
    v = _flat(cube)
    for mv in moves:
        ax = AXES[mv[0]]
        m = _rot(ax, not mv.endswith("'"))
        new = list(v)
        for i, (_, _, _, p) in enumerate(FACELETS):
            if _in_layer(p, ax):
                new[CENTRES[tuple(int(x) for x in m @ p)]] = v[i]
        v = new
    return _unflat(v)


def count(state, params, qid):
    after = apply(state["cube"], state["moves"])
    n = sum(x == state["target"] for row in after[state["face"]] for x in row)
    return "ABCD"[state["options"].index(n)]


def sticker(state, params, qid):
    after = apply(state["cube"], state["moves"])
    col, row = state["pos"]
    return "ABCD"[state["options"].index(after[state["face"]][row][col])]


def result(state, params, qid):
    moves = state["moves"]
    if qid == "inverse_sequence_result_label":
        moves = [m[0] if m.endswith("'") else m + "'" for m in reversed(moves)]
    after = apply(state["cube"], moves)
    hits = [k for k, o in enumerate(state["options"]) if o == after]
    assert len(hits) == 1
    return "ABCD"[hits[0]]


SOLVERS = {P + "post_move_face_color_count_label": count, P + "post_move_sticker_color_label": sticker,
           P + "rubiks_move_result_label": result}


def _size(s):
    return len(s["moves"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


def test_known_turns_of_a_solved_cube():
    solved = {f: [[f] * 3 for _ in range(3)] for f in ORDER}
    r = apply(solved, ["R"])
    assert [row[2] for row in r["U"]] == ["F"] * 3 and [row[2] for row in r["F"]] == ["D"] * 3
    assert [row[0] for row in r["B"]] == ["U"] * 3
    u = apply(solved, ["U"])
    assert u["F"][2] == ["R"] * 3 and u["F"][0] == ["F"] * 3
    assert apply(solved, ["F", "F'"]) == solved and apply(solved, ["L"] * 4) == solved
