"""`tracegen stats`: the task card (the reference's columns, from plans that match what a
build generates) and the fidelity bands (`--compare`), on synthetic rows and the real reference."""

import csv
import statistics
import sys
from pathlib import Path

import pytest

import proc
from tracegen import registry, stats
from tracegen.core import engine

# the reference itself (absent from a checkout without ../shared); the product ships its copy
REF = Path(__file__).resolve().parents[2] / "shared" / "reference" / "catalog" / "ref_task_stats.tsv"
HEAT = "task_charts__heatmap__colorbar_threshold_cell_count"
SPIN = "task_symbolic__spinner__single_attribute_probability"


def _run(*args, timeout=300):
    r = proc.run([sys.executable, "-m", "tracegen", *args], timeout=timeout)
    return r.returncode, r.stdout, r.stderr


def test_columns_are_the_references():
    with open(stats.REFERENCE, encoding="utf-8") as f:
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
    assert {i.record["difficulty"] for i in insts} == {spec.original_difficulty} == {2}   # the default: the original's level
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
    base = {"n_ok": "30", "n_err": "0", "megapixels_med": "0.6", "num_med": "10", "annot_elems_med": "3",
            "options": "", "options_meta": "", "n_distinct_answers": "10", "top_answer_share": "0.2",
            "n_distinct_sizes": "20"}
    base.update(kw)
    return base


def _ours(**kw):
    base = {"n_ok": "30", "n_err": "0", "first_error": "", "megapixels_med": "0.6", "num_med": "10",
            "annot_elems_med": "3", "options": "", "options_meta": "", "n_distinct_answers": "8",
            "top_answer_share": "0.3", "n_distinct_sizes": "8"}
    base.update(kw)
    return base


def _flags(ours, ref):
    return {name: f.direction for name, f in stats.check(ours, ref).items()}


@pytest.mark.parametrize("column,band,ref_value,inside,under,over", [
    # median megapixels within [0.8, 1.5] x
    ("megapixels_med", "megapixels", "0.6", ("0.48", "0.9"), "0.479", "0.901"),
    # median numeric answer within [0.5, 2] x ...
    ("num_med", "answer_median", "10", ("5", "20"), "4.9", "20.5"),
    ("num_med", "answer_median", "4", ("2", "8"), "1.9", "8.1"),            # 4 is not below 4: ratio
    ("num_med", "answer_median", "-10", ("-20", "-5"), "-21", "-4.9"),      # a negative median flips the ratios
    # ... or within +-2 where the reference's is below 4
    ("num_med", "answer_median", "3", ("1", "5"), "0.9", "5.5"),
    ("num_med", "answer_median", "0", ("-2", "2"), "-2.5", "2.5"),
    # median annotation elements within [1/1.5, 1.5] x ...
    ("annot_elems_med", "annotation_elements", "6", ("4", "9"), "3.5", "9.5"),
    ("annot_elems_med", "annotation_elements", "3", ("2", "4.5"), "1.5", "5"),
    # ... or within +-1 where the reference's is <= 2
    ("annot_elems_med", "annotation_elements", "2", ("1", "3"), "0.5", "3.5"),
    ("annot_elems_med", "annotation_elements", "1", ("0", "2"), None, "2.5"),
])
def test_two_sided_bands_flag_both_ways(column, band, ref_value, inside, under, over):
    ref = _ref(**{column: ref_value})
    for v in inside:
        assert band not in stats.check(_ours(**{column: v}), ref), (v, stats.check(_ours(**{column: v}), ref))
    if under is not None:
        assert _flags(_ours(**{column: under}), ref) == {band: "under"}
    assert _flags(_ours(**{column: over}), ref) == {band: "over"}


