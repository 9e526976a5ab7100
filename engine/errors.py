"""Errors a player or a scenario author can cause. All are ValueErrors with a plain message."""


class IllegalMove(ValueError):
    """A command the rules do not allow now (the state is left as it was)."""


class IllegalAnswer(ValueError):
    """An answer that is not one of the pending decision's legal answers."""


class BadPosition(ValueError):
    """A starting position that cannot be set up (unknown pile, bad shuffle order, ...)."""
