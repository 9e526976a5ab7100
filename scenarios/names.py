"""Card names as people type them: one way to match them and to suggest the right one.

``arbiter check`` (scenario files), ``arbiter explain``, ``arbiter new``, ``arbiter
graph`` (``checks.graph.resolve``) and every other place a card is named use these, so a
name is read the same way everywhere: case, spacing and apostrophes are forgiven
(``king's court``, ``KINGS COURT``), and a name that matches no card gets the closest ones.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Iterable


def fold(name: str) -> str:
    """The form two spellings of one card share: lower case, single spaces, no apostrophes."""
    return " ".join(name.replace("'", "").replace("\u2019", "").lower().split())


def canonical(name: str, names: Collection[str]) -> str | None:
    """The card ``name`` means, as the catalogue spells it, or None."""
    if name in names:
        return name
    wanted = fold(name)
    return next((known for known in names if fold(known) == wanted), None)


# Longer names get no guess (difflib's comparison costs their length times each name's).
MAX_GUESSED_CHARS = 100


def did_you_mean(name: str, names: Iterable[str]) -> str:
    """`` (did you mean 'Throne Room'?)`` for the closest names, or ""."""
    if len(name) > MAX_GUESSED_CHARS:  # no card name is this long: nothing to compare
        return ""
    names = sorted(names)
    same = canonical(name, names)
    if same is not None and same != name:
        return f" (did you mean {same!r}?)"
    folded = {fold(known): known for known in names}
    close = difflib.get_close_matches(fold(name), list(folded), n=3, cutoff=0.6)
    if not close:
        return ""
    return f" (did you mean {' or '.join(repr(folded[match]) for match in close)}?)"
