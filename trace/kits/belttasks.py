"""Counting tasks over objects riding on conveyor belts (carousel rings, straight lanes).

A belt scene's state holds ``belts``: ``{belt key: [object, ...]}`` with each belt's objects listed
in travel order (the direction its arrows show) and each object a dict with ``shape`` (a
``tokens.TOKENS`` kind), ``color`` (a ``tokens.PALETTE`` name) and the scene's own position fields;
``kinds`` and ``colors`` list the shapes and colours in play and ``visible_ok`` records that every
object is clearly visible.  Objects are ``obj:<belt>:<k>`` (k = index in travel order) and the
travel-order neighbour pairs ``pair:<belt>:<k>`` (object k, then the next one; a closed belt
also pairs its last object with its first).  Task edits only recolour, reshape or remove objects,
never move them, so the visibility found by the sampler stays true.

``register(task, cfg)`` declares the ten belt tasks on a scene with ``cfg`` naming the belts, the
wording and whether belts are closed loops.
"""

from __future__ import annotations

import numpy as np

from ..core.claims import COLOUR_WORDS, Claim
from .three_d import tokens
from .three_d.camera import Camera, fit_scale, store_view

SCOPED = {1: (0, 3), 2: (0, 5), 3: (1, 7)}
PAIRS = {1: (0, 2), 2: (0, 4), 3: (0, 5)}
BETWEEN = {1: (1, 3), 2: (1, 5), 3: (2, 7)}
TRANSFER = {1: (2, 8), 2: (2, 12), 3: (4, 16)}
TOTAL = {1: (1, 6), 2: (1, 10), 3: (3, 14)}
ARITH = {"total_count": {1: (2, 7), 2: (2, 10), 3: (4, 14)}, "difference_count": {1: (1, 3), 2: (1, 5), 3: (1, 7)}}


def oid(belt, k):
    return f"obj:{belt}:{k}"


def claims(state, belts) -> list:
    """Prompts name token colours (a category that may have no member): every token on ``belts`` is drawn in its
    colour."""
    words = [w for w in tokens.PALETTE if w in COLOUR_WORDS]
    return ([Claim(None, "colour", w) for w in words]
            + [Claim(oid(b, k), "colour", o["color"])
               for b in belts for k, o in enumerate(state["belts"][b]) if o["color"] in words])


def pair_count(objs, attr, a, b, cyclic):
    n = len(objs)
    last = n if cyclic and n >= 2 else n - 1
    return [k for k in range(last) if objs[k][attr] == a and objs[(k + 1) % n][attr] == b]


def _a(word):
    return "an" if word[0] in "aeiou" else "a"


def _rng_range(d, table):
    lo, hi = table[d]
    return list(range(lo, hi + 1))


def _other(values, avoid, rng):
    pool = [v for v in values if v not in avoid]
    return pool[int(rng.integers(len(pool)))]


def _domain(state, attr):
    return state["kinds"] if attr == "shape" else state["colors"]


def _plant(objs, rng, state, k, assign, rest):
    order = [int(i) for i in rng.permutation(len(objs))]
    for i in order[:k]:
        assign(objs[i], rng, state)
    for i in order[k:]:
        rest(objs[i], rng, state)


def _setter(shape=None, color=None, not_shape=(), not_color=()):
    def assign(o, rng, state):
        o["shape"] = shape or _other(state["kinds"], not_shape, rng)
        o["color"] = color or _other(state["colors"], not_color, rng)
    return assign


def _keep_attr(attr, value=None, avoid=()):
    """Set only ``attr`` (to ``value``, or to any value outside ``avoid``), leaving the other attribute."""
    def assign(o, rng, state):
        o[attr] = value or _other(_domain(state, attr), avoid, rng)
    return assign


def _near_miss(shape, color):
    def assign(o, rng, state):
        u = float(rng.random())
        if u < 0.35:
            _setter(shape=shape, not_color=(color,))(o, rng, state)
        elif u < 0.7:
            _setter(color=color, not_shape=(shape,))(o, rng, state)
        else:
            _setter(not_shape=(shape,), not_color=(color,))(o, rng, state)
    return assign


