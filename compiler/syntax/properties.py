"""What each built-in keyword takes: its properties and their types, its clauses
and items (`PROPS`, `CLAUSES`, `ROWS`), and the converters that read a property's
value or report why it is not of the right type.

It also holds the language's limits, for `.ludex` files and card data alike
(E110 beyond them): a number has at most `MAX_DIGITS` digits, so no value
passes 10**18, which nothing in a tabletop game needs and which keeps
arithmetic cheap (and `int()` of a huge string, which raises, is never tried);
an id has at most `MAX_ID_LENGTH` characters, because ids become Python names,
file and folder names and page anchors.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

from ..core.codes import CODES, Code, Severity
from ..core.diagnostics import Diagnostics, did_you_mean
from ..core.source import Span
from ..core.vocabulary import EXAMPLE_CLAUSES, OPTION_KEYWORDS, PERIODS, RULE_CLAUSES
from . import ast

CONTAINERS = (*OPTION_KEYWORDS, "section", "glossary")
NOTE_KINDS = ("icon", "layout", "missing", "unreadable", "ocr")

# ---------------------------------------------------------------- limits

MAX_DIGITS = 18  # digits of a number, leading zeros aside
MAX_NUMBER: int = 10 ** MAX_DIGITS - 1
MAX_ID_LENGTH = 64  # characters of an id


def number(digits: str, span: Span, diags: Diagnostics) -> int:
    """The value of a run of decimal digits; beyond `MAX_DIGITS` an E110 and
    `MAX_NUMBER` in its place, so later stages see a number of the right order."""
    significant = digits.lstrip("0")
    if len(significant) > MAX_DIGITS:
        diags.add(Code.BEYOND_LIMITS,
                  f"a number of {len(significant)} digits: numbers have at most "
                  f"{MAX_DIGITS} digits", span,
                  f"a game needs no value beyond 10^{MAX_DIGITS}; write a smaller number")
        return MAX_NUMBER
    return int(significant or "0")


def check_id(ident: str, span: Span, diags: Diagnostics, what: str = "an id") -> bool:
    """False, with an E110, when `ident` is longer than `MAX_ID_LENGTH`."""
    if len(ident) <= MAX_ID_LENGTH:
        return True
    diags.add(Code.BEYOND_LIMITS,
              f"{what} of {len(ident)} characters, more than the {MAX_ID_LENGTH} "
              "an id may have", span,
              f"ids become Python names, file names and page anchors; shorten "
              f"`{ident[:20]}...` to {MAX_ID_LENGTH} characters or fewer")
    return False


# ---------------------------------------------------------------- property specs

Converter: TypeAlias = Callable[[ast.Property, Diagnostics], Any]


def _expect(kind: str, prop: ast.Property, diags: Diagnostics, hint: str | None = None) -> None:
    diags.add(Code.WRONG_TYPE, f"`{prop.name}` expects {kind}", prop.value.span or prop.span, hint)


def ref(prop: ast.Property, diags: Diagnostics) -> ast.Ref | None:
    if isinstance(prop.value, ast.Ref):
        return prop.value
    _expect("a reference to a declaration", prop, diags, f"write an id: `{prop.name}: some_id`")
    return None


def refs(prop: ast.Property, diags: Diagnostics) -> ast.Expr | None:
    v = prop.value
    if isinstance(v, ast.Ref) or (isinstance(v, ast.ListLit)
                                  and all(isinstance(i, ast.Ref) for i in v.items)):
        return v
    _expect("a reference or a list of references", prop, diags)
    return None


def integer(prop: ast.Property, diags: Diagnostics) -> int | None:
    if isinstance(prop.value, ast.IntLit):
        if prop.value.value < 1:
            diags.add(Code.OUT_OF_RANGE, f"`{prop.name}` must be at least 1", prop.value.span, None)
        return prop.value.value
    _expect("a whole number", prop, diags)
    return None


def text(prop: ast.Property, diags: Diagnostics) -> str | None:
    if isinstance(prop.value, ast.StrLit):
        return prop.value.value
    _expect('a "quoted text"', prop, diags)
    return None


def texts(prop: ast.Property, diags: Diagnostics) -> ast.Expr | None:
    """A "quoted text" or a list of them: `survives: ["rule: effect 1: 4 -> 5"]`."""
    v = prop.value
    if isinstance(v, ast.StrLit) or (isinstance(v, ast.ListLit)
                                     and all(isinstance(i, ast.StrLit) for i in v.items)):
        return v
    _expect('a "quoted text" or a list of them', prop, diags)
    return None


def int_or_text(prop: ast.Property, diags: Diagnostics) -> int | str | None:
    if isinstance(prop.value, (ast.IntLit, ast.StrLit)):
        return prop.value.value
    _expect('a page number or a "quoted text"', prop, diags)
    return None


def range_(prop: ast.Property, diags: Diagnostics) -> ast.RangeLit | None:
    v = prop.value
    if isinstance(v, ast.RangeLit):
        if isinstance(v.lo, ast.IntLit) and isinstance(v.hi, ast.IntLit) and \
                v.lo.value > v.hi.value:
            diags.add(Code.OUT_OF_RANGE,
                      f"`{prop.name}` runs from {v.lo.value} down to {v.hi.value}",
                      v.span, f"write the smaller bound first: `{v.hi.value}..{v.lo.value}`")
        return v
    _expect("a range such as `0..9`", prop, diags)
    return None


def names(prop: ast.Property, diags: Diagnostics) -> ast.Expr | None:
    """Plain names or numbers, not references: `[gears, explosion]`, `1..10`."""
    v = prop.value
    items = v.items if isinstance(v, ast.ListLit) else ()
    if isinstance(v, ast.RangeLit) or (items and all(
            isinstance(i, (ast.Ref, ast.IntLit, ast.StrLit)) for i in items)):
        return v
    _expect("a list of names such as `[gears, explosion]` or a range such as `1..10`", prop,
            diags)
    return None


def flag(prop: ast.Property, diags: Diagnostics) -> bool | None:
    """`yes` or `no`."""
    if isinstance(prop.value, ast.BoolLit):
        return prop.value.value
    _expect("`yes` or `no`", prop, diags)
    return None


def params(prop: ast.Property, diags: Diagnostics) -> tuple[str, ...] | None:
    """The values an event or a rule is given, named: `params: [district]`."""
    v = prop.value
    items = v.items if isinstance(v, ast.ListLit) else (v,)
    found = [i.parts[0] for i in items if isinstance(i, ast.Ref) and len(i.parts) == 1]
    if len(found) == len(items) and len(set(found)) == len(found):
        return tuple(found)
    _expect("a list of distinct plain names such as `[district, hero]`", prop, diags)
    return None


def params_of(decl: ast.Decl) -> tuple[str, ...]:
    """The names of what a rule, an event or a procedure is given (`params:`), in order."""
    prop = decl.prop("params")
    if prop is None:
        return ()
    v = prop.value
    items = v.items if isinstance(v, ast.ListLit) else (v,)
    return tuple(i.parts[0] for i in items if isinstance(i, ast.Ref) and len(i.parts) == 1)


def expr(prop: ast.Property, diags: Diagnostics) -> ast.Expr:
    return prop.value


def choice(*names: str) -> Converter:
    def convert(prop: ast.Property, diags: Diagnostics) -> str | None:
        v = prop.value
        if isinstance(v, ast.Ref) and len(v.parts) == 1 and v.parts[0] in names:
            return v.parts[0]
        word = v.dotted if isinstance(v, ast.Ref) else None
        hint = (did_you_mean(word, names) if word else None) or "one of: " + ", ".join(names)
        _expect("one of " + ", ".join(f"`{n}`" for n in names), prop, diags, hint)
        return None

    return convert


COMMON: dict[str, Converter] = {
    "page": int_or_text, "source": text, "see": refs, "see_page": int_or_text,
}
# What a card (an instance of a kind) may say beside its fields: its physical copies,
# each its own entity in play, and how many spaces of a board it covers, a square of
# them (`footprint: 4`, 2 by 2) (a component says them with the same properties).
INSTANCE_PROPS: dict[str, Converter] = {"copies": integer, "footprint": integer}

# keyword -> {property: converter}; the attribute name is the property name
PROPS: dict[str, dict[str, Converter]] = {
    "game": {"base": ref, "book": text, "players": ref, "seats": range_, "result": ref,
             "lore": texts, "contents": refs},
    **{c: {"requires": refs, "lore": texts} for c in CONTAINERS},
    "kind": {},
    "component": dict(INSTANCE_PROPS),
    "components": {},
    "stat": {"per": ref, "range": range_, "start": expr,
             "overflow": choice("discard", "clamp", "clamp_remember", "forbid")},
    "track": {"spaces": range_, "rewards": choice("first_only", "every")},
    "deck": {"contains": refs, "owner": ref,
             "reshuffle": choice("never", "discard_pile", "when_empty"),
             "discard_to": choice("discard_pile", "removed", "bottom"),
             "per": ref},
    "zone": {"owner": refs, "capacity": integer, "overflow": choice(
        "bottom_of_deck", "discard", "removed", "forbid"),
        "visibility": choice("public", "private", "hidden"), "per": ref},
    "board": {"adjacency": choice("undirected", "directed"), "columns": integer,
              "rows": integer, "diagonals": flag, "walls": expr,
              "sight": choice("centres", "corners")},
    "space": {"adjacent": refs, "on": ref},
    "die": {"faces": names, "sides": integer},
    "table": {"by": expr, "mode": choice("lookup", "threshold", "cumulative")},
    "procedure": {"period": choice(*PERIODS), "each": ref, "order": choice("chosen"),
                  "until": expr,
                  "params": params},
    "step": {"who": expr},
    "rule": {"who": expr, "overrides": ref, "params": params, "order": choice("chosen")},
    "restatement": {"restates": ref, "who": expr},
    "external": {"from": ref, "params": params, "ends": choice(*PERIODS),
                 "period": choice(*PERIODS)},
    "term": {"defines": refs},
    "example": {"for": refs, "players": expr},
    "ruling": {"applies_to": refs, "survives": texts},
    "fact": {"returns": choice("number", "yes_no", "text", "list", "value")},
    "waiver": {"reason": text},
}
PROPS["rule"]["holds"] = choice("always", "then")  # an invariant, or a check at its moment
# (`runtime.invariants`)
REQUIRED: dict[str, tuple[str, ...]] = {"restatement": ("restates",), "waiver": ("reason",)}
BUILTINS = frozenset(PROPS)
SUPPRESSIBLE = tuple(c for c, (sev, _) in CODES.items() if sev is not Severity.ERROR)

# which clauses and items each keyword allows (instances: RULE_CLAUSES)
CLAUSES: dict[str, frozenset[str]] = {
    "rule": RULE_CLAUSES, "step": RULE_CLAUSES, "restatement": RULE_CLAUSES,
    "example": EXAMPLE_CLAUSES,
}
ROWS = frozenset({"table", "track"})


def article(keyword: str) -> str:
    """`a `rule``, `an `example``."""
    return ("an" if keyword[:1] in "aeiou" else "a") + f" `{keyword}`"
