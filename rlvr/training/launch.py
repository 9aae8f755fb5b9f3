"""``rlvr train`` GPU backend: launch ``python -m verl.trainer.main_ppo`` for the paper profiles.

One call of :func:`launch` (``rlvr train --profile NAME --data DIR --init MODEL --output CKPT [--work DIR]``):

1. pre-flight, nothing written yet: the profile's own checks (:func:`profiles.validate`, which includes
   the system prompt sha256 against the profile and the recipe pin); the GPU check (``nvidia-smi -L``
   must list at least ``trainer.n_gpus_per_node`` GPUs -- a Slurm job asking for N GPUs may see fewer --
   and a set ``CUDA_VISIBLE_DEVICES`` must name at least as many); the prepared parquet
   (``DATA/train/*.parquet``, ``DATA/validation/*.parquet``, as ``rlvr prepare-rl-data`` writes them);
   the full override list composed with veRL's own ``ppo_trainer`` config and checked with veRL's
   ``validate_config`` (:func:`profiles.verify`, the same function ``rlvr check`` uses); every prompt's
   token count against ``data.max_prompt_length`` with the init model's processor
   (:func:`prepare.check_prompt_lengths`);
2. Ray, private to this job: ``ray start --head --block --port=0`` (Ray picks a free GCS port; the client
   server and dashboard agent get free ports, no dashboard) in its own session, with a short per-attempt
   ``--temp-dir /tmp/ray-<job>-<pid>`` (Ray's unix socket paths have a ~107 byte limit); the address is the
   one the head writes to ``<temp dir>/ray_current_cluster`` (no DNS lookup).  For ``trainer.nnodes > 1``
   the other nodes of the Slurm allocation (``scontrol show hostnames $SLURM_JOB_NODELIST``, this node
   excluded; this node must belong to it) join with ``srun --nodelist=<them> ray start --address=<head>
   --block``.  The trainer reaches the cluster through ``RAY_ADDRESS`` (veRL's ``ray.init()`` connects to
   it).  Two jobs on one node get two clusters; neither can stop the other's;
3. the trainer: ``python -m verl.trainer.main_ppo <overrides>`` (see :func:`build_command`) with
   ``trainer.default_local_dir = WORK/<run key>`` (:mod:`rlvr.training.runs`; outside the rule's declared
   output, which Snakemake deletes before every attempt) and ``trainer.resume_mode=auto``: a retried or
   preempted job with the same inputs resumes from the last ``global_step_<N>`` there;
4. Ray down: SIGTERM to this job's head and workers (Ray's ``--block`` head stops the processes it started;
   SIGKILL to their own process groups if they linger) -- never ``ray stop``, which would end every Ray on
   the node; ``WORK/<run key>/run_receipt.json`` (written when the attempt starts, completed when it ends):
   the resolved override list and its sha256, the profile's sha256, the GPUs seen, software versions,
   start / end, exit status, ``resumed_from_step``, earlier attempts under ``previous_attempts``;
5. when the trainer succeeded, the run is published to ``OUTPUT`` (last checkpoint, receipt).  The
   trainer's exit code is returned.

Multi-node: ``SLURM_JOB_NUM_NODES`` / ``SLURM_JOB_NODELIST`` must be visible to the launcher (the
Snakemake jobstep plugin strips ``SLURM_*`` from the job step's environment; the paper profiles are one
node and need neither).  The head is the node the launcher runs on; the workers are the allocation's other nodes.

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
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from .. import preflight as preflight_mod
from . import profiles as P
from . import runs

TRAINER_MODULE = "verl.trainer.main_ppo"
REWARD_PATH = "pkg://rlvr.training.reward"
REWARD_NAME = "compute_score"
RECEIPT = runs.RUN_RECEIPT
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


def run_profile(profile, *, n_gpus: int, nnodes: int, site: dict | None = None) -> dict:
    """The profile with this run's launch keys (GPUs, nodes, resume, logger, reward) and the site's settings
    (:data:`profiles.SITE_KEYS`: checkpoint cadence, the save margin before the time limit) in its overrides."""
    prof = copy.deepcopy(_profile(profile))
    ov = prof["verl"]["overrides"]
    unknown = sorted(set(site or {}) - set(P.SITE_KEYS))
    if unknown:
        raise LaunchError(f"not site settings: {unknown} (site settings: {', '.join(P.SITE_KEYS)})")
    ov.update(site or {})
    ov.update({
        "trainer.n_gpus_per_node": int(n_gpus),
        "trainer.nnodes": int(nnodes),
        "trainer.resume_mode": "auto",
        "trainer.logger": ["console"],
        "reward.custom_reward_function.path": REWARD_PATH,
        "reward.custom_reward_function.name": REWARD_NAME,
    })
    return prof


def runtime_values(data_dir, init_dir, output_dir, profile=None) -> dict:
    """The profile's runtime keys (``verl.runtime_keys``) for this run.  An online profile trains on the
    stream described by ``OUTPUT/online/stream.online.json`` (written by :func:`launch` before veRL starts)."""
    train, val = data_files(data_dir)
    if profile is not None and P.is_online(_profile(profile)):
        from .online import run_spec_path

        train = [str(run_spec_path(Path(output_dir).resolve()))]
    return {"data.train_files": train, "data.val_files": val,
            "actor_rollout_ref.model.path": str(Path(init_dir).resolve()),
            "trainer.default_local_dir": str(Path(output_dir).resolve())}


def build_overrides(profile, data_dir, init_dir, output_dir, *, n_gpus: int, nnodes: int,
                    site: dict | None = None) -> list[str]:
    return P.hydra_overrides(run_profile(profile, n_gpus=n_gpus, nnodes=nnodes, site=site),
                             runtime_values(data_dir, init_dir, output_dir, profile))


def build_command(profile, data_dir, init_dir, output_dir, *, n_gpus: int, nnodes: int,
                  python: str | None = None, site: dict | None = None) -> list[str]:
    """``python -m verl.trainer.main_ppo`` + the profile's overrides + this run's keys."""
    return [python or sys.executable, "-m", TRAINER_MODULE,
            *build_overrides(profile, data_dir, init_dir, output_dir, n_gpus=n_gpus, nnodes=nnodes, site=site)]


def verify_run(profile, data_dir, init_dir, output_dir, *, n_gpus: int, nnodes: int,
               site: dict | None = None) -> list[str]:
    """Compose veRL's config with exactly the command's overrides and run veRL's checks (raises)."""
    prof = run_profile(profile, n_gpus=n_gpus, nnodes=nnodes, site=site)
    with contextlib.redirect_stdout(io.StringIO()):
        return P.verify(prof, runtime_values(data_dir, init_dir, output_dir, profile), site_keys=tuple(site or ()))


