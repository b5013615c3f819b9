"""The only module that writes files, and every way a write can fail (`WriteError`).

`write_atomic` writes one file (a report, an export) by a temporary file and a rename.
An output folder is written as one transaction, under a lock (`locked`): `stage` writes
the changed files under `<root>/.ludex-staging/` and flushes them to disk; `commit`
writes the journal, the commit point; `swap` moves each file into place with
`os.replace`, removes the stale ones, puts the manifest in place, then drops the journal
and the staging folder. `recover` rolls a journal forward (the build was committed) or
discards staging without one (it was not): a killed build leaves the old outputs or,
after the next run, the new ones, never a mix. Nothing is written through a symbolic
link, and every path a journal names is checked as if it were hostile.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import secrets
import shutil
import signal
import stat
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any, NoReturn

MANIFEST = ".ludex-manifest.json"
STAGING = ".ludex-staging"
JOURNAL = ".ludex-journal.json"
RESERVED = frozenset({MANIFEST, STAGING, JOURNAL})
LOCK_WAIT = 5.0  # seconds a build waits for another build of the same folder
OLD_TMP = re.compile(r"\.(?P<name>.+)\.[a-z0-9_]{8}\.tmp")  # `.NAME.XXXXXXXX.tmp`
MAX_JOURNAL = 64 * 1024 * 1024
_NEW = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC)


class WriteError(Exception):
    """An output refused or that cannot be written (E502): a clean message, exit 1."""


class Unfinished(WriteError):
    """A committed build that could not be swapped in whole: the next build finishes it."""


def shown(path: Path | str) -> str:
    """A path safe on one line of a terminal or a CI log: unprintable characters escaped."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in os.fspath(path))


def failed(action: str, path: Path, err: OSError) -> WriteError:
    return WriteError(f"cannot {action} {shown(path)}: {err.strerror or err}")


