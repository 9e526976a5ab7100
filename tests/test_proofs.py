"""The z3 proofs pass on the engine's functions, and fail with a counterexample on mutants.

A proof that cannot fail is worth nothing: each proved function is handed in mutated
(through the ``prove_*`` function's parameter, never by patching the engine) and the
proof must then fail and say why in game terms.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checks import proofs
from checks.z3ops import Z3
from engine import cards as catalogue
from engine import rules
from engine.game import BASIC_PILES, Game
from engine.rules import Ops

# --- the proofs pass ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["setup", "end-of-game", "winners", "costs"])
def test_property_is_proved(name: str) -> None:
    outcome = proofs.PROOFS[name]()
    assert outcome.proved, outcome.counterexample
    assert outcome.counterexample is None


def test_conservation_is_proved() -> None:
    # The CI profile proves it for 2 players (the layouts differ only in the number of
    # player zones); the deep profile, like `arbiter prove`, for 2-6.
    deep = os.environ.get("HYPOTHESIS_PROFILE") == "deep"
    outcome = proofs.prove_conservation(player_counts=(2, 3, 4, 5, 6) if deep else (2,))
    assert outcome.proved, outcome.counterexample


def test_prove_command_prints_each_property_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert proofs.main(["setup", "winners", "costs"]) == 0
    out = capsys.readouterr().out
    for name in ("setup", "winners", "costs"):
        assert f"proved  {name}" in out
    assert "3 of 3 properties proved" in out


def test_prove_command_refuses_an_unknown_property(capsys: pytest.CaptureFixture[str]) -> None:
    assert proofs.main(["setups"]) == 2
    assert "unknown property 'setups'" in capsys.readouterr().err


def test_prove_command_exits_1_and_prints_the_counterexample(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(
        proofs.PROOFS, "winners", lambda: proofs.prove_winners(_tie_break_wrong_way)
    )
    assert proofs.main(["winners"]) == 1
    out = capsys.readouterr().out
    assert "FAILED  winners" in out and "counterexample: " in out and "scores" in out


# --- mutants --------------------------------------------------------------------------------


def _province_one_short_with_five(
    name: str, is_victory: bool, is_kingdom: bool, players: Any, ops: Ops
) -> Any:
    size = rules.pile_size(name, is_victory, is_kingdom, players, ops)
    return ops.ite(players == 5, size - 1, size) if name == "Province" else size


def _victory_kingdom_as_ten(
    name: str, is_victory: bool, is_kingdom: bool, players: Any, ops: Ops
) -> Any:
    return rules.pile_size(name, False, is_kingdom, players, ops)


def test_setup_proof_fails_on_an_off_by_one_pile() -> None:
    outcome = proofs.prove_setup(_province_one_short_with_five)
    assert not outcome.proved
    assert outcome.counterexample == (
        "5 players: the Province pile starts with 14 cards, the rulebook says 15"
    )


def test_setup_proof_fails_when_victory_kingdom_piles_have_ten() -> None:
    outcome = proofs.prove_setup(_victory_kingdom_as_ten)
    assert not outcome.proved and outcome.counterexample is not None
    assert "starts with 10 cards, the rulebook says" in outcome.counterexample


def _three_piles_always(
    counts: Sequence[Any], province: int, colony: int | None, players: Any, ops: Ops, supply: int
) -> Any:
    empties = sum(ops.ite(count == 0, 1, 0) for count in counts[:supply])
    ends = [counts[province] == 0, empties >= 3]
    if colony is not None:
        ends.append(counts[colony] == 0)
    return ops.any_(ends)


def _curse_not_counted(
    counts: Sequence[Any], province: int, colony: int | None, players: Any, ops: Ops, supply: int
) -> Any:
    curse = BASIC_PILES.index("Curse")
    without = [count for index, count in enumerate(counts) if index != curse]
    shift = 1 if province > curse else 0
    colony_index = None if colony is None else colony - (1 if colony > curse else 0)
    return rules.game_over(without, province - shift, colony_index, players, ops, supply - 1)


def _colony_ignored(
    counts: Sequence[Any], province: int, colony: int | None, players: Any, ops: Ops, supply: int
) -> Any:
    return rules.game_over(counts, province, None, players, ops, supply)


def _outside_piles_counted(
    counts: Sequence[Any], province: int, colony: int | None, players: Any, ops: Ops, supply: int
) -> Any:
    return rules.game_over(counts, province, colony, players, ops)


def test_end_proof_fails_with_three_piles_for_five_players() -> None:
    outcome = proofs.prove_end_of_game(_three_piles_always)
    assert not outcome.proved and outcome.counterexample is not None
    players = int(outcome.counterexample.split(" players")[0])
    assert players in (5, 6)
    assert "the engine says over=True, the rulebook over=False" in outcome.counterexample


def test_end_proof_fails_when_the_curse_pile_does_not_count() -> None:
    outcome = proofs.prove_end_of_game(_curse_not_counted)
    assert not outcome.proved and outcome.counterexample is not None
    assert "Curse" in outcome.counterexample.split("empty piles")[1]


def test_end_proof_fails_when_an_empty_colony_pile_is_ignored() -> None:
    outcome = proofs.prove_end_of_game(_colony_ignored)
    assert not outcome.proved and outcome.counterexample is not None
    assert "Colony 0" in outcome.counterexample


def test_end_proof_fails_when_piles_outside_the_supply_count() -> None:
    outcome = proofs.prove_end_of_game(_outside_piles_counted)
    assert not outcome.proved and outcome.counterexample is not None
    assert "outside the Supply" in outcome.counterexample


def _tie_break_wrong_way(scores: Sequence[Any], turns: Sequence[Any], ops: Ops) -> list[Any]:
    flags = []
    for me in range(len(scores)):
        most = ops.all_([scores[me] >= other for other in scores])
        tie = ops.all_(
            [
                ops.implies(scores[o] == scores[me], turns[me] >= turns[o])
                for o in range(len(scores))
            ]
        )
        flags.append(ops.all_([most, tie]))
    return flags


def _no_tie_break(scores: Sequence[Any], turns: Sequence[Any], ops: Ops) -> list[Any]:
    return [ops.all_([scores[me] >= other for other in scores]) for me in range(len(scores))]


def test_winners_proof_fails_on_a_tie_break_the_wrong_way() -> None:
    outcome = proofs.prove_winners(_tie_break_wrong_way)
    assert not outcome.proved and outcome.counterexample is not None
    assert outcome.counterexample.startswith("2 players, scores [")
    assert "the engine's winners are" in outcome.counterexample


def test_winners_proof_fails_without_the_tie_break() -> None:
    outcome = proofs.prove_winners(_no_tie_break)
    assert not outcome.proved and "turns" in (outcome.counterexample or "")


def _cost_without_floor(printed: Any, reductions: Sequence[Any], ops: Ops) -> Any:
    return printed - sum(reductions)


def _reductions_raise_costs(printed: Any, reductions: Sequence[Any], ops: Ops) -> Any:
    return rules.current_cost(printed, [-r for r in reductions], ops)


def test_cost_proof_fails_without_the_floor() -> None:
    outcome = proofs.prove_costs(_cost_without_floor)
    assert not outcome.proved and outcome.counterexample is not None
    assert outcome.counterexample.endswith("and is negative")
    assert "printed cost" in outcome.counterexample


def test_cost_proof_fails_when_reductions_raise_costs() -> None:
    outcome = proofs.prove_costs(_reductions_raise_costs)
    assert not outcome.proved and "is above the printed cost" in (outcome.counterexample or "")


def _move_ignoring_stop_moving(
    counts: Sequence[Sequence[Any]],
    place: Sequence[Any],
    tokens: Sequence[Any],
    name: Any,
    source: Any,
    destination: Any,
    ops: Ops,
) -> tuple[list[list[Any]], list[Any], list[Any], Any]:
    """A move that takes the card out of ``source`` even when it is not there."""
    zones = range(len(place))

    def step(z: int) -> Any:
        return ops.ite(z == destination, 1, 0) - ops.ite(z == source, 1, 0)

    return (
        [
            [counts[k][z] + ops.ite(k == name, step(z), 0) for z in zones]
            for k in range(len(counts))
        ],
        [place[z] + step(z) for z in zones],
        list(tokens),
        True,
    )


def _move_duplicating(
    counts: Sequence[Sequence[Any]],
    place: Sequence[Any],
    tokens: Sequence[Any],
    name: Any,
    source: Any,
    destination: Any,
    ops: Ops,
) -> tuple[list[list[Any]], list[Any], list[Any], Any]:
    """A move that puts the card in the destination without taking it from the source."""
    zones = range(len(place))
    moved = sum(ops.ite(z == source, place[z], 0) for z in zones) >= 1

    def step(z: int) -> Any:
        return ops.ite(ops.all_([moved, z == destination]), 1, 0)

    return (
        [
            [counts[k][z] + ops.ite(k == name, step(z), 0) for z in zones]
            for k in range(len(counts))
        ],
        [place[z] + step(z) for z in zones],
        list(tokens),
        moved,
    )


def _move_clearing_tokens(
    counts: Sequence[Sequence[Any]],
    place: Sequence[Any],
    tokens: Sequence[Any],
    name: Any,
    source: Any,
    destination: Any,
    ops: Ops,
) -> tuple[list[list[Any]], list[Any], list[Any], Any]:
    """The real move, which also takes every token off the table when a card moves (as an
    engine that keeps tokens with the cards might)."""
    new_counts, new_place, _, moved = proofs.move_model(
        counts, place, tokens, name, source, destination, ops
    )
    return new_counts, new_place, [ops.ite(moved, 0, t) for t in tokens], moved


def _token_moved_from_the_next_counter(tokens: Sequence[Any], counter: Any, ops: Ops) -> list[Any]:
    """A token verb that takes the token it adds from the next counter."""
    added = proofs.add_token_model(tokens, counter, ops)
    return [added[t] - ops.ite(t == counter + 1, 1, 0) for t in range(len(tokens))]


def _two_tokens(tokens: Sequence[Any], counter: Any, ops: Ops) -> list[Any]:
    """A token verb that adds two tokens."""
    return proofs.add_token_model(proofs.add_token_model(tokens, counter, ops), counter, ops)


def test_conservation_proof_fails_without_the_stop_moving_check() -> None:
    outcome = proofs.prove_conservation(_move_ignoring_stop_moving, player_counts=(2,))
    assert not outcome.proved and outcome.counterexample is not None
    assert outcome.counterexample.startswith("2 players, move: a card in")


def test_conservation_proof_fails_when_a_move_copies_the_card() -> None:
    outcome = proofs.prove_conservation(_move_duplicating, player_counts=(3,))
    assert not outcome.proved and "3 players" in (outcome.counterexample or "")


def test_conservation_proof_fails_when_a_move_changes_the_tokens() -> None:
    outcome = proofs.prove_conservation(_move_clearing_tokens, player_counts=(2,))
    assert not outcome.proved and outcome.counterexample is not None
    assert "; tokens: " in outcome.counterexample and " -> 0" in outcome.counterexample


@pytest.mark.parametrize("verb", [_token_moved_from_the_next_counter, _two_tokens])
def test_conservation_proof_fails_when_a_token_verb_does_more_than_add_one(verb: Any) -> None:
    outcome = proofs.prove_conservation(player_counts=(2,), add_token=verb)
    assert not outcome.proved and outcome.counterexample is not None
    kinds = tuple(f"2 players, {kind}:" for kind in catalogue.TOKEN_KINDS)
    assert outcome.counterexample.startswith(kinds)


# --- the model of the move primitive is Game.move ---------------------------------------------

KINGDOM = [
    "Village",
    "Smithy",
    "Moat",
    "Cellar",
    "Chapel",
    "Market",
    "Gardens",
    "Witch",
    "Embargo",
    "Pirate Ship",
]


ZONES_OFF_TURN = ("hand", "deck", "discard", "set_aside")


def _small_game(seed: int, players: int) -> Game:
    rng = random.Random(seed)
    setup: dict[str, Any] = {
        "players": players,
        "kingdom": KINGDOM,
        "colony": rng.random() < 0.5,
        "supply": {pile: rng.randint(0, 3) for pile in KINGDOM},
    }
    # Tokens need their card in the game (a setup check): one on each pile at least.
    setup["supply"].update({pile: rng.randint(1, 3) for pile in ("Embargo", "Pirate Ship")})
    names = ["Copper", "Estate", "Village", "Witch", "Gardens"]
    for p in range(players):
        # Only the active player (p1) can have cards in play in these sets.
        zones = ("hand", "deck", "discard", "in_play", "set_aside") if p == 0 else ZONES_OFF_TURN
        setup[f"p{p + 1}"] = {
            zone: [rng.choice(names) for _ in range(rng.randint(0, 3))] for zone in zones
        }
        setup[f"p{p + 1}"]["pirate_ship"] = rng.randint(0, 2)
    setup["trash"] = [rng.choice(names) for _ in range(rng.randint(0, 2))]
    setup["embargo"] = {pile: rng.randint(0, 2) for pile in ("Silver", "Witch", "Curse")}
    return Game(setup)


def _tokens(game: Game, layout: proofs.Layout) -> list[int]:
    """The game's token counters in the order of ``layout.token_counters``."""
    state = game.state
    return [
        state.pile_tokens.get(what, {}).get(owner, 0)
        if isinstance(owner, str)
        else state.players[owner].tokens.get(what, 0)
        for what, owner in layout.token_counters
    ]


