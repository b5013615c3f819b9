"""Input never becomes code: hostile text in every string position of a game leaves the
generated engine's Python AST exactly the shape it has for plain text.

Every good fixture is a template. Its strings (titles, `when:` texts, options, die faces,
reasons, table keys ...), its prose lines, its file name, its folder name and the strings
of a card-data file are replaced by payloads made to escape a comment or a literal (line
breaks of every kind Python and `str.splitlines` know, quotes, backslashes, bidirectional
overrides, Jinja and Markdown syntax, a call of `os.system`); its ids by the names that
would collide with Python or with the generated code (keywords, builtins, the runtime's
own names). The generated modules are parsed, every string constant is blanked and, for
ids, every name is renamed in order of appearance per namespace; the dump must not change.
A shape that changed would mean input turned into code or into a name that captures
another. `test_every_string_position_of_the_export_schema_is_covered` ties the payloads to
the AST export schema, so a new string field cannot escape the property.
"""

from __future__ import annotations

import ast as pyast
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from ludex.backends import to_python
from ludex.backends.export import export_json
from ludex.pipeline import compile_paths

from .conftest import FIXTURES, ROOT, run_cli

TEMPLATES = sorted((FIXTURES / "good").glob("*.ludex"))
SCHEMA = json.loads((ROOT / "compiler" / "backends" / "schemas" / "ast.schema.json")
                    .read_text("utf-8"))

# Made to end a `#` comment, a literal or a docstring, or to look like something else.
PAYLOADS = (
    "x\n__import__('os').system('touch pwned') #",
    "a\u2028import os\u2029os.system('id')\x85b",
    "form\x0cfeed\x0c__import__('sys').exit(3)",
    '"""\'\'\' \\ \\n \\x00 {{ 7*7 }} {% raw %} ${x} %s',
    "\u202egnp.exe\u202c \u2066isolate\u2069 zero\u200bwidth",
    "<script>alert(1)</script> [a](javascript:x) # heading",
    "::error file=x.py::forged",
    "é ü 漢字 \U0001f600 \N{COMBINING ACUTE ACCENT}",
)
HOSTILE_CHARS = "\n\t\x0c\x85\u2028\u2029\u202e\u2066\u200b\"'\\#{}%<>:;()[]`$ aé漢\U0001f600"
# Legal ids that name something in Python or in the generated code.
HOSTILE_IDS = (
    "import", "class", "lambda", "return", "def", "None", "True", "False", "match", "case",
    "type", "print", "exec", "eval", "open", "__import__", "__builtins__", "__init__",
    "__class__", "g", "ctx", "q", "picked", "Game", "Ctx", "RuleDef", "Record", "by_name",
    "dataclass", "ClassVar", "Mapping", "MappingProxyType", "RULES", "CATALOG", "KINDS",
    "DEFINITIONS", "TITLE", "new_game", "os", "sys", "cls", "A", "a_", "_a", "x" * 64,
)


def ludex_string(text: str) -> str:
    """`text` as the inside of a Ludex string literal; characters no .ludex file may hold
    (controls other than tab and form feed) are left out."""
    out = []
    for ch in text:
        if ch in '\\"':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) >= 32 or ch in "\t\x0c":
            out.append(ch)
    return "".join(out)


def prose_text(text: str) -> str:
    return "".join(ch for ch in text if ord(ch) >= 32 or ch in "\t\x0c")


def rewrite(source: str, strings: Callable[[str], str], prose: Callable[[str], str]) -> str:
    """`source` with the inside of every string literal and every prose line replaced."""
    lines = []
    for line in source.split("\n"):
        stripped = line.lstrip(" \t")
        if stripped.startswith(">"):
            lines.append(line[: len(line) - len(stripped)] + "> " + prose(stripped[1:].strip()))
        else:
            lines.append(_rewrite_strings(line, strings))
    return "\n".join(lines)


