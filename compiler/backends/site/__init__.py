"""The reference site: an MkDocs project, `mkdocs.yml` plus Markdown under `docs/`.

Pages: a home page listing the games with their figures; per game an overview,
a page per module, mode, variant, scenario, campaign, section or glossary (and
per declaration that holds sections, such as a hero), the card galleries, the
worked examples and the consistency report; a page of diagnostic codes. The
hand-written `docs/language.md` is linked, never written.

Jinja2 templates (`ludex/backends/templates/site/`) lay the pages out; the modules here
turn the AST into the pieces they place, and every piece is safe Markdown: text is
escaped (a card called `<script>` or prose with `[links](x)`, `# headings` or
`{{ jinja }}` shows as written), references are links, glossary terms in prose
link to their definitions. Output depends on the compilation only.

This module owns the entry points: `emit`, the whole site, and `owns`, which of an
existing site's files `ludex build` may replace or delete.
"""

from __future__ import annotations

from pathlib import Path

from markupsafe import Markup

from ...semantics.compilation import Compilation
from ..write import first_line_has
from .links import Site
from .pages import CSS, home_pages, nav, walk
from .render import MARKER, MARKER_PREFIX, env, render

__all__ = ["emit", "owns"]


def emit(comp: Compilation) -> dict[str, str]:
    """`{path relative to the site folder: text}`: mkdocs.yml and docs/**."""
    site = Site(comp)
    out = {"mkdocs.yml": env().get_template("mkdocs.yml.j2").render(
        marker=MARKER, nav=Markup(nav(site.games)), css=CSS),
        f"docs/{CSS}": env().get_template("site.css.j2").render(marker=MARKER)}
    for page in [*home_pages(), *walk(site.games)]:
        out[f"docs/{page.path}"] = render(site, page)
    return out


def owns(path: Path) -> bool:
    """Could this emitter have written this file? `mkdocs.yml` and files under `docs/`
    beside it whose first line carries the marker. Hand-written pages (language.md) and
    the built HTML (site/site/) never are. Only a second guard: what `ludex build` may
    replace or delete is what the folder's manifest lists."""
    if path.suffix not in (".md", ".yml", ".css") or not _marked(path):
        return False
    root = next((p for p in path.parents if (p / "mkdocs.yml").is_file()), None)
    if root is None:
        return False
    rel = path.relative_to(root).parts
    return rel == ("mkdocs.yml",) or rel[0] == "docs"


def _marked(path: Path) -> bool:
    return first_line_has(path, MARKER_PREFIX.encode("utf-8"))
