"""What the card API added for Hinterlands, proven with toy cards written here (as
tests/test_seams.py does): a gain made instead of another names it in the log; a card
played on another player's turn gives the player whose turn it is nothing and leaves play
in that turn's Clean-up; cards shuffled into a deck; a card played from the trash; a
replacement's instructions seen by the game's watcher."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from engine import cards as catalogue
from engine.abilities import Replacement
from engine.cards.common import kingdom_maker, play_from_hand
from engine.context import Context, ReplacementContext, Resolving, TriggerContext
from engine.game import Game
from engine.model import ACTION, REACTION, Effect, Trigger
from scenarios.loader import match_event

TOY = "toy"
_toy = kingdom_maker(TOY)


def _silver_instead(ctx: ReplacementContext) -> Effect[None]:
    ctx.would.cancel()
    yield from ctx.game.gain(ctx.owner, "Silver", instead_of=ctx.would.card)


SWAPPER = _toy(
    "Toy Swapper",
    4,
    {ACTION, REACTION},
    "When you would gain a card, you may reveal this: gain a Silver instead.",
    replacements=(Replacement("gain", "hand", _silver_instead, optional=True),),
)
# A reaction that plays itself when another player plays an Attack: its vanilla bonuses
# are its owner's, on a turn that is not theirs.
GUARD = _toy(
    "Toy Guard",
    3,
    {ACTION, REACTION},
    "+1 Card, +1 Action, +1 Buy, +$1. When another player plays an Attack, you may play this.",
    cards=1,
    actions=1,
    buys=1,
    coins=1,
    triggers=(Trigger("attack", "hand", play_from_hand, optional=True, who="others"),),
)


def _inn(ctx: Context) -> Effect[None]:
    discard = ctx.game.player(ctx.player).discard
    ctx.game.shuffle_into_deck(ctx.player, list(discard), "discard")
    yield from ()


SHUFFLER = _toy(
    "Toy Shuffler", 2, {ACTION}, "Shuffle your discard pile into your deck.", effect=_inn
)


def _play_from_trash(ctx: TriggerContext) -> Effect[None]:
    yield from ctx.game.play(ctx.owner, ctx.card, "trash")


PHOENIX = _toy(
    "Toy Phoenix",
    3,
    {ACTION},
    "+2 Actions. When you trash this, play it from the trash.",
    actions=2,
    triggers=(Trigger("trash", "self", _play_from_trash),),
)

TOY_SET = SimpleNamespace(CARDS=(SWAPPER, GUARD, SHUFFLER, PHOENIX))


@pytest.fixture(autouse=True)
def toy_set() -> Iterator[None]:
    with catalogue.installed(TOY_SET):
        yield


def game(kingdom: list[str], **setup: Any) -> Game:
    return Game({"players": 2, "kingdom": kingdom, **setup})


def test_a_gain_made_instead_of_another_names_it() -> None:
    g = game(["Toy Swapper"], turn={"phase": "buy", "coins": 8}, p1={"hand": ["Toy Swapper"]})
    g.command("buy", "Province")
    g.answer("Toy Swapper")
    lines = g.event_lines()
    assert "p1 gains Silver instead of Province" in lines
    assert "p1 gains Province" not in lines
    assert g.snapshot()["players"]["p1"]["discard"] == ["Silver"]
    found = match_event("p1 gains Silver instead of Province")
    assert found is not None and (found["card"], found["card2"]) == ("Silver", "Province")
    exchange = match_event("p1 exchanges Gold for Silver")
    assert exchange is not None and (exchange["card"], exchange["card2"]) == ("Gold", "Silver")


def test_a_card_played_on_another_turn_gives_that_turn_nothing_and_leaves_in_its_clean_up() -> None:
    g = game(
        ["Militia", "Toy Guard"],
        p1={"hand": ["Militia"], "deck": ["Copper"] * 5},
        p2={"hand": ["Toy Guard", "Estate", "Estate", "Copper", "Copper"], "deck": ["Silver"]},
    )
    g.command("play", "Militia")
    g.answer("Toy Guard")
    turn = g.snapshot()["turn"]
    # Militia's +$2 only: the Guard's +Action, +Buy and +$1 are p2's, of no use on p1's turn.
    assert (turn["actions"], turn["buys"], turn["coins"]) == (0, 1, 2)
    assert g.snapshot()["players"]["p2"]["hand"] == [
        "Estate",
        "Estate",
        "Copper",
        "Copper",
        "Silver",
    ]
    g.answer(["Estate", "Estate"])
    assert g.snapshot()["players"]["p2"]["in_play"] == ["Toy Guard"]
    g.command("end", "turn")
    p2 = g.snapshot()["players"]["p2"]
    assert p2["in_play"] == [] and "Toy Guard" in p2["discard"]
    assert "p2 discards Toy Guard" in g.event_lines()


def test_cards_shuffled_into_the_deck_are_one_shuffle_with_it() -> None:
    g = game(
        ["Toy Shuffler"],
        p1={
            "hand": ["Toy Shuffler"],
            "deck": ["Gold"],
            "discard": ["Copper", "Estate"],
            "shuffles": [["Estate", "Gold", "Copper"]],
        },
    )
    g.command("play", "Toy Shuffler")
    p1 = g.snapshot()["players"]["p1"]
    assert (p1["deck"], p1["discard"]) == (["Estate", "Gold", "Copper"], [])
    assert g.event_lines()[-1] == "p1 shuffles"


def test_a_card_is_played_from_the_trash() -> None:
    g = game(["Toy Phoenix", "Chapel"], p1={"hand": ["Chapel", "Toy Phoenix"]})
    g.command("play", "Chapel")
    g.answer(["Toy Phoenix"])
    p1 = g.snapshot()["players"]["p1"]
    assert p1["in_play"] == ["Chapel", "Toy Phoenix"] and g.snapshot()["trash"] == []
    assert g.snapshot()["turn"]["actions"] == 2


def test_a_replacement_resolving_is_told_to_the_watcher() -> None:
    seen: list[Resolving] = []
    watcher = SimpleNamespace(
        resolving=seen.append,
        resolved=lambda what: None,
        moved=lambda *args: None,
        gain_chosen=lambda *args: None,
    )
    g = game(["Toy Swapper"], turn={"phase": "buy", "coins": 8}, p1={"hand": ["Toy Swapper"]})
    g.table.watcher = watcher
    g.command("buy", "Province")
    g.answer("Toy Swapper")
    replacements = [what for what in seen if what.replacement is not None]
    assert [g.table.name_of(what.card) for what in replacements] == ["Toy Swapper"]
    assert replacements[0].trigger is None
