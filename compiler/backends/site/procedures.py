"""Procedures: their steps as a numbered list, and a Mermaid flow chart of the steps
with the rules that hook into them (`when: before proc.step`) or trigger them."""

from __future__ import annotations

from collections.abc import Iterator

from markupsafe import Markup

from ...semantics.resolve import Symbol
from ...syntax import ast
from ...syntax.walk import iter_nodes
from .escape import fence, md, mermaid_label
from .links import Site, anchor

# where a hook attaches: the first step for these, else the last
AT_FIRST = ("before", "start of", "triggers")


def procedure(site: Site, sym: Symbol) -> tuple[Markup, list[Markup]]:
    """The flow chart (a fenced `mermaid` block), and a link to each step."""
    steps = [c for c in sym.children.values() if isinstance(c.decl, ast.Step)]
    names = {id(s.decl): f"s{i}" for i, s in enumerate(steps, 1)}
    chart = ["flowchart TD"]
    chart += [f'  s{i}["{mermaid_label(f"{i}. {s.decl.display}")}"]'
              for i, s in enumerate(steps, 1)]
    chart += [f"  s{i} --> s{i + 1}" for i in range(1, len(steps))]
    for n, (rule, how, target) in enumerate(_hooks(site, sym, steps), 1):
        node = names.get(id(target), "s1" if how in AT_FIRST else f"s{max(1, len(steps))}")
        chart.append(f'  h{n}(["{mermaid_label(rule.display)}"]) -. {how} .-> {node}')
    if not steps:
        chart.append(f'  s0["{mermaid_label(sym.decl.display)}"]')
    items = [Markup(f"[{md(s.decl.display)}](#{anchor(s)})") for s in steps]
    return fence("\n".join(chart), "mermaid"), items


# (order, rule, how, step or procedure); a `when:` has an even order, a trigger odd
Hook = tuple[int, ast.Decl, str, ast.Decl]


def _hooks(site: Site, proc: Symbol, steps: list[Symbol]
           ) -> Iterator[tuple[ast.Decl, str, ast.Decl]]:
    """(rule, how it hooks in, the step or procedure it hooks into), in every game."""
    if site.hooks is None:
        site.hooks = _hook_index(site)
    own = {id(proc.decl)} | {id(s.decl) for s in steps}
    found = [h for target in own for h in site.hooks.get(target, ())
             if id(h[1]) not in own and (h[0] % 2 == 0 or h[3] is proc.decl)]
    for _, decl, how, target in sorted(found, key=lambda h: h[0]):
        yield decl, how, target


def _hook_index(site: Site) -> dict[int, list[Hook]]:
    """Every hook of every game, by what it hooks into, in one pass over the games:
    a rule's `when:` (before, after, start of, end of a step) and its triggers."""
    index: dict[int, list[Hook]] = {}
    words = {"start": "start of", "end": "end of"}
    order = 0
    for model in site.comp.models:
        for decl in model.decls():
            clauses = getattr(decl, "clauses", None)
            if not isinstance(clauses, ast.Clauses):
                continue
            for when in clauses.when.moments if clauses.when is not None else ():
                target = model.targets.get(when.target) if when.target else None
                if target is not None:  # each moment of `after a or after b`
                    index.setdefault(id(target), []).append(
                        (order, decl, words.get(when.kind, when.kind), target))
            triggered: list[ast.Decl] = []
            for n in iter_nodes(clauses):
                proc = model.targets.get(n.target) if isinstance(n, ast.Trigger) else None
                if proc is not None and all(p is not proc for p in triggered):
                    triggered.append(proc)
                    index.setdefault(id(proc), []).append((order + 1, decl, "triggers", proc))
            order += 2
    return index
