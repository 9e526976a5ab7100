"""z3 proofs that the engine's rule functions say what the rulebook says.

Every proof runs over the engine's own functions (``engine.rules``, evaluated on z3
terms through :data:`checks.z3ops.Z3`) and compares them with the rulebook's statement
written independently in :mod:`checks.invariants`. Each ``prove_*`` function takes the
function under proof as a parameter, defaulting to the engine's, so that tests can hand
in a mutant and see the proof fail with a counterexample.

A proof asks z3 for a case where the claim is false: ``unsat`` means there is none (the
claim holds for every value of the unknowns), ``sat`` gives a counterexample, which is
told in game terms (player count, piles, scores, costs).

Run ``arbiter prove`` or ``python -m checks.proofs``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, NoReturn

import z3  # type: ignore[import-untyped]

from checks import invariants as inv
from checks.z3ops import Z3
from engine import cards as catalogue
from engine import rules
from engine.abilities import PileSetup, setup_changes
from engine.costs import Cost
from engine.game import BASIC_PILES, COLONY_PILES
from engine.model import VICTORY
from engine.state import PLAYER_ZONES

TIMEOUT_MS = 120_000
# 10 Kingdom piles and the Bane (Young Witch's 11th Kingdom pile, in the Supply).
MAX_KINGDOM_PILES = 11


@dataclass(frozen=True)
class Outcome:
    """The result of one proof: proved, or a counterexample in game terms."""

    name: str
    statement: str
    proved: bool
    seconds: float
    counterexample: str | None = None

    def line(self) -> str:
        status = "proved" if self.proved else "FAILED"
        text = f"{status:7} {self.name:13} {self.seconds:7.2f}s  {self.statement}"
        if self.counterexample:
            text += f"\n        counterexample: {self.counterexample}"
        return text


class _Proof:
    """Collects claims; :meth:`check` looks for a model of (assumptions and not claim)."""

    def __init__(self) -> None:
        self.assumptions: list[Any] = []

    def find_counterexample(self, claim: Any) -> z3.ModelRef | None:
        # Simplifying and eliminating the equations first makes the larger proofs
        # (conservation with 6 players: 56 zones) about a third faster.
        solver = z3.Then("simplify", "propagate-values", "solve-eqs", "smt").solver()
        solver.set("timeout", TIMEOUT_MS)
        solver.add(*self.assumptions)
        solver.add(z3.Not(claim))
        result = solver.check()
        if result == z3.unsat:
            return None
        if result == z3.sat:
            return solver.model()
        raise ProofUnknown(f"z3 could not decide ({solver.reason_unknown()})")


class ProofUnknown(Exception):
    """z3 gave up (timeout): the property is not proved, and there is no counterexample."""


def _value(model: z3.ModelRef, term: Any) -> Any:
    """A term's value in a model, as a Python int or bool."""
    if isinstance(term, bool | int):
        return term
    value = model.eval(term, model_completion=True)
    if z3.is_true(value):
        return True
    if z3.is_false(value):
        return False
    return value.as_long()


def _timed(name: str, statement: str, run: Callable[[], str | None]) -> Outcome:
    start = time.perf_counter()
    try:
        counterexample = run()
    except ProofUnknown as unknown:
        return Outcome(name, statement, False, time.perf_counter() - start, str(unknown))
    return Outcome(
        name, statement, counterexample is None, time.perf_counter() - start, counterexample
    )


def _players(proof: _Proof, name: str = "players") -> Any:
    players = z3.Int(name)
    proof.assumptions += [players >= 2, players <= 6]
    return players


# --- 1. setup ------------------------------------------------------------------------------

PileSize = Callable[[str, bool, bool, Any, Any], Any]


def _supply_cards(colony: bool) -> list[tuple[str, bool, bool]]:
    """(name, is Victory, is Kingdom) of every pile a game can have: the basic piles, the
    Colony piles when used, every Kingdom card the engine has in either edition, and a
    Kingdom card of each kind in general (the size depends only on those two flags)."""
    names = list(BASIC_PILES) + (list(COLONY_PILES) if colony else [])
    found = {(name, catalogue.lookup(name).is_(VICTORY), False) for name in names}
    for card in catalogue.kingdom_cards():
        found.add((card.name, card.is_(VICTORY), True))
    found.add(("any Kingdom card", False, True))
    found.add(("any Victory Kingdom card", True, True))
    return sorted(found)


