"""The rulebook's arithmetic as pure functions of counts.

Each function takes an ``ops`` argument so the same code runs on plain ints (the engine)
and on z3 terms (``checks`` proves these functions against the rulebook's wording):
nothing here branches on a value with ``if``; choices go through ``ops.ite``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.compiled import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)  # checks.z3ops.Z3Ops is one
class Ops:
    """The few operations whose Python spelling does not work on z3 terms, on plain
    Python values (the engine's); ``checks.z3ops.Z3Ops`` does each on z3 terms (the
    proofs'). A class rather than a Protocol: the compiled engine calls the methods of a
    class directly, those of a Protocol by name."""

    def ite(self, condition: Any, then: Any, otherwise: Any) -> Any:
        return then if condition else otherwise

    def any_(self, conditions: Sequence[Any]) -> Any:
        return any(conditions)

    def all_(self, conditions: Sequence[Any]) -> Any:
        return all(conditions)

    def implies(self, premise: Any, conclusion: Any) -> Any:
        return (not premise) or conclusion

    def not_(self, condition: Any) -> Any:
        return not condition

    def count_zeros(self, values: Sequence[Any]) -> Any:
        """How many of ``values`` are 0."""
        return values.count(0)


PY = Ops()

# --- setup ---------------------------------------------------------------------------

STARTING_COPPERS = 7
STARTING_ESTATES = 3


def victory_pile_size(players: Any, ops: Ops = PY) -> Any:
    """Estate, Duchy, Colony and Victory Kingdom piles: 8 with 2 players, else 12."""
    return ops.ite(players == 2, 8, 12)


def province_pile_size(players: Any, ops: Ops = PY) -> Any:
    return ops.ite(players == 2, 8, ops.ite(players == 5, 15, ops.ite(players == 6, 18, 12)))


def curse_pile_size(players: Any, ops: Ops = PY) -> Any:
    return 10 * (players - 1)


def copper_pile_size(players: Any, ops: Ops = PY) -> Any:
    """The Copper left after dealing 7 to each player from one set (two with 5-6)."""
    copper_sets = ops.ite(players >= 5, 2, 1)
    return 60 * copper_sets - STARTING_COPPERS * players


def pile_size(name: str, is_victory: bool, is_kingdom: bool, players: Any, ops: Ops = PY) -> Any:
    """How many cards the Supply pile of ``name`` starts with."""
    treasure_sets = ops.ite(players >= 5, 2, 1)
    fixed = {"Silver": 40 * treasure_sets, "Gold": 30 * treasure_sets, "Platinum": 12}
    if name in fixed:
        return fixed[name]
    if name == "Copper":
        return copper_pile_size(players, ops)
    if name == "Curse":
        return curse_pile_size(players, ops)
    if name == "Province":
        return province_pile_size(players, ops)
    if name in ("Estate", "Duchy", "Colony") or (is_kingdom and is_victory):
        return victory_pile_size(players, ops)
    return 10


# --- end of game and scoring ------------------------------------------------------------


def tokens_removable(have: Any, count: Any, ops: Ops = PY) -> Any:
    """Whether ``count`` tokens may come off a mat holding ``have`` (spending Coffers,
    Butcher's removing them): there must be that many; what is left is then ``have -
    count``, never negative (``checks.proofs`` proves it)."""
    return ops.all_([count >= 0, count <= have])


def empty_piles_to_end(players: Any, ops: Ops = PY) -> Any:
    return ops.ite(players >= 5, 4, 3)


def game_over(
    pile_counts: Sequence[Any],
    province: int,
    colony: int | None,
    players: Any,
    ops: Ops = PY,
    supply: int | None = None,
) -> Any:
    """Whether the game ends now (called at the end of a turn).

    ``pile_counts`` are the counts of every pile, the Supply piles first: the first
    ``supply`` of them (all when None) are the Supply's, the rest are piles outside it
    (Prizes, Rewards), which never count (rulings ``rules/non-supply/3``); ``province``
    and ``colony`` are indexes into it (``colony`` None when Colony is not in the game).
    """
    empties = ops.count_zeros(pile_counts[:supply])
    ends = [pile_counts[province] == 0, empties >= empty_piles_to_end(players, ops)]
    if colony is not None:
        ends.append(pile_counts[colony] == 0)
    return ops.any_(ends)


def winner_flags(scores: Sequence[Any], turns: Sequence[Any], ops: Ops = PY) -> list[Any]:
    """For each player, whether they win: most VP, ties to fewer turns, then shared."""
    flags = []
    for me in range(len(scores)):
        most_vp = ops.all_([scores[me] >= other for other in scores])
        fewest_turns_among_tied = ops.all_(
            [
                ops.implies(scores[other] == scores[me], turns[me] <= turns[other])
                for other in range(len(scores))
            ]
        )
        flags.append(ops.all_([most_vp, fewest_turns_among_tied]))
    return flags


def winners(scores: Sequence[int], turns: Sequence[int]) -> list[int]:
    return [index for index, wins in enumerate(winner_flags(scores, turns)) if wins]


# --- costs -----------------------------------------------------------------------------
#
# A cost has a coin part, a Potion part and a Debt part (``engine.costs.Cost``; here anything
# with ``coins``, ``potion`` and ``debt``, ints or z3 terms). Costs compare part by part
# (rulings ``rules/costs/2``); a limit written in coins alone is a cost with no Potion and
# no Debt part, so a card with a Potion in its cost never meets it (``rules/costs/3``).
# Conjunctions are ``&``, which means "and" on Python's bools and on z3's terms alike and
# costs no call (buying asks ``affordable`` on every buy).


def cost_at_most(cost: Any, limit: Any, ops: Ops = PY) -> Any:
    """Whether ``cost`` is at most ``limit``: every part at most the limit's part."""
    return (cost.coins <= limit.coins) & (cost.potion <= limit.potion) & (cost.debt <= limit.debt)


def costs_same(cost: Any, other: Any, ops: Ops = PY) -> Any:
    """Whether two costs are the same: every part equal (Swindler, Upgrade's "exactly")."""
    return (cost.coins == other.coins) & (cost.potion == other.potion) & (cost.debt == other.debt)


def costs_less(cost: Any, other: Any, ops: Ops = PY) -> Any:
    """Whether ``cost`` costs less than ``other``: at most it, and not the same."""
    return ops.all_([cost_at_most(cost, other, ops), ops.not_(costs_same(cost, other, ops))])


def costs_more(cost: Any, other: Any, ops: Ops = PY) -> Any:
    """Whether ``cost`` costs more than ``other`` (``other`` costs less)."""
    return costs_less(other, cost, ops)


def affordable(cost: Any, coins: Any, potions: Any, ops: Ops = PY) -> Any:
    """Whether a player with ``coins`` and ``potions`` to spend can pay ``cost``: its coin
    part and its Potion part, which never stand in for each other (``rules/potion/3-5``).
    A Debt part is taken on, not paid, so it never stops a buy."""
    return (cost.coins <= coins) & (cost.potion <= potions)


def reduced_cost(printed: Any, reduction: Any, ops: Ops = PY) -> Any:
    """A cost after reductions, never below 0."""
    return current_cost(printed, [reduction], ops)


def reduce_cost(printed: Any, reductions: Sequence[Any], make: Any, ops: Ops = PY) -> Any:
    """A card's current cost: ``make(coins, potion, debt)`` of its printed cost with the
    coin part lowered by every reduction (:func:`current_cost`); the Potion and Debt parts
    stay as printed (rulings ``rules/costs/13``). ``make`` builds the value (``Cost`` in
    the engine, a tuple of z3 terms in the proofs)."""
    return make(current_cost(printed.coins, reductions, ops), printed.potion, printed.debt)


def current_cost(printed: Any, reductions: Sequence[Any], ops: Ops = PY) -> Any:
    """A card's current coin cost: its printed coin part less every active reduction,
    never below 0. Reductions lower the coin part only: the Potion and Debt parts of a
    cost are never reduced (rulings ``rules/costs/13``; ``Verbs.cost`` keeps them).

    ``Verbs.cost`` collects the reductions (each at least 0: the ones below, and any other
    card's) and calls this; ``checks.proofs`` proves it never negative and never rising
    when reductions are added, for any number of each.
    """
    left = printed - sum(reductions)
    return ops.ite(left < 0, 0, left)


BRIDGE_REDUCTION = 1
QUARRY_REDUCTION = 2
PEDDLER_REDUCTION = 2


def bridge_reduction(plays: Any, ops: Ops = PY) -> Any:
    """Bridge: every card costs 1 less per Bridge played this turn."""
    return BRIDGE_REDUCTION * plays


def quarry_reduction(copies: Any, is_action: Any, ops: Ops = PY) -> Any:
    """Quarry: Action cards cost 2 less per Quarry (in play, or played in 2nd edition)."""
    return ops.ite(is_action, QUARRY_REDUCTION * copies, 0)


def peddler_reduction(actions_in_play: Any, buy_phase: Any, ops: Ops = PY) -> Any:
    """Peddler: in the Buy phase it costs 2 less per Action card you have in play."""
    return ops.ite(buy_phase, PEDDLER_REDUCTION * actions_in_play, 0)
