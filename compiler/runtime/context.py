"""Who a rule is resolved for (`Ctx`), and the record of one procedure run (`Run`)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .defs import Value
from .errors import NotExecutable


@dataclass(frozen=True, slots=True)
class Ctx:
    """Who acts, on what, for whom: the built-ins `actor`, `target`, `owner`, `self`, `you`."""

    actor: Value = None
    target: Value = None
    owner: Value = None
    this: Value = None
    args: tuple[tuple[str, Value], ...] = ()  # the values an event or a trigger gave, named

    def get(self, name: str) -> Value:
        """A built-in's value (`actor`, `target`, `owner`, `self`, `you`), or nothing."""
        if name == "you":
            return self.actor if self.actor is not None else "you"
        if name == "owner":
            return self.owner if self.owner is not None else self.actor
        return {"actor": self.actor, "target": self.target, "self": self.this}[name]

    def need(self, name: str) -> Value:
        """A built-in's value; `NotExecutable` when the caller did not give it."""
        value = self.get(name)
        if value is None:
            raise NotExecutable(f"`{name}` is not known here: the caller must give it")
        return value

    def arg(self, *names: str) -> Value:
        """The value given under the first of these names that was given (a rule hooked
        to several events names each one's), else `NotExecutable`."""
        given = dict(self.args)
        for name in names:
            if name in given:
                return given[name]
        raise NotExecutable(f"`{names[0]}` is not known here: the caller must give it "
                            f"(`trigger ...({names[0]} = ...)`)")

    def given(self, name: str) -> bool:
        """`given(target)`: the run has this built-in (`owner` falls back on the actor)."""
        return self.get(name) is not None

    def given_arg(self, *names: str) -> bool:
        """`given(d)`: the run was given a value under one of these names."""
        return any(name in dict(self.args) for name in names)

    @property
    def subject(self) -> Value:
        """Whose stats a bare stat name means: the actor, else the owner."""
        return self.actor if self.actor is not None else self.owner

    def but(self, **changes: Value) -> Ctx:
        """This context with some built-ins changed."""
        return replace(self, **changes)


@dataclass
class Run:
    """One run of a procedure, with the treated values of its subject when it began."""

    procedure: str
    subject: Value
    values: dict[str, Value] = field(default_factory=dict)
    completed: bool = False
