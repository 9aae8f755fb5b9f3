"""The online RL stream (rlvr.training.online) and its veRL dataset (rlvr.training.online_dataset).

Determinism whatever the worker count, resume equivalence (a state restored mid-run, also after an attempt
that ran past its checkpoint), no instance served twice or shared with the validation split, rows built by
the same code as ``tracegen export`` + ``rlvr prepare-rl-data``, the prompt-length redraw, the curriculum
steering generation from scripted rewards, loading through veRL's ``create_rl_dataset`` with
``data.custom_cls``, and the state round trip through veRL's ``StatefulDataLoader`` (its ``data.pt``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

import pytest

for _k, _v in {"HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
               "TOKENIZERS_PARALLELISM": "false"}.items():
    os.environ.setdefault(_k, _v)

from rlvr.training import curriculum as C  # noqa: E402
from rlvr.training import online  # noqa: E402
from rlvr.training import profiles as P  # noqa: E402

EASY = "task_graph__node_link__shortest_path_length"      # scripted: always solved
HARD = "task_games__go__marked_group_stone_count"         # scripted: never solved
B, N = 4, 2
MIX = {"seed": 5, "split": "online", "mix": [{"id": EASY}, {"id": HARD}], "workers": 0, "lookahead": 2,
       "curriculum": {"min_samples": 4, "window": 8, "start": {"difficulty": 2, "size": 0.5}}}


def _spec(**over):
    return online.settings({**MIX, **over})


def _stream(tmp, *, workers=0, steps=6, exclude=(), processor=None, max_prompt_length=None, **over):
    spec = _spec(**over)
    ctx = online.row_context(spec, P.load("tiny-cpu-online"), processor)
    if max_prompt_length is not None:
        ctx.max_prompt_length = max_prompt_length
    return online.Stream(spec, ctx, batch_size=B, steps=steps, rollout_n=N, journal=tmp / "journal", run_dir=tmp,
                         exclude_ids=exclude, workers=workers, log=lambda *_: None)


def _score(rows, step, journal):
    """Scripted rewards through the real reward function (it writes the journal): EASY right, HARD wrong."""
    from rlvr.training.reward import compute_score

    for r in rows:
        gt = json.loads(r["reward_model"]["ground_truth"])["value"]
        answer = gt if r["extra_info"]["task"] == EASY else "wrong"
        for _ in range(N):
            compute_score(r["data_source"], json.dumps({"answer": answer}), r["reward_model"]["ground_truth"],
                          r["extra_info"])


def _run(stream, first, last):
    served = {}
    for step in range(first, last + 1):
        rows = stream.batch(step)
        served[step] = [(r["extra_info"]["instance_id"], r["extra_info"]["task"],
                         r["extra_info"]["online"]["difficulty"], r["extra_info"]["online"]["size"]) for r in rows]
        _score(rows, step, stream.journal)
    return served


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("ref")
    s = _stream(tmp)
    served = _run(s, 1, 6)
    state = s.state_dict()
    s.close()
    return {"served": served, "state": state, "tasks": (tmp / online.TASK_LOG).read_text().splitlines()}


def test_curriculum_steers_generation_from_the_rewards(reference):
    rungs = {t: [(d, z) for step in sorted(reference["served"]) for i, t2, d, z in reference["served"][step]
                 if t2 == t] for t in (EASY, HARD)}
    assert rungs[EASY][0] == (2, 0.5) and rungs[HARD][0] == (2, 0.5)
    assert max(rungs[EASY]) > (2, 0.5) and min(rungs[HARD]) < (2, 0.5)     # up when solved, down when not
    cur = reference["state"]["curriculum"]["tasks"]
    assert cur[EASY]["rung"] > 4 and cur[HARD]["rung"] < 4
    log = [json.loads(x) for x in reference["tasks"]]
    assert [x["step"] for x in log] == list(range(1, 7))
    assert all(x["tasks"][EASY]["pass_rate"] == 1.0 for x in log if EASY in x["tasks"])
    assert any(x["moved"] for x in log) and log[-1]["band"] == [0.3, 0.7]


def test_same_seed_same_stream_whatever_the_workers(reference, tmp_path):
    s = _stream(tmp_path, workers=2)
    try:
        assert _run(s, 1, 6) == reference["served"]
        assert s.state_dict() == reference["state"]
    finally:
        s.close()


def test_resume_sees_exactly_what_the_uninterrupted_run_saw(reference, tmp_path):
    """Checkpoint after step 3; the attempt goes on to serve and score step 4, then dies.  A new stream
    restored from the checkpoint state drops step 4's journal and serves steps 4-6 as the reference did."""
    first = _stream(tmp_path)
    part = _run(first, 1, 3)
    state = json.loads(json.dumps(first.state_dict()))      # what data.pt holds (JSON-native)
    _run(first, 4, 4)                                       # lost with the attempt
    first.close()
    again = _stream(tmp_path)
    again.load_state_dict(state)
    rest = _run(again, 4, 6)
    assert {**part, **rest} == reference["served"]
    assert again.state_dict() == reference["state"]
    assert (tmp_path / online.TASK_LOG).read_text().splitlines() == reference["tasks"]
    again.close()


