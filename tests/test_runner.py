"""The scenario runner, driven against the in-memory fake engine."""

from __future__ import annotations

import gc
import textwrap
from pathlib import Path
from typing import Any

import pytest
from fake_adapter import FAKE_CARDS, FakeAdapter

from engine.sets import DEFAULT_EDITIONS
from scenarios.adapters.base import Adapter, AdapterError, Rejected, Unsupported
from scenarios.adapters.reference import ReferenceAdapter
from scenarios.loader import load_text
from scenarios.model import Scenario
from scenarios.runner import (
    YOUNG_COLLECTION_AFTER,
    Result,
    RunStopped,
    Status,
    compare,
    run_all,
    run_files,
    run_scenario,
)

HEAD = "id: base/test/case\ntitle: a test\n"


def scenario(body: str, name: str = "case.yaml") -> Scenario:
    return load_text(
        HEAD + textwrap.dedent(body), name, cards=FAKE_CARDS, rulings={"base/chapel/1"}
    )


def run(body: str, adapter: FakeAdapter | None = None) -> Result:
    return run_scenario(scenario(body), adapter or FakeAdapter())


def passes(body: str) -> None:
    result = run(body)
    assert result.status is Status.PASS, result.message


TURN = """
setup:
  p1:
    hand: [Village, Copper, Silver, Estate]
    deck: [Gold, Smithy, Copper, Copper, Copper, Estate, Duchy]
  p2:
    deck: [Copper, Copper, Copper, Estate, Estate]
"""


def test_a_whole_turn_with_every_command_verb() -> None:
    passes(
        TURN
        + """
steps:
  - play: Village
  - expect:
      p1: {hand: [Copper, Silver, Estate, Gold], deck_count: 6}
      turn: {actions: 2, phase: action}
      events: [p1 plays Village, p1 draws Gold]
  - end: action
  - play: [Copper, Silver, Gold]
  - expect: {turn: {phase: buy, coins: 6, buys: 1}}
  - buy: Gold
  - end: turn
    player: p1
expect:
  turn: {player: p2, phase: action, coins: 0}
  p1:
    hand: [Smithy, Copper, Copper, Copper, Estate]
    deck: [Duchy]
    discard: [Village, Copper, Silver, Gold, Estate, Gold]
    discard_top: Estate
    hand_count: 5
    discard_count: 6
  supply: {Gold: 29}
  events: [p1 buys Gold, p1 gains Gold, p1 draws Smithy]
  no_events: [p1 plays Village, p1 shuffles]
  pending: null
  game_over: false
"""
    )


def test_the_adapter_receives_the_normalized_setup() -> None:
    fake = FakeAdapter()
    run(TURN, fake)
    setup = fake.loads[0]
    assert setup["players"] == 2
    assert setup["kingdom"] == ["Village", "Smithy"]
    assert setup["editions"] == DEFAULT_EDITIONS
    assert setup["seed"] == 0
    assert setup["turn"] == {"player": "p1", "phase": "action", "actions": 1, "buys": 1, "coins": 0}
    assert setup["p2"]["hand"] == []
    assert setup["p1"]["shuffles"] == []


def test_each_run_loads_a_fresh_copy_of_the_setup() -> None:
    loaded = scenario(TURN)
    fake = FakeAdapter()
    run_scenario(loaded, fake)
    fake.loads[0]["p1"]["hand"].append("Gold")
    run_scenario(loaded, fake)
    assert fake.loads[1]["p1"]["hand"] == ["Village", "Copper", "Silver", "Estate"]
    assert loaded.setup["p1"]["hand"] == ["Village", "Copper", "Silver", "Estate"]


def test_play_list_sends_one_command_per_card() -> None:
    fake = FakeAdapter()
    result = run(
        "setup: {p1: {hand: [Copper, Copper]}}\nsteps:\n  - play: [Copper, Copper]\n", fake
    )
    assert result.status is Status.PASS
    assert fake.calls == [("play", "Copper"), ("play", "Copper")]


