"""Player decisions: who answers a `choose`, a confirmation, or which card goes.

A `Chooser` is asked with the options as `(id, title)` pairs and answers with
the ids it picks. Scripted answers make tests and examples repeatable; the
random chooser plays with a seed; the interactive one asks a person.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from .errors import NotExecutable

Options = Sequence[tuple[str, str]]


class Chooser(Protocol):
    def choose(self, prompt: str, options: Options, count: int) -> list[str]:
        """Pick `count` of the option ids."""
        ...

    def confirm(self, question: str) -> bool:
        """Answer a yes/no question the rules leave to the players."""
        ...


def _check(prompt: str, options: Options, picked: list[str], count: int) -> list[str]:
    ids = {o[0] for o in options}
    if len(picked) != min(count, len(options)) or not set(picked) <= ids:
        raise NotExecutable(f"{prompt}: {picked} is not {count} of {sorted(ids)}")
    return picked


class FirstChooser:
    """Always the first options, and yes to every question: the default."""

    def choose(self, prompt: str, options: Options, count: int) -> list[str]:
        return [o[0] for o in options[:count]]

    def confirm(self, question: str) -> bool:
        return True


class ScriptedChooser:
    """Answers taken in order from a script; `yes`/`no` for confirmations.

    Each answer is an option id or a list of ids. Running out of answers is an
    error unless `then` names a chooser to fall back on.
    """

    def __init__(self, answers: Iterable[str | bool | Sequence[str]],
                 then: Chooser | None = None) -> None:
        self.answers = list(answers)
        self.then = then

    def _next(self, prompt: str) -> str | bool | Sequence[str] | None:
        if self.answers:
            return self.answers.pop(0)
        if self.then is None:
            raise NotExecutable(f"no scripted answer left for: {prompt}")
        return None

    def choose(self, prompt: str, options: Options, count: int) -> list[str]:
        answer = self._next(prompt)
        if answer is None and self.then is not None:
            return self.then.choose(prompt, options, count)
        if isinstance(answer, bool) or answer is None:
            raise NotExecutable(f"{prompt}: the scripted answer is {answer!r}, not an option")
        picked = [answer] if isinstance(answer, str) else [str(a) for a in answer]
        return _check(prompt, options, picked, count)

    def confirm(self, question: str) -> bool:
        answer = self._next(question)
        if answer is None and self.then is not None:
            return self.then.confirm(question)
        return answer in (True, "yes")


class RandomChooser:
    """Random answers from its own seeded generator: the same seed, the same game."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, prompt: str, options: Options, count: int) -> list[str]:
        picked = self.rng.sample(list(options), min(count, len(options)))
        return [o[0] for o in sorted(picked, key=list(options).index)]

    def confirm(self, question: str) -> bool:
        return self.rng.random() < 0.5


class InteractiveChooser:
    """Asks a person: the options are numbered, the answer is their numbers."""

    def __init__(self, ask: Callable[[str], str] = input,
                 tell: Callable[[str], None] = print) -> None:
        self.ask = ask
        self.tell = tell

    def choose(self, prompt: str, options: Options, count: int) -> list[str]:
        self.tell(prompt)
        for number, (_, title) in enumerate(options, start=1):
            self.tell(f"  {number}. {title}")
        while True:
            words = self.ask(f"choose {count} (numbers, separated by spaces): ").split()
            numbers = [int(w) for w in words if w.isascii() and w.isdigit() and len(w) <= 18]
            if len(numbers) == min(count, len(options)) and \
                    all(1 <= n <= len(options) for n in numbers):
                return [options[n - 1][0] for n in numbers]
            self.tell("please answer with the numbers of the options")

    def confirm(self, question: str) -> bool:
        return self.ask(f"{question} [y/n] ").strip().lower().startswith("y")