def _as_counts(
    game: Game, layout: proofs.Layout, card: int
) -> tuple[list[list[int]], list[int], int]:
    zones = [game.state.zone(zone) for zone in layout.zones]
    counts = [
        [sum(1 for c in cards if game.state.names[c] == pile) for cards in zones]
        for pile in layout.piles
    ]
    place = [cards.count(card) for cards in zones]
    return counts, place, layout.piles.index(game.state.names[card])


@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), data=st.data())
def test_move_model_agrees_with_game_move(seed: int, players: int, data: st.DataObject) -> None:
    game = _small_game(seed, players)
    layout = proofs.Layout(players, tuple(game.state.supply))
    card = data.draw(st.integers(0, len(game.state.names) - 1), label="card")
    source = data.draw(st.integers(0, len(layout.zones) - 1), label="source")
    destination = data.draw(st.integers(0, len(layout.zones) - 1), label="destination")
    counts, place, name = _as_counts(game, layout, card)
    want_counts, want_place, want_tokens, want_moved = proofs.move_model(
        counts, place, _tokens(game, layout), name, source, destination
    )
    moved = game.table.move(card, layout.zones[source], layout.zones[destination])
    assert moved == want_moved
    assert _as_counts(game, layout, card)[:2] == (want_counts, want_place)
    assert _tokens(game, layout) == want_tokens


