"""pages/web_action: a browser page with an action-instruction banner, a guide of codes, and page
contexts whose targetable controls carry a candidate letter and a guide code -- product cards with
buttons (click), field groups with inputs (type) or option rows with radio options (select).  The
page's control family is the scene's variant; letters are unique on the page.

Tasks give the candidate letter of the control a guide-code instruction targets (the context named
by the instruction, the control with that code in it) and count the controls of the family showing
a guide code (planted).  Difficulty grows the page (3-4, 4-6, 6 contexts; 3, 3-4, 4 controls each).
"""

from __future__ import annotations

import string

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits import pagekit
from tracegen.kits.cards import rounded_rect

FAMILIES = ("click_button", "input_field", "select_option")
SITES = (("CoursePad", "https://coursepad.example/learn/dashboard", ("Courses", "Calendar", "Grades", "Messages")),
         ("PublishKit", "https://publishkit.example/cms/articles", ("Drafts", "Assets", "Review", "Publish")),
         ("TripNest", "https://tripnest.example/book/stays", ("Flights", "Stays", "Cars", "Trips")),
         ("HelpDeskly", "https://helpdeskly.example/support/tickets", ("Tickets", "Macros", "Reports", "Teams")),
         ("ShopLane", "https://shoplane.example/store/catalog", ("Catalog", "Orders", "Returns", "Deals")),
         ("MetricHub", "https://metrichub.example/app/boards", ("Boards", "Alerts", "Sources", "Admin")))
CODES = ("T4", "V5", "K1", "X6", "M2", "R3")
MEANINGS = ("saved setting", "review flag", "follow-up", "priority route", "next step", "quick change")
PRODUCTS = ("Travel Mug", "Canvas Tote", "Studio Headset", "Desk Lamp", "Trail Bottle", "Wool Scarf", "Phone Stand",
            "Note Kit", "Tea Tin", "Camp Stool")
CATEGORIES = ("Home", "Outdoor", "Creative", "Office", "Audio")
STATUSES = ("Clearance", "Backorder", "Featured", "New", "Limited")
GROUPS = ("Traveler", "Notifications", "Billing", "Shipping", "Profile", "Security", "Contact", "Payment")
OPTION_ROWS = ("Delivery speed", "Seat zone", "Plan type", "Alert channel", "Meal choice", "Room view", "Language",
               "Support tier")
N_CONTEXTS = {1: (3, 4), 2: (4, 6), 3: (6, 6)}
N_CONTROLS = {1: (3, 3), 2: (3, 4), 3: (4, 4)}
COUNTS = {1: (2, 4), 2: (3, 6), 3: (4, 6)}
NOUN = {"click_button": ("control", "controls"), "input_field": ("input", "inputs"),
        "select_option": ("option", "options")}
W, H = 1280, 800


def make_page(rng, difficulty, family=None, n_contexts=None) -> dict:
    family = family or FAMILIES[int(rng.integers(len(FAMILIES)))]
    n = n_contexts or int(rng.integers(N_CONTEXTS[difficulty][0], N_CONTEXTS[difficulty][1] + 1))
    m = 3 if family == "click_button" else int(rng.integers(N_CONTROLS[difficulty][0], N_CONTROLS[difficulty][1] + 1))
    codes = [CODES[int(i)] for i in rng.choice(len(CODES), size=m + 1, replace=False)]
    letters = list(rng.choice(list(string.ascii_uppercase), size=n * m, replace=False))
    contexts = []
    if family == "click_button":
        names = [PRODUCTS[int(i)] for i in rng.choice(len(PRODUCTS), size=n, replace=False)]
        pairs = [(c, s) for c in CATEGORIES for s in STATUSES]
        tags = [pairs[int(i)] for i in rng.choice(len(pairs), size=n, replace=False)]
        heads = [{"title": t, "category": c, "status": s} for t, (c, s) in zip(names, tags)]
    else:
        pool = GROUPS if family == "input_field" else OPTION_ROWS
        heads = [{"title": pool[int(i)]} for i in rng.choice(len(pool), size=n, replace=False)]
    for k, head in enumerate(heads):
        mine = [codes[int(i)] for i in rng.choice(len(codes), size=m, replace=False)]
        head["controls"] = [{"letter": str(letters[k * m + j]), "code": mine[j]} for j in range(m)]
        contexts.append(head)
    site = int(rng.integers(len(SITES)))
    guide = [[MEANINGS[int(i)], c] for i, c in zip(rng.choice(len(MEANINGS), size=len(codes), replace=False), codes)]
    return {"variant": family, "site": site, "contexts": contexts, "codes": codes, "guide": guide,
            "section": ("Learning Hub", "Editorial Desk", "Trip Planner", "Help Center", "Storefront",
                        "Workspace")[site]}


