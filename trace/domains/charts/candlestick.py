"""charts/candlestick: an OHLC candlestick chart of labelled periods -- a body from open to close
(filled green when the close is higher, red when lower), a wick from low to high -- with the
four values printed beside every candle (O, H, L and C tags).

Values are printed and read exactly; an asked largest or smallest range is unique.  Difficulty
grows the candles (5-6, 7-9, 10-12).
"""

from __future__ import annotations

from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.curves import XYView, draw_frame
from tracegen.kits.names import category_labels

N_CANDLES = {1: (5, 6), 2: (7, 9), 3: (10, 12)}
INTRO = ("The chart is a candlestick (OHLC) chart of labelled periods; beside each candle its open, high, low and "
         "close values are printed as O, H, L and C.")
UP, DOWN = "green", "red"


class Candlestick(Scene):
    domain, scene_id, size = "charts", "candlestick", (1440, 820)
    fluid = True
    megapixels = (1.0, 1.45)
    description = "A candlestick (OHLC) chart of labelled periods with the open, high, low and close printed."

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_CANDLES[difficulty][0], N_CANDLES[difficulty][1] + 1))
        candles = []
        for _ in range(n):
            o = int(rng.integers(20, 81))
            body = int(rng.integers(1, 26)) * (1 if rng.random() < 0.55 else -1)
            cl = min(90, max(12, o + body))
            if cl == o:
                cl = o + 1
            hi = min(94, max(o, cl) + int(rng.integers(1, 13)))      # the H and L tags stay inside the plot
            lo = max(8, min(o, cl) - int(rng.integers(1, 13)))
            candles.append([o, hi, lo, cl])
        return {"labels": category_labels(rng, n, families=("coined", "codes", "places", "surnames"), max_len=6),
                "candles": candles}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        labels, candles = state["labels"], state["candles"]
        n = len(labels)
        x0, x1, y0, y1 = 70, W - 30, 50, H - 56
        v = XYView(x0, y0, x1, y1, -0.5, n - 0.5, 0, 100)
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="paper")
        draw_frame(c, v, xticks=[], yticks=range(0, 101, 20), font_size=14)
        slot = (x1 - x0) / n
        bw = min(46.0, slot * 0.32)
        fs = 13.0
        for i, (o, hi, lo, cl) in enumerate(candles):
            cx, _ = v.px(i, 0)
            py = {k: v.px(i, val)[1] for k, val in (("o", o), ("h", hi), ("l", lo), ("c", cl))}
            c.line(cx, py["h"], cx, py["l"], color="ink", lw=2.4, id=f"wick:{i}")
            for end in ("h", "l"):
                c.line(cx - 7, py[end], cx + 7, py[end], color="ink", lw=2.0)
            top, bottom = min(py["o"], py["c"]), max(py["o"], py["c"])
            c.rect(cx - bw / 2, top, bw, max(2.0, bottom - top), fill=UP if cl > o else DOWN, stroke="ink", lw=1.2)
            c.register(f"body:{i}", segment=((cx, py["o"]), (cx, py["c"])))
            c.register(f"close:{i}", point=(cx + bw / 2, py["c"]))
            c.text(cx, py["h"] - 14, f"H{hi}", size=fs, color="muted")
            c.text(cx, py["l"] + 14, f"L{lo}", size=fs, color="muted")
            c.text(cx - bw / 2 - 6, py["o"], f"O{o}", size=fs, anchor="r", color="muted")
            c.text(cx + bw / 2 + 6, py["c"], f"C{cl}", size=fs, anchor="l", color="muted")
            c.text(cx, y1 + 22, labels[i], size=15, id=f"label:{i}")


SCENE = Candlestick()
task = SCENE.task


# ---------------------------------------------------------------------- tasks
@task("counterfactual_close_value", answer="integer", annotation="point", ops="state_update,formula_evaluation",
      queries=("close_after_body_increase_value", "close_after_body_decrease_value"))
def counterfactual_close_value(q):
    s = q.state
    grow = q.query_id == "close_after_body_increase_value"
    i = q.param("candle", lambda r: int(r.integers(len(s["labels"]))))
    k = q.param("change", lambda r: int(r.integers(1, 9)))
    o, _, _, cl = s["candles"][i]
    body = abs(cl - o)
    q.require(grow or body - k >= 1, "the body is too short to shrink")
    new_body = body + k if grow else body - k
    new_close = o + new_body if cl > o else o - new_body
    q.require(0 <= new_close <= 100, "the new close leaves the axis")
    q.step("counterfactual", open=o, close=cl, body=body, change=k if grow else -k, new_close=new_close)
    word = "increased" if grow else "decreased"
    return q.answer(new_close, witnesses=f"close:{i}",
                    question=(f"{INTRO} For period {quoted(s['labels'][i])}, keep the open fixed and the candle's "
                              f"direction unchanged. If the open-to-close body size were {word} by {k}, what would "
                              "the new close be?"))


RANGES = {"wick": ("high-low wick range", lambda cd: cd[1] - cd[2]),
          "body": ("open-close body size", lambda cd: abs(cd[3] - cd[0]))}


@task("range_extremum_label", answer="string", annotation="segment", ops="ranking,formula_evaluation",
      queries=("largest_wick_range_label", "smallest_wick_range_label", "largest_body_range_label",
               "smallest_body_range_label"))
def range_extremum_label(q):
    s = q.state
    largest = q.query_id.startswith("largest")
    kind = q.query_id.split("_")[1]
    what, measure = RANGES[kind]
    sizes = [measure(cd) for cd in s["candles"]]
    pick = max(sizes) if largest else min(sizes)
    q.require(sizes.count(pick) == 1, "the extreme range is shared")
    i = sizes.index(pick)
    q.step("ranges", kind=kind, sizes=sizes, chosen=i)
    word = "largest" if largest else "smallest"
    return q.answer(s["labels"][i], witnesses=f"{kind}:{i}", examples=s["labels"],
                    question=f"{INTRO} Which period's candle has the {word} {what}?")
