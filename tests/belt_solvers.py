"""Independent solvers shared by the belt scenes' tests (tests/domains/test_three_d_carousel.py and
test_three_d_conveyor.py).

They read only the recorded state and params, never the task code.  Each scene's test supplies its own
``ring(state, belt)`` -> [(list index, object)] in travel order, re-derived from the objects' positions
and the belt's direction; ``cyclic`` says whether the belt is a closed loop (pairs and gaps wrap round).
A solver has the signature ``solver(state, params, qid) -> answer``."""


def _count(state, belt, **want):
    return sum(all(o[k] == v for k, v in want.items()) for o in state["belts"][belt])


def total(state, params, qid):
    return len(state["belts"][params["target_belt"]])


def color(state, params, qid):
    return _count(state, params["target_belt"], color=params["target_color"])


def shape(state, params, qid):
    return _count(state, params["target_belt"], shape=params["target_shape"])


def both(state, params, qid):
    return _count(state, params["target_belt"], shape=params["target_shape"], color=params["target_color"])


def color_transfer(state, params, qid):
    src, dst = params["belts"]
    return len(state["belts"][dst]) + _count(state, src, color=params["target_color"])


def shape_transfer(state, params, qid):
    src, dst = params["belts"]
    return len(state["belts"][dst]) + _count(state, src, shape=params["target_shape"])


def arith(state, params, qid):
    a, b = (_count(state, belt, shape=params["target_shape"]) for belt in params["belts"])
    return a + b if qid == "total_count" else abs(a - b)


def ordered(ring, cyclic):
    """The order-dependent solvers ``(between, pairs)`` for a belt whose travel order is ``ring``."""

    def between(state, params, qid):
        order = [i for i, _ in ring(state, params["target_belt"])]
        a = int(params["marks"]["A"].split(":")[2])
        b = int(params["marks"]["B"].split(":")[2])
        pa, pb = order.index(a), order.index(b)
        if cyclic:
            return (pb - pa - 1) % len(order)
        assert pa < pb, "A must come before B"
        return pb - pa - 1

    def pairs(state, params, attr):
        seq = [o[attr] for _, o in ring(state, params["target_belt"])]
        first, second = params["pair_values"]
        n = len(seq)
        if n < 2:
            return 0
        if cyclic:
            return sum(seq[k] == first and seq[(k + 1) % n] == second for k in range(n))
        return sum(seq[k] == first and seq[k + 1] == second for k in range(n - 1))

    return between, pairs


def solvers(prefix, ring, cyclic, arith_id):
    """The SOLVERS table of a belt scene; ``arith_id`` names its count-arithmetic task."""
    between, pairs = ordered(ring, cyclic)
    return {
        prefix + arith_id: arith,
        prefix + "belt_total_object_count": total,
        prefix + "between_object_type_anchors_count": between,
        prefix + "color_ordered_adjacent_pair_count": lambda s, p, q: pairs(s, p, "color"),
        prefix + "color_transfer_total_count": color_transfer,
        prefix + "object_type_ordered_adjacent_pair_count": lambda s, p, q: pairs(s, p, "shape"),
        prefix + "object_type_transfer_total_count": shape_transfer,
        prefix + "scoped_belt_color_count": color,
        prefix + "scoped_belt_object_type_count": shape,
        prefix + "scoped_color_type_count": both,
    }


def size(state):
    return sum(len(v) for v in state["belts"].values())
