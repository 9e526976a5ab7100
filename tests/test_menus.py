"""Menus of whole outcomes asked as Arbiter's questions (scenarios/adapters/menus.py)."""

from __future__ import annotations

import pytest

from scenarios.adapters.base import Rejected
from scenarios.adapters.menus import Ask, Menu, Outcome

TRASH, GAIN = Ask("cards", "trash"), Ask("gain", "gain")


def remodel(hand: list[str], gains: dict[str, list[str]]) -> Menu[str]:
    """Remodel as an engine of outcomes offers it: each card to trash with each gain."""
    outcomes = [
        Outcome(f"{card}->{gained}", {"trash": (card,), "gain": (gained,)})
        for card in hand
        for gained in gains[card]
    ]
    return Menu("p1", "Remodel", (TRASH, GAIN), outcomes)


def test_each_question_is_asked_in_turn_and_the_outcome_given() -> None:
    menu = remodel(["Estate", "Copper"], {"Estate": ["Silver", "Village"], "Copper": ["Estate"]})
    assert menu.pending() == {
        "player": "p1",
        "kind": "cards",
        "source": "Remodel",
        "purpose": "trash",
        "choices": ["Estate", "Copper"],
        "min": 1,
        "max": 1,
    }
    menu.answer("Estate")
    pending = menu.pending()
    assert pending is not None and pending["kind"] == "gain"
    assert pending["choices"] == ["Silver", "Village"]
    menu.answer(["Village"])
    assert menu.done and menu.pending() is None and menu.chosen == "Estate->Village"


def test_a_question_with_one_answer_is_taken_alone() -> None:
    menu = remodel(["Estate", "Copper"], {"Estate": ["Silver"], "Copper": ["Estate"]})
    menu.answer("copper")  # labels match whatever the case
    assert menu.done and menu.chosen == "Copper->Estate"
    assert menu.taken == [
        {"player": "p1", "kind": "gain", "source": "Remodel", "answer": ["Estate"]}
    ]
    alone = remodel(["Estate"], {"Estate": ["Silver", "Village"]})
    assert alone.pending() is not None and alone.pending()["kind"] == "gain"  # type: ignore[index]
    assert alone.taken[0]["answer"] == ["Estate"]


def test_an_answer_no_outcome_agrees_with_is_refused_and_changes_nothing() -> None:
    menu = remodel(["Estate", "Copper"], {"Estate": ["Silver"], "Copper": ["Estate"]})
    before = menu.pending()
    with pytest.raises(Rejected, match=r"Gold is not an answer to its cards \(trash\) question"):
        menu.answer("Gold")
    with pytest.raises(Rejected):
        menu.answer(["Estate", "Copper"])
    with pytest.raises(Rejected, match="not a card name"):
        menu.answer(3)
    assert menu.pending() == before


def test_choices_are_the_cards_offered_with_their_copies() -> None:
    outcomes = [
        Outcome(picked, {"trash": picked})
        for picked in [(), ("Copper",), ("Copper", "Copper"), ("Estate",), ("Copper", "Estate")]
    ]
    menu = Menu("p1", "Chapel", (TRASH,), outcomes)
    assert menu.pending() == {
        "player": "p1",
        "kind": "cards",
        "source": "Chapel",
        "purpose": "trash",
        "choices": ["Copper", "Copper", "Estate"],
        "min": 0,
        "max": 2,
    }
    menu.answer(["Estate", "Copper"])  # a multiset: any order
    assert menu.chosen == ("Copper", "Estate")


def test_nothing_is_an_answer_when_an_outcome_picks_nothing() -> None:
    outcomes = [Outcome("none", {}), Outcome("copper", {"trash": ("Copper",)})]
    for nothing in ([], None, False):
        menu = Menu("p1", "Moneylender", (TRASH,), outcomes)
        menu.answer(nothing)
        assert menu.chosen == "none"


def test_yes_no_react_and_order_questions() -> None:
    vassal = [Outcome("play", {"choose": ("yes",)}), Outcome("discard", {"choose": ("no",)})]
    for answer, chosen in ((True, "play"), ("no", "discard"), ("Yes", "play")):
        menu = Menu("p1", "Vassal", (Ask("yes_no", "choose"),), vassal)
        assert menu.pending()["choices"] == ["yes", "no"]  # type: ignore[index]
        menu.answer(answer)
        assert menu.chosen == chosen
    moat = [Outcome("reveal", {"react": ("Moat",)}), Outcome("not", {})]
    menu = Menu("p2", "Militia", (Ask("react", "react"),), moat)
    menu.answer("no")
    assert menu.chosen == "not"
    order = [
        Outcome("as is", {"topdeck": ("Gold", "Copper")}),
        Outcome("swap", {"topdeck": ("Copper", "Gold")}),
    ]
    menu = Menu("p1", "Sentry", (Ask("order", "topdeck"),), order)
    menu.answer(["Copper", "Gold"])  # an order: top first, not a multiset
    assert menu.chosen == "swap"


def test_a_menu_needs_an_outcome() -> None:
    with pytest.raises(ValueError, match="without any outcome"):
        Menu("p1", "Chapel", (TRASH,), [])
