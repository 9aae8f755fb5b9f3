"""physics/lever: a level beam on a central pivot with labelled weights hung at numbered distances.

Hooks are numbered by their distance (in metres) from the pivot on each side; each weight shows
its value in newtons.  Difficulty grows the number of weights (and hooks).
"""

from __future__ import annotations

from tracegen.core.task import Scene

# level 2 is the original's lever: 8 marks a side, 3-5 weights of 1..9 N
N_WEIGHTS = {1: (3, 4), 2: (3, 5), 3: (6, 8)}
HOOKS = {1: 5, 2: 8, 3: 9}
VALUES = {1: 6, 2: 9, 3: 12}                      # weights are 1..VALUES newtons
W, H = 920, 360
CX, BEAM_Y = 460, 150
MAX_VALUE = 20


def _side(pos: int) -> str:
    return "left" if pos < 0 else "right"


class Lever(Scene):
    domain, scene_id, size = "physics", "lever", (W, H)
    description = "A level beam on a central pivot with weights (in newtons) hung at numbered distances."

    def sample(self, rng, difficulty):
        lo, hi = N_WEIGHTS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        hooks = HOOKS[difficulty]
        left = int(rng.integers(1, n))
        pos = [-int(p) for p in rng.choice(range(1, hooks + 1), size=left, replace=False)]
        pos += [int(p) for p in rng.choice(range(1, hooks + 1), size=n - left, replace=False)]
        weights = [{"pos": p, "value": int(rng.integers(1, VALUES[difficulty] + 1))} for p in sorted(pos)]
        return {"hooks": hooks, "weights": weights, "unknown": -1}

    def render(self, c, state, params):
        hooks = state["hooks"]
        sp = 420 / (hooks + 0.45)
        half = sp * (hooks + 0.45)
        hanging = c.style.accent % 2 == 0          # render-only: blocks hang below or sit on the beam
        c.text(W / 2, 24, "Numbers on the beam: distance from the pivot (m)", size=15, color="muted")
        c.rect(CX - half, BEAM_Y, 2 * half, 14, fill="brown", stroke="ink", lw=1.5, id="beam")
        c.polygon([(CX, BEAM_Y + 14), (CX + 26, BEAM_Y + 74), (CX - 26, BEAM_Y + 74)], fill="gray", stroke="ink",
                  lw=1.5, id="pivot")
        c.rect(CX - 34, BEAM_Y + 74, 68, 8, fill="gray", stroke="ink", lw=1.0)
        fs = 14 if sp > 30 else 12.5
        for d in range(1, hooks + 1):
            for sgn in (-1, 1):
                x = CX + sgn * d * sp
                if hanging:
                    c.line(x, BEAM_Y - 6, x, BEAM_Y, color="ink", lw=1.5)
                    c.text(x, BEAM_Y - 18, str(d), size=fs, bold=True, kind="tick")
                else:
                    c.line(x, BEAM_Y + 14, x, BEAM_Y + 20, color="ink", lw=1.5)
                    c.text(x, BEAM_Y + 32, str(d), size=fs, bold=True, kind="tick")
        bw = min(50.0, sp * 0.9 - 2)
        for k, wt in enumerate(state["weights"]):
            x = CX + wt["pos"] * sp
            label = "?" if k == state["unknown"] else f"{wt['value']} N"
            size = 14.0
            while size > 12 and c.text_width(label, size=size, bold=True) > bw - 4:
                size -= 0.5
            if hanging:
                top = BEAM_Y + 14 + 26 + 40 * (k % 2)        # alternate drop lengths keep labels apart
                c.line(x, BEAM_Y + 14, x, top, color="ink", lw=1.5)
                bh = 40
            else:
                bh = 36 + 14 * (k % 2)
                top = BEAM_Y - bh
            c.rect(x - bw / 2, top, bw, bh, fill="panel", stroke="ink", lw=2.0, id=f"weight:{k}")
            c.text(x, top + bh / 2, label, size=size, bold=True)
        c.text(CX - half / 2, H - 24, "LEFT", size=15, color="muted")
        c.text(CX + half / 2, H - 24, "RIGHT", size=15, color="muted")


SCENE = Lever()
task = SCENE.task


def _ids(state, side):
    return [f"weight:{k}" for k, wt in enumerate(state["weights"]) if _side(wt["pos"]) == side]


SIDE_WEIGHTS = {1: (1, 2), 2: (1, 3), 3: (2, 5)}
# the asked side's torque (N·m); level 2 spans the original's answers (3..24)
TORQUES = {1: (2, 14), 2: (3, 24), 3: (12, 60)}