def _trim(objs, rng, k):
    keep = sorted(int(i) for i in rng.choice(len(objs), size=k, replace=False))
    return [objs[i] for i in keep]


def register(task, cfg):
    """Declare the belt tasks.  ``cfg``: ``prefix`` (unused in ids), ``belts`` (keys in order),
    ``name`` {key: "INNER"}, ``intro`` (sentence), ``cyclic`` (closed loops), ``arith`` (objective
    name of the two-belt arithmetic task), ``follow`` (phrase for the travel direction)."""
    belts, intro, cyclic = cfg["belts"], cfg["intro"], cfg["cyclic"]
    tables = {"total": TOTAL, "pairs": PAIRS, "transfer": TRANSFER, **cfg.get("tables", {})}
    follow = cfg["follow"]

    class _Names:
        """Belt names: a fixed dict, or ``cfg["name"](state)`` when they follow the view."""
        q = None

        def __getitem__(self, key):
            nm = cfg["name"]
            return (nm(self.q.state) if callable(nm) else nm)[key]

    def names(q):
        out = _Names()
        out.q = q
        return out

    def objects(q):
        q.require(q.state["visible_ok"], "objects not clearly visible")
        return q.state["belts"]

    def ids(belt, idx):
        return [oid(belt, k) for k in idx]

    def pick_belt(q, name_="target_belt"):
        return q.choice(name_, belts)

    def scoped(q, t, assign, rest):
        belt = pick_belt(q)
        q.require(t <= len(objects(q)[belt]), "belt has fewer objects than the target")

        def fn(state, rng):
            _plant(state["belts"][belt], rng, state, t, assign, rest)
            return state
        return belt, q.edit(fn)

    def matching(objs, shape=None, color=None):
        return [k for k, o in enumerate(objs) if (shape is None or o["shape"] == shape)
                and (color is None or o["color"] == color)]

    # ------------------------------------------------------------------ single-belt counts
    @task("belt_total_object_count", answer="integer", annotation="bbox_set", ops="counting",
          queries=("single", "belt_total_count"))
    def belt_total_object_count(q):
        name = names(q)
        belt = pick_belt(q)
        t = q.target(_rng_range(q.difficulty, tables["total"]))
        q.require(t <= len(objects(q)[belt]), "belt has fewer objects than the target")

        def fn(state, rng):
            state["belts"][belt] = _trim(state["belts"][belt], rng, t)
            return state
        s = q.edit(fn)
        idx = list(range(len(s["belts"][belt])))
        q.step("count", belt=belt, kept=idx)
        question = (f"What is the total number of objects on the {name[belt]} belt?" if q.query_id == "single"
                    else f"Count every object on the {name[belt]} belt, whatever its shape or colour. How many are there?")
        return q.answer(len(idx), witnesses=ids(belt, idx), question=intro + " " + question)

    def scoped_attribute_count(q, attr, pool, phrase):
        """How many objects on one belt have the drawn ``attr`` value (the belt's other objects not)."""
        name = names(q)
        objects(q)
        value = q.choice(f"target_{attr}", q.state[pool])
        t = q.target(_rng_range(q.difficulty, SCOPED))
        belt, s = scoped(q, t, _keep_attr(attr, value), _keep_attr(attr, avoid=(value,)))
        idx = matching(s["belts"][belt], **{attr: value})
        q.step("filter", belt=belt, **{attr: value}, kept=idx)
        return q.answer(len(idx), witnesses=ids(belt, idx), question=intro + phrase(name[belt], value))

    @task("scoped_belt_color_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
    def scoped_belt_color_count(q):
        return scoped_attribute_count(q, "color", "colors", lambda belt, color: (
            f" Looking only at the {belt} belt, how many objects are {tokens.colour_word(color)}?"))

    @task("scoped_belt_object_type_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
    def scoped_belt_object_type_count(q):
        return scoped_attribute_count(q, "shape", "kinds", lambda belt, shape: (
            f" How many {tokens.token_noun(shape)} are on the {belt} belt?"))

    @task("scoped_color_type_count", answer="integer", annotation="bbox_set",
          ops="filtering,counting,logical_composition")
    def scoped_color_type_count(q):
        name = names(q)
        objects(q)
        shape = q.choice("target_shape", q.state["kinds"])
        color = q.choice("target_color", q.state["colors"])
        t = q.target(_rng_range(q.difficulty, SCOPED))
        belt, s = scoped(q, t, _setter(shape=shape, color=color), _near_miss(shape, color))
        idx = matching(s["belts"][belt], shape=shape, color=color)
        q.step("filter", belt=belt, shape=shape, color=color, kept=idx)
        return q.answer(len(idx), witnesses=ids(belt, idx), question=intro + (
            f" Count the {tokens.colour_word(color)} {tokens.token_noun(shape)} on the {name[belt]} belt. "
            f"How many are there?"))

    # ------------------------------------------------------------------ order along a belt
    @task("between_object_type_anchors_count", answer="integer", annotation="bbox_set",
          ops="filtering,counting,topology")
    def between_object_type_anchors_count(q):
        name = names(q)
        belt = pick_belt(q)
        t = q.target(_rng_range(q.difficulty, BETWEEN))
        n = len(objects(q)[belt])
        q.require(n >= t + 2, "belt too short for the gap")
        a = q.param("anchor_a", lambda r: int(r.integers(n if cyclic else n - t - 1)))
        b = (a + t + 1) % n
        q.param("marks", lambda r: {"A": oid(belt, a), "B": oid(belt, b)})
        idx = [(a + 1 + k) % n for k in range(t)]
        objs = q.state["belts"][belt]
        q.step("walk", belt=belt, start=a, stop=b, between=idx)
        what_a, what_b = tokens.token_noun(objs[a]["shape"], 1), tokens.token_noun(objs[b]["shape"], 1)
        return q.answer(len(idx), witnesses=ids(belt, idx), question=intro + (
            f" On the {name[belt]} belt, start at the {what_a} marked A and {follow} to the {what_b} marked B. "
            f"How many objects lie strictly between A and B?"))

    def pair_task(q, attr):
        objects(q)
        belt = pick_belt(q)
        values = _domain(q.state, attr)
        first, second = q.param("pair_values", lambda r: [str(v) for v in r.choice(values, 2, replace=False)])
        t = q.target(_rng_range(q.difficulty, tables["pairs"]))
        n = len(q.state["belts"][belt])
        q.require(2 * t <= (n if cyclic else n), "belt too short for the pairs")

        def build(state, rng):
            objs = state["belts"][belt]
            slots = list(range(n if cyclic else n - 1))
            starts = []
            for k in [int(i) for i in rng.permutation(len(slots))]:
                if len(starts) == t:
                    break
                taken = {s for s0 in starts for s in (s0, (s0 + 1) % n)}
                if k not in taken and (k + 1) % n not in taken:
                    starts.append(k)
            if len(starts) < t:
                return None
            fixed = {}
            for s0 in starts:
                fixed[s0], fixed[(s0 + 1) % n] = first, second
            for k in range(n):
                objs[k][attr] = fixed.get(k) or str(values[int(rng.integers(len(values)))])
            if len(pair_count(objs, attr, first, second, cyclic)) != t:
                return None
            return state

        from tracegen.core.task import retrying
        s = q.edit(retrying(build, 200))
        hits = pair_count(s["belts"][belt], attr, first, second, cyclic)
        q.require(len(hits) == t, "no arrangement with the target pair count")
        q.step("pairs", belt=belt, first=first, second=second, starts=hits)
        return belt, first, second, hits

    @task("color_ordered_adjacent_pair_count", answer="integer", annotation="segment_set",
          ops="filtering,counting,topology")
    def color_ordered_adjacent_pair_count(q):
        name = names(q)
        belt, a, b, hits = pair_task(q, "color")
        return q.answer(len(hits), witnesses=[f"pair:{belt}:{k}" for k in hits], question=intro + (
            f" On the {name[belt]} belt, {follow} and count the places where {_a(a)} {tokens.colour_word(a)} object is "
            f"immediately followed by {_a(b)} {tokens.colour_word(b)} object. How many such adjacent pairs are there?"))

    @task("object_type_ordered_adjacent_pair_count", answer="integer", annotation="segment_set",
          ops="filtering,counting,topology")
    def object_type_ordered_adjacent_pair_count(q):
        name = names(q)
        belt, a, b, hits = pair_task(q, "shape")
        return q.answer(len(hits), witnesses=[f"pair:{belt}:{k}" for k in hits], question=intro + (
            f" On the {name[belt]} belt, {follow} and count the places where {_a(tokens.token_noun(a, 1))} {tokens.token_noun(a, 1)} is "
            f"immediately followed by {_a(tokens.token_noun(b, 1))} {tokens.token_noun(b, 1)}. How many such adjacent pairs are there?"))

    # ------------------------------------------------------------------ two belts
    def transfer(q, attr):
        name = names(q)
        objects(q)
        src, dst = q.param("belts", lambda r: [str(v) for v in r.choice(belts, 2, replace=False)])
        value = q.choice("target_" + ("shape" if attr == "shape" else "color"), _domain(q.state, attr))
        v = q.target(_rng_range(q.difficulty, tables["transfer"]))
        n_src, n_dst = len(q.state["belts"][src]), len(q.state["belts"][dst])
        moved = q.param("moved", lambda r: int(r.integers(1, min(4, v - 1, n_src) + 1)))
        stay = v - moved
        q.require(1 <= stay <= n_dst and moved <= n_src, "belts cannot reach the target")

        def fn(state, rng):
            state["belts"][dst] = _trim(state["belts"][dst], rng, stay)
            _plant(state["belts"][src], rng, state, moved, _keep_attr(attr, value), _keep_attr(attr, avoid=(value,)))
            return state
        s = q.edit(fn)
        kept = list(range(len(s["belts"][dst])))
        mv = [k for k, o in enumerate(s["belts"][src]) if o[attr] == value]
        q.step("transfer", source=src, destination=dst, moved=mv, result=len(kept) + len(mv))
        what = (tokens.token_noun(value) if attr == "shape" else f"{tokens.colour_word(value)} objects")
        return q.answer(len(kept) + len(mv), witnesses={"destination": ids(dst, kept), "moved": ids(src, mv)},
                        question=intro + (f" Suppose all {what} on the {name[src]} belt are moved onto the "
                                          f"{name[dst]} belt. How many objects would the {name[dst]} belt then carry?"))

    @task("color_transfer_total_count", answer="integer", annotation="bbox_set_map",
          ops="filtering,counting,state_update,formula_evaluation")
    def color_transfer_total_count(q):
        return transfer(q, "color")

    @task("object_type_transfer_total_count", answer="integer", annotation="bbox_set_map",
          ops="filtering,counting,state_update,formula_evaluation")
    def object_type_transfer_total_count(q):
        return transfer(q, "shape")

    @task(cfg["arith"], answer="integer", annotation="bbox_set_map",
          ops="filtering,counting,formula_evaluation", queries=("total_count", "difference_count"))
    def belt_type_arithmetic(q):
        name = names(q)
        objects(q)
        left, right = q.param("belts", lambda r: [str(v) for v in r.choice(belts, 2, replace=False)])
        if belts.index(left) > belts.index(right):
            left, right = right, left
        shape = q.choice("target_shape", q.state["kinds"])
        total = q.query_id == "total_count"
        t = q.target(_rng_range(q.difficulty, ARITH[q.query_id]))
        nl, nr = len(q.state["belts"][left]), len(q.state["belts"][right])

        def draw(r):
            if total:
                lo, hi = max(1, t - nr), min(t - 1, nl)
                if lo > hi:
                    return None
                a = int(r.integers(lo, hi + 1))
                return [a, t - a]
            low = int(r.integers(1, 4))
            return [low + t, low] if r.random() < 0.5 else [low, low + t]

        counts = q.param("counts", draw)
        q.require(counts is not None and counts[0] <= nl and counts[1] <= nr, "belts cannot hold the counts")

        def fn(state, rng):
            for belt, k in ((left, counts[0]), (right, counts[1])):
                _plant(state["belts"][belt], rng, state, k, _keep_attr("shape", shape),
                       _keep_attr("shape", avoid=(shape,)))
            return state
        s = q.edit(fn)
        li = matching(s["belts"][left], shape=shape)
        ri = matching(s["belts"][right], shape=shape)
        value = len(li) + len(ri) if total else abs(len(li) - len(ri))
        q.step("arithmetic", operator="sum" if total else "absolute_difference", left=li, right=ri, result=value)
        noun = tokens.token_noun(shape)
        question = (f" How many {noun} are there in total on the {name[left]} and {name[right]} belts?" if total else
                    f" Count the {noun} on the {name[left]} belt and on the {name[right]} belt. "
                    f"What is the absolute difference between the two counts?")
        return q.answer(value, witnesses={left: ids(left, li), right: ids(right, ri)}, question=intro + question)


# --- drawing shared by the belt scenes (three_d carousel and conveyor) --------------------------------


def fit_camera(cm, cam, sp, outline, size, rng, fill, margin):
    """Set ``cm``'s focal/cx/cy (``cam`` is its unit-focal camera) so the belt ``outline`` points and the
    token proxy boxes of spots ``sp`` fill a random share ``fill`` of ``size``, near the middle."""
    W, H = size
    uv = np.vstack(outline + [np.array(b).reshape(2, 2) for b in tokens.proxy_boxes(cam, sp)])
    fill = float(rng.uniform(*fill))
    scale, (u0, v0, u1, v1) = fit_scale(uv, W - 2 * margin - 40, H - 2 * margin - 40)
    f = fill * scale
    sx, sy = W - 2 * margin - 40 - f * (u1 - u0), H - 2 * margin - 40 - f * (v1 - v0)
    left = margin + 20 + sx * float(rng.uniform(0.25, 0.75))       # near the middle of the frame
    top = margin + 20 + sy * float(rng.uniform(0.25, 0.75))
    store_view(cm, f, left, top, u0, v0)


def fit_view(state, rng, sp, outline, size, fill, margin):
    """``fit_camera`` for the camera ``state`` stores, reset to unit focal first: ``outline(cam)`` gives
    the rig's image points under that unit-focal camera."""
    cm = state["camera"]
    cm.update(focal=1.0, cx=0.0, cy=0.0)
    cam = Camera.stored(cm)
    fit_camera(cm, cam, sp, outline(cam), size, rng, fill, margin)


def draw_tokens(c, cam, light, state, sp, belts, marks, cyclic):
    """Draw the belt tokens at spots ``sp`` ((belt, k, spot) triples) far to near, register each token and each
    neighbour pair along a belt (wrapping round if ``cyclic``), and draw the lettered ``marks``."""
    boxes = {}
    for i in tokens.draw_order(cam, [s for _, _, s in sp]):
        b, k, (x, y, r, z0) = sp[i]
        o = state["belts"][b][k]
        rgb = tokens.PALETTE_RGB[o["color"]]
        boxes[(b, k)] = box = tokens.draw_token(c, cam, light, o["shape"], x, y, r, rgb, rot=o["rot"], z0=z0)
        c.register(oid(b, k), box=box, fill=rgb)
    for b in belts:
        n = len(state["belts"][b])
        for k in (range(n if n >= 2 else 0) if cyclic else range(n - 1)):
            p, q2 = boxes[(b, k)], boxes[(b, (k + 1) % n)]
            c.register(f"pair:{b}:{k}", segment=(((p[0] + p[2]) / 2, (p[1] + p[3]) / 2),
                                                 ((q2[0] + q2[2]) / 2, (q2[1] + q2[3]) / 2)))
    for label, ent in sorted((marks or {}).items()):
        _, b, k = ent.split(":")
        x0, y0, x1, y1 = boxes[(b, int(k))]
        c.rect(x0 - 5, y0 - 5, x1 - x0 + 10, y1 - y0 + 10, fill=None, stroke="ink", lw=2.5)
        c.rect(x0 - 5, y0 - 30, 24, 24, fill="background", stroke="ink", lw=2)
        c.text(x0 + 7, y0 - 18, label, size=16, color="ink", anchor="c", bold=True)
