"""The steps of adding a set (``engine/README.md``, "Adding a set"), each checked: a set
whose module, scenarios, rulings file, schema pre-check, card facts, prose words or test
set lists were forgotten fails here, with the step it missed."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

from card_facts import FACTS_DIR, generated_files, slug

from engine import cards as catalogue
from engine.cards import ALL_CARDS
from engine.sets import REGISTRY
from engine.setup_check import declared
from scenarios import loader, precheck, prose

ROOT = Path(__file__).resolve().parent.parent
CARDS_DIR = ROOT / "engine" / "cards"
# Modules of engine/cards that are not a set's: the catalogue and the shared shapes.
NOT_A_SET = {"__init__", "common"}
# The tests that play "every set" (the equivalence tests and the round trip): they read the
# registry through tests/every_set.py, never a list of their own.
EVERY_SET_TESTS = (
    "test_one_path.py",
    "test_bulk_paths.py",
    "test_record_off.py",
    "test_legal_commands.py",
    "test_decision_purpose.py",
    "test_round_trip.py",
)
KINGDOM = [card_set for card_set in REGISTRY if card_set.kingdom]


def test_step_1_every_card_module_has_its_row_in_the_registry() -> None:
    registered = {module for card_set in REGISTRY for module in card_set.modules}
    on_disk = {f"engine.cards.{path.stem}" for path in CARDS_DIR.glob("*.py")}
    assert on_disk - {f"engine.cards.{name}" for name in NOT_A_SET} == registered


def test_step_2_each_module_ends_in_its_cards_of_its_own_set() -> None:
    for card_set in REGISTRY:
        for name in card_set.modules:
            module = importlib.import_module(name)
            assert module.CARDS, f"{name}: no CARDS"
            assert {card.set for card in module.CARDS} == {card_set.name}, name
            last = _last_assigned(Path(module.__file__ or ""))
            assert last in ("CARDS", "TOKENS", "MATS", "SETUP_RULES"), (
                f"{name} ends in {last}, not in CARDS and its declarations"
            )


def _last_assigned(path: Path) -> str | None:
    """The name the module's last statement assigns, if it is an assignment."""
    last = ast.parse(path.read_text(encoding="utf-8")).body[-1]
    targets = last.targets if isinstance(last, ast.Assign) else [getattr(last, "target", None)]
    return next((target.id for target in targets if isinstance(target, ast.Name)), None)


def test_step_4_each_set_has_scenarios_and_a_rulings_file() -> None:
    for card_set in KINGDOM:
        folder = ROOT / "scenarios" / card_set.name
        assert any(folder.rglob("*.yaml")), f"no scenarios in scenarios/{card_set.name}/"
        rulings = ROOT / "scenarios" / "rulings" / f"{card_set.name}.yaml"
        assert rulings.is_file(), f"no rulings file {rulings.relative_to(ROOT)}"


def test_step_4_the_schema_pre_check_is_regenerated() -> None:
    written = precheck.MODULE_PATH.read_text(encoding="utf-8")
    assert written == precheck.module_text(loader.schema()), "run: python -m scenarios.precheck"


def test_step_5_every_card_has_its_generated_facts() -> None:
    expected = generated_files()
    for card in ALL_CARDS:
        assert any(path.name.startswith(f"{slug(card)}-") for path in expected), card.name
    stale = sorted(
        path.name
        for path in set(FACTS_DIR.glob("*.yaml")) | set(expected)
        if not path.is_file() or path.read_text(encoding="utf-8") != expected.get(path)
    )
    assert stale == [], f"regenerate with `python tests/card_facts.py`: {stale[:5]}"


def test_step_6_every_mat_and_token_of_a_player_has_prose_words() -> None:
    for mat in catalogue.MATS:
        assert mat in prose.ZONE_WORDS, mat
    player_keys = set(declared().player_tokens)
    assert player_keys == set(prose.TOKEN_WORDS), "add the words to scenarios/prose.py"


# A list of two or more set names written out: ("base", "intrigue"), ["seaside", "alchemy"].
_SET_NAMES = "|".join(re.escape(card_set.name) for card_set in KINGDOM)
SPELLED = re.compile(rf"""["'](?:{_SET_NAMES})["'],\s*["'](?:{_SET_NAMES})["']""")


def test_step_7_the_every_set_tests_read_the_registry() -> None:
    for name in EVERY_SET_TESTS:
        text = (ROOT / "tests" / name).read_text(encoding="utf-8")
        assert "from every_set import" in text, f"{name} does not play every_set.SETS"
        assert not SPELLED.search(text), f"{name} names sets of its own"