def _added_supply_piles() -> list[PileSetup]:
    """The Supply piles a set's rules or a card add at set-up (Alchemy's Potion pile), as
    declared: every Kingdom card of the engine in the Kingdom asks for all of them."""
    kingdom = catalogue.kingdom_cards()
    changes = setup_changes(kingdom, catalogue.SETUP_RULES)
    piles = {pile.name: pile for change in changes for pile in change.piles if pile.supply}
    return [piles[name] for name in sorted(piles)]


def prove_setup(pile_size: PileSize = rules.pile_size) -> Outcome:
    """The pile sizes setup uses equal the rulebook's table, for 2-6 players, with and
    without Colony, for every Kingdom card (Victory Kingdom cards included) and every pile
    set-up adds (the Potion pile)."""

    def run() -> str | None:
        if set(BASIC_PILES) != {
            "Copper",
            "Silver",
            "Gold",
            "Estate",
            "Duchy",
            "Province",
            "Curse",
        } or set(COLONY_PILES) != {"Platinum", "Colony"}:
            return f"the basic piles are {BASIC_PILES} + {COLONY_PILES} (rules/setup/1)"
        added = _added_supply_piles()
        for colony in (False, True):
            proof = _Proof()
            players = _players(proof)
            cards = _supply_cards(colony)
            engine = [
                pile_size(name, victory, kingdom, players, Z3) for name, victory, kingdom in cards
            ] + [pile.size(players) for pile in added]
            rulebook = [
                inv.rulebook_pile_size(name, victory, kingdom, players, Z3)
                for name, victory, kingdom in cards
            ] + [inv.rulebook_pile_size(pile.name, False, False, players, Z3) for pile in added]
            cards = cards + [(pile.name, False, False) for pile in added]
            claim = z3.And(*[e == r for e, r in zip(engine, rulebook, strict=True)])
            model = proof.find_counterexample(claim)
            if model is not None:
                count = _value(model, players)
                for (name, _, _), e, r in zip(cards, engine, rulebook, strict=True):
                    got, want = _value(model, e), _value(model, r)
                    if got != want:
                        return (
                            f"{count} players{', with Colony' if colony else ''}: the "
                            f"{name} pile starts with {got} cards, the rulebook says {want}"
                        )
        return None

    return _timed(
        "setup",
        "pile sizes = the rulebook's table, 2-6 players, +/- Colony, any Kingdom, Potion",
        run,
    )


# --- 2. end of game --------------------------------------------------------------------------

GameOver = Callable[[Sequence[Any], int, int | None, Any, Any, int], Any]


def _pile_layouts() -> list[tuple[list[str], int, int | None]]:
    """Every Supply a game can have: basic piles, Colony piles or not, 0-11 Kingdom piles
    (the Bane the 11th)."""
    layouts = []
    for colony in (False, True):
        for kingdom in range(MAX_KINGDOM_PILES + 1):
            piles = (
                list(BASIC_PILES)
                + (list(COLONY_PILES) if colony else [])
                + [f"Kingdom{i + 1}" for i in range(kingdom)]
            )
            layouts.append(
                (piles, piles.index("Province"), piles.index("Colony") if colony else None)
            )
    return layouts


# Piles outside the Supply beside every Supply layout (the Prizes or Rewards, and the
# Kingdom pile Ferryman sets out beside the Supply).
NON_SUPPLY_PILES = 3


def prove_end_of_game(game_over: GameOver = rules.game_over) -> Outcome:
    """The engine's end condition is equivalent to the rulebook's, for every vector of
    pile counts, every player count, with or without Colony, any number of Kingdom piles;
    piles outside the Supply (Prizes, Rewards), which the engine passes after the Supply's,
    never count (rulings rules/non-supply/3)."""

    def run() -> str | None:
        for piles, province, colony in _pile_layouts():
            proof = _Proof()
            players = _players(proof)
            counts = [z3.Int(f"pile_{pile}") for pile in piles]
            outside = [z3.Int(f"outside_{n}") for n in range(NON_SUPPLY_PILES)]
            proof.assumptions += [count >= 0 for count in counts + outside]
            engine = game_over(counts + outside, province, colony, players, Z3, len(counts))
            rulebook = inv.rulebook_game_ends(counts, province, colony, players, Z3)
            # The invariant, right after a turn ends with game_over set by the engine.
            claim = inv.game_over_as_rulebook(engine, True, counts, province, colony, players, Z3)
            model = proof.find_counterexample(claim)
            if model is not None:
                values = {
                    pile: _value(model, count) for pile, count in zip(piles, counts, strict=True)
                }
                empty = [pile for pile, value in values.items() if value == 0]
                empty_outside = sum(1 for count in outside if _value(model, count) == 0)
                return (
                    f"{_value(model, players)} players, Province {values['Province']}"
                    + (f", Colony {values['Colony']}" if colony is not None else "")
                    + f", empty piles {empty or 'none'} ({len(piles)} piles; "
                    f"{empty_outside} empty piles outside the Supply): the engine "
                    f"says over={_value(model, engine)}, the rulebook "
                    f"over={_value(model, rulebook)}"
                )
        return None

    return _timed(
        "end-of-game",
        "game over <=> Province/Colony empty or 3 (4 with 5-6 players) Supply piles empty, Curse"
        " counted, piles outside the Supply not",
        run,
    )


