"""`tracegen stats`: the task card (the reference's columns, from plans that match what a
build generates) and the fidelity bands (`--compare`), on synthetic rows and the real reference."""

import csv
import os
import signal
import statistics
import subprocess
import sys

import pytest

import refdata
from tracegen import registry, stats
from tracegen.core import engine

REF = refdata.copy("catalog/ref_task_stats.tsv")
HEAT = "task_charts__heatmap__colorbar_threshold_cell_count"
SPIN = "task_symbolic__spinner__single_attribute_probability"


def _run(*args, timeout=300):
    p = subprocess.Popen([sys.executable, "-m", "tracegen", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
    return p.returncode, out, err


def test_columns_are_the_references():
    with open(REF, encoding="utf-8") as f:
        assert tuple(f.readline().rstrip("\n").split("\t")) == stats.COLUMNS


@pytest.fixture(scope="module")
def heat_row():
    return stats.task_stats(HEAT, 12)


def test_stats_match_the_instances_a_build_generates(heat_row):
    """Sizes, answers and annotation counts come from plans; rendering gives the same ones."""
    spec = registry.get(HEAT)
    insts = [engine.generate(spec, seed=stats.DEFAULT_SEED, split="train", index=i, encode=False) for i in range(12)]
    sizes = [(i.record["images"][0]["width"], i.record["images"][0]["height"]) for i in insts]
    assert heat_row["n_ok"] == "12" and heat_row["n_err"] == "0"
    assert heat_row["n_distinct_sizes"] == str(len(set(sizes)))
    assert float(heat_row["width_med"]) == statistics.median(w for w, _ in sizes)
    assert float(heat_row["megapixels_med"]) == round(statistics.median(w * h for w, h in sizes) / 1e6, 3)
    answers = [i.record["answer_gt"]["value"] for i in insts]
    assert int(heat_row["n_distinct_answers"]) == len(set(answers))
    assert float(heat_row["num_min"]) == min(answers) and float(heat_row["num_max"]) == max(answers)
    elems = [len(i.record["annotation_gt"]["value"]) for i in insts]
    assert float(heat_row["annot_elems_med"]) == statistics.median(elems)
    assert float(heat_row["prompt_len_med"]) == statistics.median(len(i.record["prompts"]["answer_only"])
                                                                  for i in insts)
    assert {i.record["difficulty"] for i in insts} == {1, 2, 3}   # the default mix
    assert heat_row["options"] == ""


def test_options_are_reported_where_offered():
    from tracegen.core.options import multiple_choice
    from tracegen.core.task import Scene

    class Probe(Scene):
        domain, scene_id, size = "symbolic", "options_probe", (200, 100)

        def sample(self, rng, difficulty):
            return {"v": int(rng.integers(0, 50))}

        def render(self, c, state, params):
            c.rect(10, 10, 20, 20, fill="accent", id="mark")

    scene = Probe()

    @scene.task("listed", answer="option_letter", annotation="bbox", ops="matching")
    def listed(q):
        letter, _ = multiple_choice(q, q.state["v"], lambda r: [int(x) for x in r.integers(50, 99, 10)])
        return q.answer(letter, witnesses="mark", question="Which?")

    @scene.task("drawn", answer="option_letter", annotation="bbox", ops="matching")
    def drawn(q):
        q.offer(6, "image")
        return q.answer("ABCDEF"[q.state["v"] % 6], witnesses="mark", question="Which?")

    row = stats.task_stats(scene.tasks["task_symbolic__options_probe__listed"], 12)
    assert row["options"] == "4/4/4" and row["options_meta"] == "4/4/4"
    assert set(row["option_answers_seen"]) <= set("ABCD") and len(row["option_answers_seen"]) > 1
    row = stats.task_stats(scene.tasks["task_symbolic__options_probe__drawn"], 12)
    assert row["options"] == "in_image" and row["options_meta"] == "6/6/6"
    assert stats.task_stats(HEAT, 3)["options"] == ""


def _ref(**kw):
    base = {"n_ok": "30", "megapixels_med": "0.6", "n_distinct_sizes": "20", "n_distinct_answers": "10",
            "top_answer_share": "0.2", "options": "", "options_meta": "", "annot_elems_med": "3"}
    base.update(kw)
    return base


def _ours(**kw):
    base = {"n_ok": "30", "n_err": "0", "first_error": "", "megapixels_med": "0.48", "n_distinct_sizes": "8",
            "n_distinct_answers": "8", "top_answer_share": "0.3", "options": "", "options_meta": "",
            "annot_elems_med": "3"}
    base.update(kw)
    return base


def test_bands_at_their_edges():
    assert stats.check(_ours(), _ref()) == {}
    assert set(stats.check(_ours(megapixels_med="0.47"), _ref())) == {"megapixels"}
    assert set(stats.check(_ours(n_distinct_sizes="7"), _ref())) == {"distinct_sizes"}
    assert stats.check(_ours(n_distinct_sizes="2"), _ref(n_distinct_sizes="2")) == {}
    assert set(stats.check(_ours(n_distinct_answers="7"), _ref())) == {"distinct_answers"}
    assert set(stats.check(_ours(top_answer_share="0.31"), _ref())) == {"top_answer_share"}
    assert set(stats.check(_ours(annot_elems_med="2.5"), _ref())) == {"annotation_elements"}
    assert set(stats.check(_ours(n_err="1", first_error="boom"), _ref())) == {"errors"}
    fail = stats.check(_ours(megapixels_med="0.3"), _ref())["megapixels"]
    assert fail[0] == "0.3" and fail[1] == "0.6" and "0.48" in fail[2]


def test_options_band():
    img = _ref(options="in_image", options_meta="6/6/6")
    assert stats.check(_ours(options="in_image", options_meta="6/6/6"), img) == {}
    assert "options" in stats.check(_ours(options="in_image", options_meta="4/4/4"), img)
    assert "options" in stats.check(_ours(options="6/6/6", options_meta="6/6/6"), img)
    assert "options" in stats.check(_ours(), img)
    listed = _ref(options="7/7/7")
    assert stats.check(_ours(options="7/7/7", options_meta="7/7/7"), listed) == {}
    assert "options" in stats.check(_ours(options="in_image", options_meta="7/7/7"), listed)
    assert stats.check(_ours(options="4/4/4", options_meta="4/4/4"), _ref()) == {}   # more than asked is fine


def test_no_reference_row_flags_nothing():
    assert stats.check(_ours(megapixels_med="0.01"), None) == {}
    assert stats.check(_ours(), _ref(n_ok="0")) == {}


def test_cli_writes_the_reference_columns_and_compares(tmp_path):
    out, cmp_out = tmp_path / "ours.tsv", tmp_path / "cmp.tsv"
    rc, text, err = _run("stats", "--task", HEAT, "--task", SPIN, "--seeds", "6", "--workers", "2",
                         "--out", str(out), "--compare", str(REF), "--compare-out", str(cmp_out))
    assert rc in (0, 1), err
    with open(out, encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    assert [r["task_id"] for r in rows] == [HEAT, SPIN] and tuple(rows[0]) == stats.COLUMNS
    assert rows[0]["tranche"] == "tranche1"
    assert "heatmap__colorbar_threshold_cell_count" in text and "tasks outside the bands" in text
    assert "the bands are defined over 30 seeds" in text
    table = list(csv.DictReader(open(cmp_out, encoding="utf-8"), delimiter="\t"))
    assert (rc == 1) == any(t["flags"] for t in table)
    # a reference this task meets exits 0, one it misses exits 1
    ref = tmp_path / "ref.tsv"
    good = dict(rows[0], megapixels_med="0.01", n_distinct_sizes="1", n_distinct_answers="1",
                top_answer_share="1", annot_elems_med="0")
    stats.write_tsv([good], ref)
    assert _run("stats", "--task", HEAT, "--seeds", "6", "--compare", str(ref))[0] == 0
    stats.write_tsv([dict(good, megapixels_med="50")], ref)
    rc, text, _ = _run("stats", "--task", HEAT, "--seeds", "6", "--compare", str(ref))
    assert rc == 1 and "megapixels" in text


def test_cli_bad_input_is_one_line(tmp_path):
    rc, _, err = _run("stats", "--task", "task_nope__x__y", "--seeds", "2")
    assert rc == 2 and err.strip().count("\n") == 0 and "unknown task id" in err
    rc, _, err = _run("stats", "--task", HEAT, "--seeds", "2", "--compare", str(tmp_path / "missing.tsv"))
    assert rc == 2 and err.strip().count("\n") == 0 and "reference statistics" in err
    rc, _, err = _run("stats", "--tasks", str(tmp_path / "none.txt"))
    assert rc == 2 and "cannot read task list" in err
    rc, _, err = _run("stats", "--scene", "no_such_scene")
    assert rc == 2 and "no task of" in err


def test_cli_selects_a_scene():
    rc, text, err = _run("stats", "--domain", "symbolic", "--scene", "spinner", "--seeds", "2", "--workers", "1")
    assert rc == 0, err
    lines = text.strip().splitlines()
    assert lines[0].split("\t") == list(stats.COLUMNS)
    assert [ln.split("\t")[0] for ln in lines[1:]] == registry.task_ids(domain="symbolic", scene="spinner")
