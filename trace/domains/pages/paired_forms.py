"""pages/paired_forms: two business forms side by side -- a purchase order (codes, items, ordered
quantities, unit values) and a receiving slip (the same codes in another order with received
quantities and docks) -- where some received quantities differ from the ordered ones.

Tasks match rows by item code and aggregate the mismatches: the sum of absolute quantity
differences, the sum of absolute differences times unit value, and the signed sum of
(ordered - received) x unit value (shortfalls minus overages).  Difficulty grows the forms
(3-4, 4-6, 6-8 rows with 1-2, 2-3, 3-4 mismatches).
"""

from __future__ import annotations

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits import pagekit
from tracegen.kits.cards import rounded_rect
from tracegen.kits.names import WORDS
from tracegen.kits.panels import draw_table

ITEMS = ("Bracket", "Hose", "Cable", "Relay", "Valve", "Gasket", "Hinge", "Bolt Kit", "Clamp", "Fuse", "Sensor",
         "Pulley", "Spring", "Washer", "Bearing", "Nozzle", "Filter", "Switch", "Adapter", "Coupler")
KINDS = ("Office", "Supply", "Parts", "Works", "Depot", "Traders")
N_ROWS = {1: (3, 4), 2: (4, 6), 3: (6, 8)}
N_MISMATCH = {1: (1, 2), 2: (2, 3), 3: (3, 4)}
W, H = 1392, 848
LETTERS = "ABCDEFGHJKLMNPRSTVWX"
SUMS = {1: (2, 8), 2: (3, 14), 3: (5, 20)}
MAX_DELTA = 7


def make_pair(rng, difficulty) -> dict:
    n = int(rng.integers(N_ROWS[difficulty][0], N_ROWS[difficulty][1] + 1))
    m = int(rng.integers(N_MISMATCH[difficulty][0], N_MISMATCH[difficulty][1] + 1))
    names = [ITEMS[int(i)] for i in rng.choice(len(ITEMS), size=n, replace=False)]
    codes: list[str] = []
    while len(codes) < n:
        code = f"{LETTERS[int(rng.integers(20))]}{LETTERS[int(rng.integers(20))]}-{int(rng.integers(101, 999))}"
        if code not in codes:
            codes.append(code)
    off = {int(i) for i in rng.choice(n, size=m, replace=False)}
    rows = []
    for k in range(n):
        ordered = int(rng.integers(12, 60))
        delta = 0
        if k in off:
            delta = int(rng.integers(1, MAX_DELTA + 1)) * (1 if rng.random() < 0.75 else -1)
        rows.append({"code": codes[k], "item": names[k], "ordered": ordered, "unit": int(rng.integers(3, 16)),
                     "received": ordered - delta, "dock": f"{'ABC'[int(rng.integers(3))]}{int(rng.integers(1, 4))}"})
    slip = [int(i) for i in rng.permutation(n)]
    word = WORDS[int(rng.integers(len(WORDS)))]
    return {"rows": rows, "slip_order": slip, "po": f"PO-{int(rng.integers(10000, 99999))}",
            "slip": f"RS-{int(rng.integers(10000, 99999))}", "supplier": f"{word} {KINDS[int(rng.integers(6))]}",
            "dock": f"D{int(rng.integers(1, 9))}", "ordered_on": f"2026-05-{int(rng.integers(1, 20)):02d}",
            "received_on": f"2026-05-{int(rng.integers(20, 29)):02d}"}