# --- 3. winners ---------------------------------------------------------------------------

WinnerFlags = Callable[[Sequence[Any], Sequence[Any], Any], list[Any]]


def prove_winners(winner_flags: WinnerFlags = rules.winner_flags) -> Outcome:
    """The winners are exactly the rulebook's, for every vector of scores and turns."""

    def run() -> str | None:
        for count in inv.PLAYER_COUNTS:
            proof = _Proof()
            scores = [z3.Int(f"score_p{i + 1}") for i in range(count)]
            turns = [z3.Int(f"turns_p{i + 1}") for i in range(count)]
            proof.assumptions += [taken >= 0 for taken in turns]
            engine = winner_flags(scores, turns, Z3)
            claim = z3.And(
                inv.winners_as_rulebook(engine, scores, turns, Z3), z3.Or(*engine)
            )  # and somebody always wins
            model = proof.find_counterexample(claim)
            if model is not None:
                rulebook = inv.rulebook_winners(scores, turns, Z3)
                return (
                    f"{count} players, scores {[_value(model, s) for s in scores]}, turns "
                    f"{[_value(model, t) for t in turns]}: the engine's winners are "
                    f"{_who(model, engine)}, the rulebook's {_who(model, rulebook)}"
                )
        return None

    return _timed(
        "winners", "winners = most VP, ties to fewest turns, then shared; 2-6 players", run
    )


def _who(model: z3.ModelRef, flags: Sequence[Any]) -> list[str]:
    return [f"p{i + 1}" for i, flag in enumerate(flags) if _value(model, flag)]


