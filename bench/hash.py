#!/usr/bin/env python
"""Receipt hashing throughput vs coreutils sha256sum on one large file.

    python bench/hash.py --size-mb 1024

Prints MB/s for both and the ratio (target: receipts hash at >= 80 % of sha256sum's throughput).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--size-mb", type=int, default=1024)
    p.add_argument("--repeats", type=int, default=3)
    a = p.parse_args(argv)

    from rlvr.receipts import hash_path

    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "big.bin")
        block = os.urandom(1 << 20)
        with open(path, "wb") as f:
            for _ in range(a.size_mb):
                f.write(block)
        subprocess.run(["sha256sum", path], check=True, capture_output=True)  # warm the page cache
        best_cli = best_ours = float("inf")
        for _ in range(a.repeats):
            t = time.perf_counter()
            cli = subprocess.run(["sha256sum", path], check=True, capture_output=True, text=True).stdout.split()[0]
            best_cli = min(best_cli, time.perf_counter() - t)
            t = time.perf_counter()
            ours = hash_path(path)["sha256"]
            best_ours = min(best_ours, time.perf_counter() - t)
        assert cli == ours, "digests differ"
    mb = a.size_mb
    print(f"sha256sum:        {mb / best_cli:8.1f} MB/s")
    print(f"rlvr receipts:    {mb / best_ours:8.1f} MB/s")
    print(f"ratio:            {best_cli / best_ours * 100:8.1f} % of sha256sum (target >= 80 %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
