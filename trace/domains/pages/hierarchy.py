"""pages/hierarchy: an organisation chart -- the CEO at the top, named employees below, reporting
lines drawn as elbow connectors (``kits/orgchart``).

Tasks name the manager below the CEO with the most direct reports or the most people in total
under them (a unique leader is required), and count everyone under a named manager.  Difficulty
grows the chart (10-13, 18-24, 26-32 people; 3-4, 4-6, 5-7 managers under the CEO).
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits import orgchart, pagekit
from tracegen.kits.cards import rounded_rect
from tracegen.kits.names import coined_names

N_PEOPLE = {1: (10, 13), 2: (18, 24), 3: (26, 32)}
N_TOP = {1: (3, 4), 2: (4, 6), 3: (5, 7)}
MAX_DEPTH = 5
SUBTREE = {1: (2, 5), 2: (3, 7), 3: (4, 9)}
TITLES = ("Team Structure", "Organization Chart", "Reporting Lines", "Department Chart")
W, H = 1464, 848
BOX_H = 46.0


def make_chart(rng, difficulty) -> dict:
    n = int(rng.integers(N_PEOPLE[difficulty][0], N_PEOPLE[difficulty][1] + 1))
    top = int(rng.integers(N_TOP[difficulty][0], N_TOP[difficulty][1] + 1))
    children = orgchart.random_org(rng, n, top, MAX_DEPTH)
    title, subtitle = pagekit.page_title(rng)
    return {"children": children, "names": ["CEO"] + coined_names(rng, n - 1, max_len=6), "title": title,
            "subtitle": subtitle, "chart": TITLES[int(rng.integers(len(TITLES)))]}


class Hierarchy(Scene):
    domain, scene_id, size = "pages", "hierarchy", (W, H)
    megapixels = (1.05, 1.5)
    description = ("An organisation chart: the CEO at the top, named employees below, and elbow reporting lines from "
                   "each manager to their direct reports.")

    def sample(self, rng, difficulty):
        return make_chart(rng, difficulty)

    def render(self, c, state, params):
        top = pagekit.sheet(c, W, H, state["title"], state["subtitle"], band_h=70, title_size=22)
        c.text(W / 2, top + 20, state["chart"], size=22)
        children, names = state["children"], state["names"]
        centres = orgchart.org_layout(children, (40, top + 80, W - 40, H - 50 - BOX_H / 2))
        leaves = sum(1 for k in children if not k)
        bw = min(96.0, (W - 80) / leaves - 10)
        orgchart.draw_connectors(c, children, centres, BOX_H / 2, color="muted", lw=2.0)
        for v, (x, y) in enumerate(centres):
            fill = pagekit.band_fill(c, 0) if v == 0 else c.color("paper")
            rounded_rect(c, x - bw / 2, y - BOX_H / 2, bw, BOX_H, radius=9, fill=fill,
                         stroke=c.style.series(0), lw=2.0, id=f"person:{v}")
            c.text(x, y, names[v], size=15 if bw >= 70 else 13, color=c.text_on(fill), bold=v == 0)


SCENE = Hierarchy()
task = SCENE.task
INTRO = ("The image shows an organization chart with the CEO at the top, labelled employees, and reporting lines "
         "from each manager to their direct reports.")


def _leader(q, metric):
    ch = q.state["children"]
    score = {v: metric(ch, v) for v in range(1, len(ch)) if ch[v]}
    q.require(bool(score), "no manager below the CEO")
    best = max(score.values())
    winners = [v for v, x in score.items() if x == best]
    q.require(len(winners) == 1, "tie for the most reports")
    return winners[0], score


# ---------------------------------------------------------------------- tasks
@task("manager_most_direct_reports_label", answer="string", annotation="bbox",
      ops="filtering,counting,ranking,topology")
def manager_most_direct_reports_label(q):
    v, score = _leader(q, lambda ch, u: len(ch[u]))
    names = q.state["names"]
    q.step("direct_reports", counts={names[u]: k for u, k in score.items()}, leader=names[v])
    return q.answer(names[v], witnesses=f"person:{v}", examples=names[1:],
                    question=f"{INTRO} Leaving out the CEO, which manager has the most people reporting directly "
                             "to them?")


@task("manager_most_total_reports_label", answer="string", annotation="bbox", ops="filtering,ranking,topology")
def manager_most_total_reports_label(q):
    v, score = _leader(q, lambda ch, u: len(orgchart.descendants(ch, u)))
    names = q.state["names"]
    q.step("total_reports", counts={names[u]: k for u, k in score.items()}, leader=names[v])
    return q.answer(names[v], witnesses=f"person:{v}", examples=names[1:],
                    question=f"{INTRO} Leaving out the CEO, which manager has the most people under them in total "
                             "(direct reports and everyone below them)?")


@task("subtree_descendant_count", answer="integer", annotation="bbox_set", ops="filtering,counting,topology")
def subtree_descendant_count(q):
    ch = q.state["children"]
    t = q.target(range(SUBTREE[q.difficulty][0], SUBTREE[q.difficulty][1] + 1), stratified=True)
    fits = [v for v in range(1, len(ch)) if len(orgchart.descendants(ch, v)) == t]
    q.require(bool(fits), "no manager with the target team size")
    v = q.param("manager", lambda r: fits[int(r.integers(len(fits)))])
    below = orgchart.descendants(ch, v)
    names = q.state["names"]
    q.step("subtree", manager=names[v], below=[names[u] for u in below])
    return q.answer(len(below), witnesses=[f"person:{u}" for u in below],
                    question=f'{INTRO} How many people work under "{names[v]}" (everyone below them in the chart, '
                             f'not counting "{names[v]}")?')
