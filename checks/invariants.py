"""Every invariant of a game of Dominion, each written once.

Each invariant is a function of counts written over an ``ops`` argument (the
``engine.rules.Ops`` protocol), so the same code is

* evaluated on a concrete game after every step of a random game
  (:func:`violations`, used by ``checks.state_machine``), with ``engine.rules.PY``;
* built into a z3 formula (with ``checks.z3ops.Z3``) that ``checks.proofs`` proves
  against the engine's own functions.

The rulebook's statements (``rulebook_*``) are written here from the rulings in
``scenarios/rulings/rules.yaml``, independently of ``engine/rules.py``: on purpose in a
different shape (tables instead of arithmetic, a running maximum instead of pairwise
comparisons), so that a proof of equivalence says something.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.rules import PY, Ops
from engine.state import PLAYER_ZONES

if TYPE_CHECKING:
    from engine.game import Game

# --- the rulebook (scenarios/rulings/rules.yaml) --------------------------------------

PLAYER_COUNTS = (2, 3, 4, 5, 6)

# rules/setup/2..6 and rules/setup/8, for 2, 3, 4, 5, 6 players: a table, as printed.
RULEBOOK_PILES: dict[str, tuple[int, int, int, int, int]] = {
    "Copper": (46, 39, 32, 85, 78),  # 60 - 7 per player; two sets (120) with 5-6
    "Silver": (40, 40, 40, 80, 80),
    "Gold": (30, 30, 30, 60, 60),
    "Platinum": (12, 12, 12, 12, 12),
    "Estate": (8, 12, 12, 12, 12),
    "Duchy": (8, 12, 12, 12, 12),
    "Province": (8, 12, 12, 15, 18),
    "Colony": (8, 12, 12, 12, 12),
    "Curse": (10, 20, 30, 40, 50),
    # rules/potion/2 (scenarios/rulings/rules-costs.yaml): 16 whatever the player count.
    "Potion": (16, 16, 16, 16, 16),
}
KINGDOM_PILE = (10, 10, 10, 10, 10)
VICTORY_KINGDOM_PILE = (8, 12, 12, 12, 12)


def _by_player_count(players: Any, row: Sequence[int], ops: Ops) -> Any:
    """``row[players - 2]`` for a player count that may be a z3 term (2..6 assumed)."""
    value: Any = row[-1]
    for count, size in reversed(list(zip(PLAYER_COUNTS[:-1], row[:-1], strict=True))):
        value = ops.ite(players == count, size, value)
    return value


def rulebook_pile_size(
    name: str, is_victory: bool, is_kingdom: bool, players: Any, ops: Ops = PY
) -> Any:
    """rules/setup: the size of the Supply pile of ``name`` at the start of the game."""
    if name in RULEBOOK_PILES and not is_kingdom:
        return _by_player_count(players, RULEBOOK_PILES[name], ops)
    row = VICTORY_KINGDOM_PILE if is_victory else KINGDOM_PILE
    return _by_player_count(players, row, ops)


def rulebook_game_ends(
    pile_counts: Sequence[Any], province: int, colony: int | None, players: Any, ops: Ops = PY
) -> Any:
    """rules/end/1: Province empty, or Colony empty when used, or 3 Supply piles empty
    (4 with 5 or 6 players). Every Supply pile counts, Curse included."""
    empty = [count == 0 for count in pile_counts]
    empties = sum(ops.ite(is_empty, 1, 0) for is_empty in empty)
    reasons = [
        empty[province],
        ops.all_([players <= 4, empties >= 3]),
        ops.all_([players >= 5, empties >= 4]),
    ]
    if colony is not None:
        reasons.append(empty[colony])
    return ops.any_(reasons)


def rulebook_winners(scores: Sequence[Any], turns: Sequence[Any], ops: Ops = PY) -> list[Any]:
    """rules/score/2: the most VP wins; among the tied, fewest turns; then shared.

    Computed the way a person would: find the best score, then the fewest turns among
    the players who have it, then say who has both.
    """
    best = scores[0]
    for score in scores[1:]:
        best = ops.ite(score > best, score, best)
    tied = [score == best for score in scores]
    fewest = turns[0]
    seen = tied[0]
    for is_tied, taken in zip(tied[1:], turns[1:], strict=True):
        better = ops.all_([is_tied, ops.any_([not_(seen, ops), taken < fewest])])
        fewest = ops.ite(better, taken, fewest)
        seen = ops.any_([seen, is_tied])
    return [
        ops.all_([is_tied, taken == fewest]) for is_tied, taken in zip(tied, turns, strict=True)
    ]


def not_(condition: Any, ops: Ops) -> Any:
    """Negation through ``ops`` (``not`` does not work on z3 terms)."""
    return ops.ite(condition, False, True)


def rulebook_cost_floor(cost: Any, ops: Ops = PY) -> Any:
    """rules/cost/1: a cost is never below 0."""
    return cost >= 0


# --- the invariants -----------------------------------------------------------------------


def each_card_in_one_place(places: Sequence[Any], ops: Ops = PY) -> Any:
    """Every card is in exactly one place. ``places[i]``: how many zones hold card ``i``
    (counting a card twice in one zone twice)."""
    return ops.all_([count == 1 for count in places])


def totals_as_created(
    zone_counts: Mapping[str, Sequence[Any]], created: Mapping[str, Any], ops: Ops = PY
) -> Any:
    """For each card name, the cards of that name in all zones together are as many as
    setup created; a name setup never created has none."""
    names = set(zone_counts) | set(created)
    return ops.all_([sum(zone_counts.get(name, ())) == created.get(name, 0) for name in names])


def counts_not_negative(counts: Sequence[Any], ops: Ops = PY) -> Any:
    """No pile or count is negative."""
    return ops.all_([count >= 0 for count in counts])


def tokens_only_added(before: Sequence[Any], after: Sequence[Any], ops: Ops = PY) -> Any:
    """Tokens are only ever added, never taken back: Embargo tokens stay on their pile and
    Pirate Ship's Coin tokens on their mat for the rest of the game. ``before[i]`` and
    ``after[i]``: the tokens of counter ``i`` (a pile's Embargo tokens, a player's mat)."""
    return ops.all_([now >= was for was, now in zip(before, after, strict=True)])


def turn_counters_not_negative(actions: Any, buys: Any, coins: Any, ops: Ops = PY) -> Any:
    """Actions, Buys and coins are never negative."""
    return ops.all_([actions >= 0, buys >= 0, coins >= 0])


def nothing_left_revealed(revealed: Sequence[Any], between_effects: Any, ops: Ops = PY) -> Any:
    """Revealed and looked-at cards go back (or on) before the effect ends: when no effect
    is under way (the game waits for a command), no player has a card revealed."""
    return ops.implies(between_effects, ops.all_([count == 0 for count in revealed]))


def only_staying_cards_in_play(in_play_not_staying: Sequence[Any], ops: Ops = PY) -> Any:
    """Clean-up discards everything in play but Duration cards (and the cards that played
    them): a player whose turn it is not has in play only cards that stay.
    ``in_play_not_staying[p]``: how many of player ``p``'s cards in play do not stay,
    for every player but the active one."""
    return ops.all_([count == 0 for count in in_play_not_staying])


def held_cards_set_aside(held_elsewhere: Sequence[Any], ops: Ops = PY) -> Any:
    """A card set aside with a Duration card (Haven's, Blockade's) stays in its player's
    set-aside zone until the Duration's start-of-turn part puts it into the hand, which
    lets go of it: ``held_elsewhere[p]``, how many of player ``p``'s held cards are not in
    their set-aside zone."""
    return ops.all_([count == 0 for count in held_elsewhere])


def game_over_as_rulebook(
    game_over: Any,
    end_of_turn: Any,
    pile_counts: Sequence[Any],
    province: int,
    colony: int | None,
    players: Any,
    ops: Ops = PY,
    *,
    turn_end_counts: Sequence[Any] | None = None,
) -> Any:
    """The game is over exactly when the rulebook's condition holds at the end of a turn.

    Right after a turn ends, ``game_over`` equals the rulebook's condition on the piles
    as the turn ended (``turn_end_counts``, default ``pile_counts``: the next turn's
    start-of-turn effects may already have changed them, a Pirate's gain emptying a pile);
    in the middle of a turn the game is never newly over, so an over game still meets the
    condition (nothing changes after the end).
    """
    ends = rulebook_game_ends(pile_counts, province, colony, players, ops)
    at_turn_end = pile_counts if turn_end_counts is None else turn_end_counts
    ended = rulebook_game_ends(at_turn_end, province, colony, players, ops)
    return ops.all_(
        [
            ops.implies(game_over, ends),
            ops.implies(end_of_turn, game_over == ended),
        ]
    )


def winners_as_rulebook(
    flags: Sequence[Any], scores: Sequence[Any], turns: Sequence[Any], ops: Ops = PY
) -> Any:
    """The winners are exactly the players with most VP, then fewest turns."""
    expected = rulebook_winners(scores, turns, ops)
    return ops.all_([flag == want for flag, want in zip(flags, expected, strict=True)])


# --- a concrete game, seen as counts ---------------------------------------------------------


@dataclass(frozen=True)
class Counts:
    """What the invariants read from a concrete game."""

    places: list[int]
    zone_counts: dict[str, list[int]]
    counts: dict[str, int]
    pile_counts: list[int]
    province: int
    colony: int | None
    players: int
    actions: int
    buys: int
    coins: int
    game_over: bool
    scores: list[int]
    turns: list[int]


def zones_of(game: Game) -> dict[str, list[int]]:
    """Every zone of the game by a readable name: ``p1.hand``, ``supply.Copper``, ``trash``."""
    state = game.state
    zones: dict[str, list[int]] = {}
    for index, player in enumerate(state.players):
        for name in (*PLAYER_ZONES, *player.mats):
            zones[f"p{index + 1}.{name}"] = player.zone(name)
    for pile, cards in state.supply.items():
        zones[f"supply.{pile}"] = cards
    for pile, cards in state.piles.items():
        zones[f"pile.{pile}"] = cards
    zones["trash"] = state.trash
    return zones


def counts_of(game: Game) -> Counts:
    state = game.state
    zones = zones_of(game)
    places = Counter(card for cards in zones.values() for card in cards)
    per_name: dict[str, list[int]] = {}
    for cards in zones.values():
        in_zone = Counter(state.names[card] for card in cards)
        for name, count in in_zone.items():
            per_name.setdefault(name, []).append(count)
    piles = list(state.supply)
    numbers = {f"{zone} (size)": len(cards) for zone, cards in zones.items()}
    numbers.update({f"p{i + 1}.turns_taken": p.turns_taken for i, p in enumerate(state.players)})
    for index, player in enumerate(state.players):
        numbers.update({f"p{index + 1}.{kind}": n for kind, n in player.tokens.items()})
    numbers.update({f"{kind} mat": count for kind, count in state.tokens.items()})
    for kind, on in state.pile_tokens.items():
        numbers.update({f"{kind}.{pile}": tokens for pile, tokens in on.items()})
    return Counts(
        places=[places.get(card, 0) for card in range(len(state.names))],
        zone_counts=per_name,
        counts=numbers,
        pile_counts=[len(state.supply[pile]) for pile in piles],
        province=piles.index("Province"),
        colony=piles.index("Colony") if "Colony" in piles else None,
        players=len(state.players),
        actions=state.turn.actions,
        buys=state.turn.buys,
        coins=state.turn.coins,
        game_over=state.game_over,
        # Scores matter only once the game is over (and cost a pass over every card).
        scores=[game.score(p) for p in range(len(state.players))] if state.game_over else [],
        turns=[p.turns_taken for p in state.players],
    )


def created_by_setup(game: Game) -> Counter[str]:
    """The per-name totals setup created (call right after the game is made)."""
    return Counter(game.state.names)


def violations(
    game: Game,
    created: Mapping[str, int],
    *,
    end_of_turn: bool,
    piles_at_turn_end: Sequence[int] | None = None,
) -> list[str]:
    """Every invariant the concrete ``game`` breaks, in words (empty when all hold).
    ``end_of_turn``: a turn has just ended; ``piles_at_turn_end``: the Supply pile sizes
    (in ``state.supply`` order) as it ended, when the next turn has started since (its
    start-of-turn effects may gain); default, the piles now."""
    c = counts_of(game)
    found: list[str] = []
    if not each_card_in_one_place(c.places):
        zones = zones_of(game)
        for card, count in enumerate(c.places):
            if count != 1:
                where = [zone for zone, cards in zones.items() for _ in range(cards.count(card))]
                found.append(
                    f"card #{card} ({game.state.names[card]}) is in {count} places: {where}"
                )
                break
    if Counter(game.state.names) != Counter(created) or not totals_as_created(
        c.zone_counts, created
    ):
        for name in sorted(set(c.zone_counts) | set(created)):
            now = sum(c.zone_counts.get(name, ()))
            if now != created.get(name, 0):
                found.append(f"{name}: {now} in the game, setup created {created.get(name, 0)}")
    if not counts_not_negative(list(c.counts.values())):
        found.extend(f"{key} is {value}" for key, value in c.counts.items() if value < 0)
    if not turn_counters_not_negative(c.actions, c.buys, c.coins):
        found.append(f"turn counters negative: actions {c.actions}, buys {c.buys}, coins {c.coins}")
    revealed = [len(player.revealed) for player in game.state.players]
    if not nothing_left_revealed(revealed, game.awaiting_command):
        found.append(f"cards left revealed after an effect: {revealed}")
    others = [p for p in range(len(game.state.players)) if p != game.state.turn.player]
    not_staying = [
        sum(
            1 for card in game.state.players[p].in_play if card not in game.state.players[p].staying
        )
        for p in others
    ]
    if not only_staying_cards_in_play(not_staying):
        found.append(f"cards left in play after Clean-up (not staying): {not_staying}")
    held_elsewhere = [
        sum(1 for card, _ in player.held if card not in player.set_aside)
        for player in game.state.players
    ]
    if not held_cards_set_aside(held_elsewhere):
        found.append(f"cards held with a Duration card but not set aside: {held_elsewhere}")
    if not game_over_as_rulebook(
        c.game_over,
        end_of_turn,
        c.pile_counts,
        c.province,
        c.colony,
        c.players,
        turn_end_counts=piles_at_turn_end,
    ):
        piles = dict(zip(game.state.supply, c.pile_counts, strict=True))
        ended = "" if piles_at_turn_end is None else f" (as the turn ended: {piles_at_turn_end})"
        found.append(
            f"game_over is {c.game_over} with {c.players} players and piles {piles}{ended}"
        )
    if c.game_over:
        flags = [p in game.winners() for p in range(c.players)]
        if not winners_as_rulebook(flags, c.scores, c.turns):
            found.append(f"winners {game.winners()} for scores {c.scores} and turns {c.turns}")
    return found


def setup_violations(game: Game) -> list[str]:
    """Pile sizes of a standard set-up that differ from the rulebook's table."""
    found = []
    players = game.table.players
    for pile, cards in game.state.supply.items():
        definition = game.table.definition_by_name(pile)
        want = rulebook_pile_size(pile, definition.is_("Victory"), definition.kingdom, players)
        if len(cards) != want:
            found.append(f"{pile}: {len(cards)} cards with {players} players, rulebook {want}")
    return found