def test_no_instance_twice_and_none_from_validation(reference, tmp_path):
    ids = [i for step in reference["served"].values() for i, *_ in step]
    assert len(ids) == len(set(ids)) == 6 * B
    # the validation split holds two of step 1's instances and step 2 repeats one already served: redrawn
    blocked = [reference["served"][1][0][0], reference["served"][1][2][0]]
    s = _stream(tmp_path, exclude=blocked)
    s._seen.add(reference["served"][2][1][0][:online.ID_PREFIX])
    got = _run(s, 1, 3)
    served = [i for step in got.values() for i, *_ in step]
    assert not set(blocked) & set(served) and reference["served"][2][1][0] not in served
    assert s.state["redrawn"]["validation"] == 2 and s.state["redrawn"]["duplicate"] == 1
    assert len(served) == len(set(served))
    s.close()


def test_asking_out_of_order_fails_clearly(tmp_path):
    s = _stream(tmp_path)
    with pytest.raises(online.OnlineError, match="sampler must be sequential"):
        s.batch(2)
    s.batch(1)
    with pytest.raises(online.OnlineError, match=r"journal of step 1 has 0 responses, expected 4 prompts x 2"):
        s.batch(2)
    s.close()


@pytest.mark.parametrize("bad, message", [
    ({"mix": [{"id": "task_nope"}]}, "task_nope"), ({"mix": [{"domain": "charts", "id": EASY}]}, "one of id"),
    ({"mix": [{"id": EASY, "weight": 0}]}, "weight"), ({"split": "validation"}, "split"),
    ({"mix": [{"id": EASY, "difficulty": 7}]}, "difficulty 7"), ({"workers": -1}, "workers"),
    ({"colour": 1}, "unknown keys"),
])
def test_bad_online_settings_are_named(bad, message):
    with pytest.raises(online.OnlineError, match=message):
        _spec(**bad)


def test_size_knob_is_general_and_off_by_default():
    from tracegen import registry
    from tracegen.core import engine

    spec = registry.get(EASY)
    sizes = {z: [engine.state_size(engine.solve_only(spec, seed=3, split="s", index=i, difficulty=2, size=z)[2])
                 for i in range(6)] for z in (0.0, 1.0)}
    assert sum(sizes[1.0]) > sum(sizes[0.0]) and all(a <= b for a, b in zip(sizes[0.0], sizes[1.0]))
    plain = engine.generate(spec, seed=3, split="s", index=0, difficulty=2)
    assert plain.record == engine.generate(spec, seed=3, split="s", index=0, difficulty=2, size=None).record
    assert "size_knob" not in plain.trace
    assert engine.generate(spec, seed=3, split="s", index=0, size=0.5).trace["size_knob"] == 0.5
    with pytest.raises(ValueError, match="size 2"):
        engine.generate(spec, seed=3, split="s", index=0, size=2)


# --------------------------------------------------------------------------------------------------
# against the fixed path and veRL
# --------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    from rlvr.training.tiny import build_tiny_model

    return build_tiny_model(tmp_path_factory.mktemp("tiny") / "m")