def overrides_sha256(overrides: list[str]) -> str:
    return hashlib.sha256(P.canonical(list(overrides)).encode("utf-8")).hexdigest()


# --------------------------------------------------------------------------------------------------
# GPUs
# --------------------------------------------------------------------------------------------------

def check_gpus(required: int) -> list[str]:
    """Exactly ``required`` usable GPUs on this node (:mod:`rlvr.preflight`: ``nvidia-smi``,
    ``CUDA_VISIBLE_DEVICES``); ``["<index>: <name> (<MiB> MiB)", ...]`` or LaunchError with the first problem."""
    gpus, problems = preflight_mod.check(required=required)
    if problems:
        raise LaunchError(problems[0])
    cvd = os.environ.get("CUDA_VISIBLE_DEVICES")
    named = [x.strip() for x in cvd.split(",") if x.strip()] if cvd is not None else [g["index"] for g in gpus]
    return [f"{g['index']}: {g['name']} ({g['memory_mib']} MiB)" for g in gpus
            if g["index"] in named or g["uuid"] in named]


def check_model_positions(profile: dict, init_dir) -> None:
    """The model's ``max_position_embeddings`` is the profile's (the rollout engine's limits are computed
    from the profile's figure: rlvr.training.engine)."""
    import json

    want = (profile.get("base_model") or {}).get("max_position_embeddings")
    config = Path(init_dir) / "config.json"
    if want is None or not config.is_file():
        return
    doc = json.loads(config.read_text(encoding="utf-8"))
    got = doc.get("max_position_embeddings", (doc.get("text_config") or {}).get("max_position_embeddings"))
    if got != want:
        raise LaunchError(f"{config}: max_position_embeddings is {got}, the profile says {want} "
                          "(base_model.max_position_embeddings: the engine limits are computed from it)")


