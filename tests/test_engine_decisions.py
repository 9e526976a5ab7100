"""Decisions: forced answers are taken without asking; illegal answers and commands are
refused and leave the game exactly as it was; legal_commands agrees with command."""

from __future__ import annotations

from typing import Any

import pytest

from engine.decisions import Choice, Decision, forced_answer, match_answer
from engine.errors import IllegalAnswer, IllegalMove
from engine.game import Game


def decision(kind: str, labels: list[str], low: int, high: int) -> Decision:
    choices = tuple(Choice(index, label) for index, label in enumerate(labels))
    return Decision(0, kind, "Test", "test", choices, low, high)


# --- forced answers -----------------------------------------------------------------------


def test_forced_when_every_legal_answer_is_the_same_by_names() -> None:
    assert forced_answer(decision("cards", ["Copper", "Copper", "Copper"], 2, 2)) == [0, 1]
    assert forced_answer(decision("cards", ["Copper", "Estate"], 2, 2)) == [0, 1]
    assert forced_answer(decision("cards", ["Copper", "Estate"], 0, 0)) == []
    assert forced_answer(decision("gain", ["Silver"], 1, 1)) == [0]
    assert forced_answer(decision("order", ["Gold", "Gold"], 2, 2)) == [0, 1]


def test_not_forced_when_there_is_a_real_choice() -> None:
    assert forced_answer(decision("cards", ["Copper", "Estate"], 1, 1)) is None
    assert forced_answer(decision("cards", ["Copper"], 0, 1)) is None
    assert forced_answer(decision("order", ["Gold", "Silver"], 2, 2)) is None
    assert forced_answer(decision("gain", ["Silver", "Village"], 1, 1)) is None


def test_yes_no_react_and_name_are_always_asked() -> None:
    assert forced_answer(decision("yes_no", ["yes", "no"], 1, 1)) is None
    assert forced_answer(decision("react", ["Moat"], 0, 1)) is None
    assert forced_answer(decision("name", ["Copper"], 1, 1)) is None


def test_match_answer_by_label_ignoring_case_and_counting_copies() -> None:
    d = decision("cards", ["Copper", "Copper", "Estate"], 0, 3)
    assert match_answer(d, ["copper", "Copper"]) == [0, 1]
    assert match_answer(d, "Estate") == [2]
    assert match_answer(d, []) == []
    with pytest.raises(IllegalAnswer):
        match_answer(d, ["Copper", "Copper", "Copper"])
    with pytest.raises(IllegalAnswer):
        match_answer(d, ["Gold"])
    with pytest.raises(IllegalAnswer):
        match_answer(d, {"card": "Copper"})


def test_throne_room_first_edition_with_one_action_is_not_asked() -> None:
    game = Game(
        {
            "players": 2,
            "kingdom": ["Throne Room", "Village"],
            "editions": {"base": 1},
            "p1": {"hand": ["Throne Room", "Village", "Copper"], "deck": ["Gold"] * 2},
        }
    )
    game.command("play", "Throne Room")
    assert game.pending is None and game.awaiting_command
    assert game.state.turn.actions == 4
    assert game.inputs == [("command", ["play", "Throne Room"])]


def test_militia_victim_with_identical_cards_is_not_asked() -> None:
    game = Game(
        {
            "players": 2,
            "kingdom": ["Militia"],
            "p1": {"hand": ["Militia"]},
            "p2": {"hand": ["Copper"] * 5},
        }
    )
    game.command("play", "Militia")
    assert game.pending is None
    assert game.table.names_of(game.table.player(1).discard) == ["Copper", "Copper"]


def test_a_real_choice_is_asked_with_who_what_and_why() -> None:
    game = Game(
        {
            "players": 2,
            "kingdom": ["Militia"],
            "p1": {"hand": ["Militia"]},
            "p2": {"hand": ["Copper"] * 4 + ["Estate"]},
        }
    )
    game.command("play", "Militia")
    pending = game.pending
    assert pending is not None
    assert (pending.player, pending.kind, pending.source) == (1, "cards", "Militia")
    assert (pending.min, pending.max) == (2, 2)


# --- refused inputs leave the game as it was ------------------------------------------------


def frozen(game: Game) -> tuple[Any, ...]:
    return (
        game.snapshot(),
        game.event_lines(),
        game.pending,
        game.awaiting_command,
        list(game.inputs),
    )


def chapel_pending() -> Game:
    game = Game(
        {
            "players": 2,
            "kingdom": ["Chapel", "Village"],
            "turn": {"actions": 2},
            "p1": {"hand": ["Chapel", "Village", "Copper", "Estate", "Estate", "Curse", "Silver"]},
        }
    )
    game.command("play", "Chapel")
    assert game.pending is not None
    return game


