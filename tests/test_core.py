"""Framework invariants: seeds, streams, identity, prompts, replay, render-only style."""

import json
import re

import pytest

from tracegen.core import engine, seeds
from tracegen.core.canonical import canonical_json
from tracegen.core.style import THEMES, Style
from tracegen.domains.charts.single_series import SCENE

SPEC = SCENE.tasks["task_charts__single_series__threshold_value_count"]


def test_instance_seed_is_a_hash_not_an_offset():
    a = {seeds.instance_seed(42, SPEC.task_id, "train", i) for i in range(500)}
    b = {seeds.instance_seed(43, SPEC.task_id, "train", i) for i in range(500)}
    v = {seeds.instance_seed(42, SPEC.task_id, "validation", i) for i in range(500)}
    assert len(a) == 500 and not (a & b) and not (a & v)
    assert seeds.instance_seed(42, SPEC.task_id, "train", 1) != seeds.instance_seed(43, SPEC.task_id, "train", 0)


@pytest.mark.parametrize("bad", [-1, 2**63, 1.5, "7", True, None])
def test_bad_seeds_rejected(bad):
    with pytest.raises(ValueError, match="seed"):
        seeds.instance_seed(bad, SPEC.task_id, "train", 0)


def test_seed_42_and_43_share_no_instances():
    ids42 = {engine.generate(SPEC, seed=42, split="train", index=i).record["instance_id"] for i in range(20)}
    ids43 = {engine.generate(SPEC, seed=43, split="train", index=i).record["instance_id"] for i in range(20)}
    assert len(ids42) == 20 and not ids42 & ids43


def test_instance_id_covers_model_facing_content():
    rec = engine.generate(SPEC, seed=1, split="train", index=0).record
    assert rec["instance_id"] == engine.instance_id(rec)
    for path, value in [(("answer_gt", "value"), 999), (("prompts", "answer_only"), "x"),
                        (("images", 0, "sha256"), "0" * 64), (("reward_contract", "version"), "v0")]:
        other = json.loads(json.dumps(rec))
        target = other
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        assert engine.instance_id(other) != rec["instance_id"], path
    # the trace reference and bookkeeping fields are not model-facing
    other = dict(rec, trace_ref={"shard": "traces/shard-00009.jsonl.gz", "line": 3, "sha256": "1" * 64}, index=77)
    assert engine.instance_id(other) == rec["instance_id"]


def test_streams_are_independent():
    """Changing how style is drawn must not move the semantic state (named sub-streams)."""
    root = seeds.instance_seed(5, SPEC.task_id, "train", 0)
    sem = seeds.stream(root, "semantic").integers(0, 1000, 5).tolist()
    seeds.stream(root, "style").integers(0, 1000, 50)
    assert seeds.stream(root, "semantic").integers(0, 1000, 5).tolist() == sem
    assert seeds.stream(root, "semantic", 1).integers(0, 1000, 5).tolist() != sem


def test_render_only_style_never_changes_the_answer():
    inst = engine.generate(SPEC, seed=3, split="train", index=4)
    tr = inst.trace
    rs = tr["render"]
    base = engine.render(SPEC, tr["state"], tr["params"], Style.from_json(rs["style"]), rs["scale"], rs["size"])
    for theme in range(0, len(THEMES), 3):
        for font in ("DejaVu Sans", "EB Garamond"):
            style = Style(theme=theme, font=font, jitter=(3.0, -2.0), noise_sigma=4.0, noise_seed=9,
                          texture="dots", frame="rounded", pad=(30.0, 10.0, 80.0, 10.0))
            c = engine.render(SPEC, tr["state"], tr["params"], style, 1.7, rs["size"])
            assert set(c.entities) == set(base.entities)
    _, _, state, params, sol = engine.solve_only(SPEC, seed=3, split="train", index=4)
    assert sol.answer == inst.record["answer_gt"]["value"] and state == tr["state"]


def test_prompts_end_with_json_request_and_example_is_never_the_answer():
    for i in range(60):
        rec = engine.generate(SPEC, seed=11, split="train", index=i, encode=False).record
        truth = rec["answer_gt"]["value"]
        for variant, text in rec["prompts"].items():
            last = text.strip().splitlines()[-1]
            assert '{"answer"' in last, variant
            example = json.loads(re.findall(r'\{"answer": ([^,}]+)', last)[-1])
            assert example != truth
        assert '"annotation"' in rec["prompts"]["answer_and_annotation"]


def test_an_answer_hint_replaces_the_answer_types_default_sentence():
    from tracegen import registry
    from tracegen.core.prompt import TYPE_HINTS

    spec = registry.get("task_geometry__graph_paper__circle_circumference_value")
    rec = engine.generate(spec, seed=1, split="train", index=0, encode=False).record
    for text in rec["prompts"].values():
        assert "multiple of π" in text and TYPE_HINTS["string"] not in text
    rec = engine.generate(SPEC, seed=1, split="train", index=0, encode=False).record
    assert TYPE_HINTS[SPEC.answer_type] in rec["prompts"]["answer_only"]


