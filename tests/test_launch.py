"""``rlvr train`` GPU launcher (rlvr.training.launch): everything except running on GPUs.

The built command is composed with the installed veRL's own Hydra config and validate_config (no mocks
of veRL's config system); ``nvidia-smi`` and ``ray`` are replaced by fake executables on PATH / passed in.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from fakegpu import fake_nvidia_smi

for _k, _v in {"HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
               "WANDB_MODE": "disabled", "TOKENIZERS_PARALLELISM": "false"}.items():
    os.environ.setdefault(_k, _v)

from rlvr.training import launch as L  # noqa: E402
from rlvr.training import prepare as prep  # noqa: E402
from rlvr.training import profiles as P  # noqa: E402
from rlvr.training import smoke  # noqa: E402


CONTRACT = {"version": "trace-reward-v1", "answer": {"id": "exact_match", "type": "integer"}, "annotation": None}


def _args(argv):
    parser = argparse.ArgumentParser()
    L.add_arguments(parser)
    return parser.parse_args(argv)


def _exe(path: Path, body: str) -> Path:
    path.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IEXEC | stat.S_IXGRP | stat.S_IXOTH)
    return path


def _fake_smi(bin_dir: Path, n: int) -> None:
    fake_nvidia_smi(bin_dir, n)


@pytest.fixture
def gpu_path(tmp_path, monkeypatch):
    """A PATH whose nvidia-smi lists ``n`` GPUs (call with n); CUDA_VISIBLE_DEVICES unset."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    monkeypatch.delenv("SLURM_JOB_NUM_NODES", raising=False)
    monkeypatch.delenv("SLURM_NNODES", raising=False)

    def make(n):
        _fake_smi(bin_dir, n)
        return bin_dir
    return make


def _png(w, h) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (w, h), (200, 30, 30)).save(buf, format="PNG")
    return buf.getvalue()