# --------------------------------------------------------------------------------------------------
# Ray: one private cluster per job -- free ports, the address Ray itself reports, stopped by its own process
# --------------------------------------------------------------------------------------------------

def short_hostname() -> str:
    return os.environ.get("SLURMD_NODENAME") or socket.gethostname().split(".")[0]


def ray_temp_dir(env=None) -> str:
    """A short per-attempt temp dir (Ray's socket paths must stay under ~107 bytes)."""
    env = os.environ if env is None else env
    job = env.get("SLURM_JOB_ID")
    return f"/tmp/ray-{job}-{os.getpid()}" if job else f"/tmp/ray-{os.getpid()}"


def cpus_available(env=None) -> int:
    env = os.environ if env is None else env
    if env.get("SLURM_CPUS_PER_TASK", "").isdigit():
        return int(env["SLURM_CPUS_PER_TASK"])
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def ray_executable() -> str:
    here = Path(sys.executable).parent / "ray"
    return str(here) if here.exists() else (shutil.which("ray") or "ray")


def free_port() -> int:
    """A TCP port free on this node now (the kernel picks it)."""
    with socket.socket() as sock:
        sock.bind(("", 0))
        return sock.getsockname()[1]


def ray_head_command(*, n_gpus: int, n_cpus: int, temp_dir: str, client_port: int, agent_port: int,
                     ray: str = "ray") -> list[str]:
    """``ray start --head --block`` on free ports: the GCS port is Ray's choice (``--port=0``), the two
    ports Ray would otherwise fix (client server 10001, dashboard agent 52365) are free ones, no dashboard.
    ``--block`` keeps the head in this process, so ending it ends exactly this job's Ray."""
    return [ray, "start", "--head", "--block", "--port=0", f"--num-gpus={n_gpus}", f"--num-cpus={n_cpus}",
            f"--temp-dir={temp_dir}", "--include-dashboard=false", f"--ray-client-server-port={client_port}",
            f"--dashboard-agent-listen-port={agent_port}", "--disable-usage-stats"]


def ray_worker_command(*, workers: list[str], head_address: str, n_gpus: int, n_cpus: int, temp_dir: str,
                       ray: str = "ray") -> list[str]:
    """Ray workers on the other nodes of the Slurm allocation, named explicitly (run in the background)."""
    if not workers:
        raise ValueError("worker nodes are only needed for nnodes > 1")
    return ["srun", f"--nodes={len(workers)}", "--ntasks-per-node=1", f"--nodelist={','.join(workers)}",
            "--kill-on-bad-exit=1", ray, "start", f"--address={head_address}", f"--num-gpus={n_gpus}",
            f"--num-cpus={n_cpus}", f"--temp-dir={temp_dir}", "--disable-usage-stats", "--block"]


def slurm_nodes(env=None) -> list[str]:
    """The hosts of this Slurm allocation (``scontrol show hostnames $SLURM_JOB_NODELIST``)."""
    env = os.environ if env is None else env
    nodelist = env.get("SLURM_JOB_NODELIST") or env.get("SLURM_NODELIST")
    if not nodelist:
        raise LaunchError("SLURM_JOB_NODELIST is not set (multi-node runs need the Slurm job environment)")
    exe = shutil.which("scontrol")
    if exe is None:
        raise LaunchError("scontrol not found: cannot expand SLURM_JOB_NODELIST")
    proc = subprocess.run([exe, "show", "hostnames", nodelist], capture_output=True, text=True, timeout=60)
    hosts = [h.strip() for h in proc.stdout.splitlines() if h.strip()]
    if proc.returncode != 0 or not hosts:
        raise LaunchError(f"scontrol show hostnames {nodelist} failed: {(proc.stderr or proc.stdout).strip()[:200]}")
    return hosts


