"""Deterministic lossless PNG encoding of a rendered canvas.

cairo's own writer (libpng: zlib level 6, adaptive filters, per-pixel unpremultiply) costs
several times the drawing.  Rendered scenes are flat colours and thin strokes, so raw scanlines
(filter type 0) deflated by zlib-ng (the ``zlib-ng`` package) at level 1 take a fraction of the
time: about 1.3 ms per megapixel against libdeflate level 1's 4.4 (used before) and cairo's 29,
for files about 1.4x libdeflate's and 1.16x what the original's exporter (PIL at its defaults)
writes (``bench/png_encoders.py`` compares them; README "Benchmark" has the figures).  The
BGRX -> RGB shuffle writes straight into the scanline buffer: OpenCV's ``cvtColor`` (SIMD byte
shuffles, one thread) takes about 0.25 ms per megapixel where numpy's three strided channel
copies took 0.8, a tenth of a finished instance.  It is a pure byte permutation, so the bytes
are the same on every CPU and in every OpenCV release.

Bytes depend only on the pixels and the pinned ``zlib-ng`` release (zlib-ng 2.3.3 inside): level
1 is zlib-ng's quick strategy (one hash probe, static Huffman codes), its SIMD variants compute
the same match lengths on every CPU, and 2.3.3 fixed the one known case where earlier state
leaked into a stream (zlib-ng#2100).  ISA-L (``isal``), tried first, is not deterministic: in
fresh processes the same scanlines sometimes came out as different (valid) streams.  The test
suite pins the digest of a fixed image and compares the bytes across fresh processes that
first compress unrelated data.  Any PNG reader decodes the files (PIL in the tests).
"""

from __future__ import annotations

import struct
import threading

import numpy as np
from zlib_ng import zlib_ng

from . import pixels

LEVEL = 1
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    # zlib-ng's CRC-32 (folded with carry-less multiplies) takes a fifteenth of the stdlib zlib's time;
    # the checksum is the same
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib_ng.crc32(data, zlib_ng.crc32(kind)))


def _png(width: int, height: int, scanlines: np.ndarray) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)   # 8-bit RGB, no interlace
    idat = zlib_ng.compress(memoryview(scanlines).cast("B"), LEVEL)
    return SIGNATURE + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")


def _scanlines(h: int, w: int, raw: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """An (h, 1 + 3w) buffer with filter byte 0 (in ``raw``, h (1 + 3w) bytes, when given), and its
    (h, w, 3) pixel view."""
    buf = (np.empty(h * (1 + 3 * w), dtype=np.uint8) if raw is None else raw).reshape(h, 1 + 3 * w)
    buf[:, 0] = 0
    return buf, buf[:, 1:].reshape(h, w, 3)


def encode_rgb(rgb: np.ndarray) -> bytes:
    """PNG bytes of an (h, w, 3) uint8 array."""
    h, w, _ = rgb.shape
    buf, px = _scanlines(h, w)
    px[...] = rgb
    return _png(w, h, buf)


_CV2_THREADS = threading.Lock()


def bgrx_to_rgb(bgrx: np.ndarray, out: np.ndarray) -> np.ndarray:
    """Write the (h, w, 4) BGRX pixels into ``out``, an (h, w, 3) uint8 array or view (rows may be
    strided, as in the scanline buffer), as RGB.

    OpenCV would split a large image over its thread pool, which costs more CPU time than it
    saves here and oversubscribes the cores of a build that runs one process per core: the call
    runs on one thread, and OpenCV's own setting is put back afterwards (under a lock, so that
    threads encoding at once restore the caller's value, not each other's)."""
    import cv2   # imported on first use: it adds a tenth of a second to a cold start

    with _CV2_THREADS:
        threads = cv2.getNumThreads()
        cv2.setNumThreads(1)
        try:
            res = cv2.cvtColor(bgrx, cv2.COLOR_BGRA2RGB, dst=out)
        finally:
            cv2.setNumThreads(threads)
    if res is not out:   # OpenCV allocates a new array when it cannot write into ``out``
        raise ValueError(f"cannot write RGB into a {out.dtype} array of shape {out.shape}, strides {out.strides}")
    return out


def encode_bgrx(bgrx: np.ndarray) -> bytes:
    """PNG bytes of an (h, w, 4) uint8 array in cairo's BGRX byte order (RGB24 surfaces).

    The scanlines are written into warm pooled memory (``core.pixels``): a fresh buffer of an image's
    size page-faults on first touch whenever the C allocator maps it anew, which for images over a
    megapixel cost more than the shuffle itself."""
    h, w, _ = bgrx.shape
    with pixels.POOL.scratch(h * (1 + 3 * w)) as raw:
        buf, px = _scanlines(h, w, raw)
        bgrx_to_rgb(bgrx, px)
        return _png(w, h, buf)
