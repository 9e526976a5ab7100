"""Known engine bugs as mutants of the reference engine: the suite must catch every one.

Each :class:`Mutant` is one small, documented change to the reference engine that
reproduces a bug a real Dominion engine has or had (pydominion, pyminion, the peer-engine
bugs of the design, card facts that automatic mutation testing found unchecked). Running
the catalogue applies each mutant in turn, in process, runs every bundled scenario on
the mutated engine, records which scenarios fail (they *catch* it), and restores the
engine. A mutant no scenario catches *survives*: an engine with that bug would pass the
whole suite, so ``arbiter mutants`` (and the test that runs it) fails. ``--first`` stops
each mutant's run at its first catch, trying the scenarios about its cards first.

A mutant is made of patches of four kinds; the three that name a seam are preferred, so
that moving code leaves the catalogue working:

* :class:`CardPatch`: change fields of a card's definitions (its cost, types, editions,
  bonuses, triggers, abilities), for facts, for where an ability listens, and for what a
  card does: its ability replaced by the ability as the buggy engine has it (a function
  of this module, named for the bug).
* :class:`RulePatch`: a rule function of ``engine.rules`` (costs compared, pile sizes, the
  end of the game, the winners) replaced by the rule as the buggy engine has it.
* :class:`FunctionPatch`: any other named function of the engine replaced the same way: a
  method of a part (``Verbs.play_again``, ``Table.others``, ``Turn.play_refusal``), a
  function of ``engine.triggers``, a helper several cards share (``engine.cards.common``).
* :class:`SourcePatch`: replace a snippet of engine source. The snippet is looked for in
  every file under ``engine/`` and must occur exactly once, so a refactor that moves the
  code keeps the mutant working and one that changes it fails loudly (``tests/
  test_mutants.py``). The function around the snippet is recompiled from the patched
  file and its code object swapped into every live function object made from it
  (closures made by factories included), so every reference to it sees the bug. Only
  for the two bugs inside a hot path (``Verbs.cost``, ``Turn.end_of_turn``) that no
  seam reaches without slowing every game.

``restore`` puts back every code object and field, whatever happened while applied.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import contextlib
import dataclasses
import dis
import functools
import gc
import importlib
import inspect
import re
import sys
import time
import types
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from types import FunctionType
from typing import Any, cast

import engine
from engine import cards as catalogue
from engine import rules, triggers
from engine.abilities import CostChange, Overpay, Replacement, WhenAnyGained
from engine.api import CardAPI
from engine.cards import common, guilds, hinterlands, seaside_mats
from engine.cards.common import (
    Trashed,
    choose_one,
    discard_revealed,
    discards_down_to,
    gain_costing_up_to,
    gain_one,
    gained_zone,
    happening_card,
    make_unaffected,
    move_from_hand,
    not_yet_unaffected,
    owner_bonus,
    play_an_action,
    reveal_top,
)
from engine.cards.intrigue import COURTIER_OPTIONS, trash_from_hand
from engine.cards.seaside import stays
from engine.compiled import is_compiled
from engine.context import Context, Happening, ReplacementContext, TriggerContext
from engine.costs import Cost, CostLimit, as_cost
from engine.decisions import Choice, Decision, DecisionKind, Purpose
from engine.indexes import forget_card_indexes
from engine.lasting import Lasting
from engine.model import (
    ACTION,
    ATTACK,
    DURATION,
    TREASURE,
    VICTORY,
    Card,
    Effect,
    PlayEffect,
    Trigger,
    TriggerEffect,
    TriggerPlace,
)
from engine.rules import (
    copper_pile_size,
    curse_pile_size,
    empty_piles_to_end,
    province_pile_size,
    victory_pile_size,
)
from engine.setup_check import forget_checked_setups
from engine.state import Event, PlayerZone, Zone
from engine.table import Table
from engine.triggers import listeners
from engine.turn import Turn
from engine.verbs import Verbs

ENGINE_DIR = Path(engine.__file__).resolve().parent


class MutantError(Exception):
    """A mutant that cannot be applied (its snippet is missing or not unique, say)."""


# --- patches ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SourcePatch:
    """Replace ``old`` (found exactly once under ``engine/``) by ``new``."""

    old: str
    new: str


@dataclass(frozen=True)
class CardPatch:
    """Change fields of the definitions of ``card`` (every edition's, or ``edition``'s):
    ``change`` maps a definition to the fields it gets."""

    card: str
    change: Callable[[Card], dict[str, Any]]
    edition: int | None = None

    def targets(self) -> list[Card]:
        found = [
            d
            for d in catalogue.definitions(self.card)
            if self.edition is None or self.edition in d.editions
        ]
        if not found:
            raise MutantError(f"{self.card} has no definition for edition {self.edition}")
        return found


@dataclass(frozen=True)
class RulePatch:
    """Replace the rule function ``rule`` (a pure function of ``engine.rules``: the seam
    every cost comparison, pile size and end-of-game test goes through) by ``wrong``, the
    rule as the buggy engine has it, with the same parameters. Its body is run as the
    rule's own (the names it reads are ``engine.rules``'), so it says what is wrong, not
    where in the source: moving code leaves it working, and a rule whose parameters
    change fails it loudly."""

    rule: FunctionType
    wrong: FunctionType


@dataclass(frozen=True)
class FunctionPatch:
    """Replace ``function``, a named function of the engine (a method of a part such as
    ``Verbs.play_again``, a function of a core module, a helper of ``engine.cards``), by
    ``wrong``, the function as the buggy engine has it, with the same parameters. As with
    :class:`RulePatch`, its body is run as the function's own: the global names it reads
    are looked up in the function's module (each must be there, checked when applied), and
    the function keeps its defaults. Moving the function leaves the mutant working; a
    rename fails the catalogue's import, other parameters fail it when applied, and a
    rewrite fails ``tests/test_mutants.py`` (``wrong`` must stay the function with its
    bug: a few lines apart)."""

    function: FunctionType
    wrong: FunctionType


Patch = SourcePatch | CardPatch | RulePatch | FunctionPatch


@dataclass(frozen=True)
class Mutant:
    """One bug: ``name``, what the bug is (``bug``), where it was seen (``seen_in``)."""

    name: str
    bug: str
    seen_in: str
    patches: tuple[Patch, ...]


# --- locating snippets -------------------------------------------------------------------


def engine_sources() -> dict[Path, str]:
    return {path: path.read_text() for path in sorted(ENGINE_DIR.rglob("*.py"))}


def occurrences(snippet: str, sources: dict[Path, str] | None = None) -> list[tuple[Path, int]]:
    """Every (file, offset) where ``snippet`` occurs under ``engine/``."""
    found = []
    for path, text in (sources or engine_sources()).items():
        start = text.find(snippet)
        while start != -1:
            found.append((path, start))
            start = text.find(snippet, start + 1)
    return found


def locate(snippet: str, sources: dict[Path, str] | None = None) -> tuple[Path, int]:
    found = occurrences(snippet, sources)
    if len(found) != 1:
        where = ", ".join(f"{p.relative_to(ENGINE_DIR.parent)}" for p, _ in found) or "nowhere"
        raise MutantError(f"snippet found {len(found)} times ({where}), not once: {snippet!r}")
    return found[0]


# --- applying and restoring ----------------------------------------------------------------


@dataclass
class Applied:
    """What a mutant changed, to put back."""

    code: list[tuple[FunctionType, types.CodeType]] = dataclasses.field(default_factory=list)
    fields: list[tuple[Card, dict[str, Any]]] = dataclasses.field(default_factory=list)
    # ``functools.cache`` wrappers of the patched functions: they hold answers of the code
    # that was in place when they were filled, so they are emptied on apply and restore.
    caches: list[functools._lru_cache_wrapper[Any]] = dataclasses.field(default_factory=list)


_Function = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda


@functools.cache
def _functions_in(source: str) -> tuple[_Function, ...]:
    """The functions of a source text, the last first (parsed once per text: each mutant
    would otherwise parse and walk its files again)."""
    found = [node for node in ast.walk(ast.parse(source)) if isinstance(node, _Function)]
    return tuple(sorted(found, key=lambda node: node.lineno, reverse=True))


def _enclosing(source: str, first: int, last: int) -> list[_Function]:
    """Functions whose lines hold lines ``first``..``last``, innermost first."""
    return [
        node
        for node in _functions_in(source)
        if node.lineno <= first and (node.end_lineno or node.lineno) >= last
    ]


def _key(node: _Function) -> tuple[str, int]:
    """(co_name, co_firstlineno) of the code object compiled from ``node``."""
    if isinstance(node, ast.Lambda):
        return "<lambda>", node.lineno
    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    return node.name, first


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _codes(constant)


# The live functions of some modules by their code's (file, co_name, co_firstlineno).
_LiveFunctions = dict[tuple[Path, str, int], list[FunctionType]]


def _live_functions(modules: dict[Path, types.ModuleType]) -> _LiveFunctions:
    """Every function object made from the code of ``modules``, closures made by factories
    and lambdas kept in data included: each refers to its module's namespace as its
    globals, so one search of the collector for what refers to them finds them all (in C,
    not a Python loop over every object: a test process holds millions)."""
    namespaces = {id(module.__dict__) for module in modules.values()}
    files: dict[str, Path] = {}  # each file name resolved once
    found: _LiveFunctions = {}
    for thing in gc.get_referrers(*(module.__dict__ for module in modules.values())):
        if isinstance(thing, FunctionType) and id(thing.__globals__) in namespaces:
            code = thing.__code__
            # (not every function with a module's globals comes from its file: dataclasses
            # make methods from text)
            if code.co_filename not in files:
                files[code.co_filename] = Path(code.co_filename).resolve()
            path = files[code.co_filename]
            found.setdefault((path, code.co_name, code.co_firstlineno), []).append(thing)
    return found


def _caches_of(functions: list[FunctionType]) -> list[functools._lru_cache_wrapper[Any]]:
    """The ``functools.cache`` wrappers of ``functions``."""
    wrapped = set(map(id, functions))
    return [
        wrapper
        for wrapper in gc.get_referrers(*functions)
        # isinstance first: reading attributes of any object can import lazy modules.
        if isinstance(wrapper, functools._lru_cache_wrapper)
        and id(getattr(wrapper, "__wrapped__", None)) in wrapped
    ]


def _module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE_DIR.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _apply_source(
    path: Path,
    text: str,
    edits: list[tuple[int, SourcePatch]],
    into: Applied,
    live: _LiveFunctions,
) -> None:
    new_text, shift = text, 0
    for offset, patch in sorted(edits, key=lambda edit: edit[0]):
        at = offset + shift
        new_text = new_text[:at] + patch.new + new_text[at + len(patch.old) :]
        shift += len(patch.new) - len(patch.old)
    compiled = list(_codes(compile(new_text, str(path), "exec")))
    line_shifts = [
        (text.count("\n", 0, offset) + 1, patch.new.count("\n") - patch.old.count("\n"))
        for offset, patch in edits
    ]
    done: set[tuple[str, int]] = set()
    for offset, patch in edits:
        first = text.count("\n", 0, offset) + 1
        chain = _enclosing(text, first, first + patch.old.count("\n"))
        for node in chain:
            key = _key(node)
            functions = live.get((path, *key), [])
            if not functions:
                continue  # made at run time: patch the function that makes it
            if key not in done:
                done.add(key)
                moved = key[1] + sum(d for line, d in line_shifts if line < key[1])
                _swap(functions, _code_for(compiled, key[0], moved, patch), into)
            break
        else:
            raise MutantError(f"{patch.old!r} is not inside a function of {path.name}")


def _code_for(
    compiled: list[types.CodeType], name: str, line: int, patch: SourcePatch
) -> types.CodeType:
    found = [c for c in compiled if c.co_name == name and c.co_firstlineno == line]
    if len(found) != 1:
        raise MutantError(f"cannot tell which {name} at line {line} holds {patch.old!r}")
    return found[0]


def _swap(functions: list[FunctionType], code: types.CodeType, into: Applied) -> None:
    for function in functions:
        if function.__code__.co_freevars != code.co_freevars:
            raise MutantError(
                f"the patched {code.co_name} uses other free variables than the original"
            )
        into.code.append((function, function.__code__))
        function.__code__ = code


def _apply_card(patch: CardPatch, into: Applied) -> None:
    for definition in patch.targets():
        changes = patch.change(definition)
        unknown = set(changes) - {f.name for f in dataclasses.fields(Card)}
        if unknown:
            raise MutantError(f"{patch.card}: no field {', '.join(sorted(unknown))}")
        into.fields.append((definition, {k: getattr(definition, k) for k in changes}))
        for field_name, value in changes.items():
            object.__setattr__(definition, field_name, value)
    forget_card_indexes()  # they were worked out from the definitions as they were


def _apply_rule(patch: RulePatch, into: Applied) -> None:
    if patch.rule.__module__ != "engine.rules":
        raise MutantError(f"{patch.rule.__qualname__} is not a rule function of engine.rules")
    _replace_function(patch.rule, patch.wrong, into)


def _apply_function(patch: FunctionPatch, into: Applied) -> None:
    module = patch.function.__module__
    if module != "engine" and not module.startswith("engine."):
        raise MutantError(f"{patch.function.__qualname__} is not a function of the engine")
    _replace_function(patch.function, patch.wrong, into)


def _parameters(function: FunctionType) -> tuple[str, ...]:
    """The names of its parameters, in order (keyword-only and ``*args`` ones included)."""
    code = function.__code__
    count = code.co_argcount + code.co_kwonlyargcount
    count += bool(code.co_flags & inspect.CO_VARARGS) + bool(code.co_flags & inspect.CO_VARKEYWORDS)
    return code.co_varnames[:count]


def _globals_read(code: types.CodeType) -> set[str]:
    """The global names ``code`` (and the functions and comprehensions in it) reads."""
    found = {i.argval for i in dis.get_instructions(code) if i.opname == "LOAD_GLOBAL"}
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            found |= _globals_read(constant)
    return found


def _replace_function(function: FunctionType, wrong: FunctionType, into: Applied) -> None:
    """Run ``wrong``'s body as ``function``'s: same parameters, ``function``'s globals."""
    name = function.__qualname__
    if _parameters(function) != _parameters(wrong):
        raise MutantError(
            f"{wrong.__name__} takes {_parameters(wrong)}, {name} {_parameters(function)}"
        )
    # A name the engine's module lacks would raise while the scenarios run, and an error
    # counts as a catch: the mutant would pass for the wrong reason.
    missing = _globals_read(wrong.__code__) - function.__globals__.keys() - vars(builtins).keys()
    if missing:
        raise MutantError(
            f"{wrong.__name__} reads {', '.join(sorted(missing))}, which {function.__module__}"
            f" (the module of {name}) does not define"
        )
    _swap([function], wrong.__code__, into)