def encode(text: str | bytes, path: Path) -> bytes:
    """What a file holds: text as UTF-8; bytes (a picture an emitter copies) as they are."""
    if isinstance(text, bytes):
        return text
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as err:
        raise WriteError(f"cannot write {shown(path)}: not valid Unicode ({err.reason})") from err


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` via a temporary file and a rename: never half-written."""
    data = encode(text, path)
    tmp = path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise WriteError(f"cannot write {shown(path)}: a file is where its folder "
                         "should be") from None
    except OSError as err:
        raise failed("write", path, err) from err
    try:
        write_new(tmp, data)
        os.replace(tmp, path)
    except OSError as err:
        _unlink_quietly(tmp)
        raise failed("write", path, err) from err
    except BaseException:
        _unlink_quietly(tmp)
        raise


def write_new(path: Path, data: bytes) -> None:
    """Create `path`, which must not exist yet, holding `data`, flushed to the disk."""
    fd = os.open(path, _NEW, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def _unlink_quietly(path: Path) -> None:
    with suppress(OSError):
        path.unlink(missing_ok=True)


def sha256_of(path: Path) -> str:
    """The sha256 of a regular file, read without following a symbolic link."""
    digest = hashlib.sha256()
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def safe_rel(rel: object) -> bool:
    """A relative POSIX path that stays inside its folder and is not Ludex's bookkeeping."""
    if not isinstance(rel, str) or not rel or "\x00" in rel or rel.startswith("/"):
        return False
    parts = rel.split("/")
    return all(p not in ("", ".", "..") for p in parts) and parts[0] not in RESERVED


def blocked(root: Path, rel: str) -> str | None:
    """Why the folders from `root` down to `rel`'s parent cannot be used (a symbolic link,
    a file in the way), or None; missing folders are fine."""
    here = root
    for part in rel.split("/")[:-1]:
        here = here / part
        try:
            mode = os.lstat(here).st_mode
        except FileNotFoundError:
            return None
        if stat.S_ISLNK(mode):
            return f"{shown(here)} is a symbolic link"
        if not stat.S_ISDIR(mode):
            return f"{shown(here)} is not a folder"
    return None


def make_dirs(root: Path, rel: str) -> None:
    """Create the missing folders of `rel` under `root`, refusing symbolic links."""
    reason = blocked(root, rel)
    if reason is not None:
        raise WriteError(f"refused: {reason}")
    (root / rel).parent.mkdir(parents=True, exist_ok=True)


def is_file(path: Path) -> bool:
    """A regular file, not a symbolic link to one."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def old_temporaries(root: Path, rels: Iterable[str]) -> Iterator[str]:
    """`.NAME.XXXXXXXX.tmp` beside a file NAME of `rels` (a killed older build's)."""
    names: dict[str, set[str]] = {}
    for parent, _, name in (rel.rpartition("/") for rel in rels):
        names.setdefault(parent, set()).add(name)
    for parent, known in names.items():
        if blocked(root, f"{parent}/-") is None and os.path.isdir(where := root / parent):
            for entry in os.listdir(where):
                match = OLD_TMP.fullmatch(entry)
                if match and match["name"] in known and is_file(where / entry):
                    yield f"{parent}/{entry}".lstrip("/")


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@contextmanager
def locked(root: Path, exclusive: bool = True) -> Iterator[None]:
    """Hold a lock on the folder `root` itself (no lock file to leave behind)."""
    try:
        fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as err:
        raise failed("open", root, err) from err
    try:
        _acquire(fd, root, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        yield
    finally:
        os.close(fd)  # and the lock goes with it


def _acquire(fd: int, root: Path, mode: int) -> None:
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            fcntl.flock(fd, mode | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise WriteError(f"another ludex build is writing {shown(root)}: "
                                 "try again when it is done") from None
            time.sleep(0.05)
        except OSError as err:
            raise failed("lock", root, err) from err


@dataclass(frozen=True, slots=True)
class Change:
    """What one build does to one output folder."""

    root: Path
    writes: Mapping[str, bytes]  # relative path -> new bytes (changed files only)
    removals: Mapping[str, str]  # relative path -> the sha256 it must still hold
    manifest: bytes | None  # the new manifest, None when it is unchanged

    @property
    def empty(self) -> bool:
        return not (self.writes or self.removals or self.manifest is not None)


def stage(change: Change) -> None:
    """Write the change's files under the staging folder, flushed to disk."""
    staging = change.root / STAGING
    files = {**change.writes, **({} if change.manifest is None else {MANIFEST: change.manifest})}
    discard(change.root)
    rel = ""
    try:
        os.mkdir(staging, 0o755)
        folders = {staging}
        for rel, data in sorted(files.items()):
            (staging / rel).parent.mkdir(parents=True, exist_ok=True)
            folders.add((staging / rel).parent)
            write_new(staging / rel, data)
        for folder in folders:
            fsync_dir(folder)
    except OSError as err:
        raise failed("write", change.root / rel, err) from err


def commit(change: Change) -> None:
    """Write the journal: from here on, the build is done (or finished by `recover`)."""
    moves = sorted(change.writes) + ([MANIFEST] if change.manifest is not None else [])
    body = {"moves": moves, "remove": dict(sorted(change.removals.items()))}
    tmp = change.root / STAGING / JOURNAL
    try:
        write_new(tmp, json.dumps(body, indent=1).encode("utf-8") + b"\n")
        os.replace(tmp, change.root / JOURNAL)
        fsync_dir(change.root)
    except OSError as err:
        raise failed("write", change.root / JOURNAL, err) from err


def uncommit(root: Path) -> None:
    """Take back a journal whose moves have not started, and its staging (best effort)."""
    with suppress(OSError, WriteError):
        (root / JOURNAL).unlink(missing_ok=True)
        discard(root)


def swap(root: Path) -> list[str]:
    """Roll the committed build forward; idempotent, so a crash in here is finished by the
    next run. Returns the files it left alone."""
    moves, removals = read_journal(root)
    try:
        for folder in {folder for rel in moves if (folder := _move(root, rel)) is not None}:
            fsync_dir(folder)  # the renames are on disk before the journal goes
        left = [note for rel, digest in removals.items()
                if (note := remove_owned(root, rel, digest)) is not None]
        (root / JOURNAL).unlink()
        fsync_dir(root)
        discard(root)
    except (OSError, WriteError) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else err
        raise Unfinished(f"cannot finish the build in {shown(root)}: {reason}; "
                         "run `ludex build` again to finish it") from err
    return left


def _move(root: Path, rel: str) -> Path | None:
    """Move one staged file into place; the folder it went to."""
    src = root / STAGING / rel
    if blocked(root, f"{STAGING}/{rel}") is not None or not is_file(src):
        return None  # moved already, before a crash (or not a file Ludex staged)
    make_dirs(root, rel)
    os.replace(src, root / rel)
    return (root / rel).parent


def remove_owned(root: Path, rel: str, digest: str) -> str | None:
    """Remove `root/rel` if it is a regular file reached through real folders and still
    holds what Ludex wrote (`digest`); else say why it stays."""
    path = root / rel
    reason = blocked(root, rel)
    if reason is None and not os.path.lexists(path):
        return None
    if reason is None and not is_file(path):
        reason = "not a regular file"
    if reason is None and sha256_of(path) != digest:
        reason = "changed since Ludex wrote it"
    if reason is not None:
        return f"left alone: {shown(path)} ({reason})"
    path.unlink()
    for folder in path.parents:
        if folder == root or not folder.is_relative_to(root):
            break
        with suppress(OSError):
            folder.rmdir()  # only when empty
    return None


def read_journal(root: Path) -> tuple[list[str], dict[str, str]]:
    """The journal's moves and removals, every path checked."""
    path = root / JOURNAL
    bad = WriteError(f"{shown(path)} is not a journal Ludex wrote: remove it and "
                     f"{shown(root / STAGING)} by hand")
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_JOURNAL:
            raise bad
        body = json.loads(path.read_bytes())
    except (OSError, ValueError):
        raise bad from None
    if not isinstance(body, dict):
        raise bad
    moves, removals = body.get("moves"), body.get("remove")
    if not isinstance(moves, list) or not isinstance(removals, dict):
        raise bad
    if not all(m == MANIFEST or safe_rel(m) for m in moves) or not all(
            safe_rel(r) and is_digest(d) for r, d in removals.items()):
        raise bad
    return moves, removals


def is_digest(value: object) -> bool:
    return isinstance(value, str) and re.fullmatch(r"[0-9a-f]{64}", value) is not None


def discard(root: Path) -> None:
    """Remove the staging folder, if any (never following a symbolic link)."""
    staging = root / STAGING
    try:
        if stat.S_ISDIR(os.lstat(staging).st_mode):
            shutil.rmtree(staging)
        else:
            staging.unlink()
    except FileNotFoundError:
        return
    except OSError as err:
        raise failed("remove", staging, err) from err


def recover(root: Path) -> list[str]:
    """Finish a build a journal commits, or discard staging that no journal commits."""
    if os.path.lexists(root / JOURNAL):
        with signals_deferred():
            left = swap(root)
        return [f"finished an interrupted build in {shown(root)}", *left]
    discard(root)
    return []


Handler = Callable[[int, FrameType | None], Any]


@contextmanager
def signals_deferred() -> Iterator[None]:
    """SIGINT and SIGTERM wait until the block is done (a swap must finish), then act."""
    caught: list[int] = []
    with _handling(lambda signum, _frame: caught.append(signum)):
        yield
    if caught:
        interrupt(caught[0], None)


@contextmanager
def signals_raise() -> Iterator[None]:
    """SIGINT and SIGTERM raise at once, so the staging can be discarded on the way out."""
    with _handling(interrupt):
        yield


def interrupt(signum: int, _frame: FrameType | None) -> NoReturn:
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise SystemExit(128 + signum)


@contextmanager
def _handling(handler: Handler) -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield  # signals reach the main thread only
        return
    old = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    for sig in old:
        signal.signal(sig, handler)
    try:
        yield
    finally:
        for sig, previous in old.items():
            signal.signal(sig, signal.SIG_DFL if previous is None else previous)


def first_line_has(path: Path, text: bytes) -> bool:
    """Does the first line of the regular file `path` hold `text`? Reads at most 4 KiB,
    never through a symbolic link, and any byte sequence (no decoding to fail)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return False
    with os.fdopen(fd, "rb") as handle:
        try:
            return stat.S_ISREG(os.fstat(fd).st_mode) and text in handle.readline(4096)
        except OSError:
            return False