def test_choose_a_list_of_cards_from_hand() -> None:
    passes("""
setup: {p1: {hand: [Chapel, Copper, Estate, Estate]}}
steps:
  - play: Chapel
  - expect: {pending: {player: p1, kind: cards, source: Chapel}}
  - choose: [Estate, Estate]
    source: Chapel
expect:
  p1: {hand: [Copper]}
  trash: [Estate, Estate]
  pending: null
  events: [p1 trashes Estate, p1 trashes Estate]
""")


def test_choose_nothing_with_an_empty_list() -> None:
    passes("""
setup: {p1: {hand: [Chapel, Copper]}}
steps:
  - play: Chapel
  - choose: []
expect: {p1: {hand: [Copper]}, trash: []}
""")


def test_choose_option_labels_ignoring_case() -> None:
    passes("""
setup: {p1: {hand: [Pawn]}}
steps:
  - play: Pawn
  - expect: {pending: {kind: option}}
  - choose: [+1 action, +$1]
expect: {turn: {actions: 1, coins: 1, buys: 1}}
""")


@pytest.mark.parametrize(
    ("answer", "deck"), [("yes", []), ("no", ["Gold"]), ("'yes'", []), ("'No'", ["Gold"])]
)
def test_choose_yes_or_no(answer: str, deck: list[str]) -> None:
    passes(f"""
setup: {{p1: {{hand: [Chancellor], deck: [Gold]}}}}
steps:
  - play: Chancellor
  - choose: {answer}
    source: Chancellor
expect: {{p1: {{deck: {deck}}}, turn: {{coins: 2}}}}
""")


def test_choose_a_card_to_gain() -> None:
    passes("""
setup: {p1: {hand: [Workshop]}}
steps:
  - play: Workshop
  - expect: {pending: {kind: gain}}
  - choose: Silver
expect: {p1: {discard: [Silver]}, supply: {Silver: 39}}
""")


MILITIA = """
setup:
  players: 3
  p1: {hand: [Militia]}
  p2: {hand: [Moat, Copper, Copper, Estate]}
  p3: {hand: [Copper, Copper, Estate, Estate, Silver]}
steps:
  - play: Militia
  - expect: {pending: {player: p2, kind: react, source: Moat}}
  - choose: Moat
    player: p2
    source: Moat
  - choose: [Estate, Estate]
    player: p3
    source: Militia
expect:
  p2: {hand: [Moat, Copper, Copper, Estate]}
  p3: {hand: [Copper, Copper, Silver], discard: [Estate, Estate]}
  events: [p2 reacts with Moat, p3 discards Estate]
"""


def test_decisions_of_other_players_and_a_reaction() -> None:
    passes(MILITIA)


def test_a_reaction_can_be_declined() -> None:
    passes("""
setup:
  p1: {hand: [Militia]}
  p2: {hand: [Moat, Copper, Copper, Estate]}
steps:
  - play: Militia
  - choose: no
    source: Moat
  - choose: Estate
    player: p2
    source: Militia
expect:
  p2: {hand: [Moat, Copper, Copper], discard: [Estate]}
  no_events: [p2 reacts with Moat]
""")


def test_wrong_decider_fails_naming_the_step() -> None:
    result = run(MILITIA.replace("player: p2\n    source: Moat", "player: p3\n    source: Moat"))
    assert result.status is Status.FAIL
    assert result.message == (
        "step 3 (choose): player expected p3 found p2: p2 may react to Moat (react):"
        " reveal Moat, or decline"
    )
    assert result.line == scenario(MILITIA).steps[2].line


def test_wrong_source_fails() -> None:
    result = run(MILITIA.replace("source: Militia", "source: Moat"))
    assert (result.status, result.message) == (
        Status.FAIL,
        "step 4 (choose): source expected Moat found Militia: p3 is asked by Militia"
        " (cards), pick 2 of [Copper, Copper, Estate, Estate, Silver]",
    )