def apply(mutant: Mutant) -> Applied:
    """Apply every patch of ``mutant``; on failure, undo what was done and raise."""
    if is_compiled():
        raise MutantError(
            "mutants rewrite the engine's Python functions, and this engine runs compiled "
            "(ARBITER_COMPILE=1): use a pure-Python install (pip install -e .)"
        )
    applied = Applied()
    try:
        sources = engine_sources()
        by_file: dict[Path, list[tuple[int, SourcePatch]]] = {}
        for patch in mutant.patches:
            if isinstance(patch, SourcePatch):
                path, offset = locate(patch.old, sources)
                by_file.setdefault(path, []).append((offset, patch))
            elif isinstance(patch, RulePatch):
                _apply_rule(patch, applied)
            elif isinstance(patch, FunctionPatch):
                _apply_function(patch, applied)
            else:
                _apply_card(patch, applied)
        if by_file:
            # Their functions must exist to be patched: a module nobody imported yet has none.
            modules = {path: importlib.import_module(_module_name(path)) for path in by_file}
            live = _live_functions(modules)
            for path, edits in by_file.items():
                _apply_source(path, sources[path], edits, applied, live)
        if applied.code:
            applied.caches = _caches_of([function for function, _ in applied.code])
            for cache in applied.caches:
                cache.cache_clear()
    except BaseException:
        restore(applied)
        raise
    # A setup the loader checked before counts as checked no more: the mutant may be in
    # the setup check or in the card facts it reads, and its games must run its check.
    forget_checked_setups()
    return applied


def restore(applied: Applied) -> None:
    for function, code in reversed(applied.code):
        function.__code__ = code
    for cache in applied.caches:
        cache.cache_clear()
    for definition, values in reversed(applied.fields):
        for field_name, value in values.items():
            object.__setattr__(definition, field_name, value)
    if applied.fields:
        forget_card_indexes()
    forget_checked_setups()
    applied.code.clear()
    applied.fields.clear()
    applied.caches.clear()


@contextlib.contextmanager
def mutated(mutant: Mutant) -> Iterator[None]:
    applied = apply(mutant)
    try:
        yield
    finally:
        restore(applied)


# --- helpers for the catalogue -----------------------------------------------------------------


def fields(card: str, edition: int | None = None, **values: Any) -> CardPatch:
    """A definition with some fields set to fixed values (its cost, bonuses, editions); a
    cost written as an int is that many coins."""
    if "cost" in values:
        values["cost"] = as_cost(values["cost"])
    return CardPatch(card, lambda _definition: dict(values), edition)


def also_fires(
    card: str, where: TriggerPlace, also: TriggerPlace, edition: int | None = None
) -> CardPatch:
    """The card's ``where`` triggers fire from ``also`` as well (from hand, from play)."""

    def change(definition: Card) -> dict[str, Any]:
        extra = tuple(
            dataclasses.replace(t, where=also) for t in definition.triggers if t.where == where
        )
        if not extra:
            raise MutantError(f"{card} has no {where!r} trigger")
        return {"triggers": definition.triggers + extra}

    return CardPatch(card, change, edition)


def triggers_changed(
    card: str, edition: int | None = None, *, on: str | None = None, **values: Any
) -> CardPatch:
    """Every trigger of the card (or every one on the event ``on``) with some fields
    changed (``optional``, ``where``, its ``condition``, its ``effect``)."""

    def change(definition: Card) -> dict[str, Any]:
        if not any(on in (None, t.event) for t in definition.triggers):
            raise MutantError(f"{card} has no trigger" + (f" on {on!r}" if on else ""))
        changed: tuple[Trigger, ...] = tuple(
            dataclasses.replace(t, **values) if on in (None, t.event) else t
            for t in definition.triggers
        )
        return {"triggers": changed}

    return CardPatch(card, change, edition)


def types_without(card: str, card_type: str) -> CardPatch:
    def change(definition: Card) -> dict[str, Any]:
        if card_type not in definition.types:
            raise MutantError(f"{card} is not a {card_type}")
        return {"types": definition.types - {card_type}}

    return CardPatch(card, change)


def src(old: str, new: str) -> SourcePatch:
    return SourcePatch(old, new)


def rule(function: Callable[..., Any], wrong: Callable[..., Any]) -> RulePatch:
    assert isinstance(function, FunctionType) and isinstance(wrong, FunctionType)
    return RulePatch(function, wrong)


def seam(function: Callable[..., Any], wrong: Callable[..., Any]) -> FunctionPatch:
    """The engine's ``function`` (``Verbs.play_again``) as the buggy engine has it."""
    assert isinstance(function, FunctionType) and isinstance(wrong, FunctionType)
    return FunctionPatch(function, wrong)


# The rules as buggy engines have them (RulePatch): run as engine.rules' own functions.


def _cost_below_zero(printed: Any, reductions: Sequence[Any], ops: Any) -> Any:
    return printed - sum(reductions)


def _three_piles_always(players: Any, ops: Any) -> Any:
    return 3


def _ties_share_the_win(scores: Sequence[Any], turns: Sequence[Any], ops: Any) -> list[Any]:
    return [ops.all_([scores[me] >= other for other in scores]) for me in range(len(scores))]


def _ends_on_exactly_the_piles(
    pile_counts: Sequence[Any],
    province: int,
    colony: int | None,
    players: Any,
    ops: Any,
    supply: int | None,
) -> Any:
    empties = ops.count_zeros(pile_counts[:supply])
    ends = [pile_counts[province] == 0, empties == empty_piles_to_end(players, ops)]
    if colony is not None:
        ends.append(pile_counts[colony] == 0)
    return ops.any_(ends)


def _coins_and_debt_only(cost: Any, limit: Any, ops: Any) -> Any:
    return (cost.coins <= limit.coins) & (cost.debt <= limit.debt)


def _reductions_ignored(printed: Any, reductions: Sequence[Any], make: Any, ops: Any) -> Any:
    """Every cost is the printed one: no reduction is applied."""
    return printed


def _victory_kingdom_piles_of_10(
    name: str, is_victory: bool, is_kingdom: bool, players: Any, ops: Any
) -> Any:
    """``rules.pile_size`` giving a Victory Kingdom pile the 10 cards of any Kingdom pile."""
    treasure_sets = ops.ite(players >= 5, 2, 1)
    fixed = {"Silver": 40 * treasure_sets, "Gold": 30 * treasure_sets, "Platinum": 12}
    if name in fixed:
        return fixed[name]
    if name == "Copper":
        return copper_pile_size(players, ops)
    if name == "Curse":
        return curse_pile_size(players, ops)
    if name == "Province":
        return province_pile_size(players, ops)
    if name in ("Estate", "Duchy", "Colony"):
        return victory_pile_size(players, ops)
    return 10


def _every_empty_pile_ends_the_game(
    pile_counts: Sequence[Any],
    province: int,
    colony: int | None,
    players: Any,
    ops: Any,
    supply: int | None,
) -> Any:
    """``rules.game_over`` counting the empty piles outside the Supply (Prizes) too."""
    empties = ops.count_zeros(pile_counts)
    ends = [pile_counts[province] == 0, empties >= empty_piles_to_end(players, ops)]
    if colony is not None:
        ends.append(pile_counts[colony] == 0)
    return ops.any_(ends)


# The engine's functions as buggy engines have them (FunctionPatch): each runs as the
# function it replaces (the names it reads are that function's module's), so each reads
# as that function with the bug.


def _others_from_the_first_seat(self: Table, player: int) -> list[int]:
    """``Table.others`` from p1 on, not from the left of ``player``."""
    return [p for p in range(self.players) if p != player]


def _attacks_hit_their_player(self: Lasting, context: Context) -> list[int]:
    """``Lasting.attacked`` with the Attack's own player among those it affects."""
    return [p for p in self.table.turn_order(context.player) if p not in context.unaffected]


def _cost_source_once_per_card(self: Lasting, context: Context) -> None:
    """``Lasting.start_lasting_cost`` counting a card once however often it is played."""
    if context.card not in self.state.turn.cost_sources:
        self.state.turn.cost_sources.append(context.card)


def _next_turn_once_per_card(self: Lasting, context: Context, trigger_index: int) -> None:
    """``Lasting.at_start_of_next_turn`` setting up a card's later part once, however
    often it is played."""
    waiting = self.table.player(context.player).next_turn
    if (context.card, trigger_index) not in waiting:
        waiting.append((context.card, trigger_index))


def _duration_stays_without_its_player(self: Lasting, context: Context) -> None:
    """``Lasting.stay_in_play`` keeping the Duration card but not the card that played it
    (a Throne Room)."""
    player = self.table.player(context.player)
    if context.card not in player.staying:
        player.staying.append(context.card)
    if context.played_by is not None:
        player.played_by[context.card] = context.played_by


def _nothing_stays_in_play(self: Lasting, context: Context) -> None:
    """``Lasting.stay_in_play`` keeping nothing in play (what played it is still noted)."""
    if context.played_by is not None:
        self.table.player(context.player).played_by[context.card] = context.played_by


