"""Errors a player or a scenario author can cause. All are ValueErrors with a plain message."""

from __future__ import annotations

# Where in a setup a bad value is: ("supply", "Copper"), ("p1", "hand", 2) (positions
# from 0 here, shown from 1 by ``dotted``).
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
    """``("p1", "hand", 2)`` -> ``p1.hand[3]``: list positions count from 1, as in every
    message of the project (the loader's ``format_key``, steps, shuffle orders)."""
    text = ""
    for part in key:
        text += f"[{part + 1}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


class UnknownName(ValueError):
    """A card's code names a trigger field, decision kind or purpose, zone or phase that
    does not exist: a typo that would otherwise match nothing and fail silently (or as a
    bare KeyError). ``problem`` says which value; ``card`` is the card whose definition or
    effect has it, once known (the effect that hit it adds it on the way out).
    """

    def __init__(self, problem: str, card: str | None = None) -> None:
        super().__init__(f"card {card}: unknown {problem}" if card else f"unknown {problem}")
        self.problem, self.card = problem, card

    def of_card(self, card: str) -> UnknownName:
        """The same problem, said of ``card`` (unless a card is already named: the
        innermost effect, e.g. the card Throne Room played, is the one with the typo)."""
        return self if self.card is not None else UnknownName(self.problem, card)


def not_one_of(field: str, value: object, allowed: tuple[str, ...]) -> str | None:
    """``"field='value' (one of a, b)"`` when ``value`` is not in ``allowed``, else None
    (``allowed`` is a Literal's ``get_args``)."""
    if value in allowed:
        return None
    return f"{field}={value!r} (one of {', '.join(allowed)})"


def require_one_of(field: str, value: object, allowed: tuple[str, ...]) -> None:
    """Raise :class:`UnknownName` when ``value`` is not in ``allowed``."""
    problem = not_one_of(field, value, allowed)
    if problem is not None:
        raise UnknownName(problem)