class PairedForms(Scene):
    domain, scene_id, size = "pages", "paired_forms", (W, H)
    megapixels = (1.0, 1.4)
    description = ("Two business forms side by side: a purchase order (codes, items, ordered quantities, unit "
                   "values) and a receiving slip (the same codes in another order, received quantities, docks).")

    def sample(self, rng, difficulty):
        return make_pair(rng, difficulty)

    def render(self, c, state, params):
        rows, order = state["rows"], state["slip_order"]
        gap = 24
        fw = (W - 40 - gap) / 2
        po = [[r["code"], r["item"], str(r["ordered"]), str(r["unit"])] for r in rows]
        slip = [[rows[k]["code"], rows[k]["item"], str(rows[k]["received"]), rows[k]["dock"]] for k in order]
        forms = (("Purchase Order", "Ordered quantities and unit values",
                  (("PO Number", state["po"]), ("Supplier", state["supplier"]), ("Order Date", state["ordered_on"])),
                  ("Code", "Item", "Ordered", "Unit Value"), po, "po"),
                 ("Receiving Slip", "Received quantities by matching item code",
                  (("Slip Number", state["slip"]), ("Dock", state["dock"]), ("Received", state["received_on"])),
                  ("Code", "Item", "Received", "Dock"), slip, "slip"))
        for f, (title, sub, fields, header, body, prefix) in enumerate(forms):
            x0 = 20 + f * (fw + gap)
            rounded_rect(c, x0, 20, fw, H - 40, radius=14, fill="paper", stroke="grid", lw=1.5, id=f"form:{prefix}")
            band = pagekit.band_fill(c, f)
            rounded_rect(c, x0, 20, fw, 76, radius=14, fill=band)
            c.rect(x0, 80, fw, 16, fill=band)
            c.text(x0 + 22, 48, title, size=28, anchor="l", color=c.text_on(band))
            c.text(x0 + 22, 80, sub, size=13, anchor="l", color=c.text_on(band))
            bw = (fw - 56) / 2
            for j, (lab, val) in enumerate(fields):
                bx = x0 + 20 + (j % 2) * (bw + 16) if j < 2 else x0 + 20
                by = 112 + (j // 2) * 62
                rounded_rect(c, bx, by, bw if j < 2 else fw - 40, 50, radius=8, fill="paper", stroke="muted", lw=1.0)
                c.text(bx + 10, by + 14, lab, size=12, anchor="l", color="muted")
                c.text(bx + 10, by + 34, val, size=17, anchor="l")
            widths = [fw * 0.2, fw * 0.34, fw * 0.2, fw * 0.2]
            tab = draw_table(c, x0 + 20, 250, widths, 48, header, body, size=17, prefix=f"{prefix}_cell",
                             header_fill=blend(c.style.series(f), c.color("paper"), 0.2), zebra=True,
                             lines="rows")
            for r in range(len(body)):
                c.register(f"{prefix}:{r}", box=tab.span(r, 0, len(header) - 1))


SCENE = PairedForms()
task = SCENE.task
INTRO = ("The image shows two business forms side by side, a purchase order and a receiving slip, with matching item "
         "codes and quantities.")


def mismatches(s):
    """(purchase-order row, receiving-slip row) of every code whose quantities differ."""
    at = {k: i for i, k in enumerate(s["slip_order"])}
    return [(k, at[k]) for k, r in enumerate(s["rows"]) if r["ordered"] != r["received"]]


def aggregate(q, term, rule: str, *, positive: bool = False):
    """The answer: ``term(row)`` summed over the mismatched rows (matched by code), the rule as asked."""
    s = q.state
    terms = [term(s["rows"][k]) for k, _ in mismatches(s)]
    q.require(not positive or sum(terms) > 0, "overages outweigh shortfalls")
    q.step("match", codes=[s["rows"][k]["code"] for k, _ in mismatches(s)], terms=terms)
    return q.answer(sum(terms), witnesses=[f"slip:{j}" for _, j in mismatches(s)],
                    question=f"{INTRO} Match the rows by item code. {rule}")


# ---------------------------------------------------------------------- tasks
@task("sum_absolute_quantity_differences_value", answer="integer", annotation="bbox_set",
      ops="aggregation,formula_evaluation,matching")
def sum_absolute_quantity_differences_value(q):
    t = q.target(range(SUMS[q.difficulty][0], SUMS[q.difficulty][1] + 1), stratified=True)
    m = len(mismatches(q.state))
    q.require(m <= t <= MAX_DELTA * m, "the mismatches cannot reach the target")

    def spread(st, r):                      # the mismatches' sizes become a random split of t
        sizes = [1] * m
        for _ in range(t - m):
            open_ = [i for i in range(m) if sizes[i] < MAX_DELTA]
            sizes[open_[int(r.integers(len(open_)))]] += 1
        for (k, _), size in zip(mismatches(st), sizes):
            row = st["rows"][k]
            row["received"] = row["ordered"] - size * (1 if row["ordered"] > row["received"] else -1)
        return st

    q.edit(spread)
    return aggregate(q, lambda r: abs(r["ordered"] - r["received"]),
                     "For every item whose received quantity differs from the ordered quantity, take the absolute "
                     "difference; what is the sum of these differences?")


@task("total_amount_delta_value", answer="integer", annotation="bbox_set",
      ops="aggregation,formula_evaluation,matching")
def total_amount_delta_value(q):
    return aggregate(q, lambda r: abs(r["ordered"] - r["received"]) * r["unit"],
                     "For every mismatched quantity, multiply the absolute quantity difference by the purchase-order "
                     "unit value and add the products. What is the total?")


@task("shortfall_minus_overage_value", answer="integer", annotation="bbox_set",
      ops="aggregation,formula_evaluation,matching")
def shortfall_minus_overage_value(q):
    return aggregate(q, lambda r: (r["ordered"] - r["received"]) * r["unit"],
                     "For every item whose received quantity differs from the ordered quantity, compute ordered "
                     "minus received, multiply it by the purchase-order unit value, and add the signed products. "
                     "What is the result?", positive=True)
