"""Project configuration: `[tool.ludex]` in a `pyproject.toml`, or a `ludex.toml`.

The file is found by walking up from the current folder; in each folder a `ludex.toml`
comes first, then a `pyproject.toml` that has a `[tool.ludex]` table (a pyproject without
one is passed over, as ruff does). Paths in the file are relative to the folder that holds
it. A flag on the command line always wins over the file, and the file over the built-in
default: every option the file can set has the default `None` in the parser, and `apply`
fills what the command line left unset.

Keys (kebab-case, as in `pyproject.toml`):

    paths = ["rules"]          # what a command reads when it is given no PATH (without
                               # a file: `rules`, or `.` in a folder of .ludex files)
    engine-dir = "generated"   # `ludex build` outputs
    site-dir = "site"
    fail-on = "error"          # `ludex check`: error | warning | never
    min-severity = "note"      # `ludex check`: note | warning | error
    ignore = ["W601"]          # checks switched off, by code (warnings and notes only)
    [tool.ludex.site]          # (`[site]` in ludex.toml) the site's options: name,
    name = "My games"          # description, logo, favicon, primary, accent, repository,
    logo = "art/logo.svg"      # sections (`ludex.backends.site_options` says each)

A file that cannot be read, or holds an unknown key or a value of the wrong type, is a
usage error (`ConfigError`), named with the file.
"""

from __future__ import annotations

import argparse
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..backends.site_options import OptionError, SiteOptions
from ..core.codes import CODES, Severity

FAIL_ON = ("error", "warning", "never")
SEVERITIES = ("note", "warning", "error")


class ConfigError(Exception):
    """The configuration file is unreadable or wrong; the message names it."""


@dataclass(frozen=True)
class Config:
    """What a configuration file says (every field `None` or empty when it is silent)."""

    source: Path | None = None
    paths: list[Path] = field(default_factory=list)
    engine_dir: Path | None = None
    site_dir: Path | None = None
    fail_on: str | None = None
    min_severity: str | None = None
    ignore: frozenset[str] = frozenset()
    site: SiteOptions = field(default_factory=SiteOptions)


def find(start: Path | None = None) -> tuple[Path, dict[str, Any]] | None:
    """The nearest configuration file at or above `start` and its Ludex table."""
    here = Path(os.path.abspath(start or Path.cwd()))
    for folder in (here, *here.parents):
        own = folder / "ludex.toml"
        if own.is_file():
            return own, _read(own)
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file():
            table = _read(pyproject).get("tool", {}).get("ludex")
            if isinstance(table, dict):
                return pyproject, table
    return None


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise ConfigError(f"{_shown(path)}: cannot read the configuration: {err}") from err


def load(start: Path | None = None) -> Config:
    """The configuration that applies in `start` (the current folder by default)."""
    found = find(start)
    if found is None:
        return Config()
    path, table = found
    return parse(table, path)


def parse(table: dict[str, Any], path: Path) -> Config:
    """Check and convert one Ludex table read from `path`."""
    base = path.parent

    def fail(key: str, why: str) -> ConfigError:
        return ConfigError(f"{_shown(path)}: `{key}` {why}")

    def text(key: str, choices: tuple[str, ...] | None = None) -> str | None:
        value = table.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or (choices and value not in choices):
            raise fail(key, "must be " + (" or ".join(f'"{c}"' for c in choices)
                                          if choices else "a string"))
        return value

    def strings(key: str) -> list[str]:
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise fail(key, "must be a list of strings")
        return value

    unknown = sorted(set(table) - {"paths", "engine-dir", "site-dir", "fail-on",
                                   "min-severity", "ignore", "site"})
    if unknown:
        raise fail(unknown[0], "is not a Ludex setting (paths, engine-dir, site-dir, "
                   "fail-on, min-severity, ignore, site)")
    ignore = strings("ignore")
    for code in ignore:
        if code not in CODES:
            raise fail("ignore", f"names `{code}`, which is not a Ludex code")
        if CODES[code][0] is Severity.ERROR:
            raise fail("ignore", f"names the error `{code}`: an error cannot be switched off")
    site_table = table.get("site", {})
    if not isinstance(site_table, dict):
        raise fail("site", "must be a table")
    try:
        site = SiteOptions.parse(site_table, base)
    except OptionError as err:
        raise ConfigError(f"{_shown(path)}: {err}") from None
    engine, site_dir = text("engine-dir"), text("site-dir")
    return Config(
        source=path, paths=[_near(base, p) for p in strings("paths")],
        engine_dir=_near(base, engine) if engine else None,
        site_dir=_near(base, site_dir) if site_dir else None,
        fail_on=text("fail-on", FAIL_ON), min_severity=text("min-severity", SEVERITIES),
        ignore=frozenset(ignore), site=site)


def _near(base: Path, name: str) -> Path:
    """`name` from the configuration's folder, shown relative to the current folder when
    it lies under it (so diagnostics keep short paths)."""
    full = Path(os.path.abspath(base / name))
    try:
        return full.relative_to(Path.cwd())
    except ValueError:
        return full


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


# What the file may fill in a command's arguments, and the default without a file.
DEFAULTS: dict[str, Any] = {"engine_dir": Path("generated"), "site_dir": Path("site"),
                            "fail_on": "error", "min_severity": None}


def default_path() -> Path:
    """Without PATH or configuration: `rules` when there is one, else the current folder
    when it holds `.ludex` files (`ludex check` inside a game folder), else `rules` (which
    is then reported missing)."""
    rules = Path("rules")
    if not rules.exists() and any(Path.cwd().glob("*.ludex")):
        return Path(".")
    return rules


def apply(args: argparse.Namespace, config: Config) -> None:
    """Fill what the command line left unset from `config`, then from the defaults."""
    if hasattr(args, "paths") and not args.paths:
        args.paths = list(config.paths) or [default_path()]
    for name, default in DEFAULTS.items():
        if hasattr(args, name) and getattr(args, name) is None:
            setattr(args, name, getattr(config, name) or default)
    args.config = config
