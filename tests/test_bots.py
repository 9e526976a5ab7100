"""Bots: they finish games legally, Big Money follows its rule, and no bot sees hidden cards."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.bots import (
    PLAY_TREASURES,
    Answer,
    BigMoney,
    BigMoneyWith,
    Command,
    GameView,
    Move,
    RandomBot,
    big_money_buy,
    default_answer,
    make_bot,
    make_move,
    play_game,
    random_answer,
)
from engine.decisions import Choice, Decision
from engine.game import Game
from engine.model import TREASURE

BASE_KINGDOM = [
    "Cellar",
    "Chapel",
    "Moat",
    "Village",
    "Workshop",
    "Smithy",
    "Militia",
    "Market",
    "Laboratory",
    "Witch",
]


def _replays(game: Game) -> bool:
    """A game whose inputs replay to the same state took only legal inputs."""
    return Game.replay(game.table.setup, game.inputs).snapshot() == game.snapshot()


# ---------------------------------------------------------------- finishing games


@pytest.mark.parametrize(
    "specs",
    [
        ["bigmoney", "bigmoney"],
        ["bigmoney:Smithy", "bigmoney:Militia:2"],
        ["random", "bigmoney:Witch"],
        ["random", "random", "bigmoney"],
    ],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_bots_finish_games_legally(specs: list[str], seed: int) -> None:
    game = Game.new(players=len(specs), kingdom=BASE_KINGDOM, seed=seed, colony=False)
    bots = [make_bot(spec, seed=seed * 10 + seat) for seat, spec in enumerate(specs)]
    over = play_game(game, bots, max_turns=400 * len(specs))
    if not over.finished:  # random players may stall; their moves must still be legal
        assert "random" in specs
    else:
        assert game.state.game_over
        assert over.winners == game.winners()
    assert _replays(game)


@pytest.mark.parametrize("seed", range(6))
def test_bots_finish_random_kingdoms_of_every_set(seed: int) -> None:
    """Random kingdoms from all three sets (attacks, reactions, decisions of every kind)."""
    rng = random.Random(seed)
    game = Game.new(players=rng.choice([2, 3, 4]), seed=seed)
    kingdom = game.state.kingdom
    specs = [f"bigmoney:{rng.choice(kingdom)}", "random", "bigmoney"][: game.table.players]
    specs += ["bigmoney"] * (game.table.players - len(specs))
    bots = [make_bot(spec, seed=seed) for spec in specs]
    play_game(game, bots, max_turns=150 * game.table.players)
    assert _replays(game)


def test_random_bot_only_picks_legal_commands() -> None:
    game = Game.new(players=2, kingdom=BASE_KINGDOM, seed=3, colony=False)
    bot, view = RandomBot(seed=3), GameView(game, 0)
    for _ in range(200):
        if game.state.game_over:
            break
        decision = game.pending
        seat = decision.player if decision is not None else game.table.active
        if seat != 0:
            move: Move = BigMoney().act(GameView(game, seat))
        else:
            move = bot.act(view)
            if isinstance(move, Command):
                assert (move.verb, move.arg) in game.legal_commands()
        make_move(game, move)


# ---------------------------------------------------------------- the Big Money rule


@pytest.mark.parametrize(
    ("coins", "provinces", "expected"),
    [
        (0, 8, None),
        (2, 8, None),
        (2, 2, "Estate"),
        (3, 8, "Silver"),
        (4, 3, "Silver"),
        (4, 2, "Estate"),
        (5, 8, "Silver"),
        (5, 4, "Duchy"),
        (6, 8, "Gold"),
        (7, 5, "Gold"),
        (7, 4, "Duchy"),
        (8, 1, "Province"),
        (13, 8, "Province"),
    ],
)
def test_big_money_rule(coins: int, provinces: int, expected: str | None) -> None:
    assert big_money_buy(coins, provinces) == expected


def test_big_money_rule_with_colony() -> None:
    assert big_money_buy(11, 8, colony=True) == "Colony"
    assert big_money_buy(9, 8, colony=True) == "Platinum"
    assert big_money_buy(8, 8, colony=True) == "Province"


class Recorder:
    """Wraps a bot and checks every move it makes against the Big Money rule."""

    def __init__(self, bot: BigMoney) -> None:
        self.bot, self.name, self.buys = bot, bot.name, 0

    def act(self, view: GameView) -> Move:
        move = self.bot.act(view)
        if view.pending is not None:
            return move
        treasures_in_hand = [n for n in view.hand if view.card(n).is_(TREASURE)]
        if move == PLAY_TREASURES:
            assert treasures_in_hand and not view.bought
        elif isinstance(move, Command) and move.verb == "buy":
            # Every Treasure was played first, and the buy is what the rule says.
            assert not treasures_in_hand or view.bought
            expected = big_money_buy(view.coins, view.supply_count("Province"))
            if isinstance(self.bot, BigMoneyWith) and move.arg == self.bot.card_name:
                assert expected in ("Silver", "Gold")
            else:
                assert move.arg == expected
            self.buys += 1
        elif move == Command("end", "turn") and view.buys and not view.bought:
            assert not treasures_in_hand
            wanted = big_money_buy(view.coins, view.supply_count("Province"))
            assert wanted is None or view.supply_count(wanted) == 0
        return move


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_big_money_buys_by_its_rule(seed: int) -> None:
    game = Game.new(players=2, kingdom=BASE_KINGDOM, seed=seed, colony=False)
    recorders = [Recorder(BigMoney()), Recorder(BigMoneyWith(card_name="Smithy", copies=2))]
    assert play_game(game, recorders).finished
    assert all(recorder.buys > 5 for recorder in recorders)
    owned = GameView(game, 1).owned()
    assert 1 <= owned["Smithy"] <= 2
    assert GameView(game, 0).owned()["Smithy"] == 0


def test_big_money_with_a_card_plays_it() -> None:
    game = Game(
        {
            "players": 2,
            "kingdom": ["Smithy"],
            "p1": {
                "hand": ["Smithy", "Copper", "Copper", "Estate", "Estate"],
                "deck": ["Gold"] * 5,
            },
        }
    )
    bot = BigMoneyWith(card_name="Smithy")
    assert bot.act(GameView(game, 0)) == Command("play", "Smithy")
    assert BigMoney().act(GameView(game, 0)) == PLAY_TREASURES
    assert BigMoney(treasures_at_once=False).act(GameView(game, 0)) == Command("play", "Copper")


@pytest.mark.parametrize(("in_play", "buys"), [(["Silver"], "Grand Market"), (["Copper"], "Gold")])
def test_big_money_with_a_card_buys_it_only_when_the_game_allows(
    in_play: list[str], buys: str
) -> None:
    # Grand Market may not be bought with a Copper in play: the bot falls back, as it
    # does for an empty pile, instead of giving a command the game refuses.
    game = Game(
        {
            "players": 2,
            "kingdom": ["Grand Market"],
            "editions": {"prosperity": 1},
            "turn": {"phase": "buy", "coins": 6},
            "p1": {"in_play": in_play},
        }
    )
    move = BigMoneyWith(card_name="Grand Market").act(GameView(game, 0))
    assert move == Command("buy", buys)
    make_move(game, move)


# ---------------------------------------------------------------- answers


def _decision(kind: str, labels: list[str], low: int, high: int, prompt: str = "") -> Decision:
    choices = tuple(Choice(i, label) for i, label in enumerate(labels))
    return Decision(0, kind, "Test", prompt, choices, low, high)


def test_default_answer_is_the_minimum_legal_pick() -> None:
    assert default_answer(_decision("cards", ["Copper", "Estate"], 1, 2)) == Answer(["Copper"])
    assert default_answer(_decision("react", ["Moat"], 0, 1)) == Answer([])
    assert default_answer(_decision("order", ["A", "B"], 2, 2)) == Answer(["A", "B"])
    assert default_answer(_decision("yes_no", ["yes", "no"], 1, 1)) == Answer(False)


def test_random_answers_are_legal() -> None:
    rng = random.Random(0)
    decision = _decision("cards", ["Copper", "Estate", "Silver"], 1, 2)
    for _ in range(50):
        picked = random_answer(decision, rng).value
        assert 1 <= len(picked) <= 2 and set(picked) <= {"Copper", "Estate", "Silver"}


def test_big_money_discards_its_worst_cards_to_militia() -> None:
    game = Game(
        {
            "players": 2,
            "kingdom": ["Militia"],
            "p1": {"hand": ["Militia", "Copper", "Copper", "Copper", "Copper"]},
            "p2": {"hand": ["Gold", "Estate", "Silver", "Curse", "Copper"]},
        }
    )
    game.command("play", "Militia")
    decision = game.pending
    assert decision is not None and decision.player == 1
    answer = BigMoney().act(GameView(game, 1))
    assert isinstance(answer, Answer) and sorted(answer.value) == ["Curse", "Estate"]


def test_make_bot_refuses_unknown_specs() -> None:
    for spec in ("", "smart", "bigmoney:", "bigmoney:Smithy:0", "bigmoney:Smithy:x", "random:1"):
        with pytest.raises(ValueError, match="bot"):
            make_bot(spec)
    bot = make_bot("bigmoney:Witch:3")
    assert isinstance(bot, BigMoneyWith) and (bot.card_name, bot.copies) == ("Witch", 3)


# ---------------------------------------------------------------- no hidden information


PUBLIC = {
    "player",
    "players",
    "active",
    "my_turn",
    "turn_number",
    "phase",
    "plays_this_turn",
    "actions",
    "buys",
    "coins",
    "potions",
    "bought",
    "kingdom",
    "supply_count",
    "supply",
    "trash",
    "card",
    "cost",
    "buy_restriction",
    "hand",
    "owned",
    "my_revealed",
    "in_play",
    "discard_top",
    "hand_size",
    "deck_size",
    "discard_size",
    "tokens",
    "held_tokens",
    "pending",
    "awaiting_command",
    "legal_commands",
}


def test_the_view_exposes_only_allowed_fields() -> None:
    game = Game.new(players=2, kingdom=BASE_KINGDOM, seed=1, colony=False)
    view = GameView(game, 0)
    public = {name for name in dir(view) if not name.startswith("_")}
    assert public == PUBLIC
    for name in public:
        value = getattr(view, name)
        assert not isinstance(value, Game)
    assert not hasattr(view, "__dict__")  # slots only: nothing else can be hung on it


def _twin_positions(hidden: int) -> Game:
    """Games identical in what p1 may know; p2's hand and both decks' orders differ."""
    rng = random.Random(hidden)
    p1_deck = ["Copper"] * 3 + ["Silver", "Estate", "Gold", "Smithy"]
    rng.shuffle(p1_deck)
    p2_cards = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Curse", "Moat", "Copper"]
    rng.shuffle(p2_cards)
    return Game(
        {
            "players": 2,
            "kingdom": ["Militia", "Smithy", "Moat"],
            "turn": {"player": "p2"},
            "p1": {"hand": ["Copper", "Silver", "Estate", "Copper", "Gold"], "deck": p1_deck},
            "p2": {"hand": ["Militia", *p2_cards[:4]], "deck": p2_cards[4:]},
        }
    )


@pytest.mark.parametrize("spec", ["bigmoney", "bigmoney:Smithy", "random"])
def test_bots_decide_the_same_whatever_the_hidden_cards(spec: str) -> None:
    """Only hidden cards differ between the twin games: p1's moves must not differ."""
    moves: list[list[Any]] = []
    for hidden in range(4):
        game = _twin_positions(hidden)
        bot = make_bot(spec, seed=99)
        game.command("play", "Militia")  # p1 must discard 2: a decision on p1's own hand
        seen = [bot.act(GameView(game, 0))]
        answer = seen[0]
        assert isinstance(answer, Answer)
        game.answer(answer.value)
        game.command("end", "turn")  # p1's turn: the same hand in every twin
        for _ in range(8):
            if game.table.active != 0 or game.pending is not None:
                break
            move = bot.act(GameView(game, 0))
            seen.append(move)
            if move == Command("end", "turn"):
                break
            assert not isinstance(move, Answer)
            make_move(game, move)
        moves.append(seen)
    assert all(m == moves[0] for m in moves[1:])


@pytest.mark.parametrize(
    ("coins", "coffers", "moves"),
    [
        # 6 coins and 2 Coffers buy a Province instead of a Gold: both are spent first.
        (
            6,
            2,
            [Command("spend", "coffers"), Command("spend", "coffers"), Command("buy", "Province")],
        ),
        # 3 coins or 4 buy a Silver: the Coffer is kept for a later turn.
        (3, 1, [Command("buy", "Silver")]),
    ],
)
def test_big_money_spends_coffers_only_when_they_buy_a_better_card(
    coins: int, coffers: int, moves: list[Move]
) -> None:
    game = Game(
        {
            "players": 2,
            "kingdom": ["Baker"],
            "turn": {"phase": "buy", "coins": coins},
            "p1": {"coffers": coffers},
        }
    )
    for expected in moves:
        move = BigMoney().act(GameView(game, 0))
        assert move == expected
        make_move(game, move)