def worker_nodes(nnodes: int, env=None) -> list[str]:
    """The other nodes of the allocation (the head is this node, which must belong to it)."""
    hosts = slurm_nodes(env)
    head = short_hostname()
    if head not in hosts:
        raise LaunchError(f"this node ({head}) is not in the Slurm allocation {hosts}")
    others = [h for h in hosts if h != head]
    if len(others) < nnodes - 1:
        raise LaunchError(f"the allocation has {len(hosts)} node(s) {hosts}, the profile needs {nnodes}")
    return others[:nnodes - 1]


def start_ray_head(cmd: list[str], temp_dir: str, env: dict, *, timeout: float = 600, log=print):
    """Start the head (own session) and wait for the address it writes; returns (process, address)."""
    address_file = Path(temp_dir) / "ray_current_cluster"
    Path(temp_dir).mkdir(parents=True, exist_ok=True)
    address_file.unlink(missing_ok=True)
    log("+ " + " ".join(cmd) + " &")
    proc = subprocess.Popen(cmd, env=env, start_new_session=True)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if address_file.is_file() and address_file.read_text(encoding="utf-8").strip():
            return proc, address_file.read_text(encoding="utf-8").strip()
        if proc.poll() is not None:
            raise LaunchError(f"ray start --head exited ({proc.returncode}) before it was ready")
        time.sleep(0.5)
    stop_process(proc)
    raise LaunchError(f"the Ray head did not write {address_file} within {timeout:.0f} s")


def stop_process(proc, timeout: float = 60) -> None:
    """End a process we started in its own session: SIGTERM (Ray's head stops the processes it started),
    then, if needed, SIGKILL to its process group -- never anything outside it."""
    if proc is None or proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()


def train_env(ray_address: str, temp_dir: str, base=None) -> dict:
    env = dict(os.environ if base is None else base)
    env.update(TRAIN_ENV)
    env["RAY_ADDRESS"] = ray_address
    env["RAY_TMPDIR"] = temp_dir
    return env


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


def receipt_record(profile, command: list[str], gpus: list[str], **extra) -> dict:
    """The launcher's fields of ``run_receipt.json`` (see :mod:`rlvr.training.runs` for the attempt fields)."""
    profile = _profile(profile)
    overrides = list(command[3:]) if command[1:3] == ["-m", TRAINER_MODULE] else list(command)
    return {"backend": "rlvr.training.launch", "profile": profile["name"], "profile_path": profile.get("_path"),
            "profile_sha256": P.profile_sha256(profile),
            "system_prompt_sha256": profile["system_prompt"]["sha256"],
            "command": list(command), "overrides": overrides, "overrides_sha256": overrides_sha256(overrides),
            "gpus": list(gpus), "host": short_hostname(), "software": software_versions(), **extra}


# --------------------------------------------------------------------------------------------------
# launch
# --------------------------------------------------------------------------------------------------

def run_location(profile, data_dir, init_dir, output_dir, work=None) -> tuple[Path, str]:
    """(``WORK/<run key>``, run key): where veRL keeps this run's checkpoints across attempts."""
    prof = _profile(profile)
    key = runs.run_key(prof, data_dir, init_dir, {"backend": "verl"})
    return Path(work or runs.default_work_dir(output_dir)).resolve() / key, key