def test_one_sided_bands():
    ref = _ref()
    assert stats.check(_ours(), ref) == {}
    # distinct answers >= 0.8 x: fewer is a miss, more never is
    assert _flags(_ours(n_distinct_answers="7"), ref) == {"distinct_answers": "under"}
    assert stats.check(_ours(n_distinct_answers="30"), ref) == {}
    # top-answer share <= the reference's + 0.10
    assert _flags(_ours(top_answer_share="0.31"), ref) == {"top_answer_share": "over"}
    assert stats.check(_ours(top_answer_share="0.01"), ref) == {}
    assert _flags(_ours(n_distinct_sizes="7"), ref) == {"distinct_sizes": "under"}
    assert stats.check(_ours(n_distinct_sizes="2"), _ref(n_distinct_sizes="2")) == {}
    fail = stats.check(_ours(n_err="1", first_error="ValueError: boom"), ref)["errors"]
    assert fail.direction == "failed" and "boom" in fail.text()


def test_figures_the_reference_lacks_are_not_compared():
    # a string answer has no median; a reference without the figure flags nothing
    assert stats.check(_ours(num_med=""), _ref(num_med="")) == {}
    assert stats.check(_ours(num_med="1000"), _ref(num_med="")) == {}
    # a numeric reference answer we do not have is a miss
    assert _flags(_ours(num_med=""), _ref()) == {"answer_median": "missing"}


def test_flag_carries_the_figures_and_the_band():
    f = stats.check(_ours(megapixels_med="1.2"), _ref())["megapixels"]
    assert (f.direction, f.ours, f.ref, f.allowed) == ("over", "1.2", "0.6", "0.48..0.9")
    assert f.text() == "megapixels over: ours 1.2 vs ref 0.6 (allowed 0.48..0.9)"
    f = stats.check(_ours(num_med="0"), _ref(num_med="3"))["answer_median"]
    assert (f.direction, f.allowed) == ("under", "1..5")


def test_options_band_both_ways():
    img = _ref(options="in_image", options_meta="6/6/6")
    assert stats.check(_ours(options="in_image", options_meta="6/6/6"), img) == {}
    assert _flags(_ours(options="in_image", options_meta="4/4/4"), img) == {"options": "under"}
    assert _flags(_ours(options="in_image", options_meta="8/8/8"), img) == {"options": "over"}
    assert _flags(_ours(options="6/6/6", options_meta="6/6/6"), img) == {"options": "placement"}
    assert _flags(_ours(), img) == {"options": "under"}
    # drawn in the image with no recorded count: only where they are offered is compared
    assert stats.check(_ours(options="in_image", options_meta="5/5/5"), _ref(options="in_image")) == {}
    listed = _ref(options="7/7/7")
    assert stats.check(_ours(options="7/7/7", options_meta="7/7/7"), listed) == {}
    assert _flags(_ours(options="in_image", options_meta="7/7/7"), listed) == {"options": "placement"}
    assert _flags(_ours(options="4/4/4", options_meta="4/4/4"), listed) == {"options": "under"}
    # options where the reference offers none
    assert _flags(_ours(options="4/4/4", options_meta="4/4/4"), _ref()) == {"options": "over"}
    f = stats.check(_ours(options="4/4/4", options_meta="4/4/4"), listed)["options"]
    assert (f.ours, f.ref) == ("4 in the prompt", "7 in the prompt")


def test_no_reference_row_flags_nothing():
    assert stats.check(_ours(megapixels_med="0.01"), None) == {}
    assert stats.check(_ours(), _ref(n_ok="0")) == {}


