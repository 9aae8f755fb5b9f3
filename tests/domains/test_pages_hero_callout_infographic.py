"""pages/hero_callout_infographic: independent solvers written from the catalog programs (the cards'
fields as a table; a field's extreme, a threshold filter, the Score + Count extreme), and every
field row printing its label and formatted value inside its card."""

from pagecheck import overlapping, texts_inside
from taskcheck import scene_tests, shortcut_test

from tracegen.core import engine
from tracegen.domains.pages import hero_callout_infographic as hci

MOD = "tracegen.domains.pages.hero_callout_infographic"
P = "task_pages__hero_callout_infographic__"


def _table(state):
    return [(cd["title"], dict(cd["fields"])) for cd in state["cards"]]


def metric_extremum(state, params, qid):
    f = params["field"]
    rows = [(vals[f], title) for title, vals in _table(state) if f in vals]
    return (max if qid.startswith("highest") else min)(rows)[1]


def condition(state, params, qid):
    f, thr = params["field"], params["threshold"]
    vals = [v[f] for _, v in _table(state) if f in v]
    return sum(x > thr for x in vals) if "above" in qid else sum(x < thr for x in vals)


def composite(state, params, qid):
    rows = [(v["Score"] + v["Count"], t) for t, v in _table(state) if "Score" in v and "Count" in v]
    best = (max if qid.startswith("highest") else min)(rows)
    assert [r[0] for r in rows].count(best[0]) == 1
    return best[1]


SOLVERS = {P + "callout_metric_extremum_label": metric_extremum, P + "callout_condition_count": condition,
           P + "callout_composite_metric_extremum_label": composite}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(s["cards"]))
test_no_count_is_printed = shortcut_test([P + "callout_condition_count"], seeds=(0, 1))


def test_rows_print_label_and_value_inside_their_card():
    spec = hci.SCENE.tasks[P + "callout_metric_extremum_label"]
    for i in range(6):
        inst = engine.generate(spec, seed=4, split="train", index=i, difficulty=3, encode=False)
        s, ents, texts = inst.trace["state"], inst.canvas.entities, inst.canvas.texts
        cards = [ents[f"card:{k}"]["box"] for k in range(len(s["cards"]))]
        for k, cd in enumerate(s["cards"]):
            for j, (f, v) in enumerate(cd["fields"]):
                x0, y0, x1, y1 = ents[f"row:{k}:{j}"]["box"]
                cx0, cy0, cx1, cy1 = cards[k]
                assert cx0 <= x0 and x1 <= cx1 and cy0 <= y0 and y1 <= cy1
                inside = texts_inside(texts, (x0, y0, x1, y1), slack=0.0)
                assert f in inside and hci.fmt(f, v) in inside
        assert not overlapping(cards, slack=0.0)
