"""AST nodes of expressions and of field types (`field cost: int 0..20`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from ..core.source import Span

# ------------------------------------------------------------------ expressions


@dataclass(frozen=True, slots=True)
class IntLit:
    span: Span
    value: int


@dataclass(frozen=True, slots=True)
class StrLit:
    span: Span
    value: str


@dataclass(frozen=True, slots=True)
class BoolLit:
    span: Span
    value: bool


@dataclass(frozen=True, slots=True)
class Ref:
    span: Span
    parts: tuple[str, ...]

    @property
    def dotted(self) -> str:
        return ".".join(self.parts)


@dataclass(frozen=True, slots=True)
class ListLit:
    span: Span
    items: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class RangeLit:
    span: Span
    lo: Expr
    hi: Expr


@dataclass(frozen=True, slots=True)
class Call:
    span: Span
    func: str
    args: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class Unary:
    span: Span
    op: str  # "-" or "not"
    operand: Expr


@dataclass(frozen=True, slots=True)
class Binary:
    span: Span
    op: str  # + - * / == != < <= > >= and or
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Attr:
    """`top(pile).rank`: a field or stat of what a call gives."""

    span: Span
    base: Call
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Comprehension:
    """`[item for each x in pool where cond]`: a list built over a pool."""

    span: Span
    item: Expr
    var: str
    pool: Expr
    where: Expr | None


Expr: TypeAlias = (IntLit | StrLit | BoolLit | Ref | ListLit | RangeLit | Call | Unary | Binary
                   | Comprehension | Attr)

# ------------------------------------------------------------------ field types


@dataclass(frozen=True, slots=True)
class IntType:
    span: Span
    lo: int | None
    hi: int | None


@dataclass(frozen=True, slots=True)
class TextType:
    span: Span


@dataclass(frozen=True, slots=True)
class ImageType(TextType):
    """A picture: its value is the path of an image file inside the game's folder, a text
    everywhere but where the file is checked and shown (the site copies it)."""


@dataclass(frozen=True, slots=True)
class BoolType:
    span: Span


@dataclass(frozen=True, slots=True)
class EnumType:
    span: Span
    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RefType:
    span: Span
    target: Ref


@dataclass(frozen=True, slots=True)
class ListType:
    span: Span
    item: FieldType
    lo: int | None
    hi: int | None


@dataclass(frozen=True, slots=True)
class OptionalType:
    span: Span
    inner: FieldType


@dataclass(frozen=True, slots=True)
class UnionType:
    span: Span
    options: tuple[FieldType, ...]


FieldType: TypeAlias = (
    IntType | TextType | ImageType | BoolType | EnumType | RefType | ListType | OptionalType
    | UnionType
)
