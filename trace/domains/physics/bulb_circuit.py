"""physics/bulb_circuit: an ideal battery lighting labelled bulbs (each with its resistance in
ohms) wired in series, in parallel branches or a mix.  A bulb's brightness is the power it
dissipates, P = I^2 R, from Ohm's and Kirchhoff's laws on the whole network.

Difficulty grows the bulb count (3-4, the original's 5, 6-7); the brightest or dimmest bulb is
always unique.
"""

from __future__ import annotations

from tracegen.kits.electric import LoopScene, parts, random_tree, solve

N_BULBS = {1: (3, 4), 2: (5, 5), 3: (6, 7)}
OHMS = (1, 12)


def make(rng, n):
    labels = [f"B{i + 1}" for i in rng.permutation(n)]
    leaves = [{"op": "part", "kind": "bulb", "label": lab, "ohms": int(rng.integers(OHMS[0], OHMS[1] + 1))}
              for lab in labels]
    return random_tree(rng, leaves)


class BulbCircuit(LoopScene):
    scene_id = "bulb_circuit"
    description = "An ideal battery lighting labelled bulbs of given resistance in series, parallel or both."
    title = "Ideal battery with labelled bulbs"

    def sample(self, rng, difficulty):
        lo, hi = N_BULBS[difficulty]
        return {"tree": make(rng, int(rng.integers(lo, hi + 1)))}


SCENE = BulbCircuit()
task = SCENE.task


@task("brightness_extremum_label", answer="string", annotation="bbox", ops="ranking,topology,formula_evaluation",
      queries=("brightest_bulb_label", "dimmest_bulb_label"))
def brightness_extremum_label(q):
    s = q.state
    sol = solve(s["tree"])
    q.require(sol is not None, "battery shorted")
    power = {p["label"]: sol[p["label"]]["power"] for p in parts(s["tree"])}
    brightest = q.query_id == "brightest_bulb_label"
    best = max(power.values()) if brightest else min(power.values())
    winners = [lab for lab, pw in power.items() if pw == best]
    q.require(len(winners) == 1, "tied extreme")
    q.step("power", **{lab: str(pw) for lab, pw in sorted(power.items())})
    word = "brightest" if brightest else "dimmest"
    others = sorted(lab for lab in power if lab != winners[0])
    return q.answer(winners[0], witnesses=f"bulb:{winners[0]}", examples=others[:2],
                    question=f"The picture shows an ideal battery connected to labelled bulbs, each marked with its "
                             f"resistance in ohms. Treating the bulbs as fixed resistors, which bulb glows {word} "
                             f"(dissipates the {'most' if brightest else 'least'} power)?")