def test_replay_detects_a_tampered_trace():
    inst = engine.generate(SPEC, seed=2, split="train", index=0)
    assert all(engine.replay(inst.record, inst.trace, SPEC).values())
    bad = json.loads(canonical_json(inst.trace))
    bad["params"]["threshold"] = bad["params"]["threshold"] + 1
    agree = engine.replay(inst.record, bad, SPEC)
    assert not all(agree.values())


def test_max_side_caps_the_image_and_scales_annotations():
    big = engine.generate(SPEC, seed=2, split="train", index=0)
    small = engine.generate(SPEC, seed=2, split="train", index=0, max_side=320)
    assert max(small.record["images"][0]["width"], small.record["images"][0]["height"]) <= 320
    f = small.record["images"][0]["width"] / big.record["images"][0]["width"]
    for p, q in zip(big.record["annotation_gt"]["value"], small.record["annotation_gt"]["value"]):
        assert abs(p[0] * f - q[0]) <= 0.2 and abs(p[1] * f - q[1]) <= 0.2


def test_generation_error_names_the_rejection_reasons():
    from tracegen.core.task import Scene

    class Never(Scene):
        domain, scene_id = "charts", "never"

        def sample(self, rng, difficulty):
            return {"n": int(rng.integers(10))}

    scene = Never()

    @scene.task("impossible", answer="integer", annotation="point", ops="counting")
    def impossible(q):
        q.reject("always ambiguous")

    with pytest.raises(engine.GenerationError, match="5 attempts.*always ambiguous"):
        engine.generate(scene.tasks["task_charts__never__impossible"], seed=0, split="train", index=0,
                        max_attempts=5)


def test_task_declaration_checks_its_contract():
    from tracegen.core.task import Scene

    s = Scene()
    s.domain, s.scene_id = "charts", "x"
    with pytest.raises(ValueError, match="answer type"):
        s.task("a", answer="float", annotation="point", ops="counting")
    with pytest.raises(ValueError, match="annotation type"):
        s.task("a", answer="integer", annotation="circle", ops="counting")
    with pytest.raises(ValueError, match="reasoning operations"):
        s.task("a", answer="integer", annotation="point", ops="guessing")
    with pytest.raises(ValueError, match="difficulty"):
        s.task("a", answer="integer", annotation="point", ops="counting", difficulties=(1, 2))


def test_annotation_descriptions_use_proper_plurals():
    from tracegen.core.prompt import describe_annotation
    from tracegen.core.task import ANNOTATION_TYPES

    texts = [describe_annotation(t, keys=("a", "b")) for t in ANNOTATION_TYPES]
    joined = " ".join(texts)
    assert "boxs" not in joined and "pixel boxes" in joined and "pixel points" in joined
    assert "pixel segments" in joined


def test_read_values_and_drawn_texts_feed_the_shortcut_check():
    """A task declares what it reads through an encoding; the canvas records what it printed."""
    from taskcheck import check_no_shortcuts, shortcut_hits
    from tracegen.core.task import Scene

    class Bars(Scene):
        domain, scene_id, size = "charts", "bars_probe", (200, 120)

        def sample(self, rng, difficulty):
            return {"v": [int(x) for x in rng.integers(10, 90, size=3 + difficulty)]}

        def render(self, c, state, params):
            for i, v in enumerate(state["v"]):
                c.rect(20 + 30 * i, 110 - v, 20, v, fill="accent", id=f"bar:{i}")
                if params.get("print"):
                    c.text(30 + 30 * i, 100 - v, f"{v} kg", size=12)
            c.text(10, 10, "0", size=12, kind="tick")

    scene = Bars()

    @scene.task("max_value", answer="integer", annotation="bbox", ops="ranking")
    def max_value(q):
        q.param("print", lambda r: bool(q.state.get("print_labels")))
        v = q.reads(max(q.state["v"]))
        return q.answer(v, witnesses=f"bar:{q.state['v'].index(v)}", question="Tallest bar's value?")

    spec = scene.tasks["task_charts__bars_probe__max_value"]
    inst = engine.generate(spec, seed=0, split="train", index=0)
    assert inst.reads == (inst.record["answer_gt"]["value"],)
    assert [t["kind"] for t in inst.canvas.texts] == ["tick"] and inst.canvas.drawn_texts() == ["0"]
    check_no_shortcuts(spec, seeds=(0,))          # nothing printed: passes
    texts = [{"text": "37 kg", "kind": "label"}, {"text": "12", "kind": "tick"}, {"text": "Oslo", "kind": "label"}]
    assert shortcut_hits(texts, [37, 12, "oslo", 3.5]) == [("37 kg", 37), ("Oslo", "oslo")]
    inst.trace["params"]["print"] = True          # a renderer that prints the values is caught
    c = engine.render(spec, inst.trace["state"], inst.trace["params"], inst.canvas.style, 1.0)
    assert shortcut_hits(c.texts, inst.reads)


