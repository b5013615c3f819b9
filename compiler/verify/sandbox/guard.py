"""The audit hook of the example child: what generated code may not do.

`install(read_roots)` adds a `sys.addaudithook` hook (it cannot be removed) that
refuses, with `PermissionError`, every event that would reach outside the child:
network (`socket.*`, `urllib`, `http`, ...), new processes (`subprocess.Popen`,
`os.system`, `os.exec*`, `os.posix_spawn`, `os.fork`, threads, signals to others),
native code (`ctypes`), file changes (`open` for writing, `os.remove`-style events,
`shutil.*`) and lifting the resource limits. Files may be read only under
`read_roots` (the generated package and Python's own library, for imports).

`seal()` is called once the engine is imported: from then on no file is opened,
no folder listed, no module loaded and no code compiled or executed from text,
which is all an example ever needs.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
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
    "msvcrt.", "_winapi.",
)
SEALED = ("open", "os.listdir", "os.scandir", "glob.", "import", "compile", "exec",
          "code.__new__", "function.__new__", "marshal.", "pickle.")
LISTING = ("os.listdir", "os.scandir", "glob.glob", "glob.glob1")
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC


class _Policy:
    def __init__(self, read_roots: Iterable[str]) -> None:
        self.roots = tuple(os.path.join(os.path.abspath(r), "") for r in read_roots if r)
        self.sealed = False

    def __call__(self, event: str, args: tuple[Any, ...]) -> None:
        if event.startswith(REFUSED) or (self.sealed and event.startswith(SEALED)):
            raise PermissionError(f"an example may not do this ({event})")
        if event == "open":
            self._open(args)
        elif event in LISTING and args and not self._readable(args[0]):
            raise PermissionError(f"an example may not do this ({event})")

    def _open(self, args: tuple[Any, ...]) -> None:
        path, mode, flags = (tuple(args) + (None, None, None))[:3]
        writes = isinstance(mode, str) and any(c in mode for c in "wax+")
        if writes or (isinstance(flags, int) and flags & _WRITE_FLAGS):
            raise PermissionError("an example may not write files (open)")
        if not self._readable(path):
            raise PermissionError("an example may not read files outside its engine (open)")

    def _readable(self, path: object) -> bool:
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if not isinstance(path, str):  # a file descriptor: only the child's own, read-only
            return True
        full = os.path.join(os.path.abspath(path), "")
        return full.startswith(self.roots)


_policy: _Policy | None = None


def install(read_roots: Iterable[str]) -> None:
    """Refuse network, processes, native code and writes from now on (once per process)."""
    global _policy
    if _policy is not None:
        return
    _policy = _Policy(read_roots)
    sys.addaudithook(_policy)
    _no_threads()


def _refuse_thread(*args: object) -> None:
    raise PermissionError("an example may not do this (_thread.start_new_thread)")


def _no_threads() -> None:
    """Python 3.11 raises no audit event for a new thread: take the function away."""
    import _thread

    for name in ("start_new_thread", "start_new"):
        if hasattr(_thread, name):
            setattr(_thread, name, _refuse_thread)
    threading = sys.modules.get("threading")
    if threading is not None:
        threading._start_new_thread = _refuse_thread  # type: ignore[attr-defined]


def seal() -> None:
    """No more files, imports or code from text: the engine is loaded."""
    if _policy is not None:
        _policy.sealed = True
