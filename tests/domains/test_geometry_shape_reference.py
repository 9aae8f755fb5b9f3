"""geometry/shape_reference: independent solvers from the catalog programs.  Candidates are
compared with the Reference through the eight lattice isometries (quarter turns and mirror
images) and a rational scale factor, or mapped exactly by the drawn cue (the vector's head
minus tail, the line L, a quarter turn about O written with complex numbers); exactly one
candidate must match."""

from fractions import Fraction

import pytest
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.geometry.shape_reference"
P = "task_geometry__shape_reference__"
LETTERS = "ABCDEF"


def normal(points):
    """The point set moved so its lowest-left bounding corner is the origin."""
    x0 = min(p[0] for p in points)
    y0 = min(p[1] for p in points)
    return frozenset((p[0] - x0, p[1] - y0) for p in points)


def isometries(points):
    """The eight images under the lattice's quarter turns and reflections (complex numbers)."""
    zs = [complex(x, y) for x, y in points]
    for flip in (False, True):
        w = [z.conjugate() for z in zs] if flip else zs
        for turn in (1, 1j, -1, -1j):
            yield [((v * turn).real, (v * turn).imag) for v in w]


def same_up_to_scale(ref, cand):
    """The scale factor k (a fraction) with cand = k * T(ref) moved, for some isometry T, or None."""
    c = normal(cand)
    cw = max(x for x, _ in c) or max(y for _, y in c)
    for img in isometries(ref):
        r = normal(img)
        rw = max(x for x, _ in r) or max(y for _, y in r)
        if len(r) != len(c) or not rw:
            continue
        k = Fraction(int(cw), int(rw))
        if frozenset((Fraction(int(x)) * k, Fraction(int(y)) * k) for x, y in r) == frozenset(
                (Fraction(int(x)), Fraction(int(y))) for x, y in c):
            return k
    return None


def only(state, test):
    hits = [test(state["reference"], c) for c in state["candidates"]]
    assert sum(hits) == 1, hits
    return LETTERS[hits.index(True)]


def congruent(state, params, qid):
    return only(state, lambda r, c: same_up_to_scale(r, c) == 1)


def similar(state, params, qid):
    return only(state, lambda r, c: same_up_to_scale(r, c) not in (None, 1))


def translation(state, params, qid):
    cue = state["cue"]
    dx, dy = cue["head"][0] - cue["tail"][0], cue["head"][1] - cue["tail"][1]
    return only(state, lambda r, c: {(x + dx, y + dy) for x, y in r} == {tuple(p) for p in c})


def reflection(state, params, qid):
    kind, k = state["cue"]["line"]

    def mirror(x, y):
        if kind == "x":
            return (2 * k - x, y)
        if kind == "y":
            return (x, 2 * k - y)
        # the line y = k x (k = +-1): reflect across the direction (1, k)
        z = complex(x, y)
        u = complex(1, k) / abs(complex(1, k))
        m = u * u * z.conjugate()
        return (round(m.real), round(m.imag))

    return only(state, lambda r, c: {mirror(*p) for p in r} == {tuple(p) for p in c})


def rotation(state, params, qid):
    cue = state["cue"]
    o = complex(*cue["o"])
    turn = 1j ** cue["quarter"]

    def image(p):
        z = (complex(*p) - o) * turn + o
        return (round(z.real), round(z.imag))

    return only(state, lambda r, c: {image(p) for p in r} == {tuple(p) for p in c})


SOLVERS = {
    P + "congruent_match": congruent,
    P + "similar_match": similar,
    P + "translation_match": translation,
    P + "reflection_match": reflection,
    P + "rotation_match": rotation,
}


def _size(s):
    return 10 * len(s["candidates"]) + len(s["reference"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size, balance_seeds=120)


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_candidates_drawn_apart_and_annotated(tid):
    """Options are the lettered candidates in the image; the annotation is the answer's
    vertices; the shapes' boxes never overlap."""
    spec = registry.get(tid)
    for d in spec.difficulties:
        inst = engine.generate(spec, seed=4, split="train", index=0, difficulty=d, encode=False)
        s = inst.trace["state"]
        letters = [t["text"] for t in inst.canvas.texts if len(t["text"]) == 1 and t["text"] in LETTERS]
        assert sorted(letters) == list(LETTERS[:len(s["candidates"])])
        assert inst.record["images"] and len(inst.record["annotation_gt"]["value"]) == len(
            s["candidates"][LETTERS.index(inst.record["answer_gt"]["value"])])
