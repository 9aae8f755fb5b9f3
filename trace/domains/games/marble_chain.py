"""games/marble_chain: a Zuma-style marble chain on a curved track around a central shooter.

The track winds once around the shooter (an arc whose radius drifts, never crossing a ray from the
centre twice), so a straight shot from the centre meets it at one gap.  The chain is a sequence of
coloured marbles; the shooter fires its marble along an arrow into the gap the arrow points at.  The
game's rule, applied once (no cascades): if the inserted marble's same-colour contiguous run has
three or more marbles, the run is removed -- the existing marbles in it pop -- and the chain closes
the gap, bringing the marbles on both sides of the run together.  The original's chains: about 20-25
marbles of 4-5 colours, 4-6 labelled arrows.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits import arcade
from tracegen.kits.boards import LETTERS

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
# marbles (lo, hi), colours, arrows (lo, hi)
LEVELS = {1: ((12, 16), 3, (3, 4)), 2: ((18, 26), 4, (4, 6)), 3: ((26, 34), 5, (6, 6))}
EFFECT_SUPPORT = {1: (0, 2, 3), 2: (0, 2, 3, 4, 5), 3: (0, 2, 3, 4, 5, 6)}
W, H = 640, 540
CX, CY = 320.0, 276.0
MR = 11.0           # marble radius
MIN_SEP = math.radians(26)   # angular spacing of offered arrows
TRIES = 80


def track_point(state, u):
    """Point of the track at fraction u in [0, 1] (u = 0 is the chain's tail, u = 1 its head)."""
    th = state["theta0"] + state["span"] * u
    r = state["r0"] * (1.0 + state["drift"] * (u - 0.5))
    return CX + r * math.cos(th), CY + r * math.sin(th)


def marble_points(state):
    """Marble centres, evenly spaced by arc length along the track."""
    n = len(state["chain"])
    dense = [track_point(state, i / 600) for i in range(601)]
    cum = [0.0]
    for a, b in zip(dense, dense[1:]):
        cum.append(cum[-1] + math.dist(a, b))
    out, j = [], 0
    for i in range(n):
        s = cum[-1] * i / (n - 1)
        while j < 599 and cum[j + 1] < s:
            j += 1
        f = (s - cum[j]) / max(cum[j + 1] - cum[j], 1e-9)
        out.append((dense[j][0] + f * (dense[j + 1][0] - dense[j][0]), dense[j][1] + f * (dense[j + 1][1] - dense[j][1])))
    return out


def gap_point(state, g):
    pts = marble_points(state)
    return ((pts[g][0] + pts[g + 1][0]) / 2, (pts[g][1] + pts[g + 1][1]) / 2)


def shot(chain, g, colour):
    """Insert ``colour`` into gap g (between marbles g and g+1): (indices of the existing marbles that pop,
    the indices that meet when the chain closes, or None when nothing pops)."""
    lo = g
    while lo >= 0 and chain[lo] == colour:
        lo -= 1
    hi = g + 1
    while hi < len(chain) and chain[hi] == colour:
        hi += 1
    run = list(range(lo + 1, hi))
    if len(run) + 1 < 3:
        return [], None
    return run, (lo, hi)


def closes_on_match(chain, g, colour):
    popped, meet = shot(chain, g, colour)
    if not popped:
        return False
    lo, hi = meet
    return lo >= 0 and hi < len(chain) and chain[lo] == chain[hi]


def make_chain(rng, n, colours):
    chain = []
    while len(chain) < n:
        choices = [c for c in colours if not chain or c != chain[-1]]
        col = choices[int(rng.integers(len(choices)))]
        chain += [col] * int(rng.choice([1, 2, 2, 3, 3, 4]))
    return chain[:n]


def _angle(state, g):
    x, y = gap_point(state, g)
    return math.atan2(y - CY, x - CX)


def _apart(state, chosen, g):
    a = _angle(state, g)
    return g not in chosen and all(abs((a - _angle(state, h) + math.pi) % (2 * math.pi) - math.pi) >= MIN_SEP
                                   for h in chosen)


def spread(state, gaps, rng, k, chosen=()):
    """``chosen`` plus gaps from ``gaps`` (in random order) until k arrows, all at least MIN_SEP apart."""
    out = list(chosen)
    for g in [gaps[int(i)] for i in rng.permutation(len(gaps))]:
        if len(out) == k:
            break
        if _apart(state, out, g):
            out.append(g)
    return out


class MarbleChain(Scene):
    domain, scene_id, size = "games", "marble_chain", (W, H)
    megapixels = (0.55, 0.85)   # the original's frames are 900 x 760 (0.68 MP)
    description = ("A Zuma-style board: a chain of coloured marbles on a curved track winding around a central "
                   "shooter that holds the next marble, with arrows marking possible shots.")

    def sample(self, rng, difficulty):
        (lo, hi), k, _ = LEVELS[difficulty]
        colours = [COLOURS[int(i)] for i in rng.permutation(len(COLOURS))[:k]]
        n = int(rng.integers(lo, hi + 1))
        return {"chain": make_chain(rng, n, colours), "colours": colours,
                "shooter": colours[int(rng.integers(k))],
                "theta0": float(rng.uniform(0, 2 * math.pi)), "span": math.radians(float(rng.uniform(250, 320))),
                "r0": float(rng.uniform(180, 205)), "drift": float(rng.uniform(-0.3, 0.3)),
                "arrows": [], "marked": None}

    def render(self, c, state, params):
        c.rect(24, 16, W - 48, H - 32, fill=(0.97, 0.97, 0.95), stroke="muted", lw=2)
        for a in range(4):   # faint guide lines through the shooter
            th = a * math.pi / 4
            c.line(CX - 240 * math.cos(th), CY - 240 * math.sin(th), CX + 240 * math.cos(th),
                   CY + 240 * math.sin(th), color=(0.78, 0.78, 0.76), lw=0.8)
        track = [track_point(state, i / 200) for i in range(201)]
        c.polyline(track, color=(0.35, 0.35, 0.42), lw=MR * 1.7)
        c.polyline(track, color=(0.62, 0.63, 0.68), lw=MR * 1.2)
        pts = marble_points(state)
        hx, hy = pts[-1]
        c.circle(hx, hy, MR + 5, stroke=(0.10, 0.10, 0.10), lw=3.5)   # the chain's head
        for i, (col, (x, y)) in enumerate(zip(state["chain"], pts)):
            arcade.ball(c, x, y, MR, col, id=f"marble:{i}")
        c.polygon([(CX, CY - 34), (CX + 30, CY + 20), (CX - 30, CY + 20)], fill=(0.20, 0.20, 0.30),
                  stroke=(0.10, 0.10, 0.15), lw=2, id="shooter")
        arcade.ball(c, CX, CY + 4, 10, state["shooter"], id="shooter_marble")
        for g, lab in state["arrows"]:
            self._arrow(c, state, g, lab)
        if state["marked"] is not None:
            self._arrow(c, state, state["marked"], None)

    def _arrow(self, c, state, g, lab):
        x, y = gap_point(state, g)
        a = math.atan2(y - CY, x - CX)
        d = math.dist((x, y), (CX, CY))
        x0, y0 = CX + 36 * math.cos(a), CY + 36 * math.sin(a)
        x1, y1 = CX + (d - MR - 4) * math.cos(a), CY + (d - MR - 4) * math.sin(a)
        c.arrow(x0, y0, x1, y1, color=(0.12, 0.32, 0.62), lw=3.5 if lab is None else 2.5, head=12,
                id=f"shot:{g}")
        c.register(f"shot:{g}", point=(x1, y1))
        if lab:
            m = 0.5 * d
            lx, ly = CX + m * math.cos(a) - 16 * math.sin(a), CY + m * math.sin(a) + 16 * math.cos(a)
            c.circle(lx, ly, 12, fill="white", stroke=(0.12, 0.32, 0.62), lw=1.6)
            c.text(lx, ly, lab, size=14, bold=True, color="black")


SCENE = MarbleChain()
task = SCENE.task

INTRO = ("The picture shows a Zuma-style marble-chain board: coloured marbles on a curved track, and a shooter in "
         "the middle holding the next marble.")
RULE = ("The shooter fires its marble straight along an arrow into the gap between the two marbles the arrow points "
        "at. If that makes a contiguous run of three or more marbles of the marble's colour, the run is removed (its "
        "existing marbles pop) and the chain closes the gap once; no further chain reactions.")


def _options(q):
    d = q.difficulty
    lo, hi = LEVELS[d][2]
    letter = q.target(LETTERS[:hi], stratified=True)
    need = LETTERS.index(letter) + 1
    # the original offers 4-6 arrows, 5 at the median: a letter past D sets the count, others draw 4, 4, 5, 6
    k = q.param("arrows", lambda r: need if need > lo else int(r.choice([lo, lo, (lo + hi) // 2, hi])))
    return letter, max(k, need)


def _resample(st, rng, difficulty):
    (lo, hi), _, _ = LEVELS[difficulty]
    st["chain"] = make_chain(rng, int(rng.integers(lo, hi + 1)), st["colours"])
    st["shooter"] = st["colours"][int(rng.integers(len(st["colours"])))]
    return st


def _label(rng, best, others, letter, k):
    rest = [x for x in LETTERS[:k] if x != letter]
    order = [int(v) for v in rng.permutation(len(rest))]
    return sorted([[best, letter]] + [[g, rest[order[i]]] for i, g in enumerate(others)], key=lambda x: x[1])


@task("closure_match_direction_label", answer="option_letter", annotation="point",
      ops="filtering,counting,comparison,topology,state_update,matching")
def closure_match_direction_label(q):
    letter, k = _options(q)

    def plant(st, rng):
        for _ in range(TRIES):
            gaps = range(len(st["chain"]) - 1)
            good = [g for g in gaps if closes_on_match(st["chain"], g, st["shooter"])]
            popping = [g for g in gaps if shot(st["chain"], g, st["shooter"])[0] and g not in good]
            quiet = [g for g in gaps if not shot(st["chain"], g, st["shooter"])[0]]
            if good:
                best = good[int(rng.integers(len(good)))]
                # decoys: popping shots whose closure brings two colours together first, then quiet shots
                picked = spread(st, popping, rng, k, chosen=[best])
                picked = spread(st, quiet, rng, k, chosen=picked)
                if len(picked) == k:
                    st["arrows"] = _label(rng, best, picked[1:], letter, k)
                    return st
            _resample(st, rng, q.difficulty)
        return st

    s = q.edit(plant)
    q.require(len(s["arrows"]) == k, "no board with one matching closure")
    wins = [(g, lab) for g, lab in s["arrows"] if closes_on_match(s["chain"], g, s["shooter"])]
    q.require(len(wins) == 1, "not exactly one matching closure")
    g, lab = wins[0]
    q.offer(k, "image")
    return q.answer(lab, witnesses=f"shot:{g}",
                    question=(f"{INTRO} {RULE} Which lettered arrow's shot pops marbles and closes the chain so that "
                              "the two marbles brought together have the same colour?"),
                    examples=[x for _, x in s["arrows"] if x != lab])


@task("max_pop_direction_label", answer="option_letter", annotation="point", ops="counting,ranking,topology,state_update")
def max_pop_direction_label(q):
    letter, k = _options(q)

    def plant(st, rng):
        for _ in range(TRIES):
            gaps = list(range(len(st["chain"]) - 1))
            picked = spread(st, gaps, rng, k)
            if len(picked) == k:
                pops = sorted((len(shot(st["chain"], g, st["shooter"])[0]), g) for g in picked)
                if pops[-1][0] > 0 and pops[-1][0] > pops[-2][0]:
                    best = pops[-1][1]
                    st["arrows"] = _label(rng, best, [g for g in picked if g != best], letter, k)
                    return st
            _resample(st, rng, q.difficulty)
        return st

    s = q.edit(plant)
    q.require(len(s["arrows"]) == k, "no board with a unique best shot")
    pops = {lab: len(shot(s["chain"], g, s["shooter"])[0]) for g, lab in s["arrows"]}
    ans = max(pops, key=pops.get)
    q.require(sorted(pops.values())[-2] < pops[ans] and pops[ans] > 0, "best shot not unique")
    g = next(g for g, lab in s["arrows"] if lab == ans)
    q.offer(k, "image")
    q.step("pops", per_arrow=pops)
    return q.answer(ans, witnesses=f"shot:{g}",
                    question=f"{INTRO} {RULE} Which lettered arrow's shot pops the most existing marbles?",
                    examples=[x for x in pops if x != ans])


@task("shot_effect_value", answer="integer", annotation="bbox_set", ops="counting,topology,state_update")
def shot_effect_value(q):
    t = q.target(EFFECT_SUPPORT[q.difficulty], stratified=True)

    def plant(st, rng):
        if t > 0:   # lay a run of t marbles of the shooter's colour and aim into or beside it
            ch, col, n = st["chain"], st["shooter"], len(st["chain"])
            i = int(rng.integers(1, n - t))
            ch[i:i + t] = [col] * t
            for j in (i - 1, i + t):
                if j < n and ch[j] == col:
                    ch[j] = [x for x in st["colours"] if x != col][int(rng.integers(len(st["colours"]) - 1))]
            st["marked"] = int(rng.integers(i - 1, min(i + t, n - 1)))
            return st
        for _ in range(TRIES):
            gaps = range(len(st["chain"]) - 1)
            fits = [g for g in gaps if not shot(st["chain"], g, st["shooter"])[0]]
            # a near miss: the gap touches one marble of the shooter's colour
            fits = [g for g in fits if st["shooter"] in (st["chain"][g], st["chain"][g + 1])] or fits
            if fits:
                st["marked"] = fits[int(rng.integers(len(fits)))]
                return st
            _resample(st, rng, q.difficulty)
        return st

    s = q.edit(plant)
    q.require(s["marked"] is not None, "no gap gives the target")
    popped, _ = shot(s["chain"], s["marked"], s["shooter"])
    q.require(len(popped) == t, "pop count off target")
    return q.answer(len(popped), witnesses=[f"marble:{i}" for i in popped],
                    question=(f"{INTRO} {RULE} The shooter fires along the arrow shown. How many existing marbles "
                              "pop? Do not count the fired marble; answer 0 if nothing pops."))
