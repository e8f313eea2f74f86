"""How many examples a Hypothesis test tries: few by default, the full count in ``make test``.

Two profiles: ``quick`` (the default, for ``make check`` and a bare ``pytest``) tries a tenth of
each test's count, at least 10; ``full`` (``HYPOTHESIS_PROFILE=full``, which ``make test`` and
so CI set) tries the count the test names, the same examples in every run. A test writes
``@settings(max_examples=examples(150))``.
"""

from __future__ import annotations

import os

from hypothesis import settings

# The full profile (make test, CI) draws the same examples in every run (derandomize: a red run
# is red again on the next); the quick one draws new examples each time. Either way a failure
# prints the blob that replays it (@reproduce_failure), and the seed of a random run can be
# given back with pytest's --hypothesis-seed.
settings.register_profile("quick", max_examples=10, deadline=None, print_blob=True)
settings.register_profile("full", deadline=None, derandomize=True, print_blob=True)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "quick")
if PROFILE not in ("quick", "full"):
    raise ValueError(f"HYPOTHESIS_PROFILE={PROFILE!r}: use 'quick' (the default) or 'full'")
settings.load_profile(PROFILE)


def examples(full: int) -> int:
    """The number of examples to try: ``full`` under the full profile, else a tenth (at least 10)."""
    return full if PROFILE == "full" else min(full, max(10, full // 10))
