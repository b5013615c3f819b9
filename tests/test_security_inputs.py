"""Hostile inputs on disk: links out of the rules, devices, FIFOs, unreadable folders.

Every PATH argument is trusted; everything found inside it is not. Each test builds
its rules in `tmp_path`. Tests that would hang or exhaust memory on an unsafe reader
run the CLI in a child process with a timeout and a memory limit as a guard.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from ludex.core.diagnostics import Diagnostics
from ludex.syntax import load as load_module

from .conftest import ROOT, run_cli

GAME = 'game {id} "{title}":\n  > x\nstat trust "Trust":\n  range: 0..9\n'
Scandir = Callable[..., Iterator[os.DirEntry[str]]]


def _rules(tmp_path: Path, games: tuple[str, ...] = ("g",)) -> Path:
    """`tmp_path/rules` with one small valid game per name."""
    for name in games:
        folder = tmp_path / "rules" / name
        folder.mkdir(parents=True)
        (folder / "game.ludex").write_text(GAME.format(id=name, title=name.upper()), "utf-8")
    return tmp_path / "rules"


def _child(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """`ludex ARGS` in a child process: 60 s and 2 GiB at most, so a hang or a runaway read
    fails the test instead of the test run."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    return subprocess.run([sys.executable, "-m", "ludex", *args], cwd=cwd, text=True,
                          capture_output=True, timeout=60, preexec_fn=limit, check=False)


def _refused(err: str, name: str) -> bool:
    return any("error[E501]" in line and name in line for line in err.splitlines())


def _guard_scandir(monkeypatch: pytest.MonkeyPatch, inside: Path) -> list[str]:
    """Record (and refuse) every folder listed outside `inside`."""
    real: Scandir = os.scandir
    allowed = os.path.realpath(inside)
    outside: list[str] = []

    def scandir(path: str | os.PathLike[str] = ".") -> Iterator[os.DirEntry[str]]:
        where = os.path.realpath(path)
        if os.path.commonpath([allowed, where]) != allowed:
            outside.append(where)
            raise RuntimeError(f"listed a folder outside the rules: {where}")
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    return outside


