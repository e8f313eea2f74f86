"""How many examples a Hypothesis test tries: few by default, the full count in ``make test``.

Two profiles: ``quick`` (the default, for ``make check`` and a bare ``pytest``) tries a tenth of
each test's count, at least 10; ``full`` (``HYPOTHESIS_PROFILE=full``, which ``make test`` and
so CI set) tries the count the test names. A test writes ``@settings(max_examples=examples(150))``.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("quick", max_examples=10, deadline=None)
settings.register_profile("full", deadline=None)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "quick")
if PROFILE not in ("quick", "full"):
    raise ValueError(f"HYPOTHESIS_PROFILE={PROFILE!r}: use 'quick' (the default) or 'full'")
settings.load_profile(PROFILE)


def examples(full: int) -> int:
    """The number of examples to try: ``full`` under the full profile, else a tenth (at least 10)."""
    return full if PROFILE == "full" else min(full, max(10, full // 10))