# --- 4. conservation -----------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """The zones of a game with ``players`` players, by index: each player's zones (the
    mats the sets declare and the set-aside zone among them), then the Supply piles, then
    the trash; card names are the piles' names. Its token counters, by index: the tokens
    of each kind the sets declare on piles, on each pile (Embargo's, Trade Route's), then
    those on players' mats, for each player (VP tokens, Pirate Ship's Coin tokens)."""

    players: int
    piles: tuple[str, ...]

    @property
    def zones(self) -> list[tuple[str, Any]]:
        return (
            [(zone, p) for p in range(self.players) for zone in (*PLAYER_ZONES, *catalogue.MATS)]
            + [("supply", pile) for pile in self.piles]
            + [("trash", None)]
        )

    @property
    def token_counters(self) -> list[tuple[str, Any]]:
        kinds = catalogue.TOKEN_KINDS.values()
        on_piles = [(k.name, pile) for k in kinds if k.where != "player" for pile in self.piles]
        return on_piles + [
            (k.name, p) for k in kinds if k.where == "player" for p in range(self.players)
        ]

    def index(self, zone: tuple[str, Any]) -> int:
        return self.zones.index(zone)


def move_model(
    counts: Sequence[Sequence[Any]],
    place: Sequence[Any],
    tokens: Sequence[Any],
    name: Any,
    source: Any,
    destination: Any,
    ops: rules.Ops = rules.PY,
) -> tuple[list[list[Any]], list[Any], list[Any], Any]:
    """``Game.move`` as arithmetic on counts, for ints and z3 terms alike.

    ``counts[k][z]``: cards named ``k`` in zone ``z``; ``place[z]``: how many times the
    moving card (named ``name``) is in zone ``z``; ``tokens[t]``: the tokens of counter
    ``t`` (``Layout.token_counters``), which a move never touches. As in ``Game.move``: a
    card that is not in ``source`` does not move (Stop-Moving); otherwise it leaves
    ``source`` once and enters ``destination`` once (which may be ``source`` itself).
    Returns the new counts, the new place, the new tokens and whether the card moved.
    """
    zones = range(len(place))
    in_source = sum(ops.ite(z == source, place[z], 0) for z in zones)
    moved = in_source >= 1

    def step(z: int) -> Any:
        return ops.ite(ops.all_([moved, z == destination]), 1, 0) - ops.ite(
            ops.all_([moved, z == source]), 1, 0
        )

    new_place = [place[z] + step(z) for z in zones]
    new_counts = [
        [counts[k][z] + ops.ite(k == name, step(z), 0) for z in zones] for k in range(len(counts))
    ]
    return new_counts, new_place, list(tokens), moved


def add_token_model(tokens: Sequence[Any], counter: Any, ops: rules.Ops = rules.PY) -> list[Any]:
    """The token verbs as arithmetic on the token counters: ``Game.add_pile_token`` (a
    token on a pile) and ``Game.add_tokens`` (one on a player's mat) each add one token to
    their counter ``counter`` and move no card."""
    return [tokens[t] + ops.ite(t == counter, 1, 0) for t in range(len(tokens))]


def shuffle_model(
    counts: Sequence[Sequence[Any]], place: Sequence[Any], deck: int, discard: int
) -> tuple[list[list[Any]], list[Any]]:
    """``Game.shuffle``: the whole discard pile goes under (into) the deck."""

    def after(row: Sequence[Any]) -> list[Any]:
        return [
            0 if z == discard else row[z] + row[discard] if z == deck else row[z]
            for z in range(len(row))
        ]

    return [after(row) for row in counts], after(place)


MoveModel = Callable[..., tuple[list[list[Any]], list[Any], list[Any], Any]]
AddTokenModel = Callable[[Sequence[Any], Any, rules.Ops], list[Any]]


def _movement_kinds(
    layout: Layout, card_pile: Any, source: Any, destination: Any
) -> list[tuple[str, Any]]:
    """Each kind of movement the engine's verbs make, as a constraint on (source,
    destination); every verb goes through ``Game.move``. ``card_pile`` is the zone of the
    Supply pile of the moving card's name (where ``return_to_supply`` puts it)."""
    zones = layout.zones

    def among(term: Any, kinds: Sequence[str]) -> Any:
        return z3.Or(*[term == i for i, (kind, _) in enumerate(zones) if kind in kinds])

    player_zones = list(PLAYER_ZONES)
    passes = z3.Or(
        *[
            z3.And(source == layout.index(("hand", p)), destination == layout.index(("hand", q)))
            for p in range(layout.players)
            for q in range(layout.players)
            if p != q
        ]
    )
    return [
        ("move", z3.And(among(source, player_zones), among(destination, player_zones))),
        (
            "gain",
            z3.And(
                among(source, ["supply", "trash"]),
                # Blockade gains straight to the set-aside zone.
                among(destination, ["discard", "hand", "deck", "set_aside"]),
            ),
        ),
        ("return", z3.And(among(source, player_zones), destination == card_pile)),
        (
            "trash",
            z3.And(
                among(source, [*player_zones, "supply"]),
                destination == layout.index(("trash", None)),
            ),
        ),
        ("pass", passes),
    ]


def _conservation_invariant(
    layout: Layout,
    row: Sequence[Any],
    place: Sequence[Any],
    tokens: Sequence[Any],
    mine: Any,
    own_pile: Any,
    created: Any,
) -> Any:
    """The invariant that is inductive over the move primitive, from checks.invariants,
    for the cards of one name (``row[z]``: how many are in zone ``z``): counts and tokens
    not negative, the total as created, the moving card in exactly one place (and, when it
    has this name, counted there), and no card of this name in another card's pile."""
    zones = layout.zones
    return z3.And(
        inv.counts_not_negative(list(tokens), Z3),
        inv.counts_not_negative(list(row), Z3),
        inv.counts_not_negative(list(place), Z3),
        inv.totals_as_created({"name": row}, {"name": created}, Z3),
        inv.each_card_in_one_place([sum(place)], Z3),
        *[z3.Implies(mine, row[z] >= place[z]) for z in range(len(zones))],
        *[
            z3.Implies(own_pile != z, row[z] == 0)
            for z, (kind, _) in enumerate(zones)
            if kind == "supply"
        ],
    )