#: Seconds the trainer keeps free before the allocation's time limit (veRL's trainer.esi_redundant_time on top
#: of its longest step and 60 s for the save): stopping Ray, the run receipt, Snakemake's bookkeeping.
DEADLINE_MARGIN_S = 900
#: veRL's expiry clock (verl.utils.checkpoint.checkpoint_manager.should_save_ckpt_esi): a checkpoint is saved
#: once the time left is under the longest step + the save + esi_redundant_time.
DEADLINE_ENV = "MLP_CURRENT_CAPACITY_BLOCK_EXPIRATION_TIMESTAMP"


def site_settings(*, save_freq: int | None = None, time_limit_minutes: int | None = None) -> dict:
    """The run's site keys (checkpoint cadence; the save margin when the allocation has a time limit)."""
    site = {}
    if save_freq is not None:
        if save_freq < 1:
            raise LaunchError(f"--save-freq must be at least 1, got {save_freq}")
        site["trainer.save_freq"] = int(save_freq)
    if time_limit_minutes is not None:
        if time_limit_minutes * 60 <= 2 * DEADLINE_MARGIN_S:
            raise LaunchError(f"--time-limit-minutes {time_limit_minutes} leaves no time to train "
                              f"(the save margin is {DEADLINE_MARGIN_S // 60} min)")
        site["trainer.esi_redundant_time"] = DEADLINE_MARGIN_S
    return site


def preflight(profile_name, data_dir, init_dir, output_dir, *, work=None, log=print, site=None) -> dict:
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
    workers = worker_nodes(nnodes) if nnodes > 1 else []
    if not Path(init_dir).is_dir():
        raise LaunchError(f"init model directory {init_dir} does not exist")
    check_model_positions(profile, init_dir)
    out = Path(output_dir)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise LaunchError(f"output {out} exists and is not empty (the run trains in --work and publishes to "
                          "a new output)")
    run, key = run_location(profile, data_dir, init_dir, output_dir, work)
    command = build_command(profile, data_dir, init_dir, run, n_gpus=n_gpus, nnodes=nnodes, site=site)
    try:
        checks = verify_run(profile, data_dir, init_dir, run, n_gpus=n_gpus, nnodes=nnodes, site=site)
    except LaunchError:
        raise
    except Exception as e:  # Hydra / OmegaConf / veRL validation / recipe: the run would fail or deviate
        first = str(e).strip().splitlines()[0] if str(e).strip() else ""
        raise LaunchError(f"veRL rejects the run config: {type(e).__name__}: {first}") from e
    from .prepare import check_prompt_lengths

    train, val = data_files(data_dir)
    if P.is_online(profile):  # the stream checks each generated prompt itself (and redraws a long one)
        train = []
    lengths = check_prompt_lengths(train + val, init_dir, int(ov["data.max_prompt_length"]),
                                   int(ov.get("data.image_patch_size", 14)))
    log(f"pre-flight OK: {profile['name']}, {len(gpus)} GPU(s) seen, {nnodes} node(s) x {n_gpus} GPU(s), "
        f"{lengths['rows']} prompts <= {ov['data.max_prompt_length']} tokens (longest {lengths['longest']})")
    return {"profile": profile, "n_gpus": n_gpus, "nnodes": nnodes, "gpus": gpus, "command": command, "site": site or {},
            "verl_checks": checks, "prompt_lengths": lengths, "run": run, "run_key": key, "workers": workers}