def _rewrite_strings(line: str, strings: Callable[[str], str]) -> str:
    out, i = [], 0
    while i < len(line):
        ch = line[i]
        if ch == "#":
            out.append(line[i:])
            break
        if ch != '"':
            out.append(ch)
            i += 1
            continue
        end = i + 1
        while end < len(line) and line[end] != '"':
            end += 2 if line[end] == "\\" else 1
        out.append('"' + ludex_string(strings(line[i + 1:end])) + '"')
        i = end + 1
    return "".join(out)


def numbered(payloads: Callable[[int], str]) -> Callable[[str], str]:
    """Equal originals get equal payloads and different ones different payloads, so the
    rules mean the same with either (a die face compared in an example stays equal)."""
    seen: dict[str, str] = {}

    def pick(original: str) -> str:
        if original not in seen:
            seen[original] = f"{payloads(len(seen))} #{len(seen)}"
        return seen[original]
    return pick


def fixed(i: int) -> str:
    return PAYLOADS[i % len(PAYLOADS)]


def shapes(folder: Path, rename: bool = False) -> dict[str, str]:
    comp = compile_paths([folder], checks=False)
    errors = [d for d in comp.diags if d.code.startswith("E")]
    assert not errors, [f"{d.code} {d.message}" for d in errors]
    return {path: shape(text, rename) for path, text in to_python.emit(comp).items()}


def shape(text: str, rename: bool) -> str:
    """The module's AST with every string blanked (and every name numbered, for ids)."""
    tree = pyast.parse(text)
    names: dict[tuple[str, str], str] = {}

    def canon(space: str, name: str) -> str:
        return names.setdefault((space, name), f"{space}{len(names)}") if rename else name

    for node in pyast.walk(tree):
        if isinstance(node, pyast.Constant) and isinstance(node.value, str):
            node.value = "S"
        elif isinstance(node, pyast.Name):
            node.id = canon("n", node.id)
        elif isinstance(node, (pyast.FunctionDef, pyast.ClassDef)):
            node.name = canon("n", node.name)
        elif isinstance(node, pyast.arg):
            node.arg = canon("n", node.arg)
        elif isinstance(node, pyast.alias):
            node.name, node.asname = canon("n", node.name), node.asname and canon(
                "n", node.asname)
        elif isinstance(node, pyast.Attribute):
            node.attr = canon("a", node.attr)
        elif isinstance(node, pyast.keyword) and node.arg:
            node.arg = canon("k", node.arg)
    return pyast.dump(tree, include_attributes=False)


def place(root: Path, folder: str, file: str, text: str) -> Path:
    game = root / folder
    game.mkdir(parents=True)
    (game / file).write_text(text, encoding="utf-8")
    return game


def hostile_name(payload: str, suffix: str) -> str:
    """A file or folder name holding `payload` (no `/` or NUL, within 255 bytes)."""
    name = payload.replace("/", "_").replace("\0", "_")
    while len((name + suffix).encode()) > 200:
        name = name[:-1]
    return name + suffix


def compare(template: Path, root: Path, payloads: Callable[[int], str],
            name_payload: str) -> None:
    source = template.read_text("utf-8")
    plain = place(root / "plain", "game", "game.ludex",
                  rewrite(source, numbered(lambda i: f"plain text {i}"),
                          lambda _: "plain prose"))
    hostile = place(root / "hostile", hostile_name(name_payload, ""),
                    hostile_name(name_payload, ".ludex"),
                    rewrite(source, numbered(payloads), lambda _: prose_text(payloads(0))))
    assert shapes(hostile) == shapes(plain)


@pytest.mark.parametrize("template", TEMPLATES, ids=[t.stem for t in TEMPLATES])
def test_hostile_text_never_changes_the_generated_code(template: Path, tmp_path: Path) -> None:
    compare(template, tmp_path, fixed, PAYLOADS[0])


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(template=st.sampled_from(TEMPLATES),
       texts=st.lists(st.text(st.sampled_from(HOSTILE_CHARS) | st.characters(
           blacklist_categories=["Cs"]), min_size=1, max_size=24), min_size=1, max_size=8),
       name=st.text(st.sampled_from(HOSTILE_CHARS.replace("\n", "")), min_size=1, max_size=12))