def _token_verbs(layout: Layout, counter: Any) -> list[tuple[str, Any]]:
    """Each token verb, as a constraint on the counter it adds to, by kind of token: one on
    a Supply pile (``add_pile_token``: Embargo's), one on a player's mat (``add_tokens``:
    VP tokens, Pirate Ship's Coin tokens)."""
    return [
        (
            kind,
            z3.Or(
                *[counter == t for t, (what, _) in enumerate(layout.token_counters) if what == kind]
            ),
        )
        for kind in catalogue.TOKEN_KINDS
    ]


def prove_conservation(
    move: MoveModel = move_model,
    player_counts: Sequence[int] = inv.PLAYER_COUNTS,
    add_token: AddTokenModel = add_token_model,
) -> Outcome:
    """Every kind of card movement preserves the per-name totals: the invariant is
    inductive over the move primitive (and over shuffling), for 2-6 players, the mats and
    set-aside zones among the zones. The tokens are part of the state: a move leaves them
    as they were, and the token verbs (of every kind the sets declare) only add one,
    move no card and keep every count not negative.

    ``move_model`` changes the counts of each name on their own (the row of name ``k``
    changes only through ``k == name``), so the proof takes one row of an arbitrary name,
    the moving card's or another's, and what holds for it holds for every name.
    """

    def run() -> str | None:
        piles = (*BASIC_PILES, *COLONY_PILES, *(f"Kingdom{i + 1}" for i in range(10)))
        for count in player_counts:
            layout = Layout(count, piles)
            zones = layout.zones
            size = len(zones)
            supply = [z for z, (kind, _) in enumerate(zones) if kind == "supply"]
            row = [z3.Int(f"count_{z}") for z in range(size)]
            place = [z3.Int(f"card_at_{z}") for z in range(size)]
            tokens = [z3.Int(f"tokens_{t}") for t in range(len(layout.token_counters))]
            created = z3.Int("created")
            name, source, destination, own_pile, card_pile, counter = z3.Ints(
                "name source destination own_pile card_pile counter"
            )
            mine = name == 0  # row 0 is the name under proof; the card's name is 0 or not
            ranges = [
                z3.Or(name == 0, name == 1),
                source >= 0,
                source < size,
                destination >= 0,
                destination < size,
                z3.Or(*[own_pile == z for z in supply]),
                z3.Or(*[card_pile == z for z in supply]),
                mine == (card_pile == own_pile),
            ]
            before = _conservation_invariant(layout, row, place, tokens, mine, own_pile, created)
            new_rows, new_place, new_tokens, moved = move(
                [row], place, tokens, name, source, destination, Z3
            )
            untouched = z3.And(
                *[
                    z3.Implies(z3.Not(moved), z3.And(new == old, at == was))
                    for old, new, was, at in zip(row, new_rows[0], place, new_place, strict=True)
                ]
            )
            same_tokens = z3.And(*[new == old for old, new in zip(tokens, new_tokens, strict=True)])
            for kind, allowed in _movement_kinds(layout, card_pile, source, destination):
                proof = _Proof()
                proof.assumptions += [before, allowed, *ranges]
                after = _conservation_invariant(
                    layout, new_rows[0], new_place, new_tokens, mine, own_pile, created
                )
                claim = z3.And(after, untouched)
                model = proof.find_counterexample(z3.And(claim, same_tokens))
                if model is not None:
                    return _conservation_counterexample(
                        model, layout, kind, row, new_rows[0], place, mine, source, destination
                    ) + _token_changes(model, layout, tokens, new_tokens)
            for kind, allowed in _token_verbs(layout, counter):
                added = add_token(tokens, counter, Z3)
                proof = _Proof()
                proof.assumptions += [before, allowed, *ranges]
                claim = z3.And(
                    _conservation_invariant(layout, row, place, added, mine, own_pile, created),
                    inv.tokens_only_added(tokens, added, Z3),
                    z3.Sum(added) == z3.Sum(tokens) + 1,
                )
                model = proof.find_counterexample(claim)
                if model is not None:
                    return f"{count} players, {kind}:" + _token_changes(
                        model, layout, tokens, added
                    )
            for p in range(count):
                deck, discard = layout.index(("deck", p)), layout.index(("discard", p))
                shuffled_rows, shuffled_place = shuffle_model([row], place, deck, discard)
                proof = _Proof()
                proof.assumptions += [before, *ranges]
                claim = _conservation_invariant(
                    layout, shuffled_rows[0], shuffled_place, tokens, mine, own_pile, created
                )
                if proof.find_counterexample(claim) is not None:
                    return f"{count} players: p{p + 1} shuffling loses or makes cards"
        return None

    return _timed(
        "conservation",
        "move/gain/return/trash/pass and shuffle keep every card in one place (mats and "
        "set-aside cards included) and per-name totals and leave the tokens; tokens of every "
        "kind the sets declare are only added, one at a time; 2-6 players",
        run,
    )


