"""Assemble typed declarations from a parsed body (part of the AST stage).

The grammar gives every declaration the same shape; this module puts a body's
items on their declaration, using what each built-in keyword takes (`properties`),
and reports what does not belong. Anything else becomes a diagnostic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from ..core.codes import Code
from ..core.diagnostics import Diagnostics, did_you_mean
from ..core.source import Span
from ..core.vocabulary import EXAMPLE_CLAUSES, PERIODS, RULE_CLAUSES
from . import ast
from .properties import (
    BUILTINS,
    CLAUSES,
    COMMON,
    CONTAINERS,
    INSTANCE_PROPS,
    NOTE_KINDS,
    PROPS,
    REQUIRED,
    ROWS,
    SUPPRESSIBLE,
    article,
    check_id,
)


@dataclass(frozen=True, slots=True)
class Clause:
    """A clause line before it is placed on its declaration."""

    name: str  # when limit duration condition effect cost given actions expect
    span: Span
    value: Any
    plain_value: bool = False  # `cost: 3` on an instance: a field value, not a statement


BodyItem: TypeAlias = (
    ast.Decl | ast.Prose | ast.Property | ast.Row | ast.Entry | ast.Note | ast.Field | Clause
    | ast.Suppression
)

# ---------------------------------------------------------------- assembly


@dataclass
class _Parts:
    prose: list[ast.Prose]
    notes: list[ast.Note]
    props: list[ast.Property]
    children: list[ast.Decl]
    fields: list[ast.Field]
    clauses: list[Clause]
    rows: list[ast.Row]
    entries: list[ast.Entry]
    suppressions: list[ast.Suppression]


def paragraphs(lines: Sequence[ast.Prose]) -> tuple[ast.Prose, ...]:
    """Join consecutive prose lines into paragraphs; a bare `>` breaks one."""
    out: list[ast.Prose] = []
    current: list[ast.Prose] = []

    def flush() -> None:
        if current:
            first, last = current[0].span, current[-1].span
            span = Span(first.file, first.line, first.col, last.end_line, last.end_col)
            out.append(ast.Prose(span, " ".join(p.text.strip() for p in current)))
            current.clear()

    for line in lines:
        if current and line.span.line != current[-1].span.line + 1:
            flush()
        if line.text.strip():
            current.append(line)
        else:
            flush()
    flush()
    return tuple(out)


def _split(items: Sequence[BodyItem]) -> _Parts:
    parts = _Parts([], [], [], [], [], [], [], [], [])
    buckets: dict[type, list[Any]] = {
        ast.Prose: parts.prose, ast.Note: parts.notes, ast.Property: parts.props,
        ast.Field: parts.fields, Clause: parts.clauses, ast.Row: parts.rows,
        ast.Entry: parts.entries, ast.Suppression: parts.suppressions,
    }
    for item in items:
        if isinstance(item, ast.Decl):
            parts.children.append(item)
        else:
            buckets[type(item)].append(item)
    return parts


def build_decl(span: Span, keyword: str, keyword_span: Span, ident: str, title: str | None,
               items: Sequence[BodyItem], diags: Diagnostics) -> ast.Decl:
    parts = _split(items)
    builtin = keyword in BUILTINS
    check_id(ident, Span(span.file, span.end_line, span.end_col - len(ident), span.end_line,
                         span.end_col), diags)
    for f in parts.fields:
        check_id(f.name, f.span, diags, "a field name")
    for sup in parts.suppressions:
        if sup.code not in SUPPRESSIBLE:
            diags.add(Code.BAD_SUPPRESSION,
                      f"`{sup.code}` is not a consistency check that can be suppressed",
                      sup.span, did_you_mean(sup.code, SUPPRESSIBLE) or
                      "suppressible: " + ", ".join(SUPPRESSIBLE))
        elif not sup.reason.strip():
            diags.add(Code.BAD_SUPPRESSION, f"suppressing `{sup.code}` needs a reason", sup.span,
                      f'say why: `suppress {sup.code} "the book counts promo cards too"`')
    for note in parts.notes:
        if note.kind not in NOTE_KINDS:
            diags.add(Code.WRONG_TYPE, f"unknown note kind `{note.kind}`", note.span,
                      did_you_mean(note.kind, NOTE_KINDS) or "one of: " + ", ".join(NOTE_KINDS))
    _check_items(keyword, builtin, parts, diags)
    if not builtin:  # an instance: plain `cost: 3` lines are field values
        parts.props += [ast.Property(c.span, c.name, c.value) for c in parts.clauses
                        if c.plain_value]
    parts.clauses = [c for c in parts.clauses
                     if not c.plain_value or (builtin and _bad_plain(c, diags))]
    _check_duplicates(parts, diags)
    _check_ranges(parts, diags)
    base: dict[str, Any] = dict(
        span=span, keyword=keyword, id=ident, title=title, prose=paragraphs(parts.prose),
        notes=tuple(parts.notes), props=tuple(parts.props), children=tuple(parts.children),
        suppressions=tuple(parts.suppressions),
    )
    if not builtin:
        for prop in parts.props:
            if prop.name in INSTANCE_PROPS:
                INSTANCE_PROPS[prop.name](prop, diags)
        values = tuple(p for p in parts.props if p.name not in COMMON
                       and p.name not in INSTANCE_PROPS)
        return ast.Instance(**base, values=values, clauses=_clauses(parts.clauses))
    attrs = _convert_props(keyword, parts.props, span, diags)
    return _make(keyword, base, attrs, parts)


def _bad_plain(clause: Clause, diags: Diagnostics) -> bool:
    diags.add(Code.WRONG_TYPE, f"`{clause.name}` expects a statement such as `pay 2 trust`",
              clause.span, "a plain value is only allowed for a kind's field of that name")
    return False


def _make(keyword: str, base: dict[str, Any], attrs: dict[str, Any], parts: _Parts) -> ast.Decl:
    clauses = _clauses(parts.clauses)
    if keyword == "game":
        return ast.Game(**base, base=attrs.get("base"))
    if keyword in CONTAINERS:
        return ast.Container(**base)
    makers: dict[str, Callable[[], ast.Decl]] = {
        "kind": lambda: ast.Kind(**base, fields=tuple(parts.fields)),
        "component": lambda: ast.Component(**base),
        "components": lambda: ast.Manifest(**base, entries=tuple(parts.entries)),
        "stat": lambda: ast.Stat(**base, per=attrs.get("per"), range=attrs.get("range"),
                                 overflow=attrs.get("overflow") or "clamp",
                                 start=attrs.get("start")),
        "track": lambda: ast.Track(**base, spaces=attrs.get("spaces"), rows=tuple(parts.rows)),
        "deck": lambda: ast.Deck(**base, contains=attrs.get("contains"),
                                 reshuffle=attrs.get("reshuffle") or "discard_pile",
                                 discard_to=attrs.get("discard_to") or "discard_pile"),
        "zone": lambda: ast.Zone(**base, owner=attrs.get("owner"),
                                 capacity=attrs.get("capacity"), overflow=attrs.get("overflow")),
        "board": lambda: ast.Board(**base, adjacency=attrs.get("adjacency") or "undirected",
                                   columns=attrs.get("columns"), row_count=attrs.get("rows"),
                                   diagonals=bool(attrs.get("diagonals")),
                                   walls=attrs.get("walls"),
                                   sight=attrs.get("sight") or "centres"),
        "space": lambda: ast.Space(**base, adjacent=attrs.get("adjacent")),
        "die": lambda: ast.Die(**base, faces=attrs.get("faces")),
        "table": lambda: ast.Table(**base, by=attrs.get("by"), mode=attrs.get("mode") or "lookup",
                                   rows=tuple(parts.rows)),
        "procedure": lambda: ast.Procedure(**base),
        "step": lambda: ast.Step(**base, clauses=clauses),
        "rule": lambda: ast.Rule(**base, who=attrs.get("who"), overrides=attrs.get("overrides"),
                                 clauses=clauses),
        "restatement": lambda: ast.Restatement(**base, restates=attrs.get("restates"),
                                               clauses=clauses),
        "external": lambda: ast.External(**base, origin=attrs.get("from")),
        "term": lambda: ast.Term(**base, defines=attrs.get("defines")),
        "example": lambda: ast.Example(**base, illustrates=attrs.get("for"),
                                       given=_stmts(parts.clauses, "given"),
                                       actions=_stmts(parts.clauses, "actions"),
                                       expect=_stmts(parts.clauses, "expect")),
        "ruling": lambda: ast.Ruling(**base, applies_to=attrs.get("applies_to")),
        "fact": lambda: ast.Fact(**base, returns=attrs.get("returns") or "value"),
        "waiver": lambda: ast.Waiver(**base, reason=attrs.get("reason") or ""),
    }
    return makers[keyword]()


def _stmts(clauses: Sequence[Clause], name: str) -> tuple[Any, ...]:
    return tuple(s for c in clauses if c.name == name for s in c.value)


def _clauses(clauses: Sequence[Clause]) -> ast.Clauses:
    found = {c.name: c.value for c in clauses}
    return ast.Clauses(
        when=found.get("when"), condition=found.get("condition"),
        cost=tuple(found.get("cost", ())), effect=tuple(found.get("effect", ())),
        limit=found.get("limit"), duration=found.get("duration"),
    )


def _convert_props(keyword: str, props: Sequence[ast.Property], span: Span,
                   diags: Diagnostics) -> dict[str, Any]:
    allowed = {**COMMON, **PROPS[keyword]}
    attrs: dict[str, Any] = {}
    for prop in props:
        convert = allowed.get(prop.name)
        if convert is None:
            words = set(allowed) | CLAUSES.get(keyword, frozenset())
            hint = did_you_mean(prop.name, words) or (
                f"`{keyword}` takes: " + ", ".join(sorted(allowed)))
            diags.add(Code.UNKNOWN_PROPERTY,
                      f"unknown property `{prop.name}` for {article(keyword)}", prop.span,
                      hint)
            continue
        attrs[prop.name] = convert(prop, diags)
    for name in REQUIRED.get(keyword, ()):
        if name not in attrs:
            diags.add(Code.MISSING_PROPERTY, f"{article(keyword)} needs `{name}:`", span,
                      f"add a line `{name}: ...` to its body")
    return attrs


def _check_items(keyword: str, builtin: bool, parts: _Parts, diags: Diagnostics) -> None:
    allowed = CLAUSES.get(keyword, frozenset()) if builtin else RULE_CLAUSES
    for clause in parts.clauses:
        if clause.name not in allowed and not (clause.plain_value and not builtin):
            where = article(keyword) if builtin else f"an instance of `{keyword}`"
            diags.add(Code.NOT_ALLOWED_HERE, f"`{clause.name}:` is not allowed in {where}",
                      clause.span,
                      _clause_hint(clause.name))
    if keyword != "kind":
        for f in parts.fields:
            diags.add(Code.NOT_ALLOWED_HERE, "`field` is only allowed in a `kind`", f.span,
                      f"to give this declaration a value, write `{f.name}: value`")
    if keyword not in ROWS:
        for row in parts.rows:
            diags.add(Code.NOT_ALLOWED_HERE, f"table rows are not allowed in {article(keyword)}",
                      row.key.span,
                      "rows (`3: ...`, `14+: ...`) belong in a `table` or a `track`")
    if keyword != "components":
        for entry in parts.entries:
            diags.add(Code.NOT_ALLOWED_HERE,
                      f"manifest entries are not allowed in {article(keyword)}",
                      entry.span,
                      "count lines (`9 access_card \"Access cards\"`) belong in `components`")
    if keyword == "game":
        return
    for child in parts.children:
        if child.keyword == "game":
            diags.add(Code.NOT_ALLOWED_HERE, "a `game` must be declared at the top level of a file",
                      child.span, None)


def _clause_hint(name: str) -> str:
    if name in EXAMPLE_CLAUSES:
        return f"`{name}:` belongs in an `example`"
    return f"`{name}:` belongs in a `rule`, a `step`, a `restatement` or an instance"


def _check_ranges(parts: _Parts, diags: Diagnostics) -> None:
    for row in parts.rows:
        key = row.key
        if key.kind == "range" and key.lo is not None and key.hi is not None and key.lo > key.hi:
            diags.add(Code.OUT_OF_RANGE, f"row `{key.lo}..{key.hi}` is an empty range", key.span,
                      f"write the smaller bound first: `{key.hi}..{key.lo}`")
    for clause in parts.clauses:
        if clause.name == "limit" and clause.value.count == 0:
            diags.add(Code.OUT_OF_RANGE, "a limit of 0 uses allows nothing", clause.span,
                      "write `once per ...`, or remove the rule")
        if clause.name == "limit" and clause.value.per and clause.value.per not in PERIODS:
            diags.add(Code.WRONG_TYPE, f"unknown period `{clause.value.per}`", clause.span,
                      did_you_mean(clause.value.per, PERIODS) or "one of: " + ", ".join(PERIODS))
        if clause.name == "duration" and clause.value.period and \
                clause.value.period not in PERIODS:
            diags.add(Code.WRONG_TYPE, f"unknown period `{clause.value.period}`", clause.span,
                      did_you_mean(clause.value.period, PERIODS) or
                      "one of: " + ", ".join(PERIODS))


def _check_duplicates(parts: _Parts, diags: Diagnostics) -> None:
    seen: dict[str, Span] = {}
    named = [(p.name, p.span) for p in parts.props] + [(c.name, c.span) for c in parts.clauses
                                                       if c.name != "expect"]
    named += [(f"field {f.name}", f.span) for f in parts.fields]
    for name, span in named:
        if name in seen:
            first = seen[name]
            diags.add(Code.DUPLICATE_PROPERTY, f"`{name}` is given twice", span,
                      f"first given at line {first.line}; keep one")
        else:
            seen[name] = span


def build_file(path: str, span: Span, within: ast.Ref | None,
               decls: Sequence[ast.Decl]) -> ast.File:
    return ast.File(span, path, within, tuple(decls))
