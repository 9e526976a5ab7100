"""The play-by-play of a scenario (``scenarios.trace``, ``arbiter check --trace``)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from arbiter.cli import main
from scenarios.adapters.reference import ReferenceAdapter
from scenarios.loader import bundled_dir, load_scenario, load_text
from scenarios.runner import Status
from scenarios.trace import (
    Answer,
    Asked,
    Checkpoint,
    Command,
    Decision,
    Happened,
    Start,
    Verdict,
    record_to_json,
    render_trace,
    trace_scenario,
)

FEAST = bundled_dir() / "base" / "feast" / "throne-room.yaml"
# Feast gains a card costing up to $5: with Throne Room and Feast ($4 each) as the Kingdom
# that is every pile but Gold and Province.
UP_TO_FIVE = ("Copper", "Silver", "Estate", "Duchy", "Curse", "Throne Room", "Feast")
GAIN = Decision(
    "p1", "gain", "Feast", UP_TO_FIVE, 1, 1, (), "gain a card costing up to 5", purpose="gain"
)


def test_throne_room_on_feast_as_records() -> None:
    trace = trace_scenario(load_scenario(FEAST), ReferenceAdapter())
    start, *played, final, verdict = trace.records
    assert isinstance(start, Start) and start.asked is None and start.events == ()
    assert start.state["players"]["p1"]["hand"] == ["Throne Room", "Feast", "Copper"]
    assert played == [
        Command(1, 12, "p1", "play", "Throne Room"),
        # Feast is the only Action in hand: the 1st-edition Throne Room takes it unasked.
        Happened(1, ("p1 plays Throne Room", "p1 plays Feast", "p1 trashes Feast")),
        Asked(1, GAIN),
        Answer(2, 13, "p1", "Duchy"),
        # The second play: Feast is in the trash already and still gains.
        Happened(2, ("p1 gains Duchy", "p1 plays Feast")),
        Asked(2, GAIN),
        Answer(3, 15, "p1", "Duchy"),
        Happened(3, ("p1 gains Duchy",)),
    ]
    assert isinstance(final, Checkpoint)
    assert (final.step, final.line, final.problems, final.asked) == (None, 17, (), None)
    assert final.state["trash"] == ["Feast"] and final.state["supply"]["Duchy"] == 6
    assert verdict == Verdict(Status.PASS)
    assert trace.result.status is Status.PASS
    assert record_to_json(verdict) == {
        "record": "verdict",
        "status": "pass",
        "message": "",
        "line": None,
    }


FEAST_TEXT = """\
base/feast/throne-room: Throne Room on Feast gains two cards although Feast is trashed the first time
Setup: 2 players; Kingdom Throne Room, Feast; p1's turn, Action phase (1 Action, 1 Buy, $0)
  p1: hand Throne Room, Feast, Copper
1. p1 plays Throne Room.
     p1 plays Throne Room
     p1 plays Feast
     p1 trashes Feast
   Feast asks p1: gain a card costing up to 5 (gain; pick 1 of [Copper, Silver, Estate, Duchy, Curse, Throne Room, Feast])
2. p1 answers Duchy.
     p1 gains Duchy
     p1 plays Feast
   Feast asks p1: gain a card costing up to 5 (gain; pick 1 of [Copper, Silver, Estate, Duchy, Curse, Throne Room, Feast])
3. p1 answers Duchy.
     p1 gains Duchy
Final expect (line 17): holds.
  p1: discard Duchy, Duchy; in play Throne Room; hand Copper
  trash: Feast
  supply: Duchy 6