def test_a_dropped_instance_frees_its_canvas_at_once():
    """No reference cycle keeps a canvas (and its megabytes of pixels) alive until the garbage
    collector runs: the buffer is freed when the instance is dropped, so the next canvas reuses
    warm memory instead of faulting in fresh pages (a cycle through the canvas made every build
    instance pay that).  One task per domain."""
    import gc
    import weakref

    from tracegen import registry

    firsts = {}
    for tid in registry.task_ids():
        firsts.setdefault(registry.meta(tid)["domain"], tid)
    kept = []
    gc.disable()
    try:
        for tid in firsts.values():
            inst = engine.generate(registry.get(tid), seed=3, split="train", index=0)
            ref = weakref.ref(inst.canvas)
            del inst
            if ref() is not None:
                kept.append(tid)
    finally:
        gc.enable()
    assert len(firsts) >= 10 and not kept


def test_pixel_memory_is_lent_again_only_when_nothing_can_read_it(monkeypatch):
    """The pixel pool lends a canvas's memory to the next canvas once the first canvas is dropped,
    never while a pixel view of it (or its surface) is alive, and keeps at most its byte bound idle."""
    import gc

    import numpy as np

    from tracegen.core import pixels
    from tracegen.core.canvas import Canvas
    from tracegen.core.pixels import PixelPool

    monkeypatch.setattr(pixels, "POOL", PixelPool())   # no idle blocks of earlier tests

    def mem(canvas):
        return canvas.pixels32()

    def address(canvas):
        return mem(canvas).__array_interface__["data"][0]

    gc.collect()
    a = Canvas(300, 200, Style())
    view, first = mem(a), address(a)
    surface = a.surface
    del a
    b = Canvas(300, 200, Style())                 # the first canvas's pixels are still reachable
    assert not np.shares_memory(view, mem(b))
    del view
    c = Canvas(300, 200, Style())
    assert not np.shares_memory(surface.get_data(), mem(c))
    taken = mem(b).copy()
    del surface
    d = Canvas(300, 200, Style())                 # now the first canvas's memory is idle again
    assert address(d) == first and address(b) != first and address(c) != first
    assert np.array_equal(mem(b), taken) and np.array_equal(mem(d), mem(b))   # filled, b untouched
    del b, c, d

    pool = PixelPool(keep_bytes=3 * 4000, headroom=0.0)
    loans = [pool.take((10, 100)) for _ in range(3)] + [pool.take((10, 50))]
    blocks = [loan.base for loan in loans]
    del loans
    gc.collect()
    assert pool.idle_bytes() == 3 * 4000          # the three largest blocks kept, the small one dropped
    again = pool.take((5, 100))                   # the smallest block that fits
    assert any(again.base is blk for blk in blocks[:3]) and again.shape == (5, 100)
    assert again.dtype == np.uint32 and again.flags.c_contiguous


def test_pixel_pool_leaves_headroom_and_lends_scratch_memory_for_a_block_only():
    """A new block has room for a somewhat larger request (image sizes vary between instances);
    scratch memory (the PNG scanlines) comes from the same blocks and goes back when its block ends,
    also when the block raises."""
    import gc

    import numpy as np
    import pytest

    from tracegen.core.pixels import PixelPool

    pool = PixelPool(keep_bytes=10**6, headroom=0.25)
    a = pool.take((10, 100))
    assert a.base.size == 1250
    del a
    gc.collect()
    b = pool.take((11, 110))                      # 1,210 words: the first block, warm
    assert b.base.size == 1250 and pool.idle_bytes() == 0
    with pool.scratch(4001) as raw:               # the idle pool is empty: a new block, 1,001 words + room
        assert raw.dtype == np.uint8 and raw.shape == (4001,) and raw.flags.c_contiguous
        first = raw.__array_interface__["data"][0]
        assert pool.idle_bytes() == 0
    assert pool.idle_bytes() == 4 * 1251
    with pytest.raises(RuntimeError):
        with pool.scratch(4000) as raw:
            assert raw.__array_interface__["data"][0] == first
            raise RuntimeError
    assert pool.idle_bytes() == 4 * 1251


def test_normalise_is_the_canonical_json_round_trip():
    """Plain scalars skip the round trip; what comes back is what the round trip gives (type and value,
    -0.0 and huge integers included), and NaN or infinity is refused as canonical JSON refuses it."""
    import math

    import numpy as np

    from tracegen.core.canonical import normalise

    values = ["a", "\u00e9\ud800", 0, -5, 10**30, True, False, None, 1.5, -0.0, 1e308, 5e-324, 0.1 + 0.2,
              np.float64(2.5), np.int64(7), (1, [2.0, (3,)]), {"b": (1,), "a": {"c": np.bool_(True)}}]
    for v in values:
        got, want = normalise(v), json.loads(canonical_json(v))
        assert got == want and type(got) is type(want) and repr(got) == repr(want), v
    for bad in (math.nan, math.inf, -math.inf, [1.0, math.nan]):
        with pytest.raises(ValueError):
            normalise(bad)