def _token_changes(
    model: z3.ModelRef, layout: Layout, tokens: Sequence[Any], new_tokens: Sequence[Any]
) -> str:
    """The token counters a step changed, in game terms (empty when none did)."""
    kinds = catalogue.TOKEN_KINDS
    changed = [
        f"{kinds[what].title} tokens on "
        f"{owner if kinds[what].where != 'player' else f'p{owner + 1}'}"
        f" {_value(model, old)} -> {_value(model, new)}"
        for (what, owner), old, new in zip(layout.token_counters, tokens, new_tokens, strict=True)
        if _value(model, old) != _value(model, new)
    ]
    return f"; tokens: {', '.join(changed)}" if changed else ""


def _conservation_counterexample(
    model: z3.ModelRef,
    layout: Layout,
    kind: str,
    row: Sequence[Any],
    new_row: Sequence[Any],
    place: Sequence[Any],
    mine: Any,
    source: Any,
    destination: Any,
) -> str:
    zones = layout.zones

    def zone_name(index: Any) -> str:
        kind_, owner = zones[_value(model, index)]
        if kind_ == "trash":
            return "trash"
        return f"{owner} pile" if kind_ == "supply" else f"p{owner + 1} {kind_}"

    where = [zone_name(z) for z in range(len(zones)) if _value(model, place[z])]
    changed = [
        f"{zone_name(z)} {_value(model, row[z])} -> {_value(model, new_row[z])}"
        for z in range(len(zones))
        if _value(model, row[z]) != _value(model, new_row[z])
    ]
    whose = "its own name" if _value(model, mine) else "another name"
    return (
        f"{layout.players} players, {kind}: a card in {where or 'no zone'} moved from "
        f"{zone_name(source)} to {zone_name(destination)}; cards of {whose}: "
        f"{', '.join(changed) or 'unchanged'}"
    )


# --- 5. costs -----------------------------------------------------------------------------

CurrentCost = Callable[[Any, Sequence[Any], Any], Any]


def _reductions(
    bridges: Any,
    quarries: Any,
    is_action: Any,
    actions_in_play: Any,
    is_peddler: Any,
    buy_phase: Any,
    other: Any,
) -> list[Any]:
    """What the engine's cost reducers take off a card: Bridge 1 per play, Quarry 2 per
    copy for an Action card, Peddler 2 per Action in play in the Buy phase (itself only),
    and any other reduction (at least 0)."""
    return [
        rules.bridge_reduction(bridges, Z3),
        rules.quarry_reduction(quarries, is_action, Z3),
        rules.peddler_reduction(actions_in_play, z3.And(is_peddler, buy_phase), Z3),
        other,
    ]


def prove_costs(current_cost: CurrentCost = rules.current_cost) -> Outcome:
    """The cost function is never negative and never rises when reductions are added."""

    def run() -> str | None:
        proof = _Proof()
        printed, bridges, quarries, actions, other, extra = z3.Ints(
            "printed bridges quarries actions_in_play other extra"
        )
        is_action, is_peddler, buy_phase = z3.Bools("is_action is_peddler buy_phase")
        proof.assumptions += [
            printed >= 0,
            bridges >= 0,
            quarries >= 0,
            actions >= 0,
            other >= 0,
            extra >= 0,
        ]

        def cost(b: Any = bridges, q: Any = quarries, a: Any = actions, o: Any = other) -> Any:
            return current_cost(
                printed, _reductions(b, q, is_action, a, is_peddler, buy_phase, o), Z3
            )

        base = cost()
        actions_left, buys, coins = z3.Ints("actions buys coins")
        turn_before = inv.turn_counters_not_negative(actions_left, buys, coins, Z3)
        claims = [
            ("is negative", inv.rulebook_cost_floor(base, Z3)),
            ("is above the printed cost", base <= printed),
            ("rises with one more Bridge", cost(b=bridges + 1) <= base),
            ("rises with one more Quarry", cost(q=quarries + 1) <= base),
            ("rises with one more Action in play", cost(a=actions + 1) <= base),
            ("rises with a further reduction", cost(o=other + extra) <= base),
            # Buying as Turn._check_buy allows it (a Buy left, the current cost at most
            # the coins) keeps the turn's counters as checks.invariants wants them.
            (
                "buying it leaves a negative count",
                z3.Implies(
                    z3.And(turn_before, buys >= 1, base <= coins),
                    inv.turn_counters_not_negative(actions_left, buys - 1, coins - base, Z3),
                ),
            ),
        ]
        for what, claim in claims:
            model = proof.find_counterexample(claim)
            if model is not None:
                return (
                    f"printed cost {_value(model, printed)}, {_value(model, bridges)} "
                    f"Bridge plays, {_value(model, quarries)} Quarries in play (card is "
                    f"{'' if _value(model, is_action) else 'not '}an Action), "
                    f"{_value(model, actions)} Actions in play, "
                    f"{'Buy' if _value(model, buy_phase) else 'Action'} phase, card "
                    f"{'is' if _value(model, is_peddler) else 'is not'} Peddler, other "
                    f"reduction {_value(model, other)}: the cost is {_value(model, base)} "
                    f"and {what}"
                )
        return None

    return _timed(
        "costs",
        "current cost >= 0, <= printed, never rises with more Bridge, "
        "Quarry, Peddler or other reductions; a legal buy keeps Buys and coins >= 0",
        run,
    )