@pytest.fixture(scope="module")
def prepared(tmp_path_factory):
    """A tiny prepared RL data dir in prepare-rl-data's layout and schema, and a tiny model."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from rlvr.training import tiny

    root = tmp_path_factory.mktemp("launch")
    model = tiny.build_tiny_model(root / "model")
    # the paper profiles' engine limits assume the base model's 128,000 positions (rlvr train checks config.json)
    config = json.loads((Path(model) / "config.json").read_text())
    config["text_config"]["max_position_embeddings"] = 128000
    (Path(model) / "config.json").write_text(json.dumps(config))
    prof = P.load("trace-qwen2.5-vl-3b")
    system = P.read_system_prompt(prof)
    schema = prep.output_schema()
    for split in ("train", "validation"):
        (root / "data" / split).mkdir(parents=True)
        rows = [{"data_source": "trace",
                 "prompt": [{"role": "system", "content": system},
                            {"role": "user", "content": "<image>What is the answer? Reply in JSON."}],
                 "images": [{"bytes": _png(64, 48), "min_pixels": 3136, "max_pixels": 12544}],
                 "reward_model": {"style": "rule", "ground_truth": json.dumps({"type": "integer", "value": i})},
                 "extra_info": {"index": i, "split": split, "instance_id": f"{split}-{i}", "task": "t",
                                "domain": "d", "reward_contract": json.dumps(CONTRACT)}} for i in range(2)]
        pq.write_table(pa.Table.from_pylist(rows, schema=schema), root / "data" / split / "part-00000.parquet")
    return {"data": root / "data", "model": Path(model)}


# --------------------------------------------------------------------------------------------------
# the command
# --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", P.PAPER_PROFILES)
def test_command_composes_with_verl_and_validates(name, prepared, tmp_path):
    from omegaconf import OmegaConf

    out = tmp_path / "ckpt"
    cmd = L.build_command(name, prepared["data"], prepared["model"], out, n_gpus=8, nnodes=1)
    assert cmd[:3] == [sys.executable, "-m", "verl.trainer.main_ppo"]
    overrides = cmd[3:]
    keys = [o.split("=", 1)[0].lstrip("+") for o in overrides]
    assert len(keys) == len(set(keys)), "every key exactly once"
    prof = P.load(name)
    assert set(keys) == set(prof["verl"]["overrides"]) | set(prof["verl"]["runtime_keys"])
    # the same overrides compose with veRL's own ppo_trainer config and pass veRL's validation
    checks = L.verify_run(name, prepared["data"], prepared["model"], out, n_gpus=8, nnodes=1)
    assert "verl.utils.config.validate_config" in checks
    run_prof = L.run_profile(name, n_gpus=8, nnodes=1)
    runtime = L.runtime_values(prepared["data"], prepared["model"], out)
    assert P.hydra_overrides(run_prof, runtime) == overrides  # what was verified is what is launched
    cfg = P.compose(run_prof, runtime)
    got = P.resolved_values(cfg, ["data.train_files", "data.val_files", "actor_rollout_ref.model.path",
                                  "trainer.default_local_dir", "trainer.resume_mode", "trainer.logger",
                                  "trainer.n_gpus_per_node", "trainer.nnodes",
                                  "reward.custom_reward_function.path", "reward.custom_reward_function.name"])
    assert got == {
        "data.train_files": [str((prepared["data"] / "train" / "part-00000.parquet").resolve())],
        "data.val_files": [str((prepared["data"] / "validation" / "part-00000.parquet").resolve())],
        "actor_rollout_ref.model.path": str(prepared["model"].resolve()),
        "trainer.default_local_dir": str(out.resolve()),
        "trainer.resume_mode": "auto", "trainer.logger": ["console"],
        "trainer.n_gpus_per_node": 8, "trainer.nnodes": 1,
        "reward.custom_reward_function.path": "pkg://rlvr.training.reward",
        "reward.custom_reward_function.name": "compute_score",
    }
    assert OmegaConf.select(cfg, "trainer.experiment_name") == name


def test_command_needs_prepared_data(tmp_path):
    (tmp_path / "train").mkdir()
    with pytest.raises(L.LaunchError, match="no prepared train parquet"):
        L.build_command("trace-qwen2.5-vl-3b", tmp_path, tmp_path, tmp_path / "o", n_gpus=8, nnodes=1)


def test_run_with_another_gpu_count_is_refused(prepared, tmp_path):
    # the paper run is 1 node x 8 GPUs: a run config with 7 fails the recipe check before launch
    with pytest.raises(P.ProfileError, match=r"trainer.n_gpus_per_node: recipe value 8 .* composed value 7"):
        L.verify_run("trace-qwen2.5-vl-3b", prepared["data"], prepared["model"], tmp_path, n_gpus=7, nnodes=1)


# --------------------------------------------------------------------------------------------------
# GPUs, Ray
# --------------------------------------------------------------------------------------------------

def test_gpu_check_fails_clearly_with_fewer_gpus(gpu_path):
    gpu_path(4)
    with pytest.raises(L.LaunchError) as e:
        L.check_gpus(8)
    msg = str(e.value)
    assert "\n" not in msg and "4 GPU(s) usable, the job asked for 8" in msg


def test_gpu_check_passes_with_eight(gpu_path, monkeypatch):
    gpu_path(8)
    gpus = L.check_gpus(8)
    assert len(gpus) == 8 and gpus[0] == "0: NVIDIA H100 80GB HBM3 (81559 MiB)"
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0,1")  # the job restricted to 2 of the node's 8
    with pytest.raises(L.LaunchError, match="names 2 GPU\\(s\\), the job asked for 8"):
        L.check_gpus(8)


def test_gpu_check_without_nvidia_smi(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(L.LaunchError, match="nvidia-smi not found"):
        L.check_gpus(8)


def test_ray_commands():
    env = {"SLURM_JOB_ID": "123456"}
    tmp = L.ray_temp_dir(env)
    assert tmp == f"/tmp/ray-123456-{os.getpid()}" and len(tmp) < 40
    head = L.ray_head_command(n_gpus=8, n_cpus=64, temp_dir=tmp, client_port=23001, agent_port=23002)
    assert head == ["ray", "start", "--head", "--block", "--port=0", "--num-gpus=8", "--num-cpus=64",
                    f"--temp-dir={tmp}", "--include-dashboard=false", "--ray-client-server-port=23001",
                    "--dashboard-agent-listen-port=23002", "--disable-usage-stats"]
    assert not any(a.startswith("--port=6") for a in head), "no fixed Ray port"
    assert L.ray_worker_command(workers=["gpu002", "gpu003"], head_address="10.0.0.1:41234", n_gpus=8, n_cpus=64,
                                temp_dir=tmp) == [
        "srun", "--nodes=2", "--ntasks-per-node=1", "--nodelist=gpu002,gpu003", "--kill-on-bad-exit=1",
        "ray", "start", "--address=10.0.0.1:41234", "--num-gpus=8", "--num-cpus=64",
        f"--temp-dir={tmp}", "--disable-usage-stats", "--block"]
    with pytest.raises(ValueError):
        L.ray_worker_command(workers=[], head_address="a:1", n_gpus=8, n_cpus=1, temp_dir=tmp)
    assert L.cpus_available({"SLURM_CPUS_PER_TASK": "64"}) == 64
    env = L.train_env("10.0.0.1:6379", tmp, base={})
    assert env["RAY_ADDRESS"] == "10.0.0.1:6379" and env["HF_HUB_OFFLINE"] == "1" and env["RAY_TMPDIR"] == tmp
    assert not hasattr(L, "ray_stop_command") and "stop --force" not in Path(L.__file__).read_text()


def test_worker_nodes_come_from_the_slurm_allocation(tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    _exe(bin_dir / "scontrol", 'test "$1 $2 $3" = "show hostnames gpu[001-003]" || exit 2\n'
                               "printf 'gpu001\\ngpu002\\ngpu003\\n'\n")
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    env = {"SLURM_JOB_NODELIST": "gpu[001-003]"}
    monkeypatch.setenv("SLURMD_NODENAME", "gpu002")
    assert L.slurm_nodes(env) == ["gpu001", "gpu002", "gpu003"]
    assert L.worker_nodes(3, env) == ["gpu001", "gpu003"] and L.worker_nodes(2, env) == ["gpu001"]
    with pytest.raises(L.LaunchError, match="needs 4"):
        L.worker_nodes(4, env)
    monkeypatch.setenv("SLURMD_NODENAME", "login01")
    with pytest.raises(L.LaunchError, match="not in the Slurm allocation"):
        L.worker_nodes(2, env)
    with pytest.raises(L.LaunchError, match="SLURM_JOB_NODELIST is not set"):
        L.slurm_nodes({})


@pytest.mark.slow
def test_two_jobs_on_one_node_get_their_own_ray(tmp_path):
    """Two heads started the launcher's way on one node: different addresses; stopping one leaves the other."""
    ray = L.ray_executable()
    heads = []
    try:
        for i in range(2):
            temp = f"/tmp/ray-t{os.getpid()}-{i}"
            cmd = L.ray_head_command(n_gpus=0, n_cpus=1, temp_dir=temp, client_port=L.free_port(),
                                     agent_port=L.free_port(), ray=ray)
            heads.append(L.start_ray_head(cmd, temp, L.train_env("", temp), timeout=300, log=lambda *_: None))
        (first, a), (second, b) = heads
        assert a != b and a.split(":")[1] != "6379"
        L.stop_process(first)
        assert first.poll() is not None and second.poll() is None
        status = subprocess.run([ray, "status", f"--address={b}"], capture_output=True, text=True, timeout=120)
        assert status.returncode == 0, status.stdout[-500:] + status.stderr[-500:]
    finally:
        for proc, _ in heads:
            L.stop_process(proc)
        for i in range(2):
            shutil.rmtree(f"/tmp/ray-t{os.getpid()}-{i}", ignore_errors=True)


