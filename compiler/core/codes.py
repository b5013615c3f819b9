"""The registry of diagnostic codes: one typed constant per code, and in `CODES` its
severity and one-line summary. Codes are stable: never renumber one. Every stage names
a code by its constant (`Code.UNRESOLVED`), never by its string; a `Code` is a `str`,
so it prints, compares and serialises as `E301`.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


class Code(StrEnum):
    # syntax
    UNEXPECTED_TOKEN = "E101"
    UNEXPECTED_CHARACTER = "E102"
    NOT_UTF8 = "E103"
    BAD_INDENTATION = "E104"
    TOO_DEEP = "E105"
    UNTERMINATED_STRING = "E106"
    EMPTY_FILE = "E107"
    UNEXPECTED_EOF = "E108"
    BAD_CARD_DATA = "E109"
    BEYOND_LIMITS = "E110"
    # declarations
    UNKNOWN_PROPERTY = "E201"
    WRONG_TYPE = "E202"
    MISSING_PROPERTY = "E203"
    NOT_ALLOWED_HERE = "E204"
    OUT_OF_RANGE = "E205"
    DUPLICATE_PROPERTY = "E206"
    RANGE_TOO_LARGE = "E207"
    BAD_IMAGE = "E208"
    # names
    UNRESOLVED = "E301"
    DUPLICATE_ID = "E302"
    OVERRIDE_TARGET_MISSING = "E303"
    UNDECLARED_KIND = "E304"
    NOT_ONE_GAME = "E305"
    WRONG_KIND_OF_DECLARATION = "E306"
    UNKNOWN_CALL = "E307"
    OUTPUT_COLLISION = "E308"
    NEEDS_PLAYERS = "E309"
    UNKNOWN_CHOICE = "E310"
    BAD_BOARD = "E311"
    WRONG_ARGUMENTS = "E312"
    SPACE_ON_NO_PIECE = "E340"
    SPACE_ON_PIECE_ADJACENCY = "E341"
    NOT_A_GIVEN_NAME = "E390"
    HOOK_NEVER_RUNS = "W313"
    PERIOD_NEVER_DRIVEN = "W314"
    HOOKED_REQUIRE = "W315"
    BAD_CONTENTS = "E370"
    NOT_A_STAT = "E360"
    NOT_AN_INVARIANT = "E361"
    NOT_RESTORABLE = "E362"
    NOT_A_KIND_TO_MAKE = "E380"
    NOT_AN_INSTANCE = "E381"
    SHARED_LIMIT_DISAGREES = "E330"
    # card data
    CARD_DATA_SCHEMA = "E401"
    # input and output
    CANNOT_READ = "E501"
    CANNOT_WRITE = "E502"
    UNREAD_FILE = "N503"
    # consistency checks (ludex.checks): what the rulebook itself gets wrong
    MANIFEST_COUNT = "W601"
    MISSING_PART = "W602"
    RESTATEMENT_DISAGREES = "W603"
    WRONG_CROSS_REFERENCE = "W604"
    UNDEFINED_TERM = "W605"
    EXTERNAL_TERM = "N606"
    NEAR_MISS = "W607"
    NAME_CLASH = "W608"
    DUPLICATE_RULE = "W609"
    UNUSED = "W610"
    SOURCE_NOTE = "N611"
    RULING = "N612"
    EXAMPLE_STATUS = "N613"
    EXAMPLE_FAILS = "W614"
    BAD_SUPPRESSION = "E615"
    EXAMPLE_MISSES_ITS_RULE = "W616"
    EXAMPLE_BLOCKED = "W617"
    UNKNOWN_SURVIVOR = "E618"
    UNUSED_SUPPRESSION = "W619"
    CUT_OFF_SENTENCE = "W620"
    REPEATED_TEXT = "W621"
    TERM_UNDER_TWO_NAMES = "W622"
    DEFINITIONS_DISAGREE = "W623"
    UNLISTED_COMPONENT = "W624"
    UNMARKED_PLACEHOLDER = "W625"
    MANIFEST_TOTAL = "W626"
    SHADOWED_NAME = "W627"
    SHARED_LIMIT_ALONE = "W630"


_E, _W, _N = Severity.ERROR, Severity.WARNING, Severity.NOTE
# code -> (severity, one-line summary), in code order
CODES: Mapping[str, tuple[Severity, str]] = {
    Code.UNEXPECTED_TOKEN: (_E, "syntax error: unexpected token"),
    Code.UNEXPECTED_CHARACTER: (_E, "syntax error: unexpected character"),
    Code.NOT_UTF8: (_E, "file is not valid UTF-8 text"),
    Code.BAD_INDENTATION: (_E, "inconsistent indentation"),
    Code.TOO_DEEP: (_E, "nesting too deep"),
    Code.UNTERMINATED_STRING: (_E, "unterminated string"),
    Code.EMPTY_FILE: (_E, "file declares nothing"),
    Code.UNEXPECTED_EOF: (_E, "unexpected end of file"),
    Code.BAD_CARD_DATA: (_E, "card data file is not valid"),
    Code.BEYOND_LIMITS: (_E, "number or name beyond the language's limits"),
    Code.UNKNOWN_PROPERTY: (_E, "unknown property for this declaration"),
    Code.WRONG_TYPE: (_E, "wrong value type for a property"),
    Code.MISSING_PROPERTY: (_E, "missing required property"),
    Code.NOT_ALLOWED_HERE: (_E, "item not allowed here"),
    Code.OUT_OF_RANGE: (_E, "value out of range"),
    Code.DUPLICATE_PROPERTY: (_E, "duplicate property"),
    Code.RANGE_TOO_LARGE: (_E, "range too large to build"),
    Code.BAD_IMAGE: (_E, "image file missing, unsafe or outside the game's folder"),
    Code.UNRESOLVED: (_E, "unresolved reference"),
    Code.DUPLICATE_ID: (_E, "duplicate id"),
    Code.OVERRIDE_TARGET_MISSING: (_E, "override target missing"),
    Code.UNDECLARED_KIND: (_E, "instance of an undeclared kind"),
    Code.NOT_ONE_GAME: (_E, "game folder without exactly one game declaration"),
    Code.WRONG_KIND_OF_DECLARATION: (_E, "reference to the wrong kind of declaration"),
    Code.UNKNOWN_CALL: (_E, "call to something that is neither an engine query nor a fact"),
    Code.OUTPUT_COLLISION: (_E, "two declarations would write the same output file"),
    Code.NEEDS_PLAYERS: (_E, "something per player, and the game declares no players"),
    Code.UNKNOWN_CHOICE: (_E, "an answer to a choice no rule of the game makes"),
    Code.BAD_BOARD: (_E, "a board's space or adjacency that cannot be"),
    Code.WRONG_ARGUMENTS: (_E, "values an event, a trigger or a query gets that it does not take"),
    Code.SPACE_ON_NO_PIECE: (_E, "a space `on:` something that is no piece to stand on a board"),
    Code.SPACE_ON_PIECE_ADJACENCY: (_E, "adjacency stated for a space on a piece (its "
                                         "neighbours are the piece's)"),
    Code.NOT_A_GIVEN_NAME: (_E, "`given(...)` of something that is no name a rule's run "
                                 "may be given"),
    Code.HOOK_NEVER_RUNS: (_W, "a `when:` hooked to something that never runs, so the rule "
                           "never fires"),
    Code.PERIOD_NEVER_DRIVEN: (_W, "a limit, a duration or a schedule counted in a period "
                               "that nothing in the game begins or ends"),
    Code.HOOKED_REQUIRE: (_W, "a `require` that is the whole effect of a hooked rule: "
                          "failing, it skips the rule and refuses nothing"),
    Code.BAD_CONTENTS: (_E, "a game's `contents:` naming what is not one of its top-level "
                        "parts, or one twice"),
    Code.NOT_A_STAT: (_E, "a value named as a stat that is no stat of the game"),
    Code.NOT_AN_INVARIANT: (_E, "a rule that holds (`holds: always` or `then`) without a "
                            "condition, or with a cost or effect (always: or a moment; then: "
                            "none)"),
    Code.NOT_RESTORABLE: (_E, "a `restore` of something that is no procedure"),
    Code.NOT_A_KIND_TO_MAKE: (_E, "a `create` of something that is no kind"),
    Code.NOT_AN_INSTANCE: (_E, "a `retire` of a declaration that is no instance of a kind"),
    Code.SHARED_LIMIT_DISAGREES: (_E, "rules counted together (`limit: ... as NAME`) "
                                  "with different limits"),
    Code.CARD_DATA_SCHEMA: (_E, "card data does not match its kind's schema"),
    Code.CANNOT_READ: (_E, "cannot read input"),
    Code.CANNOT_WRITE: (_E, "output refused or cannot be written"),
    Code.UNREAD_FILE: (_N, "a file in a game folder that Ludex does not read"),
    Code.MANIFEST_COUNT: (_W, "manifest count differs from what the rules define"),
    Code.MISSING_PART: (_W, "missing part"),
    Code.RESTATEMENT_DISAGREES: (_W, "restatement disagrees with what it restates"),
    Code.WRONG_CROSS_REFERENCE: (_W, "wrong cross-reference"),
    Code.UNDEFINED_TERM: (_W, "undefined term"),
    Code.EXTERNAL_TERM: (_N, "external term the book relies on"),
    Code.NEAR_MISS: (_W, "near-miss name"),
    Code.NAME_CLASH: (_W, "name clash"),
    Code.DUPLICATE_RULE: (_W, "duplicate rule"),
    Code.UNUSED: (_W, "unused declaration"),
    Code.SOURCE_NOTE: (_N, "source note"),
    Code.RULING: (_N, "ruling"),
    Code.EXAMPLE_STATUS: (_N, "example status"),
    Code.EXAMPLE_FAILS: (_W, "example fails"),
    Code.BAD_SUPPRESSION: (_E, "suppression without a known code or a reason"),
    Code.EXAMPLE_MISSES_ITS_RULE: (_W, "example never fires a rule it names"),
    Code.EXAMPLE_BLOCKED: (_W, "example blocked: it reaches a rule that cannot run"),
    Code.UNKNOWN_SURVIVOR: (_E, "a ruling's `survives` lists a change --mutate never makes"),
    Code.UNUSED_SUPPRESSION: (_W, "a suppression that suppresses nothing"),
    Code.CUT_OFF_SENTENCE: (_W, "a sentence cut off, or a word printed twice"),
    Code.REPEATED_TEXT: (_W, "text repeated from another declaration, not as a restatement"),
    Code.TERM_UNDER_TWO_NAMES: (_W, "one term under two names"),
    Code.DEFINITIONS_DISAGREE: (_W, "a term defined twice, differently"),
    Code.UNLISTED_COMPONENT: (_W, "a component the rules use that no components list names"),
    Code.UNMARKED_PLACEHOLDER: (_W, "a placeholder or a figure reference with no source note"),
    Code.MANIFEST_TOTAL: (_W, "a components list's total or one count for two components"),
    Code.SHADOWED_NAME: (_W, "a name an inner declaration takes from an outer one"),
    Code.SHARED_LIMIT_ALONE: (_W, "a limit shared `as NAME` that no other rule says"),
}
