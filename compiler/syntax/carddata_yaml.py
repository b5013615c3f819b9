"""Card data as YAML: `NAME.cards.yaml` (or `.yml`), a list of cards or a mapping with
`kind`, `within` and `cards`, as `NAME.cards.json` has.

The file is composed with PyYAML's `SafeLoader` into nodes, never constructed
into objects: no tag runs code, and each node keeps its line and column, so a
finding stands where its key or value is written. Anchors and aliases are
refused (one alias can stand for a million copies), and so is any tag beyond
YAML's plain ones. A plain (unquoted) scalar of a field the kind declares is read
by the field's type like a sheet cell (`carddata_cells`), so `school: no` is the
one-of value `no`, not the boolean; a quoted scalar is always text.
"""

from __future__ import annotations

from typing import Any

import yaml

from ..core.codes import Code
from ..core.diagnostics import Diagnostics
from ..core.source import SourceFile, Span
from . import ast
from .carddata_cells import ID, ID_HINT, cell_value, field_types, kind_from_name
from .parse import MAX_DEPTH
from .properties import check_id

_PLAIN_TAGS = {"tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:bool",
               "tag:yaml.org,2002:null", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"}


class _Refused(Exception):
    def __init__(self, why: str, node: yaml.Node) -> None:
        super().__init__(why)
        self.why, self.node = why, node


class _Reader:
    def __init__(self, source: SourceFile, diags: Diagnostics,
                 kinds: dict[str, ast.Kind]) -> None:
        self.source, self.diags, self.kinds = source, diags, kinds
        self.seen: set[int] = set()

    def span(self, node: yaml.Node) -> Span:
        start, end = node.start_mark, node.end_mark
        same = end.line == start.line and end.column > start.column
        return Span(self.source.path, start.line + 1, start.column + 1, start.line + 1,
                    end.column + 1 if same else start.column + 2)

    def check(self, node: yaml.Node, depth: int) -> None:
        """Refuse aliases, unknown tags and deep nesting anywhere in the tree."""
        if id(node) in self.seen:
            raise _Refused("a value with an anchor (`&name`) that an alias (`*name`) "
                           "repeats", node)
        self.seen.add(id(node))
        if node.tag not in _PLAIN_TAGS:
            raise _Refused(f"the tag `{node.tag}`: card data is numbers, texts, yes/no "
                           "and lists", node)
        if depth > MAX_DEPTH:
            raise _Refused(f"nesting deeper than {MAX_DEPTH} levels", node)
        if isinstance(node, yaml.SequenceNode):
            for item in node.value:
                self.check(item, depth + 1)
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                self.check(key, depth + 1)
                self.check(value, depth + 1)

    def value(self, node: yaml.Node, t: ast.FieldType | None) -> ast.Expr:
        span = self.span(node)
        if isinstance(node, yaml.SequenceNode):
            item = t.item if isinstance(t, ast.ListType) else None
            if isinstance(t, ast.OptionalType) and isinstance(t.inner, ast.ListType):
                item = t.inner.item
            return ast.ListLit(span, tuple(self.value(i, item) for i in node.value))
        if isinstance(node, yaml.MappingNode):
            self.diags.add(Code.WRONG_TYPE, "a card field holds a mapping: only numbers, "
                           "texts, yes/no and lists are card data", span, None)
            return ast.StrLit(span, "")
        text = str(node.value)
        # a quoted scalar is text, whatever it looks like
        if isinstance(node, yaml.ScalarNode) and node.style is not None:
            return ast.StrLit(span, text)
        if t is None and node.tag.endswith(":bool"):
            return ast.BoolLit(span, text.lower() in ("yes", "true", "on", "y"))
        return cell_value(text, t, span, self.diags)

    def card(self, node: yaml.Node, kind: str) -> ast.Instance | None:
        span = self.span(node)
        if not isinstance(node, yaml.MappingNode):
            self.diags.add(Code.BAD_CARD_DATA, "each card is a mapping with an `id`", span,
                           "- id: iron_golem\n  title: Iron Golem")
            return None
        entries = {str(k.value): (k, v) for k, v in node.value}
        key, ident_node = entries.get("id", (node, node))
        ident = str(ident_node.value) if isinstance(ident_node, yaml.ScalarNode) else ""
        if not ID.fullmatch(ident):
            self.diags.add(Code.BAD_CARD_DATA, f"card id `{ident}` is not a Ludex id" if ident
                           else "a card without an id", self.span(ident_node), ID_HINT)
            return None
        if not check_id(ident, self.span(ident_node), self.diags, "a card id"):
            return None
        kind_node = entries.get("kind", (None, None))[1]
        kind = str(kind_node.value) if isinstance(kind_node, yaml.ScalarNode) else kind
        types = field_types(self.kinds.get(kind))
        title_node = entries.get("title", (None, None))[1]
        title = str(title_node.value) if isinstance(title_node, yaml.ScalarNode) and \
            title_node.value else None
        prose = self.prose(entries.get("prose", (None, None))[1])
        props = tuple(ast.Property(self.span(v), name, self.value(v, types.get(name)))
                      for name, (_, v) in entries.items()
                      if name not in ("id", "title", "prose", "kind")
                      and not v.tag.endswith(":null"))
        return ast.Instance(span, kind, ident, title, prose, (), props, (), (), values=props)

    def prose(self, node: yaml.Node | None) -> tuple[ast.Prose, ...]:
        if node is None:
            return ()
        items = node.value if isinstance(node, yaml.SequenceNode) else [node]
        if not all(isinstance(i, yaml.ScalarNode) for i in items):
            self.diags.add(Code.WRONG_TYPE, "a card's `prose` is a text or a list of texts",
                           self.span(node), "prose: [The first paragraph., The second.]")
            return ()
        return tuple(ast.Prose(self.span(i), str(i.value)) for i in items if i.value)


def parse_yaml(source: SourceFile, diags: Diagnostics,
               kinds: dict[str, ast.Kind]) -> ast.File | None:
    """A `.cards.yaml` file as the instances of its cards."""
    reader = _Reader(source, diags, kinds)
    top = source.span(1, 1)
    try:
        root = yaml.compose(source.text, Loader=yaml.SafeLoader)
        if root is not None:
            reader.check(root, 0)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        at = source.span(mark.line + 1, mark.column + 1) if mark else top
        diags.add(Code.BAD_CARD_DATA, f"card data is not valid YAML: {err.problem}", at,
                  "check the indentation, the colons and the quotes")
        return None
    except yaml.YAMLError as err:
        diags.add(Code.BAD_CARD_DATA, f"card data is not valid YAML: {err}", top, None)
        return None
    except RecursionError:
        diags.add(Code.BAD_CARD_DATA, "card data is nested too deeply", top,
                  "cards are mappings in a list: nothing in them nests deeper than a list")
        return None
    except _Refused as err:
        diags.add(Code.BAD_CARD_DATA, f"card data holds {err.why}", reader.span(err.node),
                  "write each value out in full, in plain YAML")
        return None
    stem = source.path.rsplit("/", 1)[-1].split(".cards.")[0]
    kind, cards, within = kind_from_name(stem, kinds), root, None
    if isinstance(root, yaml.MappingNode):
        entries: dict[str, Any] = {str(k.value): v for k, v in root.value}
        kind = str(entries["kind"].value) if isinstance(entries.get("kind"),
                                                        yaml.ScalarNode) else kind
        cards = entries.get("cards")
        w = entries.get("within")
        if isinstance(w, yaml.ScalarNode) and w.value:
            within = ast.Ref(reader.span(w), tuple(str(w.value).split(".")))
    if not isinstance(cards, yaml.SequenceNode):
        diags.add(Code.BAD_CARD_DATA, "card data must be a list of cards, or a mapping with "
                  "`kind` and `cards` (a list)", reader.span(root) if root else top,
                  "- id: iron_golem\n  title: Iron Golem")
        return None
    decls = tuple(d for d in (reader.card(c, kind) for c in cards.value) if d is not None)
    return ast.File(top, source.path, within, decls)
