"""Independent solvers shared by the illustration scenes' tests (tests/domains/test_illustrations_*.py).

They read only the recorded state and params, never the task code: the picture-tile views (a
missing patch, a rotated tile, two swapped tiles) and the terraced isometric scenes (letter plates on
terrace levels).  A solver has the signature ``solver(state, params, qid) -> answer``."""

LETTERS = "ABCDEFGHIJKL"


# ---------------------------------------------------------------------------------- picture tiles

def missing(state, params, qid):
    """The letter of the one candidate patch that is the blanked one; the candidates are all different."""
    opts = params["options"]
    hits = [x for x, o in zip(LETTERS, opts) if o == params["hole"]]
    assert len(hits) == 1 and len(opts) == state["n_options"] == len({repr(o) for o in opts})
    return hits[0]


def rotated(state, params, qid):
    """The letter of the turned tile (1-3 quarter turns)."""
    assert params["turns"] in (1, 2, 3)
    return LETTERS[params["rotated"]]


def rotated_on(grid_key, counts):
    """``rotated`` that also checks the state's grid (``state[grid_key]``) has a tile count in ``counts``."""
    def solve(state, params, qid):
        rows, cols = state[grid_key]
        assert rows * cols in counts and 0 <= params["rotated"] < rows * cols
        return rotated(state, params, qid)
    return solve


def swapped(state, params, qid):
    """The card A-D naming the swapped pair; the four cards name different pairs."""
    truth = set(params["swap"])
    hits = [x for x, o in zip("ABCD", params["options"]) if set(o) == truth]
    assert len(hits) == 1 and len({frozenset(o) for o in params["options"]}) == 4
    return hits[0]


# ---------------------------------------------------------------------------------- terraced isometric scenes

def level(state, i, j):
    return state["levels"][i][j]


def plate_on(state, want):
    """The letter of the one plate on a tile of level ``want``; the plates are lettered A-D."""
    hits = [lab["letter"] for lab in state["labels"] if level(state, lab["i"], lab["j"]) == want]
    assert len(hits) == 1 and len(state["labels"]) == 4
    assert sorted(lab["letter"] for lab in state["labels"]) == list("ABCD")
    return hits[0]


def actor_level(kind):
    """Solver: the plate on the level of the ``kind`` standing on the ground."""
    def solve(state, params, qid):
        a = state["actor"]
        assert a["kind"] == kind
        return plate_on(state, level(state, a["i"], a["j"]))
    return solve


def top_count(state, params, qid):
    flat = [z for row in state["levels"] for z in row]
    return flat.count(max(flat))


def extremum(state, params, qid):
    zs = [level(state, lab["i"], lab["j"]) for lab in state["labels"]]
    return plate_on(state, max(zs) if qid == "highest_terrain_tile" else min(zs))


def level_objects(counted):
    """Solver: how many objects with ``counted(object, params)`` stand on the highest / lowest level."""
    def solve(state, params, qid):
        flat = [z for row in state["levels"] for z in row]
        goal = max(flat) if qid == "highest_terrain_object_count" else min(flat)
        return sum(counted(o, params) and level(state, o["i"], o["j"]) == goal for o in state["objects"])
    return solve


def check_terrace(front, behind):
    """A 6 x 6 ground with a 4 x 4 plateau holding a 2 x 2 top: four top tiles, the front one seen; a
    ``front`` sprite on the top hides a ``behind`` sprite on the plateau behind it but not one before it."""
    from tracegen.kits import isometric as k

    lv = [[0] * 6 for _ in range(6)]
    for i in range(1, 5):
        for j in range(1, 5):
            lv[i][j] = 1
    for i in (2, 3):
        for j in (2, 3):
            lv[i][j] = 2
    assert top_count({"levels": lv}, {}, "single") == 4
    assert k.top_visible(lv, 3, 3) and k.top_visible(lv, 2, 2)
    assert not k.top_visible(lv, 0, 0)          # the plateau rises right in front of the back corner
    st = {"levels": lv, "objects": [{"kind": front, "i": 2, "j": 2}], "labels": [], "actor": None}
    assert not k.can_stand(st, 1, 1, behind) and k.can_stand(st, 4, 4, behind)
