"""pages/form_section: a structured document -- an invoice, an application form or a receipt (the
scene's variants) -- of titled sections of labelled fields, one section holding currency amounts
(all distinct) among sections of names, codes and dates.

Tasks name the field with the second-highest or second-lowest amount of the currency section,
and add or subtract two named amounts of it (answered in currency notation, "$12.34").
Difficulty grows the currency section (4, 6-8, 8-10 amounts) and the other sections.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits import pagekit
from tracegen.kits.cards import rounded_rect
from tracegen.kits.names import SURNAMES, WORDS, coined_names

DOCS = {
    "invoice_sheet": ("Invoice", "Billing details", "Billing Summary",
                      ("Subtotal", "Tax", "Discount", "Shipping", "Handling", "Service Credit", "Platform", "Archive",
                       "Insurance", "Freight"),
                      (("Parties", ("Vendor", "Customer", "Invoice Number")),
                       ("Account", ("Account ID", "Contact Email")),
                       ("Dates", ("Issue Date", "Service Date", "Due Date")))),
    "form_sheet": ("Application Form", "Program enrollment", "Fees",
                   ("Registration Fee", "Late Fee", "Processing Fee", "Access Fee", "Record Fee", "Filing Fee",
                    "Review Fee", "Card Fee", "Exam Fee", "Permit Fee"),
                   (("Profile", ("Applicant Name", "Reference ID", "Program")), ("Contact", ("Email", "Phone")),
                    ("Schedule", ("Submitted", "Start Date", "Decision Date")))),
    "receipt_sheet": ("Receipt", "Store copy", "Totals",
                      ("Items Total", "Tax", "Rounding", "Service Charge", "Pickup Fee", "Warranty Fee",
                       "Coupon Savings", "Bag Fee", "Tip", "Gift Wrap"),
                      (("Store Details", ("Store Name", "Receipt Number", "Cashier")),
                       ("Purchase Info", ("Purchase Date", "Register", "Payment")),
                       ("Loyalty", ("Member", "Points Card")))),
}
VARIANTS = tuple(DOCS)
N_AMOUNTS = {1: (4, 4), 2: (6, 8), 3: (8, 10)}
N_OTHER = {1: (1, 1), 2: (2, 3), 3: (3, 3)}
W, H = 1256, 1000
TOP, BOTTOM = 116, H - 30
KINDS = ("Supply", "Office", "Studio", "Works", "Market", "Traders")
PROGRAMS = ("Design Lab", "Field Study", "Data Track", "Studio Arts", "Night School")
PAYMENTS = ("Card", "Cash", "Voucher", "Mobile")


def money(cents: int) -> str:
    return f"${cents // 100}.{cents % 100:02d}"


def _text_value(rng, label, names):
    n = int(rng.integers(10000, 99999))
    day = f"2026-{int(rng.integers(1, 13)):02d}-{int(rng.integers(1, 29)):02d}"
    word = WORDS[int(rng.integers(len(WORDS)))]
    person = f"{names.pop()} {SURNAMES[int(rng.integers(len(SURNAMES)))]}"
    if "Date" in label or label in ("Submitted", "Purchase Date"):
        return day
    if label in ("Vendor", "Store Name"):
        return f"{word} {KINDS[int(rng.integers(len(KINDS)))]}"
    if label in ("Customer", "Applicant Name", "Cashier", "Member"):
        return person
    if "Email" in label:
        return f"{word.lower()}{n % 100}@example.com"
    if label == "Phone":
        return f"555-{n % 10000:04d}"
    if label == "Program":
        return PROGRAMS[int(rng.integers(len(PROGRAMS)))]
    if label == "Payment":
        return PAYMENTS[int(rng.integers(len(PAYMENTS)))]
    prefix = {"Invoice Number": "INV", "Account ID": "ACC", "Reference ID": "REF", "Receipt Number": "RC",
              "Register": "REG", "Points Card": "PTS"}.get(label, "ID")
    return f"{prefix}-{n}"


def amounts(rng, labels) -> list[int]:
    """Distinct amounts in cents; running totals are larger than fees."""
    out: list[int] = []
    for lab in labels:
        big = lab in ("Subtotal", "Items Total", "Registration Fee")
        while True:
            v = int(rng.integers(8000, 40000)) if big else int(rng.integers(150, 6500))
            if v not in out:
                out.append(v)
                break
    return out


def make_document(rng, difficulty) -> dict:
    variant = VARIANTS[int(rng.integers(len(VARIANTS)))]
    _, _, money_title, money_labels, others = DOCS[variant]
    n = int(rng.integers(N_AMOUNTS[difficulty][0], N_AMOUNTS[difficulty][1] + 1))
    labels = [money_labels[int(i)] for i in sorted(rng.choice(len(money_labels), size=n, replace=False))]
    names = coined_names(rng, 8)
    k = int(rng.integers(N_OTHER[difficulty][0], N_OTHER[difficulty][1] + 1))
    sections = [{"title": t, "fields": [[lab, _text_value(rng, lab, names)] for lab in fl]} for t, fl in others[:k]]
    money_sec = {"title": money_title, "fields": [[lab, v] for lab, v in zip(labels, amounts(rng, labels))]}
    where = int(rng.integers(len(sections) - 1, len(sections) + 1))    # last or next to last
    sections.insert(where, money_sec)
    return {"variant": variant, "sections": sections, "money": where}


def layout(state):
    """Field boxes per section, the section boxes, and the page box."""
    receipt = state["variant"] == "receipt_sheet"
    x0, x1 = (300.0, W - 300.0) if receipt else (90.0, W - 90.0)
    cols = 1 if receipt else 2
    rows = [(len(s["fields"]) + cols - 1) // cols for s in state["sections"]]
    head, gap = 40.0, 14.0
    fh = min(58.0 if not receipt else 40.0, (BOTTOM - TOP - len(rows) * (head + gap)) / sum(rows) - 8)
    secs, fields, y = [], [], TOP
    for s, r in zip(state["sections"], rows):
        h = head + r * (fh + 8)
        secs.append((x0, y, x1, y + h))
        w = (x1 - x0 - 30 - (cols - 1) * 16) / cols
        fields.append([(x0 + 15 + (j % cols) * (w + 16), y + head + (j // cols) * (fh + 8),
                        x0 + 15 + (j % cols) * (w + 16) + w, y + head + (j // cols) * (fh + 8) + fh)
                       for j in range(len(s["fields"]))])
        y += h + gap
    return secs, fields, (x0 - 30, 30, x1 + 30, y + 10)


class FormSection(Scene):
    domain, scene_id, size = "pages", "form_section", (W, H)
    megapixels = (1.05, 1.5)
    description = ("A structured document (invoice, application form or receipt): titled sections of labelled fields, "
                   "one section holding currency amounts.")

    def canvas_size(self, state):
        return (W, int(layout(state)[2][3]) + 30)

    def sample(self, rng, difficulty):
        return make_document(rng, difficulty)

    def render(self, c, state, params):
        title, right, *_ = DOCS[state["variant"]]
        secs, fields, page = layout(state)
        px0, py0, px1, py1 = page
        rounded_rect(c, px0, py0, px1 - px0, py1 - py0, radius=14, fill="paper", stroke="grid", lw=1.5)
        band = pagekit.band_fill(c, 0)
        rounded_rect(c, px0, py0, px1 - px0, 70, radius=14, fill=band)
        c.rect(px0, py0 + 56, px1 - px0, 14, fill=band)
        c.text(px0 + 28, py0 + 35, title, size=30, anchor="l", color=c.text_on(band), bold=True)
        c.text(px1 - 28, py0 + 35, right, size=16, anchor="r", color=c.text_on(band))
        receipt = state["variant"] == "receipt_sheet"
        for si, (sec, box, fboxes) in enumerate(zip(state["sections"], secs, fields)):
            x0, y0, x1, y1 = box
            rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=8, fill="paper", stroke="grid", lw=1.1, id=f"sec:{si}")
            pagekit.pill(c, x0 + 18 + c.text_width(sec["title"], size=14) / 2 + 9, y0 + 18, sec["title"],
                         fill=pagekit.band_fill(c, 1 + si % 5), size=14)
            for j, ((lab, val), fb) in enumerate(zip(sec["fields"], fboxes)):
                fx0, fy0, fx1, fy1 = fb
                text = money(val) if si == state["money"] else val
                rounded_rect(c, fx0, fy0, fx1 - fx0, fy1 - fy0, radius=8, fill="paper", stroke="muted", lw=1.0,
                             id=f"field:{si}:{j}")
                if receipt:
                    c.text(fx0 + 12, (fy0 + fy1) / 2, lab, size=15, anchor="l")
                    c.text(fx1 - 12, (fy0 + fy1) / 2, text, size=15, anchor="r")
                else:
                    c.text(fx0 + 12, fy0 + (fy1 - fy0) * 0.32, lab, size=15, anchor="l")
                    c.text(fx0 + 12, fy0 + (fy1 - fy0) * 0.72, text, size=14, anchor="l", color="muted")


SCENE = FormSection()
task = SCENE.task
INTRO = "The image shows a structured document with section headers and labelled fields, some holding currency amounts."


def _money(s):
    sec = s["sections"][s["money"]]
    return sec["title"], sec["fields"]


# ---------------------------------------------------------------------- tasks
@task("ranked_amount_field_label", answer="string", annotation="bbox", ops="ranking",
      queries=("second_highest_amount_field_label", "second_lowest_amount_field_label"))
def ranked_amount_field_label(q):
    s = q.state
    title, fields = _money(s)
    high = q.query_id.startswith("second_highest")
    order = sorted(range(len(fields)), key=lambda j: fields[j][1], reverse=high)
    j = order[1]
    q.step("rank", section=title, order=[fields[i][0] for i in order], position=2)
    return q.answer(fields[j][0], witnesses=f"field:{s['money']}:{j}", examples=[f[0] for f in fields],
                    question=f'{INTRO} In the "{title}" section, which field label has the '
                             f'{"second-highest" if high else "second-lowest"} amount?')


@task("two_amount_arithmetic_value", answer="string", annotation="bbox_map", ops="formula_evaluation",
      queries=("sum_two_amounts_in_section_value", "difference_two_amounts_in_section_value"))
def two_amount_arithmetic_value(q):
    s = q.state
    title, fields = _money(s)
    a, b = q.param("operands", lambda r: [int(i) for i in r.choice(len(fields), size=2, replace=False)])
    add = q.query_id.startswith("sum")
    if not add and fields[a][1] < fields[b][1]:
        a, b = b, a
    value = fields[a][1] + fields[b][1] if add else fields[a][1] - fields[b][1]
    printed = {money(v) for _, v in fields}
    q.require(money(value) not in printed, "the result equals a printed amount")
    q.step("evaluate", first=fields[a][0], second=fields[b][0], operator="add" if add else "subtract", cents=value)
    verb = "plus" if add else "minus"
    return q.answer(money(value), witnesses={"first_operand": f"field:{s['money']}:{a}",
                                             "second_operand": f"field:{s['money']}:{b}"},
                    examples=[money(value + 110), money(abs(value - 37))],
                    hint='Answer in currency notation with two decimals, e.g. "$12.34".',
                    question=f'{INTRO} In the "{title}" section, what is "{fields[a][0]}" {verb} "{fields[b][0]}"?')
