"""games/rhythm: independent solvers written from the catalog programs.

Notes are (lane, top row, rows tall, colour), lanes 0-based in the state and numbered from 1 in the
picture; a note's bottom edge is at row top + length, the hit line at row ``rows``.  The solvers
rebuild each lane's occupancy row by row and re-derive counts, scores and arrival beats from it.
"""

from collections import Counter

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.rhythm"
P = "task_games__rhythm__"


def _objects(state):
    """Per lane: the note objects as (first row, last row, colour), checked not to overlap."""
    occ = {}
    out = {ln: [] for ln in range(state["lanes"])}
    for lane, top, length, col in state["notes"]:
        rows = list(range(top, top + length))
        assert all((lane, r) not in occ for r in rows) and rows[-1] < state["rows"], "overlapping notes"
        occ.update({(lane, r): col for r in rows})
        out[lane].append((rows[0], rows[-1], col))
    return out


def earliest(state, params, qid):
    arrivals = []
    for lane, objs in _objects(state).items():
        for first, last, _ in objs:
            beats = state["rows"] - 1 - last       # rows between the note's bottom and the hit line
            if beats < params["window"]:
                arrivals.append((beats, lane + 1))
    arrivals.sort()
    assert arrivals and (len(arrivals) == 1 or arrivals[0][0] < arrivals[1][0]), "no unique first note"
    return arrivals[0][1]


def lane_count(state, params, qid):
    return len(_objects(state)[params["lane"] - 1])


def lane_score(state, params, qid):
    value = dict(zip(state["palette"], state["points"]))
    return sum(value[col] for _, _, col in _objects(state)[params["lane"] - 1])


def most_notes(state, params, qid):
    c = Counter({lane + 1: len(objs) for lane, objs in _objects(state).items()})
    (a, na), (_, nb) = c.most_common(2)
    assert na > nb, "tie for the most notes"
    return a


SOLVERS = {
    P + "earliest_hit_lane_label": earliest,
    P + "lane_note_count": lane_count,
    P + "lane_note_score_value": lane_score,
    P + "most_notes_lane_label": most_notes,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: s["lanes"] * s["rows"])
test_no_value_is_printed = shortcut_test(sorted(SOLVERS))


def test_known_chart():
    """Three lanes of 6 rows: lane 1 a hold over rows 3-4 (its bottom one beat above the line) and a tap at
    row 0; lane 2 a tap on row 5 (on the line now); lane 3 empty.  Yellow scores 2, cyan 3."""
    st = {"lanes": 3, "rows": 6, "palette": ["yellow", "cyan"], "points": [2, 3],
          "notes": [[0, 0, 1, "cyan"], [0, 3, 2, "yellow"], [1, 5, 1, "yellow"]]}
    from tracegen.domains.games.rhythm import beats_to_hit

    assert [beats_to_hit(st, n) for n in st["notes"]] == [5, 1, 0]
    assert earliest(st, {"window": 3}, "single") == 2
    assert lane_count(st, {"lane": 1}, "single") == 2 and lane_score(st, {"lane": 1}, "single") == 5
    assert most_notes(st, {}, "single") == 1
