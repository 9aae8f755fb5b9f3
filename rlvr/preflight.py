"""GPU pre-flight of a job, on the node, before anything heavy starts: ``rlvr preflight ... [-- COMMAND]``.

A GPU job of the study (training, vLLM generation, the vLLM judge) starts with these checks, each failure
one line naming what to fix:

* the NVIDIA driver is there (``nvidia-smi`` answers: the container was started with ``--nv``) and new
  enough for the CUDA the job's image ships (``--cuda``; the images' torch wheels bundle CUDA 13, which
  needs driver >= 580: :data:`MIN_DRIVER`, from NVIDIA's CUDA toolkit release notes, minor-version
  compatibility);
* exactly the requested GPUs are usable (``--gpus``): ``CUDA_VISIBLE_DEVICES``, when set, names that many
  GPUs of this node (indices or UUIDs ``nvidia-smi`` lists); when unset, the node shows only that many
  (cgroup isolation). More is an error too: on a shared node a 1-GPU evaluation or 2-GPU judge job that
  sees every GPU would use another job's (Apptainer's ``--cleanenv`` drops ``CUDA_VISIBLE_DEVICES``;
  ``slurm/config.yaml`` passes the value Slurm set into the container);
* every usable GPU has at least ``--min-gpu-memory-gib`` of memory (the recipe's budget, where the site's
  GPU type is not pinned by a GRES type).

With ``-- COMMAND`` the command is executed (``os.execvp``) when every check passes. Exit status 2 and one
line per problem otherwise.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys

#: Minimum NVIDIA Linux driver per CUDA major version (minor-version compatibility; NVIDIA CUDA Toolkit
#: release notes, "CUDA Toolkit and Minimum Required Driver Version for CUDA Minor Version Compatibility").
MIN_DRIVER = {11: (450, 80, 2), 12: (525, 60, 13), 13: (580, 65, 6)}
QUERY = "index,uuid,name,memory.total,driver_version"


class PreflightError(RuntimeError):
    """nvidia-smi cannot be asked (one line)."""


def nvidia_smi(exe: str | None = None) -> list[dict]:
    """[{index, uuid, name, memory_mib, driver}] of the GPUs the node shows this process."""
    exe = exe or shutil.which("nvidia-smi")
    if exe is None:
        raise PreflightError("nvidia-smi not found: no NVIDIA driver is visible here (a GPU node, and the "
                             "container started with --nv?)")
    try:
        proc = subprocess.run([exe, f"--query-gpu={QUERY}", "--format=csv,noheader,nounits"],
                              capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        raise PreflightError("nvidia-smi did not answer within 120 s") from None
    if proc.returncode != 0:
        why = (proc.stderr or proc.stdout).strip().splitlines()
        raise PreflightError(f"nvidia-smi failed (exit {proc.returncode}): {why[0] if why else 'no output'}")
    gpus = []
    for line in proc.stdout.splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) != 5:
            continue
        try:
            memory = int(float(parts[3]))
        except ValueError:
            raise PreflightError(f"nvidia-smi gave an unreadable memory figure: {line.strip()!r}") from None
        gpus.append({"index": parts[0], "uuid": parts[1], "name": parts[2], "memory_mib": memory,
                     "driver": parts[4]})
    return gpus


def _version(text: str) -> tuple:
    return tuple(int(x) for x in text.split(".") if x.isdigit())


def problems(gpus: list[dict], *, required: int, cuda: str | None = None, min_memory_gib: float | None = None,
             visible: str | None = None) -> list[str]:
    """Why this node cannot run the job (empty: it can). ``visible`` is ``CUDA_VISIBLE_DEVICES`` (None: unset)."""
    out = []
    if not gpus:
        return ["nvidia-smi lists no GPU on this node"]
    if cuda:
        major = int(str(cuda).split(".")[0])
        need = MIN_DRIVER.get(major)
        driver = gpus[0]["driver"]
        if need is None:
            out.append(f"no known minimum driver for CUDA {cuda} (known: {sorted(MIN_DRIVER)})")
        elif _version(driver) < need:
            out.append(f"NVIDIA driver {driver} is too old for the image's CUDA {cuda}: it needs >= "
                       f"{'.'.join(map(str, need))} (ask the site for a newer driver or use an image built for an "
                       "older CUDA)")
    if visible is None:
        usable = gpus
        if len(gpus) > required:
            out.append(f"CUDA_VISIBLE_DEVICES is not set and the node shows {len(gpus)} GPUs, the job asked for "
                       f"{required}: it would use GPUs of other jobs (pass CUDA_VISIBLE_DEVICES into the container, "
                       "see slurm/config.yaml apptainer-args)")
    else:
        named = [x.strip() for x in visible.split(",") if x.strip()]
        known = {g["index"]: g for g in gpus} | {g["uuid"]: g for g in gpus}
        unknown = [x for x in named if x not in known]
        if unknown:
            out.append(f"CUDA_VISIBLE_DEVICES={visible!r} names {', '.join(unknown)}, not a GPU nvidia-smi lists "
                       f"here ({', '.join(g['index'] for g in gpus)})")
        usable = [known[x] for x in named if x in known]
        if len(named) != required:
            out.append(f"CUDA_VISIBLE_DEVICES={visible!r} names {len(named)} GPU(s), the job asked for {required}")
    if len(usable) < required:
        out.append(f"{len(usable)} GPU(s) usable, the job asked for {required}: did Slurm grant fewer than requested?")
    if min_memory_gib:
        small = [g for g in usable if g["memory_mib"] < min_memory_gib * 1024]
        for g in small:
            out.append(f"GPU {g['index']} ({g['name']}) has {g['memory_mib'] / 1024:.1f} GiB, the job needs "
                       f">= {min_memory_gib:g} GiB per GPU (request a larger GPU type in slurm/config.yaml)")
    return out


def check(*, required: int, cuda: str | None = None, min_memory_gib: float | None = None, env=None,
          exe: str | None = None) -> tuple[list[dict], list[str]]:
    """(the node's GPUs, problems) for this process's environment."""
    env = os.environ if env is None else env
    try:
        gpus = nvidia_smi(exe)
    except PreflightError as e:
        return [], [str(e)]
    return gpus, problems(gpus, required=required, cuda=cuda, min_memory_gib=min_memory_gib,
                          visible=env.get("CUDA_VISIBLE_DEVICES"))


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--gpus", type=int, required=True, help="GPUs the job requested (exactly these must be usable)")
    p.add_argument("--cuda", help="the CUDA version the job's image ships (checks the driver), e.g. 13.0")
    p.add_argument("--min-gpu-memory-gib", type=float, help="memory every usable GPU must have")
    p.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND to execute when every check passes")


def run(args) -> int:
    if args.gpus < 1:
        print("rlvr preflight: --gpus must be at least 1", file=sys.stderr)
        return 2
    gpus, found = check(required=args.gpus, cuda=args.cuda, min_memory_gib=args.min_gpu_memory_gib)
    for line in found:
        print(f"rlvr preflight: {line}", file=sys.stderr)
    if found:
        return 2
    names = ", ".join(f"{g['index']}:{g['name']}" for g in gpus)
    print(f"rlvr preflight: OK ({args.gpus} GPU(s) of {len(gpus)}: {names}; driver {gpus[0]['driver']})",
          file=sys.stderr, flush=True)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if command:
        try:
            os.execvp(command[0], command)
        except OSError as e:
            print(f"rlvr preflight: cannot run {command[0]}: {e.strerror}", file=sys.stderr)
            return 127
    return 0
