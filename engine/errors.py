"""Errors a player or a scenario author can cause. All are ValueErrors with a plain message."""

from __future__ import annotations

# Where in a setup a bad value is: ("supply", "Copper"), ("p1", "hand", 2).
Key = tuple[str | int, ...]


class IllegalMove(ValueError):
    """A command the rules do not allow now (the state is left as it was)."""


class IllegalAnswer(ValueError):
    """An answer that is not one of the pending decision's legal answers."""


class BadPosition(ValueError):
    """A starting position that cannot be set up (unknown pile, bad shuffle order, ...).

    ``key`` says where in the setup the bad value is (empty when it is the whole setup),
    ``reason`` what is wrong with it; the message is ``key: reason``.
    """

    def __init__(self, reason: str, key: Key = ()) -> None:
        super().__init__(f"{dotted(key)}: {reason}" if key else reason)
        self.reason, self.key = reason, key


def dotted(key: Key) -> str:
    """``("p1", "hand", 2)`` -> ``p1.hand[2]``."""
    text = ""
    for part in key:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text