@task("side_torque_value", answer="integer", annotation="bbox_set", ops="aggregation,formula_evaluation")
def side_torque_value(q):
    side = q.choice("side", ["left", "right"])
    lo, hi = SIDE_WEIGHTS[q.difficulty]
    t_lo, t_hi = TORQUES[q.difficulty]
    target = q.target(range(t_lo, t_hi + 1))

    def plant(st, r):
        """The asked side carries lo..hi weights (more often more) whose moments sum to the target:
        each weight's value is drawn below what the rest still allows, the last one is solved for,
        and the draw is retried until that is a whole weight in range."""
        sgn = -1 if side == "left" else 1
        keep = [wt for wt in st["weights"] if _side(wt["pos"]) != side] or [{"pos": -sgn, "value": 1}]
        vmax = VALUES[q.difficulty]
        ks = list(range(lo, hi + 1))
        k = int(r.choice(ks, p=[(i + 1) / sum(range(1, len(ks) + 1)) for i in range(len(ks))]))
        while k > 1 and k * (k + 1) // 2 > target:       # k weights need at least 1*1 + 1*2 + ... + 1*k
            k -= 1
        for _ in range(80):
            spots = [int(p) for p in r.choice(range(1, st["hooks"] + 1), size=k, replace=False)]
            values, rem = [], target
            for j, d in enumerate(spots[1:], start=1):
                cap = min(vmax, (rem - sum(spots[j + 1:]) - spots[0]) // d)
                if cap < 1:
                    break
                values.append(int(r.integers(1, cap + 1)))
                rem -= values[-1] * d
            if len(values) == k - 1 and rem % spots[0] == 0 and rem // spots[0] <= vmax:
                new = [{"pos": sgn * d, "value": v} for d, v in zip(spots, [rem // spots[0]] + values)]
                st["weights"] = sorted(keep + new, key=lambda wt: wt["pos"])
                break
        return st

    s = q.edit(plant)
    terms = [(wt["value"], abs(wt["pos"])) for wt in s["weights"] if _side(wt["pos"]) == side]
    q.require(bool(terms), "no weight on the queried side")
    torque = q.balance(sum(w * d for w, d in terms), range(t_lo, t_hi + 1))
    q.step("torque_sum", side=side, terms=terms, result=torque)
    return q.answer(torque, witnesses=_ids(s, side),
                    question=(f"Each weight is placed at a mark whose number is its distance from the pivot in metres. "
                              f"What is the total turning moment (torque) about the pivot, in N·m, produced by the "
                              f"weights on the {side} side?"))


# the missing weight (N); level 2 spans the original's answers (1..6)
MISSING = {1: (1, 5), 2: (1, 6), 3: (1, 12)}


@task("missing_weight_balance_value", answer="integer", annotation="bbox_set_map", ops="formula_evaluation")
def missing_weight_balance_value(q):
    m_lo, m_hi = MISSING[q.difficulty]
    target = q.target(range(m_lo, m_hi + 1))
    vmax = VALUES[q.difficulty]

    def plant(st, r):
        ws = st["weights"]
        u = int(r.integers(len(ws)))
        side = _side(ws[u]["pos"])
        ws[u]["value"] = target
        others = [k for k, wt in enumerate(ws) if _side(wt["pos"]) != side]
        same = [k for k, wt in enumerate(ws) if _side(wt["pos"]) == side and k != u]
        for _ in range(40):
            for k in same + others:
                ws[k]["value"] = int(r.integers(1, vmax + 1))
            last = others[int(r.integers(len(others)))]
            need = sum(ws[k]["value"] * abs(ws[k]["pos"]) for k in same + [u])
            rest = sum(ws[k]["value"] * abs(ws[k]["pos"]) for k in others if k != last)
            rem, d = need - rest, abs(ws[last]["pos"])
            if rem > 0 and rem % d == 0 and rem // d <= MAX_VALUE:
                ws[last]["value"] = rem // d
                break
        st["unknown"] = u
        return st

    s = q.edit(plant)
    u = s["unknown"]
    ws = s["weights"]
    left = sum(wt["value"] * -wt["pos"] for wt in ws if wt["pos"] < 0)
    right = sum(wt["value"] * wt["pos"] for wt in ws if wt["pos"] > 0)
    q.require(left == right, "no integer weight balances the lever")
    q.require(all(1 <= wt["value"] <= MAX_VALUE for wt in ws), "weight out of range")
    side = _side(ws[u]["pos"])
    q.step("torque_balance", unknown_side=side, unknown_distance=abs(ws[u]["pos"]), left=left, right=right,
           result=ws[u]["value"])
    return q.answer(ws[u]["value"], witnesses={"left": _ids(s, "left"), "right": _ids(s, "right")},
                    question=("The lever is balanced (ignore the beam's own weight). Each weight is placed at a mark whose "
                              "number is its distance from the pivot in metres. What is the weight, in newtons, of "
                              "the block marked '?'?"))