def _instruction(state, k, code) -> str:
    ctx, family = state["contexts"][k], state["variant"]
    if family == "click_button":
        return (f'For the item with category "{ctx["category"]}" and status "{ctx["status"]}", use guide code '
                f'"{code}" from the Action Guide')
    if family == "input_field":
        return f'Enter text for "{ctx["title"]}" using guide code "{code}"'
    return f'Set "{ctx["title"]}" according to guide code "{code}"'


class WebAction(Scene):
    domain, scene_id, size = "pages", "web_action", (W, H)
    megapixels = (0.85, 1.2)
    description = ("A browser page with an action-instruction banner, a guide of codes, and page contexts whose "
                   "controls carry candidate letters and guide codes.")

    def sample(self, rng, difficulty):
        return make_page(rng, difficulty)

    def render(self, c, state, params):
        brand, url, tabs = SITES[state["site"]]
        x0, y0, x1, y1 = pagekit.browser_window(c, (24, 20, W - 24, H - 20), url, brand, tabs, right="Saved")
        ins = params.get("instruction", "Pick the control the guide code points to")
        rounded_rect(c, x0 + 24, y0 + 14, x1 - x0 - 48, 56, radius=10, fill="paper", stroke=c.style.series(0), lw=1.6)
        c.text(x0 + 40, y0 + 28, "Action instruction", size=12, anchor="l", color="muted")
        c.text(x0 + 40, y0 + 50, ins, size=15, anchor="l")
        gy = y0 + 80
        rounded_rect(c, x0 + 24, gy, x1 - x0 - 48, 58, radius=10, fill="panel", stroke="grid", lw=1.0)
        name = {"click_button": "Action Guide", "input_field": "Field Guide", "select_option": "Option Guide"}
        c.text(x0 + 40, gy + 29, name[state["variant"]], size=17, anchor="l", color=c.text_on("panel"))
        gw = (x1 - x0 - 260) / len(state["guide"])
        for j, (meaning, code) in enumerate(state["guide"]):
            bx = x0 + 210 + j * gw
            rounded_rect(c, bx, gy + 8, gw - 10, 42, radius=8, fill="paper", stroke=c.style.series(j % 2), lw=1.4)
            c.text(bx + (gw - 10) / 2, gy + 20, meaning, size=12)
            c.text(bx + (gw - 10) / 2, gy + 38, f"key {code}", size=13)
        c.text(x0 + 26, gy + 84, state["section"], size=22, anchor="l")
        getattr(self, "_" + state["variant"])(c, state, (x0 + 24, gy + 104, x1 - 24, y1 - 14))

    def _click_button(self, c, state, box):
        boxes = pagekit.cells(box, len(state["contexts"]), 2, gap=14, gap_y=12)
        for k, (ctx, (x0, y0, x1, y1)) in enumerate(zip(state["contexts"], boxes)):
            rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=8, fill="paper", stroke="grid", lw=1.2, id=f"ctx:{k}")
            c.rect(x0, y0, x1 - x0, 5, fill=c.style.series(k % 6))
            c.text(x0 + 16, y0 + 24, ctx["title"], size=16, anchor="l")
            c.text(x0 + 16, y0 + 46, f"Category: {ctx['category']}   Status: {ctx['status']}", size=13, anchor="l",
                   color="muted")
            m = len(ctx["controls"])
            bw = (x1 - x0 - 32 - (m - 1) * 10) / m
            for j, ctl in enumerate(ctx["controls"]):
                bx = x0 + 16 + j * (bw + 10)
                self._control(c, (bx, y1 - 40, bx + bw, y1 - 10), ctl, f"ctl:{k}:{j}")

    def _input_field(self, c, state, box):
        boxes = pagekit.cells(box, len(state["contexts"]), 2, gap=14, gap_y=12)
        for k, (ctx, (x0, y0, x1, y1)) in enumerate(zip(state["contexts"], boxes)):
            rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=8, fill="paper", stroke="grid", lw=1.2, id=f"ctx:{k}")
            c.text(x0 + 16, y0 + 20, ctx["title"], size=16, anchor="l", bold=True)
            m = len(ctx["controls"])
            rh = (y1 - y0 - 40) / m
            for j, ctl in enumerate(ctx["controls"]):
                ry = y0 + 36 + j * rh
                c.text(x0 + 16, ry + rh / 2, f"Key {ctl['code']}", size=13, anchor="l")
                self._control(c, (x0 + 110, ry + 2, x1 - 14, ry + rh - 2), ctl, f"ctl:{k}:{j}", placeholder=True)

    def _select_option(self, c, state, box):
        boxes = pagekit.cells(box, len(state["contexts"]), 1, gap=14, gap_y=12)
        for k, (ctx, (x0, y0, x1, y1)) in enumerate(zip(state["contexts"], boxes)):
            rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=8, fill="paper", stroke="grid", lw=1.2, id=f"ctx:{k}")
            c.text(x0 + 16, (y0 + y1) / 2 - 8, ctx["title"], size=16, anchor="l")
            c.text(x0 + 16, (y0 + y1) / 2 + 12, "Choose one", size=12, anchor="l", color="muted")
            m = len(ctx["controls"])
            ow = (x1 - x0 - 250 - (m - 1) * 12) / m
            for j, ctl in enumerate(ctx["controls"]):
                ox = x0 + 236 + j * (ow + 12)
                self._control(c, (ox, y0 + 6, ox + ow, y1 - 6), ctl, f"ctl:{k}:{j}", radio=True)

    def _control(self, c, box, ctl, id, placeholder=False, radio=False):
        x0, y0, x1, y1 = box
        fill = blend(c.style.series(0), c.color("paper"), 0.06)
        rounded_rect(c, x0, y0, x1 - x0, y1 - y0, radius=6, fill=fill, stroke="muted", lw=1.4, id=id)
        r = min(11.0, (y1 - y0) / 2 - 2)
        pagekit.letter_badge(c, x0 + 4 + r, (y0 + y1) / 2, ctl["letter"], r=r, square=True)
        x = x0 + 12 + 2 * r
        if radio:
            c.circle(x + 6, (y0 + y1) / 2, 6, stroke="ink", lw=1.4)
            x += 18
        text = "Enter value" if placeholder else ctl["code"]
        c.text(x + 4, (y0 + y1) / 2, text, size=13, anchor="l", color=c.text_on(fill))


