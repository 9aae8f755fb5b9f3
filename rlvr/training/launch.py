"""``rlvr train`` GPU backend: launch ``python -m verl.trainer.main_ppo`` for the paper profiles.

One call of :func:`launch` (``rlvr train --profile NAME --data DIR --init MODEL --output CKPT``):

1. pre-flight, nothing written yet: the profile's own checks (:func:`profiles.validate`, which includes
   the system prompt sha256 against the profile and the recipe pin); the GPU check (``nvidia-smi -L``
   must list at least ``trainer.n_gpus_per_node`` GPUs -- a Slurm job asking for N GPUs may see fewer --
   and a set ``CUDA_VISIBLE_DEVICES`` must name at least as many); the prepared parquet
   (``DATA/train/*.parquet``, ``DATA/validation/*.parquet``, as ``rlvr prepare-rl-data`` writes them);
   the full override list composed with veRL's own ``ppo_trainer`` config and checked with veRL's
   ``validate_config`` (:func:`profiles.verify`, the same function ``rlvr check`` uses); every prompt's
   token count against ``data.max_prompt_length`` with the init model's processor
   (:func:`prepare.check_prompt_lengths`);
2. Ray: a head node for this job (``ray start --head --num-gpus N --num-cpus C --temp-dir
   /tmp/ray-<job>``; the temp dir is kept short because Ray's unix socket paths have a ~107 byte limit);
   for ``trainer.nnodes > 1`` the other nodes of the Slurm allocation join with
   ``srun --nodes=N-1 --ntasks-per-node=1 --exclude=<head> ray start --address=<head ip>:<port> --block``
   (run in the background, killed at the end).  The trainer reaches the cluster through ``RAY_ADDRESS``
   (veRL's ``ray.init()`` connects to it instead of starting its own);
3. the trainer: ``python -m verl.trainer.main_ppo <overrides>`` (see :func:`build_command`), with
   ``trainer.resume_mode=auto`` -- after a preemption the rerun resumes from the last
   ``global_step_<N>`` under ``trainer.default_local_dir`` (veRL's ``latest_checkpointed_iteration.txt``);
   an empty output directory starts from scratch;
4. ``ray stop`` (always), then ``OUTPUT/run_receipt.json``: the resolved override list and its sha256,
   the profile's sha256, the GPUs seen, software versions, start / end, exit status (earlier attempts of
   a resumed run are kept under ``previous_attempts``).  The trainer's exit code is returned.

Multi-node: ``SLURM_JOB_NUM_NODES`` / ``SLURM_JOB_NODELIST`` must be visible to the launcher (the
Snakemake jobstep plugin strips ``SLURM_*`` from the job step's environment; the paper profiles are one
node and need neither).  The head is the node the launcher runs on.

:func:`train_main` dispatches ``rlvr train``: CPU smoke profiles (``trainer.device: cpu``) go to
:mod:`rlvr.training.smoke`, everything else to this launcher.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import datetime as _dt
import hashlib
import io
import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

from . import profiles as P

TRAINER_MODULE = "verl.trainer.main_ppo"
REWARD_PATH = "pkg://rlvr.training.reward"
REWARD_NAME = "compute_score"
RAY_PORT = 6379
RECEIPT = "run_receipt.json"
RECEIPT_SCHEMA = "rlvr-train-run/v1"
SOFTWARE = ("verl", "torch", "vllm", "transformers", "ray", "flash-attn", "rlvr")
#: Environment of Ray and the trainer: offline hub, no telemetry.  (veRL's own Ray runtime env adds
#: TOKENIZERS_PARALLELISM, NCCL_DEBUG, VLLM_LOGGING_LEVEL, ... to every worker.)
TRAIN_ENV = {
    "HF_HUB_OFFLINE": "1",
    "HF_DATASETS_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "WANDB_MODE": "disabled",
    "VLLM_NO_USAGE_STATS": "1",
    "DO_NOT_TRACK": "1",
    "RAY_USAGE_STATS_ENABLED": "0",
    "RAY_DEDUP_LOGS": "0",
    "PYTHONUNBUFFERED": "1",
}


class LaunchError(RuntimeError):
    """The GPU run cannot start (GPUs, data, config, environment)."""


# --------------------------------------------------------------------------------------------------
# the command
# --------------------------------------------------------------------------------------------------

def _profile(profile) -> dict:
    return profile if isinstance(profile, dict) else P.load(profile)


def data_files(data_dir) -> tuple[list[str], list[str]]:
    """The prepared parquet files (``DATA/train/*.parquet``, ``DATA/validation/*.parquet``), absolute."""
    data_dir = Path(data_dir).resolve()
    out = []
    for split in ("train", "validation"):
        files = sorted((data_dir / split).glob("*.parquet"))
        if not files:
            raise LaunchError(f"no prepared {split} parquet in {data_dir / split} (run rlvr prepare-rl-data)")
        out.append([str(f) for f in files])
    return out[0], out[1]


def run_profile(profile, *, n_gpus: int, nnodes: int) -> dict:
    """The profile with this run's launch keys (GPUs, nodes, resume, logger, reward) set in its overrides."""
    prof = copy.deepcopy(_profile(profile))
    ov = prof["verl"]["overrides"]
    ov.update({
        "trainer.n_gpus_per_node": int(n_gpus),
        "trainer.nnodes": int(nnodes),
        "trainer.resume_mode": "auto",
        "trainer.logger": ["console"],
        "reward.custom_reward_function.path": REWARD_PATH,
        "reward.custom_reward_function.name": REWARD_NAME,
    })
    return prof


def runtime_values(data_dir, init_dir, output_dir) -> dict:
    """The profile's runtime keys (``verl.runtime_keys``) for this run."""
    train, val = data_files(data_dir)
    return {"data.train_files": train, "data.val_files": val,
            "actor_rollout_ref.model.path": str(Path(init_dir).resolve()),
            "trainer.default_local_dir": str(Path(output_dir).resolve())}


def build_overrides(profile, data_dir, init_dir, output_dir, *, n_gpus: int, nnodes: int) -> list[str]:
    return P.hydra_overrides(run_profile(profile, n_gpus=n_gpus, nnodes=nnodes),
                             runtime_values(data_dir, init_dir, output_dir))


def build_command(profile, data_dir, init_dir, output_dir, *, n_gpus: int, nnodes: int,
                  python: str | None = None) -> list[str]:
    """``python -m verl.trainer.main_ppo`` + the profile's overrides + this run's keys."""
    return [python or sys.executable, "-m", TRAINER_MODULE,
            *build_overrides(profile, data_dir, init_dir, output_dir, n_gpus=n_gpus, nnodes=nnodes)]


def verify_run(profile, data_dir, init_dir, output_dir, *, n_gpus: int, nnodes: int) -> list[str]:
    """Compose veRL's config with exactly the command's overrides and run veRL's checks (raises)."""
    prof = run_profile(profile, n_gpus=n_gpus, nnodes=nnodes)
    with contextlib.redirect_stdout(io.StringIO()):
        return P.verify(prof, runtime_values(data_dir, init_dir, output_dir))


def overrides_sha256(overrides: list[str]) -> str:
    return hashlib.sha256(P.canonical(list(overrides)).encode("utf-8")).hexdigest()


# --------------------------------------------------------------------------------------------------
# GPUs
# --------------------------------------------------------------------------------------------------

def visible_gpus() -> list[str]:
    """``nvidia-smi -L`` lines (``GPU i: ...``); raises LaunchError when it is missing or fails."""
    exe = shutil.which("nvidia-smi")
    if exe is None:
        raise LaunchError("nvidia-smi not found: no NVIDIA GPU is visible on this node")
    try:
        proc = subprocess.run([exe, "-L"], capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        raise LaunchError("nvidia-smi -L did not answer within 120 s") from None
    if proc.returncode != 0:
        why = (proc.stderr or proc.stdout).strip().splitlines()
        raise LaunchError(f"nvidia-smi -L failed (exit {proc.returncode}): {why[0] if why else 'no output'}")
    return [line.strip() for line in proc.stdout.splitlines() if line.strip().startswith("GPU ")]


def check_gpus(required: int) -> list[str]:
    """At least ``required`` GPUs on this node, per ``nvidia-smi -L`` and ``CUDA_VISIBLE_DEVICES``."""
    gpus = visible_gpus()
    usable = len(gpus)
    cvd = os.environ.get("CUDA_VISIBLE_DEVICES")
    note = ""
    if cvd is not None:
        named = [x for x in cvd.split(",") if x.strip()]
        usable = min(usable, len(named))
        note = f", CUDA_VISIBLE_DEVICES={cvd!r}"
    if usable < required:
        raise LaunchError(f"{usable} GPU(s) visible on {short_hostname()} (nvidia-smi -L lists {len(gpus)}{note}), "
                          f"the profile needs {required} per node: did the Slurm job get fewer GPUs than requested?")
    return gpus


# --------------------------------------------------------------------------------------------------
# Ray
# --------------------------------------------------------------------------------------------------

def short_hostname() -> str:
    return os.environ.get("SLURMD_NODENAME") or socket.gethostname().split(".")[0]


def ray_temp_dir(env=None) -> str:
    """A short per-job temp dir (Ray's socket paths must stay under ~107 bytes)."""
    env = os.environ if env is None else env
    return f"/tmp/ray-{env.get('SLURM_JOB_ID') or os.getpid()}"


def cpus_available(env=None) -> int:
    env = os.environ if env is None else env
    if env.get("SLURM_CPUS_PER_TASK", "").isdigit():
        return int(env["SLURM_CPUS_PER_TASK"])
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def ray_executable() -> str:
    here = Path(sys.executable).parent / "ray"
    return str(here) if here.exists() else (shutil.which("ray") or "ray")


def ray_head_command(*, n_gpus: int, n_cpus: int, temp_dir: str, port: int = RAY_PORT,
                     ray: str = "ray") -> list[str]:
    return [ray, "start", "--head", f"--port={port}", f"--num-gpus={n_gpus}", f"--num-cpus={n_cpus}",
            f"--temp-dir={temp_dir}", "--disable-usage-stats"]


def ray_worker_command(*, nnodes: int, head: str, head_address: str, n_gpus: int, n_cpus: int,
                       temp_dir: str, ray: str = "ray") -> list[str]:
    """Ray workers on the other ``nnodes - 1`` nodes of the Slurm allocation (run in the background)."""
    if nnodes < 2:
        raise ValueError("worker nodes are only needed for nnodes > 1")
    return ["srun", f"--nodes={nnodes - 1}", "--ntasks-per-node=1", f"--exclude={head}", "--kill-on-bad-exit=1",
            ray, "start", f"--address={head_address}", f"--num-gpus={n_gpus}", f"--num-cpus={n_cpus}",
            f"--temp-dir={temp_dir}", "--disable-usage-stats", "--block"]


def ray_stop_command(ray: str = "ray") -> list[str]:
    return [ray, "stop", "--force"]


def train_env(ray_address: str, temp_dir: str, base=None) -> dict:
    env = dict(os.environ if base is None else base)
    env.update(TRAIN_ENV)
    env["RAY_ADDRESS"] = ray_address
    env["RAY_TMPDIR"] = temp_dir
    return env


def head_ip(head: str) -> str:
    try:
        return socket.gethostbyname(head)
    except OSError:
        return "127.0.0.1"


# --------------------------------------------------------------------------------------------------
# receipt
# --------------------------------------------------------------------------------------------------

def software_versions() -> dict:
    from importlib import metadata

    out = {}
    for name in SOFTWARE:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = None
    out["python"] = sys.version.split()[0]
    return out


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def write_receipt(output_dir, *, profile, command: list[str], gpus: list[str], started: str, ended: str,
                  exit_code: int, extra: dict | None = None) -> Path:
    """``OUTPUT/run_receipt.json``; an earlier receipt (a preempted attempt) moves to ``previous_attempts``."""
    profile = _profile(profile)
    output_dir = Path(output_dir)
    output_dir.mkdir(parents=True, exist_ok=True)
    path = output_dir / RECEIPT
    previous = []
    if path.exists():
        try:
            old = json.loads(path.read_text(encoding="utf-8"))
            previous = old.pop("previous_attempts", []) + [old]
        except (OSError, ValueError):
            previous = []
    overrides = list(command[3:]) if command[1:3] == ["-m", TRAINER_MODULE] else list(command)
    receipt = {
        "schema": RECEIPT_SCHEMA, "backend": "rlvr.training.launch",
        "profile": profile["name"], "profile_path": profile.get("_path"),
        "profile_sha256": P.file_sha256(profile["_path"]) if profile.get("_path") else None,
        "system_prompt_sha256": profile["system_prompt"]["sha256"],
        "command": list(command), "overrides": overrides, "overrides_sha256": overrides_sha256(overrides),
        "gpus": list(gpus), "host": short_hostname(), "software": software_versions(),
        "started": started, "ended": ended, "exit_code": int(exit_code), **(extra or {}),
        "previous_attempts": previous,
    }
    tmp = path.with_name(f".{RECEIPT}.tmp-{os.getpid()}")
    tmp.write_text(json.dumps(receipt, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def _last_step(output_dir) -> int | None:
    tracker = Path(output_dir) / "latest_checkpointed_iteration.txt"
    try:
        return int(tracker.read_text(encoding="utf-8").strip())
    except (OSError, ValueError):
        return None


# --------------------------------------------------------------------------------------------------
# launch
# --------------------------------------------------------------------------------------------------

def preflight(profile_name, data_dir, init_dir, output_dir, *, log=print) -> dict:
    """Every check before anything is started or written; returns the run plan."""
    profile = P.load(profile_name)
    problems = P.validate(profile)  # includes the system prompt sha256 (profile + recipe pin)
    if problems:
        raise P.ProfileError("; ".join(problems))
    P.read_system_prompt(profile)
    ov = profile["verl"]["overrides"]
    n_gpus, nnodes = int(ov["trainer.n_gpus_per_node"]), int(ov["trainer.nnodes"])
    gpus = check_gpus(n_gpus)
    job_nodes = os.environ.get("SLURM_JOB_NUM_NODES") or os.environ.get("SLURM_NNODES")
    if nnodes > 1 and not (job_nodes and job_nodes.isdigit()):
        raise LaunchError(f"the profile needs {nnodes} nodes but SLURM_JOB_NUM_NODES is not set "
                          "(multi-node runs need the Slurm job environment)")
    if job_nodes and job_nodes.isdigit() and int(job_nodes) < nnodes:
        raise LaunchError(f"the Slurm job has {job_nodes} node(s), the profile needs {nnodes}")
    if not Path(init_dir).is_dir():
        raise LaunchError(f"init model directory {init_dir} does not exist")
    out = Path(output_dir)
    if out.exists() and not out.is_dir():
        raise LaunchError(f"output {out} exists and is not a directory")
    command = build_command(profile, data_dir, init_dir, output_dir, n_gpus=n_gpus, nnodes=nnodes)
    try:
        checks = verify_run(profile, data_dir, init_dir, output_dir, n_gpus=n_gpus, nnodes=nnodes)
    except LaunchError:
        raise
    except Exception as e:  # Hydra / OmegaConf / veRL validation: the run would fail in main_ppo
        first = str(e).strip().splitlines()[0] if str(e).strip() else ""
        raise LaunchError(f"veRL rejects the run config: {type(e).__name__}: {first}") from e
    from .prepare import check_prompt_lengths

    train, val = data_files(data_dir)
    lengths = check_prompt_lengths(train + val, init_dir, int(ov["data.max_prompt_length"]),
                                   int(ov.get("data.image_patch_size", 14)))
    log(f"pre-flight OK: {profile['name']}, {len(gpus)} GPU(s) seen, {nnodes} node(s) x {n_gpus} GPU(s), "
        f"{lengths['rows']} prompts <= {ov['data.max_prompt_length']} tokens (longest {lengths['longest']})")
    return {"profile": profile, "n_gpus": n_gpus, "nnodes": nnodes, "gpus": gpus, "command": command,
            "verl_checks": checks, "prompt_lengths": lengths}


def launch(profile_name, data_dir, init_dir, output_dir, *, trainer_command: list[str] | None = None,
           ray: str | None = None, log=print) -> int:
    """Pre-flight, Ray up, train, Ray down, receipt; returns the trainer's exit code.

    ``trainer_command`` replaces the veRL command (tests); the receipt still records the veRL overrides.
    """
    plan = preflight(profile_name, data_dir, init_dir, output_dir, log=log)
    ray = ray or ray_executable()
    n_gpus, nnodes = plan["n_gpus"], plan["nnodes"]
    temp_dir = ray_temp_dir()
    n_cpus = cpus_available()
    head = short_hostname()
    address = f"{head_ip(head)}:{RAY_PORT}"
    env = train_env(address, temp_dir)
    output = Path(output_dir)
    output.mkdir(parents=True, exist_ok=True)
    resumed_from = _last_step(output)
    started = _now()
    extra = {"ray": {"address": address, "temp_dir": temp_dir, "num_cpus": n_cpus, "num_gpus": n_gpus,
                     "nnodes": nnodes}, "resumed_from_step": resumed_from,
             "verl_checks": plan["verl_checks"], "prompt_lengths": plan["prompt_lengths"],
             "data": str(Path(data_dir).resolve()), "init": str(Path(init_dir).resolve())}
    workers = None
    rc = 1
    try:
        head_cmd = ray_head_command(n_gpus=n_gpus, n_cpus=n_cpus, temp_dir=temp_dir, ray=ray)
        log("+ " + " ".join(head_cmd))
        proc = subprocess.run(head_cmd, env=env)
        if proc.returncode != 0:
            raise LaunchError(f"ray start --head failed (exit {proc.returncode})")
        if nnodes > 1:
            wcmd = ray_worker_command(nnodes=nnodes, head=head, head_address=address, n_gpus=n_gpus,
                                      n_cpus=n_cpus, temp_dir=temp_dir, ray=ray)
            log("+ " + " ".join(wcmd) + " &")
            workers = subprocess.Popen(wcmd, env=env)
        cmd = trainer_command or plan["command"]
        log(f"+ {' '.join(plan['command'][:3])} <{len(plan['command']) - 3} overrides, sha256 "
            f"{overrides_sha256(plan['command'][3:])[:12]}>")
        rc = subprocess.run(cmd, env=env).returncode
    finally:
        if workers is not None and workers.poll() is None:
            workers.terminate()
            try:
                workers.wait(timeout=60)
            except subprocess.TimeoutExpired:
                workers.kill()
        subprocess.run(ray_stop_command(ray), env=env, capture_output=True)
        write_receipt(output, profile=plan["profile"], command=plan["command"], gpus=plan["gpus"],
                      started=started, ended=_now(), exit_code=rc,
                      extra=dict(extra, last_step=_last_step(output)))
    return rc


# --------------------------------------------------------------------------------------------------
# CLI
# --------------------------------------------------------------------------------------------------

def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The same flags as :func:`rlvr.training.smoke.add_arguments` (``rlvr train``)."""
    from . import smoke

    smoke.add_arguments(parser)


def run(args) -> int:
    if any(getattr(args, k, None) is not None for k in ("steps", "seed", "save_freq")):
        print("rlvr train: error: --steps/--seed/--save-freq apply to CPU smoke profiles only "
              "(a GPU profile runs its recipe as written)")
        return 2
    try:
        return launch(args.profile, args.data, args.init, args.output)
    except Exception as e:  # noqa: BLE001 -- one clear line for every pre-flight failure
        from .prepare import BadGroundTruth, PromptTooLong

        if not isinstance(e, (LaunchError, P.ProfileError, PromptTooLong, BadGroundTruth, FileNotFoundError,
                              OSError)):
            raise
        print(f"rlvr train: error: {str(e).splitlines()[0] if str(e) else type(e).__name__}")
        return 1


def train_main(args) -> int:
    """``rlvr train``: CPU smoke profiles -> :func:`smoke.run`, GPU profiles -> :func:`run`."""
    from . import smoke

    try:
        profile = P.load(args.profile)
    except P.ProfileError as e:
        print(f"rlvr train: error: {e}")
        return 1
    return smoke.run(args) if smoke.is_smoke_profile(profile) else run(args)