def _replay_from_the_trash(
    self: Verbs, player: int, card: int, *, by: int | None = None
) -> Effect[None]:
    """``Verbs.play_again`` taking the card back from the trash into play first."""
    self.table.move(card, ("trash", None), ("in_play", player))
    self.table.log(Event(player, "plays", self.table.name_of(card)))
    yield from self._resolve(player, card, by)


def _replay_uses_an_action(
    self: Verbs, player: int, card: int, *, by: int | None = None
) -> Effect[None]:
    """``Verbs.play_again`` using up an Action for each later play."""
    self.state.turn.actions -= 1
    self.table.log(Event(player, "plays", self.table.name_of(card)))
    yield from self._resolve(player, card, by)


def _asks_for_more_than_there_is(
    self: Verbs,
    player: int,
    source: str,
    candidates: Iterable[int],
    minimum: int,
    maximum: int,
    prompt: str,
    kind: DecisionKind = "cards",
    *,
    purpose: Purpose,
) -> Effect[list[int]]:
    """``Verbs.choose_cards`` asking for ``minimum`` cards even when fewer are offered."""
    names = self.state.names
    options = tuple(Choice(card, names[card]) for card in candidates)
    high = min(maximum, len(options))
    picked = yield from self.table.ask(
        Decision(player, kind, source, prompt, options, minimum, high, purpose)
    )
    return picked


def _offered_up_to_the_printed_cost(
    self: Verbs, card: Card, limit: CostLimit | None, fits: Callable[[Card], bool] | None
) -> bool:
    """``Verbs._offered`` comparing the printed cost with an "up to" limit."""
    if fits is not None and not fits(card):
        return False
    if limit is None:
        return True
    if limit.exactly:
        return bool(rules.costs_same(self.cost(card), limit.cost))
    if limit.less:
        return bool(rules.costs_less(self.cost(card), limit.cost))
    return bool(rules.cost_at_most(card.cost, limit.cost))


def _offered_exactly_the_printed_cost(
    self: Verbs, card: Card, limit: CostLimit | None, fits: Callable[[Card], bool] | None
) -> bool:
    """``Verbs._offered`` comparing the printed cost with an "exactly" limit."""
    if fits is not None and not fits(card):
        return False
    if limit is None:
        return True
    if limit.exactly:
        return bool(rules.costs_same(card.cost, limit.cost))
    if limit.less:
        return bool(rules.costs_less(self.cost(card), limit.cost))
    return bool(rules.cost_at_most(self.cost(card), limit.cost))


def _price_is_the_printed_cost(self: Turn, name: str) -> str | None:
    """``Turn.price_refusal`` judging whether a card is affordable on its printed cost."""
    cost, turn = self.table.definition_by_name(name).cost, self.state.turn
    if not rules.affordable(cost, turn.coins, turn.potions):
        potions = f" and {turn.potions} Potions" if cost.potion else ""
        return f"{name} costs {cost}, only ${turn.coins}{potions} available"
    return self.buy_restriction(name) or None


def _pays_the_printed_cost(self: Turn, player: int, pile: str) -> int:
    """``Turn._pay_for`` paying the printed cost, whatever reduces it."""
    turn = self.state.turn
    turn.phase = "buy"
    turn.buys -= 1
    cost = self.table.definition_by_name(pile).cost
    turn.coins -= cost.coins
    if cost.potion:
        turn.potions -= cost.potion
    turn.bought = True
    self.table.log((player, "buys", pile, None))
    return self.state.supply[pile][-1]


def _treasures_after_buying(self: Turn, card: int, name: str) -> str | None:
    """``Turn.play_refusal`` letting Treasures be played after a card was bought."""
    turn, types = self.state.turn, self.by_id[card].types
    if ACTION in types and turn.phase == "action":
        return f"no Action left to play {name}" if turn.actions < 1 else None
    if TREASURE in types:
        return None
    if ACTION in types:
        return f"cannot play {name}: Action cards are played in the Action phase"
    return f"{name} cannot be played"


def _later_parts_never_used_up(self: Turn) -> Effect[None]:
    """``Turn._start_of_turn`` leaving what Duration cards set up for the next turn set
    up for every turn after it as well."""
    active = self.state.turn.player
    player = self.state.players[active]
    if player.next_turn:
        self.state.turn.due.extend(player.next_turn)
        player.attacks.clear()
    if triggers.anyone_listens(self.verbs, "start", active, None):
        yield from triggers.fire(self.verbs, Happening("start", active))


def _reactions_once_per_attack(
    game: Verbs, owner: int, happenings: list[Happening], used: Counter[Any]
) -> list[Any]:
    """``triggers._unused_listeners`` leaving out every listener used on these events, the
    optional ones (Reactions) too."""
    left = Counter(dict(used))
    found: list[Any] = []
    for index, happening in enumerate(happenings):
        for who, card, trigger in listeners(game, happening):
            if who != owner:
                continue
            key = (card, trigger, index)
            if left[key]:
                left[key] -= 1
            else:
                found.append(key)
    return found


def _shields_everyone(ctx: TriggerContext) -> None:
    """``make_unaffected`` (Moat, Lighthouse) making every player unaffected."""
    ctx.happening.data["unaffected"].update(range(ctx.game.players))


def _gained_card_anywhere(ctx: TriggerContext) -> bool:
    """``gained_card_is_where_gained`` true wherever the gained card went (no Stop-Moving)."""
    return ctx.happening.card is not None


def _trash_for_the_printed_cost(ctx: Context, prompt: str = "trash a card") -> Effect[Any]:
    """``trash_one_from_hand`` (Remodel, Expand, Upgrade, ...) returning the trashed card's
    printed cost."""
    game = ctx.game
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(ctx.player, ctx.name, hand, 1, 1, prompt, purpose="trash")
    if not chosen:
        return None
    cost = game.definition(chosen[0]).cost
    trashed = yield from game.trash(ctx.player, chosen[0], ("hand", ctx.player))
    return Trashed(chosen[0], cost) if trashed else None


def _upgrade_trashes_for_the_printed_cost(
    ctx: Context, prompt: str = "trash a card"
) -> Effect[Any]:
    """``trash_one_from_hand`` returning the printed cost when the card is Upgrade."""
    game = ctx.game
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(ctx.player, ctx.name, hand, 1, 1, prompt, purpose="trash")
    if not chosen:
        return None
    if ctx.name == "Upgrade":
        cost = game.definition(chosen[0]).cost
    else:
        cost = game.cost(game.definition(chosen[0]))
    trashed = yield from game.trash(ctx.player, chosen[0], ("hand", ctx.player))
    return Trashed(chosen[0], cost) if trashed else None


def _discard_down_to_stopping_at_a_small_hand(size: int) -> PlayEffect:
    """``discard_down_to`` (Militia, Goons) stopping at the first player with ``size``
    cards or fewer."""

    def effect(ctx: Context) -> Effect[None]:
        game = ctx.game
        for victim in game.attacked(ctx):
            if len(game.player(victim).hand) <= size:
                break
            yield from discards_down_to(ctx, victim, size)

    return effect


def _without_static(card: Card, kind: type[Any], where: str) -> tuple[Any, ...]:
    """The card's static abilities less those of ``kind`` placed ``where``."""
    kept = tuple(s for s in card.static if not (isinstance(s, kind) and s.where == where))
    if kept == card.static:
        raise MutantError(f"{card.name} has no {kind.__name__} {where!r}")
    return kept


# The cards' abilities as buggy engines have them (CardPatch), each named for its bug and
# saying what differs from the card's own; and the helpers card modules expose as buggy
# engines have them (FunctionPatch).


def _mine_reads_the_printed_cost(optional: bool) -> PlayEffect:
    """Mine with its limit worked out from the trashed Treasure's printed cost."""

    def effect(ctx: Context) -> Effect[None]:
        game = ctx.game
        treasures = [c for c in game.player(ctx.player).hand if game.definition(c).is_(TREASURE)]
        chosen = yield from choose_one(
            ctx, treasures, "trash a Treasure", optional=optional, purpose="trash"
        )
        if chosen is None:
            return
        limit = game.definition(chosen).cost + 3
        yield from game.trash(ctx.player, chosen, ("hand", ctx.player))
        pile = yield from game.choose_gain(
            ctx.player,
            ctx.name,
            CostLimit(limit, relative_to=(chosen,)),
            f"gain a Treasure costing up to {limit} to your hand",
            fits=lambda card: card.is_(TREASURE),
        )
        if pile is not None:
            yield from game.gain(ctx.player, pile, "hand")

    return effect


def _talisman_reads_the_printed_cost(ctx: TriggerContext) -> bool:
    """Talisman testing the bought card's printed cost against $4."""
    bought = happening_card(ctx)
    return not bought.is_(VICTORY) and rules.cost_at_most(bought.cost, Cost(4))


def _talisman_copies_any_card(ctx: TriggerContext) -> bool:
    """Talisman copying a bought Victory card too."""
    return bool(rules.cost_at_most(ctx.game.cost(happening_card(ctx)), Cost(4)))


def _victory_gained_bought_or_not(ctx: TriggerContext) -> bool:
    """2nd-edition Hoard's Gold for a Victory card gained, bought or not."""
    return happening_card(ctx).is_(VICTORY)


def _quarry_discounts_every_card(game: CardAPI, card: Card) -> int:
    """Quarry's reduction applied to every card, not only to Actions."""
    reduction: int = rules.quarry_reduction(1, True)
    return reduction


def _play_a_card_staying_with_a_duration(
    card_type: str, times: int, *, optional: bool, excluded: str | None = None
) -> PlayEffect:
    """``play_a_card`` (Throne Room, King's Court) keeping its card in play with every
    Duration card it plays, whether that card stays or not."""

    def effect(ctx: Context) -> Effect[None]:
        game = ctx.game
        actions = [
            card
            for card in game.player(ctx.player).hand
            if game.definition(card).is_(card_type)
            and (excluded is None or not game.definition(card).is_(excluded))
        ]
        kind = "an Action card" if card_type == ACTION else f"a {card_type}"
        prompt = f"play {kind} {times} times"
        chosen = yield from choose_one(ctx, actions, prompt, optional=optional, purpose="play")
        if chosen is None:
            return
        played = yield from game.play(ctx.player, chosen, by=ctx.card)
        if played and game.definition(chosen).is_(DURATION):
            game.player(ctx.player).staying.append(ctx.card)
        if played:
            for _ in range(times - 1):
                yield from game.play_again(ctx.player, chosen, by=ctx.card)

    return effect


def _mining_village_pays_each_play(ctx: Context) -> Effect[None]:
    """Mining Village offering its trash for +2 coins on every play, and paying it whether
    the card was trashed or not (Throne Room: +4 coins for one trash)."""
    game = ctx.game
    if (yield from game.yes_no(ctx.player, ctx.name, "trash this for +2 coins?")):
        yield from game.trash(ctx.player, ctx.card, ("in_play", ctx.player))
        game.bonus(ctx.player, coins=2)


def _mill_pays_for_one_discard(ctx: Context) -> Effect[None]:
    """Mill paying +2 coins when at least one card (not two) was discarded."""
    game = ctx.game
    if not game.player(ctx.player).hand:
        return
    if not (yield from game.yes_no(ctx.player, ctx.name, "discard 2 cards for +2 coins?")):
        return
    discarded = yield from move_from_hand(game, ctx.player, ctx.name, 2, "discard 2 cards")
    if discarded >= 1:
        game.bonus(ctx.player, coins=2)


def _ironworks_bonus_only_from_the_discard_pile(ctx: Context) -> Effect[None]:
    """Ironworks giving no bonus once a when-gain ability moved the gained card away."""
    game = ctx.game
    gained = yield from gain_one(ctx, CostLimit(4), "gain a card costing up to 4")
    if gained is None:
        return
    definition = game.definition(gained)
    if gained not in game.player(ctx.player).discard:
        return
    if definition.is_(ACTION):
        game.bonus(ctx.player, actions=1)
    if definition.is_(TREASURE):
        game.bonus(ctx.player, coins=1)
    if definition.is_(VICTORY):
        game.draw(ctx.player, 1)


