"""Training stage: profiles, `rlvr check`, RL data preparation and the veRL reward adapter.

These tests exercise the installed veRL for real (Hydra compose of its `ppo_trainer` config, its
`RLHFDataset`, its reward loading and `naive` reward manager) with a tiny Qwen2.5-VL built offline.
veRL is part of the project's environment (envs/requirements.txt), so these always run.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

for _k, _v in {"HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
               "WANDB_MODE": "disabled", "TOKENIZERS_PARALLELISM": "false"}.items():
    os.environ.setdefault(_k, _v)

import yaml  # noqa: E402

import refdata  # noqa: E402
from rlvr.training import check as check_cmd  # noqa: E402
from rlvr.training import prepare as prep  # noqa: E402
from rlvr.training import profiles as P  # noqa: E402
from rlvr.training import reward as reward_mod  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
TASKS = ("task_charts__heatmap__axis_cell_extremum_label", "task_charts__heatmap__colorbar_interval_cell_count")


def _args(module, argv):
    parser = argparse.ArgumentParser()
    module.add_arguments(parser)
    return parser.parse_args(argv)


def _copy_profile(tmp_path, name="trace-qwen2.5-vl-3b", edit=None, prompt_text=None):
    """A profile copy in tmp_path (with its prompt file), optionally edited."""
    prof = {k: v for k, v in P.load(name).items() if not k.startswith("_")}   # the composed profile, standalone
    if edit:
        edit(prof)
    prompt = tmp_path / prof["system_prompt"]["path"]
    if prompt_text is None:
        shutil.copy(P.PROFILE_DIR / prof["system_prompt"]["path"], prompt)
    else:
        prompt.write_text(prompt_text, encoding="utf-8")
    path = tmp_path / f"{prof['name']}.yaml"
    path.write_text(yaml.safe_dump(prof, sort_keys=False), encoding="utf-8")
    return path


# --------------------------------------------------------------------------------------------------
# profiles and `rlvr check`
# --------------------------------------------------------------------------------------------------

def test_paper_profiles_valid_and_equal_but_identity():
    a, b = (P.load(n) for n in P.PAPER_PROFILES)
    assert P.validate(a) == [] and P.validate(b) == []
    assert P.compare_scales(a, b) == []
    assert a["base_model"] == {"repo": "Qwen/Qwen2.5-VL-3B-Instruct", "max_position_embeddings": 128000,
                               "revision": "66285546d2b821cf421d4f5eb2576359d3770cd3"}
    assert b["base_model"] == {"repo": "Qwen/Qwen2.5-VL-7B-Instruct", "max_position_embeddings": 128000,
                               "revision": "cc594898137f460bfe9f0759e9844b3ce807cfb5"}
    assert (a["recipe"], b["recipe"]) == ("trace-qwen2.5-vl-3b", "trace-qwen2.5-vl-7b")
    assert a["dataset"]["revision"] == "4e5b54361360296a855542b40cfd8b7f81b355fe"
    assert P.file_sha256(P.system_prompt_path(a)) == P.PROMPT_SHA256
    reference = REPO.parent / "shared/reference/rlvr/trace_vero_json_system_prompt_answer.txt"
    if reference.exists():  # shared/ lies beside the checkout (sessions and CI)
        assert P.file_sha256(reference) == P.PROMPT_SHA256


def test_check_command_composes_both_profiles(capsys):
    assert check_cmd.run(_args(check_cmd, [])) == 0
    out = capsys.readouterr().out
    assert out.count("OK: ") == 3 and "validate_config" in out and "get_custom_reward_fn" in out
    assert "OK: trace-qwen2.5-vl-3b-online" in out and "data.custom_cls loads through veRL" in out


def test_composed_config_carries_every_override():
    prof = P.load("trace-qwen2.5-vl-7b")
    config = P.compose(prof)
    overrides = prof["verl"]["overrides"]
    values = P.resolved_values(config, list(overrides))
    assert {k: values[k] for k in overrides} == overrides
    # the recipe, read back from veRL's composed config
    get = lambda k: P.resolved_values(config, [k])[k]  # noqa: E731
    assert get("algorithm.adv_estimator") == "grpo"
    assert get("actor_rollout_ref.rollout.prompt_length") == 2048
    assert get("actor_rollout_ref.rollout.response_length") == 2048
    assert get("actor_rollout_ref.actor.rollout_n") == 8
    assert get("data.train_batch_size") * get("trainer.total_training_steps") == 64000
    assert get("reward.custom_reward_function") == {"path": "pkg://rlvr.training.reward", "name": "compute_score"}
    P.validate_with_verl(config)


@pytest.mark.parametrize("key,value,error", [
    ("actor_rollout_ref.actor.no_such_key", 1, "no_such_key"),          # unknown key
    ("data.train_batch_size", "many", "train_batch_size"),              # wrong type
    ("actor_rollout_ref.rollout.val_kwargs.temperature", "hot", "temperature"),
    ("trainer.val_before_train", "no", "val_before_train"),
])
def test_compose_rejects_unknown_or_invalid_keys(key, value, error):
    prof = P.load("trace-qwen2.5-vl-3b")
    prof["verl"]["overrides"][key] = value
    with pytest.raises(Exception, match=error):
        P.verify(prof)


def test_verl_validation_rejects_inconsistent_batches():
    prof = P.load("trace-qwen2.5-vl-3b")
    ov = prof["verl"]["overrides"]
    ov.update({"actor_rollout_ref.actor.use_dynamic_bsz": False,  # veRL checks batch sizes without dynamic bsz
               "actor_rollout_ref.rollout.log_prob_use_dynamic_bsz": False,
               "actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu": 4,
               "actor_rollout_ref.rollout.log_prob_micro_batch_size_per_gpu": 16,
               "actor_rollout_ref.actor.ppo_mini_batch_size": 256})   # > train_batch_size
    with pytest.raises(ValueError, match="ppo_mini_batch_size"):
        P.validate_with_verl(P.compose(prof))


def test_check_fails_on_tampered_prompt(tmp_path, capsys):
    path = _copy_profile(tmp_path, prompt_text="You are a helpful assistant.\n")
    assert check_cmd.run(_args(check_cmd, ["--profile", str(path)])) == 1
    assert "sha256" in capsys.readouterr().out


def test_check_fails_on_annotation_reward_and_scale_drift(tmp_path, capsys):
    def annotate(p):
        p["reward"]["mode"] = "answer_and_annotation"
    bad = _copy_profile(tmp_path, edit=annotate)
    assert check_cmd.run(_args(check_cmd, ["--profile", str(bad), "--no-compose"])) == 1
    assert "reward.mode must be 'answer'" in capsys.readouterr().out
    (tmp_path / "w").mkdir()   # weights are the mode's, never a profile field
    weighted = _copy_profile(tmp_path / "w", edit=lambda p: p["reward"].update(weights={"accuracy": 0.7}))
    assert any("reward has unknown keys ['weights']" in x for x in P.validate(P.load(weighted)))

    def drift(p):
        p["verl"]["overrides"]["actor_rollout_ref.actor.optim.lr"] = 2e-6
    (tmp_path / "7b").mkdir()
    seven = _copy_profile(tmp_path / "7b", "trace-qwen2.5-vl-7b", edit=drift)
    a, b = P.load("trace-qwen2.5-vl-3b"), P.load(seven)
    diffs = P.compare_scales(a, b)
    assert len(diffs) == 1 and "optim.lr" in diffs[0]


def test_check_fails_on_bad_pins(tmp_path):
    def unpin(p):
        p["base_model"]["revision"] = "main"
        p["verl"]["overrides"]["actor_rollout_ref.actor.use_kl_loss"] = True
    problems = P.validate(P.load(_copy_profile(tmp_path, edit=unpin)))
    assert any("40-hex" in p for p in problems) and any("KL" in p for p in problems)


# --------------------------------------------------------------------------------------------------
# the recipe table: `rlvr check` holds the paper profiles to every value
# --------------------------------------------------------------------------------------------------

def _corrupt(value):
    """A different value of the same kind (so it still composes): only the recipe check can catch it."""
    if value is None:
        return 7
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value + 0.25
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return value + value[-1:]
    if isinstance(value, dict):
        return {**value, next(iter(value)): _corrupt(next(iter(value.values())))}
    raise TypeError(value)


def _recipe_value(row, name="trace-qwen2.5-vl-3b"):
    return row["value"] if "value" in row else row["values"][name]


def test_recipe_table_rows_have_sources_and_cover_every_override():
    recipe = P.load_recipe()
    rows = recipe["rows"]
    assert set(recipe["applies_to"]) == set(P.PAPER_PROFILES)
    assert all(r.get("source") for r in rows) and len(rows) >= 100
    keys = [P._row_key(r) for r in rows]
    assert len(keys) == len(set(keys)), "one row per key"
    for name in P.PAPER_PROFILES:
        prof = P.load(name)
        assert set(prof["verl"]["overrides"]) <= {r["verl"] for r in rows if "verl" in r}
        assert P.recipe_problems(prof, P.compose(prof)) == []
    # the reference's values the issue found unchecked are rows of the table
    want = {"actor_rollout_ref.actor.optim.lr": 1e-06, "actor_rollout_ref.rollout.n": 8,
            "actor_rollout_ref.actor.clip_ratio_high": 0.3, "actor_rollout_ref.actor.loss_agg_mode": "token-mean",
            "actor_rollout_ref.rollout.tensor_model_parallel_size": 2,
            "actor_rollout_ref.rollout.gpu_memory_utilization": 0.6, "actor_rollout_ref.actor.ppo_epochs": 1,
            "actor_rollout_ref.actor.fsdp_config.param_offload": True, "images.min_pixels": 262144,
            "actor_rollout_ref.actor.use_dynamic_bsz": True, "actor_rollout_ref.actor.ppo_max_token_len_per_gpu": 4096,
            "actor_rollout_ref.rollout.log_prob_max_token_len_per_gpu": 8192, "actor_rollout_ref.rollout.seed": 1,
            "actor_rollout_ref.rollout.enable_chunked_prefill": False}
    table = {r.get("verl") or r.get("profile"): _recipe_value(r) for r in rows if "engine" not in r}
    assert {k: table[k] for k in want} == want


@pytest.mark.parametrize("key,value", [
    ("actor_rollout_ref.actor.optim.lr", 1e-5), ("actor_rollout_ref.rollout.n", 5),
    ("actor_rollout_ref.actor.clip_ratio_high", 0.28), ("actor_rollout_ref.actor.loss_agg_mode", "seq-mean-token-mean"),
    ("actor_rollout_ref.rollout.tensor_model_parallel_size", 4),
    ("actor_rollout_ref.rollout.gpu_memory_utilization", 0.9), ("images.min_pixels", 3136),
    ("actor_rollout_ref.actor.ppo_epochs", 2), ("actor_rollout_ref.actor.fsdp_config.param_offload", False),
    ("actor_rollout_ref.actor.fsdp_config.optimizer_offload", False),
])
def test_check_fails_naming_a_corrupted_recipe_value(tmp_path, key, value):
    def edit(p):
        if key.startswith("images."):
            p["images"][key.split(".", 1)[1]] = value
        else:
            p["verl"]["overrides"][key] = value
    report = check_cmd.check_profiles([str(_copy_profile(tmp_path, edit=edit))])
    assert not report["ok"]
    named = [p for p in report["problems"] if key in p]
    assert named and "recipe value" in named[0] and repr(value) in named[0], report["problems"]


def test_check_names_every_corrupted_recipe_value(tmp_path, capsys):
    """Each row of the recipe table, corrupted (all at once in one copy per kind), is named by `rlvr check`."""
    rows = P.load_recipe()["rows"]

    def verl_rows(p):
        for r in rows:
            if "verl" in r:
                p["verl"]["overrides"][r["verl"]] = _corrupt(_recipe_value(r))
    path = _copy_profile(tmp_path, edit=verl_rows)
    assert check_cmd.run(_args(check_cmd, ["--profile", str(path)])) == 1
    out = capsys.readouterr().out
    missed = [r["verl"] for r in rows if "verl" in r and f"verl {r['verl']}: recipe value" not in out
              and P._row_key(r) not in P.IDENTITY_ROWS]
    assert not missed and "trainer.experiment_name must be the profile name" in out

    def profile_rows(p):
        for r in rows:
            if "profile" in r:
                *parents, leaf = r["profile"].split(".")
                node = p
                for part in parents:
                    node = node[part]
                node[leaf] = _corrupt(_recipe_value(r))
    (tmp_path / "p").mkdir()
    path = _copy_profile(tmp_path / "p", edit=profile_rows)
    assert check_cmd.run(_args(check_cmd, ["--profile", str(path), "--no-compose"])) == 1
    out = capsys.readouterr().out
    missed = [r["profile"] for r in rows if "profile" in r and f"profile {r['profile']}: recipe value" not in out]
    assert not missed


ONLINE = "trace-qwen2.5-vl-3b-online"


def test_online_variant_follows_the_3b_recipe_except_its_listed_differences():
    """The online variant is held to every row of the table with the 3B values, except its differences,
    each with a source; they are exactly what the two profiles' own files differ in."""
    recipe = P.load_recipe()
    variant = recipe["variants"][ONLINE]
    assert variant["of"] == "trace-qwen2.5-vl-3b" and all(r["source"] for r in variant["differences"])
    online_prof, paper = P.load(ONLINE), P.load("trace-qwen2.5-vl-3b")
    rows = P.recipe_rows(online_prof)
    changed = {P._row_key(r) for r in variant["differences"]}
    assert len(rows) == len([r for r in recipe["rows"] if P._row_key(r) not in changed]) + len(changed)
    assert P.recipe_problems(online_prof, P.compose(online_prof)) == []
    differ = {k for k in set(online_prof["verl"]["overrides"]) | set(paper["verl"]["overrides"])
              if online_prof["verl"]["overrides"].get(k) != paper["verl"]["overrides"].get(k)}
    assert differ == {r["verl"] for r in variant["differences"] if "verl" in r}
    top = {k for k in set(online_prof) | set(paper)
           if k != "verl" and not k.startswith("_") and online_prof.get(k) != paper.get(k)}
    assert top == {r["profile"] for r in variant["differences"] if "profile" in r} | {"variant_of", "recipe"}


