"""The sets that the tests of "every set" play (one path, bulk moves, record off, legal
commands, decision purpose): the registry's (``engine.sets``), never a list of names, so a
set added to the registry is played by each of them without anyone remembering.
``tests/test_adding_a_set.py`` fails a test that names sets of its own."""

from __future__ import annotations

from engine.sets import REGISTRY

SETS: tuple[str, ...] = tuple(card_set.name for card_set in REGISTRY if card_set.kingdom)


def editions(seed: int) -> dict[str, int]:
    """Each set's edition in game ``seed``: every combination in turn over the seeds (the
    seed's digits in base 2 for sets with two editions; a set with one edition always
    has it)."""
    chosen, rest = {}, seed
    for card_set in REGISTRY:
        if not card_set.kingdom:
            continue
        choices = sorted(card_set.editions)
        chosen[card_set.name] = choices[rest % len(choices)]
        rest //= len(choices)
    return chosen