def _trade_route_token_moves_on_any_gain(game: CardAPI, card: int, source: Zone) -> None:
    """Trade Route's token moving on a gain from anywhere (the trash), not from its pile."""
    game.take_pile_token(game.name_of(card), "trade_route")


def _wishing_well_reveals_what_is_not_there(ctx: Context) -> Effect[None]:
    """Wishing Well reading the revealed card even when the deck had none to reveal."""
    game = ctx.game
    named = yield from game.name_a_card(ctx.player, ctx.name, "name a card")
    card = cast(int, game.reveal_top(ctx.player))  # None when there was nothing
    destination: PlayerZone = "hand" if game.name_of(card) == named else "deck"
    game.put(ctx.player, card, ("revealed", ctx.player), destination)


def _artisan_topdecks_two(ctx: Context) -> Effect[None]:
    """Artisan letting its player put one or two cards (not one) onto the deck."""
    game = ctx.game
    yield from gain_costing_up_to(5, "hand")(ctx)
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(
        ctx.player,
        ctx.name,
        hand,
        1,
        2,
        "put a card from your hand onto your deck",
        purpose="topdeck",
    )
    for card in chosen:
        game.topdeck(ctx.player, card)


def _courtier_with(*, reveals: int = 1, gold_from_an_empty_pile: bool = False) -> PlayEffect:
    """Courtier letting its player reveal up to ``reveals`` cards (one is right), and,
    ``gold_from_an_empty_pile``, taking its Gold off the Gold pile unchecked (it crashes on
    an empty pile)."""

    def effect(ctx: Context) -> Effect[None]:
        game = ctx.game
        hand = game.player(ctx.player).hand
        chosen = yield from game.choose_cards(
            ctx.player, ctx.name, hand, 1, reveals, "reveal a card", purpose="reveal"
        )
        if not chosen:
            return
        game.reveal(ctx.player, chosen)
        count = min(len(game.definition(chosen[0]).types), len(COURTIER_OPTIONS))
        picked = yield from game.choose_option(
            ctx.player, ctx.name, COURTIER_OPTIONS, f"choose {count} different", count, count
        )
        if "+1 Action" in picked:
            game.bonus(ctx.player, actions=1)
        if "+1 Buy" in picked:
            game.bonus(ctx.player, buys=1)
        if "+$3" in picked:
            game.bonus(ctx.player, coins=3)
        if "Gold" in picked and gold_from_an_empty_pile:
            gold = game.state.supply["Gold"][-1]
            yield from game.gain_card(ctx.player, gold, ("supply", "Gold"))
        elif "Gold" in picked:
            yield from game.gain(ctx.player, "Gold")

    return effect


def _feast_gains_only_if_trashed(ctx: Context) -> Effect[None]:
    """Feast gaining only when it trashed itself (Throne Room's second play gains nothing)."""
    if (yield from ctx.game.trash(ctx.player, ctx.card, ("in_play", ctx.player))):
        yield from gain_costing_up_to(5)(ctx)


def _trading_post_pays_for_one_trash(ctx: Context) -> Effect[None]:
    """Trading Post gaining its Silver when at least one card (not two) was trashed."""
    trashed = yield from trash_from_hand(ctx, 2, "trash 2 cards from your hand")
    if trashed >= 1:
        yield from ctx.game.gain(ctx.player, "Silver", "hand")


def _vault_draws_after_one_discard(ctx: Context) -> Effect[None]:
    """Vault letting another player draw when they discarded one card (not two)."""
    game = ctx.game
    hand = game.player(ctx.player).hand
    chosen = yield from game.choose_cards(
        ctx.player,
        ctx.name,
        hand,
        0,
        len(hand),
        "discard any number of cards, +1 coin each",
        purpose="discard",
    )
    discarded = yield from game.discard_cards(ctx.player, chosen)
    game.bonus(ctx.player, coins=len(discarded))
    for other in game.others(ctx.player):
        hand = game.player(other).hand
        if not hand:
            continue
        wants = yield from game.yes_no(other, ctx.name, "discard 2 cards to draw 1?")
        if not wants:
            continue
        count = min(2, len(hand))
        discards = yield from game.choose_cards(
            other, ctx.name, hand, count, count, "discard 2", purpose="discard"
        )
        moved = yield from game.discard_cards(other, discards)
        if len(moved) >= 1:
            game.draw(other, 1)


def _conspirator_counts_cards_in_play(ctx: Context) -> Effect[None]:
    """Conspirator counting the Action cards in play, not the Actions played."""
    game = ctx.game
    in_play = (
        card for card in game.player(ctx.player).in_play if game.definition(card).is_(ACTION)
    )
    if sum(1 for _ in islice(in_play, 3)) == 3:
        game.draw(ctx.player, 1)
        game.bonus(ctx.player, actions=1)
    yield from ()


def _lasting_once_per_card(ctx: Context) -> None:
    """A card's lasting trigger started once per card, not once per play (Merchant's and
    Coppersmith's bonus: a second play, or Throne Room's, adds nothing)."""
    if all(card != ctx.card for _, card, _ in ctx.game.state.turn.lasting):
        ctx.game.start_lasting(ctx, 0)


def _watchtower_trash_keeps_the_card(ctx: TriggerContext) -> Effect[None]:
    """Watchtower's reaction doing nothing when its player picks "trash"."""
    game = ctx.game
    card = ctx.happening.card
    assert card is not None
    game.reveal(ctx.owner, [ctx.card])
    picked = yield from game.choose_option(
        ctx.owner, ctx.name, ("trash", "topdeck"), f"trash {game.name_of(card)} or topdeck it"
    )
    if picked != ["trash"]:
        game.topdeck(ctx.owner, card, gained_zone(ctx)[0])


def _masquerade_with(
    skip_empty_hands: bool, *, its_player_picks: bool = False, trashes: bool = True
) -> PlayEffect:
    """Masquerade (``skip_empty_hands``: its 2nd edition) with its player picking every
    player's card to pass (``its_player_picks``), or trashing nothing at the end
    (``trashes`` False)."""

    def effect(ctx: Context) -> Effect[None]:
        game = ctx.game
        order = game.turn_order(ctx.player)
        passers = [p for p in order if game.player(p).hand]
        if skip_empty_hands:
            receiver = {p: passers[(i + 1) % len(passers)] for i, p in enumerate(passers)}
        else:
            receiver = {p: (p + 1) % game.players for p in passers}
        passes: list[tuple[int, int]] = []
        for giver in passers:
            chosen = yield from game.choose_cards(
                ctx.player if its_player_picks else giver,
                ctx.name,
                game.player(giver).hand,
                1,
                1,
                f"pass a card to p{receiver[giver] + 1}",
                purpose="pass",
            )
            passes.extend((giver, card) for card in chosen)
        for giver, card in passes:
            game.pass_card(giver, card, receiver[giver])
        hand = game.player(ctx.player).hand
        trashed = yield from game.choose_cards(
            ctx.player, ctx.name, hand, 0, 1, "you may trash a card from your hand", purpose="trash"
        )
        for card in trashed if trashes else ():
            yield from game.trash(ctx.player, card, ("hand", ctx.player))

    return effect


def _swindler_offers_empty_piles(ctx: Context) -> Effect[None]:
    """Swindler offering empty piles too for the replacement (one picked gives nothing)."""
    game = ctx.game
    for victim in game.attacked(ctx):
        card = game.top_of_deck(victim)
        if card is None:
            continue
        cost = game.cost(game.definition(card))
        trashed = yield from game.trash(victim, card, ("deck", victim))
        if not trashed:
            continue
        pile = yield from game.choose_gain(
            ctx.player,
            ctx.name,
            CostLimit(cost, exactly=True, relative_to=(card,)),
            f"pick a card costing {cost} for p{victim + 1} to gain",
            empty_too=True,
        )
        if pile is not None:
            yield from game.gain(victim, pile)


def _bandit_picks_for_the_victim(ctx: Context) -> Effect[None]:
    """Bandit trashing the first eligible Treasure without asking its owner which."""
    game = ctx.game
    yield from game.gain(ctx.player, "Gold")
    for victim in game.attacked(ctx):
        revealed = reveal_top(ctx.game, victim, 2)
        targets = [
            c for c in revealed if game.definition(c).is_(TREASURE) and game.name_of(c) != "Copper"
        ]
        chosen = targets[:1] or (
            yield from game.choose_cards(
                victim,
                ctx.name,
                targets,
                1,
                1,
                "trash a revealed Treasure other than Copper",
                purpose="trash",
            )
        )
        for card in chosen:
            yield from game.trash(victim, card, ("revealed", victim))
        yield from discard_revealed(ctx.game, victim, revealed)


def _library_discards_at_once(ctx: Context) -> Effect[None]:
    """Library discarding a skipped Action from hand at once, not setting it aside."""
    game = ctx.game
    hand = game.player(ctx.player).hand
    while len(hand) < 7:
        drawn = game.draw(ctx.player, 1)
        if not drawn:
            break
        card = drawn[0]
        if game.definition(card).is_(ACTION) and (
            yield from game.yes_no(ctx.player, ctx.name, f"set aside {game.name_of(card)}?")
        ):
            yield from game.discard(ctx.player, card)


def _outpost_1_turn_after_turn(ctx: Context) -> None:
    """1st-edition Outpost giving an extra turn even in the second turn in a row."""
    game = ctx.game
    game.draw_next_hand(3)
    game.queue_turn(ctx.player)
    game.stay_in_play(ctx)


def _tactician_stays_with_an_empty_hand(ctx: Context) -> Effect[None]:
    """Tactician staying for its next-turn part though it had no card to discard."""
    game, player = ctx.game, ctx.player
    yield from game.discard_cards(player, list(game.player(player).hand))
    stays(ctx)


def _sheltered_on_its_own_turn(ctx: TriggerContext) -> bool:
    """2nd-edition Lighthouse sheltering its player during their own turn only."""
    return not_yet_unaffected(ctx) and ctx.game.state.turn.player == ctx.owner


def _shelter_from_the_first_play(ctx: TriggerContext) -> Effect[None]:
    """Lighthouse sheltering from the first play of an Attack card in a turn only."""
    attack = ctx.happening.card
    assert attack is not None
    if ctx.game.state.turn.plays.count(ctx.game.name_of(attack)) < 2:
        make_unaffected(ctx)
    yield from ()


def _embargo_curse_is_the_bought_one(ctx: TriggerContext) -> Effect[None]:
    """Embargo's Curses with no card kept back: a Curse bought from an embargoed Curse
    pile is taken as the token's Curse."""
    game, bought = ctx.game, ctx.happening.card
    curses = game.state.supply.get("Curse", [])
    tokens = 0 if bought is None else game.pile_tokens(game.name_of(bought), "embargo")
    for _ in range(tokens):
        if not any(card != bought for card in curses[-2:]):
            return
        yield from game.gain(ctx.happening.player, "Curse")


def _victory_in_the_last_gain(ctx: TriggerContext, *, bought: bool, phase: str | None) -> bool:
    """``victory_gained`` (Treasury) looking at the last card gained only."""
    game = ctx.game
    return any(
        game.definition_by_name(card).is_(VICTORY)
        and (was_bought or not bought)
        and (phase is None or then == phase)
        for card, was_bought, then in game.state.turn.gains[-1:]
    )


def _victory_type_alone(ctx: TriggerContext, *, bought: bool, phase: str | None) -> bool:
    """``victory_gained`` (Treasury) counting a card whose only type is Victory."""
    game = ctx.game
    return any(
        game.definition_by_name(card).types == {VICTORY}
        and (was_bought or not bought)
        and (phase is None or then == phase)
        for card, was_bought, then in game.state.turn.gains
    )


