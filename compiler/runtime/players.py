"""The players of a game: seats in order, per-player places, who is still in.

A game that declares `players: KIND` seats the instances of that kind in
declaration order (or numbered seats, `player_1` ..., for a kind without
instances). Per-player decks and zones exist once for each seat
(`place@seat`); a rule names the acting player's with the bare name (`zone`)
and another's through the player (`p.zone`). A player eliminated (`eliminate p`)
is out until the end of the round, or for good when no round is running.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .defs import Value
from .errors import Illegal, NotExecutable

if TYPE_CHECKING:
    from .defs import Definitions
    from .log import EventLog


class Seating:
    """The seating half of `Game` (a mixin)."""

    defs: Definitions
    log: EventLog
    seats: tuple[str, ...]
    out: dict[str, str]  # player -> the period they are out for (`round`, `game`)
    running: list[str]  # the periods running now, outermost first
    place_owners: Mapping[str, tuple[str, ...]]  # a place per instance -> the instances

    def _seat(self, players: int | Sequence[str] | None) -> None:
        defs = self.defs
        if isinstance(players, int):
            if defs.seats is not None and not defs.seats[0] <= players <= defs.seats[1]:
                raise ValueError(f"{defs.game} is for {defs.seats[0]} to {defs.seats[1]} "
                                 f"players, not {players}")
            self.seats = defs.seat_names(players)
        elif players is not None:
            declared = set(defs.seat_names())
            unknown = [p for p in players if p not in declared]
            if unknown:
                raise ValueError(f"not players of {defs.game}: {unknown}")
            self.seats = tuple(players)
        else:
            self.seats = defs.seat_names()
        self.out = {}
        self.running = []

    def place_of(self, who: Value, place: str) -> str:
        """A per-player place of `who` (`zone@seat`), or the place of one instance of a
        kind (`zone@instance`, for a zone `per:` that kind)."""
        owners = self.place_owners.get(place)
        if owners is not None:
            if who not in owners:
                raise NotExecutable(f"{who!r} has no `{place}`: it exists once for each of "
                                    + (", ".join(owners) or "nothing"))
            return f"{place}@{who}"
        if who not in self.seats:
            raise NotExecutable(f"{who!r} is not a player: `{place}` exists once per player")
        return f"{place}@{who}"

    def players(self) -> list[str]:
        """Every seat, in seat order."""
        return list(self.seats)

    def still_in(self) -> list[str]:
        """The players not eliminated, in seat order."""
        return [p for p in self.seats if p not in self.out]

    def others(self, who: Value) -> list[str]:
        """The other players still in, in seat order starting after `who`."""
        return [p for p in self._after(who) if p != who and p not in self.out]

    def next_player(self, who: Value) -> Value:
        """The next player still in after `who`, in seat order (nothing when none is)."""
        return next(iter(self.others(who)), None)

    def _after(self, who: Value) -> list[str]:
        if who not in self.seats:
            raise Illegal(f"{who!r} is not a player")
        i = self.seats.index(who)
        return list(self.seats[i + 1:] + self.seats[:i + 1])

    def eliminate(self, who: Value) -> None:
        """`who` is out: of the round while one runs, else of the game."""
        if who not in self.seats:
            raise Illegal(f"{who!r} is not a player")
        period = "round" if "round" in self.running else "game"
        self.out[str(who)] = period
        self.log.add("eliminate", str(who), str(who), f"out of the {period}")

    def _back_in(self, period: str) -> None:
        """The end of a period brings back who was out for it."""
        for player in [p for p, until in self.out.items() if until == period]:
            del self.out[player]
            self.log.add("back", player, player, f"in again after the {period}")
