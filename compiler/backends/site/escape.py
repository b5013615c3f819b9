"""Text made safe for each place the site puts it.

Every function here takes plain text (a name, a title, a line of the book) and
returns what renders as exactly that text where it goes: inline Markdown, inline
HTML, a navigation title, a Mermaid label, a fenced block. Nothing a book says can
become a heading, a list, a link, a Jinja expression or a tag.
"""

from __future__ import annotations

import html
import re

from markupsafe import Markup


def md(text: str, start: bool = False) -> Markup:
    """Plain text as inline Markdown that renders exactly as written."""
    text = str(text)
    text = re.sub(r"\s+", " ", html.escape(text, quote=False))
    text = re.sub(r"([\\`*_{}\[\]#|!])", r"\\\1", text).replace("~", "&#126;")
    if start:  # a line starting `- `, `+ ` or `1. ` would become a list
        text = re.sub(r"^(\s*)([-+])", r"\1\\\2", text)
        text = re.sub(r"^(\s*\d+)([.)])", r"\1\\\2", text)
    return Markup(text)


def entities(text: str) -> Markup:
    """Text inside inline HTML, where Markdown still applies: every sign an entity."""
    return Markup(re.sub(r"[^A-Za-z0-9 \u0080-\U0010ffff]", lambda m: f"&#{ord(m[0])};",
                         str(text)))


def literal(text: str) -> Markup:
    """Text as inline code (a qualified name, a field), not highlighted."""
    return Markup(f"<code>{entities(text)}</code>")


def html_text(text: str) -> str:
    """Text for places the theme prints unescaped (nav titles)."""
    return html.escape(" ".join(text.split()), quote=False)


def nav_text(text: str) -> str:
    """A page's title in the navigation. The theme prints it unescaped in the menu, and
    in the page's `<title>` through `striptags`, which undoes every entity: so `<` and `>`
    become the angle quotes `‹` and `›` (no entity can survive both places), and the
    rest is escaped."""
    return html_text(text.replace("<", "\u2039").replace(">", "\u203a"))


def mermaid_label(text: str) -> str:
    codes = {"#": "#35;", '"': "#quot;", "<": "#lt;", ">": "#gt;", "&": "#amp;"}
    return "".join(codes.get(ch, ch) for ch in " ".join(text.split()))


def fence(text: str, lang: str) -> Markup:
    """A fenced block whose fence is longer than any run of backticks inside it."""
    ticks = "`" * max(3, 1 + max((len(r) for r in re.findall(r"`+", text)), default=0))
    return Markup(f"{ticks}{lang}\n{text}\n{ticks}")
