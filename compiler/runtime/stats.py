"""Bounded values per owner, and what happens at the bounds.

A stat's value is kept per owner (`GAME`, which is None, for a value of the whole
game, such as the current phase). Gains past the upper bound follow the stat's overflow
policy: `discard` the excess, `clamp` to the bound, `clamp_remember` (clamp,
but remember the real value for the draw that follows: `treated`), `forbid`
(the gain is illegal). Losses stop at the lower bound; a payment that would go
below it is illegal. Names that are no declared stat (Supplies, Bonds) are
counters from 0 with no upper bound. Each change is kept as the last change of
that value (`gained`): what rules hooked `after` a stat read.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from typing import Any

from .defs import Record, StatDef, Value
from .errors import Illegal, NotExecutable
from .log import EventLog

Key = tuple[str | None, str]
COUNTER = StatDef("counter", lo=0)


class Stats:
    def __init__(self, defs: Mapping[str, StatDef], records: Mapping[str, Record],
                 log: EventLog) -> None:
        self.defs = defs
        self.records = records
        self.log = log
        self.values: dict[Key, Value] = {}
        self.remembered: dict[Key, int] = {}
        self.payments: dict[Key, int] = {}  # the last payment of each stat by each owner
        self.changes: dict[Key, int] = {}  # the last change: +gained (past the bound), -lost
        # asked before a gain or a loss: a rule replaced it (`replacing`); then `replaced`
        self.instead: Callable[[str, int, str | None], bool] | None = None
        self.replaced = False

    def __getstate__(self) -> dict[str, Any]:
        """Without the game's catalog (read-only, held by the definitions): `Game`
        attaches it again when it is unpickled or copied."""
        return {k: v for k, v in self.__dict__.items() if k != "records"}

    def of(self, who: str | None) -> dict[str, Value]:
        """Every stat `who` holds a value of, by name, in name order."""
        return {name: value for (owner, name), value in sorted(
            self.values.items(), key=lambda kv: kv[0][1]) if owner == who}

    def is_stat(self, name: str) -> bool:
        return name in self.defs

    def bound(self, who: str | None, bound: int | str | None) -> int | None:
        if bound is None or isinstance(bound, int):
            return bound
        record = self.records.get(who) if who is not None else None
        if record is None or not record.has(bound):
            raise NotExecutable(f"the bound `{bound}` of {who} is not known")
        value = record.value(bound)
        if not isinstance(value, int):
            raise NotExecutable(f"the bound `{bound}` of {who} is {value!r}, not a number")
        return value

    def get(self, who: str | None, name: str) -> Value:
        key = (who, name)
        if key in self.values:
            return self.values[key]
        if name not in self.defs and "." in name and self.named(name) != name:
            return self.get(who, self.named(name))
        stat = self.defs.get(name)
        if stat is None:
            raise NotExecutable(f"`{_show(who, name)}` is not known: set it first")
        if stat.start is not None:  # a list is frozen in the definitions: a list again
            return list(stat.start) if isinstance(stat.start, tuple) else stat.start
        return self.bound(who, stat.lo) or 0

    def number(self, who: str | None, name: str) -> int:
        value = self.get(who, name) if (who, name) in self.values or self.is_stat(name) else 0
        if not isinstance(value, int):
            raise NotExecutable(f"`{_show(who, name)}` is {value!r}, not a number")
        return value

    def treated(self, who: str | None, name: str) -> Value:
        """The real value remembered past the bound, else the value."""
        return self.remembered.get((who, name), self.get(who, name))

    def named(self, name: str, setting: bool = False) -> str:
        """A stat's name from its name or its qualified name (`farm.harvest.grain` is
        `grain`: stats are kept by their own id). Setting a qualified name
        that is no stat is an error, with the nearest stat's name. A bare name that is no
        stat is a counter (a base game's Supplies, Bonds: the definitions do not
        list them), so it cannot be told from a misspelt stat here."""
        if name in self.defs:
            return name
        short = name.rsplit(".", 1)[-1]
        if short in self.defs:
            return short
        if not setting or "." not in name:
            return name
        close = difflib.get_close_matches(short, list(self.defs), n=1)
        raise NotExecutable(f"no stat is called `{name}`"
                            + (f"; did you mean `{close[0]}`?" if close else ""))

    def set(self, who: str | None, name: str, value: Value) -> str:
        """Set a stat; returns its name (`named`). A field of `who`'s card is printed: it
        is never set (a value that changes in play is a stat)."""
        name = self.named(name, setting=True)
        stat = self.defs.get(name)
        record = self.records.get(who) if stat is None and isinstance(who, str) else None
        if record is not None and record.has(name):
            raise NotExecutable(f"`{name}` is a field of {who}, printed on it: it cannot be "
                                "set (a value that changes in play is a stat)")
        if stat is not None and isinstance(value, int) and not isinstance(value, bool):
            lo, hi = self.bound(who, stat.lo), self.bound(who, stat.hi)
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                raise Illegal(f"{_show(who, name)} cannot be {value}: it runs {lo}..{hi}")
        self.values[(who, name)] = value
        self.remembered.pop((who, name), None)
        self.changes[(who, name)] = 0  # a value set, not gained nor lost
        self.log.add("set", name, who, f"{value!r}")
        return name

    def gain(self, name: str, amount: int, who: str | None) -> None:
        if self.instead is not None and self.instead(name, amount, who):
            self.replaced = True
            return
        stat = self.defs.get(name, COUNTER)
        old = self.number(who, name)
        real = old + amount
        hi = self.bound(who, stat.hi)
        lo = self.bound(who, stat.lo)
        new = real if lo is None else max(lo, real)
        self.remembered.pop((who, name), None)
        over = hi is not None and real > hi
        if over and stat.overflow == "forbid":
            raise Illegal(f"{_show(who, name)} cannot go over {hi} (to {real})")
        self.values[(who, name)] = hi if over and hi is not None else new
        self.changes[(who, name)] = amount
        self.log.add("gain", name, who, f"{old} + {amount} -> {self.values[(who, name)]}")
        if over and hi is not None:
            self._overflow(stat, who, real, hi)

    def _overflow(self, stat: StatDef, who: str | None, real: int, hi: int) -> None:
        if stat.overflow == "clamp_remember":
            self.remembered[(who, stat.name)] = real
            self.log.add("overflow", stat.name, who, f"{real} over {hi}: kept at {hi}, "
                         f"treated as {real} for the draw that follows")
        elif stat.overflow == "discard":
            self.log.add("overflow", stat.name, who, f"{real - hi} over {hi} discarded")
        else:
            self.log.add("overflow", stat.name, who, f"clamped at {hi} (not {real})")

    def lose(self, name: str, amount: int, who: str | None) -> None:
        if self.instead is not None and self.instead(name, -amount, who):
            self.replaced = True
            return
        stat = self.defs.get(name, COUNTER)
        old = self.number(who, name)
        lo = self.bound(who, stat.lo)
        new = old - amount if lo is None else max(lo, old - amount)
        self.values[(who, name)] = new
        self.remembered.pop((who, name), None)
        self.changes[(who, name)] = -amount
        self.log.add("lose", name, who, f"{old} - {amount} -> {new}")

    def pay(self, name: str, amount: int, who: str | None) -> None:
        stat = self.defs.get(name, COUNTER)
        old = self.number(who, name)
        lo = self.bound(who, stat.lo)  # one pays from what one has: a stat with no range
        if old - amount < (0 if lo is None else lo):  # (no debt) is never paid below 0
            raise Illegal(f"{_show(who, name)} is {old}: cannot pay {amount}")
        self.values[(who, name)] = old - amount
        self.remembered.pop((who, name), None)
        self.payments[(who, name)] = amount
        self.changes[(who, name)] = -amount
        self.log.add("pay", name, who, f"{old} - {amount} -> {old - amount}")

    def forget(self) -> None:
        """The draw that followed is over: every stat is its dial value again."""
        self.remembered.clear()


def _show(who: str | None, name: str) -> str:
    return f"{who}.{name}" if who else name