def test_wrong_active_player_for_a_command_fails() -> None:
    result = run("setup: {p1: {hand: [Copper]}}\nsteps:\n  - play: Copper\n    player: p2\n")
    assert (result.status, result.message) == (
        Status.FAIL,
        "step 1 (play): player expected p2 found p1: it is p1's turn, and play is a"
        " command of the player whose turn it is",
    )


def test_choose_with_nothing_pending_is_an_error_with_its_line() -> None:
    body = "setup: {p1: {hand: [Copper]}}\nsteps:\n  - play: Copper\n  - choose: Copper\n"
    result = run(body)
    assert result.status is Status.ERROR
    assert result.message.startswith("step 2 (choose): choose: nothing is pending")
    assert result.line == 6 and result.location == "case.yaml:6"


def test_an_illegal_command_fails_unless_it_is_marked_rejected() -> None:
    body = "setup: {p1: {hand: [Copper]}}\nsteps:\n  - buy: Province\n"
    result = run(body)
    assert result.status is Status.FAIL
    assert result.message == "step 1 (buy): buy Province was rejected: cannot buy Province"
    passes(body + "    rejected: true\nexpect: {p1: {discard: []}, supply: {Province: 8}}\n")


def test_rejection_mentions_a_pending_decision() -> None:
    result = run(
        "setup: {p1: {hand: [Chapel, Copper]}}\nsteps:\n  - play: Chapel\n  - play: Copper\n"
    )
    assert "the engine waits for: {player: p1, kind: cards" in result.message


def test_rejected_answer() -> None:
    passes("""
setup: {p1: {hand: [Chapel, Copper, Copper, Copper, Copper, Copper]}}
steps:
  - play: Chapel
  - choose: [Copper, Copper, Copper, Copper, Copper]
    rejected: true
  - choose: [Copper]
expect: {trash: [Copper]}
""")


def test_accepted_when_it_should_be_rejected_fails() -> None:
    result = run("setup: {p1: {hand: [Copper]}}\nsteps:\n  - play: Copper\n    rejected: true\n")
    assert (result.status, result.message) == (
        Status.FAIL,
        "step 1 (play): play Copper should be rejected, but it was accepted",
    )


class LeakyAdapter(FakeAdapter):
    """Refuses a buy, but only after spending the coins: a broken engine."""

    def command(self, verb: str, arg: Any) -> None:
        if verb == "buy":
            self.turn["coins"] = 0
            self.log.append("p1 sighs")
        super().command(verb, arg)


def test_a_rejection_that_changes_the_state_fails() -> None:
    body = "setup: {turn: {coins: 3}}\nsteps:\n  - buy: Province\n    rejected: true\n"
    result = run(body, LeakyAdapter())
    assert (result.status, result.message) == (
        Status.FAIL,
        "step 1 (buy): buy Province was rejected but the state and events changed",
    )


class SpendingReference(ReferenceAdapter):
    """The reference engine, but a refused buy still spends the coins: a broken engine
    whose observations are still the reference's fresh ones (it keeps no copies)."""

    def command(self, verb: str, arg: Any) -> None:
        if verb == "buy":
            self._game().state.turn.coins = 0
        super().command(verb, arg)


class KeepingReference(SpendingReference):
    """That broken engine, handing out one observation that it keeps and changes in place:
    only a copy taken before the step shows what the step changed."""

    def observe(self) -> dict[str, Any]:
        kept: dict[str, Any] = getattr(self, "kept", {})
        kept.clear()
        kept.update(super().observe())
        self.kept = kept
        return kept


REFUSED_BUY = """
setup: {turn: {phase: buy, coins: 3}}
steps:
  - buy: Province
    rejected: true
"""


