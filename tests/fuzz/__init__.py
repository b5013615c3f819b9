"""The fuzz suite's settings and corpus: the two Hypothesis profiles, the oracle
shared by every property, and the files failing examples are saved to.

Profiles (chosen with the `LUDEX_FUZZ` environment variable, `ci` by default):

- `ludex-ci`: bounded and derandomized, so CI runs the same examples every time
  and the whole fuzz slice stays well under a minute on two cores;
- `ludex-full`: thousands of examples per property, random, no deadline.

They are named `ludex-*` because Hypothesis registers a `ci` profile of its own.
They are applied with `@FUZZ` (not `settings.load_profile`), so other Hypothesis
tests in the same run keep their own settings.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from hypothesis import HealthCheck, Phase, settings
from hypothesis.control import current_build_context

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = Path(__file__).resolve().parent / "corpus"

settings.register_profile(
    "ludex-ci", max_examples=40, derandomize=True, deadline=None, database=None,
    print_blob=True, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                            HealthCheck.filter_too_much])
settings.register_profile(
    "ludex-full", max_examples=5000, deadline=None, database=None, print_blob=True,
    phases=list(Phase), suppress_health_check=list(HealthCheck))

PROFILE = "ludex-full" if os.environ.get("LUDEX_FUZZ", "ci") == "full" else "ludex-ci"
FUZZ = settings.get_profile(PROFILE)
_FULL_EXAMPLES = os.environ.get("LUDEX_FUZZ_EXAMPLES")  # one count for every property


def examples(ci: int, full: int) -> settings:
    """The active profile with a count of examples for one property: properties differ in
    cost (a card file checks in milliseconds, a game that runs its example and emits takes
    half a second), so each says how many it runs in CI and in the full run."""
    if PROFILE == "ludex-ci":
        return settings(FUZZ, max_examples=ci)
    return settings(FUZZ, max_examples=int(_FULL_EXAMPLES or full))


def save_failure(folder: str, text: str, suffix: str) -> Path | None:
    """Keep the minimal failing example of a full run as a corpus file, so the suite
    replays it from now on; intermediate examples found while shrinking are not kept.
    The CI profile saves nothing: its examples are fixed, Hypothesis prints the failing
    one, and a test run must not leave files in the working tree."""
    if PROFILE != "ludex-full":
        return None
    try:
        final = current_build_context().is_final
    except Exception:  # noqa: BLE001 - outside a Hypothesis test: nothing to save
        return None
    if not final:
        return None
    data = text.encode("utf-8", "surrogatepass")
    path = CORPUS / folder / f"found-{hashlib.sha1(data).hexdigest()[:12]}{suffix}"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path
