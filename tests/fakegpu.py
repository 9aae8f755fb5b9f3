"""A fake ``nvidia-smi`` for tests on machines without GPUs: answers ``--query-gpu=...`` (CSV, no header, no
units) as ``rlvr.preflight`` asks it, for ``n`` GPUs of one model, memory and driver."""

from __future__ import annotations

import stat
from pathlib import Path


def fake_nvidia_smi(bin_dir: Path, n: int, *, name: str = "NVIDIA H100 80GB HBM3", memory_mib: int = 81559,
                    driver: str = "580.82.07") -> Path:
    bin_dir.mkdir(parents=True, exist_ok=True)
    rows = "".join(f"echo '{i}, GPU-{i:08d}-0000-0000-0000-000000000000, {name}, {memory_mib}, {driver}'\n"
                   for i in range(n))
    exe = bin_dir / "nvidia-smi"
    exe.write_text("#!/bin/sh\n" + rows, encoding="utf-8")
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC | stat.S_IXGRP | stat.S_IXOTH)
    return exe
