"""The command line: exit codes, hostile input, export contract, help."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from ludex.backends.export import ast_schema, shipped_schema

from .conftest import ROOT, run_cli

GAME = 'game g "G":\n  > A game.\n'


def _write(tmp_path: Path, name: str, data: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    return path


BROKEN = {
    "empty": ("", "E107"),
    "truncated": (GAME + 'rule r "R":\n  when: before', "E101"),
    "unbalanced_braces": (GAME + 'rule r "R" {\n  effect: gain 1 trust\n', "E102"),
    "unbalanced_brackets": (GAME + "rule r:\n  see: [a, b\n", "E108"),
    "binary": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe", "E103"),
    "unknown_keyword": (GAME + 'rul r "R":\n  > text\n', "E304"),
    "wrong_value_type": (GAME + 'stat s "S":\n  range: "zero to nine"\n', "E202"),
    "reference_to_nothing": (GAME + "rule r:\n  see: nowhere\n", "E301"),
    "deeply_nested": (GAME + "".join("  " * i + f"section s{i}:\n" for i in range(200))
                      + "  " * 200 + "> deep\n", "E105"),
    "deeply_nested_brackets": (GAME + "rule r:\n  see: " + "[" * 500 + "]" * 500 + "\n",
                               "E105"),
    "long_operator_chain": (GAME + "rule r:\n  condition: " + " + ".join(["1"] * 5000)
                            + " > 2\n", "E105"),
    "long_not_chain": (GAME + "rule r:\n  condition: " + "not " * 5000 + "yes\n", "E105"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_input_gives_a_clean_diagnostic(tmp_path: Path, name: str) -> None:
    data, code = BROKEN[name]
    path = _write(tmp_path, f"{name}.ludex", data)
    run = run_cli("check", str(path))
    assert run.code == 1
    assert run.err == ""  # a finding is the report's, on stdout; no traceback
    first = run.out.splitlines()[0]
    assert f"error[{code}]" in first
    assert first.startswith(str(path) + ":")  # file:line:col
    assert run.out.rstrip().splitlines()[-1].startswith("1 error")


def test_missing_path_is_reported(tmp_path: Path) -> None:
    run = run_cli("check", str(tmp_path / "nowhere"))
    assert run.code == 1  # a PATH that is not there is the tool's trouble: on stderr
    assert run.err.startswith("ludex check: error[E501]: no such file or folder")
    assert "E501" not in run.out and run.out.startswith("1 error, 0 warnings")


def test_help_documents_exit_codes() -> None:
    run = run_cli("check", "--help")
    assert run.code == 0
    for line in ("0    clean", "1    findings at the --fail-on level", "2    usage error",
                 "123  internal error"):
        assert line in run.out


def test_usage_error_exits_2() -> None:
    assert run_cli("frobnicate").code == 2


def test_diagnostics_are_capped(tmp_path: Path) -> None:
    body = GAME + "".join(f"rule r{i}:\n  see: missing_{i}\n" for i in range(60))
    path = _write(tmp_path, "many.ludex", body)
    run = run_cli("check", "--max-diagnostics", "5", str(path))
    assert run.out.count("error[E301]") == 5 and run.err == ""
    assert "... and 55 more" in run.out
    assert run.out.rstrip().splitlines()[-1].startswith("60 errors")


def test_shipped_ast_schema_is_current() -> None:
    assert shipped_schema() == ast_schema(), (
        "refresh it: ludex export --schema > compiler/backends/schemas/ast.schema.json")


def test_export_of_rules_validates_against_the_shipped_schema() -> None:
    run = run_cli("export", "--json", "rules")
    assert run.code == 0, run.out + run.err
    data = json.loads(run.out)
    jsonschema.Draft202012Validator.check_schema(shipped_schema())
    jsonschema.validate(data, shipped_schema())
    assert {g["name"] for g in data["games"]} >= {"escalation", "dei_old_london", "aeon_trespass"}
    assert [s for s in _spans(data) if s[0] < 1 or s[1] < 1 or s[2] < s[0]] == []


def _spans(node: object) -> list[list[int]]:
    """Every span in an export: each AST node points at real source."""
    if isinstance(node, dict):
        own = [node["span"]] if isinstance(node.get("span"), list) else []
        return own + [s for v in node.values() for s in _spans(v)]
    if isinstance(node, list):
        return [s for v in node for s in _spans(v)]
    return []


def test_export_resolves_references(tmp_path: Path) -> None:
    path = _write(tmp_path, "g.ludex", GAME + "component c\nrule r:\n  see: c\n")
    data = json.loads(run_cli("export", "--json", str(path)).out)
    decls = data["games"][0]["files"][0]["decls"]
    rule = next(d for d in decls if d["id"] == "r")
    assert rule["props"][0]["value"]["target"] == "c"
    assert rule["qualname"] == "r"


def test_export_refuses_broken_rules(tmp_path: Path) -> None:
    path = _write(tmp_path, "g.ludex", GAME + "rule r:\n  see: nothing_here\n")
    run = run_cli("export", "--json", str(path))
    assert run.code == 1 and run.out == ""  # stdout is the data: the errors go to stderr
    assert "error[E301]" in run.err


def test_runs_as_a_module() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "ludex", "--help"], capture_output=True,
                          text=True, cwd=ROOT, check=False)
    assert done.returncode == 0 and "check" in done.stdout


def test_a_one_shot_command_ends_at_once_with_its_whole_output_and_its_code(
        tmp_path: Path) -> None:
    """`entry` ends a one-shot command with `os._exit` (no freeing of the model): what it
    printed is all there, on a pipe and in a file, and the exit code is the command's."""
    import subprocess
    import sys

    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "game.ludex").write_text('game g "G":\n  > A game.\nrule r "R":\n  when: ???\n',
                                       encoding="utf-8")
    for folder, code in ((ROOT / "rules" / "crazy_eights", 0), (broken, 1)):
        expected = run_cli("check", "--format", "json", str(folder))
        done = subprocess.run([sys.executable, "-m", "ludex", "check", "--format", "json",
                               str(folder)], capture_output=True, text=True, cwd=ROOT,
                              check=False)
        assert (done.returncode, done.stdout) == (expected.code, expected.out)
        assert done.returncode == code
        with (tmp_path / "out.json").open("w", encoding="utf-8") as out:
            subprocess.run([sys.executable, "-m", "ludex", "check", "--format", "json",
                            str(folder)], stdout=out, cwd=ROOT, check=False)
        assert (tmp_path / "out.json").read_text("utf-8") == expected.out


def test_kind_schemas_are_exported_for_other_tools() -> None:
    run = run_cli("export", "--kinds", "rules")
    assert run.code == 0, run.out + run.err
    schemas = json.loads(run.out)
    card = schemas["dei_old_london.vengeance_mode.vengeance_card"]
    jsonschema.Draft202012Validator.check_schema(card)
    good = {"threshold": "if you have 10 or more Scrappers on the Map.",
            "penalties": ["remove 3 Scrappers from 1 or more Regions", "Lose 3 Supplies."]}
    jsonschema.validate(good, card)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**good, "penalties": []}, card)
