"""The turn: the loop, playing and buying by command, the Clean-up, and their checks.

The whole game runs as one generator (:meth:`Turn._loop`). It yields ``AWAIT_COMMAND``
when the active player may issue a command and a Decision when an effect asks a
question. Commands that ask nothing and fire nothing are carried out without it
(:meth:`Turn._run_plainly`; docs/guides/performance.rst).
"""

from __future__ import annotations

from engine import rules, triggers
from engine.context import Happening
from engine.errors import IllegalMove
from engine.model import ACTION, TREASURE, Effect
from engine.state import Event, TurnState
from engine.verbs import Verbs

AWAIT_COMMAND = "await-command"


class Turn(Verbs):
    """The verbs, and the turn that commands drive."""

    # ------------------------------------------------------------------ the loop

    def _loop(self, deal: bool) -> Effect:
        if deal:
            for player in range(self.players):
                self.draw(player, 5)
        while True:
            # Commands that ask nothing never reach this loop (``command`` runs them
            # plainly); those that do may ask questions or fire triggers.
            verb, name, card = yield AWAIT_COMMAND
            if verb != "end":
                yield from self._run_command(verb, name, card)
                continue
            yield from self._clean_up()
            if self._end_of_turn():
                return
            # "At the start of your turn" abilities (Clerk from hand).
            if triggers.listeners_of(self, "start", self.active, None):
                yield from triggers.fire(self, Happening("start", self.active))

    def _run_plainly(self, verb: str, name: str, card: int | None) -> bool:
        """Carry out a command that asks nothing and fires nothing without the game's
        generator (speed only: the same moves, events and checks as the generator path;
        docs/guides/performance.rst); False when it needs the generator.

        The game's generator waits for a command before and after such a command, so
        it need not see it. ``card`` is the card a ``play`` command plays."""
        if verb == "end":
            if name == "action":
                self.state.turn.phase = "buy"
                return True
            return self._end_turn_plainly()
        if verb == "buy":
            return self._buy_plainly(name)
        turn = self.state.turn
        player = turn.player
        if card is None or self.state.names[card] not in self._plain_plays:
            return False
        # Only a trigger set up for the turn can still listen (the rest are excluded).
        if turn.lasting and triggers.listeners_of(self, "play", player, card):
            return False
        self._start_play(card)
        self.move(
            card,
            ("hand", player),
            ("in_play", player),
            (player, "plays", name, None),
        )
        definition = self._by_id[card]
        turn.plays.append(definition.name)
        self._vanilla_bonuses(player, definition)
        return True

    def _end_turn_plainly(self) -> bool:
        """End the turn without the generator when nobody listens to the clean-up or to
        the start of any turn; False (nothing done) otherwise. When the game ends here,
        the driver closes the generator (``Game.command``)."""
        player = self.state.turn.player
        if self._turn_end_listened or (
            self.state.turn.lasting and triggers.listeners_of(self, "cleanup", player, None)
        ):
            return False
        self.state.turn.phase = "cleanup"
        self._clean_up_cards(player)
        self._end_of_turn()
        return True

    def _run_command(self, verb: str, name: str, card: int | None) -> Effect:
        player = self.active
        if card is not None:  # a play
            self._start_play(card)
            yield from self.play(player, card)
            return
        yield from self._buy(player, name)

    def _start_play(self, card: int) -> None:
        """What playing a card from hand by command costs: a Treasure ends the Action
        phase; an Action in the Action phase uses an Action."""
        turn, types = self.state.turn, self._by_id[card].types
        if TREASURE in types and not (turn.phase == "action" and ACTION in types):
            turn.phase = "buy"
        elif turn.phase == "action":
            turn.actions -= 1

    # ------------------------------------------------------------------ buying

    def _buy(self, player: int, pile: str) -> Effect:
        card = self._pay_for(player, pile)
        if triggers.listeners_of(self, "buy", player, card):
            yield from triggers.fire(self, Happening("buy", player, card, bought=True))
        yield from self.gain_card(player, card, ("supply", pile), bought=True)

    def _buy_plainly(self, pile: str) -> bool:
        """``_buy`` without the generator when nobody listens to the buy or the gain;
        False (nothing done) otherwise. Paying and a gain from the Supply to the discard
        pile change no hand and nothing in play, where listeners are looked for, so who
        listens to the gain is known before the buy."""
        player = self.state.turn.player
        card = self.state.supply[pile][-1]
        if triggers.listeners_of(self, "buy", player, card) or triggers.listeners_of(
            self, "gain", player, card
        ):
            return False
        self._pay_for(player, pile)
        self._move_gained(player, card, ("supply", pile), "discard")
        return True

    def _pay_for(self, player: int, pile: str) -> int:
        """The buy itself, before its triggers and the gain: the card bought."""
        turn = self.state.turn
        turn.phase = "buy"
        turn.buys -= 1
        turn.coins -= self.cost_of(pile)
        turn.bought = True
        self.log((player, "buys", pile, None))
        return self.state.supply[pile][-1]

    # ------------------------------------------------------------------ clean-up

    def _clean_up(self) -> Effect:
        player, turn = self.active, self.state.turn
        turn.phase = "cleanup"
        if triggers.listeners_of(self, "cleanup", player, None):
            yield from triggers.fire(self, Happening("cleanup", player))
        self._clean_up_cards(player)

    def _clean_up_cards(self, player: int) -> None:
        """Discard the cards in play and in hand, draw 5: the Clean-up after its triggers."""
        state = self.player(player)
        for zone in ("in_play", "hand"):
            for card in list(state.zone(zone)):
                self.discard(player, card, zone)
        self.draw(player, 5)
        state.turns_taken += 1

    def _end_of_turn(self) -> bool:
        """After the Clean-up: end the game if it is over (True), else pass the turn."""
        counts = list(map(len, self._pile_lists))
        players = len(self.state.players)
        if rules.game_over(counts, self._province, self._colony, players):
            self.state.game_over = True
            self.log(Event(None, "game ends"))
            return True
        self.state.turn = TurnState(player=(self.state.turn.player + 1) % players)
        return False

    # ------------------------------------------------------------------ validation

    def _check_rules(self, verb: str, arg: str) -> int | None:
        """IllegalMove unless the rules allow the command in this phase of the turn; the
        card a play would play."""
        if verb == "play":
            return self._check_play(arg)
        if verb == "buy":
            self._check_buy(arg)
        elif verb == "end":
            if arg not in ("action", "turn"):
                raise IllegalMove(f"end takes action or turn, not {arg!r}")
            if arg == "action" and self.state.turn.phase != "action":
                raise IllegalMove("the Action phase is already over")
        else:
            raise IllegalMove(f"unknown command {verb!r}")
        return None

    def _check_play(self, name: str) -> int:
        """The card in hand that ``play name`` would play; IllegalMove if it may not."""
        turn, names = self.state.turn, self.state.names
        for card in self.state.players[turn.player].hand:
            if names[card] == name:
                break
        else:
            raise IllegalMove(f"p{turn.player + 1} has no {name} in hand")
        types = self._by_id[card].types
        if ACTION in types and turn.phase == "action":
            if turn.actions < 1:
                raise IllegalMove(f"no Action left to play {name}")
            return card
        if TREASURE in types:
            if turn.bought:
                raise IllegalMove(f"cannot play {name}: Treasures cannot be played after buying")
            return card
        if ACTION in types:
            raise IllegalMove(f"cannot play {name}: Action cards are played in the Action phase")
        raise IllegalMove(f"{name} cannot be played")

    def _check_buy(self, name: str) -> None:
        turn = self.state.turn
        if name not in self.state.supply:
            raise IllegalMove(f"{name} is not in the Supply")
        if not self.state.supply[name]:
            raise IllegalMove(f"the {name} pile is empty")
        if turn.buys < 1:
            raise IllegalMove("no Buy left")
        cost = self.cost_of(name)
        if cost > turn.coins:
            raise IllegalMove(f"{name} costs {cost}, only {turn.coins} coins available")
        reason = self.buy_restriction(name)
        if reason:
            raise IllegalMove(reason)

    def buy_restriction(self, name: str) -> str | None:
        """Why a card may not be bought now beyond cost and Buys (Contraband, Grand Market)."""
        if name in self.state.turn.modifiers.get("banned", ()):
            return f"{name} was named by Contraband this turn"
        restriction = self.definition_by_name(name).buy_restriction
        return restriction(self, self.active) if restriction is not None else None

    # ------------------------------------------------------------------ scoring

    def score(self, player: int) -> int:
        state = self.player(player)
        owned = [self.definition(card) for card in state.all_cards()]
        total = state.vp_tokens + sum(card.vp for card in owned)
        total += sum(card.vp_counter(owned) for card in owned if card.vp_counter is not None)
        return total

    def winners(self) -> list[int]:
        if not self.state.game_over:
            return []
        scores = [self.score(p) for p in range(self.players)]
        turns = [self.player(p).turns_taken for p in range(self.players)]
        return rules.winners(scores, turns)