def test_check_names_every_corrupted_row_of_the_online_variant(tmp_path, capsys):
    rows = P.recipe_rows(P.load(ONLINE))

    def verl_rows(p):
        for r in rows:
            if "verl" in r and r["verl"] not in P.ONLINE_DATASET:  # those must hold for the stream to run at all
                p["verl"]["overrides"][r["verl"]] = _corrupt(r["value"])
    path = _copy_profile(tmp_path, name=ONLINE, edit=verl_rows)
    assert check_cmd.run(_args(check_cmd, ["--profile", str(path)])) == 1
    out = capsys.readouterr().out
    missed = [r["verl"] for r in rows if "verl" in r and r["verl"] not in P.ONLINE_DATASET
              and f"verl {r['verl']}: recipe value" not in out and P._row_key(r) not in P.IDENTITY_ROWS]
    assert not missed
    for key, value in P.ONLINE_DATASET.items():  # the stream's own requirements, one at a time
        (tmp_path / key).mkdir()
        path = _copy_profile(tmp_path / key, name=ONLINE,
                             edit=lambda p, k=key, v=value: p["verl"]["overrides"].__setitem__(k, _corrupt(v)))
        assert check_cmd.run(_args(check_cmd, ["--profile", str(path), "--no-compose"])) == 1
        out = capsys.readouterr().out
        assert f"online profiles need {key}" in out and f"verl {key}: recipe value" in out, out

    def profile_rows(p):
        for r in rows:
            if "profile" in r and r["profile"] != "name":
                *parents, leaf = r["profile"].split(".")
                node = p
                for part in parents:
                    node = node[part]
                node[leaf] = _corrupt(r["value"])
    (tmp_path / "p").mkdir()
    path = _copy_profile(tmp_path / "p", name=ONLINE, edit=profile_rows)
    assert check_cmd.run(_args(check_cmd, ["--profile", str(path), "--no-compose"])) == 1
    out = capsys.readouterr().out
    missed = [r["profile"] for r in rows if "profile" in r and r["profile"] != "name"
              and f"profile {r['profile']}: recipe value" not in out]
    assert not missed