@pytest.mark.parametrize("adapter", [SpendingReference, KeepingReference])
def test_a_rejection_that_changes_the_reference_engines_state_fails(
    adapter: type[ReferenceAdapter],
) -> None:
    result = run_scenario(load_text(HEAD + REFUSED_BUY, "case.yaml"), adapter())
    assert (result.status, result.message) == (
        Status.FAIL,
        "step 1 (buy): buy Province was rejected but the state changed",
    )
    # The reference's own observations are not copied; an override's are.
    assert adapter().observations_are_copies() is (adapter is SpendingReference)


@pytest.mark.parametrize(
    ("expect", "message"),
    [
        ("p1: {hand: [Copper, Gold]}", "p1.hand expected [Copper, Gold] found [Copper, Silver]"),
        ("p1: {deck: [Estate, Gold]}", "p1.deck expected [Estate, Gold] found [Gold, Estate]"),
        ("p1: {discard: [Duchy]}", "p1.discard expected [Duchy] found [Copper, Estate]"),
        ("p1: {in_play: [Gold]}", "p1.in_play expected [Gold] found []"),
        ("p1: {set_aside: [Gold]}", "p1.set_aside expected [Gold] found []"),
        ("p1: {hand_count: 3}", "p1.hand_count expected 3 found 2"),
        ("p1: {deck_count: 1}", "p1.deck_count expected 1 found 2"),
        ("p1: {discard_count: 0}", "p1.discard_count expected 0 found 2"),
        ("p1: {discard_top: Copper}", "p1.discard_top expected Copper found Estate"),
        ("p2: {discard_top: Copper}", "p2.discard_top expected Copper found nothing"),
        ("p1: {vp_tokens: 1}", "p1.vp_tokens expected 1 found 2"),
        ("p1: {score: 1}", "p1.score expected 1 found 4"),
        ("supply: {Gold: 30, Estate: 7}", "supply.Estate expected 7 found 8"),
        ("trash: [Curse]", "trash expected [Curse] found [Copper]"),
        ("trade_route: 2", "trade_route expected 2 found 1"),
        ("turn: {player: p1, coins: 3}", "turn.coins expected 3 found 0"),
        ("turn: {phase: buy}", "turn.phase expected buy found action"),
        ("pending: {kind: cards}", "pending expected {kind: cards} found nothing"),
        ("game_over: true", "game_over expected true found false"),
        ("winners: [p1]", "winners expected [p1] found []"),
        ("events: [p1 gains Gold]", "events expected [p1 gains Gold] found []"),
    ],
)
def test_each_expectation_key_reports_expected_and_found(expect: str, message: str) -> None:
    body = f"""
setup:
  trash: [Copper]
  trade_route: {{mat: 1, piles: [Duchy, Province]}}
  p1:
    hand: [Copper, Silver]
    deck: [Gold, Estate]
    discard: [Copper, Estate]
    vp_tokens: 2
expect: {{{expect}}}
"""
    result = run(body)
    assert result.status is Status.FAIL
    assert result.message == f"final expect: {message}"
    assert result.line == scenario(body).expect_line


def test_all_mismatches_of_a_checkpoint_are_reported() -> None:
    result = run(
        "setup: {p1: {hand: [Copper]}}\nsteps:\n  - expect: {p1: {hand: [], deck_count: 1}}\n"
    )
    assert result.message == (
        "step 1 (expect): p1.hand expected [] found [Copper]; p1.deck_count expected 1 found 0"
    )


def test_pending_null_fails_when_something_is_pending() -> None:
    result = run(
        "setup: {p1: {hand: [Chapel]}}\nsteps:\n  - play: Chapel\nexpect: {pending: null}\n"
    )
    assert result.message == (
        "final expect: pending expected nothing found {player: p1, kind: cards, source: Chapel}"
    )


def test_events_must_appear_in_order() -> None:
    body = TURN + "steps:\n  - play: Village\nexpect: {events: [%s]}\n"
    passes(body % "p1 plays Village, p1 draws Gold")
    result = run(body % "p1 draws Gold, p1 plays Village")
    assert result.message == (
        "final expect: events expected [p1 draws Gold, p1 plays Village]"
        " found [p1 plays Village, p1 draws Gold]"
    )