def test_online_row_is_the_prepare_rl_data_row(tmp_path, tiny):
    """tracegen generate + export + rlvr prepare-rl-data on the same instance give the same veRL row."""
    from rlvr.training import prepare as prep

    ds, pq_dir = tmp_path / "ds", tmp_path / "pq"
    subprocess.run([sys.executable, "-m", "tracegen", "generate", "--task", HARD, "--samples-per-task", "1",
                    "--seed", "5", "--split", "online", "-o", str(ds), "-q"], check=True, capture_output=True)
    subprocess.run([sys.executable, "-m", "tracegen", "export", str(ds), "-o", str(pq_dir), "--max-pixels", "40000"],
                   check=True, capture_output=True)
    parser = argparse.ArgumentParser()
    prep.add_arguments(parser)
    out = tmp_path / "rl"
    assert prep.run(parser.parse_args(["--profile", "tiny-cpu-online", "--train", str(pq_dir), "--validation",
                                       str(pq_dir), "--output", str(out)])) == 0
    import pyarrow.parquet as pq

    fixed = pq.read_table(next((out / "train").glob("*.parquet"))).to_pylist()[0]
    spec = _spec(mix=[{"id": HARD}], curriculum={"enabled": False}, max_pixels=40000)
    got = online.instance_row(online.row_context(spec, P.load("tiny-cpu-online")), HARD, 0)["row"]
    assert got == fixed


def test_prompt_length_limit_redraws(tmp_path, tiny):
    """A prompt longer than data.max_prompt_length (counted like veRL: chat template + image tokens) is
    redrawn with the next salt; no usable instance after the redraw limit is one clear error."""
    from transformers import AutoProcessor

    processor = AutoProcessor.from_pretrained(str(tiny))
    s = _stream(tmp_path / "a", processor=processor, steps=1)
    s._advance(1)
    lengths = [online.instance_row(s.ctx, *s._job(1, slot)[:2], difficulty=s._job(1, slot)[2],
                                   size=s._job(1, slot)[3], position=s._job(1, slot)[5],
                                   counter=s.pool.counter)["tokens"] for slot in range(B)]
    limit = max(lengths) - 1
    s.ctx.max_prompt_length = limit
    rows = s.batch(1)
    assert s.state["redrawn"]["too_long"] >= 1
    assert sum(r["extra_info"]["online"]["salt"] for r in rows) == s.state["redrawn"]["too_long"]
    assert all(s.pool.counter.length(r, [(im["height"], im["width"]) for im in _sizes(r)]) <= limit for r in rows)
    s.close()
    tight = _stream(tmp_path / "c", processor=processor, steps=1, max_prompt_length=5)
    with pytest.raises(online.OnlineError, match="no usable instance .* \\(last: too_long\\)"):
        tight.batch(1)
    tight.close()


def _sizes(row):
    import io

    from PIL import Image

    out = []
    for im in row["images"]:
        with Image.open(io.BytesIO(im["bytes"])) as img:
            out.append({"height": img.height, "width": img.width})
    return out


def _verl_config(profile, spec_path, val_files, tiny, run):
    return P.compose(profile, {"data.train_files": [str(spec_path)], "data.val_files": [str(v) for v in val_files],
                               "actor_rollout_ref.model.path": str(tiny), "trainer.default_local_dir": str(run)})


def _profile_copy(tmp_path, **online_over):
    import shutil

    import yaml

    prof = {k: v for k, v in P.load("tiny-cpu-online").items() if not k.startswith("_")}   # composed, standalone
    prof["online"] = {**MIX, **online_over}
    prof["verl"]["overrides"]["data.train_batch_size"] = B
    path = tmp_path / "tiny-online-test.yaml"
    path.write_text(yaml.safe_dump(prof, sort_keys=False), encoding="utf-8")
    shutil.copy(P.system_prompt_path(P.load("tiny-cpu-online")), tmp_path)
    return P.load(path)


