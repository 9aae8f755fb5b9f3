"""Writing files and folders so that a reader never sees half of one: the project's one implementation.

Both packages write through this module (``rlvr`` imports it from ``tracegen``; ``tracegen`` never imports
``rlvr``); serialisation and hashing live in ``tracegen.core.canonical``.

* ``write_atomic(path, data)``: a temporary file in the target's own folder (a unique name per writer, so
  concurrent writers of one path never share it), flushed and fsync'd, then ``os.replace``: a reader sees
  the old file or the whole new one. ``write_json_atomic`` writes JSON that way (pretty or canonical).
* ``atomic_file(path)``: the same for a writer that needs a path of its own (``savefig``, a download
  stream): it writes the temporary path it is given, which is renamed into place when the block ends
  without an exception and removed otherwise.
* ``staged(output, force=...)``: an output *folder* built in ``.<name>.staging-<host>-<pid>`` beside it
  and published by ``publish``: renamed into place under a lock on the parent folder, so of two builds into
  one output without ``force`` the second fails saying so, ``force`` replaces only a folder (never a file),
  and there is no moment without an output (the old one is renamed aside, then removed). Staging and old
  folders left by dead processes of this host are removed at the next build of that output.
"""

from __future__ import annotations

import errno
import fcntl
import os
import re
import shutil
import socket
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .canonical import canonical_json, pretty_json

_HOST = re.sub(r"[^A-Za-z0-9_.-]", "_", socket.gethostname()) or "host"
_TEMP = re.compile(r"^\.(?P<name>.+)\.(?P<kind>staging|old)-(?:(?P<host>[A-Za-z0-9_.-]+)-)?(?P<pid>\d+)$")


# ---------------------------------------------------------------------------- single files
def _make_parent(path: Path) -> None:
    for parent in (path.parent, *path.parent.parents):
        if parent.exists() and not parent.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "Not a directory", str(parent))
    path.parent.mkdir(parents=True, exist_ok=True)


@contextmanager
def atomic_file(path):
    """Yield a temporary path beside ``path`` (its parent folder is created); on a clean exit the temporary
    file is renamed to ``path`` (``os.replace``), on an exception it is removed and ``path`` is untouched."""
    path = Path(path)
    _make_parent(path)
    # unique per writer (processes and threads alike)
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}-{uuid.uuid4().hex[:12]}")
    try:
        yield tmp
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def write_atomic(path, data: str | bytes) -> Path:
    """Write ``data`` (text is UTF-8 encoded, ``\\n`` kept as is) to ``path`` atomically; returns the path."""
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    with atomic_file(path) as tmp:
        with open(tmp, "xb") as f:    # "x": created with the umask's usual mode, never an existing file
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    return path


def write_json_atomic(path, obj: Any, *, pretty: bool = True) -> Path:
    """``obj`` as ``pretty_json`` (or canonical JSON plus a newline) written with ``write_atomic``."""
    return write_atomic(path, pretty_json(obj) if pretty else canonical_json(obj) + "\n")


# ---------------------------------------------------------------------------- output folders
def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clean_stale(output: Path) -> list[Path]:
    """Remove ``.<name>.staging-*`` / ``.<name>.old-*`` folders beside ``output`` left by processes of this
    host that no longer run (a crash or a kill); folders of live processes or other hosts stay."""
    removed = []
    if not output.parent.is_dir():
        return removed
    for p in output.parent.iterdir():
        m = _TEMP.match(p.name)
        if not m or m["name"] != output.name or (m["host"] or _HOST) != _HOST or _pid_alive(int(m["pid"])):
            continue
        shutil.rmtree(p, ignore_errors=True) if p.is_dir() and not p.is_symlink() else p.unlink(missing_ok=True)
        removed.append(p)
    return removed


def check_output(output: Path, force: bool) -> None:
    """Refuse, before anything is written, an output that exists (without ``force``) or is not a folder."""
    if output.is_symlink() or (output.exists() and not output.is_dir()):
        raise FileExistsError(f"output {output} exists and is not a directory; refusing to replace it"
                              f"{' (even with --force)' if force else ''}")
    if output.exists() and not force:
        raise FileExistsError(f"output {output} already exists (use --force to replace it)")


def staging_for(output: Path, force: bool) -> Path:
    """A fresh staging folder beside ``output`` (after ``check_output`` and removing stale ones)."""
    check_output(output, force)
    for parent in (output.parent, *output.parent.parents):
        if parent.exists() and not parent.is_dir():
            raise FileExistsError(f"cannot create {output}: {parent} is not a directory")
    output.parent.mkdir(parents=True, exist_ok=True)
    clean_stale(output)
    staging = output.parent / f".{output.name}.staging-{_HOST}-{os.getpid()}"
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir()
    return staging


@contextmanager
def locked(folder: Path):
    """An exclusive ``flock`` on ``folder`` for the duration of the block."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def publish(staging: Path, output: Path, force: bool) -> None:
    """Move a finished staging folder into place, atomically and under a lock on the parent folder: of two
    builds into one output without ``force`` the second fails saying so; ``force`` replaces only a folder."""
    with locked(output.parent):
        if output.is_symlink() or output.exists():
            if not force:
                raise FileExistsError(f"output {output} was published by another build while this one ran "
                                      "(use --force to replace it); this build's result is discarded")
            if output.is_symlink() or not output.is_dir():
                raise FileExistsError(f"output {output} exists and is not a directory; refusing to replace it")
            trash = output.parent / f".{output.name}.old-{_HOST}-{os.getpid()}"
            output.rename(trash)
            staging.rename(output)
            shutil.rmtree(trash)
        else:
            staging.rename(output)


@contextmanager
def staged(output, *, force: bool = False):
    """Yield a fresh staging folder for the folder ``output`` (refused up front if ``output`` exists without
    ``force``, or is not a folder); the block fills it and, when it ends without an exception, the folder is
    published (``publish``); on an exception it is removed and ``output`` is untouched."""
    output = Path(output)
    staging = staging_for(output, force)
    try:
        yield staging
        publish(staging, output, force)
    finally:
        shutil.rmtree(staging, ignore_errors=True)   # gone after a publish; removes an abandoned one
