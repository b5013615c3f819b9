"""The typed Ludex AST: frozen dataclasses, a source span on every node.

Built from the parse in one stage (`ludex.syntax.parse`); nothing after this module
imports lark. Expressions, types and statements are small closed unions;
declarations share the `Decl` base and add what their keyword means.

The nodes are defined by what they describe (`ast_exprs`: expressions and field
types; `ast_stmts`: statements; `ast_decls`: declarations, their parts, files) and
all read through this module: `ast.Place`, `ast.Decl`.
"""

from __future__ import annotations

from ..core.source import Span
from .ast_decls import (
    Clauses,
    Component,
    Container,
    Deck,
    Decl,
    Die,
    Duration,
    Entry,
    Example,
    External,
    Fact,
    Field,
    File,
    Game,
    GameSource,
    Instance,
    Kind,
    Limit,
    Manifest,
    Note,
    Procedure,
    Property,
    Prose,
    Restatement,
    Row,
    RowKey,
    Rule,
    Ruling,
    Stat,
    Step,
    Suppression,
    Table,
    Term,
    Timing,
    Track,
    Waiver,
    Zone,
)
from .ast_exprs import (
    Binary,
    BoolLit,
    BoolType,
    Call,
    Comprehension,
    EnumType,
    Expr,
    FieldType,
    IntLit,
    IntType,
    ListLit,
    ListType,
    OptionalType,
    RangeLit,
    Ref,
    RefType,
    StrLit,
    TextType,
    Unary,
    UnionType,
)
from .ast_stmts import (
    STATEMENTS,
    ActAs,
    Add,
    Choose,
    ChooseFrom,
    Discard,
    Eliminate,
    Draw,
    ForEach,
    Gain,
    If,
    Log,
    Lose,
    May,
    Move,
    Option,
    Pay,
    Place,
    ProseStep,
    Relocate,
    Remove,
    Require,
    Reroll,
    Reveal,
    Roll,
    SetValue,
    Shuffle,
    Stmt,
    Trigger,
)

__all__ = [
    "STATEMENTS",
    "ActAs", "Add", "Binary", "BoolLit", "BoolType", "Call", "Choose", "ChooseFrom", "Clauses", "Comprehension", "Component", "Container",
    "Deck", "Decl", "Die", "Discard", "Draw", "Duration", "Eliminate", "Entry", "EnumType", "Example", "Expr",
    "External", "Fact", "Field", "FieldType", "File", "ForEach", "Gain", "Game", "GameSource",
    "If", "Instance", "IntLit", "IntType", "Kind", "Limit", "ListLit", "ListType", "Log", "Lose",
    "Manifest", "May", "Move", "Note", "Option", "OptionalType", "Pay", "Place", "Procedure", "Property",
    "Prose", "ProseStep", "RangeLit", "Ref", "RefType", "Relocate", "Remove", "Require", "Reroll",
    "Restatement", "Reveal", "Roll", "Row", "RowKey", "Rule", "Ruling", "SetValue", "Shuffle",
    "Span", "Stat", "Step", "Stmt", "StrLit", "Suppression", "Table", "Term", "TextType", "Timing",
    "Track", "Trigger", "Unary", "UnionType", "Waiver", "Zone",
]