@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), data=st.data())
def test_token_model_agrees_with_the_token_verbs(
    seed: int, players: int, data: st.DataObject
) -> None:
    game = _small_game(seed, players)
    layout = proofs.Layout(players, tuple(game.state.supply))
    counter = data.draw(st.integers(0, len(layout.token_counters) - 1), label="counter")
    what, owner = layout.token_counters[counter]
    before = game.snapshot()
    want = proofs.add_token_model(_tokens(game, layout), counter)
    if isinstance(owner, str):
        assert game.verbs.add_pile_token(0, owner, what)
    else:
        game.verbs.add_tokens(owner, what)
    assert _tokens(game, layout) == want
    after = game.snapshot()  # no card moved
    assert after["players"].keys() == before["players"].keys()
    for player, zones in before["players"].items():
        assert {z: after["players"][player][z] for z in ZONES_OFF_TURN} == {
            z: zones[z] for z in ZONES_OFF_TURN
        }
    assert after["supply"] == before["supply"] and after["trash"] == before["trash"]


@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), data=st.data())
def test_shuffle_model_agrees_with_game_shuffle(
    seed: int, players: int, data: st.DataObject
) -> None:
    game = _small_game(seed, players)
    layout = proofs.Layout(players, tuple(game.state.supply))
    player = data.draw(st.integers(0, players - 1), label="player")
    card = data.draw(st.integers(0, len(game.state.names) - 1), label="card")
    counts, place, _ = _as_counts(game, layout, card)
    want = proofs.shuffle_model(
        counts, place, layout.index(("deck", player)), layout.index(("discard", player))
    )
    game.verbs.shuffle(player)
    assert _as_counts(game, layout, card)[:2] == want


