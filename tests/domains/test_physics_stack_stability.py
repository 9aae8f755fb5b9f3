"""physics/stack_stability: independent solvers written from the catalog programs."""

from fractions import Fraction

from taskcheck import scene_tests

MOD = "tracegen.domains.physics.stack_stability"
P = "task_physics__stack_stability__"
HALF = Fraction(4)          # half a brick, in eighths of a brick


def _upright(offsets) -> bool:
    """Identical uniform bricks: the centre of mass (mean of the brick centres) of the whole stack must lie
    over the bottom brick's footprint, and of every upper part over the brick below it."""
    for k in range(len(offsets)):
        upper = offsets[k:]
        g = Fraction(sum(upper), len(upper))
        below = offsets[k - 1] if k else offsets[0]
        if abs(g - below) > HALF:
            return False
    return True


def label(state, params, qid):
    want = qid == "stable_stack_label"
    hits = [k for k, offs in enumerate(state["stacks"]) if _upright(offs) == want]
    assert len(hits) == 1
    return "ABCDEF"[hits[0]]


SOLVERS = {P + "stability_status_label": label}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS,
                                                       size_metric=lambda s: sum(len(x) for x in s["stacks"]))


def test_known_stacks():
    assert _upright([0, 1, -1, 0])                   # nearly straight: stands
    assert not _upright([0, 3, 6, 9])                # staircase leaning 3/8 brick per level: falls
    assert not _upright([0, 0, 0, 5])                # top brick's centre past the edge of the one below
