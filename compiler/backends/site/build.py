"""The site's entry points: `emit`, the whole site, and `owns`, which of an existing
site's files `ludex build` may replace or delete (the package's docstring tells the
rest)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from markupsafe import Markup

from ...semantics.compilation import Compilation
from ..site_options import ASSETS, SiteOptions, asset_path, colour_css, read_image, vendored
from ..write import first_line_has
from .escape import html_text
from .links import Site
from .pages import CSS, LANGUAGE_PAGE, SCRIPT, home_pages, nav, walk, yaml_string
from .render import MARKER, MARKER_PREFIX, env, render
from .values import picture_path, pictures

__all__ = ["SiteOptions", "emit", "owns"]


def emit(comp: Compilation, options: SiteOptions | None = None) -> dict[str, str | bytes]:
    """`{path relative to the site folder: text or bytes}`: mkdocs.yml and docs/**.
    Raises `OptionError` when a file the options name cannot be read."""
    options = options or SiteOptions()
    titles = [m.root.decl.display for m in comp.models]
    site = Site(comp, options.authoring, options.site_name(titles))
    site.pictures = pictures(comp.models)
    out: dict[str, str | bytes] = {"mkdocs.yml": _mkdocs_yml(site, options),
                                   f"docs/{CSS}": env().get_template("site.css.j2").render(
                                       marker=MARKER, colours=Markup(colour_css(options)))}
    for page in [*home_pages(options.authoring), *walk(site.games)]:
        out[f"docs/{page.path}"] = language_page() if page.path == LANGUAGE_PAGE \
            else render(site, page)
    out.update({f"docs/{rel}": data for rel, data in {**vendored(), **options.files()}.items()})
    out.update({f"docs/{picture_path(game, path)}": read_image(full, f"{game}: {path}")
                for (game, path), full in sorted(site.pictures.items())})
    out[f"docs/{SCRIPT}"] = env().get_template("site.js.j2").render(marker=MARKER)
    return out


def _mkdocs_yml(site: Site, options: SiteOptions) -> str:
    files = {key: asset_path(key, path) for key, path in
             (("logo", options.logo), ("favicon", options.favicon)) if path is not None}
    host = options.repository.split("/")[2] if options.repository else ""
    icon = next((f"fontawesome/brands/{name}" for name in ("github", "gitlab", "bitbucket")
                 if name in host), "fontawesome/solid/code-branch")
    return env().get_template("mkdocs.yml.j2").render(
        marker=MARKER, nav=Markup(nav(site.games, options.authoring)), css=CSS, script=SCRIPT,
        name=Markup(yaml_string(html_text(site.name))),
        description=Markup(yaml_string(html_text(options.description)))
        if options.description else "",
        logo=files.get("logo"), favicon=files.get("favicon"), assets=ASSETS,
        primary="custom" if options.primary.startswith("#") else options.primary,
        accent="custom" if options.accent.startswith("#") else options.accent,
        repository=Markup(yaml_string(options.repository)) if options.repository else "",
        repository_icon=icon)


def language_page() -> str:
    """The language reference, as Ludex ships it, under the generated marker."""
    text = resources.files("ludex.backends").joinpath("templates/site/language.md").read_text(
        "utf-8")
    return f"<!-- {MARKER} -->\n\n{text}"


def owns(path: Path) -> bool:
    """Could this emitter have written this file? `mkdocs.yml` and files under `docs/`
    beside it whose first line carries the marker, and any file under `docs/ludex-assets/`
    (the scripts, logo and pictures the site ships, which carry no marker). Hand-written
    pages (Ludex's own `docs/language.md`, the source of the page it ships) and the built
    HTML (site/site/) never are. Only a second guard: what `ludex build` may replace or
    delete is what the folder's manifest lists."""
    root = next((p for p in path.parents if (p / "mkdocs.yml").is_file()), None)
    if root is None:
        return False
    rel = path.relative_to(root).parts
    if rel[:2] == ("docs", ASSETS) and len(rel) > 2:
        return True
    if path.suffix not in (".md", ".yml", ".css") or not _marked(path):
        return False
    return rel == ("mkdocs.yml",) or rel[0] == "docs"


def _marked(path: Path) -> bool:
    return first_line_has(path, MARKER_PREFIX.encode("utf-8"))