def test_compare_report_side_by_side():
    rows = [dict(_ours(megapixels_med="1.2", num_med="2"), task_id="task_charts__bar__a"),
            dict(_ours(), task_id="task_charts__bar__b"),
            dict(_ours(), task_id="task_charts__pie__c")]
    ref = {"task_charts__bar__a": _ref(tranche="tranche1"), "task_charts__bar__b": _ref(tranche="tranche2")}
    table = stats.compare(rows, ref)
    a, b, c = table
    assert a["flags"] == "megapixels:over,answer_median:under" and a["scene"] == "charts/bar"
    assert (a["megapixels"], a["ref_megapixels"], a["megapixels_allowed"], a["megapixels_flag"]) == \
        ("1.2", "0.6", "0.48..0.9", "over")
    assert (a["answer_median"], a["ref_answer_median"], a["answer_median_allowed"], a["answer_median_flag"]) == \
        ("2", "10", "5..20", "under")
    assert a["annotation_elements_flag"] == "" and a["tranche"] == "tranche1"
    assert b["flags"] == "" and c["reference"] == "no" and c["flags"] == ""
    text = stats.format_compare(table).splitlines()
    assert text[0].split()[:3] == ["task", "MP", "answer"]
    assert "1.2 | 0.6^" in text[1] and "2 | 10v" in text[1] and text[1].endswith("megapixels:over,answer_median:under")
    assert text[2].endswith("ok") and text[3].endswith("(no reference)")
    s = stats.summary(table, per_scene=True).splitlines()
    assert s[0] == "1 of 3 tasks outside the bands (per band: answer_median:under 1, megapixels:over 1)"
    assert s[1:] == ["  charts/bar: 1 of 2 tasks (answer_median:under 1, megapixels:over 1)"]


def test_compare_tsv_columns(tmp_path):
    table = stats.compare([dict(_ours(options="4/4/4", options_meta="4/4/4"), task_id="task_x__y__z")],
                          {"task_x__y__z": _ref()})
    stats.write_compare_tsv(table, tmp_path / "c.tsv")
    rows = list(csv.DictReader(open(tmp_path / "c.tsv", encoding="utf-8"), delimiter="\t"))
    assert list(rows[0]) == stats.COMPARE_TSV
    assert (rows[0]["options"], rows[0]["ref_options"], rows[0]["options_flag"]) == ("4 in the prompt", "none", "over")


def test_shipped_reference_is_the_originals():
    """The product's copy of the reference table (the default of --compare) is the reference's own."""
    assert stats.REFERENCE.exists()
    shipped = stats.read_tsv(stats.REFERENCE)
    assert len(shipped) == 1000 and set(registry.task_ids()) <= set(shipped)
    if REF.exists():
        assert stats.REFERENCE.read_bytes() == REF.read_bytes()


def test_cli_writes_the_reference_columns_and_compares(tmp_path):
    out, cmp_out = tmp_path / "ours.tsv", tmp_path / "cmp.tsv"
    rc, text, err = _run("stats", "--task", HEAT, "--task", SPIN, "--seeds", "6", "--workers", "2",
                         "--out", str(out), "--compare", "--compare-out", str(cmp_out))   # the shipped table
    assert rc in (0, 1), err
    with open(out, encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    assert [r["task_id"] for r in rows] == [HEAT, SPIN] and tuple(rows[0]) == stats.COLUMNS
    assert rows[0]["tranche"] == "tranche1"
    assert "heatmap__colorbar_threshold_cell_count" in text and "tasks outside the bands" in text
    assert "the bands are defined over 30 seeds" in text
    table = list(csv.DictReader(open(cmp_out, encoding="utf-8"), delimiter="\t"))
    assert [t["task_id"] for t in table] == [HEAT, SPIN] and list(table[0]) == stats.COMPARE_TSV
    assert table[0]["ref_megapixels"] == stats.read_tsv(stats.REFERENCE)[HEAT]["megapixels_med"]
    assert (rc == 1) == any(t["flags"] for t in table)
    # a reference this task meets (its own figures) exits 0, one it misses exits 1, flagged with the direction
    ref = tmp_path / "ref.tsv"
    stats.write_tsv([rows[0]], ref)
    rc, text, err = _run("stats", "--task", HEAT, "--seeds", "6", "--compare", str(ref))
    assert rc == 0, text + err
    assert "0 of 1 tasks outside the bands" in text
    stats.write_tsv([dict(rows[0], megapixels_med="50")], ref)
    rc, text, _ = _run("stats", "--task", HEAT, "--seeds", "6", "--compare", str(ref))
    assert rc == 1 and "megapixels:under 1" in text and "charts/heatmap: 1 of 1 tasks" in text


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