def _deny(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Listing `folder` fails as it does without read permission (tests may run as root)."""
    real: Scandir = os.scandir
    denied = os.path.realpath(folder)

    def scandir(path: str | os.PathLike[str] = ".") -> Iterator[os.DirEntry[str]]:
        if os.path.realpath(path) == denied:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)


# ---------------------------------------------------------------- links out of the rules


def test_link_to_etc_passwd_is_refused_and_never_shown(tmp_path: Path) -> None:
    passwd = Path("/etc/passwd")
    if not passwd.is_file():
        pytest.skip("no /etc/passwd here")
    rules = _rules(tmp_path)
    (rules / "g" / "x.ludex").symlink_to(passwd)
    run = run_cli("check", "rules", cwd=tmp_path)
    assert run.code == 1
    assert _refused(run.out, "rules/g/x.ludex")
    shown = run.out + run.err
    lines = [line for line in passwd.read_text("utf-8", "replace").splitlines() if line]
    assert not [line for line in lines if line in shown]
    assert "E101" not in shown and "E103" not in shown


def test_link_to_proc_environ_is_refused_and_never_shown(tmp_path: Path) -> None:
    environ = Path("/proc/self/environ")
    if not environ.exists():
        pytest.skip("no /proc here")
    rules = _rules(tmp_path)
    (rules / "g" / "env.ludex").symlink_to(environ)
    run = run_cli("check", "rules", cwd=tmp_path)
    assert run.code == 1
    assert _refused(run.out, "rules/g/env.ludex")
    shown = run.out + run.err
    entries = environ.read_bytes().decode("utf-8", "replace").split("\0")
    assert not [e for e in entries if len(e) > 12 and e in shown]
    assert "E101" not in shown and "E103" not in shown


def test_link_to_dev_zero_is_refused_at_once(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    (rules / "g" / "zero.ludex").symlink_to("/dev/zero")
    done = _child(["check", "rules"], tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert _refused(done.stdout, "rules/g/zero.ludex")
    assert "Traceback" not in done.stdout + done.stderr


def test_game_folder_linked_to_root_is_refused_without_walking(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = _rules(tmp_path)
    (rules / "disk").symlink_to("/", target_is_directory=True)
    outside = _guard_scandir(monkeypatch, tmp_path)
    run = run_cli("check", "rules", cwd=tmp_path)
    assert outside == []
    assert run.code == 1
    assert _refused(run.out, "rules/disk")


def test_linked_folder_inside_a_game_is_refused(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "more.ludex").write_text("stat extra\n", "utf-8")
    (rules / "g" / "more").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    run = run_cli("check", "rules", cwd=tmp_path)
    assert run.code == 1
    assert _refused(run.out, "rules/g/more")
    assert run.out.rstrip().endswith(" 2 declarations")  # `extra` was not read


def test_base_game_lookup_does_not_walk_a_linked_sibling(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = tmp_path / "rules"
    (rules / "exp").mkdir(parents=True)
    (rules / "exp" / "game.ludex").write_text(
        'game exp "Exp":\n  base: base\n  > y\nexternal base "Base"\n', "utf-8")
    (rules / "base").symlink_to("/", target_is_directory=True)
    outside = _guard_scandir(monkeypatch, tmp_path)
    run = run_cli("check", "--no-checks", "rules/exp", cwd=tmp_path)
    assert outside == []
    assert run.code == 0, run.out + run.err


def test_base_game_lookup_does_not_open_a_fifo(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    (rules / "exp").mkdir(parents=True)
    (rules / "exp" / "game.ludex").write_text(
        'game exp "Exp":\n  base: base\n  > y\nexternal base "Base"\n', "utf-8")
    (rules / "other").mkdir()
    os.mkfifo(rules / "other" / "pipe.ludex")
    done = _child(["check", "--no-checks", "rules/exp"], tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr


def test_link_inside_the_rules_to_a_regular_file_is_read(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    (rules / "common").mkdir()  # no sources of its own: not a game
    (rules / "common" / "shared.txt").write_text('rule r "R":\n  see: trust\n', "utf-8")
    (rules / "g" / "shared.ludex").symlink_to(Path("..") / "common" / "shared.txt")
    run = run_cli("check", "--no-checks", "rules", cwd=tmp_path)
    assert run.code == 0, run.out + run.err
    assert run.out.rstrip().endswith("2 files, 3 declarations")


def test_link_outside_the_path_argument_is_refused(tmp_path: Path) -> None:
    """The PATH named is the boundary: `rules/g` does not reach `rules/common`."""
    rules = _rules(tmp_path)
    (rules / "common").mkdir()
    (rules / "common" / "shared.txt").write_text('rule r "R":\n  see: trust\n', "utf-8")
    (rules / "g" / "shared.ludex").symlink_to(Path("..") / "common" / "shared.txt")
    run = run_cli("check", "--no-checks", "rules/g", cwd=tmp_path)
    assert run.code == 1
    assert _refused(run.out, "rules/g/shared.ludex")


def test_broken_and_looping_links_are_reported(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    (rules / "g" / "gone.ludex").symlink_to("nowhere.ludex")
    (rules / "g" / "loop.ludex").symlink_to("loop.ludex")
    run = run_cli("check", "rules", cwd=tmp_path)
    assert run.code == 1, run.out + run.err
    assert _refused(run.out, "rules/g/gone.ludex")
    assert _refused(run.out, "rules/g/loop.ludex")


def test_hostile_link_names_are_not_printed_raw(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    (rules / "g" / "x\n::error file=a.py::forged\x1b[31m.ludex").symlink_to("/etc/passwd")
    run = run_cli("check", "rules", cwd=tmp_path)
    assert run.code == 1
    assert "\x1b" not in run.out + run.err
    assert not [line for line in (run.out + run.err).splitlines() if line.startswith("::error")]


def test_looping_link_as_path_is_an_error_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "loop.ludex").symlink_to("loop.ludex")
    run = run_cli("check", "loop.ludex", cwd=tmp_path)
    assert run.code == 1, run.err
    assert _refused(run.err, "loop.ludex")
    assert "internal error" not in run.err


# ---------------------------------------------------------------- devices, FIFOs, sizes


def test_dev_null_as_path_is_an_error_not_a_crash() -> None:
    run = run_cli("check", "/dev/null")
    assert run.code == 1, run.err
    assert _refused(run.err, "/dev/null")
    assert "internal error" not in run.err


def test_fifo_as_path_is_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.ludex")
    done = _child(["check", "pipe.ludex"], tmp_path)
    assert done.returncode == 1, done.stderr
    assert _refused(done.stderr, "pipe.ludex")


def test_fifo_in_a_game_folder_is_refused_without_blocking(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    os.mkfifo(rules / "g" / "pipe.ludex")
    (rules / "g" / "alias.ludex").symlink_to("pipe.ludex")
    done = _child(["check", "rules"], tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert _refused(done.stdout, "rules/g/pipe.ludex")
    assert _refused(done.stdout, "rules/g/alias.ludex")


def test_a_file_that_stats_as_empty_is_still_read_only_up_to_the_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    status = Path("/proc/self/status")
    if not status.exists() or status.stat().st_size != 0:
        pytest.skip("needs a /proc file that reports size 0")
    monkeypatch.setattr(load_module, "MAX_BYTES", 16)
    diags = Diagnostics()
    src, text = load_module.read_source(status, diags, follow=True)
    assert src is None and text is None
    assert [d.code for d in diags] == ["E501"]
    assert "larger than" in next(iter(diags)).message


def test_oversized_file_is_refused(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    with open(rules / "g" / "big.ludex", "wb") as big:
        big.truncate(64 * 1024 * 1024)  # sparse: costs no disk
    run = run_cli("check", "rules", cwd=tmp_path)
    assert run.code == 1
    assert any("big.ludex is larger than 8 MiB" in line for line in run.out.splitlines())


# ---------------------------------------------------------------- unreadable folders and bounds


def test_unreadable_game_folder_is_an_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = _rules(tmp_path, ("a", "b"))
    _deny(monkeypatch, rules / "b")
    run = run_cli("check", "rules", cwd=tmp_path)
    assert run.code == 1
    assert any("error[E501]: cannot read folder rules/b: Permission denied" in line
               for line in run.out.splitlines())
    assert "E305" not in run.out  # the folder is not mistaken for a game without a game


def test_unreadable_sub_folder_is_an_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = _rules(tmp_path)
    (rules / "g" / "more").mkdir()
    (rules / "g" / "more" / "x.ludex").write_text("stat extra\n", "utf-8")
    _deny(monkeypatch, rules / "g" / "more")
    run = run_cli("check", "rules", cwd=tmp_path)
    assert run.code == 1
    assert _refused(run.out, "rules/g/more")


def test_unreadable_file_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = _rules(tmp_path)
    (rules / "g" / "secret.ludex").write_text("stat s\n", "utf-8")
    real_open = os.open

    def deny(path: str | os.PathLike[str], flags: int, *args: int) -> int:
        if os.fspath(path).endswith("secret.ludex"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", deny)
    run = run_cli("check", "rules", cwd=tmp_path)
    assert run.code == 1
    assert any("error[E501]: cannot read rules/g/secret.ludex: Permission denied" in line
               for line in run.out.splitlines())


def test_unreadable_folder_keeps_its_generated_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = _rules(tmp_path, ("a", "b"))
    out = ["--engine-dir", "out/gen", "--site-dir", "out/site", "rules"]
    assert run_cli("build", *out, cwd=tmp_path).code == 0
    before = sorted(p for p in (tmp_path / "out").rglob("*") if "b" in p.parts)
    assert before
    _deny(monkeypatch, rules / "b")
    run = run_cli("build", *out, cwd=tmp_path)
    assert run.code == 1
    assert _refused(run.out, "rules/b")
    assert sorted(p for p in (tmp_path / "out").rglob("*") if "b" in p.parts) == before


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="needs POSIX permissions that deny the current user")
def test_folder_without_read_permission_is_an_error(tmp_path: Path) -> None:
    rules = _rules(tmp_path, ("a", "b"))
    (rules / "b").chmod(0)
    try:
        run = run_cli("check", "rules", cwd=tmp_path)
    finally:
        (rules / "b").chmod(0o755)
    assert run.code == 1
    assert _refused(run.out, "rules/b")


def test_too_many_files_in_a_game_is_an_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = _rules(tmp_path)
    for n in range(5):
        (rules / "g" / f"part{n}.ludex").write_text(f"stat s{n}\n", "utf-8")
    monkeypatch.setattr(load_module, "MAX_FILES", 4)
    run = run_cli("check", "rules", cwd=tmp_path)
    assert run.code == 1
    assert any("error[E501]: rules/g holds more than 4 source files" in line
               for line in run.out.splitlines())
    assert "hint: split the game" in run.out


def test_folders_nested_too_deep_are_an_error(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    deep = rules / "g"
    for _ in range(load_module.MAX_DEPTH + 2):
        deep = deep / "d"
    deep.mkdir(parents=True)
    (deep / "x.ludex").write_text("stat deep\n", "utf-8")
    run = run_cli("check", "rules", cwd=tmp_path)
    assert run.code == 1
    assert f"is nested more than {load_module.MAX_DEPTH} folders deep" in run.out
    assert "hint: flatten the rules" in run.out


def test_discovery_order_and_games_are_unchanged(tmp_path: Path) -> None:
    """The walk finds what the old rglob found, in the same order, for the shipped rules."""
    diags = Diagnostics()
    found = load_module.discover(ROOT / "rules", diags)
    assert list(diags) == []
    for game in found:
        expected = sorted([*game.folder.rglob("*.ludex"), *game.folder.rglob("*.cards.json")])
        assert game.files == expected
    assert [g.folder.name for g in found] == sorted(p.name for p in (ROOT / "rules").iterdir()
                                                    if p.is_dir())


def test_a_relative_path_that_links_out_of_the_project_is_refused(tmp_path: Path) -> None:
    """A repository can commit `rules` as a link to `/`: the default PATH must not walk it."""
    (tmp_path / "rules").symlink_to("/")
    run = run_cli("check", cwd=tmp_path)
    assert run.code == 1 and "rules is a link out of the project folder" in run.err
    inside = tmp_path / "real"
    inside.mkdir()
    (inside / "game.ludex").write_text('game g "G":\n  page: 1\n', encoding="utf-8")
    (tmp_path / "linked").symlink_to("real")
    assert run_cli("check", "linked", cwd=tmp_path).code == 0


def test_base_game_lookup_reads_only_the_siblings_own_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The base is found in a sibling's top-level files; deeper folders and hidden ones
    (`.venv`, `.git`) are never read."""
    rules = tmp_path / "rules"
    (rules / "exp").mkdir(parents=True)
    (rules / "exp" / "game.ludex").write_text(
        'game exp "Exp":\n  base: base\n  > y\n', "utf-8")
    (rules / "base").mkdir()
    (rules / "base" / "game.ludex").write_text('game base "Base":\n  > x\n', "utf-8")
    for deep in (rules / "other" / "deep", rules / ".venv"):
        deep.mkdir(parents=True)
        (deep / "x.ludex").write_text('game other "Other":\n  > z\n', "utf-8")
    read: list[str] = []
    real = load_module.read_source

    def spy(path: Path, *args: Any, **kwargs: Any) -> Any:
        read.append(path.as_posix())
        return real(path, *args, **kwargs)

    monkeypatch.setattr(load_module, "read_source", spy)
    run = run_cli("check", "--no-checks", "rules/exp", cwd=tmp_path)
    assert run.code == 0, run.out + run.err
    assert "rules/base/game.ludex" in read
    assert not any("deep" in p or ".venv" in p for p in read)
