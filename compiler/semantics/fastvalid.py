"""A kind's JSON Schema compiled to one Python test: does an instance pass it whole?

jsonschema's validator walks every keyword of the schema for every card, building a
validator for each property it descends into (about 100 µs a card: 3 s for 30,000).
Nearly every card passes, and what a kind's schema asks (`type`, `minimum`, `maximum`,
`enum`, `items`, `minItems`, `maxItems`, `anyOf`, `properties`, `required`,
`additionalProperties: false`) is tested here directly, in a few microseconds.

The test is one-sided on purpose: True only when jsonschema would report nothing; a
value it is unsure of (a float where a whole number is asked, a keyword it does not
know) is False, and the card goes to jsonschema as before. So every message still comes
from jsonschema, and what is reported never depends on this module.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from typing import Any

Test = Callable[[Any], bool]

# keywords that name or describe and never fail an instance
_ANNOTATIONS = frozenset({"$schema", "$id", "title", "description", "x-ludex-image",
                          "x-ludex-ref"})
_KNOWN = _ANNOTATIONS | {"type", "minimum", "maximum", "enum", "items", "minItems",
                         "maxItems", "anyOf", "properties", "required",
                         "additionalProperties"}
_TYPES: dict[str, type] = {"integer": int, "string": str, "boolean": bool, "array": list,
                           "object": dict}


def _never(value: Any) -> bool:
    return False


def compile_schema(schema: Any) -> Test:
    """The test of `schema` (one that always answers False when the schema uses anything
    this module does not know)."""
    if not isinstance(schema, dict) or not set(schema) <= _KNOWN:
        return _never
    kind = schema.get("type")
    if kind is not None and (not isinstance(kind, str) or kind not in _TYPES):
        return _never
    tests: list[Test] = []
    if kind is not None:
        exact = _TYPES[kind]
        tests.append(lambda v: type(v) is exact)  # bool is not an integer; a float goes on
    lo, hi = schema.get("minimum"), schema.get("maximum")
    if lo is not None or hi is not None:
        if not all(b is None or type(b) is int for b in (lo, hi)):
            return _never
        tests.append(lambda v: type(v) is int and (lo is None or v >= lo)
                     and (hi is None or v <= hi))
    if "enum" in schema:
        values = schema["enum"]
        if not isinstance(values, list) or not all(type(e) is str for e in values):
            return _never
        allowed = frozenset(values)
        tests.append(lambda v: type(v) is str and v in allowed)
    tests += _array(schema)
    if "anyOf" in schema:
        options = [compile_schema(o) for o in schema["anyOf"]]
        tests.append(lambda v: any(o(v) for o in options))
    tests += _object(schema)
    if _never in tests:
        return _never
    return reduce(_both, tests) if tests else _always


def _both(first: Test, then: Test) -> Test:
    return lambda v: first(v) and then(v)


def _always(value: Any) -> bool:
    return True


def _array(schema: dict[str, Any]) -> list[Test]:
    tests: list[Test] = []
    if "items" in schema:
        item = compile_schema(schema["items"])
        tests.append(lambda v: type(v) is list and all(item(i) for i in v))
    least, most = schema.get("minItems"), schema.get("maxItems")
    if least is not None or most is not None:
        if not all(b is None or type(b) is int for b in (least, most)):
            return [_never]
        tests.append(lambda v: type(v) is list and (least is None or len(v) >= least)
                     and (most is None or len(v) <= most))
    return tests


def _object(schema: dict[str, Any]) -> list[Test]:
    if not {"properties", "required", "additionalProperties"} & set(schema):
        return []
    props = schema.get("properties", {})
    required = schema.get("required", [])
    extra = schema.get("additionalProperties", True)
    if not isinstance(props, dict) or not isinstance(required, list) or extra not in (True,
                                                                                   False):
        return [_never]
    fields = {name: compile_schema(sub) for name, sub in props.items()}
    needed = tuple(required)

    def test(v: Any) -> bool:
        if type(v) is not dict or not all(name in v for name in needed):
            return False
        for name, value in v.items():
            field = fields.get(name)
            if field is None:
                if not extra:
                    return False
            elif not field(value):
                return False
        return True
    return [test]