def test_z3_ops_build_formulas_and_pass_python_conditions_through() -> None:
    assert Z3.ite(True, 1, 2) == 1
    assert str(Z3.any_([])) == "False" and str(Z3.all_([])) == "True"


def test_arbiter_prove_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    from arbiter.cli import main as arbiter_main

    assert arbiter_main(["prove", "setup"]) == 0
    assert "proved  setup" in capsys.readouterr().out
    assert arbiter_main(["prove", "--no-such-option"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def _at_most_in_coins(cost: Any, limit: Any, ops: Ops) -> Any:
    return cost.coins <= limit.coins


def _less_or_same(cost: Any, other: Any, ops: Ops) -> Any:
    return rules.cost_at_most(cost, other, ops)


def _reduce_every_part(printed: Any, reductions: Sequence[Any], make: Any, ops: Ops) -> Any:
    potion = rules.current_cost(printed.potion, reductions, ops)
    return make(rules.current_cost(printed.coins, reductions, ops), potion, printed.debt)


def test_cost_rules_proof_fails_when_the_potion_part_is_not_compared() -> None:
    outcome = proofs.prove_cost_rules(at_most=_at_most_in_coins)
    assert not outcome.proved and outcome.counterexample is not None
    assert outcome.counterexample.endswith("is not compared part by part")
    assert "P" in outcome.counterexample.split(", b ")[0]


def test_cost_rules_proof_fails_when_less_includes_the_same_cost() -> None:
    outcome = proofs.prove_cost_rules(less=_less_or_same)
    assert not outcome.proved
    assert "costs less than b other than" in (outcome.counterexample or "")


def test_cost_rules_proof_fails_when_reductions_lower_the_potion_part() -> None:
    outcome = proofs.prove_cost_rules(reduce=_reduce_every_part)
    assert not outcome.proved
    assert "Potion or Debt part" in (outcome.counterexample or "")


def test_tokens_proof_fails_when_one_token_more_than_there_is_may_go() -> None:
    outcome = proofs.prove_tokens_never_negative(lambda have, count, ops: count <= have + 1)
    assert not outcome.proved and outcome.counterexample is not None
    assert "-1 left" in outcome.counterexample


def test_tokens_proof_fails_when_a_negative_count_may_go() -> None:
    outcome = proofs.prove_tokens_never_negative(lambda have, count, ops: count <= have)
    assert not outcome.proved and outcome.counterexample is not None


def test_the_engine_spends_and_removes_tokens_by_the_proved_rule() -> None:
    game = Game({"players": 2, "kingdom": ["Baker"], "p1": {"coffers": 2}})
    assert not game.verbs.remove_tokens(0, "coffers", 3) and game.verbs.tokens(0, "coffers") == 2
    assert not game.verbs.remove_tokens(0, "coffers", -1) and game.verbs.tokens(0, "coffers") == 2
    assert game.verbs.remove_tokens(0, "coffers", 2) and game.verbs.tokens(0, "coffers") == 0
