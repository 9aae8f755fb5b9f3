"""Bounds on what untrusted input may cost.

Configs, datasets (manifest, records, trace shards, PNGs) and response files come from anyone; each
bound here turns a resource attack into one line naming the file or field:

* worker processes: never more than the CPUs this process may use (``pool_size``); the output never
  depends on the worker count, so a larger request is lowered, not refused;
* files read from a dataset or named as a config must be regular files (``open_regular``): a FIFO
  would block, ``/dev/zero`` never ends;
* sizes: a config, a manifest, one record line, one decompressed trace line (``MAX_*`` below), read a
  line at a time (``read_line``), so a 1.5 MB gzip shard that inflates to 1.5 GiB costs one bounded
  line of memory, not the whole inflation;
* YAML: aliases are expanded in the size count (``load_yaml``), so an alias bomb is refused after
  composing its few nodes, before anything is built from it;
* nesting: JSON values nest at most ``MAX_NESTING`` levels where a real one nests 5 (``nests_deeper``);
* PNG: a header claiming more than ``MAX_IMAGE_SIDE`` / ``MAX_IMAGE_PIXELS`` is refused before any
  decoder allocates the surface (``png_size``).

The limits are far above anything tracegen writes (its largest trace line is about 7 KB, its records
3.5 KB, its images at most a few megapixels).  Standard library only (``yaml`` is imported on use).
"""

from __future__ import annotations

import os
import stat
import struct

MAX_CONFIG_BYTES = 1 << 20          # a build config file
MAX_CONFIG_NODES = 100_000          # YAML nodes of a config once aliases are expanded
MAX_MANIFEST_BYTES = 64 << 20       # dataset.json, build_report.json
MAX_RECORD_LINE = 16 << 20          # one line of records.jsonl
MAX_TRACE_LINE = 64 << 20           # one decompressed line of a trace shard
MAX_NESTING = 64                    # levels of lists / objects in a record, a trace or a score line
MAX_IMAGE_SIDE = 16384              # pixels, either side of a PNG
MAX_IMAGE_PIXELS = 1 << 26          # 67 megapixels (a 256 MiB RGBA surface)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class LimitError(ValueError):
    """Input beyond a bound; the message names the file or field."""


# ---------------------------------------------------------------------------- processes
def cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def pool_size(workers) -> int:
    """Worker processes to start for a request of ``workers``: at least 1, at most ``cpus()``."""
    return max(1, min(int(workers or 1), cpus()))


# ---------------------------------------------------------------------------- files
def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def open_regular(path, *, allow_pipe: bool = False):
    """Open ``path`` for binary reading when it is a regular file (or, with ``allow_pipe``, a FIFO /
    pipe: a stream the caller reads line by line, as it reads stdin); LimitError otherwise.  Refusing
    never blocks: the file is opened non-blocking and checked before anything is read."""
    import fcntl

    if allow_pipe and stat.S_ISFIFO(os.stat(path).st_mode):
        return open(path, "rb")   # waits for a writer, as reading a named pipe does
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not (stat.S_ISREG(mode) or (allow_pipe and stat.S_ISFIFO(mode))):
            raise LimitError(f"{path} is {_kind(mode)}, not a regular file")
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; LimitError otherwise."""
    with open_regular(path) as f:
        data = f.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise LimitError(f"{path} is larger than {max_bytes:,} bytes")
    return data


def read_line(f, max_bytes: int, what: str) -> bytes | None:
    """The next newline-terminated line of a binary stream (newline included); ``None`` at the end (a
    last piece without a newline is not a line); LimitError when a line is longer than ``max_bytes``."""
    line = f.readline(max_bytes + 1)
    if len(line) > max_bytes:
        raise LimitError(f"{what}: a line is longer than {max_bytes:,} bytes")
    return line if line.endswith(b"\n") else None


def lines(f, max_bytes: int):
    """``(line, too_long)`` for each line of a binary stream; a line longer than ``max_bytes`` is
    skipped (read in ``max_bytes`` pieces, never held) and reported as ``(None, True)``.  A last piece
    without a newline counts as a line, as in ``for line in f``."""
    while True:
        line = f.readline(max_bytes + 1)
        if not line:
            return
        if len(line) <= max_bytes:
            yield line, False
            continue
        while not line.endswith(b"\n"):
            line = f.readline(max_bytes + 1)
            if not line:
                break
        yield None, True


# ---------------------------------------------------------------------------- values
def nests_deeper(value, limit: int = MAX_NESTING) -> bool:
    """True when lists / tuples / sets / dicts nest deeper than ``limit`` levels (iterative)."""
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, (list, tuple, dict, set, frozenset)):
            if depth > limit:
                return True
            stack.extend((x, depth + 1) for x in (v.values() if isinstance(v, dict) else v))
    return False


def load_yaml(text: str, name: str, max_nodes: int = MAX_CONFIG_NODES):
    """``yaml.safe_load`` of one document whose node graph, aliases expanded, has at most ``max_nodes``
    nodes (an alias bomb is refused after composing its few nodes, before any value is built) and
    that nests at most ``MAX_NESTING`` levels.  yaml.YAMLError for YAML that is not valid."""
    import yaml

    loader = yaml.SafeLoader(text)
    try:
        try:
            node = loader.get_single_node()
        except RecursionError:
            raise LimitError(f"{name} nests deeper than {MAX_NESTING} levels") from None
        if node is None:
            return None
        if _expanded_nodes(node, max_nodes, name) > max_nodes:
            raise LimitError(f"{name} expands to more than {max_nodes:,} YAML nodes (aliases counted "
                             "every time they are used)")
        return loader.construct_document(node)
    finally:
        loader.dispose()


def _expanded_nodes(root, cap: int, name: str) -> int:
    """Nodes of a composed YAML graph counting an aliased node at every use (memoised per node, stops
    counting past ``cap``); LimitError past ``MAX_NESTING`` levels (a cycle included)."""
    import yaml

    sizes: dict[int, int] = {}
    stack = [(root, False, 1)]
    while stack:
        node, done, depth = stack.pop()
        if id(node) in sizes:
            continue
        if isinstance(node, yaml.SequenceNode):
            children = node.value
        elif isinstance(node, yaml.MappingNode):
            children = [x for kv in node.value for x in kv]
        else:
            sizes[id(node)] = 1
            continue
        if done:
            sizes[id(node)] = min(cap + 1, 1 + sum(sizes[id(c)] for c in children))
            continue
        if depth > MAX_NESTING:
            raise LimitError(f"{name} nests deeper than {MAX_NESTING} levels")
        stack.append((node, True, depth))
        stack.extend((c, False, depth + 1) for c in children if id(c) not in sizes)
    return sizes[id(root)]


# ---------------------------------------------------------------------------- images
def png_size(head: bytes, name: str) -> tuple[int, int] | None:
    """(width, height) from the first 24 bytes of a PNG; ``None`` when it is not a PNG header;
    LimitError when the header claims more than ``MAX_IMAGE_SIDE`` / ``MAX_IMAGE_PIXELS``."""
    if len(head) < 24 or head[:8] != PNG_SIGNATURE or head[12:16] != b"IHDR":
        return None
    w, h = struct.unpack(">II", head[16:24])
    if w > MAX_IMAGE_SIDE or h > MAX_IMAGE_SIDE or w * h > MAX_IMAGE_PIXELS:
        raise LimitError(f"{name} claims {w}x{h} pixels, more than the limit of {MAX_IMAGE_SIDE} a side "
                         f"and {MAX_IMAGE_PIXELS:,} in all")
    return w, h
