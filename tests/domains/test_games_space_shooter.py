"""games/space_shooter: independent solvers written from the catalog programs.

The state lists ships as (lane, row), row 0 at the top, and bolts as (lane, slot, side), slot 0 the
highest; ship rows sit above every bolt slot, on one vertical pitch.  The solvers re-derive lanes,
hits and gaps with plain counting and simulate the bolts step by step for the first hit.
"""

from collections import defaultdict

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.space_shooter"
P = "task_games__space_shooter__"


def _by_lane(state):
    ships, blue, red = defaultdict(list), defaultdict(list), defaultdict(list)
    for lane, row in state["ships"]:
        ships[lane].append(row)
    for lane, slot, side in state["shots"]:
        (blue if side == "blue" else red)[lane].append(slot)
    return ships, blue, red


def ship_count(state, params, qid):
    return len({(a, b) for a, b in state["ships"]})


def destroyed(state):
    ships, blue, _ = _by_lane(state)
    out = set()
    for lane, rows in ships.items():
        lowest_first = sorted(rows, key=lambda r: -r)
        out |= {(lane, r) for r in lowest_first[:len(blue[lane])]}
    return out


def hit_count(state, params, qid):
    ships, blue, _ = _by_lane(state)
    return sum(min(len(blue[lane]), len(rows)) for lane, rows in ships.items())


def first_hit(state, params, qid):
    """Move every blue bolt up one position per tick (ship rows 0..rows-1, then slots as rows+slot)
    until one meets a tagged ship; the tagged ships are the lowest of their lanes."""
    ships, blue, _ = _by_lane(state)
    tags = {(lane, row): lab for lane, row, lab in state["labels"]}
    for lane, row in tags:
        assert row == max(ships[lane]) and blue[lane], "a tag is not on a lane's lowest ship facing a bolt"
    pos = {lane: [state["rows"] + s for s in slots] for lane, slots in blue.items()}
    for tick in range(1, 40):
        hit = []
        for lane, ps in pos.items():
            low = max(ships[lane]) if ships[lane] else None
            if low is not None and any(p - tick == low for p in ps) and (lane, low) in tags:
                hit.append(tags[(lane, low)])
        if hit:
            assert len(hit) == 1, "two tagged ships hit at the same tick"
            return hit[0]
    raise AssertionError("no tagged ship is ever hit")


def hit_label(state, params, qid):
    gone = destroyed(state)
    (lab,) = [lab for lane, row, lab in state["labels"] if (lane, row) in gone]
    return lab


def safe_lanes(state, params, qid):
    _, _, red = _by_lane(state)
    return sum(1 for lane in range(state["lanes"]) if not red[lane])


SOLVERS = {
    P + "enemy_ship_count": ship_count,
    P + "enemy_ship_hit_count": hit_count,
    P + "first_hit_enemy_ship_label": first_hit,
    P + "hit_enemy_ship_label": hit_label,
    P + "safe_lane_count": safe_lanes,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["lanes"] * s["rows"])
test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: not tid.endswith("_label"))


def test_known_board():
    """Two lanes: lane 0 has ships in rows 0, 1, 2 and two blue bolts -> rows 2 and 1 go; lane 1 has one ship
    (row 0) and a red bolt -> unsafe, nothing hit; lane 2 is empty and safe.  The lowest ship of lane 0 is one
    pitch above its top bolt (slot 0 sits right under row 2)."""
    from tracegen.domains.games import space_shooter as ss

    st = {"lanes": 3, "rows": 3, "slots": 3, "player": 0, "labels": [],
          "ships": [[0, 0], [0, 1], [0, 2], [1, 0]], "shots": [[0, 0, "blue"], [0, 2, "blue"], [1, 1, "red"]]}
    assert sorted(ss.hit_ships(st)) == [(0, 1), (0, 2)] == sorted(destroyed(st))
    assert hit_count(st, {}, "single") == 2
    assert safe_lanes(st, {}, "single") == 2
    assert ss.gap(st, 0) == 1
