"""`ludex test --mutate`: does each worked example prove the rules it names?

An example proves a rule only if breaking the rule breaks the example. This package
breaks each rule an example names (`for:`), one change at a time (`changes`: a number
one up or down, a comparison flipped, a statement dropped, a destination swapped),
rebuilds the game's engine with the change, reruns the example contained, and reports
every change the example survives (`run`). A `ruling` beside the example may accept a
survivor by its id (`survives:`), its prose saying why the change cannot matter.
"""

from __future__ import annotations

from .changes import Mutant, mutants
from .run import (
    ACCEPTED,
    INVALID,
    KILLED,
    SURVIVED,
    UNTRIED,
    ExampleReport,
    GameReport,
    Outcome,
    mutate,
)

__all__ = ["ACCEPTED", "INVALID", "KILLED", "SURVIVED", "UNTRIED", "ExampleReport", "GameReport",
           "Mutant", "Outcome", "mutants", "mutate"]