SCENE = WebAction()
task = SCENE.task
INTRO = ("The screen shows a browser page with an action instruction banner, a guide of codes, and candidate letters "
         "on its targetable controls.")


def _with_family(q, family, need: int = 0):
    """Rebuild the page as ``family`` (the query's control family) when it shows another one or
    fewer than ``need`` contexts."""
    if q.state["variant"] != family or len(q.state["contexts"]) < need:
        lo, hi = N_CONTEXTS[q.difficulty]
        q.edit(lambda st, r: make_page(r, q.difficulty, family=family,
                                       n_contexts=int(r.integers(max(lo, need), max(hi, need) + 1))))
    return q.state


# ---------------------------------------------------------------------- tasks
@task("action_target_label", answer="option_letter", annotation="bbox", ops="matching",
      queries=("click_target_label", "type_field_label", "select_option_label"))
def action_target_label(q):
    family = {"click_target_label": "click_button", "type_field_label": "input_field",
              "select_option_label": "select_option"}[q.query_id]
    s = _with_family(q, family)
    k = q.param("context", lambda r: int(r.integers(len(s["contexts"]))))
    j = q.param("control", lambda r: int(r.integers(len(s["contexts"][k]["controls"]))))
    code = s["contexts"][k]["controls"][j]["code"]
    instruction = q.param("instruction", lambda r: _instruction(s, k, code))
    q.offer(sum(len(ctx["controls"]) for ctx in s["contexts"]), "image")
    letter = s["contexts"][k]["controls"][j]["letter"]
    q.step("resolve", context=s["contexts"][k]["title"], code=code, letter=letter)
    return q.answer(letter, witnesses=f"ctl:{k}:{j}",
                    question=f"{INTRO} Instruction: {instruction}. Which candidate letter marks the target "
                             f"{NOUN[family][0]}?")


@task("guide_code_target_count", answer="integer", annotation="bbox_set", ops="counting",
      queries=("click_guide_code_target_count", "type_field_guide_code_target_count",
               "select_option_guide_code_target_count"))
def guide_code_target_count(q):
    family = {"click": "click_button", "type": "input_field", "select": "select_option"}[q.query_id.split("_")[0]]
    t = q.target(range(COUNTS[q.difficulty][0], COUNTS[q.difficulty][1] + 1), stratified=True)
    s = _with_family(q, family, need=t)
    code = q.choice("code", s["codes"])

    def plant(st, r):                       # exactly t contexts show the code
        chosen = {int(i) for i in r.choice(len(st["contexts"]), size=t, replace=False)}
        for k, ctx in enumerate(st["contexts"]):
            have = [c["code"] for c in ctx["controls"]]
            if k in chosen and code not in have:
                ctx["controls"][int(r.integers(len(have)))]["code"] = code
            elif k not in chosen and code in have:
                free = [x for x in st["codes"] if x not in have]
                ctx["controls"][have.index(code)]["code"] = free[int(r.integers(len(free)))]
        return st

    s = q.edit(plant)
    hits = [(k, j) for k, ctx in enumerate(s["contexts"]) for j, c in enumerate(ctx["controls"]) if c["code"] == code]
    q.step("count", code=code, controls=[s["contexts"][k]["controls"][j]["letter"] for k, j in hits])
    where = "" if family != "input_field" else " (the Key label beside each input)"
    return q.answer(len(hits), witnesses=[f"ctl:{k}:{j}" for k, j in hits],
                    question=f'{INTRO} How many candidate {NOUN[family][1]} use guide code "{code}"{where}?')
