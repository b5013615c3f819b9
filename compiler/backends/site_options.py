"""What a publisher chooses about the site: its name, logo, favicon, colours, repository
link and which sections it publishes; and the files the site ships so that it works
from disk with no network (Mermaid, the worker shim search needs over `file://`). Read
with the configuration at every command's start, so it imports nothing heavy.

`SiteOptions.parse` reads the `site` table of the project configuration (`[tool.ludex.site]`
or `[site]` in `ludex.toml`); a wrong value raises `OptionError`, whose message names the
key. File options (`logo`, `favicon`) are paths relative to the configuration's folder,
kept inside it: no absolute path, no `..`, no symbolic link leading out, an image suffix,
a regular file of a sensible size.

Keys:

    name = "Rules of My Game"       # the site's name (default: the game's title + " rules")
    description = "..."             # the pages' meta description
    logo = "art/logo.svg"           # shown in the header (svg, png, jpg, gif, webp)
    favicon = "art/icon.png"        # the browser tab's icon (also ico)
    primary = "teal"                # a Material colour name, or "#RRGGBB"
    accent = "#ff8800"
    repository = "https://example.org/me/my-game"   # linked in the footer, never fetched
    sections = ["rules", "authoring"]               # default ["rules"]: players only
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..core.files import IMAGE_SUFFIXES, MAX_IMAGE, confined
from .write import WriteError

SECTIONS = ("rules", "authoring")
COLOURS = ("red", "pink", "purple", "deep-purple", "indigo", "blue", "light-blue", "cyan",
           "teal", "green", "light-green", "lime", "yellow", "amber", "orange", "deep-orange",
           "brown", "grey", "blue-grey", "black", "white")
ICON_SUFFIXES = (*IMAGE_SUFFIXES, ".ico")
KEYS = ("name", "description", "logo", "favicon", "primary", "accent", "repository",
        "sections")
ASSETS = "ludex-assets"  # the site's own folder under docs/
# shipped with Ludex, copied into every site: (package path, path under docs/)
VENDORED = (("assets/mermaid/mermaid.min.js", f"{ASSETS}/mermaid/mermaid.min.js"),
            ("assets/mermaid/LICENSE", f"{ASSETS}/mermaid/LICENSE.txt"),
            ("assets/iframe-worker/shim.js", f"{ASSETS}/iframe-worker/shim.js"),
            ("assets/iframe-worker/LICENSE", f"{ASSETS}/iframe-worker/LICENSE.txt"))


class OptionError(WriteError, ValueError):
    """A site option with a wrong value, or a file it names that cannot be read (which
    `ludex build` reports as E502); the message names the option."""


@dataclass(frozen=True, slots=True)
class SiteOptions:
    name: str | None = None
    description: str | None = None
    logo: Path | None = None  # absolute, checked
    favicon: Path | None = None
    primary: str = "indigo"
    accent: str = "amber"
    repository: str | None = None
    authoring: bool = False

    @classmethod
    def parse(cls, table: dict[str, Any], base: Path) -> SiteOptions:
        """Check and convert a `site` table; paths are relative to `base`."""
        unknown = sorted(set(table) - set(KEYS))
        if unknown:
            raise OptionError(f"`site.{unknown[0]}` is not a site option (the options: "
                              f"{', '.join(KEYS)})")
        for key in KEYS[:-1]:
            if key in table and not isinstance(table[key], str):
                raise OptionError(f"`site.{key}` must be a string")
        sections = table.get("sections", ["rules"])
        if not isinstance(sections, list) or not all(s in SECTIONS for s in sections) \
                or "rules" not in sections:
            raise OptionError('`site.sections` must be a list of "rules" (always) and '
                              '"authoring"')
        return cls(name=_text(table, "name"), description=_text(table, "description"),
                   logo=_file(table, "logo", base, IMAGE_SUFFIXES),
                   favicon=_file(table, "favicon", base, ICON_SUFFIXES),
                   primary=_colour(table, "primary", "indigo"),
                   accent=_colour(table, "accent", "amber"),
                   repository=_repository(table.get("repository")),
                   authoring="authoring" in sections)

    def site_name(self, titles: list[str]) -> str:
        """The name the publisher chose, else the one game's title, else a generic one."""
        if self.name:
            return self.name
        return f"{titles[0]} rules" if len(titles) == 1 else "Rules reference"

    def files(self) -> dict[str, bytes]:
        """The logo and favicon as the site ships them, under `ludex-assets/`."""
        out = {}
        for key, path in (("logo", self.logo), ("favicon", self.favicon)):
            if path is not None:
                out[asset_path(key, path)] = read_image(path, f"site.{key}")
        return out


def asset_path(key: str, path: Path) -> str:
    return f"{ASSETS}/{key}{path.suffix.lower()}"


def vendored() -> dict[str, bytes]:
    """The scripts every site ships, with their licences, under `ludex-assets/`."""
    here = resources.files("ludex.backends").joinpath("templates/site")
    return {dest: here.joinpath(src).read_bytes() for src, dest in VENDORED}


def read_image(path: Path, what: str) -> bytes:
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_IMAGE + 1)
    except OSError as err:
        raise OptionError(f"`{what}`: cannot read {path}: {err.strerror or err}") from err
    if len(data) > MAX_IMAGE:
        raise OptionError(f"`{what}`: {path} is larger than {MAX_IMAGE // (1024 * 1024)} MiB")
    return data


def _file(table: dict[str, Any], key: str, base: Path,
          suffixes: tuple[str, ...]) -> Path | None:
    value = table.get(key)
    if value is None:
        return None
    full, why = confined(base, value, suffixes)
    if full is None:
        raise OptionError(f"`site.{key}` {why}")
    return full


def _text(table: dict[str, Any], key: str) -> str | None:
    value = table.get(key)
    return " ".join(value.split()) or None if isinstance(value, str) else None


def _colour(table: dict[str, Any], key: str, default: str) -> str:
    value = table.get(key, default)
    if value in COLOURS or re.fullmatch(r"#[0-9A-Fa-f]{6}", value):
        return str(value).lower()
    raise OptionError(f"`site.{key}` must be a Material colour ({', '.join(COLOURS)}) or "
                      "#RRGGBB")


def _repository(value: str | None) -> str | None:
    if value is None:
        return None
    if not re.fullmatch(r"https://[A-Za-z0-9.-]+(:\d+)?(/[A-Za-z0-9._~/%+-]*)?", value):
        raise OptionError("`site.repository` must be an https:// address (letters, digits "
                          "and `._~/%+-` only)")
    return value


def colour_css(options: SiteOptions) -> str:
    """CSS variables for colours given as #RRGGBB (the theme's `custom` scheme)."""
    lines = []
    if options.primary.startswith("#"):
        ink = "#000000de" if _light(options.primary) else "#ffffff"
        lines += [f"  --md-primary-fg-color: {options.primary};",
                  f"  --md-primary-fg-color--light: {options.primary};",
                  f"  --md-primary-fg-color--dark: {options.primary};",
                  f"  --md-primary-bg-color: {ink};",
                  f"  --md-primary-bg-color--light: {ink}b3;" if ink == "#ffffff"
                  else "  --md-primary-bg-color--light: #0000008a;"]
    if options.accent.startswith("#"):
        lines += [f"  --md-accent-fg-color: {options.accent};",
                  f"  --md-accent-fg-color--transparent: {options.accent}1a;"]
    return ":root > * {\n" + "\n".join(lines) + "\n}\n" if lines else ""


def _light(hex_colour: str) -> bool:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b > 160