def _overpaid_2_on_any_gain(card: Card) -> dict[str, Any]:
    """An overpay card's triggers firing when it is gained without a buy too, as if $2 had
    been overpaid."""

    def as_if_overpaid(effect: TriggerEffect) -> TriggerEffect:
        def overpaid(ctx: TriggerContext) -> Effect[None]:
            ctx.happening.data.setdefault("overpaid", Cost(2))
            yield from effect(ctx)

        return overpaid

    if not card.static_of(Overpay):
        return {}
    return {
        "triggers": tuple(
            dataclasses.replace(t, condition=lambda _ctx: True, effect=as_if_overpaid(t.effect))
            for t in card.triggers
        )
    }


def _coffers_after_a_buy(game: CardAPI, edition: int) -> str | None:
    """The Coffers' refusal without the first edition's "not once a card is bought"."""
    if edition >= 2:
        return None
    if not game.in_phase("buy"):
        return "first edition: Coffers are spent in the Buy phase only"
    return None


def _spending_coffers() -> Callable[..., Any]:
    """The refusal of the Coffers tokens (``engine.tokens.Spend``) Guilds declares."""
    (coffers,) = (kind for kind in guilds.TOKENS if kind.name == guilds.COFFERS)
    assert coffers.spend is not None
    return coffers.spend.refusal


def _young_witch_bane_blocks_nothing(ctx: Context) -> Effect[None]:
    """Young Witch giving the Curse to a player who revealed the Bane as well."""
    game = ctx.game
    yield from move_from_hand(game, ctx.player, ctx.name, 2, "discard 2")
    bane = game.state.bane
    for victim in game.attacked(ctx):
        banes = [card for card in game.player(victim).hand if game.name_of(card) == bane]
        shown = yield from game.choose_cards(
            victim, ctx.name, banes, 0, 1, "you may reveal a Bane to gain no Curse",
            purpose="reveal",
        )  # fmt: skip
        if shown:
            game.reveal(victim, shown)
        yield from game.gain(victim, "Curse")


def _horn_of_plenty_counts_cards(ctx: Context) -> Effect[None]:
    """Horn of Plenty's limit: the cards in play, not the differently named ones."""
    game = ctx.game
    in_play = list(game.player(ctx.player).in_play)
    limit = len(in_play)
    pile = yield from game.choose_gain(
        ctx.player,
        ctx.name,
        CostLimit(limit, relative_to=tuple(in_play)),
        f"gain a card costing up to {limit}",
    )
    if pile is None:
        return
    gained = yield from game.gain(ctx.player, pile)
    if gained is not None and game.definition(gained).is_(VICTORY):
        yield from game.trash(ctx.player, ctx.card, ("in_play", ctx.player))