Verdict: pass
Rulings on these cards:
  base/feast/2 (cited): Gaining does not depend on the trashing. Played twice by Throne Room, Feast is trashed the first time only, yet each play gains a card, so two cards are gained (three with King's Court).
  base/throne-room/6 (cited): The second play happens even if the card has left play during the first (Feast trashed itself): its instructions are followed as far as possible, but anything that would move the card itself no longer does."""  # noqa: E501


def test_throne_room_on_feast_in_plain_words() -> None:
    assert render_trace(trace_scenario(load_scenario(FEAST), ReferenceAdapter())) == FEAST_TEXT


WRONG = """
id: mine/feast/wrong
title: Both of Feast's gains happen at once under Throne Room (wrong)
editions: {base: 1}
setup:
  kingdom: [Throne Room, Feast]
  p1: {hand: [Throne Room, Feast]}
steps:
  - buy: Duchy
    rejected: true
  - play: Throne Room
  - choose: Gold
    rejected: true
  - choose: Duchy
  - expect: {p1: {discard: [Duchy, Duchy]}}
  - choose: Duchy
"""


def test_refusals_and_a_checkpoint_that_fails() -> None:
    scenario = load_text(textwrap.dedent(WRONG), "wrong.yaml")
    trace = trace_scenario(scenario, ReferenceAdapter())
    kinds = [type(record).__name__ for record in trace.records]
    assert kinds == [
        "Start",
        "Command",
        "Command",
        "Happened",
        "Asked",
        "Answer",
        "Answer",
        "Happened",
        "Asked",
        "Checkpoint",
        "Verdict",
    ]
    refused_buy, _, _, _, refused_gold = trace.records[1:6]
    assert isinstance(refused_buy, Command) and refused_buy.must_refuse and refused_buy.refused
    assert isinstance(refused_gold, Answer) and refused_gold.must_refuse and refused_gold.refused
    checkpoint = trace.records[-2]
    assert isinstance(checkpoint, Checkpoint) and checkpoint.step == 5
    assert checkpoint.problems == ("p1.discard expected [Duchy, Duchy] found [Duchy]",)
    assert checkpoint.asked == GAIN  # the second play's question is already pending
    text = render_trace(trace)
    assert "1. p1 buys Duchy: refused as it must be (" in text
    assert "3. p1 answers Gold: refused as it must be (" in text
    assert "5. Checkpoint: does not hold: p1.discard expected [Duchy, Duchy] found [Duchy]." in text
    assert text.endswith(
        "Verdict: fail: step 5 (expect): p1.discard expected [Duchy, Duchy] found [Duchy]\n"
        "Rulings on these cards:\n"
        "  base/feast/2: Gaining does not depend on the trashing."
        + text.split("base/feast/2: Gaining does not depend on the trashing.", 1)[1]
    )
    assert "Why:" not in text  # the checkpoint failed, not a question that never came


def test_check_trace_prints_the_play_by_play(capsys: object, tmp_path: Path) -> None:
    assert main(["check", "--trace", str(FEAST)]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert out.startswith(FEAST_TEXT + "\n\n")
    assert "\nall        1       0       0        0      1\n" in out


def test_the_dispute_guide_shows_a_true_trace() -> None:
    page = (Path(__file__).parent.parent / "docs" / "guides" / "dispute.rst").read_text()
    scenario_text = textwrap.dedent(page.split(".. code-block:: yaml\n\n", 1)[1].split("\n\n")[0])
    shown = page.split("$ arbiter check dispute.yaml --trace\n", 1)[1].split("\n\n")[0]
    scenario = load_text(scenario_text, "dispute.yaml")
    narration = render_trace(trace_scenario(scenario, ReferenceAdapter()))
    assert textwrap.dedent(shown) == narration


MOAT_AGAINST = """
id: mine/masquerade/moat
title: Moat against Masquerade
setup:
  kingdom: [Masquerade, Moat, Militia]
  p1: {hand: [PLAYED, Copper]}
  p2: {hand: [Moat, Estate]}
steps:
  - play: PLAYED
  - choose: ANSWER
    player: p2
    SOURCE
expect:
  pending: null
"""


@pytest.mark.parametrize(
    ("played", "answer", "source", "why"),
    [
        (
            "Masquerade",
            "Moat",
            "source: Moat",
            "Why: Moat was not offered: it reacts when another player plays an Attack, and "
            "Masquerade is not an Attack.",
        ),
        (  # a card that asks only when played
            "Masquerade",
            "Estate",
            "source: Militia",
            "Why: Militia asked nothing: it asks only when it is played, and it was not; "
            "the rules were waiting for p2 is asked by Masquerade",
        ),
    ],
)
def test_a_question_that_never_came_is_explained(
    played: str, answer: str, source: str, why: str
) -> None:
    text = MOAT_AGAINST.replace("PLAYED", played).replace("ANSWER", answer)
    scenario = load_text(textwrap.dedent(text.replace("SOURCE", source)), "moat.yaml")
    trace = trace_scenario(scenario, ReferenceAdapter())
    rendered = render_trace(trace)
    assert why in rendered, rendered
    if answer == "Moat":
        assert "  intrigue/masquerade/6: Masquerade is not an Attack" in rendered
        assert "  base/moat/6: " in rendered


def test_moat_against_an_attack_is_offered_and_nothing_is_explained() -> None:
    text = MOAT_AGAINST.replace("PLAYED", "Militia").replace("ANSWER", "Moat")
    scenario = load_text(textwrap.dedent(text.replace("SOURCE", "")), "moat.yaml")
    trace = trace_scenario(scenario, ReferenceAdapter())
    assert trace.result.status == "pass", trace.result.message
    assert "Why:" not in render_trace(trace)
