"""The turn: the loop, playing and buying by command, the Clean-up, and their checks.

The whole game runs as one generator (:meth:`Turn.loop`). It yields ``AWAIT_COMMAND``
when the active player may issue a command and a Decision when an effect asks a
question. Commands that ask nothing and fire nothing are carried out without it
(:meth:`Turn.run_plainly`; docs/guides/performance.rst).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Final

from engine import cards as catalogue
from engine import rules, triggers
from engine.abilities import Overpay, of_kind
from engine.compiled import mypyc_attr
from engine.context import Happening
from engine.costs import Cost
from engine.decisions import Decision
from engine.errors import IllegalMove
from engine.landscapes import LandscapeContext
from engine.model import ACTION, TREASURE, Effect
from engine.rules import PY
from engine.state import TurnState
from engine.verbs import Verbs
from engine.vocabulary import SPENDS

AWAIT_COMMAND: Final = "await-command"

# A step of the game's generator: a command (verb, arg, the card a play plays), or
# BEGIN_TURN: the start of a turn whose previous turn the plain path ended.
Step = tuple[str, str, int | None]
BEGIN_TURN: Step = ("begin", "turn", None)

# How far into a hand a play's card must be for its position to be kept as a hint
# (``Turn.find_play``): nearer, looking again costs less than keeping hints at every move.
_HINT_FROM: Final = 8

# The game's generator: yields AWAIT_COMMAND or a Decision; receives a Step or a
# Decision's answer.
Loop = Generator[Decision | str, Any, None]


@mypyc_attr(allow_interpreted_subclasses=True)  # a game's own Turn (Game.turn_class)
class Turn:
    """The turn that commands drive, on the verbs it holds (and through them the table
    and the listeners): the part of a game the driver (``engine.game.Game``) holds."""

    def __init__(self, verbs: Verbs) -> None:
        self.verbs = verbs
        table = self.table = verbs.table
        self.listeners = verbs.listeners
        # What the hot paths read at every command, held here: the state object, the
        # definitions by card id and the hand hints are never replaced during a game.
        state = self.state = table.state
        self.by_id = table.by_id
        # Per player, where a play starts looking in the hand (``Table.first_in_hand``).
        self._first_in_hand = table.first_in_hand
        # Names of the cards whose play is their vanilla bonuses alone, when nobody listens,
        # and whether this game's cards leave the Clean-up and buys plain (``CardIndexes``).
        indexes = table.indexes
        self._vanilla_plays = indexes.vanilla_plays
        self._quiet_clean_up, self._quiet_buys = indexes.quiet_clean_up, indexes.quiet_buys
        # Whether some card of the game hears a play, or the start of a turn: when none
        # does, ``triggers.anyone_listens`` would say no at once, so the plain path does
        # not call it (the composed parts cost it an attribute hop per verb; this pays).
        self._plays_heard = "play" in indexes.events_heard
        self._starts_heard = "start" in indexes.events_heard
        # What the end of a turn asks to know whether the game is over: every pile (the
        # Supply's first, then those outside it, which ``rules.game_over`` does not count),
        # how many are the Supply's, and where the Province and Colony piles (None: not in
        # the game) are among them.
        piles = list(state.supply)
        self._end_piles = (
            [*state.supply.values(), *state.piles.values()],
            len(piles),
            piles.index("Province"),
            piles.index("Colony") if "Colony" in piles else None,
        )

    # ------------------------------------------------------------------ the loop

    def loop(self, deal: bool, starting: bool = False) -> Loop:
        """The game: every command, every question and every trigger of the game goes
        through here unless the plain path (:meth:`run_plainly`) takes it. ``starting``:
        the position is a turn about to start, whose start-of-turn effects run first."""
        if deal:
            for player in range(len(self.state.players)):
                self.verbs.draw(player, 5)
        if starting:
            yield from self._start_of_turn()
        while True:
            verb, name, card = yield AWAIT_COMMAND
            if verb == "play":
                assert card is not None
                self._start_play(card)
                yield from self.verbs.play(self.state.turn.player, card)
            elif verb == "buy":
                yield from self._buy(self.state.turn.player, name)
            elif verb == "spend":
                self._spend(name)
            elif (verb, name) == ("end", "action"):
                self.state.turn.phase = "buy"
            else:
                if verb == "end":  # the turn; BEGIN_TURN: the plain path ended it
                    yield from self._clean_up()
                    if self.end_of_turn():
                        return
                yield from self._start_of_turn()

    def _start_of_turn(self) -> Effect[None]:
        """What happens at the start of a turn: "at the start of your turn" abilities
        (Clerk from hand) and what Duration cards set up for it. What they set up becomes
        due now and is used up: their "until your next turn" parts end (Lighthouse,
        Monkey, Corsair), and an effect set up while these resolve waits for the next turn."""
        active = self.state.turn.player
        player = self.state.players[active]
        if player.next_turn:
            self.state.turn.due.extend(player.next_turn)
            player.next_turn.clear()
            player.attacks.clear()
        if triggers.anyone_listens(self.verbs, "start", active, None):
            yield from triggers.fire(self.verbs, Happening("start", active))

    def run_plainly(self, verb: str, name: str, card: int | None) -> Step | None:
        """Carry out a checked command without the game's generator as far as nothing
        asks or fires (speed only: the same moves, events and checks as the generator
        path, decided by the same ``triggers.anyone_listens`` query;
        docs/guides/performance.rst). Returns None when it is done, else the step the
        generator must still be sent: the command itself (nothing was done) or
        BEGIN_TURN (the turn ended plainly; the start of the next one fires triggers).

        The game's generator waits for a command before and after such a command, so
        it need not see it. ``card`` is the card a ``play`` command plays."""
        if card is not None:  # a play: the commonest command, asked first
            return None if self.play_plainly(name, card) else (verb, name, card)
        if verb == "buy":
            return None if self._buy_plainly(name) else (verb, name, card)
        if verb == "spend":  # asks nothing and fires nothing
            self._spend(name)
            return None
        if name == "action":  # end action
            self.state.turn.phase = "buy"
            return None
        return self._end_turn_plainly((verb, name, card))

    def play_plainly(self, name: str, card: int) -> bool:
        """A checked ``play``: a card whose play is its vanilla bonuses alone, when nobody
        listens to the play (the commonest command); False (nothing done) otherwise. The
        card listens to no play itself, so moving it into play changes nobody's listening."""
        turn = self.state.turn
        player = turn.player
        if name not in self._vanilla_plays or (
            self._plays_heard and triggers.anyone_listens(self.verbs, "play", player, card)
        ):
            return False
        self._start_play(card)
        self.table.move(card, ("hand", player), ("in_play", player), (player, "plays", name, None))
        definition = self.by_id[card]
        turn.plays.append(name)
        self.verbs.bonus(
            player, definition.cards, definition.actions, definition.buys, definition.coins
        )
        return True

    def _end_turn_plainly(self, command: Step) -> Step | None:
        """``end turn``: the Clean-up and the end of the turn plainly when nobody listens
        to the Clean-up (else ``command``: the generator does it all), then what the start
        of the next turn still needs (BEGIN_TURN when somebody listens to it)."""
        player = self.state.turn.player
        if not self._quiet_clean_up and (
            triggers.anyone_listens(self.verbs, "buy_end", player, None)
            or triggers.anyone_listens(self.verbs, "cleanup", player, None)
            or "discard" in self.listeners.events_heard
            or triggers.anyone_listens(self.verbs, "turn_end", player, None)
        ):
            return command
        self.state.turn.phase = "cleanup"
        self._discard_in_clean_up(player)
        self._discard_visitors(player)
        self._draw_next_hand(player)
        if self.end_of_turn():
            return None
        if self._starts_heard and triggers.anyone_listens(
            self.verbs, "start", self.state.turn.player, None
        ):
            return BEGIN_TURN
        return None

    def _start_play(self, card: int) -> None:
        """What playing a card from hand by command costs: a Treasure ends the Action
        phase; an Action in the Action phase uses an Action."""
        turn, types = self.state.turn, self.by_id[card].types
        if TREASURE in types and not (turn.phase == "action" and ACTION in types):
            turn.phase = "buy"
        elif turn.phase == "action":
            turn.actions -= 1

    # ------------------------------------------------------------------ buying

    def _buy(self, player: int, pile: str) -> Effect[None]:
        if pile in self.state.landscapes:
            yield from self._buy_event(player, pile)
            return
        card = self._pay_for(player, pile)
        data: dict[str, Any] = {}
        if of_kind(self.by_id[card].static, Overpay):
            overpaid = yield from self._overpay(player, card)
            if overpaid is not None:
                data["overpaid"] = overpaid
        if triggers.anyone_listens(self.verbs, "buy", player, card):
            yield from triggers.fire(self.verbs, Happening("buy", player, card, True, dict(data)))
        yield from self.verbs.gain_card(player, card, ("supply", pile), bought=True, data=data)

    def _overpay(self, player: int, card: int) -> Effect[Cost | None]:
        """How much more than its cost the buyer pays for a card with an ``Overpay``
        ability (asked only when something is left to pay with), spent now; None when
        nothing is overpaid (an overpay is at least $1, or a Potion: rulings
        ``rules/overpay/2``, ``/9``)."""
        turn, name = self.state.turn, self.state.names[card]
        coins = yield from self.verbs.choose_amount(
            player, name, 0, turn.coins, f"overpay for {name}", purpose="overpay"
        )
        potion = 0
        if turn.potions:
            prompt = f"overpay a Potion for {name}"
            potion = int((yield from self.verbs.yes_no(player, name, prompt, purpose="overpay")))
        if not (coins or potion):
            return None
        turn.coins -= coins
        turn.potions -= potion
        return Cost(coins, potion)

    def _buy_plainly(self, pile: str) -> bool:
        """``_buy`` without the generator when nobody listens to the buy or the gain;
        False (nothing done) otherwise. Paying and a gain from the Supply to the discard
        pile change no hand and nothing in play, where listeners are looked for, so who
        listens to the gain is known before the buy."""
        if pile not in self.state.supply:  # an Event: its effect is a generator's
            return False
        player = self.state.turn.player
        card = self.state.supply[pile][-1]
        if not self._quiet_buys and (
            of_kind(self.by_id[card].static, Overpay)
            or triggers.anyone_listens(self.verbs, "buy", player, card)
            or triggers.anyone_listens(self.verbs, "gain", player, card)
            or "would_gain" in self.listeners.events_heard
        ):
            return False
        self._pay_for(player, pile)
        self.verbs.move_gained(player, card, ("supply", pile), ("discard", player), True)
        return True

    def _pay_for(self, player: int, pile: str) -> int:
        """The buy itself, before its triggers and the gain: the card bought."""
        turn = self.state.turn
        turn.phase = "buy"
        turn.buys -= 1
        cost = self.verbs.cost_of(pile)
        turn.coins -= cost.coins
        if cost.potion:
            turn.potions -= cost.potion
        turn.bought = True
        self.table.log((player, "buys", pile, None))
        return self.state.supply[pile][-1]

    def _buy_event(self, player: int, name: str) -> Effect[None]:
        """Buy an Event (``engine.landscapes``): a Buy and its printed cost spent, as for a
        card, then what it does. Not a card: nothing is gained, and no ability that hears
        cards bought or gained hears it."""
        event = catalogue.LANDSCAPES[name]
        turn = self.state.turn
        turn.phase = "buy"
        turn.buys -= 1
        turn.coins -= event.cost.coins
        turn.potions -= event.cost.potion
        turn.bought = True
        self.table.log((player, "buys", name, None))
        if event.on_buy is not None:
            yield from event.on_buy(LandscapeContext(self.verbs, player, name))

    # ------------------------------------------------------------------ clean-up

    def _clean_up(self) -> Effect[None]:
        """The end of the Buy phase (2nd-edition Treasury), then the Clean-up: its
        triggers, the discards (and their triggers, when some card listens), the draw."""
        player, turn = self.state.turn.player, self.state.turn
        if triggers.anyone_listens(self.verbs, "buy_end", player, None):
            turn.phase = "buy"
            yield from triggers.fire(self.verbs, Happening("buy_end", player))
        turn.phase = "cleanup"
        if triggers.anyone_listens(self.verbs, "cleanup", player, None):
            yield from triggers.fire(self.verbs, Happening("cleanup", player))
        discarded = self._discard_in_clean_up(player)
        visitors = self._discard_visitors(player)
        if "discard" in self.listeners.events_heard:
            in_play, hand = discarded
            yield from self.verbs.discarded(player, in_play, "in_play")
            yield from self.verbs.discarded(player, hand, "hand")
            for owner, cards in visitors:
                yield from self.verbs.discarded(owner, cards, "in_play")
        self._draw_next_hand(player)
        if triggers.anyone_listens(self.verbs, "turn_end", player, None):
            yield from triggers.fire(self.verbs, Happening("turn_end", player))

    def _discard_in_clean_up(self, player: int) -> tuple[list[int], list[int]]:
        """Discard the cards in play (but those staying: Duration cards) and in hand: the
        Clean-up's discards, after its triggers. Returns the cards discarded from play and
        from hand when some card of the game listens to discards (else nothing: the bulk
        moves keep no list)."""
        state, table = self.state.players[player], self.table
        staying = state.staying
        if table.bulk_moves and not staying and "discard" not in self.listeners.events_heard:
            table.move_all(player, "in_play", "discard", "discards")
            table.move_all(player, "hand", "discard", "discards")
            return [], []
        names = self.state.names
        discarded: tuple[list[int], list[int]] = ([], [])
        for zone, moved in zip(("in_play", "hand"), discarded, strict=True):
            for card in list(state.zone(zone)):
                if not (staying and card in staying):
                    event = (player, "discards", names[card], None)
                    if table.move(card, (zone, player), ("discard", player), event):
                        moved.append(card)
        return discarded

    def _discard_visitors(self, player: int) -> list[tuple[int, list[int]]]:
        """The Clean-up of ``player``'s turn also discards what the other players played
        during it and keeps in play no longer (Guard Dog, Weaver, Trail: rulings
        ``rules/when-discard/3``; a Duration card played then stays, as its owner's
        ``staying``). The cards each other player discarded, in turn order."""
        discarded: list[tuple[int, list[int]]] = []
        for state in self.state.players:  # after the player's own discards
            if state.in_play:
                break
        else:
            return discarded  # the common case: no card is in play (no Duration either)
        names = self.state.names
        for owner in self.table.others(player):
            state = self.state.players[owner]
            if not state.in_play:
                continue
            moved = []
            for card in [card for card in state.in_play if card not in state.staying]:
                event = (owner, "discards", names[card], None)
                if self.table.move(card, ("in_play", owner), ("discard", owner), event):
                    moved.append(card)
            discarded.append((owner, moved))
        return discarded

    def _draw_next_hand(self, player: int) -> None:
        """Draw the next hand (5 cards, 3 after an Outpost): the end of the Clean-up. A
        turn that does not count (an extra turn) is not counted in ``turns_taken`` (the
        tie-break)."""
        turn = self.state.turn
        self.verbs.draw(player, turn.hand_size)
        if not turn.extra:
            self.state.players[player].turns_taken += 1

    def end_of_turn(self) -> bool:
        """After the Clean-up: end the game if it is over (True: no turn follows), else
        start the next turn: the first queued one (an Outpost's extra turn, a Possession
        turn), otherwise the regular one of the player after the last regular turn's."""
        turn = self.state.turn
        gained: list[str] = []  # a loop: Python 3.11 makes a function for a comprehension
        for name, _, _ in turn.gains:
            gained.append(name)
        ending = self.state.players[turn.player]
        ending.gained_last_turn = gained
        if ending.played_by:  # only what is still in play (a Throne Room with its Duration)
            in_play = set(ending.in_play)
            ending.played_by = {c: by for c, by in ending.played_by.items() if c in in_play}
        players = len(self.state.players)
        piles, supply, province, colony = self._end_piles
        # Every way the game ends (the Province or Colony pile, or enough piles) needs an
        # empty pile: while none is, the piles need no counting (one C-level scan).
        if [] in piles and rules.game_over(_sizes(piles), province, colony, players, PY, supply):
            self.state.game_over = True
            self.table.log((None, "game ends", None, None))
            return True
        queue = self.state.extra_turns
        queued = bool(queue)
        if queued:
            extra = queue.pop(0)
            following = extra.player
            self.state.turn = TurnState(
                player=following,
                extra=not extra.counts,
                controller=extra.controller,
                regular=turn.regular,
            )
        else:
            following = (turn.regular + 1) % players
            self.state.turn = TurnState(player=following)
        if following == turn.player:
            self.state.turn.in_a_row = turn.in_a_row + 1
        # Cards kept in play stay until the start of their player's next turn; from now
        # on they go at the next Clean-up unless they are kept again.
        self.state.players[following].staying.clear()
        self.table.log(
            (following, "starts an extra turn" if queued else "starts a turn", None, None)
        )
        return False

    # ------------------------------------------------------------------ validation

    def check_command(self, verb: str, arg: str) -> int | None:
        """IllegalMove unless the command (one awaited: the driver checks that first) may
        be given now; the card a play would play."""
        if verb == "play":
            found = self.find_play(arg)
            if isinstance(found, str):
                raise IllegalMove(found)
            return found
        if verb == "buy":
            reason = self.buy_refusal(arg)
        elif verb == "end":
            reason = self.end_refusal(arg)
        elif verb == "spend":
            reason = self.spend_refusal(arg)
        else:
            reason = f"unknown command {verb!r}"
        if reason is not None:
            raise IllegalMove(reason)
        return None

    def end_refusal(self, arg: str) -> str | None:
        """Why ``end arg`` may not be given now, or None when it may."""
        if arg not in ("action", "turn"):
            return f"end takes action or turn, not {arg!r}"
        if arg == "action" and self.state.turn.phase != "action":
            return "the Action phase is already over"
        return None

    def find_play(self, name: str) -> int | str:
        """The card in hand that ``play name`` would play, or why it may not be played
        (a reason, not an exception: ``legal_commands`` asks this of every candidate)."""
        state = self.state
        player = state.turn.player
        hand, names, hints = state.players[player].hand, state.names, self._first_in_hand[player]
        # Start where this name was last found: no card before that is named so (see
        # Table.move), so playing n copies from a long hand costs n steps, not n * n.
        # A hint is kept only far into a hand: a short look costs less than keeping it.
        for position in range(hints.get(name, 0) if hints else 0, len(hand)):
            card = hand[position]
            if names[card] == name:
                if position >= _HINT_FROM:
                    hints[name] = position
                break
        else:
            if len(hand) >= _HINT_FROM:
                hints[name] = len(hand)
            return f"p{player + 1} has no {name} in hand"
        return self.play_refusal(card, name) or card

    def play_refusal(self, card: int, name: str) -> str | None:
        """Why ``card`` (named ``name``) in the active player's hand may not be played by
        command now, or None when it may."""
        turn, types = self.state.turn, self.by_id[card].types
        if ACTION in types and turn.phase == "action":
            return f"no Action left to play {name}" if turn.actions < 1 else None
        if TREASURE in types:
            if turn.bought:
                return f"cannot play {name}: Treasures cannot be played after buying"
            return None
        if ACTION in types:
            return f"cannot play {name}: Action cards are played in the Action phase"
        return f"{name} cannot be played"

    def buy_refusal(self, name: str) -> str | None:
        """Why ``buy name`` may not be given now, or None when it may."""
        if name in self.state.landscapes:
            return self.no_buy_left() or self.event_refusal(name)
        if name not in self.state.supply:
            return f"{name} is not in the Supply"
        if not self.state.supply[name]:
            return f"the {name} pile is empty"
        return self.no_buy_left() or self.price_refusal(name)

    def no_buy_left(self) -> str | None:
        """Why no card may be bought now whatever it is, or None."""
        return "no Buy left" if self.state.turn.buys < 1 else None

    def price_refusal(self, name: str) -> str | None:
        """Why the card on a non-empty pile may not be bought with a Buy left: its cost,
        or a restriction; None when it may."""
        cost, turn = self.verbs.cost_of(name), self.state.turn
        if not rules.affordable(cost, turn.coins, turn.potions):
            potions = f" and {turn.potions} Potions" if cost.potion else ""
            return f"{name} costs {cost}, only ${turn.coins}{potions} available"
        return self.buy_restriction(name) or None

    def event_refusal(self, name: str) -> str | None:
        """Why the Landscape ``name`` of this game may not be bought with a Buy left: it is
        not an Event, or its printed cost is more than the player has; None when it may."""
        event, turn = catalogue.LANDSCAPES[name], self.state.turn
        if event.kind != "event":
            return f"{name} is a {event.kind}, not an Event: it is not bought"
        if not rules.affordable(event.cost, turn.coins, turn.potions):
            return f"{name} costs {event.cost}, only ${turn.coins} available"
        return None

    def buy_restriction(self, name: str) -> str | None:
        """Why a card may not be bought now beyond cost and Buys: a restriction of a card
        played this turn (Contraband), or of the card itself (Grand Market)."""
        indexes = self.table.indexes
        for restrictor, why_not in indexes.turn_restrictions:
            if restrictor in self.state.turn.plays:
                reason = why_not(self.verbs, name)
                if reason:
                    return reason
        for why_not in indexes.self_restrictions.get(name, ()):
            reason = why_not(self.verbs, name)
            if reason:
                return reason
        return None

    # ------------------------------------------------------------------ spending tokens

    def spend_refusal(self, name: str) -> str | None:
        """Why ``spend name`` may not be given now, or None when it may: a kind of token
        that may be spent, now, and one of it on the active player's mat."""
        kind = catalogue.TOKEN_KINDS.get(name)
        if kind is None or kind.spend is None:
            spendable = [k for k, declared in catalogue.TOKEN_KINDS.items() if declared.spend]
            return f"cannot spend {name!r} (tokens to spend: {', '.join(spendable) or 'none'})"
        player = self.state.turn.player
        if not self.state.players[player].tokens.get(name):
            return f"p{player + 1} has no {kind.title} to spend"
        return kind.spend.refusal(self.verbs, self.table.editions.get(kind.set, 2))

    def _spend(self, name: str) -> None:
        """Spend one token of kind ``name`` (checked): off the mat, and what it gives."""
        kind = catalogue.TOKEN_KINDS[name]
        assert kind.spend is not None
        player = self.state.turn.player
        self.verbs.remove_tokens(player, name, 1)
        self.table.log((player, SPENDS, kind.title, None))
        self.verbs.bonus(player, coins=kind.spend.coins)

    # ------------------------------------------------------------------ scoring

    def score(self, player: int) -> int:
        state = self.state.players[player]
        by_id = self.by_id  # what definition() reads, without a call per card
        owned = [by_id[card] for card in state.all_cards()]
        # Lists, not generators, for sum: cheaper in CPython (every snapshot scores).
        total = sum([card.vp for card in owned])
        if state.tokens:  # tokens that score (VP tokens)
            kinds = catalogue.TOKEN_KINDS
            total += sum([n for kind, n in state.tokens.items() if kinds[kind].scores])
        counters = [card.vp_counter for card in owned if card.vp_counter is not None]
        return total + sum([count(owned) for count in counters]) if counters else total

    def winners(self) -> list[int]:
        if not self.state.game_over:
            return []
        scores = [self.score(p) for p in range(len(self.state.players))]
        turns = [player.turns_taken for player in self.state.players]
        return rules.winners(scores, turns)


def _sizes(piles: list[list[int]]) -> list[int]:
    """How many cards each pile has."""
    sizes: list[int] = []  # a loop: the compiled engine calls len() by name in map()
    for pile in piles:
        sizes.append(len(pile))
    return sizes
