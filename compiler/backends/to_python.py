"""The Python engine emitter, `ludex.backends.to_python.emit`: the code lives in the
`ludex.backends.python` package (one module per generated file kind); this module keeps
the stage's name (`to_python`, as `to_site`) and what callers import from it."""

from __future__ import annotations

from .python import (
           camel,
           emit,
           emit_game,
           iter_rule_functions,
           package_name,
           snake,
           unique_names,
)

__all__ = ["camel", "emit", "emit_game", "iter_rule_functions", "package_name", "snake",
           "unique_names"]