# --- 6. comparing costs -------------------------------------------------------------------

Compare = Callable[[Any, Any, Any], Any]
Reduce = Callable[[Any, Sequence[Any], Any, Any], Any]


class _SymbolicCost(NamedTuple):
    """A cost whose parts are z3 terms: what the rule functions read (coins, potion, debt)."""

    coins: Any
    potion: Any
    debt: Any


def _symbolic_cost(name: str) -> _SymbolicCost:
    return _SymbolicCost(*z3.Ints(f"{name}_coins {name}_potion {name}_debt"))


def _shown(model: z3.ModelRef, cost: _SymbolicCost) -> str:
    """A cost of a counterexample as the rulings write it ($3P)."""
    parts = [_value(model, part) for part in cost]
    return str(Cost(*parts)) if all(isinstance(p, int) for p in parts) else str(parts)


def prove_cost_rules(
    at_most: Compare = rules.cost_at_most,
    same: Compare = rules.costs_same,
    less: Compare = rules.costs_less,
    more: Compare = rules.costs_more,
    reduce: Reduce = rules.reduce_cost,
) -> Outcome:
    """Costs compare part by part (rulings rules/costs/2): "at most" is a partial order
    whose both ways is "the same", "less" is at most and not the same, "more" its
    converse; a limit in coins alone admits no cost with a Potion or Debt part, even
    reduced (rules/costs/3-4); reductions leave the Potion and Debt parts as printed
    (rules/costs/13); a buy the rules allow leaves no negative coins or Potions
    (rules/potion/4)."""

    def run() -> str | None:
        proof = _Proof()
        a, b, c = (_symbolic_cost(name) for name in "abc")
        limit, reduction, coins, potions = z3.Ints("limit reduction coins potions")
        parts = [*a, *b, *c, limit, reduction, coins, potions]
        proof.assumptions += [part >= 0 for part in parts]
        coins_only = _SymbolicCost(limit, 0, 0)
        reduced = reduce(a, [reduction], _SymbolicCost, Z3)
        part_by_part = z3.And(a.coins <= b.coins, a.potion <= b.potion, a.debt <= b.debt)
        claims = [
            ("is not compared part by part", at_most(a, b, Z3) == part_by_part),
            ("is not at most itself", at_most(a, a, Z3)),
            (
                "breaks the chain a <= b <= c",
                z3.Implies(z3.And(at_most(a, b, Z3), at_most(b, c, Z3)), at_most(a, c, Z3)),
            ),
            (
                "is at most b and b at most it, yet not the same",
                z3.Implies(z3.And(at_most(a, b, Z3), at_most(b, a, Z3)), same(a, b, Z3)),
            ),
            ("is the same as b, yet not part by part", z3.Implies(same(a, b, Z3), part_by_part)),
            (
                "costs less than b other than by at most and not the same",
                less(a, b, Z3) == z3.And(at_most(a, b, Z3), z3.Not(same(a, b, Z3))),
            ),
            ("costs more than b other than b less than it", more(a, b, Z3) == less(b, a, Z3)),
            (
                "has a Potion or Debt part, yet is within a limit in coins alone",
                z3.Implies(
                    z3.Or(a.potion > 0, a.debt > 0), z3.Not(at_most(reduced, coins_only, Z3))
                ),
            ),
            (
                "changes its Potion or Debt part when reduced",
                z3.And(reduced.potion == a.potion, reduced.debt == a.debt),
            ),
            (
                "is bought leaving negative coins or Potions",
                z3.Implies(
                    rules.affordable(a, coins, potions, Z3),
                    z3.And(coins - a.coins >= 0, potions - a.potion >= 0),
                ),
            ),
        ]
        for what, claim in claims:
            model = proof.find_counterexample(claim)
            if model is not None:
                return (
                    f"cost a {_shown(model, a)}, b {_shown(model, b)}, c {_shown(model, c)}, "
                    f"a limit of ${_value(model, limit)}, a reduction of "
                    f"{_value(model, reduction)}: a {what}"
                )
        return None

    return _timed(
        "cost-rules",
        "costs compare part by part (a partial order; less, more, the same); a coins-only "
        "limit admits no Potion or Debt cost, reduced or not; reductions keep the Potion and "
        "Debt parts; a legal buy leaves coins and Potions >= 0",
        run,
    )