def test_dataset_loads_through_verl_and_round_trips_its_dataloader_state(tmp_path, tiny):
    """veRL's create_rl_dataset picks data.custom_cls; veRL's sampler, collate_fn and StatefulDataLoader
    (num_workers 0) serve it; the loader's state_dict (veRL's data.pt) carries the stream's state, and a new
    loader restored from it serves what the uninterrupted loader serves next."""
    from torchdata.stateful_dataloader import StatefulDataLoader
    from transformers import AutoProcessor

    from verl.trainer.ppo.utils import create_rl_dataset, create_rl_sampler
    from verl.utils.dataset.rl_dataset import collate_fn

    processor = AutoProcessor.from_pretrained(str(tiny))
    profile = _profile_copy(tmp_path)

    def loader(run):
        spec = online.write_run_spec(run, profile, steps=5, batch_size=B, rollout_n=N, validation_files=[])
        cfg = _verl_config(profile, spec, [], tiny, run)
        ds = create_rl_dataset(cfg.data.train_files, cfg.data, processor.tokenizer, processor)
        return ds, StatefulDataLoader(ds, batch_size=B, num_workers=0, drop_last=True, collate_fn=collate_fn,
                                      sampler=create_rl_sampler(cfg.data, ds))

    def step(it, ds):
        batch = next(it)
        rows = [dict(extra_info=e, data_source=s, reward_model=r) for e, s, r in
                zip(batch["extra_info"], batch["data_source"], batch["reward_model"])]
        _score(rows, int(rows[0]["extra_info"]["online"]["step"]), ds.stream.journal)
        return [r["extra_info"]["instance_id"] for r in rows], batch

    ds, dl = loader(tmp_path / "a")
    assert type(ds).__name__ == "TraceOnlineDataset" and len(ds) == 5 * B and ds.online
    it = iter(dl)
    plain = [step(it, ds) for _ in range(4)]
    first = plain[0][1]
    assert first["raw_prompt"][0][1]["content"][0]["type"] == "image"           # RLHFDataset's own messages
    assert first["raw_prompt"][0][0]["role"] == "system" and "index" in first
    ds.stream.close()

    ds2, dl2 = loader(tmp_path / "b")
    it2 = iter(dl2)
    head = [step(it2, ds2) for _ in range(2)]
    saved = dl2.state_dict()
    assert _find_state(saved)["schema"] == "rlvr-online-state/v1"
    ds2.stream.close()
    ds3, dl3 = loader(tmp_path / "b")
    dl3.load_state_dict(saved)
    it3 = iter(dl3)
    tail = [step(it3, ds3) for _ in range(2)]
    assert [x[0] for x in head + tail] == [x[0] for x in plain]
    ds3.stream.close()


def _find_state(obj):
    """The stream's state inside a StatefulDataLoader state dict (torchdata nests it)."""
    if isinstance(obj, dict):
        if obj.get("schema") == "rlvr-online-state/v1":
            return obj
        for v in obj.values():
            found = _find_state(v)
            if found:
                return found
    return None


def test_dataset_refuses_a_shuffling_or_worker_config_and_serves_parquet_for_validation(tmp_path, tiny):
    from omegaconf import open_dict
    from transformers import AutoProcessor

    from verl.trainer.ppo.utils import create_rl_dataset

    processor = AutoProcessor.from_pretrained(str(tiny))
    profile = _profile_copy(tmp_path)
    spec = online.write_run_spec(tmp_path / "run", profile, steps=2, batch_size=B, rollout_n=N, validation_files=[])
    cfg = _verl_config(profile, spec, [], tiny, tmp_path / "run")
    for key, value, message in (("shuffle", True, "data.shuffle: false"),
                                ("dataloader_num_workers", 2, "dataloader_num_workers: 0")):
        bad = cfg.data.copy()
        with open_dict(bad):
            bad[key] = value
        with pytest.raises(online.OnlineError, match=message):
            create_rl_dataset(bad.train_files, bad, processor.tokenizer, processor)
    # the validation parquet goes through the same class as plain RLHFDataset
    row = online.instance_row(online.row_context(_spec(), profile), EASY, 0)["row"]
    import pyarrow as pa
    import pyarrow.parquet as pq

    from rlvr.training.prepare import output_schema

    val = tmp_path / "val.parquet"
    pq.write_table(pa.Table.from_pylist([row], schema=output_schema()), val)
    vds = create_rl_dataset([str(val)], cfg.data, processor.tokenizer, processor)
    assert type(vds).__name__ == "TraceOnlineDataset" and not vds.online and len(vds) == 1
    assert vds[0]["extra_info"]["instance_id"] == row["extra_info"]["instance_id"]
    assert vds.state_dict() == {}


def test_the_size_knob_never_fails_a_task_the_default_generates():
    """A knob at an extreme cannot make a target unreachable: total_object_count at size 0 draws the smallest
    clusters, which hold fewer objects than its high targets; after a quarter of the attempts the knob is dropped."""
    from tracegen import registry
    from tracegen.core import engine

    spec = registry.get("task_three_d__object_cluster__total_object_count")
    for d in spec.difficulties:
        for i in range(10):
            _, _, state, _, sol = engine.solve_only(spec, seed=1, split="online", index=i, difficulty=d, size=0.0)
            assert sol.answer == len(state["objects"])