def test_online_profile_needs_veRLs_sync_trainer(tmp_path):
    prof = P.load(ONLINE)
    config = P.compose(prof)
    assert P.online_config_problems(prof, config) == []
    from omegaconf import open_dict

    with open_dict(config):
        config.trainer.v1.trainer_mode = "colocate_async"
    assert "sync trainer" in P.online_config_problems(prof, config)[0]


def test_verl_sampler_order_equals_the_reference_sampler():
    """data.seed 1: veRL's train sampler gives the reference's (EasyR1: torch RandomSampler seeded with
    data.seed, StatefulDataLoader, drop_last) prompt order, so the same prompts meet at each step."""
    import torch
    from omegaconf import OmegaConf
    from torch.utils.data import RandomSampler
    from verl.trainer.ppo.utils import create_rl_sampler

    rows = list(range(64000))
    data = OmegaConf.select(P.compose(P.load("trace-qwen2.5-vl-3b")), "data")
    ours = list(create_rl_sampler(data, rows))
    generator = torch.Generator()
    generator.manual_seed(1)
    assert ours == list(RandomSampler(data_source=rows, generator=generator))


def test_hydra_value_quoting():
    assert P.hydra_value("pkg://rlvr.training.reward") == "'pkg://rlvr.training.reward'"
    assert P.hydra_value([0.9, 0.999]) == "[0.9,0.999]"
    assert P.hydra_value(None) == "null" and P.hydra_value(False) == "false" and P.hydra_value("grpo") == "grpo"
    assert P.hydra_value("it's") == "'it\\'s'"


