"""The compiled schema test (`semantics/fastvalid.py`) against jsonschema itself.

The test may only say True where jsonschema reports no error: cards it passes are never
shown to jsonschema. Random values of every shape a card's JSON can take (and some it
cannot: floats, nested objects, bools where numbers go) are tried on the schemas of
kinds with every field type; a keyword the test does not know makes it say False.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from ludex.semantics.fastvalid import compile_schema

FIELDS: dict[str, Any] = {
    "cost": {"type": "integer", "minimum": 0, "maximum": 20},
    "low": {"type": "integer", "minimum": -3},
    "name": {"type": "string"},
    "art": {"type": "string", "x-ludex-image": True},
    "home": {"type": "string", "x-ludex-ref": "g.place"},
    "flag": {"type": "boolean"},
    "school": {"enum": ["fire", "water"]},
    "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 2},
    "either": {"anyOf": [{"type": "integer", "maximum": 3}, {"enum": ["x"]}]},
}
SCHEMA = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "urn:t",
          "title": "T", "type": "object", "properties": FIELDS,
          "required": ["cost", "school"], "additionalProperties": False}

scalars = st.one_of(st.integers(-5, 25), st.booleans(), st.floats(allow_nan=False),
                    st.sampled_from(["fire", "water", "x", "", "earth"]), st.none())
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["min", "max"]), inner,
                                                 max_size=2)), max_leaves=6)
cards = st.dictionaries(st.sampled_from([*FIELDS, "extra"]), values, max_size=6)


def agree(schema: dict[str, Any], value: Any) -> None:
    clean = not any(True for _ in Draft202012Validator(schema).iter_errors(value))
    if compile_schema(schema)(value):
        assert clean, (schema, value)


@settings(max_examples=600, deadline=None)
@given(cards)
def test_a_card_it_passes_has_no_error(card: dict[str, Any]) -> None:
    agree(SCHEMA, card)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(FIELDS)), values)
def test_a_field_it_passes_has_no_error(name: str, value: Any) -> None:
    agree(FIELDS[name], value)


def test_valid_cards_pass_and_unknown_keywords_never_do() -> None:
    good = {"cost": 3, "school": "fire", "tags": ["a"], "either": "x", "flag": True}
    assert compile_schema(SCHEMA)(good)
    assert not compile_schema(SCHEMA)({**good, "cost": True})
    assert not compile_schema(SCHEMA)({**good, "cost": 3.0})  # jsonschema decides
    assert not compile_schema({**SCHEMA, "const": 1})(good)
    assert not compile_schema({"type": ["integer", "string"]})(1)
    assert not compile_schema({"additionalProperties": {"type": "integer"}})({})