def _two_node(monkeypatch):
    prof = P.load("trace-qwen2.5-vl-3b")
    two = dict(prof, launch=dict(prof["launch"], nnodes=2),
               verl=dict(prof["verl"], overrides=dict(prof["verl"]["overrides"], **{"trainer.nnodes": 2})))
    monkeypatch.setattr(P, "load", lambda name: two)


def test_multinode_needs_the_slurm_allocation(gpu_path, prepared, tmp_path, monkeypatch):
    gpu_path(8)
    _two_node(monkeypatch)
    with pytest.raises(L.LaunchError, match="SLURM_JOB_NUM_NODES is not set"):
        L.preflight("x", prepared["data"], prepared["model"], tmp_path / "o", log=lambda *_: None)
    monkeypatch.setenv("SLURM_JOB_NUM_NODES", "1")
    with pytest.raises(L.LaunchError, match="has 1 node\\(s\\), the profile needs 2"):
        L.preflight("x", prepared["data"], prepared["model"], tmp_path / "o", log=lambda *_: None)
    assert not (tmp_path / "o").exists()


# --------------------------------------------------------------------------------------------------
# run / launch / receipt
# --------------------------------------------------------------------------------------------------

def test_run_without_gpus_fails_before_anything(prepared, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent))  # python + ray, no nvidia-smi
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    out = tmp_path / "ckpt"
    args = _args(["--profile", "trace-qwen2.5-vl-3b", "--data", str(prepared["data"]),
                  "--init", str(prepared["model"]), "--output", str(out)])
    assert L.train_main(args) == 1
    lines = [x for x in capsys.readouterr().out.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("rlvr train: error: nvidia-smi not found"), lines
    assert not out.exists()


def test_run_rejects_smoke_only_flags(prepared, tmp_path, capsys):
    args = _args(["--profile", "trace-qwen2.5-vl-3b", "--data", str(prepared["data"]),
                  "--init", str(prepared["model"]), "--output", str(tmp_path / "o"), "--steps", "2"])
    assert L.run(args) == 2
    assert not (tmp_path / "o").exists()


def test_dispatcher_routes_smoke_profiles(monkeypatch):
    seen = []
    monkeypatch.setattr(smoke, "run", lambda a: seen.append(("smoke", a.profile)) or 0)
    monkeypatch.setattr(L, "run", lambda a: seen.append(("launch", a.profile)) or 0)
    for name in ("tiny-cpu", "trace-qwen2.5-vl-7b"):
        assert L.train_main(_args(["--profile", name, "--data", "d", "--init", "i", "--output", "o"])) == 0
    assert seen == [("smoke", "tiny-cpu"), ("launch", "trace-qwen2.5-vl-7b")]


def _fake_ray(path: Path, log: Path) -> Path:
    """`ray start --head --block`: records its arguments, writes the address file, blocks until SIGTERM."""
    return _exe(path, f'echo "$@" >> {log}\n'
                      'for a in "$@"; do case "$a" in --temp-dir=*) d="${a#--temp-dir=}";; esac; done\n'
                      'mkdir -p "$d" && echo "192.0.2.7:41234" > "$d/ray_current_cluster"\n'
                      "exec sleep 300\n")


def test_launch_with_fake_trainer_resumes_and_publishes(gpu_path, prepared, tmp_path, monkeypatch):
    bin_dir = gpu_path(8)
    log = tmp_path / "ray.log"
    ray = _fake_ray(bin_dir / "fake-ray", log)
    monkeypatch.setenv("SLURM_JOB_ID", "4242")
    out, work = tmp_path / "ckpt", tmp_path / "work"
    run, key = L.run_location("trace-qwen2.5-vl-7b", prepared["data"], prepared["model"], out, work)
    trainer = [sys.executable, "-c",
               "import os,sys,pathlib; o=pathlib.Path(sys.argv[1]); "
               "(o/'global_step_100/actor').mkdir(parents=True); (o/'global_step_100/actor/w.pt').write_text('w'); "
               "(o/'latest_checkpointed_iteration.txt').write_text('100'); "
               "assert os.environ['HF_HUB_OFFLINE']=='1' and os.environ['RAY_ADDRESS']=='192.0.2.7:41234'; "
               "sys.exit(3)", str(run)]
    rc = L.launch("trace-qwen2.5-vl-7b", prepared["data"], prepared["model"], out, work=work,
                  trainer_command=trainer, ray=str(ray), log=lambda *_: None)
    assert rc == 3 and not out.exists(), "a failed attempt publishes nothing"
    calls = log.read_text().splitlines()
    assert calls[0].startswith("start --head --block --port=0 --num-gpus=8 ") and "--temp-dir=/tmp/ray-4242-" in calls[0]
    assert "stop" not in " ".join(calls[1:]), "Ray is ended through its own process, never `ray stop`"
    r = json.loads((run / "run_receipt.json").read_text())
    assert r["exit_code"] == 3 and r["profile"] == "trace-qwen2.5-vl-7b" and r["run_key"] == key
    assert r["profile_sha256"] == P.profile_sha256(P.load("trace-qwen2.5-vl-7b"))
    expect = L.build_command("trace-qwen2.5-vl-7b", prepared["data"], prepared["model"], run, n_gpus=8, nnodes=1)
    assert r["command"] == expect and r["overrides"] == expect[3:]
    assert [o for o in expect if o.startswith("trainer.default_local_dir=")] == [
        f"trainer.default_local_dir={P.hydra_value(str(run))}"]
    assert r["overrides_sha256"] == L.overrides_sha256(expect[3:])
    assert len(r["gpus"]) == 8 and r["software"]["verl"] == "0.9.1" and "vllm" in r["software"]
    assert r["started"] <= r["ended"] and r["resumed_from_step"] is None and r["last_step"] == 100
    assert r["ray"]["address"] == "192.0.2.7:41234"
    assert r["prompt_lengths"]["rows"] == 4 and "verl.utils.config.validate_config" in r["verl_checks"]
    assert r["previous_attempts"] == [] and r["attempt"] == 1
    # the retry (same inputs, same work dir) resumes (veRL's resume_mode=auto) and publishes on success
    trainer_ok = [sys.executable, "-c", "pass"]
    assert L.launch("trace-qwen2.5-vl-7b", prepared["data"], prepared["model"], out, work=work,
                    trainer_command=trainer_ok, ray=str(ray), log=lambda *_: None) == 0
    r2 = json.loads((out / "run_receipt.json").read_text())
    assert r2["exit_code"] == 0 and r2["resumed_from_step"] == 100 and r2["attempt"] == 2
    assert [a["exit_code"] for a in r2["previous_attempts"]] == [3]
    assert (out / "latest_checkpointed_iteration.txt").read_text() == "100"
    assert (out / "global_step_100" / "actor" / "w.pt").read_text() == "w"
    assert os.path.samefile(out / "global_step_100" / "actor" / "w.pt", run / "global_step_100" / "actor" / "w.pt")
    # a non-empty output is never trained into
    with pytest.raises(L.LaunchError, match="not empty"):
        L.preflight("trace-qwen2.5-vl-7b", prepared["data"], prepared["model"], out, work=work, log=lambda *_: None)


def test_preflight_rejects_overlong_prompts(gpu_path, prepared, tmp_path, monkeypatch):
    gpu_path(8)
    prof = P.load("trace-qwen2.5-vl-3b")   # a user's variant that declares no recipe run (recipe: null)
    monkeypatch.setattr(P, "load", lambda name: dict(prof, name="short-prompts", recipe=None, verl=dict(prof["verl"], overrides=dict(
        prof["verl"]["overrides"], **{"data.max_prompt_length": 20, "trainer.experiment_name": "short-prompts"}))))
    with pytest.raises(prep.PromptTooLong):
        L.preflight("trace-qwen2.5-vl-3b", prepared["data"], prepared["model"], tmp_path / "o",
                    log=lambda *_: None)
    assert not (tmp_path / "o").exists()


def test_site_settings_reach_the_trainer(gpu_path, prepared, tmp_path, monkeypatch):
    """A shorter allocation: veRL's expiry clock (the allocation's end) and the save margin reach the trainer,
    the site's checkpoint cadence replaces the profile's, and the run receipt records both."""
    import time

    bin_dir = gpu_path(8)
    ray = _fake_ray(bin_dir / "fake-ray", tmp_path / "ray.log")
    monkeypatch.setenv("SLURM_JOB_ID", "4243")
    out, work = tmp_path / "ckpt", tmp_path / "work"
    before = time.time()
    run, _ = L.run_location("trace-qwen2.5-vl-3b", prepared["data"], prepared["model"], out, work)
    trainer = [sys.executable, "-c",
               f"import os,sys,time,pathlib; t=int(os.environ['{L.DEADLINE_ENV}']); "
               f"assert {int(before) + 1440 * 60 - 5} <= t <= time.time() + 1440 * 60, t; "
               "o=pathlib.Path(sys.argv[1]); (o/'global_step_25/actor').mkdir(parents=True); "
               "(o/'latest_checkpointed_iteration.txt').write_text('25')", str(run)]
    rc = L.launch("trace-qwen2.5-vl-3b", prepared["data"], prepared["model"], out, work=work, trainer_command=trainer,
                  ray=str(ray), log=lambda *_: None, save_freq=25, time_limit_minutes=1440)
    assert rc == 0
    r = json.loads((out / "run_receipt.json").read_text())
    assert "trainer.save_freq=25" in r["overrides"] and f"trainer.esi_redundant_time={L.DEADLINE_MARGIN_S}" in r["overrides"]
    assert r["site"] == {"trainer.save_freq": 25, "trainer.esi_redundant_time": L.DEADLINE_MARGIN_S}
    assert int(r["deadline"]) >= int(before) + 1440 * 60 - 5
    for kw, msg in ((dict(save_freq=0), "--save-freq must be at least 1"),
                    (dict(time_limit_minutes=20), "leaves no time to train")):
        with pytest.raises(L.LaunchError, match=msg):
            L.launch("trace-qwen2.5-vl-3b", prepared["data"], prepared["model"], tmp_path / "o2", work=work,
                     trainer_command=trainer, ray=str(ray), log=lambda *_: None, **kw)
    # the profile itself is still held to the recipe's cadence: only a run's site settings may differ
    assert any("trainer.save_freq: recipe value 100" in p for p in P.recipe_problems(
        L.run_profile("trace-qwen2.5-vl-3b", n_gpus=8, nnodes=1, site={"trainer.save_freq": 25}),
        P.compose(L.run_profile("trace-qwen2.5-vl-3b", n_gpus=8, nnodes=1, site={"trainer.save_freq": 25}),
                  P.CHECK_RUNTIME)))


def test_model_positions_must_match_the_profile(tmp_path):
    import shutil

    model = tmp_path / "m"
    model.mkdir()
    (model / "config.json").write_text(json.dumps({"text_config": {"max_position_embeddings": 32768}}))
    with pytest.raises(L.LaunchError, match="max_position_embeddings is 32768, the profile says 128000"):
        L.check_model_positions(P.load("trace-qwen2.5-vl-7b"), model)
    shutil.rmtree(model)
