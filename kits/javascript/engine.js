// A small Dominion engine: the basic cards only (Copper, Silver, Gold, Estate, Duchy,
// Province, Curse). It plays Treasures, buys, and runs Clean-up, the end of the game and
// the score. Every other card is declared unsupported in `cards()`, so Arbiter skips the
// scenarios that name one, with the reason, instead of failing them.
//
// Grow it card by card: add the card to CARDS, teach `play` what it does, and run
// `arbiter check --engine wire:"node main.js"` again.
"use strict";

const { Rejected, Unsupported } = require("./protocol.js");

const CARDS = {
  Copper: { cost: 0, coins: 1 },
  Silver: { cost: 3, coins: 2 },
  Gold: { cost: 6, coins: 3 },
  Estate: { cost: 2, vp: 1 },
  Duchy: { cost: 5, vp: 3 },
  Province: { cost: 8, vp: 6 },
  Curse: { cost: 0, vp: -1 },
};
const ZONES = ["hand", "deck", "discard", "in_play", "set_aside"];
const HAND_SIZE = 5;

// The pile sizes of the rules, by player count (the setup gives only the piles a
// scenario sizes; the engine works out the others).
function basicSupply(players) {
  const big = players >= 5; // 5 and 6 players use the Treasures of a second set
  return {
    Copper: (big ? 120 : 60) - 7 * players,
    Silver: big ? 80 : 40,
    Gold: big ? 60 : 30,
    Estate: players === 2 ? 8 : 12,
    Duchy: players === 2 ? 8 : 12,
    Province: players === 2 ? 8 : players <= 4 ? 12 : 3 * players,
    Curse: 10 * (players - 1),
  };
}

// A small seeded generator, for shuffles a scenario does not order.
function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

function sameCards(a, b) {
  return a.length === b.length && [...a].sort().join("\n") === [...b].sort().join("\n");
}

class BasicEngine {
  constructor() {
    this.name = "javascript-starter";
    this.game = null;
  }

  // hello's table: every card this engine can play, under both editions.
  cards() {
    const table = {};
    for (const name of Object.keys(CARDS)) table[name] = { set: "basic", editions: [1, 2] };
    return table;
  }

  load(setup) {
    if (setup.colony) throw new Unsupported(`${this.name} has no Platinum or Colony`);
    if (setup.kingdom.length > 0) throw new Unsupported(`${this.name} has no Kingdom cards`);
    const players = [];
    for (let n = 1; n <= setup.players; n += 1) {
      const zones = setup[`p${n}`];
      const player = { vp_tokens: zones.vp_tokens, shuffles: zones.shuffles.map((o) => [...o]) };
      for (const zone of ZONES) player[zone] = [...zones[zone]];
      players.push(player);
    }
    this.game = {
      players,
      supply: { ...basicSupply(setup.players), ...setup.supply },
      trash: [...setup.trash],
      turn: { ...setup.turn },
      turnsTaken: players.map((_, i) => setup.turns_taken[`p${i + 1}`]),
      bought: false, // no Treasure may be played after the first buy of a turn
      over: false,
      log: [],
      random: random(setup.seed),
    };
  }

  command(verb, arg) {
    const game = this.state();
    if (game.over) throw new Rejected("the game is over");
    if (verb === "play") this.play(arg);
    else if (verb === "buy") this.buy(arg);
    else if (verb === "end" && arg === "action") this.endAction();
    else if (verb === "end" && arg === "turn") this.endTurn();
    else throw new Rejected(`unknown command ${verb} ${JSON.stringify(arg)}`);
  }

  answer() {
    throw new Rejected("nothing is pending"); // the basic cards never ask anything
  }

  // null, or the one decision waiting for an answer, e.g. for Chapel:
  //   { player: "p1", kind: "cards", source: "Chapel", choices: ["Copper", "Estate"],
  //     min: 0, max: 4, purpose: "trash", prompt: "trash up to 4 cards" }
  // purpose (what the picks are for: trash, discard, topdeck, play, gain, ...; the enum in
  // scenarios/schema/wire.schema.json) is optional: without it a decision means "choose".
  pending() {
    this.state();
    return null;
  }

  observe() {
    const game = this.state();
    const players = {};
    game.players.forEach((player, index) => {
      const zones = {};
      for (const zone of ZONES) zones[zone] = [...player[zone]];
      players[`p${index + 1}`] = { ...zones, vp_tokens: player.vp_tokens, score: this.score(index) };
    });
    return {
      players,
      supply: { ...game.supply },
      trash: [...game.trash],
      trade_route: 0,
      turn: { ...game.turn },
      game_over: game.over,
      winners: game.over ? this.winners() : [],
    };
  }

