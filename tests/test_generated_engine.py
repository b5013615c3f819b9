"""The generated engine is made once per build and reads like hand-written Python.

One `ludex build` emits each game's package once and runs each worked example once
(counted here by wrapping the emitter and the contained runner). In the package, each
rule's metadata sits on the decorator over its effect, cards are named by their catalog
constants, a value of the whole game by `GAME`, every provenance comment is whole, and
`__init__.py` is a few lines that call the runtime.
"""

from __future__ import annotations

import ast as pyast
import re
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from ludex.backends.python import package, snake, unique_names
from ludex.backends.targets import Target
from ludex.cli.build import planned
from ludex.pipeline import compile_paths
from ludex.runtime import Book, Ctx, Game, RuleDef, define_game, game_starter
from ludex.verify import examples

from .conftest import FIXTURES, ROOT, run_cli
from .test_engine import compiled

HEIST = FIXTURES / "engine" / "heist.ludex"
QUIET = 'game quiet "A game without examples":\n  page: 1\n\nstat calm "Calm":\n  range: 0..3\n'
OWNED = ("get", "set", "gain", "lose", "pay", "treated")


@pytest.fixture(scope="module")
def heist() -> dict[str, str]:
    comp = compile_paths([HEIST], checks=False)
    assert not comp.diags.has_errors
    return package.emit_game(comp.models[0])


def counting(counts: Counter[str], real: Callable[..., Any],
             key: Callable[..., str]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        counts[key(*args, **kwargs)] += 1
        return real(*args, **kwargs)
    return wrapper


def test_a_build_emits_each_engine_once_and_runs_each_example_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "rules" / "heist").mkdir(parents=True)
    (tmp_path / "rules" / "quiet").mkdir()
    shutil.copy(HEIST, tmp_path / "rules" / "heist" / "heist.ludex")
    (tmp_path / "rules" / "quiet" / "game.ludex").write_text(QUIET, encoding="utf-8")
    emitted: Counter[str] = Counter()
    ran: Counter[str] = Counter()
    names: list[str] = []

    def by_model(model: Any, *_: Any, **__: Any) -> str:
        return str(model.name)

    def by_package(files: Any, name: str, asked: list[str], *_: Any, **__: Any) -> str:
        names.extend(asked)
        return name

    # the emitter (the build's and the examples', which import it when they run), and the
    # contained runner (with its cache of earlier runs in this process emptied, so
    # nothing is skipped unseen)
    monkeypatch.setattr(package, "emit_game", counting(emitted, package.emit_game, by_model))
    monkeypatch.setattr(examples, "run_contained",
                        counting(ran, examples.run_contained, by_package))
    monkeypatch.setattr(examples, "_runs", {})
    run = run_cli("build", "--engine-dir", "generated", "--site-dir", "site", "rules",
                  cwd=tmp_path)
    assert run.code == 0, run.out + run.err
    assert emitted == {"heist": 1, "quiet": 1}
    assert ran == {"heist": 1}  # a game without examples is not run
    assert sorted(names) == ["clean_job", "loud_job", "quiet.quietly"]
    assert (tmp_path / "generated" / "quiet" / "__init__.py").exists()


def test_the_examples_run_and_the_build_share_the_engine() -> None:
    comp = compile_paths([HEIST])
    model = comp.models[0]
    files = comp.engines[model.source.folder]
    assert package.emit(comp) == {f"heist/{n}": t for n, t in files.items()}
    assert package.engine_files(comp, model) is files


def test_each_rule_is_registered_by_the_decorator_over_its_effect(
        heist: dict[str, str]) -> None:
    tree = pyast.parse(heist["rules.py"])
    assert not [n for n in tree.body if isinstance(n, pyast.Assign) and any(
        isinstance(t, pyast.Name) and t.id == "RULES" for t in n.targets)]
    decorated = {}
    for node in tree.body:
        if isinstance(node, pyast.FunctionDef) and node.decorator_list:
            (decorator,) = node.decorator_list
            assert isinstance(decorator, pyast.Call)
            assert pyast.unparse(decorator.func) == "book.rule"
            name = decorator.args[0]
            assert isinstance(name, pyast.Constant)
            decorated[name.value] = node.name
    assert decorated["steady"] == "steady_effect"
    assert decorated["lockdown.close"] == "close_effect"
    engine = examples.load_engine(heist, "readable")
    rules = engine.DEFINITIONS.rules
    assert {n for n, r in rules.items() if r.effect is not None} == set(decorated)
    assert all(rules[n].effect.__name__ == f for n, f in decorated.items())
    assert list(rules) == list(engine.rules.book.rules)


def test_cards_are_named_by_their_catalog_constants(heist: dict[str, str]) -> None:
    engine = examples.load_engine(heist, "constants")
    ids = set(engine.DEFINITIONS.records)
    for name in ("rules.py", "examples.py", "components.py"):
        tree = pyast.parse(heist[name])
        registered = {id(c.args[0]) for c in pyast.walk(tree) if isinstance(c, pyast.Call)
                      and pyast.unparse(c.func).startswith("book.") and c.args}
        literals = [c.value for c in pyast.walk(tree) if isinstance(c, pyast.Constant)
                    and c.value in ids and id(c) not in registered]
        assert literals == [], name
    assert "q.known(g, g.get(catalog.VERA.id, 'nerve')) >= 2" in heist["rules.py"]
    assert "cards=(catalog.RUBY.id, catalog.IDOL.id)" in heist["components.py"]


