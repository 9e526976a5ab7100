"""The few general additions to the engine's core that Alchemy needed, each proven with toy
cards written here (installed into the catalogue for each test, as tests/test_seams.py
does): the end of a turn as a trigger event (Possession's set-aside cards go back then), a
redirected gain sent into a zone of the redirect's choosing (always the possessor's
discard pile), the cards one instruction discarded together (Herbalist picks among them),
the turns a player has taken in a row (Outpost after a Possession turn), a player's own
extra turns before the turns they give others, and the watcher told of a move a
replacement sent elsewhere."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from engine import cards as catalogue
from engine.abilities import Replacement
from engine.cards.common import kingdom_maker
from engine.context import Context, ReplacementContext, Resolving, TriggerContext
from engine.costs import CostLimit
from engine.game import Game
from engine.model import ACTION, Effect, Trigger
from engine.state import EventRecord, Zone

TOY = "toy"
_toy = kingdom_maker(TOY)
SEEN: list[Any] = []  # what the toy abilities saw, test by test


def _note_hand_at_turn_end(ctx: TriggerContext) -> Effect[None]:
    SEEN.append(len(ctx.game.player(ctx.happening.player).hand))
    yield from ()


CLOCK = _toy(
    "Toy Clock",
    2,
    {ACTION},
    "At the end of each turn (after the new hand), something happens.",
    triggers=(Trigger("turn_end", "game", _note_hand_at_turn_end, who="any"),),
)


def _to_the_other_discard(ctx: ReplacementContext) -> Effect[None]:
    ctx.would.redirect(ctx.game.others(ctx.would.player)[0], to="discard")
    yield from ()


THIEF = _toy(
    "Toy Thief",
    2,
    {ACTION},
    "The cards your opponents would gain into their hand, you gain into your discard pile.",
    replacements=(
        Replacement(
            "gain",
            "game",
            _to_the_other_discard,
            condition=lambda ctx: ctx.would.destination[0] == "hand",
            who="any",
        ),
    ),
)


def _note_together(ctx: TriggerContext) -> Effect[None]:
    SEEN.append([ctx.game.name_of(card) for card in ctx.happening.data["together"]])
    yield from ()


SPY = _toy(
    "Toy Spy",
    2,
    {ACTION},
    "When you discard this, something happens.",
    triggers=(Trigger("discard", "self", _note_together),),
)


def _discard_hand(ctx: Context) -> Effect[None]:
    hand = list(ctx.game.player(ctx.player).hand)
    yield from ctx.game.discard_cards(ctx.player, hand)


SWEEP = _toy("Toy Sweep", 2, {ACTION}, "Discard your hand.", effect=_discard_hand)


def _give_and_take(ctx: Context) -> Effect[None]:
    game = ctx.game
    game.queue_turn(game.others(ctx.player)[0], "given", controller=ctx.player)
    game.queue_turn(ctx.player, "own")
    yield from ()


DOUBLE = _toy(
    "Toy Double",
    2,
    {ACTION},
    "The player on your left takes a turn you control; you take an extra turn.",
    effect=_give_and_take,
)

TOY_SET = SimpleNamespace(CARDS=(CLOCK, THIEF, SPY, SWEEP, DOUBLE))


@pytest.fixture(autouse=True)
def toy_set() -> Iterator[None]:
    SEEN.clear()
    with catalogue.installed(TOY_SET):
        yield


def game(kingdom: list[str], **setup: Any) -> Game:
    return Game({"players": 2, "kingdom": kingdom, **setup})


def test_the_end_of_a_turn_comes_after_the_new_hand() -> None:
    g = game(["Toy Clock"], p1={"hand": ["Estate"], "deck": ["Copper"] * 5})
    g.command("end", "turn")
    assert SEEN == [5]  # the new hand was drawn when the turn ended
    assert g.snapshot()["turn"]["player"] == "p2"


def test_a_redirect_may_send_the_card_to_a_zone_of_its_own() -> None:
    g = game(["Toy Thief", "Mine"], p2={"hand": ["Mine", "Silver"]}, turn={"player": "p2"})
    g.command("play", "Mine")
    g.answer("Silver")
    g.answer("Gold")  # Mine gains it into the hand: the replacement sends it to p1's discard
    players = g.snapshot()["players"]
    assert players["p1"]["discard"] == ["Gold"] and players["p2"]["hand"] == []


def test_a_discard_happening_names_the_cards_discarded_together() -> None:
    g = game(["Toy Spy", "Toy Sweep"], p1={"hand": ["Toy Sweep", "Toy Spy", "Copper"]})
    g.command("play", "Toy Sweep")
    assert SEEN == [["Toy Spy", "Copper"]]


def test_own_extra_turns_come_before_those_given_and_turns_in_a_row_are_counted() -> None:
    g = game(["Toy Double"], p1={"hand": ["Toy Double"]})
    assert g.state.turn.in_a_row == 1
    g.command("play", "Toy Double")
    g.command("end", "turn")
    # The extra turn queued second is p1's own: it comes first, p1's second in a row.
    assert (g.state.turn.player, g.state.turn.in_a_row, g.state.turn.extra) == (0, 2, True)
    g.command("end", "turn")
    assert (g.state.turn.player, g.state.turn.controller, g.state.turn.in_a_row) == (1, 0, 1)
    g.command("end", "turn")  # p2's own turn after the one p1 controlled: 2nd in a row
    assert (g.state.turn.player, g.state.turn.controller, g.state.turn.in_a_row) == (1, 1, 2)


def test_a_setup_turn_another_player_controls_is_an_extra_turn() -> None:
    g = game([], turn={"player": "p2", "controller": "p1"})
    assert g.state.turn.extra and g.state.turn.in_a_row == 1


class _Replacements:
    """A watcher that keeps what it is told of replaced moves."""

    def __init__(self) -> None:
        self.replaced_moves: list[tuple[int, int, Zone]] = []

    def resolving(self, what: Resolving) -> None:
        pass

    def resolved(self, what: Resolving) -> None:
        pass

    def moved(self, card: int, source: Zone, destination: Zone, event: EventRecord | None) -> None:
        pass

    def gain_chosen(self, pile: str, limit: CostLimit | None) -> None:
        pass

    def replaced(self, card: int, player: int, destination: Zone) -> None:
        self.replaced_moves.append((card, player, destination))


def test_the_watcher_hears_where_the_instructions_sent_a_replaced_card() -> None:
    g = game(["Toy Thief", "Mine"], p2={"hand": ["Mine", "Silver"]}, turn={"player": "p2"})
    watcher = _Replacements()
    g.table.watcher = watcher
    g.command("play", "Mine")
    g.answer("Silver")
    g.answer("Gold")
    ((card, player, destination),) = watcher.replaced_moves
    assert (g.table.name_of(card), player, destination) == ("Gold", 1, ("hand", 1))