@pytest.mark.parametrize(
    "answer",
    [
        ["Copper", "Estate", "Estate", "Curse", "Silver"],  # 5 > up to 4
        ["Gold"],  # not in hand
        ["Chapel"],  # in play, not in hand
        ["Copper", "Copper"],  # only one Copper
        "Province",
        True,
        {"cards": ["Copper"]},
        3,
        None,
    ],
)
def test_illegal_answers_change_nothing(answer: Any) -> None:
    game = chapel_pending()
    before = frozen(game)
    with pytest.raises(IllegalAnswer):
        game.answer(answer)
    assert frozen(game) == before
    game.answer(["Estate", "Curse"])  # the game goes on normally afterwards
    assert game.table.names_of(game.state.trash) == ["Estate", "Curse"]


def test_commands_while_a_decision_is_pending_change_nothing() -> None:
    game = chapel_pending()
    before = frozen(game)
    for verb, arg in [("play", "Village"), ("buy", "Copper"), ("end", "turn"), ("end", "action")]:
        with pytest.raises(IllegalMove):
            game.command(verb, arg)
        assert frozen(game) == before
    assert game.legal_commands() == []


def test_yes_no_refuses_other_answers() -> None:
    game = Game(
        {
            "players": 2,
            "kingdom": ["Chancellor"],
            "editions": {"base": 1},
            "p1": {"hand": ["Chancellor"], "deck": ["Copper"]},
        }
    )
    game.command("play", "Chancellor")
    pending = game.pending
    assert pending is not None and pending.kind == "yes_no"
    before = frozen(game)
    for answer in ["maybe", ["yes"], "Copper", 1]:
        with pytest.raises(IllegalAnswer):
            game.answer(answer)
        assert frozen(game) == before
    game.answer("yes")
    assert game.pending is None


def test_answer_with_nothing_pending_is_refused() -> None:
    game = Game({"players": 2, "kingdom": ["Village"]})
    before = frozen(game)
    with pytest.raises(IllegalAnswer):
        game.answer([])
    assert frozen(game) == before


def buy_phase_game() -> Game:
    return Game(
        {
            "players": 2,
            "kingdom": ["Village", "Smithy"],
            "supply": {"Gold": 0},
            "p1": {"hand": ["Village", "Smithy", "Copper", "Silver", "Estate"]},
        }
    )


ILLEGAL_COMMANDS = [
    ("play", "Gold"),  # not in hand
    ("play", "Estate"),  # a Victory card
    ("play", "Curse"),
    ("buy", "Province"),  # too expensive
    ("buy", "Gold"),  # empty pile
    ("buy", "Witch"),  # not in the Supply
    ("buy", "Nonsense"),
    ("end", "game"),
    ("pass", "Copper"),
]


@pytest.mark.parametrize(("verb", "arg"), ILLEGAL_COMMANDS)
def test_illegal_commands_change_nothing(verb: str, arg: str) -> None:
    game = buy_phase_game()
    before = frozen(game)
    with pytest.raises(IllegalMove):
        game.command(verb, arg)
    assert frozen(game) == before


def test_phase_and_counter_rules_refuse_and_change_nothing() -> None:
    game = buy_phase_game()
    game.command("play", "Smithy")
    before = frozen(game)
    with pytest.raises(IllegalMove):
        game.command("play", "Village")  # no Action left
    assert frozen(game) == before
    game.command("play", "Copper")  # enters the Buy phase
    before = frozen(game)
    for verb, arg in [("play", "Village"), ("end", "action")]:
        with pytest.raises(IllegalMove):
            game.command(verb, arg)
        assert frozen(game) == before
    game.command("buy", "Copper")
    before = frozen(game)
    for verb, arg in [("play", "Silver"), ("buy", "Copper")]:  # after a buy; no Buy left
        with pytest.raises(IllegalMove):
            game.command(verb, arg)
        assert frozen(game) == before


def test_legal_commands_is_exactly_what_command_accepts() -> None:
    game = buy_phase_game()
    candidates = [
        ("play", name) for name in ["Village", "Smithy", "Copper", "Silver", "Estate", "Gold"]
    ]
    candidates += [("buy", pile) for pile in game.state.supply] + [("buy", "Witch")]
    candidates += [("end", "action"), ("end", "turn"), ("end", "game")]
    for inputs in (
        [],
        [("play", "Smithy")],
        [("play", "Copper")],
        [("play", "Copper"), ("play", "Silver"), ("buy", "Silver")],
    ):
        for verb, arg in inputs:
            game.command(verb, arg)
        legal = set(game.legal_commands())
        for verb, arg in candidates:
            trial = game.clone()
            try:
                trial.command(verb, arg)
                accepted = True
            except IllegalMove:
                accepted = False
            assert accepted == ((verb, arg) in legal), (inputs, verb, arg)
        game = buy_phase_game()
    assert set(buy_phase_game().legal_commands(("end",))) == {("end", "action"), ("end", "turn")}
