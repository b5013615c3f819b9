"""The audit hook of the example child: what generated code may not do.

`install(read_roots)` adds a `sys.addaudithook` hook that refuses, with
`PermissionError`, every event that would reach outside the child: network
(`socket.*`, `urllib`, `http`, ...), new processes (`subprocess.Popen`, `os.system`,
`os.exec*`, `os.posix_spawn`, `os.fork`, `_posixsubprocess`, threads, signals to
others), native code (`ctypes`), file changes (`open` for writing, `os.remove`-style
events, `shutil.*`), lifting the resource limits, and reaching the hook itself
(`gc.get_objects`, `gc.get_referrers`). Files may be read only under `read_roots`
(the generated package and Python's own library, for imports). Python 3.11 raises no
event for a new thread or for `_posixsubprocess.fork_exec`, so those functions are
taken away.

`install` returns `seal`, to be called once, as soon as the engine is imported: from
then on no file is opened, no folder listed, no module loaded, no code compiled or
executed from text and no frame inspected, which is all an example ever needs. The
rules live in the hook's closure, not in module globals an example could rebind.

This is defence in depth, not the boundary: an audit hook cannot contain Python code
that sets out to defeat it, and the child's answers are only as honest as the engine.
What keeps a rule file from ever being code is the generator (`SECURITY.md`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from typing import Any

REFUSED = (
    "socket.", "ssl.", "urllib.", "http.", "ftplib.", "smtplib.", "poplib.", "imaplib.",
    "nntplib.", "telnetlib.", "webbrowser.", "subprocess.", "_posixsubprocess.", "os.system",
    "os.exec", "os.spawn", "os.posix_spawn", "os.fork", "os.kill", "os.killpg",
    "os.startfile", "signal.pthread_kill", "pty.", "ctypes.", "_ctypes.", "shutil.",
    "tempfile.", "os.remove", "os.unlink", "os.rmdir", "os.rename", "os.replace", "os.mkdir",
    "os.chmod", "os.chown", "os.chflags", "os.link", "os.symlink", "os.truncate", "os.utime",
    "os.mkfifo", "os.mknod", "os.putenv", "os.unsetenv", "os.chdir", "os.setxattr",
    "os.removexattr", "mmap.", "fcntl.", "resource.setrlimit", "resource.prlimit",
    "sys.addaudithook", "builtins.input", "_thread.start_new_thread", "sqlite3.", "winreg.",
    "msvcrt.", "_winapi.", "gc.get_objects", "gc.get_referrers", "gc.get_referents",
)
SEALED = ("open", "os.listdir", "os.scandir", "glob.", "import", "compile", "exec",
          "code.__new__", "function.__new__", "marshal.", "pickle.", "sys._getframe",
          "sys._current_frames")
LISTING = ("os.listdir", "os.scandir", "glob.glob", "glob.glob1")
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC


def install(read_roots: Iterable[str]) -> Callable[[], None]:
    """Refuse network, processes, native code and writes from now on; the function
    returned seals the child (see the module docstring). Call once per process."""
    roots = tuple(os.path.join(os.path.abspath(r), "") for r in read_roots if r)
    refused, on_seal, listing, write_flags = REFUSED, SEALED, LISTING, _WRITE_FLAGS
    sealed = False

    def readable(path: object) -> bool:
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if not isinstance(path, str):  # a file descriptor: only the child's own, read-only
            return True
        return os.path.join(os.path.abspath(path), "").startswith(roots)

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if event.startswith(refused) or (sealed and event.startswith(on_seal)):
            raise PermissionError(f"an example may not do this ({event})")
        if event == "open":
            path, mode, flags = (tuple(args) + (None, None, None))[:3]
            writes = isinstance(mode, str) and any(c in mode for c in "wax+")
            if writes or (isinstance(flags, int) and flags & write_flags):
                raise PermissionError("an example may not write files (open)")
            if not readable(path):
                raise PermissionError("an example may not read files outside its engine "
                                      "(open)")
        elif event in listing and args and not readable(args[0]):
            raise PermissionError(f"an example may not do this ({event})")

    def seal() -> None:
        nonlocal sealed
        sealed = True

    _take_away()
    sys.addaudithook(hook)
    return seal


def _refuse(*args: object) -> None:
    raise PermissionError("an example may not start a thread or a process")


def _take_away() -> None:
    """What Python 3.11 starts without an audit event: threads, and `fork_exec`."""
    import _thread

    for name in ("start_new_thread", "start_new"):
        if hasattr(_thread, name):
            setattr(_thread, name, _refuse)
    threading = sys.modules.get("threading")
    if threading is not None:
        threading._start_new_thread = _refuse  # type: ignore[attr-defined]
    try:  # loaded now, patched, so that a later `import subprocess` finds it patched
        import _posixsubprocess
    except ImportError:  # not a POSIX system
        return
    setattr(_posixsubprocess, "fork_exec", _refuse)  # noqa: B010 - typed apart