def test_random_hostile_text_never_changes_the_generated_code(
        tmp_path_factory: pytest.TempPathFactory, template: Path, texts: list[str],
        name: str) -> None:
    root = tmp_path_factory.mktemp("case")
    compare(template, root, lambda i: texts[i % len(texts)], "n" + name)


def rename_ids(source: str, ids: dict[str, str]) -> str:
    """Every whole-word use of a declared id, outside strings, prose and comments."""
    pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, ids)) + r")(?!\w)")
    out = []
    for line in source.split("\n"):
        if line.lstrip().startswith(">"):
            out.append(line)
            continue
        code, hashed = _split_comment(line)
        parts = re.split(r'("(?:[^"\\]|\\.)*")', code)
        out.append("".join(p if p.startswith('"') else pattern.sub(
            lambda m: ids[m.group(1)], p) for p in parts) + hashed)
    return "\n".join(out)


def _split_comment(line: str) -> tuple[str, str]:
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"' and (i == 0 or line[i - 1] != "\\"):
            quoted = not quoted
        elif ch == "#" and not quoted:
            return line[:i], line[i:]
    return line, ""


def declared_ids(folder: Path) -> list[str]:
    comp = compile_paths([folder], checks=False)
    games = {m.game.id for m in comp.models if m.game is not None}  # renaming one renames
    return sorted({s.decl.id for m in comp.models for s in m.symbols.values()  # the package
                   if s.qualname and s.decl.keyword != "game" and s.decl.id not in games})


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(template=st.sampled_from(TEMPLATES), data=st.data())
def test_hostile_ids_never_capture_a_name(tmp_path_factory: pytest.TempPathFactory,
                                          template: Path, data: st.DataObject) -> None:
    root = tmp_path_factory.mktemp("ids")
    source = template.read_text("utf-8")
    plain = place(root / "plain", "game", "game.ludex", source)
    ids = declared_ids(plain)
    assume(ids)
    chosen = data.draw(st.lists(st.sampled_from(HOSTILE_IDS), min_size=len(ids),
                                max_size=len(ids), unique=True)) if len(ids) <= len(
        HOSTILE_IDS) else []
    assume(chosen)
    renamed = rename_ids(source, dict(zip(ids, chosen, strict=True)))
    hostile = place(root / "hostile", "game", "game.ludex", renamed)
    comp = compile_paths([hostile], checks=False)
    assume(not comp.diags.has_errors)  # an id the language keeps for itself
    assert shapes(hostile, rename=True) == shapes(plain, rename=True)


def test_hostile_ids_are_accepted_somewhere(tmp_path: Path) -> None:
    """The id property is not vacuous: Python's keywords and the runtime's names are
    legal ids, and a game using them compiles and imports."""
    source = (FIXTURES / "good" / "examples.ludex").read_text("utf-8")
    plain = place(tmp_path / "plain", "game", "game.ludex", source)
    ids = declared_ids(plain)
    mapping = dict(zip(ids, ("import", "Game", "ctx", "__class__", "RULES", "print",
                             "lambda", "g", "by_name"), strict=False))
    hostile = place(tmp_path / "hostile", "game", "game.ludex", rename_ids(source, mapping))
    assert shapes(hostile, rename=True) == shapes(plain, rename=True)


CARDS_GAME = '''game g "G":
  page: 1
kind card "Card":
  field power: int 0..9
  field school: one of fire, water
  field note: optional text
  field other: optional text
'''


def cards(texts: Callable[[int], str]) -> dict[str, Any]:
    return {"kind": "card", "cards": [
        {"id": f"c{i}", "title": texts(3 * i), "school": "fire", "power": i,
         "note": texts(3 * i + 1), "other": texts(3 * i + 2), "prose": [texts(99)]}
        for i in range(3)]}


def test_hostile_card_data_never_changes_the_generated_code(tmp_path: Path) -> None:
    raw = (*PAYLOADS, "\x00\x01\x1b[31m\r\x7f", "\ud7ff\ue000\uffff")
    for name, texts in (("plain", lambda i: f"text {i}"),
                        ("hostile", lambda i: raw[i % len(raw)] + f" {i}")):
        folder = place(tmp_path / name, "g", "game.ludex", CARDS_GAME)
        (folder / "deck.cards.json").write_text(json.dumps(cards(texts)), encoding="utf-8")
    assert shapes(tmp_path / "hostile" / "g") == shapes(tmp_path / "plain" / "g")