# --------------------------------------------------------------------------------------------------
# tiny model, prepared data, veRL's RLHFDataset
# --------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory):
    from rlvr.training import tiny

    out = tmp_path_factory.mktemp("tiny") / "model"
    assert tiny.run(_args(tiny, ["--output", str(out)])) == 0
    return out


@pytest.fixture(scope="module")
def trace_parquet(tmp_path_factory):
    root = tmp_path_factory.mktemp("trace")
    out = {}
    for split in ("train", "validation"):
        ds, pq_dir = root / f"ds-{split}", root / f"pq-{split}"
        cmd = [sys.executable, "-m", "tracegen", "generate", *sum((["--task", t] for t in TASKS), []),
               "--samples-per-task", "2", "--seed", "42", "--split", split, "-o", str(ds)]
        subprocess.run(cmd, check=True, capture_output=True)
        subprocess.run([sys.executable, "-m", "tracegen", "export", str(ds), "-o", str(pq_dir),
                        "--max-pixels", "40000"], check=True, capture_output=True)
        out[split] = pq_dir
    return out


@pytest.fixture(scope="module")
def prepared(tmp_path_factory, trace_parquet, tiny_model):
    out = tmp_path_factory.mktemp("rl") / "rl_data"
    args = _args(prep, ["--profile", "trace-qwen2.5-vl-3b", "--train", str(trace_parquet["train"]),
                        "--validation", str(trace_parquet["validation"]), "--output", str(out),
                        "--model", str(tiny_model)])
    assert prep.run(args) == 0
    return out


def _data_config(prepared_dir, **extra):
    prof = P.load("trace-qwen2.5-vl-3b")
    files = sorted(str(p) for p in (prepared_dir / "train").glob("*.parquet"))
    vfiles = sorted(str(p) for p in (prepared_dir / "validation").glob("*.parquet"))
    config = P.compose(prof, {"data.train_files": files, "data.val_files": vfiles,
                              "actor_rollout_ref.model.path": "/unused",
                              "trainer.default_local_dir": "/unused"})
    from omegaconf import open_dict

    data = copy.deepcopy(config.data)
    with open_dict(data):
        data.filter_overlong_prompts_workers = None  # in-process (a forked pool deadlocks after torch init)
        data.cache_dir = str(prepared_dir.parent / "verl-cache")
        for k, v in extra.items():
            data[k] = v
    return config, data, files


