"""evolvedominion (https://pypi.org/project/evolvedominion/, version 1.0.3) behind the
Adapter interface.

evolvedominion plays the 2nd-edition Base set for a genetic algorithm's bots. It asks no
questions: at each decision it lists every complete outcome (a menu of ``Consequence``
objects: "trash Estate and gain Silver") and calls ``Agent.select(choices, decision)`` to
pick one, synchronously, from deep inside a card's effect. So the adapter:

* runs each game in its own thread (:mod:`scenarios.adapters.threaded`), each player an
  ``Agent`` whose ``select`` asks the runner;
* asks each menu as Arbiter's questions with :mod:`scenarios.adapters.menus`: :data:`MENUS`
  declares, for each kind of evolvedominion decision, the card that asks and the questions
  (kind, purpose, in the order ``arbiter explain CARD --decisions`` gives) it stands for,
  and :func:`picks` reads what each outcome picks from its effects; a menu of one outcome
  is the engine's own (nothing to ask). Militia's victim is asked by evolvedominion one
  card at a time: the adapter asks for all of them at once, as Arbiter does, and gives
  them to the engine one by one;
* builds the position with evolvedominion's own classes (the Supply sizes it does not
  state are evolvedominion's, from ``State._solve_pile_sizes``) and sequences the turn
  from the commands, calling evolvedominion's primitives (``play_piece``, ``buy_piece``,
  ``end_phase``, ``State.cleanup``) with the reference engine's rules of the turn;
* writes the event lines: evolvedominion logs nothing, so the module's primitives are
  wrapped (:func:`install_event_log`) to report each move as it happens. A shuffle is
  logged when the engine shuffles, which is before the cards still on the deck are drawn.

It declares what it represents differently (``representation``): ``atomic_answers`` (an
outcome is applied whole, once every question of its menu is answered) and ``event_order``
(see above). Unused Actions are zeroed when the Action phase ends: nothing compares them.
``docs/reports/evolvedominion.rst`` reports the whole suite on it.
"""

from __future__ import annotations

import functools
import itertools
import random
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from scenarios.adapters.base import JSON, Adapter, AdapterError, Rejected, Unsupported
from scenarios.adapters.menus import Ask, Menu, Outcome
from scenarios.adapters.threaded import EngineThread
from scenarios.adapters.wire import second_edition_table, unsupported_by_table

try:
    from evolvedominion.agents.agent import Agent
    from evolvedominion.engine import engine as ed
    from evolvedominion.engine import pieces
    from evolvedominion.engine import state as ed_state
    from evolvedominion.params import ACTION_PHASE
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "the evolvedominion engine needs evolvedominion: "
        "pip install 'dominion-arbiter[evolvedominion]'"
    ) from exc

ENGINE = "evolvedominion"
BASIC = (pieces.Curse, pieces.Estate, pieces.Duchy, pieces.Province, pieces.Copper,
         pieces.Silver, pieces.Gold)  # fmt: skip
KINGDOM = tuple(
    cls
    for cls in vars(pieces).values()
    if isinstance(cls, type) and issubclass(cls, pieces.Piece) and cls not in (*BASIC, pieces.Piece)
)


def _card_name(cls: type) -> str:
    """``ThroneRoom`` -> ``Throne Room``."""
    return "".join(f" {c}" if c.isupper() and i else c for i, c in enumerate(cls.__name__))


NAMES: dict[type, str] = {cls: _card_name(cls) for cls in (*BASIC, *KINGDOM)}
CLASSES: dict[str, type] = {name: cls for cls, name in NAMES.items()}
MISSING_SETS = {
    name: "evolvedominion 1.0.3 has only the Base set"
    for name in ("intrigue", "prosperity", "seaside", "alchemy", "hinterlands", "cornucopia-guilds")
}
STARTING = {"Copper": 7, "Estate": 3}  # what evolvedominion deals each player from the piles

