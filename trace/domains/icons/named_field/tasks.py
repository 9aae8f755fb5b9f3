"""icons/named_field, the counting tasks: icons of a kind, a colour or a combination of both
(and, or, exclusive or, complement, exclusion) counted over the field, and counts after an imagined
change.
"""

from __future__ import annotations

from tracegen.core.prompt import quoted

from .scene import REMOVAL_FIELD, SMALL_FIELD, _query, a_quoted, ids, plant, support, task


# ---------------------------------------------------------------------- tasks
@task("single_attribute_membership_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def single_attribute_membership_count(q):
    kind, _, hits = _query(q, lambda k, c, K, C: k == K, support({1: (2, 7), 2: (1, 9), 3: (5, 13)}),
                           with_color=False)
    return q.answer(len(hits), witnesses=ids(hits),
                    question=f"How many {quoted(kind)} icons (of any colour) are in the panel?")


@task("multi_attribute_and_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition")
def multi_attribute_and_count(q):
    kind, color, hits = _query(q, lambda k, c, K, C: k == K and c == C, support({1: (1, 4), 2: (1, 5), 3: (2, 6)}),
                               field=SMALL_FIELD)
    return q.answer(len(hits), witnesses=ids(hits),
                    question=f"How many icons are {quoted(kind)} icons and have the colour {color}?")


@task("multi_attribute_or_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition")
def multi_attribute_or_count(q):
    kind, color, hits = _query(q, lambda k, c, K, C: k == K or c == C, support({1: (1, 4), 2: (1, 5), 3: (3, 9)}),
                               field=SMALL_FIELD)
    return q.answer(len(hits), witnesses=ids(hits),
                    question=(f"Count every icon that is {a_quoted(kind)} icon or has the colour {color}. An icon "
                              f"with both properties counts once."))


@task("multi_attribute_xor_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition")
def multi_attribute_xor_count(q):
    kind, color, hits = _query(q, lambda k, c, K, C: (k == K) != (c == C),
                               support({1: (1, 3), 2: (1, 1, 2, 2, 3, 4, 5), 3: (2, 8)}), field=SMALL_FIELD)
    return q.answer(len(hits), witnesses=ids(hits),
                    question=(f"How many icons have exactly one of these properties: being {a_quoted(kind)} icon, "
                              f"or having the colour {color}?"))


@task("multi_attribute_complement_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition")
def multi_attribute_complement_count(q):
    kind, color, hits = _query(q, lambda k, c, K, C: k != K and c != C, support({1: (1, 4), 2: (1, 5), 3: (3, 9)}),
                               field=SMALL_FIELD)
    return q.answer(len(hits), witnesses=ids(hits),
                    question=f"How many icons are neither {quoted(kind)} icons nor icons with the colour {color}?")


@task("multi_attribute_exclusion_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition", queries=("shape_and_not_color_count",))
def multi_attribute_exclusion_count(q):
    kind, color, hits = _query(q, lambda k, c, K, C: k == K and c != C, support({1: (1, 4), 2: (1, 5), 3: (2, 6)}),
                               field=SMALL_FIELD)
    return q.answer(len(hits), witnesses=ids(hits),
                    question=f"How many icons are {quoted(kind)} icons but do not have the colour {color}?")


@task("counterfactual_total_count", answer="integer", annotation="bbox_set", ops="counting,state_update")
def counterfactual_total_count(q):
    kind, _, kept = _query(q, lambda k, c, K, C: k != K,
                           support({1: (1, 4), 2: (1, 2, 2, 3, 3, 4, 5, 6, 7, 8), 3: (9, 22)}), with_color=False,
                           field=REMOVAL_FIELD)
    removed = len(q.state["icons"]) - len(kept)
    q.require(removed > 0, "the removed kind is absent")
    q.step("remove", kind=kind, removed=removed, remaining=len(kept))
    return q.answer(len(kept), witnesses=ids(kept),
                    question=f"Suppose every {quoted(kind)} icon were removed from the panel. How many icons would "
                             f"remain?")


@task("counterfactual_attribute_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,state_update")
def counterfactual_attribute_count(q):
    t = q.target(range({1: 2, 2: 3, 3: 4}[q.difficulty], {1: 6, 2: 9, 3: 12}[q.difficulty]))
    s = q.state
    q.require(len(s["kinds"]) >= 3, "too few kinds")
    src, dst = q.param("kinds", lambda r: [s["kinds"][int(i)] for i in r.choice(len(s["kinds"]), 2, replace=False)])
    a = q.param("changed", lambda r: int(r.integers(1, t)))          # icons that change; t - a already are dst

    def fn(st, r):
        if not plant(st, r, lambda k, c: k == src, a):
            return {**st, "bad": 1}
        rest = [i for i, ic in enumerate(st["icons"]) if ic[0] != src]
        return st if plant(st, r, lambda k, c: k == dst, t - a, pool=rest, keep=(src,)) else {**st, "bad": 1}

    q.edit(fn)
    q.require("bad" not in q.state, "the counts cannot be planted")
    icons = q.state["icons"]
    hits = [i for i, ic in enumerate(icons) if ic[0] in (src, dst)]
    q.require(len(hits) == t and sum(ic[0] == src for ic in icons) == a, "planting missed the target")
    q.step("change", changed=a, already=t - a, total=t)
    return q.answer(t, witnesses=ids(hits),
                    question=(f"Suppose every {quoted(src)} icon changed into {a_quoted(dst)} icon (keeping its "
                              f"colour). How many {quoted(dst)} icons would the panel have then?"))
