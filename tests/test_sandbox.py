"""Examples run contained: in a child process, from the built files imported with a plain
`import`, under a time and a memory limit and an audit hook; a runaway example or an
engine that does not load is a finding, never a hang, a crash or code run in ludex."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import ludex
import pytest
from ludex.backends import to_site
from ludex.backends.python import package as generator
from ludex.backends.python.names import package_name
from ludex.backends.python.package import emit_game
from ludex.pipeline import compile_paths
from ludex.verify import examples
from ludex.verify.sandbox.runner import Limits, run_contained

from .conftest import ROOT, run_cli

HANG_GUARD = 120  # seconds: only so that a regression fails instead of hanging the suite

TRACK = """\
game hang "Hang":
  page: 1

stat steps "Steps":
  range: 0..1000000000

track progress "Progress":
  spaces: 0..1000000000
  4: gain 1 steps

example far "Far":
  actions:
    gain 1000000000 progress
  expect:
    progress == 1000000000
"""

TRACK_WALK = """\
game walk "Walk":
  page: 1

stat steps "Steps":
  range: 0..1000000000

track progress "Progress":
  spaces: 1..10000
  1..10000: gain 1 steps

example far "Far":
  actions:
    for each x in 0..100000:
      for each y in 0..100000:
        set progress to 1
        gain 10000 progress
  expect:
    progress == 10000
"""

LOOP = """\
game loop "Loop":
  page: 1

stat steps "Steps":
  range: 0..1000000000

example forever "Forever":
  actions:
    for each x in 0..100000:
      for each y in 0..100000:
        gain 1 steps
  expect:
    steps == 0

example fine "Fine":
  actions:
    gain 2 steps
  expect:
    steps == 2
"""

OPTIONAL = """\
game opt "Optional fields":
  page: 1

kind card "Card":
  field str: optional text
  field remark: optional text
  field int: optional int
  field count: optional int

card plain "Plain":
  remark: "kept"

example fields "Fields":
  actions:
    log "look"
  expect:
    plain.remark == "kept"
"""


def game(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.ludex").write_text(text, "utf-8")
    return folder


def ludex_cli(*args: str, time_limit: str = "1") -> subprocess.CompletedProcess[str]:
    """`python -m ludex ARGS` in a process of its own, so that a hang fails the test."""
    env = {**os.environ, "LUDEX_EXAMPLE_TIME_LIMIT": time_limit}
    return subprocess.run([sys.executable, "-m", "ludex", *args], capture_output=True,
                          text=True, timeout=HANG_GUARD, cwd=ROOT, env=env, check=False)


# ---------------------------------------------------------------- runaway examples


def test_a_track_gain_of_a_billion_ends_quickly(tmp_path: Path) -> None:
    """The issue's reproduction hung `check`. The track is now refused (E207) before its
    example could walk a billion spaces; either way `check` ends and names the example."""
    run = ludex_cli("check", str(game(tmp_path, TRACK)))
    assert run.returncode in (0, 1), run.stdout + run.stderr
    assert "warning[W614]: example 'Far' " in run.stdout
    assert "error[E207]" in run.stdout or "ran past its time limit of 1 s" in run.stdout


def test_walking_a_track_for_long_is_stopped_at_the_time_limit(tmp_path: Path) -> None:
    run = ludex_cli("check", str(game(tmp_path, TRACK_WALK)))
    assert run.returncode == 0, run.stdout + run.stderr
    assert "warning[W614]: example 'Far' ran past its time limit of 1 s" in run.stdout


def test_a_huge_loop_is_stopped_and_the_next_example_still_runs(tmp_path: Path) -> None:
    folder = game(tmp_path, LOOP)
    run = ludex_cli("test", str(folder))
    assert run.returncode == 1
    assert "FAIL  loop/forever" in run.stdout and "ran past its time limit" in run.stdout
    assert "PASS  loop/fine" in run.stdout
    assert "1 passed, 1 failed, 0 blocked, 0 prose only" in run.stdout
    check = ludex_cli("check", str(folder))
    assert "example 'Forever' ran past its time limit of 1 s" in check.stdout
    assert "0 errors, 1 warning, 1 note" in check.stdout  # 'Fine' passes (N613)


# ---------------------------------------------------------------- the child's limits


def hostile(tmp_path: Path, body: str, *names: str, init: str = "") -> dict[str, str]:
    """A generated-like package: `__init__.py` declares examples whose functions are the
    given names of `body` (functions of the game), as generated code would."""
    examples_defs = ", ".join(f"ExampleDef(name={n!r}, run={n})" for n in names)
    text = textwrap.dedent(init) + textwrap.dedent(body) + textwrap.dedent(f"""
        from ludex.runtime import Definitions, ExampleDef, by_name

        DEFINITIONS = Definitions(game="evil", examples=by_name({examples_defs}))
        """)
    return {"__init__.py": text}


ATTEMPTS = """\
import os
import socket
import subprocess
import threading

TARGET = {target!r}


def write_file(g):
    with open(TARGET, "w") as f:
        f.write("pwned")
    return []


