"""Warm pixel memory for canvases.

A canvas's pixels are a few megabytes, and every instance needs new ones.  Freshly allocated
memory of that size costs a page fault per 4 KiB on first touch (the C allocator hands blocks
this large back to the system when they are freed, and maps new ones for the next request),
about a fifth of a millisecond per megapixel: several per cent of a finished instance.  The
pool keeps the memory of the last few canvases and lends it out again once nothing uses it.

A loan is one numpy array (a view of a pooled block).  Its block comes back to the pool when
that array object is garbage: a cairo surface made with ``create_for_data`` holds the array for
as long as cairo holds the surface, and every pixel view taken from the surface holds the
surface, so a block is never lent twice while anything can still read or write it.  The caller
must hand the loaned array itself to cairo and take no other views of it (a view of a view
refers to the block, not to the loan).  Callers overwrite every pixel (``Canvas`` fills the
background), so what a block held before never reaches an image.

The PNG encoder's scanlines (about three quarters of a canvas's bytes) borrow a block for the
length of a ``with`` block (``scratch``); new blocks leave a quarter of room, so that the next,
somewhat larger image of a build still finds warm memory.
"""

from __future__ import annotations

import contextlib
import threading
import weakref

import numpy as np

KEEP_BYTES = 64 * 2**20   # idle blocks kept at most (the largest first)
HEADROOM = 0.25           # a new block's room for larger requests, as a fraction of the request


class PixelPool:
    def __init__(self, keep_bytes: int = KEEP_BYTES, headroom: float = HEADROOM):
        self.keep_bytes = keep_bytes
        self.headroom = headroom
        self._idle: list[np.ndarray] = []   # flat uint32 blocks nothing is using
        self._lock = threading.Lock()       # returns run in the garbage collector, on any thread

    def _pop(self, n: int) -> np.ndarray:
        """An idle block of at least ``n`` words (the smallest that fits), or a new one with headroom."""
        with self._lock:
            fits = [i for i, b in enumerate(self._idle) if b.size >= n]
            if fits:   # the smallest block that fits
                return self._idle.pop(min(fits, key=lambda i: self._idle[i].size))
        # image sizes vary from instance to instance: a new block leaves room for a somewhat larger
        # image, so that the next one's memory is warm too
        return np.empty(n + int(n * self.headroom), dtype=np.uint32)

    def take(self, shape: tuple[int, int]) -> np.ndarray:
        """A C-contiguous uint32 array of ``shape``, contents undefined."""
        n = int(shape[0]) * int(shape[1])
        block = self._pop(n)
        loan = block[:n].reshape(shape)
        weakref.finalize(loan, self._give, block).atexit = False
        return loan

    @contextlib.contextmanager
    def scratch(self, nbytes: int):
        """A uint8 array of ``nbytes`` (contents undefined) for the ``with`` block only: its memory goes
        back to the pool when the block ends, so nothing made inside may keep a view of it (the PNG
        encoder's scanlines: deflate returns new bytes)."""
        block = self._pop(-(-int(nbytes) // 4))
        try:
            yield block.view(np.uint8)[: int(nbytes)]
        finally:
            self._give(block)

    def _give(self, block: np.ndarray) -> None:
        with self._lock:
            idle = sorted(self._idle + [block], key=lambda b: -b.size)
            kept, total = [], 0
            for b in idle:
                if total + b.nbytes <= self.keep_bytes:
                    kept.append(b)
                    total += b.nbytes
            self._idle = kept

    def idle_bytes(self) -> int:
        with self._lock:
            return sum(b.nbytes for b in self._idle)


POOL = PixelPool()