def test_events_count_only_since_the_previous_checkpoint() -> None:
    body = (
        TURN
        + """
steps:
  - play: Village
  - expect: {events: [p1 plays Village]}
  - end: action
expect: {%s: [p1 plays Village]}
"""
    )
    assert run(body % "events").message == (
        "final expect: events expected [p1 plays Village] found []"
    )
    passes(body % "no_events")


def test_no_events_fails_when_a_line_appears() -> None:
    result = run(TURN + "steps:\n  - play: Village\nexpect: {no_events: [p1 draws Gold]}\n")
    assert result.message == (
        "final expect: no_events expected none of [p1 draws Gold] found [p1 draws Gold]"
    )


def test_game_over_and_winners() -> None:
    passes("""
setup:
  supply: {Province: 1}
  turn: {phase: buy, coins: 8}
  p2: {hand: [Duchy]}
steps:
  - buy: Province
  - end: turn
expect:
  game_over: true
  winners: [p1]
  p1: {score: 6}
  supply: {Province: 0}
  events: [game ends]
""")


def test_tied_winners_compare_as_a_set() -> None:
    passes(
        "setup: {supply: {Province: 0}, p1: {hand: [Duchy]}, p2: {hand: [Duchy]}}\n"
        "steps:\n  - end: turn\nexpect: {winners: [p2, p1]}\n"
    )


def test_a_bad_shuffle_order_is_an_error_naming_the_key() -> None:
    body = """
setup:
  p1:
    hand: [Smithy]
    discard: [Copper, Copper]
    shuffles: [[Copper, Gold]]
steps:
  - play: Smithy
"""
    result = run(body)
    assert result.status is Status.ERROR
    assert result.message.startswith("step 1 (play): setup.p1.shuffles: ['Copper', 'Gold']")
    assert result.line == 8  # the line of `shuffles`, where the fix belongs


def test_shuffle_orders_are_used() -> None:
    passes("""
setup:
  p1:
    hand: [Smithy]
    discard: [Copper, Gold, Estate]
    shuffles: [[Gold, Estate, Copper]]
steps:
  - play: Smithy
expect:
  p1: {hand: [Gold, Estate, Copper]}
  events: [p1 shuffles, p1 draws Gold]
""")


class CrashingAdapter(FakeAdapter):
    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error

    def command(self, verb: str, arg: Any) -> None:
        raise self.error


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (RuntimeError("boom"), "step 1 (play): RuntimeError: boom"),
        (AdapterError("engine died"), "step 1 (play): engine died"),
        (KeyError("x"), "step 1 (play): KeyError: 'x'"),
    ],
)
def test_adapter_exceptions_become_errors(error: Exception, message: str) -> None:
    result = run(
        "setup: {p1: {hand: [Copper]}}\nsteps:\n  - play: Copper\n", CrashingAdapter(error)
    )
    assert (result.status, result.message) == (Status.ERROR, message)


class BrokenObserve(FakeAdapter):
    def observe(self) -> dict[str, Any]:
        return {"turn": {}}


def test_a_missing_part_of_observe_is_an_error() -> None:
    result = run("setup: {}\nexpect: {p1: {hand: []}}\n", BrokenObserve())
    assert (result.status, result.message) == (
        Status.ERROR,
        "final expect: observe() gave no players",
    )


class Picky(FakeAdapter):
    def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str | None:
        return "no Chapel here" if "Chapel" in cards else None


class RefusesToLoad(FakeAdapter):
    def load(self, setup: dict[str, Any]) -> None:
        raise Unsupported("cannot set up a trash")


def test_unsupported_scenarios_are_skipped_with_the_reason() -> None:
    result = run("setup: {trash: [Chapel]}\n", Picky())
    assert (result.status, result.message) == (Status.SKIP, "no Chapel here")
    result = run("setup: {}\n", RefusesToLoad())
    assert (result.status, result.message) == (Status.SKIP, "cannot set up a trash")