def test_hostile_cells_of_a_sheet_never_change_the_generated_code(tmp_path: Path) -> None:
    """The same for a card list kept as CSV: a cell reaches the engine only as a literal."""
    import csv
    import io

    raw = [p for p in PAYLOADS if all(ord(c) >= 32 or c in "\t\n\f" for c in p)]
    for name, texts in (("plain", lambda i: f"text {i}"),
                        ("hostile", lambda i: raw[i % len(raw)] + f" {i}")):
        folder = place(tmp_path / name, "g", "game.ludex", CARDS_GAME)
        sheet = io.StringIO()
        writer = csv.writer(sheet, lineterminator="\n")
        writer.writerow(["id", "title", "school", "power", "note", "other", "prose"])
        writer.writerows([c["id"], c["title"], c["school"], c["power"], c["note"], c["other"],
                          c["prose"][0]] for c in cards(texts)["cards"])
        (folder / "card.cards.csv").write_text(sheet.getvalue(), encoding="utf-8")
    assert shapes(tmp_path / "hostile" / "g") == shapes(tmp_path / "plain" / "g")


@pytest.mark.parametrize("payload", [
    "x\\n__import__('os').system('touch pwned') #",
    "x\u2028__import__('os').system('touch pwned') #",
    "x\u2029__import__('os').system('touch pwned') #",
    "x\x85__import__('os').system('touch pwned') #",
    "x\x0c__import__('os').system('touch pwned') #",
    "x\\n(",
], ids=["escaped-newline", "U+2028", "U+2029", "U+0085", "form-feed", "unbalanced"])
@pytest.mark.parametrize("where", ["rule", "kind", "table", "example"])
def test_a_title_cannot_run_code(tmp_path: Path, payload: str, where: str) -> None:
    """The reproduction of the issue: a title that ends the provenance comment ran
    `os.system` during `ludex check`, which runs the examples through the engine."""
    titles = {w: "plain" for w in ("rule", "kind", "table", "example")}
    titles[where] = payload
    place(tmp_path, "g", "game.ludex", f'''game g "G":
  page: 1
kind hero "{titles["kind"]}":
  field power: int 0..9
hero h "H":
  power: 1
stat danger "Danger":
  range: 0..9
rule r "{titles["rule"]}":
  effect: gain 1 danger
die d2 "D2":
  faces: 1..2
table t "{titles["table"]}":
  by: d2
  mode: lookup
  1: gain 1 danger
  2: gain 2 danger
example e "{titles["example"]}":
  for: r
  given: set danger to 1
  expect: danger == 1
''')
    for command in (("check",), ("test",), ("stats",),
                    ("build", "--engine-dir", "out", "--site-dir", "site")):
        run = run_cli(*command, "g", cwd=tmp_path)
        assert run.code == 0, run.out + run.err
        assert "internal error" not in run.err
        assert not (tmp_path / "pwned").exists(), command
    assert_imports(tmp_path / "out")


