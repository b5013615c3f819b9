"""The example child: imports one built engine and runs its examples, one by one.

Started by `ludex.verify.sandbox.runner` as `python -I -B`, it reads its job (a JSON object:
the folder holding the built package, the package name, the examples to run and the
limits) from standard input, then:

1. keeps standard output for its answers and sends fd 1 and 2 to /dev/null, so
   nothing the engine prints can pass for an answer;
2. sets its resource limits (address space, CPU time, no core files, no file
   growth, no new processes) and leaves the network namespace when the kernel
   lets it (optional: the audit hook is the rule);
3. imports `ludex.runtime`, installs the audit hook (`ludex.verify.sandbox.guard`), imports
   the package with a plain `import` from that folder, and seals the hook;
4. answers one JSON line per example: `{"name", "status": "pass" | "fail" | "blocked",
   "message", "fired"}`, or `{"name", "status": "memory"}` before it exits on a
   MemoryError. An example is blocked when its run reaches a rule the engine cannot
   execute (`NotExecutable`: a condition or moment stated in words, a fact not
   modelled); the message names the innermost such rule. Any other rule error
   (`Illegal`) or a failed expectation fails it.

Its first line is `{"ready": true}`, or `{"error": "<file>, line N: <error>"}` when the
package does not import. Only data crosses the pipe.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from typing import IO, Any

from ...runtime import Game, NotExecutable, RuleError
from . import guard

CLONE_NEWUSER, CLONE_NEWNET = 0x10000000, 0x40000000
MAX_TEXT = 2000
MAX_FIRED = 1000
LUDEX = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the package


def main() -> int:
    job = json.loads(sys.stdin.buffer.read())
    answers = _answer_channel()
    _limit(int(job["memory"]), int(job["cpu"]))
    _leave_network()
    root = os.path.abspath(job["root"])
    seal = guard.install([root, LUDEX, *sys.path])
    sys.path.insert(0, root)
    try:
        engine = importlib.import_module(job["package"])
    except BaseException as err:  # noqa: BLE001 - whatever the import raises is the finding
        _send(answers, {"error": describe(err, root)})
        return 0
    seal()
    del seal  # nothing an example reaches may undo it
    _send(answers, {"ready": True})
    return _run_all(engine, list(job["examples"]), answers)


def _run_all(engine: Any, names: list[str], answers: IO[str]) -> int:
    for name in names:
        fired: list[str] = []
        try:
            status, message = run_one(engine, name, fired)
        except MemoryError:
            _send(answers, {"name": name, "status": "memory"})
            return 3
        _send(answers, {"name": name, "status": status, "message": message,
                        "fired": fired[:MAX_FIRED]})
    return 0


def run_one(engine: Any, name: str, fired: list[str] | None = None) -> tuple[str, str]:
    """One example on a fresh game (seed 0, its modes and variants in play); the rules,
    steps, cards and procedures that fired (or whose condition was weighed) are added to
    `fired`, in order, once each."""
    game = None
    try:
        defs = engine.DEFINITIONS
        spec = defs.examples[name]
        options = [o for o in spec.scope if o not in defs.default_options]
        game = Game(defs, seed=0, options=options, players=spec.players)
        try:
            expectations = list(spec.run(game))
        finally:
            if fired is not None:
                fired += _fired(game)
        failed = [f"expected `{e.text}`, got {e.got}" for e in expectations if not e.ok]
    except NotExecutable as err:
        return "blocked", _blocked(game, err)
    except RuleError as err:
        return "fail", f"the actions stopped: {type(err).__name__}: {_text(err)}"
    except MemoryError:
        raise
    except BaseException as err:  # noqa: BLE001 - a fault of the engine is a failing example
        return "fail", f"the engine failed: {type(err).__name__}: {_text(err)}"
    if failed:
        return "fail", "; ".join(failed)
    return "pass", f"{len(expectations)} expectation{'s' * (len(expectations) != 1)} met"


def _blocked(game: Any, err: NotExecutable) -> str:
    """Which rule could not run, and why: the log's first `blocked` event is the innermost
    (the runtime logs one for each rule the error leaves, innermost first)."""
    blocked = [e for e in getattr(game, "log", ()) if getattr(e, "kind", None) == "blocked"]
    if not blocked:
        return f"blocked: its actions reach something the engine cannot run: {_text(err)}"
    inner, outer = blocked[0], list(dict.fromkeys(str(e.what) for e in blocked[1:]))
    within = f" (resolved within {', '.join(f'`{n}`' for n in outer)})" if outer else ""
    return f"blocked: `{inner.what}` cannot run: {_text(err)}{within}"


FIRING = frozenset({"rule", "step", "card", "procedure"})  # the log's kinds for a firing
NOT_HELD = "its condition does not hold"  # a `skip`'s detail: the rule was reached, weighed


def _fired(game: Any) -> list[str]:
    """What the run exercised: what fired, and the rules whose condition it weighed (a
    rule reached whose condition rightly fails is exercised too)."""
    log = getattr(game, "log", ())
    tried = list(getattr(log, "tried", ()))  # a refused action's rules were exercised
    names = [e.what for e in [*log, *tried] if getattr(e, "kind", None) in FIRING or
             (getattr(e, "kind", None) == "skip" and getattr(e, "detail", "") == NOT_HELD)]
    names += list(getattr(log, "weighed", ()))
    return [str(n) for n in dict.fromkeys(names)]


def describe(err: BaseException, root: str) -> str:
    """`<package>/<file>, line N: Error: message`, at the deepest frame in the package."""
    where = ""
    if isinstance(err, SyntaxError) and err.filename:
        where = f"{_relative(err.filename, root)}, line {err.lineno}: "
        return f"{where}{type(err).__name__}: {err.msg}"
    tb = err.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name.startswith(os.path.join(root, "")):
            where = f"{_relative(name, root)}, line {tb.tb_lineno}: "
        tb = tb.tb_next
    return f"{where}{type(err).__name__}: {_text(err)}"


def _relative(path: str, root: str) -> str:
    return os.path.relpath(path, root).replace(os.sep, "/")


def _text(err: BaseException) -> str:
    try:
        text = str(err)
    except Exception:  # noqa: BLE001 - an exception whose text itself fails
        text = "(no message)"
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + " ..."


def _send(answers: IO[str], message: dict[str, Any]) -> None:
    answers.write(json.dumps(message, ensure_ascii=True) + "\n")
    answers.flush()


def _answer_channel() -> IO[str]:
    """Standard output, kept for the answers; fds 1 and 2 then go to /dev/null."""
    answers = os.fdopen(os.dup(1), "w", encoding="ascii")
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    os.close(null)
    return answers


def _limit(memory: int, cpu: int) -> None:
    try:
        import resource
    except ImportError:  # not a POSIX system: the parent's time limit still holds
        return
    wanted = [(resource.RLIMIT_AS, memory), (resource.RLIMIT_CPU, cpu),
              (resource.RLIMIT_CORE, 0), (resource.RLIMIT_FSIZE, 0),
              (resource.RLIMIT_NPROC, 0)]
    for which, value in wanted:
        try:
            resource.setrlimit(which, (value, value))
        except (ValueError, OSError):  # a limit the system will not lower: the hook stays
            continue


def _leave_network() -> None:
    """A network namespace of our own (no interfaces), when the kernel allows it."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if libc.unshare(CLONE_NEWNET) != 0:
            libc.unshare(CLONE_NEWUSER | CLONE_NEWNET)
    except Exception:  # noqa: BLE001, S110 - optional: the audit hook is the rule
        pass
