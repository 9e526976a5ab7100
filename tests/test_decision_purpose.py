"""Decisions say what they are for as data (``Decision.purpose``): bots decide by it and
never by the prompt, which is for people."""

from __future__ import annotations

import random
from copy import deepcopy
from dataclasses import replace

from every_set import SETS

from engine.bots import BigMoney, GameView, make_bot, make_move, sensible_answer
from engine.cards import DEFAULT_EDITIONS
from engine.decisions import PURPOSES, Choice, Decision, Purpose
from engine.game import Game, random_kingdom


def test_every_decision_has_a_known_purpose_and_bots_ignore_the_prompt() -> None:
    seen = set()
    for seed in range(8):
        rng = random.Random(seed)
        kingdom = random_kingdom(rng, DEFAULT_EDITIONS, SETS)
        kingdom = ["Remodel", "Militia", *[c for c in kingdom if c not in ("Remodel", "Militia")]]
        game = Game.new(players=3, kingdom=kingdom[:10], seed=seed)
        # One bot trashes (Remodel), one attacks (Militia: the others discard), one plays
        # a random card of the kingdom.
        cards = ["Remodel", "Militia", rng.choice(kingdom[:10])]
        bots = [make_bot(f"bigmoney:{card}:3") for card in cards]
        for _ in range(3000):
            if game.state.game_over:
                break
            decision = game.pending
            seat = decision.player if decision is not None else game.table.active
            view = GameView(game, seat)
            if decision is not None:
                assert decision.purpose in PURPOSES, decision
                seen.add(decision.purpose)
                unprompted = replace(decision, prompt="(no prompt)")
                bot = bots[seat]
                assert isinstance(bot, BigMoney)
                # Copies: a Big Money bot remembers the Reactions it revealed to this event.
                assert sensible_answer(view, unprompted, deepcopy(bot)) == sensible_answer(
                    view, decision, deepcopy(bot)
                )
            make_move(game, bots[seat].act(view))
    assert {"trash", "discard"} <= seen  # the games met the purposes the bot uses


def test_the_bot_gives_up_its_worst_cards_and_keeps_its_best() -> None:
    game = Game({"players": 2, "p1": {"hand": ["Gold", "Curse", "Estate", "Silver"]}})
    view, bot = GameView(game, 0), BigMoney()
    options = tuple(Choice(card, game.table.name_of(card)) for card in game.table.player(0).hand)

    def pick(purpose: Purpose) -> object:
        decision = Decision(0, "cards", "Test", "pick one", options, 1, 1, purpose)
        return sensible_answer(view, decision, bot).value

    assert pick("trash") == ["Curse"]
    assert pick("discard") == ["Curse"]
    assert pick("topdeck") == ["Gold"]