def test_prepared_manifest_and_columns(prepared):
    import pyarrow.parquet as pq

    manifest = json.loads((prepared / "manifest.json").read_text())
    assert manifest["splits"]["train"]["rows"] == 4 and manifest["splits"]["validation"]["rows"] == 4
    assert manifest["prompt_lengths"]["checked"] and manifest["prompt_lengths"]["over_limit"] == 0
    assert manifest["system_prompt_sha256"] == P.PROMPT_SHA256
    table = pq.read_table(next((prepared / "train").glob("*.parquet")))
    assert table.column_names == ["data_source", "prompt", "images", "reward_model", "extra_info"]
    row = table.slice(0, 1).to_pylist()[0]
    system = (P.PROFILE_DIR / "trace_vero_json_system_prompt_answer.txt").read_text(encoding="utf-8")
    assert system.endswith("\n") and row["prompt"][0] == {"role": "system", "content": system.strip()}
    assert row["prompt"][1]["role"] == "user" and row["prompt"][1]["content"].startswith("<image>")
    assert row["images"][0]["min_pixels"] == 262144 and row["images"][0]["max_pixels"] == 4194304
    assert json.loads(row["reward_model"]["ground_truth"])["type"] in ("string", "integer")
    assert json.loads(row["extra_info"]["reward_contract"])["version"] == "trace-reward-v1"


def test_rlhf_dataset_loads_prepared_parquet(prepared, tiny_model):
    import io

    from PIL import Image
    from transformers import AutoProcessor, AutoTokenizer
    from verl.utils.dataset.rl_dataset import RLHFDataset, collate_fn
    from verl.utils.tokenizer import build_multimodal_processor_inputs

    processor = AutoProcessor.from_pretrained(tiny_model)
    tokenizer = AutoTokenizer.from_pretrained(tiny_model)
    config, data, files = _data_config(prepared)
    ds = RLHFDataset(files, tokenizer, data, processor=processor)
    assert len(ds) == 4
    counter = prep.LengthCounter(processor, data.image_patch_size)
    items = []
    for i in range(len(ds)):
        item = ds[i]
        items.append(item)
        msgs = item["raw_prompt"]
        assert msgs[0]["role"] == "system" and msgs[1]["content"][0]["type"] == "image"
        assert item["reward_model"]["ground_truth"] and item["extra_info"]["instance_id"]
        # veRL's own prompt-length count (as in RLHFDataset.maybe_filter_out_long_prompts)
        raw = processor.apply_chat_template(msgs, add_generation_prompt=True, tokenize=False)
        images, videos, audios = ds._process_multi_modal_info(msgs, ds.image_patch_size, ds.config)
        # the per-image bounds were applied: every image is within [min_pixels, max_pixels] before the processor
        assert all(262144 <= im.width * im.height <= 4194304 for im in images)
        verl_len = len(build_multimodal_processor_inputs(processor, text=[raw], images=images, videos=videos,
                                                         audio=audios, mm_processor_kwargs={})["input_ids"][0])
        row = ds.dataframe[i]
        sizes = [Image.open(io.BytesIO(im["bytes"])).size[::-1] for im in row["images"]]
        assert counter.length(row, sizes) == verl_len
    batch = collate_fn(items)
    assert batch["dummy_tensor"].shape[0] == 4 and len(batch["raw_prompt"]) == 4

    # veRL's own overlong filter agrees with our check
    longest = max(counter.length(ds.dataframe[i], [Image.open(io.BytesIO(im["bytes"])).size[::-1]
                                                   for im in ds.dataframe[i]["images"]]) for i in range(4))
    _, strict, _ = _data_config(prepared, filter_overlong_prompts=True, max_prompt_length=longest - 1)
    assert len(RLHFDataset(files, tokenizer, strict, processor=processor)) < 4


def test_overlong_prompts_fail_before_training(tmp_path, trace_parquet, tiny_model, capsys):
    def short(p):
        p["verl"]["overrides"]["data.max_prompt_length"] = 120
    profile = _copy_profile(tmp_path, edit=short)
    out = tmp_path / "rl"
    args = _args(prep, ["--profile", str(profile), "--train", str(trace_parquet["train"]),
                        "--validation", str(trace_parquet["validation"]), "--output", str(out),
                        "--model", str(tiny_model)])
    assert prep.run(args) == 1
    text = capsys.readouterr().out
    assert "exceed max_prompt_length=120" in text and not out.exists()
    import pyarrow.parquet as pq
    ids = pq.read_table(trace_parquet["train"]).column("instance_id").to_pylist()
    assert sum(i in text for i in ids) >= 1
    with pytest.raises(prep.PromptTooLong) as e:
        prep.prepare(profile, {"train": trace_parquet["train"]}, tmp_path / "rl2", model=tiny_model)
    assert e.value.offenders and all(o["tokens"] > 120 for o in e.value.offenders)


def test_check_prompt_lengths_on_prepared(prepared, tiny_model):
    files = sorted((prepared / "train").glob("*.parquet"))
    assert prep.check_prompt_lengths(files, tiny_model, 2048)["rows"] == 4
    with pytest.raises(prep.PromptTooLong):
        prep.check_prompt_lengths(files, tiny_model, 50)


def test_prepare_refuses_existing_output(prepared, trace_parquet):
    with pytest.raises(FileExistsError):
        prep.prepare("trace-qwen2.5-vl-3b", {"train": trace_parquet["train"]}, prepared)


# --------------------------------------------------------------------------------------------------
# reward through veRL's loader and reward manager
# --------------------------------------------------------------------------------------------------

