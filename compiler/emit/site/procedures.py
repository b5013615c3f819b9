"""Procedures: their steps as a numbered list, and a Mermaid flow chart of the steps
with the rules that hook into them (`when: before proc.step`) or trigger them."""

from __future__ import annotations

from collections.abc import Iterator

from markupsafe import Markup

from ... import ast
from ...resolve import Symbol
from ...walk import iter_nodes
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


def _hooks(site: Site, proc: Symbol, steps: list[Symbol]
           ) -> Iterator[tuple[ast.Decl, str, ast.Decl]]:
    """(rule, how it hooks in, the step or procedure it hooks into), in every game."""
    own = {id(proc.decl)} | {id(s.decl) for s in steps}
    words = {"start": "start of", "end": "end of"}
    for model in site.comp.models:
        for decl in model.decls():
            clauses = getattr(decl, "clauses", None)
            if not isinstance(clauses, ast.Clauses) or id(decl) in own:
                continue
            when = clauses.when
            target = model.targets.get(when.target) if when and when.target else None
            if when is not None and target is not None and id(target) in own:
                yield decl, words.get(when.kind, when.kind), target
            if any(isinstance(n, ast.Trigger) and model.targets.get(n.target) is proc.decl
                   for n in iter_nodes(clauses)):
                yield decl, "triggers", proc.decl