def launch(profile_name, data_dir, init_dir, output_dir, *, work=None, trainer_command: list[str] | None = None,
           ray: str | None = None, log=print, save_freq: int | None = None,
           time_limit_minutes: int | None = None) -> int:
    """Pre-flight, Ray up, train in ``WORK/<run key>`` (resuming), Ray down, receipt, publish to ``output_dir``
    when the trainer succeeded; returns the trainer's exit code.

    ``trainer_command`` replaces the veRL command (tests); the receipt still records the veRL overrides.
    """
    started = time.time()
    site = site_settings(save_freq=save_freq, time_limit_minutes=time_limit_minutes)
    plan = preflight(profile_name, data_dir, init_dir, output_dir, work=work, log=log, site=site)
    # the allocation ends time_limit_minutes after this job started: veRL's expiry clock makes the trainer save
    # a checkpoint before then, and the retried job resumes from it in the next allocation
    deadline = {DEADLINE_ENV: str(int(started + 60 * time_limit_minutes))} if time_limit_minutes else {}
    ray = ray or ray_executable()
    n_gpus, nnodes = plan["n_gpus"], plan["nnodes"]
    run = runs.run_dir(Path(plan["run"]).parent, plan["run_key"], log=log)
    if P.is_online(plan["profile"]):
        from .online import write_run_spec

        ov = plan["profile"]["verl"]["overrides"]
        write_run_spec(run, plan["profile"], steps=ov["trainer.total_training_steps"],
                       batch_size=ov["data.train_batch_size"], rollout_n=ov["actor_rollout_ref.rollout.n"],
                       validation_files=data_files(data_dir)[1])
    temp_dir = ray_temp_dir()
    n_cpus = cpus_available()
    receipt = runs.begin_attempt(run, receipt_record(
        plan["profile"], plan["command"], plan["gpus"], run_key=plan["run_key"], started=_now(), ended=None,
        verl_checks=plan["verl_checks"], prompt_lengths=plan["prompt_lengths"],
        data=str(Path(data_dir).resolve()), init=str(Path(init_dir).resolve()),
        ray={"temp_dir": temp_dir, "num_cpus": n_cpus, "num_gpus": n_gpus, "nnodes": nnodes,
             "workers": plan["workers"]}, site=plan["site"], deadline=deadline.get(DEADLINE_ENV)))
    if receipt["resumed_from_step"]:
        log(f"resuming {run} from step {receipt['resumed_from_step']} (attempt {receipt['attempt']})")
    head = workers = None
    rc = 1
    try:
        head_cmd = ray_head_command(n_gpus=n_gpus, n_cpus=n_cpus, temp_dir=temp_dir, client_port=free_port(),
                                    agent_port=free_port(), ray=ray)
        head, address = start_ray_head(head_cmd, temp_dir, train_env("", temp_dir) | deadline, log=log)
        receipt["ray"]["address"] = address
        env = train_env(address, temp_dir) | deadline
        if plan["workers"]:
            wcmd = ray_worker_command(workers=plan["workers"], head_address=address, n_gpus=n_gpus,
                                      n_cpus=n_cpus, temp_dir=temp_dir, ray=ray)
            log("+ " + " ".join(wcmd) + " &")
            workers = subprocess.Popen(wcmd, env=env, start_new_session=True)
        cmd = trainer_command or plan["command"]
        log(f"+ {' '.join(plan['command'][:3])} <{len(plan['command']) - 3} overrides, sha256 "
            f"{overrides_sha256(plan['command'][3:])[:12]}>")
        rc = subprocess.run(cmd, env=env).returncode
    finally:
        stop_process(workers)
        stop_process(head)
        runs.end_attempt(run, receipt, rc, ended=_now())
    if rc == 0:
        runs.publish(run, output_dir, log=log)
    return rc


# --------------------------------------------------------------------------------------------------
# CLI
# --------------------------------------------------------------------------------------------------

def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of :func:`rlvr.training.smoke.add_arguments` (``rlvr train``) and the allocation's time limit."""
    from . import smoke

    smoke.add_arguments(parser)
    parser.add_argument("--time-limit-minutes", type=int, default=None,
                        help="the Slurm allocation's time limit (the rule's runtime): the GPU trainer saves a "
                             "checkpoint before it ends; the retried job resumes from it")


def run(args) -> int:
    if any(getattr(args, k, None) is not None for k in ("steps", "seed")):
        print("rlvr train: error: --steps/--seed apply to CPU smoke profiles only "
              "(a GPU profile runs its recipe as written)")
        return 2
    try:
        return launch(args.profile, args.data, args.init, args.output, work=args.work, save_freq=args.save_freq,
                      time_limit_minutes=args.time_limit_minutes)
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