class RejectsSetup(FakeAdapter):
    def load(self, setup: dict[str, Any]) -> None:
        raise Rejected("no such pile")


def test_a_refused_setup_is_an_error() -> None:
    result = run("setup: {}\n", RejectsSetup())
    assert (result.status, result.message) == (
        Status.ERROR,
        "setup: the engine refused it: no such pile",
    )


def test_run_all_uses_one_adapter_and_closes_it() -> None:
    fakes: list[FakeAdapter] = []

    def factory() -> FakeAdapter:
        fakes.append(FakeAdapter())
        return fakes[-1]

    results = run_all([scenario("setup: {}\n"), scenario("setup: {}\n")], factory)
    assert [r.status for r in results] == [Status.PASS, Status.PASS]
    assert len(fakes) == 1 and fakes[0].closed and len(fakes[0].loads) == 2


def test_an_engine_that_cannot_start_stops_the_run_with_one_reason() -> None:
    def factory() -> FakeAdapter:
        raise ImportError("no engine")

    with pytest.raises(RunStopped, match="could not be started: ImportError: no engine"):
        run_all([scenario("setup: {}\n")] * 3, factory)


def test_maxfail_stops_after_that_many_failures_and_errors() -> None:
    failing = scenario("setup: {}\nexpect: {turn: {coins: 5}}\n")
    results = run_all([failing] * 5, FakeAdapter, maxfail=2)
    assert [r.status for r in results] == [Status.FAIL, Status.FAIL]


def test_a_deadline_that_passed_stops_the_run_keeping_what_ran() -> None:
    ticks: list[int] = []

    def progress(_result: Result, done: int, _total: int) -> None:
        ticks.append(done)

    with pytest.raises(RunStopped, match="deadline passed after 0 of 2") as stop:
        run_all([scenario("setup: {}\n")] * 2, FakeAdapter, deadline=0.0, on_result=progress)
    assert stop.value.results == [] and ticks == []
    assert len(run_all([scenario("setup: {}\n")] * 2, FakeAdapter, on_result=progress)) == 2
    assert ticks == [1, 2]


def test_the_collector_runs_less_often_only_while_scenarios_load_and_run(
    tmp_path: Path,
) -> None:
    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []

    def one(scenario: Scenario, adapter: Adapter) -> Result:
        seen.append(gc.get_threshold())
        return run_scenario(scenario, adapter)

    run_all([scenario("setup: {}\n")], FakeAdapter, one)
    with pytest.raises(RunStopped, match="deadline passed"):
        run_all([scenario("setup: {}\n")], FakeAdapter, one, deadline=0.0)
    (tmp_path / "case.yaml").write_text(HEAD + "setup: {}\n")
    run_files([tmp_path / "case.yaml"], FakeAdapter, cards=FAKE_CARDS, run_one=one)
    assert seen == [(YOUNG_COLLECTION_AFTER, *before[1:])] * 2
    assert gc.get_threshold() == before


def test_run_files_reports_malformed_files_as_errors(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(HEAD + "setup: {}\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text(HEAD.replace("case", "bad") + "setup: {p1: {hnad: []}}\n")
    results = run_files([bad, good], FakeAdapter, cards=FAKE_CARDS)
    assert [(r.id, r.status) for r in results] == [
        ("base/test/bad", Status.ERROR),
        ("base/test/case", Status.PASS),
    ]
    assert results[0].message == "setup.p1.hnad: unknown key 'hnad' (did you mean 'hand'?)"
    assert results[0].location == f"{bad}:3"


def test_compare_accepts_extra_whitespace_in_event_lines() -> None:
    state: dict[str, Any] = {}
    assert compare({"events": ["p1  plays Copper"]}, state, None, ["p1 plays  Copper"]) == []