def test_reward_adapter_direct():
    gt = '{"type":"integer","value":7}'
    contract = {"version": "trace-reward-v1", "answer": {"id": "exact_match", "type": "integer"}, "annotation": None}
    assert reward_mod.compute_score("trace", 'so {"answer": 7}', gt, {"reward_contract": json.dumps(contract)}) \
        == {"score": 1.0, "acc": 1.0, "format": 1.0}
    assert reward_mod.compute_score("trace", '{"answer": 8}', {"type": "integer", "value": 7}) \
        == {"score": pytest.approx(0.05), "acc": 0.0, "format": 1.0}
    assert reward_mod.compute_score("trace", "seven", gt)["score"] == 0.0
    # the annotation is never scored, even when the response carries one
    assert reward_mod.compute_score("trace", '{"answer": 7, "annotation": [1, 2]}', gt)["acc"] == 1.0
    with pytest.raises(ValueError):
        reward_mod.compute_score("trace", '{"answer": 7}', "not json")
    with pytest.raises(ValueError):
        reward_mod.compute_score("trace", '{"answer": 7}', '{"type":"matrix","value":7}')
    # the release's contract dialect is accepted; a contract of neither dialect names the row
    release = {"reward_contract_version": "v0", "answer": {"id": "answer_exact_match_v0", "type": "integer"},
               "annotation": {"id": "bbox_soft_iou_v0", "type": "bbox"}}
    assert reward_mod.compute_score("trace", "{'answer': 7}", gt, {"reward_contract": json.dumps(release)}) \
        == {"score": 1.0, "acc": 1.0, "format": 1.0}
    with pytest.raises(ValueError, match="row-9.*neither"):
        reward_mod.compute_score("trace", '{"answer": 7}', gt, {"instance_id": "row-9",
                                                               "reward_contract": '{"version": "v2"}'})


def test_reward_through_verl_manager(prepared, tiny_model):
    import numpy as np
    import torch
    from transformers import AutoProcessor, AutoTokenizer
    from verl import DataProto
    from verl.trainer.ppo.reward import get_custom_reward_fn, load_reward_manager
    from verl.utils.dataset.rl_dataset import RLHFDataset

    config, data, files = _data_config(prepared)
    fn = get_custom_reward_fn(config)
    tokenizer = AutoTokenizer.from_pretrained(tiny_model)
    ds = RLHFDataset(files, tokenizer, data, processor=AutoProcessor.from_pretrained(tiny_model))
    item = ds[0]
    truth = json.loads(item["reward_model"]["ground_truth"])["value"]
    assert fn(data_source=item["data_source"], solution_str=json.dumps({"answer": truth}),
              ground_truth=item["reward_model"]["ground_truth"], extra_info=item["extra_info"])["score"] == 1.0

    manager = load_reward_manager(config, tokenizer)
    assert type(manager).__name__ == "NaiveRewardManager"
    scores = []
    for text in (json.dumps({"answer": truth}), '{"answer": "definitely wrong"}'):
        prompt = torch.tensor([tokenizer("question", add_special_tokens=False)["input_ids"]])
        resp = torch.tensor([tokenizer(text, add_special_tokens=False)["input_ids"]])
        proto = DataProto.from_dict(
            tensors={"prompts": prompt, "responses": resp,
                     "attention_mask": torch.ones(1, prompt.shape[1] + resp.shape[1], dtype=torch.long)},
            non_tensors={"data_source": np.array([item["data_source"]], dtype=object),
                         "reward_model": np.array([item["reward_model"]], dtype=object),
                         "extra_info": np.array([dict(item["extra_info"])], dtype=object)})
        result = manager.loop.run_until_complete(manager.run_single(proto))
        scores.append(result["reward_score"])
        assert set(result["reward_extra_info"]) >= {"score", "acc", "format"}
    assert scores == [1.0, pytest.approx(0.05)]


# --------------------------------------------------------------------------------------------------
# the public release's format: data prep -> veRL's RLHFDataset -> reward, against the reference's reward
# --------------------------------------------------------------------------------------------------

RELEASE_SAMPLE = refdata.external("release_sample")   # 12.5 MB: kept outside the repository
needs_release_sample = refdata.needs_external("release_sample")
GOLDEN = REPO / "tests" / "data" / "reward_reference" / "golden.json"


@pytest.fixture(scope="module")
def release_prepared(tmp_path_factory, tiny_model):
    out = tmp_path_factory.mktemp("release") / "rl_data"
    args = _args(prep, ["--profile", "trace-qwen2.5-vl-3b", "--train", str(RELEASE_SAMPLE / "train"),
                        "--validation", str(RELEASE_SAMPLE / "validation"), "--output", str(out),
                        "--model", str(tiny_model)])
    assert prep.run(args) == 0
    return out