# Each evolvedominion decision that offers a choice, by its class: the card whose effect
# asks, and the questions of Arbiter's it stands for.
MENUS: dict[str, tuple[str, tuple[Ask, ...]]] = {
    "ArtisanChoices": ("Artisan", (Ask("gain", "gain"), Ask("cards", "topdeck"))),
    "BanditProcedure": ("Bandit", (Ask("cards", "trash"),)),
    "BureaucratProcedure": ("Bureaucrat", (Ask("cards", "topdeck"),)),
    "CellarChoices": ("Cellar", (Ask("cards", "discard"),)),
    "ChapelChoices": ("Chapel", (Ask("cards", "trash"),)),
    "HarbingerChoices": ("Harbinger", (Ask("cards", "topdeck"),)),
    "ImmunityProcedure": ("Moat", (Ask("react", "react"),)),
    "LibraryProcedure": ("Library", (Ask("yes_no", "choose"),)),
    "MilitiaVictimProcedure": ("Militia", (Ask("cards", "discard"),)),
    "MineChoices": ("Mine", (Ask("cards", "trash"), Ask("gain", "gain"))),
    "MoneylenderChoices": ("Moneylender", (Ask("cards", "trash"),)),
    "RemodelChoices": ("Remodel", (Ask("cards", "trash"), Ask("gain", "gain"))),
    "SentryChoices": (
        "Sentry",
        (Ask("cards", "trash"), Ask("cards", "discard"), Ask("order", "topdeck")),
    ),
    "ThroneRoomChoices": ("Throne Room", (Ask("cards", "play"),)),
    "VassalChoices": ("Vassal", (Ask("yes_no", "choose"),)),
    "WorkshopChoices": ("Workshop", (Ask("gain", "gain"),)),
}
# What an outcome's effect picks, by the name of evolvedominion's function: the purpose.
PURPOSES = {
    "trash": "trash",
    "trash_pieces": "trash",
    "discard": "discard",
    "discard_pieces": "discard",
    "topdeck": "topdeck",
    "gain": "gain",
    "play_piece": "play",
}
# Where an outcome's effects answer a yes/no question (Vassal: play the card? Library: set
# it aside?) or a Reaction (Moat: reveal it?), by the effect that means yes.
YES = {"VassalChoices": "play_piece", "LibraryProcedure": "set_aside"}


