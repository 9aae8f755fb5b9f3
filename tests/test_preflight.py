"""`rlvr preflight`: a GPU job's checks on the node, against fake nvidia-smi answers (no GPU here)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from fakegpu import fake_nvidia_smi

from rlvr import preflight as PF

BIN = Path(sys.executable).parent


def _gpus(n, memory=81559, driver="580.82.07"):
    return [{"index": str(i), "uuid": f"GPU-{i}", "name": "H", "memory_mib": memory, "driver": driver}
            for i in range(n)]


@pytest.mark.parametrize("gpus,kw,needle", [
    (_gpus(8), dict(required=1, visible=None), "CUDA_VISIBLE_DEVICES is not set and the node shows 8 GPUs"),
    (_gpus(8), dict(required=2, visible="0"), "names 1 GPU(s), the job asked for 2"),
    (_gpus(2), dict(required=2, visible="0,7"), "names 7, not a GPU nvidia-smi lists"),
    (_gpus(1), dict(required=2, visible=None), "1 GPU(s) usable, the job asked for 2"),
    (_gpus(2, driver="550.54.15"), dict(required=2, visible=None, cuda="13.0.2"),
     "driver 550.54.15 is too old for the image's CUDA 13.0.2: it needs >= 580.65.6"),
    (_gpus(2, memory=40960), dict(required=2, visible="0,1", min_memory_gib=75), "has 40.0 GiB, the job needs >= 75"),
    (_gpus(2), dict(required=2, visible="", cuda="99"), "no known minimum driver for CUDA 99"),
])
def test_each_problem_is_one_line(gpus, kw, needle):
    found = PF.problems(gpus, **kw)
    assert any(needle in p for p in found), found
    assert all("\n" not in p for p in found)


@pytest.mark.parametrize("gpus,kw", [
    (_gpus(1), dict(required=1, visible=None, cuda="13.0.2", min_memory_gib=75)),   # an isolated 1-GPU job
    (_gpus(8), dict(required=2, visible="4,5", cuda="13.0", min_memory_gib=75)),    # 2 of a shared node's 8
    (_gpus(8), dict(required=2, visible="GPU-4,GPU-5")),                            # UUIDs
    (_gpus(8, driver="580.65.06"), dict(required=8, visible=None, cuda="13.0.2")),  # the minimum driver
])
def test_a_fitting_node_passes(gpus, kw):
    assert PF.problems(gpus, **kw) == []


def _run(args, tmp_path, n=8, cvd=None, **fake):
    fake_nvidia_smi(tmp_path / "bin", n, **fake)
    env = dict(os.environ, PATH=f"{tmp_path / 'bin'}{os.pathsep}{BIN}{os.pathsep}{os.environ['PATH']}")
    env.pop("CUDA_VISIBLE_DEVICES", None)
    if cvd is not None:
        env["CUDA_VISIBLE_DEVICES"] = cvd
    return subprocess.run([str(BIN / "rlvr"), "preflight", *args], env=env, capture_output=True, text=True,
                          timeout=120)


def test_cli_runs_the_command_only_when_every_check_passes(tmp_path):
    marker = tmp_path / "ran"
    ok = _run(["--gpus", "2", "--cuda", "13.0.2", "--min-gpu-memory-gib", "75", "--", "touch", str(marker)],
              tmp_path, cvd="6,7")
    assert ok.returncode == 0 and marker.exists() and "rlvr preflight: OK (2 GPU(s) of 8" in ok.stderr
    marker.unlink()
    bad = _run(["--gpus", "1", "--cuda", "13.0.2", "--min-gpu-memory-gib", "75", "--", "touch", str(marker)],
               tmp_path, memory_mib=24576, driver="535.104.05")
    lines = bad.stderr.strip().splitlines()
    assert bad.returncode == 2 and not marker.exists() and "Traceback" not in bad.stderr
    assert len(lines) == 1 + 1 + 8, lines   # driver, visibility, then each of the node's 8 small GPUs
    assert all(x.startswith("rlvr preflight: ") for x in lines)


def test_cli_without_a_driver(tmp_path):
    env = dict(os.environ, PATH=str(BIN))
    r = subprocess.run([str(BIN / "rlvr"), "preflight", "--gpus", "1", "--", "true"], env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 2 and r.stderr.strip().splitlines() == [
        "rlvr preflight: nvidia-smi not found: no NVIDIA driver is visible here (a GPU node, and the container "
        "started with --nv?)"]