@needs_release_sample
def test_release_sample_through_prepare_dataset_and_reward(release_prepared, tiny_model):
    """Rows of the public release (made by the reference's own exporter) go through prepare-rl-data,
    veRL's RLHFDataset with the tiny processor, and compute_score on a correct, a wrong and three
    malformed responses each; every reward equals the reference scorer's on the same response."""
    import pyarrow.parquet as pq
    from transformers import AutoProcessor, AutoTokenizer
    from verl.utils.dataset.rl_dataset import RLHFDataset

    manifest = json.loads((release_prepared / "manifest.json").read_text())
    assert manifest["splits"]["train"]["rows"] == 60 and manifest["splits"]["validation"]["rows"] == 20
    assert manifest["reward_contracts"] == {"release-v0": 80}
    assert manifest["prompt_lengths"]["checked"] and manifest["prompt_lengths"]["over_limit"] == 0
    source = {r["instance_id"]: r for f in sorted(RELEASE_SAMPLE.glob("*/*.parquet"))
              for r in pq.read_table(f, columns=["instance_id", "prompt_answer", "reward_contract"]).to_pylist()}
    expected = {}
    for c in json.loads(GOLDEN.read_text())["cases"]:
        if c["group"] == "release":
            expected.setdefault(c["instance_id"], []).append((c["kind"], c["response"], c["expected"]))

    tokenizer = AutoTokenizer.from_pretrained(tiny_model)
    processor = AutoProcessor.from_pretrained(tiny_model)
    system = (P.PROFILE_DIR / "trace_vero_json_system_prompt_answer.txt").read_text(encoding="utf-8").strip()
    seen, kinds = 0, set()
    for split in ("train", "validation"):
        files = sorted(str(p) for p in (release_prepared / split).glob("*.parquet"))
        _, data, _ = _data_config(release_prepared)
        ds = RLHFDataset(files, tokenizer, data, processor=processor)
        for i in range(len(ds)):
            item = ds[i]
            iid = item["extra_info"]["instance_id"]
            msgs = item["raw_prompt"]
            assert msgs[0] == {"role": "system", "content": [{"type": "text", "text": system}]}
            assert msgs[1]["content"][0]["type"] == "image"
            assert "<image>" + msgs[1]["content"][1]["text"] == source[iid]["prompt_answer"]
            assert json.loads(item["extra_info"]["reward_contract"]) == json.loads(source[iid]["reward_contract"])
            for kind, response, ref in expected[iid]:
                got = reward_mod.compute_score(item["data_source"], response, item["reward_model"]["ground_truth"],
                                               item["extra_info"])
                assert (got["score"], got["acc"], got["format"]) == (ref["overall"], ref["accuracy"], ref["format"]), \
                    (iid, kind, response, got, ref)
                kinds.add(kind)
            seen += 1
    assert seen == 80 and {"correct", "wrong", "malformed_truncated"} <= kinds


def _easyr1_image_tokens(height, width, min_pixels=262144, max_pixels=4194304):
    """The reference's image size rule (EasyR1 verl/utils/dataset.py process_image: PIL resize to int
    dimensions outside [min, max] pixels; then the Qwen2.5-VL processor's smart_resize with its own bounds
    3136..12845056, factor 28)."""
    import math

    from transformers.models.qwen2_vl.image_processing_qwen2_vl import smart_resize

    w, h = width, height
    for bound, outside in ((max_pixels, w * h > max_pixels), (min_pixels, w * h < min_pixels)):
        if outside:
            r = math.sqrt(bound / (w * h))
            w, h = int(w * r), int(h * r)
    rh, rw = smart_resize(h, w, factor=28, min_pixels=3136, max_pixels=12845056)
    return rh * rw // 784


def _our_image_tokens(height, width, min_pixels=262144, max_pixels=4194304):
    """Ours: the per-image bounds through qwen_vl_utils.fetch_image's smart_resize (veRL's dataset and
    rollout), after which the processor's own bounds never bind."""
    from qwen_vl_utils.vision_process import smart_resize

    rh, rw = smart_resize(height, width, factor=28, min_pixels=min_pixels, max_pixels=max_pixels)
    return rh * rw // 784


@needs_release_sample
def test_image_resize_deviation_on_the_release_sample():
    """Deviation #1 in docs/training.md: which release images get a different image-token count."""
    import csv
    import math

    import pyarrow.parquet as pq

    sizes = [(s["height"], s["width"]) for f in sorted(RELEASE_SAMPLE.glob("*/*.parquet"))
             for r in pq.read_table(f, columns=["image_sizes"]).to_pylist() for s in r["image_sizes"]]
    assert len(sizes) == 80
    differ = [(w, h, _easyr1_image_tokens(h, w), _our_image_tokens(h, w)) for h, w in sizes
              if _easyr1_image_tokens(h, w) != _our_image_tokens(h, w)]
    assert differ == [(458, 417, 323, 360)]
    # the reference generator's sizes per task (1,000 tasks x 30 seeds: min / median / max, capped at the
    # exporter's 1.28 MP): the median size differs for 6 tasks, the smallest for 22, by +9..+49 tokens
    from tracegen.stats import REFERENCE as stats   # the shipped copy of the original's ref_task_stats.tsv
    at_min, at_med, deltas = 0, 0, set()
    for row in csv.DictReader(stats.open(), delimiter="\t"):
        for key in ("min", "med"):
            w, h = int(float(row[f"width_{key}"])), int(float(row[f"height_{key}"]))
            if w * h > 1_280_000:
                r = math.sqrt(1_280_000 / (w * h))
                w, h = int(w * r), int(h * r)
            delta = _our_image_tokens(h, w) - _easyr1_image_tokens(h, w)
            if delta:
                deltas.add(delta)
                at_min += key == "min"
                at_med += key == "med"
    assert (at_min, at_med) == (22, 6) and min(deltas) == 9 and max(deltas) == 49