def assert_imports(out: Path) -> None:
    """Import every built package as a user would: a fresh interpreter, a plain import."""
    packages = sorted(p.parent.name for p in out.glob("*/__init__.py"))
    assert packages
    code = "".join(f"import {p}; {p}.new_game(seed=1)\n" for p in packages)
    done = subprocess.run([sys.executable, "-c", code], cwd=out, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr


def test_a_file_or_folder_name_cannot_run_code(tmp_path: Path) -> None:
    name = "x\n__import__('os').system('touch pwned') #"
    place(tmp_path, name, name + ".ludex", (FIXTURES / "good" / "examples.ludex")
          .read_text("utf-8"))
    for command in (("check",), ("build", "--engine-dir", "out", "--site-dir", "site")):
        run = run_cli(*command, name, cwd=tmp_path)
        assert run.code == 0, run.out + run.err
        assert not (tmp_path / "pwned").exists()
    headers = [p.read_text("utf-8").split("\n")[0] for p in (tmp_path / "out").rglob("*.py")]
    assert headers and all("\\n__import__" in h for h in headers)
    assert_imports(tmp_path / "out")


# Every string position of the AST export schema, by what may stand there.
TEXT = {"title", "text", "value", "reason", "label", "path", "words", "outcome"}
NAMES = {"id", "qualname", "parts", "target", "name", "names", "var", "bind", "func", "per",
         "period", "returns", "keyword", "binds", "key", "at_end", "shared"}
WORDS = {"op", "kind", "mode", "overflow", "reshuffle", "discard_to", "code", "values",
         "preposition", "adjacency", "sight", "verb"}
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*|[-+*/<>=!]{1,2}")


def string_positions() -> set[tuple[str, str]]:
    def is_string(p: dict[str, Any]) -> bool:
        kinds = p.get("type")
        if kinds == "string" or (isinstance(kinds, list) and "string" in kinds):
            return True
        if kinds == "array":
            return is_string(p.get("items", {}))
        return any(is_string(x) for x in p.get("anyOf", []))
    return {(node, name) for node, spec in SCHEMA["$defs"].items()
            for name, p in spec.get("properties", {}).items() if is_string(p)}


def values(data: Any) -> Iterator[tuple[tuple[str, str], Any]]:
    if isinstance(data, dict):
        for key, value in data.items():
            if "node" in data:
                yield (data["node"], key), value
            yield from values(value)
    elif isinstance(data, list):
        for item in data:
            yield from values(item)


def test_every_string_position_of_the_export_schema_is_covered(tmp_path: Path) -> None:
    """Each string field of the schema is text (and then a payload reaches it in the tests
    above: its value differs between the plain and the hostile export), or a name or a word
    of the language (and then every value the fixtures give it is a plain name or word,
    which the id property above varies)."""
    positions = string_positions()
    assert {field for _, field in positions} <= TEXT | NAMES | WORDS
    varied: set[tuple[str, str]] = set()
    for template in TEMPLATES:
        source = template.read_text("utf-8")
        root = tmp_path / template.stem
        plain = place(root / "plain", "game", "game.ludex",
                      rewrite(source, numbered(lambda i: f"plain text {i}"),
                              lambda _: "plain prose"))
        hostile = place(root / "hostile", hostile_name(PAYLOADS[0], ""), hostile_name(
            PAYLOADS[0], ".ludex"), rewrite(source, numbered(fixed), lambda _: "p\u2028q"))
        exported = [list(values(export_json(compile_paths([f], checks=False))))
                    for f in (plain, hostile)]
        for (pos, a), (_, b) in zip(*exported, strict=True):
            if pos in positions and a != b:
                varied.add(pos)
            if pos in positions and pos[1] not in TEXT:
                for v in (a if isinstance(a, list) else [a]):
                    assert v is None or v == "" or WORD.fullmatch(v), (pos, v)
        shutil.rmtree(root)
    text_positions = {p for p in positions if p[1] in TEXT}
    assert text_positions - varied == set()
    assert varied <= text_positions


@pytest.mark.parametrize("game", ["typing", "ludex", "os", "collections"])
def test_a_game_cannot_shadow_a_module(tmp_path: Path, game: str) -> None:
    place(tmp_path, "g", "game.ludex", f'game {game} "G":\n  page: 1\n')
    run = run_cli("build", "--engine-dir", "out", "--site-dir", "site", "g", cwd=tmp_path)
    assert run.code == 0, run.out + run.err
    assert [p.name for p in (tmp_path / "out").glob("*/")] == [f"{game}_"]
    assert_imports(tmp_path / "out")


def test_a_card_id_cannot_end_in_a_line_break(tmp_path: Path) -> None:
    folder = place(tmp_path, "g", "game.ludex", CARDS_GAME)
    (folder / "deck.cards.json").write_text(json.dumps({"kind": "card", "cards": [
        {"id": "bolt\n", "title": "Bolt", "school": "fire", "power": 1}]}), encoding="utf-8")
    run = run_cli("check", "--no-checks", "g", cwd=tmp_path)
    assert run.code == 1 and "error[E109]" in run.out