def append_file(g):
    fd = os.open(TARGET, os.O_WRONLY | os.O_CREAT)
    os.write(fd, b"pwned")
    return []


def connect(g):
    socket.create_connection(("127.0.0.1", 9))
    return []


def run_shell(g):
    os.system("touch " + TARGET)
    return []


def spawn(g):
    subprocess.run(["touch", TARGET])
    return []


def start_thread(g):
    threading.Thread(target=print).start()
    return []


def remove(g):
    os.remove({keep!r})
    return []


def read_outside(g):
    with open({keep!r}) as f:
        return [g.expect(f.read(), lambda: False)]


def fork_exec(g):
    import _posixsubprocess
    _posixsubprocess.fork_exec([b"/bin/rm", {keep!r}.encode()], [b"/bin/rm"], True, (),
                               None, None, -1, -1, -1, -1, -1, -1, -1, -1, False, False,
                               None, None, None, -1, None, False)
    return []


def unguard(g):
    import sys
    guard = sys.modules["ludex.verify.sandbox.guard"]
    guard.REFUSED, guard.SEALED = (), ()
    os.remove({keep!r})
    return []


def find_the_hook(g):
    import gc
    return [g.expect(repr(len(gc.get_objects())), lambda: False)]


def plain(g):
    return [g.expect("1 == 1", lambda: 1, "==", lambda: 1)]


def environment(g):
    return [g.expect(repr(dict(os.environ)), lambda: False)]
"""


def test_an_example_cannot_write_connect_spawn_or_delete(tmp_path: Path) -> None:
    target, keep = tmp_path / "pwned", tmp_path / "keep.txt"
    keep.write_text("secret", "utf-8")
    names = ("write_file", "append_file", "connect", "run_shell", "spawn", "start_thread",
             "remove", "fork_exec", "unguard", "find_the_hook", "read_outside", "plain")
    files = hostile(tmp_path, ATTEMPTS.format(target=str(target), keep=str(keep)), *names)
    result = run_contained(files, "evil", names, Limits(time=10))
    assert result.engine_error is None
    assert not target.exists() and keep.read_text("utf-8") == "secret"
    for name in names[:-1]:
        answer = result.answers[name]
        assert (answer.status, answer.runaway) == ("fail", False), name
        assert answer.message.startswith("the engine failed: PermissionError: an example "
                                         "may not"), (name, answer.message)
    assert "secret" not in result.answers["read_outside"].message
    assert result.answers["plain"].status == "pass"


def test_an_example_sees_none_of_the_environment(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LUDEX_TEST_SECRET", "hunter2")
    files = hostile(tmp_path, ATTEMPTS.format(target="", keep=""), "environment")
    answer = run_contained(files, "evil", ["environment"], Limits(time=10)).answers
    assert "expected `{" in answer["environment"].message
    assert "hunter2" not in answer["environment"].message


def test_writing_while_the_engine_imports_is_refused_and_named(tmp_path: Path) -> None:
    target = tmp_path / "pwned"
    files = hostile(tmp_path, "", init=f"open({str(target)!r}, 'w').write('pwned')\n")
    result = run_contained(files, "evil", [], Limits(time=10))
    assert not target.exists()
    assert result.engine_error is not None
    assert result.engine_error.startswith("evil/__init__.py, line 1: PermissionError")


RUNAWAYS = """\
import os


def hog(g):
    block = bytearray(4 << 30)
    return [g.expect("allocated", lambda: len(block))]


def crash(g):
    os.abort()


def spin(g):
    while True:
        pass


def plain(g):
    return [g.expect("1 == 1", lambda: 1, "==", lambda: 1)]
