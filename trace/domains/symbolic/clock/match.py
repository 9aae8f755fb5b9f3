"""symbolic/clock, the matching tasks: a reference display with six candidate faces (or digital
read-outs), a time sequence with one empty slot and four candidate faces, and four labelled
clocks with six candidate orders on numbered cards.  Candidates are the usual misreadings
(hands swapped, the hour one off near the next numeral, a few minutes early or late), so they
sit close to the answer; at difficulty 3 they are a minute or two away.
"""

from __future__ import annotations

from tracegen.core.options import multiple_choice

from . import scene as ck

task = ck.SCENE.task


# ---------------------------------------------------------------------- tasks
def _time(r, difficulty, *, lo=0, hi=720):
    step = ck.DETAIL[difficulty][0]
    return int(r.integers(lo // step, hi // step)) * step


def _misreadings(t: int, near: int) -> list[int]:
    """Times a careless reader takes for ``t`` (minutes after 12): hands swapped, the hour one off,
    ``near`` minutes early or late, mirrored."""
    h, m = divmod(t, 60)
    swapped = (m // 5) * 60 + (h * 5 + m // 12) % 60
    out = [swapped, t + 60, t - 60, t + near, t - near, t + 2 * near, t - 2 * near, 720 - t,
           t + 60 + near, t - 60 - near]
    return [v % 720 for v in out]


NEAR = {1: 10, 2: 5, 3: 1}


@task("equivalent_time_label", answer="string", annotation="bbox_map", ops="formula_evaluation,matching",
      queries=("analog_reference_digital_options", "digital_reference_analog_options"))
def equivalent_time_label(q):
    digital_ref = q.query_id == "digital_reference_analog_options"

    def fn(s, r):
        t = _time(r, q.difficulty)
        s.update(layout="equiv", reference="digital" if digital_ref else "analog", seconds=False,
                 clocks=[dict(ck.hm(t), label="ref")])
        return s

    s = q.edit(fn)
    t = ck.minutes12(s["clocks"][0])
    if not digital_ref:
        q.reads(s["clocks"][0]["h"], s["clocks"][0]["m"])

    def distractors(r):
        cands = _misreadings(t, NEAR[q.difficulty])
        return [cands[int(i)] for i in r.permutation(len(cands))]

    letter, opts = multiple_choice(q, t, distractors, k=6, where="image", stratified=True)
    q.step("match", reference=ck.fmt_hm(t), options=[ck.fmt_hm(o) for o in opts], chosen=letter)
    shown = ("digital display" if digital_ref else "analog clock")
    cands = "analog clocks" if digital_ref else "digital displays"
    return q.answer(letter, witnesses={"reference": "reference", "match": f"option:{letter}"}, examples="ABCDEF",
                    question=(f"The {shown} labelled Reference shows a time. Which of the six lettered {cands} "
                              f"shows the same time (on a 12-hour dial)? Answer with its letter."))


SEQ_STEPS = {1: (30, 45, 60, 90, 120), 2: (15, 20, 25, 35, 40, 50, 70, 75, 80), 3: (7, 11, 13, 17, 19, 23, 26, 37)}


@task("sequence_completion_label", answer="string", annotation="bbox_map", ops="formula_evaluation,matching")
def sequence_completion_label(q):
    def fn(s, r):
        d = int(r.choice(SEQ_STEPS[q.difficulty]))
        start = _time(r, min(q.difficulty, 2))
        s.update(layout="sequence", seconds=False, step_minutes=d, missing=int(r.integers(4)),
                 clocks=[dict(ck.hm(start + i * d), label=str(i)) for i in range(4)])
        return s

    s = q.edit(fn)
    d, k = s["step_minutes"], s["missing"]
    shown = [ck.minutes12(c) for i, c in enumerate(s["clocks"]) if i != k]
    q.reads(*[v for i, c in enumerate(s["clocks"]) if i != k for v in (c["h"], c["m"])])
    t = ck.minutes12(s["clocks"][k])

    def distractors(r):
        near = NEAR[q.difficulty]
        cands = [t + d, t - d, t + near, t - near, t + 60, t - 60, t + d // 2, t - d // 2]
        cands = [v % 720 for v in cands if v % 720 not in shown]
        swapped = _misreadings(t, near)[0]
        first = [swapped] if swapped not in shown else []
        rest = [cands[int(i)] for i in r.permutation(len(cands))]
        return first + rest

    letter, opts = multiple_choice(q, t, distractors, k=4, where="image", stratified=True)
    q.step("sequence", step=d, missing=k, value=ck.fmt_hm(t), chosen=letter)
    return q.answer(letter, witnesses={"missing": f"slot:{k}", "match": f"option:{letter}"}, examples="ABCD",
                    question=("The top row shows four clocks whose times go up by the same number of minutes from "
                              "left to right; one box is empty. Which lettered clock belongs in the empty box? "
                              "Answer with its letter."))


ORDER_GAP = {1: 45, 2: 12, 3: 3}


def _kendall(a, b) -> int:
    pos = {x: i for i, x in enumerate(b)}
    seq = [pos[x] for x in a]
    return sum(1 for i in range(len(seq)) for j in range(i + 1, len(seq)) if seq[i] > seq[j])


@task("time_order_label", answer="string", annotation="bbox", ops="ranking")
def time_order_label(q):
    gap = ORDER_GAP[q.difficulty]

    def fn(s, r):
        step = ck.DETAIL[q.difficulty][0]
        span = int(r.choice((180, 360, 720))) if q.difficulty > 1 else 720
        base = int(r.integers(0, 720 // step)) * step
        times = sorted(int(v) * step for v in r.choice(span // step, size=4, replace=False))
        times = [(base + v) % 720 for v in times]
        labels = list("ABCD")
        perm = [int(i) for i in r.permutation(4)]
        s.update(layout="order", seconds=False,
                 clocks=[dict(ck.hm(times[p]), label=labels[i]) for i, p in enumerate(perm)])
        return s

    s = q.edit(fn)
    times = [ck.minutes12(c) for c in s["clocks"]]
    q.reads(*[v for c in s["clocks"] for v in (c["h"], c["m"])])
    srt = sorted(times)
    q.require(all(b - a >= gap for a, b in zip(srt, srt[1:])), "two clocks too close")
    q.require(any(b - a <= 4 * gap for a, b in zip(srt, srt[1:])), "no close pair")
    order = [c["label"] for _, c in sorted(zip(times, s["clocks"]), key=lambda p: p[0])]
    q.offer(6, "image")
    numbers = [str(i) for i in range(1, 7)]
    label = q.target(numbers, stratified=True)

    def draw(r):
        import itertools

        perms = [list(p) for p in itertools.permutations(order) if list(p) != order]
        near = sorted(perms, key=lambda p: (_kendall(p, order), float(r.random())))
        picks = near[:5]
        picks = [picks[int(i)] for i in r.permutation(5)]
        picks.insert(numbers.index(label), order)
        return picks

    opts = q.param("options", draw)
    q.step("order", times=[ck.fmt_hm(t) for t in times], order=order, chosen=label)
    return q.answer(label, witnesses=f"option:{label}", examples=numbers,
                    question=("Four labelled clocks show times within one 12-hour cycle that starts at 12:00. Which "
                              "numbered card lists the clocks from the earliest to the latest time? Answer with the "
                              "card's number."))
