"""The reference site: an MkDocs project, `mkdocs.yml` plus Markdown under `docs/`.

Pages: a home page listing the games; per game an overview, a page per module, mode,
variant, scenario, campaign, section or glossary (and per declaration that holds
sections, such as a hero), pages of a kind's instances when they are many, the card
gallery. With the authoring section (`SiteOptions.authoring`): the language reference
Ludex ships, the engine API, the diagnostic codes, and per game the worked examples and
the consistency report. The publisher's options name and brand it (`options.py`).

The site works from disk with no network: Material's `offline` plugin (search over
`file://`), Mermaid and the worker shim shipped under `docs/ludex-assets/`, no web
fonts, no link the theme adds to another host.

Jinja2 templates (`ludex/backends/templates/site/`) lay the pages out; the modules here
turn the AST into the pieces they place, and every piece is safe Markdown: text is
escaped (a card called `<script>` or prose with `[links](x)`, `# headings` or
`{{ jinja }}` shows as written), references are links, glossary terms in prose
link to their definitions. Output depends on the compilation only.

The entry points, `emit` (the whole site) and `owns` (which of an existing site's
files `ludex build` may replace or delete), are in `build`, loaded on first use: the
page layout (`pages`) is read by a check too (`backends.collisions`), which then need
not load Jinja2, Pygments and the runtime the rendering imports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..site_options import SiteOptions

if TYPE_CHECKING:
    from .build import emit, owns

__all__ = ["SiteOptions", "emit", "owns"]
_BUILD = frozenset({"emit", "owns"})


def __getattr__(name: str) -> Any:
    if name in _BUILD:
        from . import build  # noqa: PLC0415

        return getattr(build, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
