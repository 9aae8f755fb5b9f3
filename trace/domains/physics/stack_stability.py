"""physics/stack_stability: six lettered panels, each a stack of identical uniform bricks on the ground
with its centre-of-mass marker, the marker's vertical projection and a bracket under the bottom brick's
footprint (the support base).

A stack of loose bricks stays upright when its centre of mass lies over its support base and every
upper part's centre of mass lies over the brick below it.  Upright stacks meet both with a margin; the
others have the whole stack's centre of mass clearly outside the base, never near an
edge.  Offsets are multiples of an eighth of a brick.  Difficulty grows the number of bricks.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.cards import label_badge
from tracegen.kits.mechanics import tag
from tracegen.kits.panels import panel_card

W, H = 960, 640
BRICK_L, BRICK_H = 88, 24
UNIT = BRICK_L / 8
BRICKS = {1: (3, 4), 2: (4, 5), 3: (5, 7)}
LETTERS = "ABCDEF"
MARGIN = 1.0            # centre of mass at least one unit (1/8 brick) from any supporting edge


def com(offsets) -> float:
    return sum(offsets) / len(offsets)


def status(offsets) -> str | None:
    """'stable' when the whole stack's centre of mass and that of every upper part lie over the brick
    below them (by a margin); 'tipping' when the whole stack's centre of mass lies clearly outside the
    base (then the stack falls, whether it pivots at the ground or at a brick above); else None."""
    half = 4                                  # half a brick, in units
    d = abs(com(offsets) - offsets[0])
    if d >= half + MARGIN:
        return "tipping"
    if d > half - MARGIN:
        return None
    for k in range(1, len(offsets)):
        if abs(com(offsets[k:]) - offsets[k - 1]) > half - MARGIN:
            return None
    return "stable"


def make_stack(rng, n, want):
    for _ in range(2000):
        lean = int(rng.choice([-1, 1]))
        offs = [0]
        for _k in range(n - 1):
            step = int(rng.integers(-1, 6)) * lean if want == "tipping" else int(rng.integers(-2, 3))
            offs.append(offs[-1] + step)
        if status(offs) == want:
            return offs
    raise RuntimeError("no stack found")


def panel_boxes():
    out = []
    for k in range(6):
        r, col = divmod(k, 3)
        x0, y0 = 20 + col * 310, 60 + r * 290
        out.append((x0, y0, x0 + 300, y0 + 280))
    return out


class StackStability(Scene):
    domain, scene_id, size = "physics", "stack_stability", (W, H)
    description = "Six lettered stacks of identical bricks with centre-of-mass markers and support-base brackets."
    megapixels = (0.82, 1.05)

    def sample(self, rng, difficulty):
        lo, hi = BRICKS[difficulty]
        stacks = []
        for _ in range(6):
            n = int(rng.integers(lo, hi + 1))
            stacks.append(make_stack(rng, n, "stable" if rng.random() < 0.5 else "tipping"))
        return {"stacks": stacks}

    def claims(self, state, params):
        return [Claim(f"projection:{letter}", "line", "dashed") for letter in LETTERS]

    def render(self, c, state, params):
        c.text(W / 2, 30, "Centre-of-mass checks", size=19, bold=True)
        for k, (box, offs) in enumerate(zip(panel_boxes(), state["stacks"])):
            letter = LETTERS[k]
            panel_card(c, box, None, id=f"stack:{letter}")
            label_badge(c, box[0] + 10, box[1] + 10, letter, size=15)
            ground = box[3] - 44
            mid = (box[0] + box[2]) / 2 - UNIT * (min(offs) + max(offs)) / 2
            c.line(box[0] + 14, ground, box[2] - 14, ground, color="ink", lw=2.0)
            for i, o in enumerate(offs):
                x = mid + o * UNIT - BRICK_L / 2
                y = ground - (i + 1) * BRICK_H
                c.rect(x, y, BRICK_L, BRICK_H, fill=c.style.series(k % 6), stroke="ink", lw=1.5)
                c.line(x + BRICK_L / 2, y + 5, x + BRICK_L / 2, y + BRICK_H - 5, color="ink", lw=1.0)
            # support base bracket under the bottom brick
            bx0, bx1 = mid + offs[0] * UNIT - BRICK_L / 2, mid + offs[0] * UNIT + BRICK_L / 2
            by = ground + 12
            c.line(bx0, by, bx1, by, color="ink", lw=3.0)
            c.line(bx0, by - 7, bx0, by + 7, color="ink", lw=3.0)
            c.line(bx1, by - 7, bx1, by + 7, color="ink", lw=3.0)
            c.text((bx0 + bx1) / 2, by + 16, "base", size=12, color="muted")
            # centre of mass and its projection
            gx = mid + com(offs) * UNIT
            gy = ground - len(offs) * BRICK_H / 2
            c.line(gx, gy + 8, gx, by + 4, color="red", lw=2.0, dash=[5.0, 4.0], id=f"projection:{letter}")
            c.circle(gx, gy, 7, fill="white", stroke="red", lw=2.5)
            c.line(gx - 5, gy, gx + 5, gy, color="red", lw=2.0)
            c.line(gx, gy - 5, gx, gy + 5, color="red", lw=2.0)
            c.circle(gx, by, 3.5, fill="red")
            c.register(f"com:{letter}", point=(gx, gy), box=(gx - 7, gy - 7, gx + 7, gy + 7))
            tag(c, gx + 12, gy - 18, "COM", size=12, bold=True, anchor="l")


SCENE = StackStability()
task = SCENE.task


@task("stability_status_label", answer="option_letter", annotation="bbox",
      ops="aggregation,spatial_relations,formula_evaluation", queries=("stable_stack_label", "tipping_stack_label"))
def stability_status_label(q):
    want = "stable" if q.query_id == "stable_stack_label" else "tipping"
    other = "tipping" if want == "stable" else "stable"
    q.offer(6, "image")
    letter = q.target(LETTERS)
    lo, hi = BRICKS[q.difficulty]

    def plant(st, r):
        for k in range(6):
            need = want if LETTERS[k] == letter else other
            if status(st["stacks"][k]) != need:
                st["stacks"][k] = make_stack(r, int(r.integers(lo, hi + 1)), need)
        return st

    s = q.edit(plant)
    states = [status(offs) for offs in s["stacks"]]
    hits = [k for k, v in enumerate(states) if v == want]
    q.require(len(hits) == 1 and all(v is not None for v in states), "not exactly one stack with the asked status")
    q.step("com_over_base", status=states)
    ans = LETTERS[hits[0]]
    if want == "stable":
        ask = "Which stack stays upright?"
    else:
        ask = "Which stack tips over?"
    return q.answer(ans, witnesses=f"stack:{ans}",
                    question=("Each panel shows a stack of identical uniform bricks standing on the ground. The "
                              "marker labelled COM is the centre of mass of the whole stack, the dashed line its "
                              "vertical projection and the bracket under the stack its support base. " + ask +
                              " Answer with the panel letter A-F."))
