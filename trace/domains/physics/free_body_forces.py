"""physics/free_body_forces: one object with labelled applied forces along the four axis directions and
eight lettered candidate arrows (the compass directions) for the net force.

The net force is the vector sum of the applied forces; it always points along one of the eight
candidate directions.  Difficulty grows the number of forces.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.cards import card_row
from tracegen.kits.mechanics import force_arrow, tag

W, H = 900, 600
CX, CY = 450, 260
BOX_W, BOX_H = 220, 84
FORCES = {1: (2, 3), 2: (4, 6), 3: (6, 8)}
MAG = {1: 8, 2: 12, 3: 15}
AXES = {"right": (1, 0), "left": (-1, 0), "up": (0, 1), "down": (0, -1)}
COMPASS = {"right": (1, 0), "up-right": (1, 1), "up": (0, 1), "up-left": (-1, 1), "left": (-1, 0),
           "down-left": (-1, -1), "down": (0, -1), "down-right": (1, -1)}
LETTERS = "ABCDEFGH"


def net(forces):
    x = sum(AXES[f["dir"]][0] * f["mag"] for f in forces)
    y = sum(AXES[f["dir"]][1] * f["mag"] for f in forces)
    return x, y


def compass_of(x, y):
    """The compass name of a vector along one of the eight directions, else None."""
    if (x, y) == (0, 0) or (x and y and abs(x) != abs(y)):
        return None
    sx, sy = (x > 0) - (x < 0), (y > 0) - (y < 0)
    return next(k for k, v in COMPASS.items() if v == (sx, sy))


class FreeBodyForces(Scene):
    domain, scene_id, size = "physics", "free_body_forces", (W, H)
    description = "One object with labelled axis-aligned applied forces and eight candidate net-force arrows."
    megapixels = (0.8, 1.0)

    def sample(self, rng, difficulty):
        lo, hi = FORCES[difficulty]
        n = int(rng.integers(lo, hi + 1))
        dirs = list(AXES)
        return {"forces": [{"dir": dirs[int(rng.integers(4))], "mag": int(rng.integers(1, MAG[difficulty] + 1))}
                           for _ in range(n)], "options": list(COMPASS)}

    def render(self, c, state, params):
        c.text(W / 2, 26, "Forces applied to one object", size=18, bold=True)
        c.rect(CX - BOX_W / 2, CY - BOX_H / 2, BOX_W, BOX_H, fill="panel", stroke="ink", lw=2.0, id="object")
        c.text(CX, CY, "object", size=16, bold=True)
        groups = {d: [k for k, f in enumerate(state["forces"]) if f["dir"] == d] for d in AXES}
        for d, ks in groups.items():
            ux, uy = AXES[d][0], -AXES[d][1]          # screen direction
            for j, k in enumerate(ks):
                f = state["forces"][k]
                length = 40 + 4 * f["mag"]
                text = f"F{k + 1} = {f['mag']} N"
                if ux:
                    off = (j - (len(ks) - 1) / 2) * 24
                    x0, y0 = CX + ux * (BOX_W / 2 + 6), CY + off
                else:
                    off = (j - (len(ks) - 1) / 2) * 56
                    x0, y0 = CX + off, CY + uy * (BOX_H / 2 + 6)
                x1, y1 = x0 + ux * length, y0 + uy * length
                force_arrow(c, x0, y0, x1, y1, color="ink", lw=3.0, id=f"force:{k}")
                if ux:
                    tag(c, x1 + ux * 8, y1, text, size=14, anchor="l" if ux > 0 else "r")
                else:
                    far = y0 + uy * (40 + 4 * max(state["forces"][i]["mag"] for i in ks))
                    tag(c, x1, far + uy * (18 + 26 * (j % 2)), text, size=13)
        opts = params.get("options", state["options"])
        boxes = card_row(c, 20, H - 118, W - 40, list(LETTERS), None, cols=8, h=100, gap=10)
        for (x0, y0, x1, y1), name in zip(boxes, opts):
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2 + 4
            vx, vy = COMPASS[name]
            s = 0.7071 if vx and vy else 1.0
            ux, uy = vx * s, -vy * s
            c.arrow(mx - ux * 24, my - uy * 24, mx + ux * 24, my + uy * 24, color="ink", lw=3.0, head=10)


SCENE = FreeBodyForces()
task = SCENE.task


@task("net_force_direction_choice", answer="option_letter", annotation="bbox_map", ops="aggregation,formula_evaluation")
def net_force_direction_choice(q):
    q.offer(8, "image")
    letter = q.target(LETTERS)
    mag = MAG[q.difficulty]

    def order(r):
        names = list(COMPASS)
        return [names[int(i)] for i in r.permutation(8)]

    opts = q.param("options", order)
    want = opts[LETTERS.index(letter)]

    def plant(st, r):
        """Forces whose sum points ``want``: the sampled directions are kept where they fit, magnitudes
        are redrawn until the sum lands on the wanted compass direction."""
        n = len(st["forces"])
        for _ in range(300):
            dirs = [str(d) for d in r.choice(list(AXES), size=n)]
            mags = [int(m) for m in r.integers(1, mag + 1, size=n)]
            fs = [{"dir": d, "mag": m} for d, m in zip(dirs, mags)]
            if compass_of(*net(fs)) == want:
                st["forces"] = fs
                break
        return st

    s = q.edit(plant)
    x, y = net(s["forces"])
    name = compass_of(x, y)
    q.require(name == want, "the net force misses the planted direction")
    q.step("vector_sum", net_x=x, net_y=y, direction=name)
    ans = LETTERS[opts.index(name)]
    return q.answer(ans, witnesses={"object": "object", "net_force": f"option:{ans}"},
                    question=("Each arrow on the object is an applied force with its magnitude. Adding all the "
                              "applied forces as vectors, which of the candidate arrows A-H drawn at the bottom "
                              "points in the direction of the net force on the object?"))