def _effects(consequence: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    for effect in consequence:
        function = getattr(effect, "function", None)
        if isinstance(effect, ed.Effect) and function is not None:
            yield function.__name__, effect.kwargs


def _named(kwargs: dict[str, Any]) -> tuple[str, ...]:
    found = kwargs.get("pieces", [kwargs["piece"]] if "piece" in kwargs else [])
    return tuple(NAMES[type(piece)] for piece in found)


def picks(decision: str, consequence: Any, actor: Any) -> dict[str, tuple[str, ...]]:
    """What an outcome of ``decision`` (its class name) picks, by purpose."""
    effects = list(_effects(consequence))
    if decision in YES:
        return {"choose": ("yes" if any(n == YES[decision] for n, _ in effects) else "no",)}
    if decision == "ImmunityProcedure":
        return {"react": tuple(n for name, kw in effects if name == "reveal" for n in _named(kw))}
    found: dict[str, tuple[str, ...]] = {}
    for name, kwargs in effects:
        purpose = PURPOSES.get(name)
        if purpose is not None:
            found[purpose] = found.get(purpose, ()) + _named(kwargs)
    if decision == "SentryChoices":  # what stays on the deck, top first
        top = [NAMES[type(piece)] for piece in reversed(actor.DECK[-2:])]
        gone = Counter(found.get("trash", ()) + found.get("discard", ()))
        kept = list((Counter(top) - gone).elements())
        kept.sort(key=top.index)
        swapped = any(name == "swap_top_cards_of_deck" for name, _ in effects)
        found["topdeck"] = tuple(reversed(kept) if swapped else kept)
    return found


# --- the event log --------------------------------------------------------------------------

_SESSIONS: dict[int, Session] = {}  # by the thread that plays the game


def _session() -> Session | None:
    return _SESSIONS.get(threading.get_ident())


def _logging(verb: str, cards: Callable[..., list[Any]]) -> Callable[[Callable[..., Any]], Any]:
    """Wrap one of evolvedominion's primitives to log ``verb`` for each of its cards."""

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(original)
        def logged(state: Any, actor: Any, *args: Any, **kwargs: Any) -> Any:
            session = _session()
            if session is not None:
                for piece in cards(actor, *args, **kwargs):
                    session.event(f"{actor.pid} {verb} {NAMES[type(piece)]}")
            return original(state, actor, *args, **kwargs)

        return logged

    return wrap


def _one(actor: Any, piece: Any, *args: Any, **kwargs: Any) -> list[Any]:
    return [piece]


def _many(actor: Any, pieces: Any, *args: Any, **kwargs: Any) -> list[Any]:
    return list(pieces)


def _aside(actor: Any) -> list[Any]:
    return list(actor.ASIDE)


def _draw(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def draw(state: Any, actor: Any, n: int) -> None:
        before = len(actor.HAND)
        original(state, actor, n)
        session = _session()
        if session is not None:
            for piece in actor.HAND[before:]:
                session.event(f"{actor.pid} draws {NAMES[type(piece)]}")

    return draw


def _shuffle(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def shuffle(cards: list[Any]) -> None:
        session = _session()
        if session is None:
            original(cards)
        else:
            session.shuffle(cards)

    return shuffle


def _play(original: Callable[..., Any]) -> Callable[..., Any]:
    """``resolve_effects``: a play's effects, resolved once per play (``play_piece`` calls
    it, and Throne Room's second play is an effect of its own)."""

    @functools.wraps(original)
    def resolve_effects(state: Any, actor: Any, piece: Any) -> None:
        session = _session()
        if session is None:
            original(state, actor, piece)
            return
        session.event(f"{actor.pid} plays {NAMES[type(piece)]}")
        session.playing.append(NAMES[type(piece)])
        try:
            original(state, actor, piece)
        finally:
            session.playing.pop()

    return resolve_effects


def _buy(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def buy_piece(state: Any, actor: Any, piece: Any, *args: Any, **kwargs: Any) -> None:
        session = _session()
        if session is not None:
            name = NAMES[type(piece)]
            session.event(f"{actor.pid} buys {name}")
            session.event(f"{actor.pid} gains {name}")
        original(state, actor, piece, *args, **kwargs)

    return buy_piece


def _print(*args: Any, **kwargs: Any) -> None:
    """evolvedominion prints a debugging line (``LibraryTeardown``) to standard output,
    which may carry the wire protocol: it is dropped."""


WRAPPED: dict[str, Callable[[Callable[..., Any]], Any]] = {
    "trash": _logging("trashes", _one),
    "discard": _logging("discards", _one),
    "discard_pieces": _logging("discards", _many),
    "topdeck": _logging("topdecks", _one),
    "gain": _logging("gains", _one),
    "set_aside": _logging("sets aside", _one),
    "put": _logging("draws", _one),
    "reveal": _logging("reveals", _one),
    "reveal_pieces": _logging("reveals", _many),
    "discard_aside": _logging("discards", _aside),
    "draw": _draw,
    "shuffle": _shuffle,
    "resolve_effects": _play,
    "buy_piece": _buy,
}


@functools.cache
def install_event_log() -> None:
    """Wrap evolvedominion's primitives, once per process: effects look them up in the
    module when they are made, and ``state`` imported ``draw`` for the Clean-up. A game
    played by no :class:`Session` (none of this thread) runs them unchanged."""
    for name, wrap in WRAPPED.items():
        setattr(ed, name, wrap(getattr(ed, name)))
    ed_state.draw = ed.draw
    ed.print = _print


# --- one game -------------------------------------------------------------------------------


class ArbiterAgent(Agent):  # type: ignore[misc]
    """A player whose every choice is asked through its session."""

    def __init__(self, session: Session, pid: str) -> None:
        super().__init__(pid)
        self.session = session

    def select(self, choices: list[Any], decision: Any) -> Any:
        return self.session.choose(self, choices, decision)

    def __repr__(self) -> str:
        # Cellar offers every discard only to a player named "You" (a human), else its
        # bots' one heuristic choice.
        return "You"


@dataclass
class Session:
    """One evolvedominion game, its thread, and what the runner sees of it."""

    setup: dict[str, Any]
    events: list[str] = field(default_factory=list)
    playing: list[str] = field(default_factory=list)  # the cards being played, innermost last
    # Militia's victims' discards, asked at once and given to the engine one by one.
    queued: dict[str, list[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        install_event_log()
        self.random = random.Random(self.setup.get("seed", 0))
        self.ids = [f"p{n}" for n in range(1, self.setup["players"] + 1)]
        self.shuffles = {p: [list(o) for o in self.setup[p]["shuffles"]] for p in self.ids}
        self.phase = self.setup["turn"]["phase"]
        self.bought = False
        self.over = False
        # The menus asked since the last command or answer, with what of theirs was told.
        self.menus: list[tuple[Menu[Any], int]] = []
        self.thread = EngineThread(ENGINE)
        self.state = self._build()

    # --- the position -------------------------------------------------------------------------

    def _build(self) -> Any:
        setup, players = self.setup, len(self.ids)
        kingdom = [CLASSES[name] for name in setup["kingdom"]]
        state = ed_state.State.__new__(ed_state.State)
        state.kingdom, state.n_players = kingdom, players
        state.TRASH, state.piece_to_pile_size_map = [], {}
        state.players = [ArbiterAgent(self, pid) for pid in self.ids]
        state._initialize_empty_piles()
        state._solve_pile_sizes()
        self.index = {cls: i for i, cls in enumerate(state.piece_to_pile_size_map)}
        for index, (cls, size) in enumerate(state.piece_to_pile_size_map.items()):
            name = NAMES[cls]
            count = setup["supply"].get(name, size - STARTING.get(name, 0) * players)
            state.piles[index] = self._pieces([name] * count)
        state.n_empty_piles = sum(not pile for pile in state.piles[: len(self.index)])
        state.province_pile_empty = not state.piles[self.index[pieces.Province]]
        state.TRASH.extend(self._pieces(setup["trash"]))
        active = self.ids.index(setup["turn"]["player"])
        for number, agent in enumerate(state.players):
            zones = setup[agent.pid]
            agent.state = state
            agent.HAND.extend(self._pieces(zones["hand"]))
            agent.DECK.extend(self._pieces(reversed(zones["deck"])))  # the top is the end
            agent.DISCARD.extend(self._pieces(zones["discard"]))
            agent.PLAY.extend(self._pieces(zones["in_play"]))
            agent.ASIDE.extend(self._pieces(zones["set_aside"]))
            agent.n_turns_played = setup["turns_taken"][agent.pid] + (number == active)
            agent.opponents.extend(state.players[(number + k) % players] for k in range(1, players))
        turn, me = setup["turn"], state.players[active]
        state.current_player_index, state.current_player = active, me
        state.n_total_turns_played = sum(agent.n_turns_played for agent in state.players)
        state.n_action, state.n_buy, state.n_coin = turn["actions"], turn["buys"], turn["coins"]
        # What the turn's plays so far left in effect: Merchant's bonus on the first Silver.
        in_play = [NAMES[type(piece)] for piece in me.PLAY]
        state.merchant_silver_bonus = in_play.count("Merchant")
        state.n_silver_played_this_turn = in_play.count("Silver")
        state.need_action_phase = state.need_treasure_phase = state.need_buy_phase = True
        return state

    def _pieces(self, names: Sequence[str] | Iterator[str]) -> list[Any]:
        made = []
        for name in names:
            cls = CLASSES[name]
            piece = cls()
            # Cards are told apart by their pile (evolvedominion's "total order index").
            known = cls in self.index
            piece.total_order_index = self.index[cls] if known else 100 + KINGDOM.index(cls)
            made.append(piece)
        return made

    # --- the engine's thread --------------------------------------------------------------------

    def shuffle(self, cards: list[Any]) -> None:
        """Shuffle a deck (only the cards being shuffled are in it) in the scenario's order."""
        owner = next(agent for agent in self.state.players if agent.DECK is cards)
        self.event(f"{owner.pid} shuffles")
        orders = self.shuffles[owner.pid]
        if not orders:
            self.random.shuffle(cards)
            return
        order = orders.pop(0)
        if Counter(order) != Counter(NAMES[type(piece)] for piece in cards):
            raise ValueError(
                f"setup.{owner.pid}.shuffles: the order {', '.join(order)} is not a "
                f"rearrangement of the shuffled cards "
                f"{', '.join(sorted(NAMES[type(piece)] for piece in cards))}"
            )
        left = list(cards)
        arranged = [left.pop(next(i for i, p in enumerate(left) if NAMES[type(p)] == name))
                    for name in order]  # fmt: skip
        cards[:] = reversed(arranged)

    def choose(self, agent: Any, choices: list[Any], decision: Any) -> Any:
        """``Agent.select``: the outcome picked, asking the runner what the menu leaves open."""
        kind = type(decision).__name__
        if kind == "MilitiaVictimProcedure":  # one menu per card, even of one outcome
            return self._discard_down(agent, choices)
        if len(choices) == 1:  # evolvedominion's own: nothing to choose
            return choices[0]
        if kind not in MENUS:
            raise AdapterError(f"the adapter does not know evolvedominion's {kind} menu")
        card, asks = MENUS[kind]
        source = self.playing[-1] if kind == "ImmunityProcedure" else card
        outcomes = [Outcome(choice, picks(kind, choice, agent)) for choice in choices]
        chosen = self._ask(Menu(agent.pid, source, asks, outcomes))
        if kind == "ImmunityProcedure" and picks(kind, chosen, agent)["react"]:
            self.event(f"{agent.pid} reacts with Moat")
        return chosen

    def _ask(self, menu: Menu[Any]) -> Any:
        """The outcome ``menu`` settles on, asking the runner each question left open."""
        self.menus.append((menu, 0))
        return self.thread.settle(menu)

    def taken(self) -> list[dict[str, JSON]]:
        """The questions taken alone since the last command or answer."""
        return [entry for menu, told in self.menus for entry in menu.taken[told:]]

    def _told(self) -> None:
        """A command or an answer comes: what was taken alone so far has been told."""
        self.menus = [(menu, len(menu.taken)) for menu, _ in self.menus if not menu.done]

    def _discard_down(self, agent: Any, choices: list[Any]) -> Any:
        """Militia's victim: evolvedominion asks for one card at a time until 3 are left;
        Arbiter asks for all of them at once."""
        queued = self.queued.get(agent.pid)
        if not queued:
            hand = sorted(NAMES[type(piece)] for piece in agent.HAND)
            keep = len(hand) - 3
            options = sorted(set(itertools.combinations(hand, keep)))
            outcomes = [Outcome(list(option), {"discard": option}) for option in options]
            queued = self.queued[agent.pid] = self._ask(
                Menu(agent.pid, "Militia", MENUS["MilitiaVictimProcedure"][1], outcomes)
            )
        name = queued.pop(0)
        found = [c for c in choices if _named(dict(_effects(c))["discard"])[0] == name]
        if not found:
            raise AdapterError(f"Militia: evolvedominion does not offer {name} to discard")
        return found[0]

    def event(self, line: str) -> None:
        self.events.append(line)

    # --- the turn ----------------------------------------------------------------------------

    @property
    def me(self) -> Any:
        return self.state.current_player

    def _run(self, job: Callable[[], None], what: str) -> None:
        def played() -> None:
            _SESSIONS[threading.get_ident()] = self
            job()

        self._told()
        self.thread.run(played, what)

    def command(self, verb: str, arg: Any) -> None:
        if self.over:
            raise Rejected("the game is over")
        if self.thread.question is not None:
            raise Rejected(f"answer {self.thread.question.source}'s question first")
        if verb == "play":
            self._run(self._play_job(arg), f"play {arg}")
        elif verb == "buy":
            self._run(self._buy_job(arg), f"buy {arg}")
        elif verb == "end" and arg == "action":
            if self.phase != "action":
                raise Rejected("the Action phase is already over")
            self._end_action_phase()
        elif verb == "end" and arg == "turn":
            self._run(self._end_turn, "end turn")
        else:
            raise Rejected(f"unknown command {verb} {arg!r}")

    def answer(self, value: Any) -> None:
        self._told()
        self.thread.answer(value)

    def _end_action_phase(self) -> None:
        self.phase = "buy"
        ed.end_phase(self.state, self.me, ACTION_PHASE)  # zeroes the unused Actions

    def _in_hand(self, name: Any) -> Any:
        cls = CLASSES.get(name) if isinstance(name, str) else None
        piece = next((p for p in self.me.HAND if cls is not None and type(p) is cls), None)
        if piece is None:
            raise Rejected(f"{self.me.pid} has no {name} in hand")
        return piece

    def _play_job(self, name: Any) -> Callable[[], None]:
        piece, state, me = self._in_hand(name), self.state, self.me
        if piece.is_action:
            if self.phase != "action":
                raise Rejected(f"cannot play {name}: Action cards are played in the Action phase")
            if state.n_action < 1:
                raise Rejected(f"no Action left to play {name}")
            return lambda: ed.play_piece(state, me, piece)
        if piece.is_treasure:
            if self.bought:
                raise Rejected(f"cannot play {name}: Treasures cannot be played after buying")

            def treasure() -> None:
                if self.phase == "action":
                    self._end_action_phase()
                ed.transfer_piece(piece, me.PLAY, me.HAND)  # as play_treasures does
                ed.resolve_effects(state, me, piece)

            return treasure
        raise Rejected(f"{name} cannot be played")

    def _buy_job(self, name: Any) -> Callable[[], None]:
        state, me = self.state, self.me
        cls = CLASSES.get(name) if isinstance(name, str) else None
        if cls not in self.index:
            raise Rejected(f"{name} is not in the Supply")
        pile = state.piles[self.index[cls]]
        if not pile:
            raise Rejected(f"the {name} pile is empty")
        if state.n_buy < 1:
            raise Rejected("no Buy left")
        if pile[-1].cost > state.n_coin:
            raise Rejected(f"{name} costs {pile[-1].cost}, only {state.n_coin} coins available")

        def buy() -> None:
            if self.phase == "action":
                self._end_action_phase()
            self.bought = True
            ed.buy_piece(state, me, pile[-1])

        return buy

    def _end_turn(self) -> None:
        state = self.state
        state.cleanup()
        if state.game_over:
            self.over = True
            self.event("game ends")
            return
        state.n_total_turns_played += 1  # as Session.start_turn does
        state.update_current_player()
        state.refresh_turnwise()
        self.phase, self.bought = "action", False

    def stop(self) -> None:
        self.thread.stop()
        if self.thread.thread.ident is not None:
            _SESSIONS.pop(self.thread.thread.ident, None)

    # --- what the runner sees ----------------------------------------------------------------

    def pending(self) -> dict[str, Any] | None:
        return self.thread.pending()

    def observe(self) -> dict[str, Any]:
        state = self.state

        def names(cards: Sequence[Any]) -> list[str]:
            return [NAMES[type(piece)] for piece in cards]

        players = {
            agent.pid: {
                "hand": names(agent.HAND),
                "deck": names(agent.DECK[::-1]),
                "discard": names(agent.DISCARD),
                "in_play": names(agent.PLAY),
                "set_aside": names(agent.ASIDE),
                "vp_tokens": 0,
                "score": agent.victory_points,
            }
            for agent in state.players
        }
        winners = [p for p in state.players if not any(p < other for other in state.players)]
        return {
            "players": players,
            "supply": {NAMES[cls]: len(state.piles[i]) for cls, i in self.index.items()},
            "trash": names(state.TRASH),
            "trade_route": 0,
            "turn": {
                "player": self.me.pid,
                "phase": self.phase,
                "actions": state.n_action,
                "buys": state.n_buy,
                "coins": state.n_coin,
            },
            "game_over": self.over,
            "winners": [agent.pid for agent in winners] if self.over else [],
        }


class EvolvedominionAdapter(Adapter):
    """evolvedominion 1.0.3: the 2nd-edition Base set."""

    name = ENGINE

    def __init__(self) -> None:
        self.session: Session | None = None

    def supported_cards(self) -> dict[str, dict[str, JSON]] | None:
        return supported_table()

    def missing_sets(self) -> dict[str, str]:
        return dict(MISSING_SETS)

    def representation(self) -> frozenset[str]:
        return frozenset({"atomic_answers", "event_order"})

    def unsupported_reason(self, cards: set[str], editions: dict[str, int]) -> str | None:
        return unsupported_by_table(supported_table(), cards, editions, ENGINE, MISSING_SETS)

    def load(self, setup: dict[str, Any]) -> None:
        self.close()
        if setup.get("colony"):
            raise Unsupported("evolvedominion has no Platinum or Colony")
        for player in (f"p{n}" for n in range(1, setup["players"] + 1)):
            if setup[player]["vp_tokens"]:
                raise Unsupported("evolvedominion has no VP tokens")
            if setup[player]["set_aside"]:
                raise Unsupported("evolvedominion sets cards aside only during Library")
            if setup[player]["in_play"] and player != setup["turn"]["player"]:
                raise Unsupported("evolvedominion keeps no cards in play between turns")
        self.session = Session(setup)

    def _session(self) -> Session:
        if self.session is None:
            raise RuntimeError("load a setup first")
        return self.session

    def command(self, verb: str, arg: Any) -> None:
        self._session().command(verb, arg)

    def answer(self, value: Any) -> None:
        self._session().answer(value)

    def pending(self) -> dict[str, Any] | None:
        return self._session().pending()

    def taken_alone(self) -> list[dict[str, JSON]] | None:
        return self._session().taken()

    def observe(self) -> dict[str, Any]:
        return self._session().observe()

    def events(self) -> list[str]:
        return list(self._session().events)

    def close(self) -> None:
        if self.session is not None:
            self.session.stop()
            self.session = None


@functools.cache
def supported_table() -> dict[str, dict[str, JSON]]:
    sets = {NAMES[cls]: "basic" for cls in BASIC} | {NAMES[cls]: "base" for cls in KINGDOM}
    return second_edition_table(sets)