def test_a_value_of_the_whole_game_is_owned_by_GAME_not_None(heist: dict[str, str]) -> None:
    for name in ("rules.py", "examples.py"):
        for node in pyast.walk(pyast.parse(heist[name])):
            if isinstance(node, pyast.Call) and isinstance(node.func, pyast.Attribute) and \
                    node.func.attr in OWNED and pyast.unparse(node.func.value) == "g":
                assert not any(isinstance(a, pyast.Constant) and a.value is None
                               for a in node.args), pyast.unparse(node)
    assert "g.gain('alarm', 1, GAME)" in heist["rules.py"]


def test_init_is_a_few_lines_calling_the_runtime(heist: dict[str, str]) -> None:
    code = [n for n in pyast.parse(heist["__init__.py"]).body
            if not isinstance(n, pyast.Expr)]  # the docstring
    assert [pyast.unparse(n) for n in code] == [
        "from ludex.runtime import define_game, game_starter, match_starter",
        "from . import catalog, components, examples, rules",
        "DEFINITIONS = define_game('heist', 'Clockwork Heist', catalog, components, rules, "
        "examples)",
        "new_game = game_starter(DEFINITIONS)",
        "new_match = match_starter(DEFINITIONS)",
    ]
    game = examples.load_engine(heist, "init").new_game(seed=2)
    assert game.defs.game == "heist"


def comments(text: str) -> list[str]:
    return [line.strip() for line in text.split("\n") if line.strip().startswith("#")]


def test_provenance_comments_are_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    folder = Path("long_folder_name_" * 2) / "heist"
    folder.mkdir(parents=True)
    title = "A title long enough that the comment cannot hold it on one line " * 2
    source = HEIST.read_text("utf-8").replace('rule steady "Steady hands"',
                                              f'rule steady "{title.strip()}"')
    (folder / "heist.ludex").write_text(source, encoding="utf-8")
    comp = compile_paths([folder], checks=False)
    files = package.emit_game(comp.models[0])
    path = f"{comp.models[0].source.folder}/heist.ludex"
    for name, text in files.items():
        assert all(len(line) <= 100 for line in text.split("\n")), name
        assert not [c for c in comments(text) if c.endswith("...")], name
    lines = comments(files["rules.py"])
    at = next(i for i, c in enumerate(lines) if c.startswith("# steady "))
    assert re.fullmatch(rf"# steady \({re.escape(path)}:\d+\)", lines[at])
    assert " ".join(c[2:] for c in lines[at + 1:at + 3]) == title.strip()
    for rule in examples.load_engine(files, "comments").DEFINITIONS.rules:
        head = next(c for c in lines if c.startswith((f"# {rule}: ", f"# {rule} (")))
        assert re.search(rf"\({re.escape(path)}:\d+\)$", head), head


def test_a_loop_variable_never_hides_the_catalog_or_GAME(tmp_path: Path) -> None:
    source = HEIST.read_text("utf-8") + (
        '\nrule roll_call "Roll call":\n  effect:\n    for each catalog in [1, 2]:\n'
        '      for each GAME in [3]:\n        gain catalog nerve to vera\n'
        '        gain GAME alarm\n')
    (tmp_path / "heist.ludex").write_text(source, encoding="utf-8")
    comp = compile_paths([tmp_path / "heist.ludex"], checks=False)
    rules = package.emit_game(comp.models[0])["rules.py"]
    assert "for catalog_ in g.members([1, 2]):" in rules
    assert "g.gain('nerve', catalog_, catalog.VERA.id)" in rules
    assert "g.gain('alarm', GAME_, GAME)" in rules


def test_ludex_build_writes_the_same_bytes_twice(tmp_path: Path) -> None:
    plans = []
    for run in ("a", "b"):
        target = Target("engine", tmp_path / run, package.emit, lambda p: p.suffix == ".py")
        plans.append({p.relative_to(tmp_path / run): t for p, t in
                      planned([target], compiled(ROOT / "rules")).items()})
    assert plans[0] == plans[1] and len(plans[0]) == 5 * 4  # five modules, four games


def test_names_are_made_safe() -> None:
    names = unique_names(["a.setup", "b.setup", "class", "x.b_c", "x_b.c", "y.c", "z.b_c",
                          "g", "1st"], snake)
    assert names == {"a.setup": "a_setup", "b.setup": "b_setup", "class": "class_",
                     "x.b_c": "x_b_c", "x_b.c": "x_b_c_2", "y.c": "y_c", "z.b_c": "z_b_c",
                     "g": "g_", "1st": "n1st"}


# ---------------------------------------------------------------- the runtime's side


def test_a_book_registers_in_the_order_written_and_the_decorator_adds_the_effect() -> None:
    book = Book()

    def check(g: Game, ctx: Ctx) -> bool:
        return True

    book.rule("quiet", title="Stated in words")

    @book.rule("loud", title="Loud", check=check)
    def loud(g: Game, ctx: Ctx) -> None:
        g.note("loud")

    book.procedure("turn", steps=("loud",))
    assert list(book.rules) == ["quiet", "loud"]
    assert book.rules["quiet"] == RuleDef("quiet", title="Stated in words")
    assert book.rules["loud"] == RuleDef("loud", title="Loud", check=check, effect=loud)
    assert book.procedures["turn"].steps == ("loud",)


def test_define_game_reads_the_modules_and_new_game_starts_one(heist: dict[str, str]) -> None:
    engine = examples.load_engine(heist, "assembly")
    defs = define_game("heist", "Clockwork Heist", engine.catalog, engine.components,
                       engine.rules, engine.examples)
    assert defs == engine.DEFINITIONS
    game = game_starter(defs)(seed=3, options=["quiet"])
    assert game.defs is defs and "quiet" in game.in_play
    with pytest.raises(TypeError):
        defs.rules["steady"] = defs.rules["steady"]  # type: ignore[index]