def _fairgrounds_counts_cards(owned: list[Card]) -> int:
    """Fairgrounds counting cards, not differently named cards."""
    return 2 * (len(owned) // 5)


def _horse_traders_blocks_the_attack(ctx: TriggerContext) -> Effect[None]:
    """Horse Traders set aside making its player unaffected by the Attack, as Moat does."""
    game = ctx.game
    ctx.happening.data["unaffected"].add(ctx.owner)
    if game.set_aside(ctx.owner, ctx.card):
        game.at_start_of_next_turn(Context(game, ctx.owner, ctx.card), 1)
    yield from ()


def _golem_spends_actions(ctx: Context) -> Effect[None]:
    """Golem using up an Action for each Action card it plays."""
    game = ctx.game
    revealed: list[int] = []
    found: list[int] = []
    while len(found) < 2:
        card = game.reveal_top(ctx.player)
        if card is None:
            break
        revealed.append(card)
        if game.definition(card).is_(ACTION) and game.name_of(card) != "Golem":
            found.append(card)
    yield from discard_revealed(game, ctx.player, [card for card in revealed if card not in found])
    ordered = yield from game.choose_order(ctx.player, ctx.name, found, "play first")
    for card in ordered:
        game.bonus(ctx.player, actions=-1)
        yield from game.play(ctx.player, card, "revealed")


def _trader_gains_silver_as_well(ctx: ReplacementContext) -> Effect[None]:
    """1st-edition Trader's Silver with the replaced gain not cancelled."""
    game = ctx.game
    game.reveal(ctx.owner, [ctx.card])
    yield from game.gain(ctx.owner, "Silver", instead_of=ctx.would.card)


def _trader_exchange_is_a_gain(ctx: TriggerContext) -> Effect[None]:
    """2nd-edition Trader returning the card and then gaining the Silver (a gain others may
    answer), not exchanging one for the other."""
    game = ctx.game
    card = ctx.happening.card
    assert card is not None
    game.reveal(ctx.owner, [ctx.card])
    game.return_to_supply(ctx.owner, card, gained_zone(ctx))
    yield from game.gain(ctx.owner, "Silver")


def _haggler_cheaper_than_haggler(ctx: TriggerContext) -> Effect[None]:
    """Haggler's extra card cheaper than Haggler, not than the card bought."""
    yield from hinterlands.gain_cheaper(ctx.game, ctx.owner, ctx.name, ctx.card, non_victory=True)


def _cheaper_means_up_to(
    game: CardAPI, player: int, source: str, than: int, *, non_victory: bool = False
) -> Effect[None]:
    """``gain_cheaper`` (Border Village, Haggler) allowing a card of the same cost."""
    cost = game.cost(game.definition(than))
    kind = "non-Victory card" if non_victory else "card"
    pile = yield from game.choose_gain(
        player,
        source,
        CostLimit(cost, relative_to=(than,)),
        f"gain a {kind} costing less than {cost}",
        fits=(lambda card: not card.is_(VICTORY)) if non_victory else None,
    )
    if pile is not None:
        yield from game.gain(player, pile)


def _in_clean_up_too(ctx: TriggerContext) -> bool:
    """``not_in_clean_up`` (Tunnel, Weaver, Trail) true in the Clean-up as well."""
    return True


# The cards with an overpay, by name (their every edition).
_OVERPAY_CARDS = sorted({card.name for card in catalogue.ALL_CARDS if card.static_of(Overpay)})


def _every_ability(where: TriggerPlace, *, also: TriggerPlace) -> list[CardPatch]:
    """Every card's triggers that fire from ``where`` firing from ``also`` as well (a rule
    of the engine wrong for every card), each definition patched once."""
    return [
        also_fires(card.name, where, also, edition=card.editions[0])
        for card in catalogue.ALL_CARDS
        if any(trigger.where == where for trigger in card.triggers)
    ]


def _vanilla_bonus(card: Card) -> tuple[int, int, int, int, int]:
    return card.cards, card.actions, card.buys, card.coins, card.potions


def _bonus_before_the_reactions(card: Card) -> dict[str, Any]:
    """An Attack card's vanilla bonus (+Cards, +Actions, ...) given as it is played, by a
    "when you play this" trigger, which resolves before the Reactions to the Attack are
    asked; the card itself then gives none."""
    cards, actions, buys, coins, potions = _vanilla_bonus(card)
    if potions:
        raise MutantError(f"{card.name} gives a Potion, which owner_bonus does not")
    bonus = owner_bonus(cards, actions, buys, coins)
    return {
        "cards": 0,
        "actions": 0,
        "buys": 0,
        "coins": 0,
        # Last: a Duration card or a lasting ability names its triggers by their index.
        "triggers": (*card.triggers, Trigger("play", "self", bonus)),
    }


def m(name: str, bug: str, seen_in: str, *patches: Patch) -> Mutant:
    return Mutant(name, bug, seen_in, patches)


PYDOMINION = "pydominion (reproduced on its code for issue 13)"
ALCHEMY = "Alchemy's known bug classes in other engines (issue 30)"
DESIGN = "DESIGN.md, Known bugs of peer engines"
COSMIC = "cosmic-ray survivor (issue 13): a card fact no scenario checked"
HOSTILE3 = "a bug class of other engines no scenario caught (third hostile audit, issue 34)"


def androminion(number: int) -> str:
    return f"androminion issue #{number} (github.com/mehtank/androminion)"


def pyminion(number: int) -> str:
    return f"pyminion 0.4.0, rule bug {number} (docs/reports/pyminion.rst)"


def _soothsayer_first() -> Callable[..., Any]:
    """First-edition Soothsayer's play (every Curse first, then the draws)."""
    effect = catalogue.lookup("Soothsayer", {"cornucopia-guilds": 1}).effect
    assert effect is not None
    return effect


def _lasting_trigger_0() -> Callable[..., Any]:
    from engine.cards.common import lasting_trigger

    return lasting_trigger(0)


def _topdeck_the_gained(ctx: TriggerContext) -> Effect[None]:
    """Put the card just gained from the discard pile onto the deck (a Nomad Camp moved after
    its gain, as engines that gain to the discard pile first do)."""
    card = ctx.happening.card
    assert card is not None
    ctx.game.topdeck(ctx.owner, card, "discard")
    yield from ()


# --- the catalogue ------------------------------------------------------------------------------

MUTANTS: tuple[Mutant, ...] = (
    # ---- while in play, from hand; reactions, from play ------------------------------------------
    m(
        "while-in-play-fires-from-hand",
        'Every "while this is in play" ability also fires while the card is in hand.',
        f"{DESIGN}; {PYDOMINION}",
        *_every_ability("in_play", also="hand"),
    ),
    m(
        "reactions-fire-from-play",
        "Every Reaction (a when-in-hand ability) also fires while the card is in play.",
        f"{DESIGN}; {PYDOMINION}",
        *_every_ability("hand", also="in_play"),
    ),
    m(
        "hoard-from-hand",
        "1st-edition Hoard gains a Gold for a bought Victory card while in hand, not in play.",
        PYDOMINION,
        also_fires("Hoard", "in_play", "hand", edition=1),
    ),
    m(
        "goons-from-hand",
        "Goons gives +1 VP token per card bought while it is in hand.",
        PYDOMINION,
        also_fires("Goons", "in_play", "hand"),
    ),
    m(
        "talisman-from-hand",
        "Talisman gains a copy of a bought card while it is in hand.",
        PYDOMINION,
        also_fires("Talisman", "in_play", "hand"),
    ),
    m(
        "royal-seal-from-hand",
        "Royal Seal offers to topdeck a gained card while it is in hand.",
        PYDOMINION,
        also_fires("Royal Seal", "in_play", "hand"),
    ),
    m(
        "quarry-from-hand",
        "1st-edition Quarry makes Actions cheaper while it is in hand.",
        PYDOMINION,
        src(
            "for source in self.state.players[turn.player].in_play if in_play_costs else ()",
            "for source in [*self.state.players[turn.player].in_play, "
            "*self.state.players[turn.player].hand] if in_play_costs else ()",
        ),
    ),
    m(
        "watchtower-in-play",
        "Watchtower reacts to a gain while it is in play (it is a Reaction from hand only).",
        PYDOMINION,
        also_fires("Watchtower", "hand", "in_play"),
    ),
    # ---- printed cost instead of the current cost ------------------------------------------------
    m(
        "upgrade-printed-cost",
        "Upgrade reads the trashed card's printed cost, not its current cost.",
        PYDOMINION,
        seam(common.trash_one_from_hand, _upgrade_trashes_for_the_printed_cost),
    ),
    m(
        "trash-to-gain-printed-cost",
        "Remodel, Expand, Upgrade, Replace, Bishop read the trashed card's printed cost.",
        f"{DESIGN}; {PYDOMINION}",
        seam(common.trash_one_from_hand, _trash_for_the_printed_cost),
    ),
    m(
        "costs-up-to-printed",
        '"Gain a card costing up to" compares printed costs (Workshop with Bridge).',
        DESIGN,
        seam(Verbs._offered, _offered_up_to_the_printed_cost),
    ),
    m(
        "costs-exactly-printed",
        '"Costing exactly" (Upgrade, Forge, Swindler) compares printed costs.',
        DESIGN,
        seam(Verbs._offered, _offered_exactly_the_printed_cost),
    ),
    m(
        "buy-checks-printed-cost",
        "Whether a card can be bought is judged on its printed cost.",
        DESIGN,
        seam(Turn.price_refusal, _price_is_the_printed_cost),
    ),
    m(
        "buy-pays-printed-cost",
        "A bought card costs its printed cost in coins, whatever reduces it.",
        DESIGN,
        seam(Turn._pay_for, _pays_the_printed_cost),
    ),
    m(
        "no-cost-reductions",
        "Every cost is the printed one (Bridge, Quarry, Peddler change nothing).",
        DESIGN,
        rule(rules.reduce_cost, _reductions_ignored),
    ),
    m(
        "mine-printed-cost",
        "Mine's limit is the trashed Treasure's printed cost plus 3.",
        DESIGN,
        fields("Mine", 1, effect=_mine_reads_the_printed_cost(optional=False)),
        fields("Mine", 2, effect=_mine_reads_the_printed_cost(optional=True)),
    ),
    m(
        "talisman-printed-cost",
        "Talisman tests the bought card's printed cost against 4.",
        DESIGN,
        triggers_changed("Talisman", condition=_talisman_reads_the_printed_cost),
    ),
    m(
        "peddler-never-cheaper",
        "Peddler's own cost reduction in the Buy phase is ignored.",
        DESIGN,
        CardPatch("Peddler", lambda card: {"static": _without_static(card, CostChange, "self")}),
    ),
    m(
        "quarry-reduces-every-card",
        "Quarry makes every card cheaper, not only Actions.",
        "common rules slip: Quarry's reduction applied to Treasures and Victory cards",
        CardPatch(
            "Quarry",
            lambda card: {
                "static": tuple(
                    dataclasses.replace(ability, amount=_quarry_discounts_every_card)
                    if isinstance(ability, CostChange)
                    else ability
                    for ability in card.static
                )
            },
        ),
    ),
    m(
        "bridge-counts-cards",
        "A lasting cost reduction counts the cards that give it, not their plays, so Throne "
        "Room on Bridge (or on 2nd-edition Quarry) lowers costs by 1 only.",
        DESIGN,
        seam(Lasting.start_lasting_cost, _cost_source_once_per_card),
    ),
    m(
        "cost-goes-negative",
        "A cost can be reduced below 0 (Bridge on Copper pays you).",
        "rules/cost: costs are never below 0",
        rule(rules.current_cost, _cost_below_zero),
    ),
    # ---- played twice, trashed once --------------------------------------------------------------
    m(
        "second-play-pulls-card-from-trash",
        "Throne Room's second play takes the card back out of the trash into play.",
        f"{DESIGN}; {PYDOMINION}; {androminion(82)}",
        seam(Verbs.play_again, _replay_from_the_trash),
    ),
    m(
        "mining-village-twice",
        "Mining Village played twice by Throne Room or King's Court gives +2 coins on each "
        "play although it is trashed only once.",
        PYDOMINION,
        fields("Mining Village", effect=_mining_village_pays_each_play),
    ),
    m(
        "mill-coins-after-one-discard",
        "Mill gives +2 coins after discarding only one card.",
        DESIGN,
        fields("Mill", effect=_mill_pays_for_one_discard),
    ),
    m(
        "ironworks-bonus-lost-when-moved",
        "Ironworks gives no bonus when a when-gain effect moved the gained card away.",
        "common when-gain bug (Ironworks with Watchtower)",
        fields("Ironworks", effect=_ironworks_bonus_only_from_the_discard_pile),
    ),
    m(
        "trade-route-token-from-trash",
        "Trade Route's token moves when a card is gained from the trash (Lurker), not "
        "only on a gain from its pile.",
        PYDOMINION,
        CardPatch(
            "Trade Route",
            lambda card: {
                "static": tuple(
                    WhenAnyGained(_trade_route_token_moves_on_any_gain)
                    if isinstance(ability, WhenAnyGained)
                    else ability
                    for ability in card.static
                )
            },
        ),
    ),
    m(
        "wishing-well-reveals-empty-deck",
        "Wishing Well with no card to reveal reads a card that is not there (crashes).",
        pyminion(5),
        fields("Wishing Well", effect=_wishing_well_reveals_what_is_not_there),
    ),
    m(
        "artisan-topdecks-two",
        "Artisan lets its player put two cards onto the deck.",
        "cosmic-ray survivor (issue 13): a pick's maximum off by one",
        fields("Artisan", effect=_artisan_topdecks_two),
    ),
    m(
        "courtier-reveals-two",
        "Courtier lets its player reveal two cards.",
        "cosmic-ray survivor (issue 13): a pick's maximum off by one",
        fields("Courtier", effect=_courtier_with(reveals=2)),
    ),
    m(
        "feast-gains-only-if-trashed",
        "Feast played twice gains only once, because the second play cannot trash it.",
        "common Throne Room bug (Feast ruling base/feast)",
        fields("Feast", effect=_feast_gains_only_if_trashed),
    ),
    # ---- a bonus paid when what it depends on did not happen -------------------------------------
    m(
        "trading-post-silver-after-one-trash",
        "Trading Post gives its Silver after trashing only one card.",
        f"{DESIGN}; {PYDOMINION}",
        fields("Trading Post", effect=_trading_post_pays_for_one_trash),
    ),
    m(
        "vault-draw-after-one-discard",
        "Vault lets another player draw after discarding only one card.",
        DESIGN,
        fields("Vault", effect=_vault_draws_after_one_discard),
    ),
    # ---- counting plays --------------------------------------------------------------------------
    m(
        "conspirator-counts-cards-in-play",
        "Conspirator counts Action cards in play, so a card played twice counts once.",
        f"{DESIGN}; {androminion(56)}",
        fields("Conspirator", effect=_conspirator_counts_cards_in_play),
    ),
    m(
        "merchant-counts-cards",
        "Merchant gives +1 coin per Merchant card, so one played twice gives it once.",
        pyminion(8),
        fields("Merchant", lasting=_lasting_once_per_card),
    ),
    m(
        "coppersmith-counts-cards",
        "Coppersmith played twice makes Copper worth 2, not 3.",
        DESIGN,
        fields("Coppersmith", lasting=_lasting_once_per_card),
    ),
    m(
        "kings-court-plays-twice",
        "King's Court plays the chosen card twice instead of three times.",
        "common multi-play slip",
        fields("King's Court", effect=play_an_action(2, optional=True)),
    ),
    m(
        "replay-uses-an-action",
        "Throne Room's later plays use up an Action each.",
        "common multi-play slip",
        seam(Verbs.play_again, _replay_uses_an_action),
    ),
    m(
        "goons-counts-plays",
        "Goons played three times by King's Court gives +3 VP per card bought (it is one "
        "card in play: +1).",
        f"{androminion(81)}; {androminion(165)}",
        CardPatch(
            "Goons",
            lambda card: {
                "triggers": tuple(dataclasses.replace(t, where="turn") for t in card.triggers),
                "lasting": lambda ctx: ctx.game.start_lasting(ctx, 0),
            },
        ),
    ),
    m(
        "watchtower-trash-does-nothing",
        "Watchtower's trash option leaves the gained card where it is.",
        androminion(39),
        triggers_changed("Watchtower", effect=_watchtower_trash_keeps_the_card),
    ),
    m(
        "masquerade-trash-does-nothing",
        "Masquerade's optional trash at the end trashes nothing.",
        androminion(12),
        fields("Masquerade", 1, effect=_masquerade_with(False, trashes=False)),
        fields("Masquerade", 2, effect=_masquerade_with(True, trashes=False)),
    ),
    # ---- the pyminion bugs -----------------------------------------------------------------------
    m(
        "victory-kingdom-piles-of-10",
        "Victory Kingdom piles have 10 cards whatever the player count.",
        pyminion(1),
        rule(rules.pile_size, _victory_kingdom_piles_of_10),
    ),
    m(
        "others-from-first-seat",
        "Effects on other players go from p1 on, not from the left of the player.",
        pyminion(2),
        seam(Table.others, _others_from_the_first_seat),
    ),
    m(
        "swindler-offers-empty-piles",
        "Swindler's replacement may be picked from an empty pile (and gives nothing).",
        pyminion(3),
        fields("Swindler", effect=_swindler_offers_empty_piles),
    ),
    m(
        "mandatory-pick-from-nothing",
        "A mandatory pick with nothing to pick still asks for a card (no legal answer).",
        pyminion(4),
        seam(Verbs.choose_cards, _asks_for_more_than_there_is),
    ),
    m(
        "courtier-gold-from-empty-pile",
        "Courtier's Gold with the Gold pile empty crashes instead of gaining nothing.",
        pyminion(6),
        fields("Courtier", effect=_courtier_with(gold_from_an_empty_pile=True)),
    ),
    m(
        "masquerade-player-picks-for-all",
        "Masquerade's player chooses every player's card to pass.",
        pyminion(9),
        fields("Masquerade", 1, effect=_masquerade_with(False, its_player_picks=True)),
        fields("Masquerade", 2, effect=_masquerade_with(True, its_player_picks=True)),
    ),
    m(
        "reaction-once-per-attack",
        "A Reaction can be revealed only once per Attack, even while it could be again "
        "(Diplomat still with 5 cards, Secret Chamber back in hand).",
        pyminion(12),
        seam(triggers._unused_listeners, _reactions_once_per_attack),
    ),
    # ---- attacks and reactions -------------------------------------------------------------------
    m(
        "reactions-after-the-attack-starts",
        "Reactions to an Attack are asked after its +Cards, not before anything happens.",
        pyminion(10),
        *(
            CardPatch(card.name, _bonus_before_the_reactions, card.editions[0])
            for card in catalogue.ALL_CARDS
            if card.is_(ATTACK) and any(_vanilla_bonus(card))
        ),
    ),
    m(
        "bandit-picks-for-victim",
        "Bandit trashes the first eligible Treasure without asking the victim.",
        pyminion(11),
        fields("Bandit", effect=_bandit_picks_for_the_victim),
    ),
    m(
        "throne-room-mandatory",
        "Throne Room (2nd edition) and King's Court must play a card (choosing none refused).",
        pyminion(7),
        fields("Throne Room", 2, effect=play_an_action(2, optional=False)),
        fields("King's Court", effect=play_an_action(3, optional=False)),
    ),
    m(
        "attack-stops-at-a-small-hand",
        "Militia's attack stops at the first player with 3 cards or fewer: the players "
        "after them discard nothing.",
        "cosmic-ray survivor (issue 13): continue written break",
        *(
            fields(card, effect=_discard_down_to_stopping_at_a_small_hand(3))
            for card in ("Militia", "Goons")
        ),
    ),
    m(
        "moat-shields-everyone",
        "A Moat revealed by one player makes every player unaffected.",
        "common reaction slip",
        seam(common.make_unaffected, _shields_everyone),
    ),
    m(
        "attack-hits-its-player",
        "An Attack's effect on other players also hits the player who played it.",
        "common attack slip",
        seam(Lasting.attacked, _attacks_hit_their_player),
    ),
    m(
        "moat-reacts-to-own-attack",
        "Moat is offered against its own player's Attack.",
        "common reaction slip",
        triggers_changed("Moat", who="any"),
    ),
    m(
        "royal-seal-mandatory",
        "Royal Seal always topdecks the gained card, without asking.",
        "common optional-ability slip",
        triggers_changed("Royal Seal", optional=False),
    ),
    m(
        "gained-card-moved-from-anywhere",
        "A when-gain ability moves the gained card even after another one moved it "
        "(Watchtower then Royal Seal: the Stop-Moving rule ignored).",
        "Stop-Moving rule (rules/stop-moving)",
        seam(common.gained_card_is_where_gained, _gained_card_anywhere),
    ),
    # ---- when-buy and when-gain ------------------------------------------------------------------
    m(
        "talisman-copies-victory-cards",
        "Talisman copies bought Victory cards too.",
        "card text slip",
        triggers_changed("Talisman", condition=_talisman_copies_any_card),
    ),
    m(
        "hoard-2-any-victory-gain",
        "2nd-edition Hoard gains a Gold for any Victory card gained, bought or not.",
        "edition slip (Hoard's 2nd-edition text)",
        triggers_changed("Hoard", 2, condition=_victory_gained_bought_or_not),
    ),
    # ---- the turn, the end, the winner -----------------------------------------------------------
    m(
        "treasures-after-buying",
        "Treasures can still be played after a card was bought.",
        "common turn-structure slip",
        seam(Turn.play_refusal, _treasures_after_buying),
    ),
    m(
        "three-piles-with-six-players",
        "The game ends on three empty Supply piles with 5 or 6 players too (four is right).",
        "common end-of-game slip",
        rule(rules.empty_piles_to_end, _three_piles_always),
    ),
    m(
        "tie-ignores-turns",
        "Tied players share the win even when one had fewer turns.",
        "common tie-break slip",
        rule(rules.winner_flags, _ties_share_the_win),
    ),
    m(
        "end-needs-exactly-three-piles",
        "The game ends on exactly three empty piles: a turn that empties a fourth at once "
        "does not end it.",
        "cosmic-ray survivor (issue 13): >= written is",
        rule(rules.game_over, _ends_on_exactly_the_piles),
    ),
    m(
        "library-discards-at-once",
        "Library discards a skipped Action at once instead of setting it aside until the end "
        "(it then gets shuffled into the deck Library is drawing from).",
        "common set-aside slip (base/library/4)",
        fields("Library", effect=_library_discards_at_once),
    ),
    # ---- Duration cards with Throne Room and King's Court ---------------------------------------
    m(
        "throne-room-leaves-its-duration",
        "The Throne Room or King's Court that played a Duration card is discarded in "
        "Clean-up instead of staying in play with it.",
        f"{androminion(57)}; {androminion(61)}; {androminion(304)}",
        seam(Lasting.stay_in_play, _duration_stays_without_its_player),
    ),
    m(
        "duration-later-part-once-when-replayed",
        "A Duration card played two or three times (Throne Room, King's Court) does its "
        "start-of-next-turn part only once.",
        androminion(61),
        seam(Lasting.at_start_of_next_turn, _next_turn_once_per_card),
    ),
    m(
        "throne-room-stays-with-any-duration",
        "A Throne Room that plays a Duration card stays in play even when that card does "
        "not (Tactician with nothing to discard).",
        androminion(307),
        *(
            fields(
                card,
                edition,
                effect=_play_a_card_staying_with_a_duration(ACTION, times, optional=optional),
            )
            for card, edition, times, optional in (
                ("Throne Room", 1, 2, False),
                ("Throne Room", 2, 2, True),
                ("King's Court", None, 3, True),
            )
        ),
    ),
    m(
        "duration-discarded-at-clean-up",
        "A Duration card is discarded in the Clean-up of the turn it was played; its later "
        "part still happens, but while-in-play parts (1st-edition Lighthouse) end early.",
        "common Duration slip (rules/duration/1)",
        seam(Lasting.stay_in_play, _nothing_stays_in_play),
    ),
    m(
        "duration-later-part-every-turn",
        "A Duration card's start-of-next-turn part is never used up: it happens again at "
        "the start of every later turn.",
        "common Duration slip (rules/duration/1)",
        seam(Turn._start_of_turn, _later_parts_never_used_up),
    ),
    m(
        "duration-never-leaves-play",
        "A Duration card stays in play after the turn its later part happened.",
        "common Duration slip (rules/duration/1)",
        src("self.state.players[following].staying.clear()", "pass"),
    ),
    m(
        "outpost-1-turn-after-turn",
        "1st-edition Outpost played in its own extra turn gives yet another one (three or "
        "more turns in a row).",
        "rules/extra-turn/4: never more than two turns in a row",
        fields("Outpost", 1, lasting=_outpost_1_turn_after_turn),
    ),
    m(
        "tactician-empty-hand-still-stays",
        "Tactician played with an empty hand still stays and gives +5 Cards next turn "
        "(so Throne Room on Tactician gives +10).",
        f"{androminion(304)}; seaside/tactician/4 and /5",
        fields("Tactician", effect=_tactician_stays_with_an_empty_hand),
    ),
    m(
        "lighthouse-2-protects-only-on-its-turn",
        '2nd-edition Lighthouse protects only during its player\'s own turn (a "this turn" '
        "effect), not until the start of their next turn.",
        "common Duration slip (seaside/lighthouse/3)",
        triggers_changed("Lighthouse", 2, on="attack", condition=_sheltered_on_its_own_turn),
    ),
    m(
        "lighthouse-first-play-only",
        "Lighthouse protects only against the first play of an Attack card in a turn: the "
        "second play by Throne Room (or another copy) affects its player.",
        HOSTILE3,
        triggers_changed("Lighthouse", on="attack", effect=_shelter_from_the_first_play),
    ),
    m(
        "embargo-curse-is-the-bought-one",
        "Buying a Curse from a Curse pile with an Embargo token: the token's Curse is the "
        "bought one, so the buyer gets one Curse instead of two.",
        "the reference engine before issue 34 (third hostile audit)",
        triggers_changed("Embargo", effect=_embargo_curse_is_the_bought_one),
    ),
    m(
        "treasury-last-gain-only",
        "Treasury looks only at the last card gained (bought) this turn, or in this Buy "
        "phase, for a Victory card.",
        HOSTILE3,
        seam(seaside_mats.victory_gained, _victory_in_the_last_gain),
    ),
    m(
        "treasury-victory-type-alone",
        "Treasury counts only a card whose only type is Victory: an Action and Victory card "
        "(Island) does not stop it.",
        HOSTILE3,
        seam(seaside_mats.victory_gained, _victory_type_alone),
    ),
    # ---- card facts: costs -----------------------------------------------------------------------
    m(
        "laboratory-costs-4",
        "Laboratory costs 4 (5 is right).",
        COSMIC,
        fields("Laboratory", cost=4),
    ),
    m(
        "woodcutter-costs-2",
        "Woodcutter costs 2 (3 is right).",
        COSMIC,
        fields("Woodcutter", cost=2),
    ),
    m("feast-costs-5", "Feast costs 5 (4 is right).", COSMIC, fields("Feast", cost=5)),
    m("militia-costs-3", "Militia costs 3 (4 is right).", COSMIC, fields("Militia", cost=3)),
    m("militia-costs-5", "Militia costs 5 (4 is right).", COSMIC, fields("Militia", cost=5)),
    m("library-costs-6", "Library costs 6 (5 is right).", COSMIC, fields("Library", cost=6)),
    m(
        "adventurer-costs-5",
        "Adventurer costs 5 (6 is right).",
        COSMIC,
        fields("Adventurer", cost=5),
    ),
    m(
        "adventurer-costs-7",
        "Adventurer costs 7 (6 is right).",
        COSMIC,
        fields("Adventurer", cost=7),
    ),
    m("goons-costs-5", "Goons costs 5 (6 is right).", COSMIC, fields("Goons", cost=5)),
    m("colony-costs-10", "Colony costs 10 (11 is right).", COSMIC, fields("Colony", cost=10)),
    # ---- card facts: editions --------------------------------------------------------------------
    m(
        "throne-room-1-in-both-editions",
        "The 1st-edition Throne Room (mandatory) is also used for the 2nd edition.",
        COSMIC,
        fields("Throne Room", 1, editions=(1, 2)),
    ),
    m(
        "masquerade-1-in-both-editions",
        "The 1st-edition Masquerade (empty hands still receive) is used for the 2nd edition.",
        COSMIC,
        fields("Masquerade", 1, editions=(1, 2)),
    ),
    m(
        "mint-1-in-both-editions",
        "The 1st-edition Mint (trashes on buy) is used for the 2nd edition (on gain).",
        COSMIC,
        fields("Mint", 1, editions=(1, 2)),
    ),
    m(
        "hoard-1-in-both-editions",
        "The 1st-edition Hoard (while in play, on buy) is used for the 2nd edition.",
        COSMIC,
        fields("Hoard", 1, editions=(1, 2)),
    ),
    m(
        "quarry-1-in-both-editions",
        "The 1st-edition Quarry (while in play) is used for the 2nd edition (this turn).",
        COSMIC,
        fields("Quarry", 1, editions=(1, 2)),
    ),
    # ---- card facts: types -----------------------------------------------------------------------
    m(
        "great-hall-not-victory",
        "Great Hall is only an Action (it is an Action-Victory card).",
        COSMIC,
        types_without("Great Hall", "Victory"),
    ),
    m(
        "harem-not-treasure",
        "Harem is only a Victory card (it is a Treasure-Victory card).",
        COSMIC,
        types_without("Harem", "Treasure"),
    ),
    m(
        "nobles-not-action",
        "Nobles is only a Victory card (it is an Action-Victory card).",
        COSMIC,
        types_without("Nobles", "Action"),
    ),
    m(
        "militia-not-attack",
        "Militia is not an Attack (Moat cannot block it).",
        COSMIC,
        types_without("Militia", "Attack"),
    ),
    m(
        "moat-not-reaction",
        "Moat is not a Reaction card (Courtier counts one type).",
        COSMIC,
        types_without("Moat", "Reaction"),
    ),
    # ---- card facts: vanilla bonuses and VP ------------------------------------------------------
    m("smithy-draws-4", "Smithy draws 4 cards (3 is right).", COSMIC, fields("Smithy", cards=4)),
    m(
        "village-one-action",
        "Village gives +1 Action (+2 is right).",
        COSMIC,
        fields("Village", actions=1),
    ),
    m("festival-no-buy", "Festival gives no +Buy.", COSMIC, fields("Festival", buys=0)),
    m("market-no-coin", "Market gives no +1 coin.", COSMIC, fields("Market", coins=0)),
    m(
        "laboratory-no-action",
        "Laboratory gives no +Action.",
        COSMIC,
        fields("Laboratory", actions=0),
    ),
    m("woodcutter-no-buy", "Woodcutter gives no +Buy.", COSMIC, fields("Woodcutter", buys=0)),
    m(
        "platinum-worth-4",
        "Platinum is worth 4 coins (5 is right).",
        COSMIC,
        fields("Platinum", coins=4),
    ),
    m("duchy-worth-2", "Duchy is worth 2 VP (3 is right).", COSMIC, fields("Duchy", vp=2)),
    m(
        "gardens-rounds-up",
        "Gardens rounds up (1 VP per started 10 cards).",
        "common scoring slip",
        CardPatch("Gardens", lambda _card: {"vp_counter": lambda owned: -(-len(owned) // 10)}),
    ),
    # ---- Cornucopia & Guilds: the bug classes of issue 31 ----------------------------------------
    m(
        "non-supply-piles-end-the-game",
        "An empty pile outside the Supply (Prizes, Rewards) counts as an empty Supply pile "
        "towards the end of the game.",
        "issue 31: Prizes counted as a Supply pile (rules/non-supply/3)",
        rule(rules.game_over, _every_empty_pile_ends_the_game),
    ),
    m(
        "overpay-on-any-gain",
        "An overpay card gained without being bought (Workshop, Horn of Plenty) still does "
        "its overpay, as if $2 had been overpaid.",
        "issue 31: Overpay on a gain that was not a buy (rules/overpay/3)",
        *(CardPatch(card, _overpaid_2_on_any_gain) for card in _OVERPAY_CARDS),
    ),
    m(
        "coffers-1-after-a-buy",
        "Under the first-edition rules Coffers may still be spent after a card is bought.",
        "issue 31: Coffers spent after a buy in the first edition (rules/coffers/3)",
        seam(_spending_coffers(), _coffers_after_a_buy),
    ),
    m(
        "bane-does-not-block",
        "Revealing the Bane to Young Witch does not keep its player from gaining the Curse.",
        "issue 31: the Bane not blocking (cornucopia-guilds/young-witch/3)",
        fields("Young Witch", effect=_young_witch_bane_blocks_nothing),
    ),
    m(
        "overpay-2-on-the-buy",
        "Second-edition overpay effects happen on the buy, before the bought card is gained "
        "(the first edition's timing).",
        "issue 31: the when-buy or when-gain timing by edition (rules/overpay/8)",
        *(
            triggers_changed(card, 2, event="buy")
            for card in ("Stonemason", "Herald", "Farrier", "Infirmary")
        ),
    ),
    m(
        "horn-of-plenty-counts-cards",
        "Horn of Plenty counts the cards in play, not the differently named ones.",
        "issue 31: Horn of Plenty counting differently named cards (horn-of-plenty/1)",
        fields("Horn of Plenty", effect=_horn_of_plenty_counts_cards),
    ),
    m(
        "fairgrounds-counts-cards",
        "Fairgrounds counts cards, not differently named cards.",
        "issue 31: Fairgrounds counting differently named cards (fairgrounds/1)",
        fields("Fairgrounds", vp_counter=_fairgrounds_counts_cards),
    ),
    m(
        "soothsayer-2-curses-then-draws",
        "Second-edition Soothsayer gives every Curse before anyone draws (the first edition's "
        "order).",
        "issue 31: Soothsayer's second-edition order (soothsayer/6)",
        CardPatch("Soothsayer", lambda card: {"effect": _soothsayer_first()}, edition=2),
    ),
    m(
        "horse-traders-blocks-the-attack",
        "Setting Horse Traders aside makes its player unaffected by the Attack, like Moat.",
        "issue 31: Horse Traders set aside as a reaction (horse-traders/3)",
        triggers_changed("Horse Traders", on="attack", effect=_horse_traders_blocks_the_attack),
    ),
    m(
        "merchant-guild-1-per-play",
        "First-edition Merchant Guild gives Coffers per play (Throne Room: two per buy), not "
        "per copy in play.",
        "issue 31: Merchant Guild, first edition (merchant-guild/3)",
        CardPatch(
            "Merchant Guild",
            lambda card: {
                "triggers": (dataclasses.replace(card.triggers[0], where="turn"),),
                "lasting": _lasting_trigger_0(),
            },
            edition=1,
        ),
    ),
    # ---- Alchemy: the bug classes of other engines (issue 30) ------------------------------------
    m(
        "possession-gains-stay-with-possessed",
        "The cards the possessed player gains in a Possession turn stay theirs.",
        ALCHEMY,
        CardPatch("Possession", lambda card: {"replacements": _without(card, "gain")}),
    ),
    m(
        "possession-trash-is-trashed",
        "The possessed player's trashed cards stay in the trash (they come back after the "
        "Possession turn).",
        ALCHEMY,
        CardPatch("Possession", lambda card: {"replacements": _without(card, "trash")}),
    ),
    m(
        "coin-limit-takes-potion-costs",
        'A limit in coins ("costing up to $4") ignores the Potion part, so Workshop gains a '
        "Transmute ($0P) and University a Golem.",
        ALCHEMY,
        rule(rules.cost_at_most, _coins_and_debt_only),
    ),
    m(
        "golem-spends-actions",
        "The Actions Golem plays each use up an Action (a player's last Action spent on Golem "
        "leaves none for them).",
        ALCHEMY,
        fields("Golem", effect=_golem_spends_actions),
    ),
    m(
        "philosophers-stone-counted-at-buy",
        "Philosopher's Stone's coins follow the deck and discard pile after it is played, "
        "as if counted when buying (a card gained first adds to them).",
        ALCHEMY,
        CardPatch(
            "Philosopher's Stone",
            lambda card: {"triggers": (Trigger("gain", "in_play", _stone_counted_again),)},
        ),
    ),
    # ---- Hinterlands: gains, replacements, exchanges, discards -------------------------------
    m(
        "trader-replaced-gain-still-happens",
        "First-edition Trader gives its Silver but the card it replaced is gained too, with "
        "everything its gain sets off (the Blue dog rule broken).",
        f"{DESIGN}; issue 29",
        CardPatch(
            "Trader",
            lambda card: {
                "replacements": tuple(
                    dataclasses.replace(r, effect=_trader_gains_silver_as_well)
                    for r in card.replacements
                )
            },
            edition=1,
        ),
    ),
    m(
        "trader-exchange-gains-the-silver",
        "Second-edition Trader returns the card and gains a Silver: the Silver is a gain that "
        "Watchtower, Royal Seal or another Trader may answer (an exchange is not a gain).",
        "issue 29",
        triggers_changed("Trader", 2, effect=_trader_exchange_is_a_gain),
    ),
    m(
        "nomad-camp-visits-the-discard-pile",
        "A gained Nomad Camp goes to the discard pile first and is then moved onto the deck "
        "(the No Visiting rule broken: abilities on its gain find it in the discard pile).",
        f"{DESIGN}; issue 29",
        CardPatch(
            "Nomad Camp",
            lambda _card: {
                "replacements": (),
                "triggers": (Trigger("gain", "self", _topdeck_the_gained),),
            },
        ),
    ),
    m(
        "farmland-by-the-wrong-edition",
        "Farmland's first-edition ability (when bought) in a second-edition game, and the "
        "second's (when gained, never a Farmland) in a first-edition one.",
        "issue 29",
        CardPatch("Farmland", lambda _card: {"triggers": hinterlands.FARMLAND_2.triggers}, 1),
        CardPatch("Farmland", lambda _card: {"triggers": hinterlands.FARMLAND_1.triggers}, 2),
    ),
    m(
        "haggler-cheaper-than-haggler",
        "Haggler's extra card costs less than Haggler, not less than the card bought.",
        "issue 29",
        triggers_changed("Haggler", effect=_haggler_cheaper_than_haggler),
    ),
    m(
        "cheaper-means-up-to",
        '"A cheaper card" (Border Village, Haggler, Berserker) allows a card of the same cost.',
        "issue 29",
        seam(hinterlands.gain_cheaper, _cheaper_means_up_to),
    ),
    m(
        "discard-reactions-in-clean-up",
        "Tunnel, Weaver and Trail may react to being discarded in Clean-up (Tunnel's Gold, "
        "Weaver and Trail played), and Trail to its gain or trash then.",
        "issue 29",
        seam(hinterlands.not_in_clean_up, _in_clean_up_too),
    ),
    m(
        "highway-per-play-in-first-edition",
        "First-edition Highway lowers costs once per play, for the turn (Throne Room: $2 less),"
        " not once per copy in play.",
        "issue 29",
        CardPatch(
            "Highway",
            lambda _card: {
                "static": hinterlands.HIGHWAY_2.static,
                "lasting": hinterlands.HIGHWAY_2.lasting,
            },
            edition=1,
        ),
    ),
)


def _without(card: Card, event: str) -> tuple[Replacement, ...]:
    return tuple(r for r in card.replacements if r.event != event)


def _stone_counted_again(ctx: TriggerContext) -> Effect[None]:
    """A coin more each time a gain brings the deck and discard pile to a multiple of 5."""
    state = ctx.game.player(ctx.owner)
    if (len(state.deck) + len(state.discard)) % 5 == 0:
        ctx.game.bonus(ctx.owner, coins=1)
    yield from ()


# --- running -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    mutant: Mutant
    caught_by: tuple[str, ...]  # ids of the scenarios that fail or err on the mutant
    error: str = ""  # why the mutant could not be applied

    @property
    def survived(self) -> bool:
        return not self.caught_by and not self.error


def bundled_scenarios() -> list[Any]:
    from scenarios.loader import bundled_dir, discover, load_many

    loaded, failures = load_many(discover([bundled_dir()]))
    if failures:
        raise MutantError(f"{len(failures)} bundled scenario file(s) do not load: {failures[0]}")
    return loaded


def _failing(scenarios: Sequence[Any], maxfail: int | None = None) -> tuple[str, ...]:
    from scenarios.adapters.reference import ReferenceAdapter
    from scenarios.runner import Status, run_all

    # Without the check of the reference engine's own declarations: a mutant stands for
    # another engine's bug, which only the scenarios' expectations can catch.
    results = run_all(scenarios, lambda: ReferenceAdapter(declarations=False), maxfail=maxfail)
    return tuple(sorted(r.id for r in results if r.status in (Status.FAIL, Status.ERROR)))


@functools.cache
def _card_name_pattern() -> re.Pattern[str]:
    names = sorted({card.name for card in catalogue.ALL_CARDS}, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(map(re.escape, names)) + r")\b")


def cards_of(mutant: Mutant) -> frozenset[str]:
    """The cards a mutant is about: those its card patches change and those its
    description names."""
    patched = {patch.card for patch in mutant.patches if isinstance(patch, CardPatch)}
    return frozenset(patched | set(_card_name_pattern().findall(mutant.bug)))


def likely_catchers_first(mutant: Mutant, scenarios: Sequence[Any]) -> list[Any]:
    """``scenarios``, those naming a card the mutant is about first (else in order)."""
    cards = cards_of(mutant)
    return sorted(scenarios, key=lambda scenario: cards.isdisjoint(scenario.named))


def run_mutants(
    mutants: Iterable[Mutant],
    scenarios: Sequence[Any] | None = None,
    progress: Callable[[Verdict], None] | None = None,
    *,
    first: bool = False,
) -> list[Verdict]:
    """Apply each mutant, run ``scenarios`` (default: the bundled ones), restore.

    ``first``: stop each mutant's run at the first scenario that catches it, trying the
    scenarios about its cards first; whether a mutant is caught is the same, its verdict
    names one catching scenario, and the catalogue runs about ten times faster.
    """
    scenarios = bundled_scenarios() if scenarios is None else scenarios
    broken = _failing(scenarios)
    if broken:
        raise MutantError(f"the unmutated engine fails {len(broken)} scenario(s): {broken[0]}")
    verdicts = []
    for mutant in mutants:
        try:
            with mutated(mutant):
                if first:
                    caught = _failing(likely_catchers_first(mutant, scenarios), maxfail=1)
                else:
                    caught = _failing(scenarios)
            verdict = Verdict(mutant, caught)
        except MutantError as exc:
            verdict = Verdict(mutant, (), str(exc))
        verdicts.append(verdict)
        if progress is not None:
            progress(verdict)
    return verdicts


# --- the command ----------------------------------------------------------------------------------


def _line(verdict: Verdict, verbose: bool, first: bool) -> str:
    name = verdict.mutant.name
    if verdict.error:
        return f"ERROR     {name}: {verdict.error}"
    if verdict.survived:
        return f"SURVIVED  {name}: {verdict.mutant.bug}"
    if first:
        return f"caught    {name} first by {verdict.caught_by[0]}"
    ids = verdict.caught_by if verbose else verdict.caught_by[:3]
    more = "" if verbose or len(verdict.caught_by) <= 3 else f" (+{len(verdict.caught_by) - 3})"
    return f"caught    {name} by {len(verdict.caught_by)}: {', '.join(ids)}{more}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="arbiter mutants",
        description="apply each known engine bug to the reference engine and run the "
        "bundled scenarios: exit 1 if any bug is caught by no scenario",
    )
    parser.add_argument("-k", metavar="TEXT", help="only mutants whose name contains TEXT")
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="every catching scenario, not three"
    )
    parser.add_argument(
        "--first",
        action="store_true",
        help="stop each mutant at the first scenario that catches it, trying those about its "
        "cards first: the same verdicts, about ten times faster",
    )
    args = parser.parse_args(argv)
    chosen = [mutant for mutant in MUTANTS if not args.k or args.k in mutant.name]
    if not chosen:
        print(f"arbiter mutants: no mutant name contains {args.k!r}", file=sys.stderr)
        return 2
    if args.list:
        for mutant in chosen:
            print(f"{mutant.name}: {mutant.bug} [{mutant.seen_in}]")
        return 0
    started = time.perf_counter()
    try:
        verdicts = run_mutants(
            chosen, progress=lambda v: print(_line(v, args.verbose, args.first)), first=args.first
        )
    except MutantError as exc:
        print(f"arbiter mutants: {exc}", file=sys.stderr)
        return 2
    survived = sum(v.survived for v in verdicts)
    errors = sum(bool(v.error) for v in verdicts)
    caught = len(verdicts) - survived - errors
    seconds = time.perf_counter() - started
    print(f"{caught} of {len(verdicts)} mutants caught, {survived} survived, {errors} errors "
          f"({seconds:.0f} s)")  # fmt: skip
    return 0 if caught == len(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
