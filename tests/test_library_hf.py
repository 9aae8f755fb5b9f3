"""tracegen with Hugging Face ``datasets`` and TRL (trace/hf.py, trace/trl.py): the iterable dataset (release
columns and features, buffer shuffle, images round-tripped), an export loading with ``load_dataset("parquet")``
and the same features, the reward called the way ``GRPOTrainer`` calls it, and (slow tier) two
``GRPOTrainer`` steps on CPU with the tiny offline Qwen2.5-VL model."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

for _k, _v in {"HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
               "TOKENIZERS_PARALLELISM": "false"}.items():
    os.environ.setdefault(_k, _v)

import datasets  # noqa: E402

import tracegen  # noqa: E402
import tracegen.hf  # noqa: E402
import tracegen.trl  # noqa: E402
from tracegen import export, reward  # noqa: E402

A = "task_graph__node_link__shortest_path_length"
C = "task_charts__combo_mark__absolute_gap_extremum_label"
RELEASE_SAMPLE = Path(__file__).resolve().parents[1].parent / "shared" / "reference" / "release_sample"


def _png_pixels(png: bytes):
    from PIL import Image

    with Image.open(io.BytesIO(png)) as im:
        return im.convert("RGB").tobytes()


# ------------------------------------------------------------------------------------------ datasets
def test_iterable_dataset_has_the_release_columns_and_round_trips_images():
    ds = tracegen.hf.iterable_dataset([A, C], seed=2, n=6, batch_size=4)
    assert isinstance(ds, datasets.IterableDataset)
    assert ds.features == tracegen.hf.features() and list(ds.features) == list(export.COLUMNS)
    assert ds.features["images"] == datasets.List(datasets.Image())
    rows = list(ds)
    insts = tracegen.stream([A, C], seed=2, batch_size=4).take(6)
    assert [r["instance_id"] for r in rows] == [i.instance_id for i in insts]
    for row, inst in zip(rows, insts):
        image = row["images"][0]
        assert image.size == inst.image.size and image.convert("RGB").tobytes() == inst.image.tobytes()
        plain = {k: v for k, v in inst.row().items() if k != "images"}
        assert {k: v for k, v in row.items() if k != "images"} == plain
    raw = list(ds.cast_column("images", datasets.List(datasets.Image(decode=False))))
    assert [r["images"][0]["bytes"] for r in raw] == [i.png for i in insts]


def test_iterable_dataset_shuffles_with_a_buffer_and_never_ends_without_n():
    ds = tracegen.hf.iterable_dataset([A, C], seed=2, n=8, batch_size=4)
    plain = [r["instance_id"] for r in ds.remove_columns(["images"])]
    shuffled = [r["instance_id"] for r in ds.shuffle(seed=0, buffer_size=4).remove_columns(["images"])]
    again = [r["instance_id"] for r in ds.shuffle(seed=0, buffer_size=4).remove_columns(["images"])]
    assert sorted(shuffled) == sorted(plain) and shuffled != plain and shuffled == again
    endless = tracegen.hf.iterable_dataset([A], seed=2)
    assert len(list(endless.take(3))) == 3
    with pytest.raises(tracegen.TracegenError):
        tracegen.hf.iterable_dataset([A], seed=2, n=-1)
    with pytest.raises(tracegen.TracegenError):
        tracegen.hf.iterable_dataset(["task_no_such_task"])


def test_an_export_loads_with_load_dataset_and_the_same_features(tmp_path):
    def cli(*args):
        r = subprocess.run([sys.executable, "-m", "tracegen", *args], capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, r.stderr

    cli("generate", "--task", A, "--task", C, "--samples-per-task", "2", "--seed", "4", "-q",
        "-o", str(tmp_path / "ds"))
    cli("export", str(tmp_path / "ds"), "-o", str(tmp_path / "pq"))
    files = sorted(str(p) for p in (tmp_path / "pq").glob("*.parquet"))
    ds = datasets.load_dataset("parquet", data_files=files, split="train", features=tracegen.hf.features(),
                               cache_dir=str(tmp_path / "cache"))
    assert ds.features == tracegen.hf.features() and ds.num_rows == 4
    records = [json.loads(line) for line in (tmp_path / "ds" / "records.jsonl").read_text().splitlines()]
    for row, rec in zip(ds, records):
        inst = tracegen.generate(rec["task"], 4, index=rec["index"])
        expected = inst.row()
        assert row["images"][0].convert("RGB").tobytes() == _png_pixels(inst.png)
        assert json.loads(row.pop("trace_ref")) == rec["trace_ref"]      # a build's own; in memory it is null
        assert {k: v for k, v in row.items() if k != "images"} == {
            k: v for k, v in expected.items() if k not in ("images", "trace_ref")}


@pytest.mark.skipif(not RELEASE_SAMPLE.is_dir(), reason="compares with ../shared/reference/release_sample")
def test_features_are_the_releases():
    import pyarrow.parquet as pq

    for f in sorted(RELEASE_SAMPLE.glob("*/*.parquet")):
        meta = json.loads(pq.read_schema(f).metadata[b"huggingface"])
        release = datasets.Features.from_dict(meta["info"]["features"])
        ours = tracegen.hf.features()
        assert list(release) == [c for c in ours if c != "difficulty"]
        assert all(release[c] == ours[c] for c in release)


# ------------------------------------------------------------------------------------------ TRL
def _trl_reward_kwargs(inputs: list[dict]) -> dict:
    """The keyword arguments GRPOTrainer._calculate_rewards (trl 0.29.1) passes a reward function: every
    column but prompt / completion / completion_ids, as lists, plus trainer_state and completion_ids."""
    keys = [k for k in inputs[0] if k not in ("prompt", "completion", "completion_ids")]
    return {**{k: [x[k] for x in inputs] for k in keys}, "trainer_state": None,
            "completion_ids": [[0]] * len(inputs)}


def test_dataset_is_in_trls_vlm_prompt_format():
    from trl.data_utils import is_conversational, prepare_multimodal_messages

    ds = tracegen.trl.dataset([A, C], seed=1, n=3, batch_size=4, system_prompt="Answer in JSON.")
    assert isinstance(ds, datasets.Dataset) and ds.num_rows == 3
    insts = tracegen.stream([A, C], seed=1, batch_size=4).take(3)
    for row, inst in zip(ds, insts):
        assert is_conversational(row)
        assert row["prompt"] == [{"role": "system", "content": "Answer in JSON."},
                                 {"role": "user", "content": inst.prompt}]
        messages = prepare_multimodal_messages(row["prompt"], row["images"])
        user = messages[1]["content"]
        assert [p["type"] for p in user] == ["image", "text"] and user[1]["text"] == inst.prompt
        assert user[0]["image"].convert("RGB").tobytes() == inst.image.tobytes()
    annotated = tracegen.trl.dataset([C], seed=1, n=1, mode="answer_and_annotation")
    assert annotated[0]["prompt"] == [{"role": "user", "content": tracegen.generate(
        C, 1, index=0, split="online").prompts["answer_and_annotation"]}]


def test_reward_with_trls_calling_convention():
    ds = tracegen.trl.dataset([A, C], seed=1, n=4, batch_size=4)
    inputs = list(ds)
    answers = [json.loads(x["answer_gt"])["value"] for x in inputs]
    texts = [f'The answer follows.\n{json.dumps({"answer": answers[0]})}',      # right: 1.0
             json.dumps({"answer": "certainly not this"}),                          # wrong, well formed: 0.05
             "no JSON here",                                                        # 0.0
             json.dumps({"answer": answers[3]})]
    conversational = [[{"role": "assistant", "content": t}] for t in texts]
    got = tracegen.trl.reward(prompts=[x["prompt"] for x in inputs], completions=conversational,
                              **_trl_reward_kwargs(inputs))
    assert got == pytest.approx([1.0, 0.05, 0.0, 1.0])
    assert got == [reward.score(t, json.loads(x["answer_gt"]), None, json.loads(x["reward_contract"]))["overall"]
                   for t, x in zip(texts, inputs)]
    parts = [[{"role": "assistant", "content": [{"type": "text", "text": t}]}] for t in texts]
    assert tracegen.trl.reward([x["prompt"] for x in inputs], texts, **_trl_reward_kwargs(inputs)) == got
    assert tracegen.trl.reward([x["prompt"] for x in inputs], parts, **_trl_reward_kwargs(inputs)) == got
    assert tracegen.trl.reward.__name__ == "tracegen_answer"
    # annotation mode reads annotation_gt from the columns too
    ann = tracegen.trl.make_reward("answer_and_annotation")
    full = [json.dumps({"answer": a, "annotation": json.loads(x["annotation_gt"])["value"]})
            for a, x in zip(answers, inputs)]
    assert ann(None, full, **_trl_reward_kwargs(inputs)) == pytest.approx([1.0] * 4)
    # a broken ground truth is a data bug: one clear error, never a silent zero
    broken = _trl_reward_kwargs(inputs)
    broken["answer_gt"] = ['{"type": "integer"}'] * 4
    with pytest.raises(tracegen.TracegenError, match="bad ground truth"):
        tracegen.trl.reward(None, texts, **broken)
    with pytest.raises(tracegen.TracegenError):
        tracegen.trl.reward(None, texts)


@pytest.mark.skipif(not RELEASE_SAMPLE.is_dir(), reason="scores rows of ../shared/reference/release_sample")
def test_reward_scores_release_rows():
    import pyarrow.parquet as pq

    rows = pq.read_table(sorted(RELEASE_SAMPLE.glob("train/*.parquet"))[0]).slice(0, 6).to_pylist()
    right = [json.dumps({"answer": json.loads(r["answer_gt"])["value"]}) for r in rows]
    assert tracegen.trl.reward(None, right, **_trl_reward_kwargs(rows)) == [1.0] * 6


@pytest.mark.slow
def test_two_grpo_trainer_steps_on_cpu(tmp_path):
    """GRPOTrainer (trl 0.29.1, transformers 5.10.4) trains the tiny offline Qwen2.5-VL model for two steps on
    tracegen's dataset with tracegen's reward: the reward is called with the trainer's convention and the
    dataset's columns, its values are tracegen's scores of the generated texts, and the trainer logs them."""
    from transformers import AutoProcessor
    from trl import GRPOConfig, GRPOTrainer

    from rlvr.training.smoke_core import vision_token_ids
    from rlvr.training.tiny import MAX_PIXELS, build_tiny_model

    model = build_tiny_model(tmp_path / "model")
    processor = AutoProcessor.from_pretrained(model)
    train = tracegen.trl.dataset([A, C], seed=1, n=4, batch_size=4, max_pixels=MAX_PIXELS)
    calls = []

    def spy(prompts, completions, **columns):
        out = tracegen.trl.reward(prompts, completions, **columns)
        calls.append({"prompts": prompts, "completions": completions, "columns": columns, "rewards": out})
        return out

    spy.__name__ = "tracegen_answer"
    args = GRPOConfig(output_dir=str(tmp_path / "run"), per_device_train_batch_size=2, num_generations=2,
                      max_completion_length=8, max_steps=2, learning_rate=1e-4, logging_steps=1, save_strategy="no",
                      report_to=[], use_cpu=True, bf16=False, seed=0, dataloader_num_workers=0,
                      generation_kwargs={"suppress_tokens": vision_token_ids(processor.tokenizer)})  # random model
    trainer = GRPOTrainer(model=str(model), reward_funcs=spy, args=args, train_dataset=train,
                          processing_class=processor)
    trainer.train()
    assert trainer.state.global_step == 2 and len(calls) == 2
    ids = set(train["instance_id"])
    for call in calls:
        cols = call["columns"]
        assert len(call["completions"]) == 2 and set(cols["instance_id"]) <= ids
        assert {"answer_gt", "reward_contract", "images", "trainer_state"} <= set(cols)
        user = call["prompts"][0][-1]["content"]
        assert [p["type"] for p in user][:1] == ["image"]          # the image reached the model's prompt
        texts = [tracegen.trl.completion_text(c) for c in call["completions"]]
        assert call["rewards"] == [reward.score(t, json.loads(g), None, json.loads(rc))["overall"]
                                   for t, g, rc in zip(texts, cols["answer_gt"], cols["reward_contract"])]
    key = "rewards/tracegen_answer/mean"
    logged = [h[key] for h in trainer.state.log_history if key in h]
    assert logged == pytest.approx([sum(c["rewards"]) / 2 for c in calls])
