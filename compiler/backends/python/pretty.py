"""Python expressions as small trees, printed on one line when they fit in 100 columns,
else broken inside their brackets (the generated code's only layout rule)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

WIDTH = 100


class Py:
    """A Python expression, printed on one line when it fits, else broken."""

    prec = 100


@dataclass(frozen=True)
class Atom(Py):
    text: str
    prec: int = 100


@dataclass(frozen=True)
class Str(Py):
    value: str


@dataclass(frozen=True)
class Seq(Py):
    """A call `f(a, b)`, a list `[a, b]` or a tuple `(a,)`."""

    head: str
    items: tuple[Py, ...]
    brackets: str = "()"
    tuple_comma: bool = False


@dataclass(frozen=True)
class Paren(Py):
    inner: Py


@dataclass(frozen=True)
class Kw(Py):
    name: str
    value: Py


@dataclass(frozen=True)
class Op(Py):
    op: str
    parts: tuple[Py, ...]
    prec: int = 0


@dataclass(frozen=True)
class Pre(Py):
    op: str  # "not ", "-", "lambda: "
    operand: Py
    prec: int = 0


@dataclass(frozen=True)
class Comp(Py):
    """A list comprehension `[item for var in source if cond]`."""

    item: Py
    var: str
    source: Py
    cond: Py | None = None


def flat(p: Py) -> str:
    if isinstance(p, Atom):
        return p.text
    if isinstance(p, Str):
        return repr(p.value)
    if isinstance(p, Seq):
        inner = ", ".join(flat(i) for i in p.items)
        comma = "," if p.tuple_comma and len(p.items) == 1 else ""
        return f"{p.head}{p.brackets[0]}{inner}{comma}{p.brackets[1]}"
    if isinstance(p, Kw):
        return f"{p.name}={flat(p.value)}"
    if isinstance(p, Paren):
        return f"({flat(p.inner)})"
    if isinstance(p, Op):
        return f" {p.op} ".join(flat(x) for x in p.parts)
    if isinstance(p, Pre):
        return p.op + flat(p.operand)
    if isinstance(p, Comp):
        cond = f" if {flat(p.cond)}" if p.cond is not None else ""
        return f"[{flat(p.item)} for {p.var} in {flat(p.source)}{cond}]"
    raise TypeError(p)


def render(p: Py, indent: int, prefix: str = "", suffix: str = "",
           bracketed: bool = False) -> list[str]:
    """Lines for `prefix + p + suffix` at `indent`, broken inside brackets when too long."""
    pad = " " * indent
    line = pad + prefix + flat(p) + suffix
    if len(line) <= WIDTH:
        return [line]
    if isinstance(p, Seq) and p.items:
        out = [pad + prefix + p.head + p.brackets[0]]
        for item in p.items:
            out += render(item, indent + 4, "", ",", True)
        return out + [pad + p.brackets[1] + suffix]
    if isinstance(p, Kw):
        return render(p.value, indent, prefix + p.name + "=", suffix, bracketed)
    if isinstance(p, Comp):
        out = [pad + prefix + "["] + render(p.item, indent + 4, "", "", True)
        out += render(p.source, indent + 4, f"for {p.var} in ", "", True)
        if p.cond is not None:
            out += render(p.cond, indent + 4, "if ", "", True)
        return out + [pad + "]" + suffix]
    if isinstance(p, Paren):
        inner = render(p.inner, indent + 4, "", "", True)
        return [pad + prefix + "("] + inner + [pad + ")" + suffix]
    if isinstance(p, Pre) and bracketed:
        return render(p.operand, indent, prefix + p.op, suffix, True)
    if isinstance(p, (Str, Op, Pre)) and not bracketed:
        return [pad + prefix + "("] + render(p, indent + 4, "", "", True) + [pad + ")" + suffix]
    if isinstance(p, Str):
        chunks = _chunks(p.value, WIDTH - indent - len(prefix) - len(suffix))
        out = [pad + (prefix if i == 0 else "") + repr(c) for i, c in enumerate(chunks)]
        return out[:-1] + [out[-1] + suffix]
    if isinstance(p, Op):
        out = render(p.parts[0], indent, prefix, "", True)
        for part in p.parts[1:]:
            out += render(part, indent, p.op + " ", "", True)
        return out[:-1] + [out[-1] + suffix]
    return [line + "  # noqa: E501"]


def _chunks(text: str, width: int) -> list[str]:
    """Split a long text at spaces into pieces whose repr() fits `width` columns."""
    width = max(width, 24)
    words = re.findall(r"\S*\s*", text)
    chunks: list[str] = []
    current = ""
    for word in (w for w in words if w):
        while len(repr(word)) > width:
            cut = width - 4
            chunks += [current] if current else []
            current = ""
            chunks.append(word[:cut])
            word = word[cut:]
        if current and len(repr(current + word)) > width:
            chunks.append(current)
            current = ""
        current += word
    return chunks + [current] if current or not chunks else chunks


def comment_text(text: str) -> str:
    """`text` made safe to stand inside a `#` comment of generated code: every character
    that is not printable (line breaks of every kind Python or `str.splitlines` knows,
    controls, bidirectional overrides, format characters) becomes its `\\x..`/`\\u...` escape,
    so input can never end the comment or disguise the code around it."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def call(func: str, *args: Py) -> Seq:
    return Seq(func, tuple(args))


def literal(value: Any) -> Py:
    """A plain value as Python source, through repr()."""
    if isinstance(value, str):
        return Str(value)
    if isinstance(value, tuple):
        return Seq("", tuple(literal(v) for v in value), "()", tuple_comma=True)
    if isinstance(value, list):
        return Seq("", tuple(literal(v) for v in value), "[]")
    return Atom(repr(value))


def paren(p: Py, prec: int) -> Py:
    return Paren(p) if p.prec < prec else p

