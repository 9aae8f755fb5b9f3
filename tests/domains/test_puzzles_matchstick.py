"""puzzles/matchstick: independent solvers -- digits decoded from their lit segments with a seven-segment
table of this file (take each lettered stick away and evaluate), one-stick reachability checked digit
by digit, and the lattice's best additions found by brute force over every set of empty edges."""

from itertools import combinations

import pytest
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.puzzles.matchstick"
P = "task_puzzles__matchstick__"
LETTERS = "ABCDEF"

# lit segments (top, top-right, bottom-right, bottom, bottom-left, top-left, middle) per digit
LIT = {"1111110": 0, "0110000": 1, "1101101": 2, "1111001": 3, "0110011": 4, "1011011": 5, "1011111": 6,
       "1110000": 7, "1111111": 8, "1111011": 9}
NAMES = "abcdefg"
SEGS = {d: {NAMES[i] for i, v in enumerate(bits) if v == "1"} for bits, d in LIT.items()}


def decode(segs):
    return LIT.get("".join("1" if n in segs else "0" for n in NAMES))


def equation(state, params, qid):
    a, op, b, eq, c = state["tokens"]
    assert eq == "="
    digits = list(a + b + c)
    hits = []
    for letter, (j, seg) in zip(LETTERS, state["candidates"]):
        d = decode(SEGS[int(digits[j])] - {seg})
        if d is None:
            continue
        new = list(digits)
        new[j] = str(d)
        text = "".join(new)
        x, y, z = int(text[:len(a)]), int(text[len(a):len(a) + len(b)]), int(text[len(a) + len(b):])
        if (x + y if op == "+" else x - y) == z:
            hits.append(letter)
    assert len(hits) == 1, hits
    return hits[0]


def one_stick_apart(src: str, cand: str, adding: bool) -> bool:
    if len(src) != len(cand):
        return False
    diffs = [(SEGS[int(a)], SEGS[int(b)]) for a, b in zip(src, cand) if a != b]
    if len(diffs) != 1:
        return False
    old, new = diffs[0]
    return (old < new if adding else new < old) and len(old ^ new) == 1


def transform(state, params, qid):
    adding = qid == "add_one_stick"
    hits = [LETTERS[i] for i, m in enumerate(state["options"]) if one_stick_apart(state["source"], m, adding)]
    assert len(hits) == 1, hits
    return hits[0]


def lattice(state, params, qid):
    rows, cols = state["rows"], state["cols"]
    # edges as pairs of lattice points
    def edge(e):
        kind, r, c = e.split(":")
        r, c = int(r), int(c)
        return frozenset({(r, c), (r, c + 1)}) if kind == "h" else frozenset({(r, c), (r + 1, c)})

    present = {edge(e) for e in state["present"]}
    everything = ({frozenset({(r, c), (r, c + 1)}) for r in range(rows + 1) for c in range(cols)}
                  | {frozenset({(r, c), (r + 1, c)}) for r in range(rows) for c in range(cols + 1)})
    empty = sorted(everything - present, key=sorted)

    def squares(sticks):
        return sum(all(frozenset(p) in sticks for p in (((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)),
                                                        ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))))
                   for r in range(rows) for c in range(cols))

    return max(squares(present | set(add)) for add in combinations(empty, state["add"]))


SOLVERS = {
    P + "equation_repair_stick_label": equation,
    P + "matchstick_number_transform_label": transform,
    P + "max_square_count_after_additions_value": lattice,
}


def _size(s):
    if s["kind"] == "equation":
        return len("".join(s["tokens"])) + len(s["candidates"])
    if s["kind"] == "transform":
        return len(s["source"])
    return s["rows"] * s["cols"] + s["add"]


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_count_is_printed = shortcut_test([P + "max_square_count_after_additions_value"])


def test_seven_segment_table_matches_the_scene():
    from tracegen.domains.puzzles import matchstick as m

    assert {d: set(v) for d, v in m.SEGMENTS.items()} == SEGS


def test_lattice_annotation_marks_the_completed_squares():
    spec = registry.get(P + "max_square_count_after_additions_value")
    for i in range(4):
        inst = engine.generate(spec, seed=i, split="ann", index=i, encode=False)
        assert len(inst.solution.witnesses) == inst.record["answer_gt"]["value"]


@pytest.mark.parametrize("d", [1, 2, 3])
def test_equation_letters_sit_on_their_sticks(d):
    spec = registry.get(P + "equation_repair_stick_label")
    inst = engine.generate(spec, seed=d, split="draw", index=0, difficulty=d, encode=False)
    s, ents = inst.trace["state"], inst.canvas.entities
    letters = [t for t in inst.canvas.texts if t["kind"] == "option"]
    assert sorted(t["text"] for t in letters) == list(LETTERS[:len(s["candidates"])])
    for t in letters:
        j, seg = s["candidates"][LETTERS.index(t["text"])]
        (x0, y0), (x1, y1) = ents[f"d{j}:{seg}"]["segment"]
        bx = t["box"]
        cx, cy = (bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2
        # the letter is nearer its own stick's midpoint than any other lettered stick's
        dist = {tuple(p): ((cx - (a[0] + b[0]) / 2) ** 2 + (cy - (a[1] + b[1]) / 2) ** 2)
                for p in s["candidates"] for a, b in [ents[f"d{p[0]}:{p[1]}"]["segment"]]}
        assert min(dist, key=dist.get) == (j, seg)
