"""The parent side: write a built package to a private folder, run a child on it, read
its answers under the time limits, and turn every way a child can go wrong into data.

A child serves one game. When an example runs past its time limit, runs out of
memory or kills its child, that example is a runaway: the child is killed, and a new
one runs the examples still to run. After `MAX_RUNAWAYS` runaways the game's other
examples are not run (each says why), so a hostile game costs a bounded time.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

LUDEX = Path(__file__).resolve().parents[2]  # the package the child loads, as ours
MAX_RUNAWAYS = 3
MAX_LINE = 1 << 20  # an answer longer than this is not an answer
MAX_MESSAGE = 2000
TIME_LIMIT, MEMORY_LIMIT, STARTUP_LIMIT = 5.0, 1024, 20.0
TIME_ENV, MEMORY_ENV = "LUDEX_EXAMPLE_TIME_LIMIT", "LUDEX_EXAMPLE_MEMORY_LIMIT"
BOOT = """\
import importlib.util, sys
spec = importlib.util.spec_from_file_location(
    "ludex", sys.argv[1], submodule_search_locations=[sys.argv[2]])
module = importlib.util.module_from_spec(spec)
sys.modules["ludex"] = module
spec.loader.exec_module(module)
from ludex.verify.sandbox.child import main
sys.exit(main())
"""


@dataclass(frozen=True, slots=True)
class Limits:
    """Seconds per example (wall clock), MiB of address space, seconds to import."""

    time: float = TIME_LIMIT
    memory: int = MEMORY_LIMIT
    startup: float = STARTUP_LIMIT

    @classmethod
    def from_env(cls) -> Limits:
        """The defaults, or `LUDEX_EXAMPLE_TIME_LIMIT` (s) and `..._MEMORY_LIMIT` (MiB)."""
        time_limit = _number(TIME_ENV, TIME_LIMIT)
        return cls(time_limit, int(_number(MEMORY_ENV, MEMORY_LIMIT)),
                   max(STARTUP_LIMIT, time_limit))


def _number(name: str, default: float) -> float:
    try:
        value = float(os.environ.get(name, ""))
    except ValueError:
        return default
    return value if 0 < value < 1e6 else default


STATUSES = ("pass", "fail", "blocked", "memory")  # what the child may answer


@dataclass(frozen=True, slots=True)
class Answer:
    status: str  # pass | fail | blocked
    message: str
    runaway: bool = False  # stopped by a limit, or it killed its child
    fired: tuple[str, ...] = ()  # the rules, steps, cards and procedures that fired


@dataclass
class Contained:
    """What the child said: an answer per example run, or why the engine did not import."""

    answers: dict[str, Answer] = field(default_factory=dict)
    engine_error: str | None = None


def run_contained(files: Mapping[str, str], package: str, names: Sequence[str],
                  limits: Limits | None = None) -> Contained:
    """Write `files` as `package` into a fresh private folder; run the examples `names`."""
    limits = limits or Limits.from_env()
    try:
        with tempfile.TemporaryDirectory(prefix="ludex-examples-") as folder:
            (Path(folder) / package).mkdir()
            for name, text in files.items():
                (Path(folder) / package / name).write_text(text, "utf-8")
            return _Session(folder, package, limits).run(list(names))
    except OSError as err:  # no private folder to build into (a full or read-only disk)
        return Contained(engine_error=f"the example runner could not build it: {err}")


class _Session:
    def __init__(self, folder: str, package: str, limits: Limits) -> None:
        self.folder, self.package, self.limits = folder, package, limits
        self.result = Contained()

    def run(self, names: list[str]) -> Contained:
        pending, runaways = names, 0
        while True:
            pending = self._serve(pending)
            if not pending or self.result.engine_error is not None:
                return self.result
            runaways += 1
            if runaways >= MAX_RUNAWAYS:
                for name in pending:
                    self.result.answers[name] = Answer(
                        "fail", f"was not run: {runaways} examples of this game ran away "
                        "before it", runaway=True)
                return self.result

    def _serve(self, names: list[str]) -> list[str]:
        """One child for `names`: the names still to run if an example ran away."""
        try:
            child = self._start(names)
        except OSError as err:
            self.result.engine_error = f"the example runner could not start: {err}"
            return []
        lines = _Lines(child.stdout)
        try:
            first = lines.next(self.limits.startup)
            if not isinstance(first, dict) or not first.get("ready"):
                self.result.engine_error = self._import_failure(first, child)
                return []
            for i, name in enumerate(names):
                answer = self._answer(lines.next(self.limits.time), name, child)
                self.result.answers[name] = answer
                if answer.runaway:
                    return names[i + 1:]
            return []
        finally:
            _stop(child)
            lines.close()

    def _start(self, names: list[str]) -> subprocess.Popen[bytes]:
        init = LUDEX / "__init__.py"
        cpu = int(self.limits.startup + self.limits.time * len(names)) + 5
        job = {"root": self.folder, "package": self.package, "examples": names,
               "memory": self.limits.memory << 20, "cpu": cpu}
        env = {k: v for k, v in os.environ.items() if k == "SYSTEMROOT"}
        child = subprocess.Popen(
            [sys.executable, "-I", "-B", "-c", BOOT, str(init), str(init.parent)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            cwd=self.folder, env=env, start_new_session=True)
        assert child.stdin is not None
        try:
            child.stdin.write(json.dumps(job).encode())
            child.stdin.close()
        except OSError:  # the child died at once: its silence says so
            pass
        return child

    def _answer(self, said: dict[str, Any] | str, name: str,
                child: subprocess.Popen[bytes]) -> Answer:
        if said == "timeout":
            return Answer("fail", f"ran past its time limit of {self.limits.time:g} s",
                          runaway=True)
        if not isinstance(said, dict):
            return Answer("fail", _death(child, self.limits), runaway=True)
        if said.get("name") != name or said.get("status") not in STATUSES:
            return Answer("fail", "stopped the example runner (it answered out of turn)",
                          runaway=True)
        if said["status"] == "memory":
            return Answer("fail", f"ran out of memory (limit {self.limits.memory} MiB)",
                          runaway=True)
        fired = said.get("fired")
        names = tuple(str(n)[:MAX_MESSAGE] for n in fired) if isinstance(fired, list) else ()
        return Answer(said["status"], str(said.get("message", ""))[:MAX_MESSAGE], fired=names)

    def _import_failure(self, said: dict[str, Any] | str,
                        child: subprocess.Popen[bytes]) -> str:
        error = said.get("error") if isinstance(said, dict) else None
        if isinstance(error, str):
            return error[:MAX_MESSAGE]
        if said == "timeout":
            return f"importing it ran past the time limit of {self.limits.startup:g} s"
        return "importing it " + _death(child, self.limits)


def _death(child: subprocess.Popen[bytes], limits: Limits) -> str:
    """Why a child stopped answering."""
    try:
        code = child.wait(timeout=2)
    except subprocess.TimeoutExpired:
        return "stopped the example runner (it sent something that is not an answer)"
    if code == -signal.SIGXCPU:
        return "ran past the CPU time limit of its example runner"
    if code < 0:
        return f"killed its example runner ({signal.Signals(-code).name})"
    return f"stopped the example runner (exit status {code})"


def _stop(child: subprocess.Popen[bytes]) -> None:
    if child.poll() is None:
        with contextlib.suppress(OSError):  # gone already
            os.killpg(child.pid, signal.SIGKILL)  # its session: anything it started too
    child.wait()


class _Lines:
    """JSON lines from a pipe, each awaited for at most a given time."""

    def __init__(self, pipe: IO[bytes] | None) -> None:
        assert pipe is not None
        self.pipe, self.buffer = pipe, b""
        self.selector = selectors.DefaultSelector()
        self.selector.register(pipe, selectors.EVENT_READ)

    def next(self, limit: float) -> dict[str, Any] | str:
        """The next JSON object, or "timeout", "closed" or "garbled"."""
        deadline = time.monotonic() + limit
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                return "timeout"
            chunk = os.read(self.pipe.fileno(), 65536)
            if not chunk:
                return "closed"
            self.buffer += chunk
            if len(self.buffer) > MAX_LINE:
                return "garbled"
        line, _, self.buffer = self.buffer.partition(b"\n")
        try:
            said = json.loads(line)
        except ValueError:
            return "garbled"
        return said if isinstance(said, dict) else "garbled"

    def close(self) -> None:
        self.selector.close()
        self.pipe.close()