# --- running them --------------------------------------------------------------------------

TokensRemovable = Callable[[Any, Any, Any], Any]


def prove_tokens_never_negative(removable: TokensRemovable = rules.tokens_removable) -> Outcome:
    """Tokens come off a mat (Coffers spent, Butcher's removed) only as many as are there:
    for every count on the mat and every number asked for, a removal the engine allows
    leaves a count from 0 to what was there, and one it refuses changes nothing; so a
    count that starts not negative never becomes negative (with the token verbs that only
    add, proved by "conservation")."""

    def run() -> str | None:
        proof = _Proof()
        have, count = z3.Ints("have count")
        proof.assumptions += [have >= 0]
        allowed = removable(have, count, Z3)
        left = z3.If(allowed, have - count, have)
        claim = z3.And(left >= 0, left <= have, z3.Implies(z3.Not(allowed), left == have))
        model = proof.find_counterexample(claim)
        if model is not None:
            return (
                f"{_value(model, have)} tokens, removing {_value(model, count)}: "
                f"{_value(model, left)} left"
            )
        return None

    return _timed(
        "tokens",
        "removing tokens (Coffers spent, Butcher's) never leaves a negative count",
        run,
    )


PROOFS: dict[str, Callable[[], Outcome]] = {
    "setup": prove_setup,
    "end-of-game": prove_end_of_game,
    "winners": prove_winners,
    "conservation": prove_conservation,
    "tokens": prove_tokens_never_negative,
    "costs": prove_costs,
    "cost-rules": prove_cost_rules,
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "properties",
        nargs="*",
        metavar="PROPERTY",
        help=f"the properties to prove (default: all of {', '.join(PROOFS)})",
    )


def run(args: argparse.Namespace) -> int:
    """Prove the properties, print one line each; 0 when all are proved, else 1."""
    unknown = [name for name in args.properties if name not in PROOFS]
    if unknown:
        print(
            f"arbiter prove: unknown property {unknown[0]!r} (choose from {', '.join(PROOFS)})",
            file=sys.stderr,
        )
        return 2
    outcomes = []
    for name in args.properties or list(PROOFS):
        outcome = PROOFS[name]()
        print(outcome.line(), flush=True)
        outcomes.append(outcome)
    total = sum(outcome.seconds for outcome in outcomes)
    failed = [outcome.name for outcome in outcomes if not outcome.proved]
    print(
        f"{len(outcomes) - len(failed)} of {len(outcomes)} properties proved in {total:.2f}s"
        + (f"; not proved: {', '.join(failed)}" if failed else "")
    )
    return 1 if failed else 0


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One line, not the whole usage (as the rest of the arbiter command line).
        print(f"{self.prog}: {message}", file=sys.stderr)
        raise SystemExit(2)


def main(argv: list[str] | None = None) -> int:
    """``arbiter prove [PROPERTY ...]``: 0 when every property is proved, 1 when one is
    not (with its counterexample), 2 for bad arguments."""
    parser = _Parser(prog="arbiter prove", description=__doc__.splitlines()[0])
    add_arguments(parser)
    try:
        return run(parser.parse_args(argv))
    except SystemExit as exit_:  # --help, or a usage error already printed
        return exit_.code if isinstance(exit_.code, int) else 0


if __name__ == "__main__":
    sys.exit(main())