@needs_release_sample
def test_prepare_rejects_a_contract_of_neither_dialect(tmp_path, tiny_model):
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pq.read_table(next((RELEASE_SAMPLE / "validation").glob("*.parquet")))
    contracts = table.column("reward_contract").to_pylist()
    contracts[3] = json.dumps({"reward_contract_version": "v9", "answer": {"id": "answer_exact_match_v0"}})
    bad = table.set_column(table.schema.get_field_index("reward_contract"), "reward_contract",
                           pa.array(contracts, pa.string()))
    (tmp_path / "v").mkdir()
    pq.write_table(bad, tmp_path / "v" / "part.parquet")
    out = tmp_path / "rl"
    with pytest.raises(prep.BadGroundTruth) as e:
        prep.prepare("trace-qwen2.5-vl-3b", {"validation": tmp_path / "v"}, out)
    assert len(e.value.offenders) == 1 and "neither" in e.value.offenders[0]["error"]
    assert e.value.offenders[0]["instance_id"] == table.column("instance_id")[3].as_py() and not out.exists()


def test_tiny_model_is_deterministic(tiny_model, tmp_path):
    from rlvr.training.tiny import build_tiny_model

    again = build_tiny_model(tmp_path / "again")
    for name in ("model.safetensors", "tokenizer.json", "config.json"):
        assert P.file_sha256(again / name) == P.file_sha256(tiny_model / name), name


# --------------------------------------------------------------------------------------------------
# recipe runs by declaration, effective engine values, composed profiles
# --------------------------------------------------------------------------------------------------

def test_engine_values_are_the_references_effective_ones():
    from rlvr.training import engine

    for name in P.PAPER_PROFILES:
        prof = P.load(name)
        assert engine.effective_rollout(P.compose(prof), prof) == {
            "rollout.max_model_len": 4096, "rollout.max_num_batched_tokens": 8192, "rollout.replica_seeds": [1, 2, 3, 4]}


def test_a_null_that_means_the_models_positions_is_caught(tmp_path):
    """veRL's max_model_len null = the model's 128,000 positions, and with chunked prefill off the batch budget
    rises to it: the composed value looks harmless, the effective one is named."""
    def edit(p):
        p["verl"]["overrides"]["actor_rollout_ref.rollout.max_model_len"] = None
    report = check_cmd.check_profiles([str(_copy_profile(tmp_path, edit=edit))])
    text = "\n".join(report["problems"])
    assert "engine rollout.max_model_len: recipe value 4096" in text and "effective value 128000" in text
    assert "engine rollout.max_num_batched_tokens: recipe value 8192" in text


def test_a_renamed_copy_is_checked_by_the_run_it_declares(tmp_path):
    def rename(p, lr=None, recipe="keep"):
        p["name"] = p["verl"]["overrides"]["trainer.experiment_name"] = "my-run"
        if lr is not None:
            p["verl"]["overrides"]["actor_rollout_ref.actor.optim.lr"] = lr
        if recipe != "keep":
            p["recipe"] = recipe
    (tmp_path / "same").mkdir()
    report = check_cmd.check_profiles([str(_copy_profile(tmp_path / "same", edit=rename))], compose=False)
    named = [p for p in report["problems"] if "my-run" in p]
    assert named == [], named   # a faithful copy under another name passes (only the name's own row differs)
    (tmp_path / "lr").mkdir()
    report = check_cmd.check_profiles([str(_copy_profile(tmp_path / "lr", edit=lambda p: rename(p, lr=3e-6)))],
                                      compose=False)
    assert any("optim.lr: recipe value 1e-06" in p for p in report["problems"]), report["problems"]
    # declaring no run is allowed for a profile of one's own, but a study that requires the recipe refuses it
    (tmp_path / "none").mkdir()
    path = _copy_profile(tmp_path / "none", edit=lambda p: rename(p, lr=3e-6, recipe=None))
    assert check_cmd.check_profiles([str(path)], compose=False)["ok"]
    assert "declares no recipe run" in P.recipe_bound_problems(path)[0]
    # an unknown run, or no declaration at all, is a problem
    (tmp_path / "bad").mkdir()
    path = _copy_profile(tmp_path / "bad", edit=lambda p: rename(p, recipe="trace-qwen2.5-vl-2b"))
    assert any("is not a run of recipe.yaml" in p for p in P.validate(P.load(path)))
    (tmp_path / "undeclared").mkdir()
    path = _copy_profile(tmp_path / "undeclared", edit=lambda p: p.pop("recipe"))
    assert any("missing keys ['recipe']" in p for p in P.validate(P.load(path)))


def test_profiles_are_composed_not_copied():
    """The paper runs are the shared base plus their identity; a change to the base changes both runs' identity."""
    for name in (*P.PAPER_PROFILES, "trace-qwen2.5-vl-3b-online", "tiny-cpu-online"):
        text = P.profile_path(name).read_text()
        assert text.startswith("#") and "\nextends: " in text and len(text.splitlines()) < 60, name
    a, b = (P.load(n) for n in P.PAPER_PROFILES)
    assert [Path(f).name for f in a["_files"]] == ["trace-grpo.yaml", "trace-qwen2.5-vl-3b.yaml"]
    assert P.profile_sha256(a) != P.file_sha256(a["_path"])   # the identity covers the base
    tiny = P.load("tiny-cpu")
    assert P.profile_sha256(tiny) == P.file_sha256(tiny["_path"])   # a profile of one file: that file's sha256
    assert P.checked_profiles() == ["trace-qwen2.5-vl-3b-online", "trace-qwen2.5-vl-3b", "trace-qwen2.5-vl-7b"]