"""


def test_memory_crash_and_time_each_stop_one_example_only(tmp_path: Path) -> None:
    names = ("hog", "plain", "crash", "spin")
    files = hostile(tmp_path, RUNAWAYS, *names)
    result = run_contained(files, "evil", names, Limits(time=1, memory=512))
    said = {n: (a.status, a.message, a.runaway) for n, a in result.answers.items()}
    assert said == {
        "hog": ("fail", "ran out of memory (limit 512 MiB)", True),
        "crash": ("fail", "killed its example runner (SIGABRT)", True),
        "spin": ("fail", "ran past its time limit of 1 s", True),
        "plain": ("pass", "1 expectation met", False),
    }


def test_after_three_runaways_the_rest_of_the_game_is_not_run(tmp_path: Path) -> None:
    files = hostile(tmp_path, RUNAWAYS, "spin", "plain")
    result = run_contained(files, "evil", ["spin"] * 3 + ["plain"], Limits(time=0.2))
    assert result.answers["plain"].message == \
        "was not run: 3 examples of this game ran away before it"


def test_a_module_that_does_not_compile_is_named(tmp_path: Path) -> None:
    files = {"__init__.py": "from . import rules\n", "rules.py": "x = 1\ny = (\n"}
    result = run_contained(files, "evil", [], Limits(time=10))
    assert result.engine_error is not None
    assert result.engine_error.startswith("evil/rules.py, line 2: SyntaxError: ")


def test_an_import_that_hangs_is_an_engine_error(tmp_path: Path) -> None:
    files = hostile(tmp_path, "", init="while True:\n    pass\n")
    result = run_contained(files, "evil", [], Limits(time=0.2, startup=0.5))
    assert result.engine_error == "importing it ran past the time limit of 0.5 s"


def test_no_room_for_the_engine_is_a_clean_error(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*args: object, **kwargs: object) -> object:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("ludex.verify.sandbox.runner.tempfile.TemporaryDirectory", full)
    examples._runs.clear()
    run = run_cli("test", str(game(tmp_path, LOOP.replace("0..100000", "0..2"))))
    assert run.code == 1 and "Traceback" not in run.out + run.err
    assert "could not build it: [Errno 28] No space left on device" in run.out


def test_the_limits_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LUDEX_EXAMPLE_TIME_LIMIT", "0.25")
    monkeypatch.setenv("LUDEX_EXAMPLE_MEMORY_LIMIT", "lots")
    assert Limits.from_env() == Limits(time=0.25, memory=1024, startup=20)


# ---------------------------------------------------------------- real imports


def test_a_kind_with_optional_fields_named_like_types_imports(tmp_path: Path) -> None:
    comp = compile_paths([game(tmp_path, OPTIONAL)], checks=False)
    model = comp.models[0]
    package = tmp_path / "out" / package_name(model)
    package.mkdir(parents=True)
    for name, text in emit_game(model).items():
        (package / name).write_text(text, "utf-8")
    code = (f"import sys; sys.path.insert(0, {str(package.parent)!r}); import {package.name}; "
            f"print({package.name}.catalog.PLAIN.remark)")
    done = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True,
                          cwd=package.parent, timeout=HANG_GUARD, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "kept\n", "")
    assert [r.status for r in examples.example_results(comp)] == ["pass"]


def broken_emitter(monkeypatch: pytest.MonkeyPatch) -> None:
    """Generated code that fails on import (as a generator bug would make it)."""
    real: Callable[..., dict[str, str]] = generator.emit_game

    def emit(*args: object, **kwargs: object) -> dict[str, str]:
        files = real(*args, **kwargs)
        files["catalog.py"] += "\nimport ludex\nludex.PWNED = True\nraise TypeError('boom')\n"
        return files

    monkeypatch.setattr(generator, "emit_game", emit)  # the examples import it when they run


def test_ludex_test_fails_when_the_engine_does_not_import(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken_emitter(monkeypatch)
    run = run_cli("test", str(game(tmp_path, LOOP.replace("0..100000", "0..2"))))
    assert run.code == 1, run.out + run.err
    assert "the engine generated for 'loop' does not load: loop/catalog.py, line" in run.out
    assert ": TypeError: boom" in run.out and "Traceback" not in run.err
    assert "0 passed, 2 failed, 0 blocked, 0 prose only; 1 engine did not load" in run.out


def test_check_reports_the_import_error_on_every_example(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken_emitter(monkeypatch)
    run = run_cli("check", str(game(tmp_path, LOOP.replace("0..100000", "0..2"))))
    found = [line for line in run.out.splitlines() if "[W614]" in line]
    assert len(found) == 2 and all("does not load: loop/catalog.py, line" in line and
                                   "TypeError: boom" in line for line in found)


def test_no_generated_code_runs_in_ludex(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    broken_emitter(monkeypatch)
    folder = game(tmp_path, LOOP.replace("0..100000", "0..2"))
    for command in ("check", "test", "stats"):
        run_cli(command, str(folder))
    assert to_site.emit(compile_paths([folder]))  # the site's example outcomes
    assert not hasattr(ludex, "PWNED")


def test_only_tests_and_tools_import_an_engine_into_their_own_process() -> None:
    """`load_engine` and `engine_of` are for tests; no module of ludex calls them, and
    nothing but the child imports a generated package (and the runtime, when a caller
    unpickles a game of theirs: its definitions reload from the package they name).
    `ludex simulate` and `play` run a game's own engine, with no rule data but its
    literals, in their process or their workers (`verify/playouts.py`, SECURITY.md)."""
    calls = []
    for path in sorted((ROOT / "compiler").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name in ("load_engine", "engine_of", "import_module", "exec"):
                    calls.append(f"{path.relative_to(ROOT)}:{name}")
    assert sorted(calls) == ["compiler/runtime/defs.py:import_module",
                             "compiler/verify/examples.py:exec",
                             "compiler/verify/examples.py:import_module",
                             "compiler/verify/examples.py:load_engine",
                             "compiler/verify/playouts.py:load_engine",
                             "compiler/verify/sandbox/child.py:import_module"]


def test_results_repeat_byte_for_byte(tmp_path: Path) -> None:
    folder = game(tmp_path, LOOP.replace("0..100000", "0..2"))
    first = run_cli("check", "--format", "json", str(folder))
    examples._runs.clear()  # run the children again, not the remembered answers
    second = run_cli("check", "--format", "json", str(folder))
    assert first.out == second.out and '"W614"' in first.out
