"""Name resolution: lexical scopes, dotted paths, `within`, base games."""

from __future__ import annotations

from pathlib import Path

from .conftest import run_cli


def _game(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_inner_scope_wins_and_dotted_paths_reach_inside(tmp_path: Path) -> None:
    _game(tmp_path / "g", {"game.ludex": '''game g "G":
  > x
component token "Outer token"
section a:
  component token "Inner token"
  rule use:
    see: token
section b:
  rule use:
    see: [token, a.token, a.use]
'''})
    run = run_cli("check", "--no-checks", str(tmp_path / "g"))
    assert run.code == 0, run.out + run.err


def test_within_places_a_file_inside_a_container_of_another_file(tmp_path: Path) -> None:
    _game(tmp_path / "g", {
        "game.ludex": 'game g "G":\n  > x\nmodule revolution "Revolution":\n  > y\n',
        "akira.ludex": "within revolution\ncomponent die\nrule roll:\n  see: die\n",
        "other.ludex": "rule look:\n  see: revolution.die\n",
    })
    run = run_cli("check", "--no-checks", str(tmp_path / "g"))
    assert run.code == 0, run.out + run.err


def test_unresolved_reference_suggests_the_full_path(tmp_path: Path) -> None:
    _game(tmp_path / "g", {"game.ludex": '''game g "G":
  > x
section a:
  component breakdown_die "Breakdown die"
rule r:
  see: breakdown_die
'''})
    run = run_cli("check", "--no-checks", str(tmp_path / "g"))
    assert "error[E301]: reference `breakdown_die` names nothing declared" in run.out
    assert "hint: did you mean `a.breakdown_die`?" in run.out


def test_expansion_sees_its_base_game_when_it_is_encoded(tmp_path: Path) -> None:
    rules = _game(tmp_path / "rules", {
        "base/game.ludex": 'game base "Base":\n  > x\nstat trust "Trust":\n  range: 0..9\n',
        "exp/game.ludex": 'game exp "Exp":\n  base: base\n  > y\nrule r:\n  '
                          "effect: gain 1 trust\n",
    })
    for path in (rules, rules / "exp"):  # the base is found beside the expansion
        run = run_cli("check", "--no-checks", str(path))
        assert run.code == 0, run.out + run.err
        assert run.out.rstrip().endswith("2 files, 4 declarations")
    typo = rules / "exp" / "game.ludex"
    typo.write_text(typo.read_text("utf-8").replace("gain 1 trust", "gain 1 trsut"), "utf-8")
    run = run_cli("check", "--no-checks", str(rules / "exp"))
    assert "reference `trsut` names nothing declared" in run.out
    assert "did you mean `trust`?" in run.out


def test_without_the_base_game_its_terms_are_external(tmp_path: Path) -> None:
    _game(tmp_path / "exp", {"game.ludex": '''game exp "Exp":
  base: base
  > y
external base "Base"
external trust "Trust":
  from: base
rule r:
  see: trust
'''})
    assert run_cli("check", "--no-checks", str(tmp_path / "exp")).code == 0
