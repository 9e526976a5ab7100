"""``pN.revealed`` in an expectation: the cards a player is revealing or looking at,
checkable while a decision about them is pending; an engine that does not report them
skips such a scenario instead of failing it."""

from __future__ import annotations

from typing import Any

from scenarios.adapters.reference import ReferenceAdapter
from scenarios.loader import bundled_dir, load_scenario, load_text
from scenarios.runner import Status, run_scenario

SENTRY = bundled_dir() / "base" / "sentry" / "looked-at-while-deciding.yaml"

LOOK = """
id: base/sentry/revealed-probe
title: the cards Sentry looks at
setup:
  p1:
    hand: [Sentry]
    deck: [Silver, Copper, Province, Gold]
steps:
  - play: Sentry
expect:
  pending: {player: p1, source: Sentry}
  p1: {revealed: REVEALED}
"""


class WithoutRevealed(ReferenceAdapter):
    """The reference engine as an engine that does not report revealed cards."""

    def observe(self) -> dict[str, Any]:
        state = super().observe()
        for player in state["players"].values():
            del player["revealed"]
        return state


def probe(revealed: str) -> Any:
    return load_text(LOOK.replace("REVEALED", revealed), "revealed-probe.yaml")


def test_the_cards_looked_at_are_checked_as_a_multiset_while_pending() -> None:
    assert run_scenario(probe("[Province, Copper]"), ReferenceAdapter()).status is Status.PASS
    wrong = run_scenario(probe("[Copper, Gold]"), ReferenceAdapter())
    assert wrong.status is Status.FAIL
    assert wrong.message.startswith("final expect: p1.revealed expected [Copper, Gold] found")


def test_nothing_is_revealed_when_nothing_is_pending() -> None:
    state = ReferenceAdapter()
    state.load({"players": 2, "kingdom": [], "p1": {"hand": ["Copper"]}})
    assert all(p["revealed"] == [] for p in state.observe()["players"].values())


def test_an_engine_that_does_not_report_revealed_cards_skips_the_scenario() -> None:
    result = run_scenario(load_scenario(SENTRY), WithoutRevealed())
    assert result.status is Status.SKIP
    assert result.message == "reference does not report the cards being revealed (revealed)"
