"""Resume that survives Snakemake: a training job killed after its first checkpoint is retried by Snakemake
(``--retries 1``, as the Slurm profile's ``retries``) and resumes from that checkpoint; the merged model is
byte-identical to an uninterrupted run's.

Snakemake deletes a job's declared outputs before every attempt, so the train rule trains in
``results/train/{model}/work/<run key>`` (not an output) and publishes to its output at the end.  Two
workspaces run the data + train stages of a tiny study (the CPU smoke backend, 10 GRPO steps, a checkpoint
every 2): one uninterrupted, one whose ``rlvr train`` process gets SIGKILL (a preemption) as soon as the
first checkpoint exists.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
import yaml

from workspace import BIN, env, make_workspace

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1800), pytest.mark.early(120)]   # ~3 min idle, ~8 under load

ROOT = Path(__file__).resolve().parents[1]
STEPS, SAVE_FREQ = 10, 2
TARGET = "results/models/tiny-trace"
TIMEOUT_S = 1800


def _workspace(path: Path) -> Path:
    ws = make_workspace(path)
    prof = yaml.safe_load((ROOT / "rlvr" / "profiles" / "tiny-cpu.yaml").read_text())
    ov = prof["verl"]["overrides"]
    ov["trainer.total_training_steps"], ov["trainer.save_freq"] = STEPS, SAVE_FREQ
    prof["dataset"]["train_rows"] = STEPS * ov["data.train_batch_size"]
    (ws / "config" / "test" / "tiny-resume.yaml").write_text(yaml.safe_dump(prof, sort_keys=False))
    shutil.copy(ROOT / "rlvr" / "profiles" / prof["system_prompt"]["path"], ws / "config" / "test")
    base = (ws / "config" / "test" / "tiny-data.yaml").read_text().replace("stages: [data]", "stages: [data, train]")
    (ws / "config" / "test" / "resume.yaml").write_text(
        base + "train: {data: fixed}\n" + "models:\n"
        "  - {id: tiny-base, scale: tiny, base: null, source: local}\n"
        "  - {id: tiny-trace, scale: tiny, base: tiny-base, source: train, profile: config/test/tiny-resume.yaml,"
        " init: tiny-base}\n")
    return ws


def _start(ws: Path, log: Path):
    cmd = [str(BIN / "snakemake"), TARGET, "--cores", "2", "--retries", "1", "--configfile", "config/test/resume.yaml"]
    return subprocess.Popen(cmd, cwd=ws, env=env(), stdout=open(log, "w"), stderr=subprocess.STDOUT,
                            start_new_session=True)


def _stop_group(proc) -> None:
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()


def _wait(proc, log: Path) -> None:
    try:
        proc.wait(timeout=TIMEOUT_S)
    finally:
        _stop_group(proc)
    assert proc.returncode == 0, log.read_text()[-4000:]


def _trainer_pids(group: int) -> list[int]:
    """The ``rlvr train`` processes of a Snakemake run's process group (not the ``rlvr receipt`` wrapper)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if os.getpgid(int(entry.name)) != group:
                continue
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except (OSError, ProcessLookupError):
            continue
        args = [a.decode(errors="replace") for a in argv if a]
        if len(args) >= 3 and Path(args[1]).name == "rlvr" and args[2] == "train":
            pids.append(int(entry.name))
    return pids


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    ws = _workspace(tmp_path_factory.mktemp("plain") / "ws")
    log = ws.parent / "snakemake.log"
    _wait(_start(ws, log), log)
    return ws


def test_a_killed_training_job_resumes_under_snakemake(uninterrupted, tmp_path):
    ws = _workspace(tmp_path / "ws")
    log = tmp_path / "snakemake.log"
    proc = _start(ws, log)
    killed = []
    try:
        deadline = time.monotonic() + TIMEOUT_S
        while not killed and time.monotonic() < deadline and proc.poll() is None:
            if list((ws / "results/train/tiny-trace/work").glob("*/latest_checkpointed_iteration.txt")):
                for pid in _trainer_pids(proc.pid):
                    os.kill(pid, signal.SIGKILL)   # a preemption: no cleanup, no receipt update
                    killed.append(pid)
            time.sleep(0.1)
        assert killed, "the training job finished or failed before its first checkpoint: " + log.read_text()[-3000:]
    finally:
        if not killed:
            _stop_group(proc)
    _wait(proc, log)

    out = ws / "results/train/tiny-trace/checkpoints"
    receipt = json.loads((out / "run_receipt.json").read_text())
    assert receipt["attempt"] == 2 and receipt["exit_code"] == 0 and receipt["last_step"] == STEPS
    resumed = receipt["resumed_from_step"]
    assert resumed and resumed % SAVE_FREQ == 0 and resumed < STEPS, receipt
    assert [a["exit_code"] for a in receipt["previous_attempts"]] == [None]    # the killed attempt
    metrics = [json.loads(x) for x in (out / "metrics.jsonl").read_text().splitlines()]
    assert [m["step"] for m in metrics] == list(range(1, STEPS + 1))          # each step once
    plain = [json.loads(x) for x in (uninterrupted / "results/train/tiny-trace/checkpoints/metrics.jsonl")
             .read_text().splitlines()]
    strip = lambda rows: [{k: v for k, v in r.items() if k != "time_s"} for r in rows]  # noqa: E731
    assert strip(metrics) == strip(plain)
    # Snakemake retried the job (its log says so) and the merge of the resumed run equals the plain one
    text = log.read_text()
    assert "Trying to restart job" in text or "restart" in text.lower(), text[-3000:]
    merged = {p.name: p.read_bytes() for p in (ws / TARGET).iterdir() if p.suffix in (".safetensors", ".json")
              and p.name != "merge_manifest.json"}
    plain_merged = {p.name: p.read_bytes() for p in (uninterrupted / TARGET).iterdir()
                    if p.suffix in (".safetensors", ".json") and p.name != "merge_manifest.json"}
    assert "model.safetensors" in merged and merged == plain_merged