  events() {
    return [...this.state().log];
  }

  // --- the rules -------------------------------------------------------------------------

  state() {
    if (this.game === null) throw new Error("load a position first");
    return this.game;
  }

  active() {
    return Number(this.state().turn.player.slice(1)) - 1;
  }

  say(player, text) {
    this.state().log.push(`p${player + 1} ${text}`);
  }

  play(card) {
    const game = this.state();
    const me = game.players[this.active()];
    if (!me.hand.includes(card)) throw new Rejected(`p${this.active() + 1} has no ${card} in hand`);
    const coins = CARDS[card] && CARDS[card].coins;
    if (coins === undefined) throw new Rejected(`${card} cannot be played`);
    if (game.bought) throw new Rejected("no Treasure can be played after buying");
    game.turn.phase = "buy";
    me.hand.splice(me.hand.indexOf(card), 1);
    me.in_play.push(card);
    game.turn.coins += coins;
    this.say(this.active(), `plays ${card}`);
  }

  buy(card) {
    const game = this.state();
    const cost = CARDS[card] && CARDS[card].cost;
    if (cost === undefined || !(card in game.supply)) throw new Rejected(`${card} is not in the Supply`);
    if (game.supply[card] === 0) throw new Rejected(`the ${card} pile is empty`);
    if (game.turn.buys < 1) throw new Rejected("no Buy left");
    if (cost > game.turn.coins) {
      throw new Rejected(`${card} costs ${cost}, only ${game.turn.coins} coins available`);
    }
    game.turn.phase = "buy";
    game.turn.buys -= 1;
    game.turn.coins -= cost;
    game.bought = true;
    this.say(this.active(), `buys ${card}`);
    game.supply[card] -= 1;
    game.players[this.active()].discard.push(card);
    this.say(this.active(), `gains ${card}`);
  }

  endAction() {
    const turn = this.state().turn;
    if (turn.phase !== "action") throw new Rejected("the Action phase is already over");
    turn.phase = "buy";
  }

  endTurn() {
    const game = this.state();
    const index = this.active();
    const me = game.players[index];
    for (const card of [...me.in_play, ...me.hand]) this.say(index, `discards ${card}`);
    me.discard.push(...me.in_play, ...me.hand);
    me.in_play = [];
    me.hand = [];
    this.draw(index, HAND_SIZE);
    game.turnsTaken[index] += 1;
    if (this.gameEnds()) {
      game.over = true;
      game.log.push("game ends");
      return;
    }
    const next = (index + 1) % game.players.length;
    game.turn = { player: `p${next + 1}`, phase: "action", actions: 1, buys: 1, coins: 0 };
    game.bought = false;
  }

  draw(index, count) {
    const me = this.state().players[index];
    for (let drawn = 0; drawn < count; drawn += 1) {
      if (me.deck.length === 0) {
        if (me.discard.length === 0) return; // nothing left to draw
        this.shuffle(index);
      }
      const card = me.deck.shift();
      me.hand.push(card);
      this.say(index, `draws ${card}`);
    }
  }

  shuffle(index) {
    const me = this.state().players[index];
    let order = me.shuffles.shift();
    if (order === undefined) {
      order = [...me.discard];
      for (let i = order.length - 1; i > 0; i -= 1) {
        const j = Math.floor(this.state().random() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
    } else if (!sameCards(order, me.discard)) {
      throw new Error(`p${index + 1}.shuffles: ${JSON.stringify(order)} is not a rearrangement of the discard pile`);
    }
    me.deck = [...order]; // top first
    me.discard = [];
    this.say(index, "shuffles");
  }

  gameEnds() {
    const game = this.state();
    const empty = Object.values(game.supply).filter((count) => count === 0).length;
    return game.supply.Province === 0 || empty >= (game.players.length >= 5 ? 4 : 3);
  }

  score(index) {
    const player = this.state().players[index];
    let total = player.vp_tokens;
    for (const zone of ZONES) {
      for (const card of player[zone]) total += (CARDS[card] && CARDS[card].vp) || 0;
    }
    return total;
  }

  // The most VP wins; tied players who had fewer turns win; a tie after that is shared.
  winners() {
    const game = this.state();
    const ranked = game.players.map((_, i) => ({ i, score: this.score(i), turns: game.turnsTaken[i] }));
    const best = Math.max(...ranked.map((r) => r.score));
    const tied = ranked.filter((r) => r.score === best);
    const fewest = Math.min(...tied.map((r) => r.turns));
    return tied.filter((r) => r.turns === fewest).map((r) => `p${r.i + 1}`);
  }
}

module.exports = { BasicEngine, CARDS, basicSupply };
