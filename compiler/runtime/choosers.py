"""Player decisions: who answers a choice, and how.

A rule's choice reaches the game's `Chooser` as a `Choice`: its name (the
variable of `choose c from ...`, the name of `may draw_more:`, or the rule of
a `choose` between options), the player who chooses, the legal options (game
values: entities, players, numbers, names) and how many to pick. The chooser
answers with the options it picks.

- `Unanswered`, the default, answers nothing: every choice a run reaches must
  be answered by the caller (`set answer(name) to ...` in an example), so a
  run never takes a decision nobody made.
- `ScriptedChooser` answers by the choice's name, from a table of answers.
- `FirstChooser` always takes the first legal options; `RandomChooser` plays
  with its own seed; `InteractiveChooser` asks a person.
- `Enumerator` explores every legal answer (see `explore`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Protocol, TypeVar

from .defs import Value, base_of
from .errors import Illegal, NotExecutable

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Choice:
    """One decision: pick between `least` and `most` of the `options`."""

    name: str  # the choice's own name (`target`), as examples answer it
    rule: str  # the rule making it (`game.module.rule`)
    who: Value  # the player who chooses
    options: tuple[Value, ...]
    least: int = 1
    most: int = 1

    @property
    def prompt(self) -> str:
        """The question as a person reads it: who chooses, for which rule, how many."""
        count = str(self.most) if self.least == self.most else f"{self.least} to {self.most}"
        who = f"{self.who}: " if self.who is not None else ""
        return f"{who}{self.rule}: choose {count} for `{self.name}`"

    def check(self, picked: Sequence[Value]) -> list[Value]:
        """The options meant by `picked` (a copy's name means a copy on offer), or Illegal."""
        out: list[Value] = []
        if set(self.options) == {"yes", "no"}:  # a yes/no question answered yes or no
            picked = ["yes" if a is True else "no" if a is False else a for a in picked]
        for answer in picked:
            match = next((o for o in self.options if o == answer and o not in out), None)
            if match is None:
                match = next((o for o in self.options if base_of(o) == answer
                              and o not in out), None)
            if match is None:
                raise Illegal(f"{self.prompt}: {answer!r} is not a legal choice "
                              f"(options: {list(self.options)!r})")
            out.append(match)
        if not self.least <= len(out) <= self.most:
            raise Illegal(f"{self.prompt}: {len(out)} chosen")
        return out


class Chooser(Protocol):
    """Who answers a game's choices: anything with this `choose` (the choosers below, or
    a bot of your own), given to a game as `new_game(chooser=...)`."""

    def choose(self, choice: Choice) -> list[Value]:
        """The options picked (between `choice.least` and `choice.most` of them)."""
        ...


class Unanswered:
    """No one answers: a choice reached is a run that cannot go on (`NotExecutable`).

    >>> game = new_game(seed=1, players=2)   # no chooser: this one
    >>> game.set_place("hand@ann", ["low", "high"])
    >>> try:
    ...     game.act("play", actor="ann")
    ... except NotExecutable as stopped:
    ...     print(stopped)
    nobody answers ann: turn.play: choose 1 for `c`: give the answer (`set answer(c) to ...`)
    """

    def choose(self, choice: Choice) -> list[Value]:
        """Refuse: raises `NotExecutable`, naming the answer an example must give."""
        raise NotExecutable(f"nobody answers {choice.prompt}: give the answer "
                            f"(`set answer({choice.name}) to ...`)")


class FirstChooser:
    """Always the first legal options (as few as allowed, at least one).

    >>> game = new_game(seed=1, players=2, chooser=FirstChooser())
    >>> game.set_place("hand@ann", ["low", "high"])
    >>> game.act("play", actor="ann")
    >>> game.members("table")
    ['low#1']
    """

    def choose(self, choice: Choice) -> list[Value]:
        """The first legal options."""
        return list(choice.options[:max(choice.least, min(1, choice.most))])


@dataclass
class ScriptedChooser:
    """Answers by the choice's name (`"target"`, or `"rule.target"` to be precise), each
    a value or a list of values; `then` answers what the script does not.

    >>> game = new_game(seed=1, players=2, chooser=ScriptedChooser({"c": "high"}))
    >>> game.set_place("hand@ann", ["low", "high"])
    >>> game.act("play", actor="ann")
    >>> game.members("table"), game.get("ann", "score")
    (['high#1'], 12)
    """

    answers: Mapping[str, Any]
    then: Chooser = field(default_factory=Unanswered)

    def choose(self, choice: Choice) -> list[Value]:
        """The scripted answer for this choice, else what `then` answers."""
        for key in (f"{choice.rule}.{choice.name}", choice.name):
            if key in self.answers:
                answer = self.answers[key]
                return list(answer) if isinstance(answer, (list, tuple)) else [answer]
        return self.then.choose(choice)


class RandomChooser:
    """Random answers from its own seeded generator: the same seed, the same game. A
    whole playout in one pass, for simulations:

    >>> game = new_game(seed=1, players=3, chooser=RandomChooser(7))
    >>> game.trigger("game")
    >>> [game.get(player, "score") for player in game.seats]
    [14, 14, 14]
    >>> again = new_game(seed=1, players=3, chooser=RandomChooser(7))
    >>> again.trigger("game")
    >>> again.log.text() == game.log.text()
    True
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, choice: Choice) -> list[Value]:
        """A random legal number of options, picked at random, in order."""
        count = self.rng.randint(choice.least, min(choice.most, len(choice.options)))
        picked = self.rng.sample(range(len(choice.options)), count)
        return [choice.options[i] for i in sorted(picked)]


class InteractiveChooser:
    """Asks a person: the options are numbered, the answer is their numbers."""

    def __init__(self, ask: Callable[[str], str] = input,
                 tell: Callable[[str], None] = print) -> None:
        self.ask = ask
        self.tell = tell

    def choose(self, choice: Choice) -> list[Value]:
        """Show the numbered options and ask until the answer is legal."""
        self.tell(choice.prompt)
        for number, option in enumerate(choice.options, start=1):
            self.tell(f"  {number}. {option}")
        while True:
            words = self.ask("your choice (numbers, separated by spaces): ").split()
            numbers = [int(w) for w in words if w.isascii() and w.isdigit() and len(w) <= 18]
            if choice.least <= len(numbers) <= choice.most and len(set(numbers)) == len(
                    numbers) and all(1 <= n <= len(choice.options) for n in numbers):
                return [choice.options[n - 1] for n in numbers]
            self.tell("please answer with the numbers of the options")


class Enumerator:
    """Follows one path of answers, and records the choices it met, so that `explore`
    can try every legal answer: each answer is one option (or, for a choice of several,
    one of the legal combinations, in order)."""

    def __init__(self, path: Sequence[int]) -> None:
        self.path = list(path)
        self.met: list[int] = []  # how many answers each choice met had

    def choose(self, choice: Choice) -> list[Value]:
        """The answer at this step of the path (the first, past its end)."""
        answers = _combinations(choice)
        step = len(self.met)
        self.met.append(len(answers))
        index = self.path[step] if step < len(self.path) else 0
        return list(answers[index])


def explore(run: Callable[[Chooser], T], limit: int = 10_000) -> Iterator[tuple[list[int], T]]:
    """Run `run` once for every combination of legal answers to the choices it meets
    (depth first); yields (the answers' indexes, what `run` returned). `run` must
    start from a fresh state each time (a new game)."""
    todo: list[list[int]] = [[]]
    runs = 0
    while todo:
        path = todo.pop()
        chooser = Enumerator(path)
        result = run(chooser)
        runs += 1
        if runs > limit:
            raise NotExecutable(f"more than {limit} ways to answer the choices")
        taken = path + [0] * (len(chooser.met) - len(path))
        for depth in range(len(chooser.met) - 1, len(path) - 1, -1):
            for alternative in range(chooser.met[depth] - 1, 0, -1):
                todo.append(taken[:depth] + [alternative])
        yield taken, result


def _combinations(choice: Choice) -> list[tuple[Value, ...]]:
    out: list[tuple[Value, ...]] = []
    top = min(choice.most, len(choice.options))
    for size in range(choice.least, top + 1):
        out += list(combinations(choice.options, size))
    return out or [()]
