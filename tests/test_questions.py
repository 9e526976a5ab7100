"""The per-card question spec (checks/questions.py), learnt by running the reference engine.

Checked both ways: every question a random game of any set asks is shown by some bundled
scenario (else the spec, and the suite, miss it: write the scenario), and every Action and
Treasure has its play in the spec; a card changed to ask one more question is caught.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from typing import Any

import pytest
from wrong_engines import game_class

from checks import questions
from checks.questions import (
    CARD_KINDS,
    Asked,
    CardKey,
    QuestionRecorder,
    RecordingGame,
    Trace,
    card_specs,
    describe_bound,
    recording,
    spec_json,
    unshown,
)
from engine import cards as catalogue
from engine.context import Context
from engine.model import Card, Effect


@pytest.fixture(scope="module")
def traces() -> tuple[list[Trace], list[Trace]]:
    return questions.bundled_traces()


def test_every_question_a_random_game_asks_is_shown_by_a_scenario(
    traces: tuple[list[Trace], list[Trace]],
) -> None:
    shown, played = traces
    assert len(played) > 10_000
    assert unshown(shown, played) == []


def test_every_action_and_treasure_has_its_play_in_the_spec(
    traces: tuple[list[Trace], list[Trace]],
) -> None:
    specs = card_specs(traces[0])
    missing = {
        CardKey.of(card)
        for card in catalogue.ALL_CARDS
        if card.types & {"Action", "Treasure"}
        and not any(a.ability == "play" for a in specs.get(CardKey.of(card), _none()).abilities)
    }
    assert missing == set()


def _none() -> Any:
    return questions.CardSpec(CardKey("", "", ()))


def test_no_question_is_asked_by_a_card_not_being_resolved() -> None:
    from scenarios.loader import bundled_dir, discover, load_many

    loaded, _ = load_many(discover([bundled_dir()]))
    assert questions.scenario_traces(loaded)[1] == []


def test_choices_repeat_only_in_kinds_that_offer_cards(
    traces: tuple[list[Trace], list[Trace]],
) -> None:
    repeated = {
        item.kind
        for trace in (*traces[0], *traces[1])
        for item in trace.items
        if isinstance(item, Asked) and item.repeated
    }
    assert repeated <= CARD_KINDS
    assert "cards" in repeated  # the rule is exercised, not vacuous


# --- a card that asks a question no scenario shows is caught --------------------------------


def _asks_first(ctx: Context) -> Effect[None]:
    yield from ctx.game.yes_no(ctx.player, ctx.name, "a question Village never asks")


def _village_that_asks(card: Card) -> Card:
    return dataclasses.replace(card, effect=_asks_first)


def _random_game_traces(game_type: type[RecordingGame], seed: int) -> Iterator[Trace]:
    import random

    from checks import random_play

    rng = random.Random(seed)
    game = game_type.new(2, kingdom=["Village", "Smithy"], seed=seed)
    assert isinstance(game, RecordingGame)
    recorder = QuestionRecorder()
    recording(game, recorder)
    while not game.state.game_over:
        random_play.step(game, rng)
    recorder.finish()
    return iter(recorder.traces)


def test_a_card_changed_to_ask_one_more_question_is_caught(
    traces: tuple[list[Trace], list[Trace]],
) -> None:
    shown = traces[0]
    assert unshown(shown, _random_game_traces(RecordingGame, 5)) == []
    wrong = game_class({"Village": _village_that_asks}, RecordingGame)
    assert issubclass(wrong, RecordingGame)
    assert unshown(shown, _random_game_traces(wrong, 5)) == [
        "Village (base edition 1 and 2), play: asks yes_no/choose/you"
    ]


# --- what the spec says ----------------------------------------------------------------------


def test_remodel_asks_a_card_to_trash_then_a_gain(
    traces: tuple[list[Trace], list[Trace]],
) -> None:
    (remodel,) = spec_json(card_specs([*traces[0], *traces[1]]), "Remodel")
    assert remodel["editions"] == [1, 2]
    (play,) = remodel["abilities"]
    trash, gain = play["questions"]
    assert (trash["kind"], trash["purpose"], trash["who"]) == ("cards", "trash", "you")
    assert (trash["min"], trash["max"]) == ("1 or all if fewer", "1 or all if fewer")
    # What the trash sets off may write too (a Trail played from the trash "reacts with").
    assert trash["then_writes"][0] == {"who": "you", "verb": "trashes"}
    assert (gain["kind"], gain["purpose"], gain["min"], gain["max"]) == ("gain", "gain", "1", "1")
    # Its player gains, or, in a Possession turn, the possessor (another player) does.
    assert {"who": "you", "verb": "gains"} in gain["then_writes"]
    assert not gain["choices_repeat"] and trash["choices_repeat"]
    json.dumps(remodel)  # JSON all through


def test_militia_asks_each_other_player_to_discard_down_to_three(
    traces: tuple[list[Trace], list[Trace]],
) -> None:
    specs = card_specs([*traces[0], *traces[1]])
    (play,) = spec_json(specs, "Militia")[0]["abilities"]
    (discard,) = play["questions"]
    assert (discard["who"], discard["purpose"], discard["min"]) == ("other", "discard", "all but 3")
    assert discard["repeats"] and not discard["always"]  # once per victim; none if Moated
    moat = {a["when"]: a for a in spec_json(specs, "Moat")[0]["abilities"]}
    (react,) = moat["react"]["questions"]
    assert (react["kind"], react["who"], react["min"], react["max"]) == ("react", "you", "0", "1")
    assert moat["attack (hand)"]["writes"] == [{"who": "you", "verb": "reveals"}]


def test_the_editions_of_a_card_whose_instructions_changed_are_apart(
    traces: tuple[list[Trace], list[Trace]],
) -> None:
    first, second = spec_json(card_specs(traces[0]), "Throne Room")
    assert (first["editions"], second["editions"]) == ([1], [2])
    # 1st edition: an Action must be played; 2nd: "You may".
    assert first["abilities"][0]["questions"][0]["min"] == "1 or all if fewer"
    assert second["abilities"][0]["questions"][0]["min"] == "0"


@pytest.mark.parametrize(
    ("seen", "cards", "text"),
    [
        ([(1, 1), (1, 5)], False, "1"),
        ([(3, 3), (5, 5)], True, "all"),
        ([(2, 5), (3, 6)], True, "all but 3"),
        ([(4, 6), (2, 2), (0, 0)], True, "4 or all if fewer"),
        ([(1, 3)], True, "1 or all if fewer"),
        ([(1, 3)], False, "1"),
        ([(0, 2), (2, 5), (1, 1)], False, "0..2"),
    ],
)
def test_bounds_are_described_by_the_simplest_rule_that_fits(
    seen: list[tuple[int, int]], cards: bool, text: str
) -> None:
    bound = describe_bound(seen, cards)
    assert bound.text == text
    assert all(bound.holds(value, n) for value, n in seen)


# --- arbiter explain CARD --decisions ----------------------------------------------------------


def test_explain_prints_the_spec_as_text_and_as_json(
    traces: tuple[list[Trace], list[Trace]],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from arbiter import cli

    specs = card_specs([*traces[0], *traces[1]])
    monkeypatch.setattr(questions, "bundled_specs", lambda: specs)
    assert cli.main(["explain", "remodel", "--decisions", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found == {"Remodel": spec_json(specs, "Remodel")}
    assert cli.main(["explain", "Remodel", "--decisions"]) == 0
    text = capsys.readouterr().out
    assert "  Editions 1 and 2:\n    When played (seen " in text
    assert "      1. you: cards (trash), pick 1 or all if fewer; choices may repeat" in text
    assert "      2. you: gain (gain), pick 1; not always asked" in text


def test_explain_json_needs_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    from arbiter import cli

    assert cli.main(["explain", "Remodel", "--json"]) == 2
    assert "--json goes with --decisions" in capsys.readouterr().err
