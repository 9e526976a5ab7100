"""Load scenario files: strict YAML, JSON Schema, then the checks a schema cannot express.

Every complaint is a :class:`Problem` naming file, line, key and reason. Keys are dotted
paths; list positions count from 1, like step numbers (``steps[3].choose``,
``setup.p1.hand[2]``), because the people reading them count from 1.

The result is a :class:`~scenarios.model.Scenario` whose ``setup`` is the plain mapping
handed to ``Adapter.load``, with every default of the format filled in (the format
reference is docs/guides/writing-scenarios.rst).
"""

from __future__ import annotations

import difflib
import errno
import json
import os
import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from engine import cards as catalogue
from engine.entries import FOR_NEXT_TURN
from engine.errors import BadPosition
from engine.sets import BY_NAME, DEFAULT_EDITIONS, KINGDOM_SETS
from engine.setup_check import check_generation, check_setup
from engine.shapes import show
from engine.vocabulary import (
    ALONE_VERBS,
    CARD_VERBS,
    EXCHANGES,
    GAINS_INSTEAD,
    GAME_ENDS,
    PASSES,
    PUTS_INTO_HAND,
    SPENDS,
)
from scenarios.model import (
    BASIC_PILES,
    COLONY_PILES,
    FORMAT_FEATURES,
    MATS,
    PLAY_ZONES,
    SETS,
    VERBS,
    VERSION_1_TOKEN_KEYS,
    ZONES,
    CardIndex,
    FormatTokens,
    Scenario,
    SetupAcceptance,
    Step,
    format_tokens,
    reference_cards,
)
from scenarios.names import canonical, did_you_mean
from scenarios.yamlnodes import too_long
from scenarios.yamlread import (
    Document,
    KeyPath,
    YamlError,
    plain_copy,
    read_file_bytes,
    read_yaml,
    read_yaml_bytes,
)

if TYPE_CHECKING:
    import jsonschema
    from jsonschema.exceptions import ValidationError

    from scenarios.cache import ScenarioCache

PACKAGE_DIR = Path(__file__).resolve().parent
SCHEMA_PATH = PACKAGE_DIR / "schema" / "scenario.schema.json"
MODIFIERS = ("player", "controller", "source", "rejected")
# A player key as the schema allows it (p0 and p9 included, so the loader can say that
# they are not in the game rather than "unknown key").
PLAYER_KEY = re.compile(r"p(?:0|[1-9][0-9]*)")
DEFAULT_TURN = {"player": "p1", "phase": "action", "actions": 1, "buys": 1, "coins": 0}
MAX_PROBLEMS_SHOWN = 5
# Every character str.splitlines() breaks a line at.
_LINE_BREAKING = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")

# The event grammar of the format reference (docs/guides/writing-scenarios.rst): read here
# for scenario files, and by the wire adapter for what an engine under test reports. Made
# from the engine's words (engine.vocabulary) and the sets' declarations (mats, tokens), so
# that a line the engine logs is a line a scenario may expect (tests/test_vocabulary.py).
_PLAYER = r"^(?P<player>p\d+) "


def _either(verbs: Iterable[str]) -> str:
    return "|".join(re.escape(verb) for verb in dict.fromkeys(verbs))


def _around(verb: str) -> tuple[str, str]:
    """A verb with its card inside (``puts {} into hand``): what comes before and after."""
    before, after = verb.split("{}")
    return re.escape(before), re.escape(after)


# The verbs whose line names two cards: ``p1 gains Silver instead of Province``.
TWO_CARDS = (GAINS_INSTEAD, EXCHANGES)


def event_forms() -> tuple[re.Pattern[str], ...]:
    """The forms of an event line, first those naming two cards (a gain that replaced
    another's, an exchange), which the plain forms would read as one card."""
    kinds = catalogue.TOKEN_KINDS.values()
    card_verbs = [*CARD_VERBS, *(k.added for k in kinds if k.added and k.where != "player")]
    inside = [PUTS_INTO_HAND, *(mat.verb for mat in catalogue.MATS.values())]
    alone = [*ALONE_VERBS, *(k.added for k in kinds if k.added and k.where == "player")]
    spent = [kind.title for kind in kinds if kind.spend is not None]
    forms = [
        *(rf"{_PLAYER}{b}(?P<card>.+?){a}(?P<card2>.+)$" for b, a in map(_around, TWO_CARDS)),
        rf"{_PLAYER}(?:{_either(card_verbs)}) (?P<card>.+)$",
        rf"{_PLAYER}{re.escape(PASSES)} (?P<card>.+) to (?P<other>p\d+)$",
        *(rf"{_PLAYER}{b}(?P<card>.+){a}$" for b, a in map(_around, inside)),
        rf"{_PLAYER}(?:{_either(alone)})$",
        rf"^{re.escape(GAME_ENDS)}$",
    ]
    if spent:
        # A token spent by the step spend (Coffers): the token's name, not a card.
        forms.append(rf"{_PLAYER}{re.escape(SPENDS)} (?P<token>{_either(spent)})$")
    return tuple(re.compile(form) for form in forms)


EVENT_FORMS = event_forms()


# A problem's key path and reason are clipped to these lengths: a message quotes what it
# read, and what a file holds may be anything (a link to /etc/passwd) and any size.
MAX_KEY_CHARS = 200
MAX_REASON_CHARS = 500


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    key: str
    reason: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", _clipped(self.key, MAX_KEY_CHARS))
        object.__setattr__(self, "reason", _clipped(self.reason, MAX_REASON_CHARS))

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.key}: {self.reason}"


class ScenarioError(Exception):
    """A malformed scenario; ``problems`` is never empty and is sorted by line."""

    def __init__(self, problems: Iterable[Problem], scenario_id: str | None = None) -> None:
        self.problems = sorted(problems, key=lambda problem: problem.line)
        assert self.problems, "a ScenarioError needs at least one problem"
        self.scenario_id = scenario_id
        super().__init__(str(self))

    @property
    def file(self) -> str:
        return self.problems[0].file

    @property
    def line(self) -> int:
        return self.problems[0].line

    def brief(self) -> str:
        """The problems without the file name (for reports that print it separately)."""
        first, *rest = self.problems
        text = f"{first.key}: {first.reason}"
        shown = rest[: MAX_PROBLEMS_SHOWN - 1]
        text += "".join(f"; line {p.line}: {p.key}: {p.reason}" for p in shown)
        if len(rest) > len(shown):
            text += f"; and {len(rest) - len(shown)} more"
        return text

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.brief()}"


def match_event(line: str) -> re.Match[str] | None:
    """The match of ``line`` (white space folded) against the event grammar, or None."""
    folded = " ".join(line.split())
    return next(filter(None, (form.match(folded) for form in EVENT_FORMS)), None)


def format_key(path: KeyPath) -> str:
    """``steps[3].choose``: list positions count from 1; a key that is not plain printable
    text (``"p1\\n"``) is shown quoted so that the message stays on one line."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part + 1}]"
        elif not part.isprintable() or part != part.strip():
            text += f"[{part!r}]"
        else:
            text += f".{part}" if text else part
    return text or "(top level)"


def _no_such_player(name: str, players: int) -> str:
    return f"{name} is not a player in this game (p1 to p{players}: setup.players is {players})"


def _not_a_pile(name: str) -> str:
    hint = " (set setup.colony: true)" if name in COLONY_PILES else ""
    return f"{name} is not a Supply pile in this game{hint}"


def _suggest(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.75)
    return f" (did you mean {close[0]!r}?)" if close else ""


# --- JSON Schema --------------------------------------------------------------------------


@cache
def schema() -> dict[str, Any]:
    with SCHEMA_PATH.open(encoding="utf-8") as handle:
        loaded: dict[str, Any] = json.load(handle)
    # The editions a scenario may choose: one per set of the registry (engine.sets), among
    # that set's editions (Alchemy has one).
    loaded["properties"]["editions"]["properties"] = {
        name: _edition_schema(name) for name in KINGDOM_SETS
    }
    # A player's tokens: the version-1 keys, and one per kind a set declares (pN.coffers).
    defs = loaded["$defs"]
    tokens = format_tokens()
    for key in sorted(tokens.player_keys):
        for zones in ("playerSetup", "playerExpect"):
            defs[zones]["properties"].setdefault(key, {"$ref": "#/$defs/count"})
    # A Kingdom pile set out beside the Supply for a card: ferryman: Village.
    for key in sorted(tokens.set_aside_keys):
        defs["setup"]["properties"].setdefault(key, {"$ref": "#/$defs/card"})
    return loaded


def _edition_schema(set_name: str) -> dict[str, Any]:
    editions = sorted(BY_NAME[set_name].editions)
    return {"$ref": "#/$defs/edition"} if editions == [1, 2] else {"enum": editions}


def _is_whole_number(_checker: object, instance: object) -> bool:
    """JSON Schema counts 2.0 as an integer; a scenario means a count, so only ints are."""
    return isinstance(instance, int) and not isinstance(instance, bool)


@cache
def _validator() -> jsonschema.protocols.Validator:
    """The validator whose errors become the messages (imported only for a file that the
    compiled pre-check refuses: jsonschema and its validator cost more than the check)."""
    import jsonschema

    strict = jsonschema.validators.extend(
        jsonschema.Draft202012Validator,
        type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
            "integer", _is_whole_number
        ),
    )
    validator: jsonschema.protocols.Validator = strict(schema())
    return validator


@cache
def _precheck() -> Callable[[Any], object]:
    """The schema compiled to Python by fastjsonschema (:mod:`scenarios.precheck`): it
    only says valid or not, many times faster than jsonschema."""
    from scenarios.precheck import compiled

    return compiled(schema())


def _has_float(value: Any) -> bool:
    """Whether a float sits anywhere in ``value`` (plain data from the YAML reader)."""
    if isinstance(value, dict):
        value = value.values()
    elif not isinstance(value, list):
        return isinstance(value, float)
    for item in value:  # noqa: SIM110 (a loop, not any(): this runs for every value of every file)
        if _has_float(item):
            return True
    return False


def schema_valid(data: Any, has_float: bool | None = None) -> bool:
    """Whether ``data`` passes the schema, by the compiled pre-check. True only when
    jsonschema (the validator of record, :func:`_validator`) also finds nothing; False
    may be wrong, so a False is confirmed by jsonschema, which words the messages.

    The one known case where the compiled code accepts what ours refuses: it counts a
    float such as 2.0 as an integer (as JSON Schema does, where we take only ints,
    :func:`_is_whole_number`). No place in the schema takes a float, so a document with
    one goes to jsonschema (``has_float``: whether ``data`` holds one, when the caller
    knows; None: look). tests/test_schema_precheck.py compares the two."""
    try:
        from fastjsonschema import JsonSchemaValueException
    except ImportError:  # an install from before the dependency: jsonschema alone, slower
        return False

    if _has_float(data) if has_float is None else has_float:
        return False
    try:
        _precheck()(data)
    except JsonSchemaValueException:
        return False
    return True


_REF_NAMES = {
    "#/$defs/card": "a card name",
    "#/$defs/cardList": "a list of card names",
    "#/$defs/player": "a player (p1 to p6)",
    "#/$defs/count": "a whole number, 0 or more",
    "#/$defs/edition": "1 or 2",
    "#/$defs/inPlayEntry": "a card name or {card, by, set_aside}",
    "#/$defs/cost": "a cost: a whole number of coins, or written $3, $3P, $0P",
}
_TYPE_NAMES = {
    "string": "text",
    "boolean": "true or false",
    "null": "null",
    "integer": "a whole number",
    "number": "a number",
    "object": "a mapping of keys",
    "array": "a list",
}
_PATTERN_NAMES = {
    "id": "an id like set/card/slug (lowercase letters, digits and dashes)",
    "rulings": "a ruling id like base/throne-room/2",
    "title": "a single line",
    "player": "a player (p1 to p6)",
    "winners": "a player (p1 to p6)",
    "turns_taken": "a player (p1 to p6)",
}


def _describe(subschema: Mapping[str, Any]) -> str:
    if "$ref" in subschema:
        return _REF_NAMES.get(subschema["$ref"], "a valid value")
    if "enum" in subschema:
        return "one of " + ", ".join(json.dumps(value) for value in subschema["enum"])
    if subschema.get("type") == "array" and subschema.get("items", {}).get("$ref") == (
        "#/$defs/card"
    ):
        return "a list of card names"
    if subschema.get("type") == "array" and subschema.get("items", {}).get("type") == "string":
        return "a list of text"
    return _TYPE_NAMES.get(str(subschema.get("type")), "a valid value")


def _show(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        if not value:
            return "an empty list"
        # The item that is not text, when one is: "found a list" alone was a riddle.
        odd = [item for item in value if not isinstance(item, str)][:1]
        return f"a list holding {_show(odd[0])}" if odd else "a list"
    return show(value)


def _clipped(text: str, limit: int) -> str:
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


def _unknown_keys(error: ValidationError, rules: Mapping[str, Any]) -> list[str]:
    known = rules.get("properties", {})
    patterns = rules.get("patternProperties", {})
    return [
        key
        for key in cast(Mapping[str, Any], error.instance)
        if key not in known and not any(re.search(p, key) for p in patterns)
    ]


def _schema_reason(error: ValidationError) -> tuple[KeyPath, str]:
    """A key path and a sentence for one schema error; the jsonschema text is the fallback."""
    path: KeyPath = tuple(error.absolute_path)
    rules = cast(Mapping[str, Any], error.schema)
    kind = error.validator
    if kind == "additionalProperties":
        extra = _unknown_keys(error, rules)[0]
        known = list(rules.get("properties", {}))
        if "patternProperties" in rules:  # the pN keys
            known += [f"p{number}" for number in range(1, 7)]
        return (*path, extra), f"unknown key {extra!r}{_suggest(extra, known)}"
    if kind == "required":
        # jsonschema reports each missing key as its own error, named only in the message.
        missing = re.match(r"^'(.*)' is a required property$", error.message)
        return path, f"missing required key {missing[1]!r}" if missing else error.message
    if kind in ("anyOf", "oneOf"):
        # When one alternative has the right shape (a mapping where null or a mapping is
        # allowed), its own complaint is the useful one; otherwise list the alternatives.
        deeper = [e for e in error.context or () if e.validator != "type"]
        if deeper:
            from jsonschema.exceptions import best_match

            return _schema_reason(best_match(deeper))
        wanted = " or ".join(_describe(option) for option in rules[kind])
        return path, f"expected {wanted}, found {_show(error.instance)}"
    if kind == "minItems":
        count = int(cast(int, error.validator_value))
        plural = "" if count == 1 else "s"
        return path, f"expected at least {count} item{plural}, found {_show(error.instance)}"
    if kind in ("type", "enum"):
        return path, f"expected {_describe(rules)}, found {_show(error.instance)}"
    if kind == "pattern":
        field = next((p for p in reversed(path) if isinstance(p, str)), "")
        return path, f"{error.instance!r} is not {_PATTERN_NAMES.get(field, 'well formed')}"
    return path, error.message


def _schema_problems(doc: Document, file: str) -> list[Problem]:
    if schema_valid(doc.data, doc.has_float):
        return []
    problems = []
    for error in _validator().iter_errors(doc.data):
        path, reason = _schema_reason(error)
        problems.append(Problem(file, doc.line_of(path), format_key(path), reason))
    return problems


# --- semantic checks ----------------------------------------------------------------------


class _Checker:
    """Walks a schema-valid document in file order, collecting problems and card names."""

    def __init__(
        self, doc: Document, file: str, cards: CardIndex, rulings: Collection[str]
    ) -> None:
        self.doc, self.file, self.cards, self.rulings = doc, file, cards, rulings
        self.data: dict[str, Any] = doc.data
        setup = self.data["setup"]
        self.players: int = setup.get("players", 2)
        self.colony: bool = setup.get("colony", False)
        self.problems: list[Problem] = []
        self.named: dict[str, None] = {}  # an ordered set: first appearance wins
        self.piles: list[tuple[KeyPath, str]] = []  # Supply keys, checked once kingdom is known
        self.kingdom: list[str] = []
        # The Bane and the piles set out beside the Supply (ferryman): Kingdom piles of
        # their own, never in `kingdom`.
        self.own_piles: set[str] = set()
        self.tokens = format_tokens_cached()
        # Card names the file spells another way than the catalogue (case, spacing,
        # apostrophes: `throne room`), put right in the data before anything uses it.
        self.respell: list[Callable[[], None]] = []

    def problem(self, path: KeyPath, reason: str) -> None:
        self.problems.append(Problem(self.file, self.doc.line_of(path), format_key(path), reason))

    def card(self, path: KeyPath, name: str, respell: Callable[[str], None] | None = None) -> str:
        """The card ``name`` means, as the catalogue spells it (a problem if none): card
        names match as everywhere (:mod:`scenarios.names`). A different spelling is put
        right in the data, at ``path`` or by ``respell``."""
        found = canonical(name, self.cards.names)
        if found is None:
            self.problem(path, f"unknown card {show(name)}{did_you_mean(name, self.cards.names)}")
            return name
        self.named.setdefault(found)
        if found != name:
            fix = respell or (lambda right: _set(self.data, path, right))
            self.respell.append(lambda: fix(found))
        return found

    def card_list(self, path: KeyPath, names: list[str]) -> None:
        known, named = self.cards.names, self.named
        for index, name in enumerate(names):
            # What card() does with a name spelled as the catalogue spells it (most are),
            # without the call and the key path.
            if name in known:
                named.setdefault(name)
            else:
                self.card((*path, index), name)

    def player(self, path: KeyPath, name: str) -> None:
        number = int(name[1:]) if PLAYER_KEY.fullmatch(name) else 0
        if not 1 <= number <= self.players:
            self.problem(path, _no_such_player(name, self.players))

    def run(self) -> None:
        handlers: dict[str, Callable[[KeyPath, Any], None]] = {
            "rulings": self.check_rulings,
            "cards": self.card_list,
            "setup": self.check_setup,
            "steps": self.check_steps,
            "expect": self.check_expect,
            "title": self.one_line,
            "note": self.one_line,
        }
        for key, value in self.data.items():
            if key in handlers:
                handlers[key]((key,), value)
        for fix in self.respell:
            fix()
        self.resolve_kingdom()

    def one_line(self, path: KeyPath, text: str) -> None:
        """Titles and notes are shown on pages and in reports as one line of plain text: a
        line separator (\\r, \\x85, \\u2028...) or another control character would let a
        title start a line of markup of its own there."""
        # Every such character is unprintable, and str.isprintable looks at C speed: only
        # a text with some unprintable character (a no-break space, say) is looked into.
        if text.isprintable():
            return
        bad = next(
            (c for c in text if c in _LINE_BREAKING or unicodedata.category(c) == "Cc"), None
        )
        if bad is not None:
            self.problem(path, f"must be one line of plain text: it contains {bad!r}")

    def check_rulings(self, path: KeyPath, ids: list[str]) -> None:
        for index, ruling in enumerate(ids):
            if ruling not in self.rulings:
                reason = f"unknown ruling {ruling!r}{_suggest(ruling, self.rulings)}"
                self.problem((*path, index), reason)

    def check_setup(self, path: KeyPath, setup: dict[str, Any]) -> None:
        for key, value in setup.items():
            where = (*path, key)
            if key in ("kingdom", "trash"):
                self.card_list(where, value)
            elif key == "supply":
                self.supply_keys(where, value)
            elif key == "turn":
                self.turn_players(where, value)
            elif key == "turns_taken":
                for name in value:
                    self.player((*where, name), name)
            elif key == "trade_route":
                self.card_list((*where, "piles"), value["piles"])
            elif key == "embargo":
                self.supply_keys(where, value)
            elif key == "bane" or key in self.tokens.set_aside_keys:
                self.own_piles.add(self.card(where, value))
            elif key == "piles":
                self.card_piles(where, value)
            elif PLAYER_KEY.fullmatch(key):
                self.player(where, key)
                self.player_setup(where, value)

    def card_piles(self, path: KeyPath, piles: dict[str, list[str]]) -> None:
        """Piles outside the Supply: their cards (which piles a game has, the engine's
        setup check says)."""
        for name, cards in piles.items():
            self.card_list((*path, name), cards)

    def turn_players(self, path: KeyPath, turn: Mapping[str, Any]) -> None:
        """Whose turn it is and who controls it (a Possession turn's controller)."""
        for key in ("player", "controller"):
            if key in turn:
                self.player((*path, key), turn[key])

    def card_keys(self, path: KeyPath, values: dict[str, Any]) -> list[tuple[KeyPath, str]]:
        """A mapping keyed by card names (``expect.cost``), each spelling put right: each
        key's path and the card it names, two keys naming one card refused."""
        first: dict[str, str] = {}  # card -> the key that named it first
        for name in list(values):
            right = self.card((*path, name), name, self.rekey(values, name))
            if right in first:  # respelt, the later key would replace the earlier one
                self.problem(
                    (*path, name),
                    f"{name!r} and {first[right]!r} name the same card, {right}: give it once",
                )
                continue
            first[right] = name
        return [((*path, name), right) for right, name in first.items()]

    def cost_numbers(self, path: KeyPath, costs: Mapping[str, Any]) -> None:
        """A cost written as text (``$3P``) holds numbers, refused when too long as a
        number written as one is."""
        for name, cost in costs.items():
            if isinstance(cost, str):
                longest = max(re.findall(r"[0-9]+", cost), key=len, default="")
                problem = too_long(longest)
                if problem is not None:
                    self.problem((*path, name), problem)

    def supply_keys(self, path: KeyPath, piles: dict[str, int]) -> None:
        self.piles.extend(self.card_keys(path, piles))

    @staticmethod
    def rekey(piles: dict[str, int], old: str) -> Callable[[str], None]:
        """What puts a Supply key's spelling right (``{duchy: 7}``)."""
        return lambda right: _rekey(piles, old, right)

    def player_setup(self, path: KeyPath, zones: dict[str, Any]) -> None:
        for key, value in zones.items():
            if key in PLAY_ZONES or key == FOR_NEXT_TURN:  # entries alike: names or {card, by}
                self.play_entries((*path, key), value)
            elif key in (*ZONES, *MATS, "gained_last_turn"):
                self.card_list((*path, key), value)
            elif key == "shuffles":
                for index, order in enumerate(value):
                    self.card_list((*path, key, index), order)

    def play_entries(self, path: KeyPath, entries: list[str | dict[str, Any]]) -> None:
        """``in_play`` / ``durations``: names, or ``{card, by, set_aside}`` (what ``by``
        may play and what may be set aside is the engine's setup check's to say, after
        the loader)."""
        for index, entry in enumerate(entries):
            if isinstance(entry, str):
                self.card((*path, index), entry)
                continue
            for key in ("card", "by"):
                if key in entry:
                    self.card((*path, index, key), entry[key])
            if "set_aside" in entry:
                self.card_list((*path, index, "set_aside"), entry["set_aside"])

    def check_steps(self, path: KeyPath, steps: list[dict[str, Any]]) -> None:
        for index, step in enumerate(steps):
            self.check_step((*path, index), step)

    def check_step(self, path: KeyPath, step: dict[str, Any]) -> None:
        verbs = [key for key in step if key in VERBS]
        if len(verbs) != 1:
            found = ", ".join(verbs) if verbs else "none"
            self.problem(path, f"a step needs exactly one of {', '.join(VERBS)} (found {found})")
            return
        verb = verbs[0]
        self.check_modifiers(path, verb, step)
        value = step[verb]
        if verb == "spend":
            self.spend((*path, verb), value)
        elif verb == "play" and isinstance(value, list):
            self.card_list((*path, verb), value)
        elif verb in ("play", "buy"):
            self.card((*path, verb), value)
        elif verb == "choose":
            self.check_answer((*path, verb), value, step.get("source"))
        elif verb == "expect":
            self.check_expect((*path, verb), value)

    def check_modifiers(self, path: KeyPath, verb: str, step: dict[str, Any]) -> None:
        for key in MODIFIERS:
            if key not in step:
                continue
            if verb == "expect" or (key == "source" and verb != "choose"):
                self.problem((*path, key), f"{key!r} does not apply to a {verb} step")
            elif key in ("player", "controller"):
                self.player((*path, key), step[key])
            elif key == "source":
                self.card((*path, key), step[key])
        plays = step.get("play")
        if step.get("rejected") and isinstance(plays, list) and len(plays) > 1:
            self.problem((*path, "rejected"), "write a rejected play as its own step")

    def spend(self, path: KeyPath, value: str | list[str]) -> None:
        """``spend: coffers``: kinds of token that may be spent (what the engine declares)."""
        spendable = self.tokens.spendable
        for index, kind in enumerate(value if isinstance(value, list) else [value]):
            if kind not in spendable:
                where = (*path, index) if isinstance(value, list) else path
                listed = ", ".join(sorted(spendable)) or "none"
                self.problem(where, f"{kind!r} is no kind of token to spend (these are: {listed})")

    def check_answer(self, path: KeyPath, value: Any, source: str | None = None) -> None:
        if isinstance(value, bool) or (isinstance(value, str) and value.lower() in ("yes", "no")):
            return
        if isinstance(value, int):  # an amount (the schema allows whole numbers only)
            return
        for index, item in enumerate(value if isinstance(value, list) else [value]):
            where = (*path, index) if isinstance(value, list) else path
            if self.cards.is_option(item):
                continue
            if canonical(item, self.cards.names) is not None:
                self.card(where, item)
            else:
                hint = did_you_mean(item, self.cards.names | self.cards.option_labels())
                labels = self.labels_here(source)
                self.problem(where, f"{item!r} is neither a card nor an option label{hint}{labels}")

    def labels_here(self, source: str | None) -> str:
        """The option labels of the asking card (``source``), or of every card named so
        far that has some: what a mistyped label was probably meant to be."""
        asking = [source] if source is not None and source in self.cards.labels else []
        cards = asking or [name for name in self.named if name in self.cards.labels]
        if not cards:
            return ""
        listed = "; ".join(f"{name}: {', '.join(self.cards.labels[name])}" for name in cards)
        return f"; the labels {'it accepts' if asking else 'of the cards here'}: {listed}"

    def check_expect(self, path: KeyPath, expect: dict[str, Any]) -> None:
        for key, value in expect.items():
            where = (*path, key)
            if PLAYER_KEY.fullmatch(key):
                self.player(where, key)
                self.player_expect(where, value)
            elif key in ("supply", "embargo"):
                self.supply_keys(where, value)
            elif key == "piles":
                self.card_piles(where, value)
            elif key == "cost":
                self.card_keys(where, value)
                self.cost_numbers(where, value)
            elif key == "trash":
                self.card_list(where, value)
            elif key == "turns_taken":
                for name in value:
                    self.player((*where, name), name)
            elif key == "pending" and value is not None:
                self.pending(where, value)
            elif key == "turn":
                self.turn_players(where, value)
            elif key == "winners":
                for index, name in enumerate(value):
                    self.player((*where, index), name)
            elif key in ("events", "no_events"):
                for index, line in enumerate(value):
                    self.event((*where, index), line)

    def player_expect(self, path: KeyPath, expected: dict[str, Any]) -> None:
        for key, value in expected.items():
            if key in (*ZONES, *MATS):
                self.card_list((*path, key), value)
            elif key == "discard_top" and value is not None:
                self.card((*path, key), value)

    def pending(self, path: KeyPath, pending: dict[str, Any]) -> None:
        for key in ("player", "controller"):
            if key in pending:
                self.player((*path, key), pending[key])
        if "source" in pending:
            self.card((*path, "source"), pending["source"])

    def event(self, path: KeyPath, line: str) -> None:
        match = match_event(line)
        if match is None:
            self.problem(
                path, f"{line!r} is not an event line (see docs/guides/writing-scenarios.rst)"
            )
            return
        found = match.groupdict()
        for key in ("player", "other"):
            if found.get(key):
                self.player(path, found[key])
        groups = [group for group in ("card", "card2") if found.get(group)]
        # Each card as the catalogue spells it; a line with a card spelt otherwise is put
        # right once, both cards at a time (a gain instead of another names two).
        right = {group: self.card(path, found[group], lambda _right: None) for group in groups}
        if any(right[group] != found[group] for group in groups):
            line = match.string
            for group in sorted(groups, key=match.start, reverse=True):
                start, end = match.span(group)
                line = line[:start] + right[group] + line[end:]
            self.respell.append(lambda: _set(self.data, path, line))

    def resolve_kingdom(self) -> None:
        setup = self.data["setup"]
        if "kingdom" in setup:
            self.kingdom = list(dict.fromkeys(setup["kingdom"]))
            for index, name in enumerate(setup["kingdom"]):
                if name in self.cards.names and name not in self.cards.kingdom:
                    self.problem(("setup", "kingdom", index), f"{name} is not a kingdom card")
        else:
            # The Bane is a Kingdom pile of its own, never one of the `kingdom` named.
            named = (name for name in self.named if name not in self.own_piles)
            self.kingdom = [name for name in named if name in self.cards.kingdom]
        in_game = BASIC_PILES | set(self.kingdom) | (COLONY_PILES if self.colony else set())
        in_game |= self.cards.added_piles(self.kingdom)
        bane = self.data["setup"].get("bane")
        if bane is not None:
            in_game |= {bane}
        for path, name in self.piles:
            if name in self.cards.names and name not in in_game:
                self.problem(path, _not_a_pile(name))
        if "trade_route" in setup:
            self.check_trade_route(("setup", "trade_route"), setup["trade_route"], in_game)

    def check_trade_route(
        self, path: KeyPath, tokens: Mapping[str, Any], in_game: frozenset[str]
    ) -> None:
        """Tokens sit only on Victory Supply piles of this game, one each, and the mat
        holds the ones already taken: each Victory pile starts the game with one."""
        # (A card set without Trade Route, like the runner tests' own, can still place
        # the tokens: its engine keeps the mat.)
        if "Trade Route" in self.cards.names and "Trade Route" not in self.kingdom:
            self.problem(path, "Trade Route is not in this game's Kingdom, so it has no tokens")
            return
        victory_piles = sorted(in_game & self.cards.victory)
        seen: set[str] = set()
        for index, name in enumerate(tokens["piles"]):
            where = (*path, "piles", index)
            if name not in self.cards.names:
                continue  # already reported as an unknown card
            if name not in self.cards.victory:
                self.problem(where, f"{name} is not a Victory card: tokens go on Victory piles")
            elif name not in in_game:
                self.problem(where, _not_a_pile(name))
            elif name in seen:
                self.problem(where, f"{name} is listed twice: a pile holds one token")
            seen.add(name)
        taken = len(victory_piles) - len(seen & set(victory_piles))
        if tokens["mat"] != taken:
            self.problem(
                (*path, "mat"),
                f"the mat holds the tokens taken from the {len(victory_piles)} Victory piles"
                f" ({', '.join(victory_piles)}): with {len(seen)} still on piles it must be"
                f" {taken}, not {tokens['mat']}",
            )


def _set(data: Any, path: KeyPath, value: Any) -> None:
    """Replace the value at ``path`` (a choose answer may be one name or a list)."""
    *parents, last = path
    for part in parents:
        data = data[part]
    data[last] = value


def _rekey(mapping: dict[str, Any], old: str, new: str) -> None:
    """Rename a key in place, keeping the order of the others."""
    items = [(new if key == old else key, value) for key, value in mapping.items()]
    mapping.clear()
    mapping.update(items)


# --- building the Scenario ----------------------------------------------------------------


def _player_setup(raw: Mapping[str, Any]) -> dict[str, Any]:
    zones: dict[str, Any] = {zone: plain_copy(raw.get(zone, [])) for zone in ZONES}
    zones["vp_tokens"] = raw.get("vp_tokens", 0)
    zones["shuffles"] = [list(order) for order in raw.get("shuffles", [])]
    # Additions to format version 1 are handed on only when a scenario uses them, so a
    # version-1 scenario's setup is exactly what it always was (format_features).
    for key in ("durations", FOR_NEXT_TURN, *MATS, "gained_last_turn"):
        if raw.get(key):
            zones[key] = plain_copy(raw[key])
    if raw.get("pirate_ship"):
        zones["pirate_ship"] = raw["pirate_ship"]
    # Tokens of the kinds sets declare (pN.coffers), when given, 0 included: a Baker game
    # starts every mat with one unless the scenario says otherwise.
    for key in raw.keys() & DECLARED_TOKEN_KEYS:
        zones[key] = raw[key]
    return zones


def format_features(setup: Mapping[str, Any]) -> list[str]:
    """The additions to format version 1 that a normalized setup uses, by name: what an
    engine must declare it understands (``Adapter.supported_features``) before it is
    sent such a setup (``scenarios.model.FORMAT_FEATURES``). ``start_of_turn``:
    ``turn.phase: start``; ``played_by``: an ``in_play`` or ``durations`` entry
    ``{card, by}``; ``durations``: cards in play from an earlier turn; ``set_aside_with``:
    an entry's ``set_aside`` (Haven's, Blockade's cards); ``mats``: ``pN.island``,
    ``pN.native_village``, ``pN.pirate_ship``; ``embargo``: Embargo tokens;
    ``extra_turn``: ``turn.extra``; ``gained_last_turn``: ``pN.gained_last_turn``;
    ``set_aside_for_next_turn``: ``pN.set_aside_for_next_turn`` (a card set aside out of
    play until the next turn: Farmhands', Horse Traders);
    ``potions``: ``turn.potions`` (Potions to spend); ``controlled_turn``: ``turn.controller``
    (a turn another player controls: Possession's); ``coffers``: ``pN.coffers`` (and the key
    of any other kind of player token a set declares); ``bane``: the Bane pile; ``piles``:
    the cards of piles outside the Supply."""
    used: dict[str, None] = {}
    if setup["turn"].get("phase") == "start":
        used["start_of_turn"] = None
    for number in range(1, setup["players"] + 1):
        zones = setup[f"p{number}"]
        entries = [*zones["in_play"], *zones.get("durations", [])]
        if any(not isinstance(entry, str) and "by" in entry for entry in entries):
            used["played_by"] = None
        if zones.get("durations"):
            used["durations"] = None
        if any(not isinstance(entry, str) and "set_aside" in entry for entry in entries):
            used["set_aside_with"] = None
        if any(key in zones for key in (*MATS, "pirate_ship")):
            used["mats"] = None
        if "gained_last_turn" in zones:
            used["gained_last_turn"] = None
        if FOR_NEXT_TURN in zones:
            used[FOR_NEXT_TURN] = None
        for key in zones.keys() & DECLARED_TOKEN_KEYS:
            used[key] = None
    for key in ("bane", "piles", *sorted(format_tokens_cached().set_aside_keys)):
        if key in setup:
            used[key] = None
    if "embargo" in setup:
        used["embargo"] = None
    if setup["turn"].get("extra"):
        used["extra_turn"] = None
    if "potions" in setup["turn"]:
        used["potions"] = None
    if "controller" in setup["turn"]:
        used["controlled_turn"] = None
    return sorted(used, key=FORMAT_FEATURES.index)


def build_setup(
    raw: Mapping[str, Any], kingdom: list[str], editions: Mapping[str, int], seed: int
) -> dict[str, Any]:
    """The mapping ``Adapter.load`` receives: the format's setup with every default.

    ``trade_route`` is None unless the scenario places the tokens: the rules then put one
    token on each Victory pile, which only the engine can work out from its Supply.
    """
    players: int = raw.get("players", 2)
    taken = raw.get("turns_taken", {})
    setup: dict[str, Any] = {
        "players": players,
        "kingdom": list(kingdom),
        "colony": raw.get("colony", False),
        "supply": dict(raw.get("supply", {})),
        "trash": list(raw.get("trash", [])),
        "turn": {**DEFAULT_TURN, **raw.get("turn", {})},
        "turns_taken": {f"p{n}": taken.get(f"p{n}", 0) for n in range(1, players + 1)},
        "trade_route": plain_copy(raw.get("trade_route")),
        "editions": dict(editions),
        "seed": seed,
    }
    # Additions to version 1, only when a scenario uses them (format_features); an extra
    # turn that is not one is the default, and a pile without tokens has none.
    turn = setup["turn"]
    if not turn.get("extra", True):
        del turn["extra"]
    if not turn.get("potions", 1):
        del turn["potions"]
    if turn.get("controller") == turn["player"]:  # a turn its own player controls
        del turn["controller"]
    embargo = {pile: count for pile, count in raw.get("embargo", {}).items() if count}
    if embargo:
        setup["embargo"] = embargo
    for key in ("bane", *sorted(format_tokens_cached().set_aside_keys)):
        if key in raw:
            setup[key] = raw[key]
    if "piles" in raw:
        setup["piles"] = plain_copy(raw["piles"])
    for number in range(1, players + 1):
        setup[f"p{number}"] = _player_setup(raw.get(f"p{number}", {}))
    return setup


def _answer(value: Any) -> Any:
    """`yes`/`no` are booleans whether YAML read them as such or they were quoted."""
    if isinstance(value, str) and value.lower() in ("yes", "no"):
        return value.lower() == "yes"
    return value


def _steps(doc: Document) -> Iterator[Step]:
    for index, raw in enumerate(doc.data.get("steps", [])):
        verb = next(key for key in raw if key in VERBS)
        arg = raw[verb]
        if verb in ("play", "spend"):
            arg = list(arg) if isinstance(arg, list) else [arg]
        elif verb == "choose":
            arg = _answer(arg)
        yield Step(
            number=index + 1,
            line=doc.line_of(("steps", index)),
            verb=verb,
            arg=arg,
            player=raw.get("player"),
            controller=raw.get("controller"),
            source=raw.get("source"),
            rejected=raw.get("rejected", False),
        )


def _build(doc: Document, path: Path, checker: _Checker, scenario_id: str | None) -> Scenario:
    data = doc.data
    chosen = data.get("editions", {})
    editions = {name: chosen.get(name, DEFAULT_EDITIONS[name]) for name in SETS}
    seed = data.get("seed", 0)
    setup = build_setup(data["setup"], checker.kingdom, editions, seed)
    acceptance = _accepted(setup, doc, checker.file, scenario_id)
    named = tuple(checker.named)
    if "cards" in data:
        cards = data["cards"]
    else:
        cards = [name for name in named if name in checker.cards.kingdom]
    return Scenario(
        id=data["id"],
        title=data["title"],
        file=path,
        line=doc.line_of(("id",)),
        rulings=tuple(data.get("rulings", ())),
        cards=tuple(dict.fromkeys(cards)),
        editions=editions,
        seed=seed,
        setup=setup,
        steps=tuple(_steps(doc)),
        expect=data.get("expect"),
        expect_line=doc.lines.get(("expect",)),
        setup_line=doc.lines.get(("setup",)),
        source=data.get("source"),
        note=data.get("note"),
        named=named,
        lines=doc.lines,
        acceptance=acceptance,
    )


def _accepted(
    setup: dict[str, Any], doc: Document, file: str, scenario_id: str | None
) -> SetupAcceptance:
    """The engine's own setup validation (sizes, counts, what a Game can be built from),
    as a problem at the line of the key it names."""
    try:
        check_setup(setup)
    except BadPosition as bad:
        where = bad.key if bad.key[:1] in (("editions",), ("seed",)) else ("setup", *bad.key)
        problem = Problem(file, doc.line_of(where), format_key(where), bad.reason)
        raise ScenarioError([problem], scenario_id) from None
    return SetupAcceptance(setup, check_generation())


def bundled_id(path: Path) -> str | None:
    """The id a bundled fixture at ``path`` must have (its place under the scenarios
    package, ``<set>/<card>/<slug>``), or None for a file outside the bundled tree."""
    base = bundled_dir()
    parts = _plain_parts_below(base, path)
    if parts is not None:  # every file of a plain `arbiter check`: no Path to make
        name = parts[-1]
        if not _yaml_name(name) or not _inside_is_scanned(parts[:-1], base.parts):
            return None
        return "/".join((*parts[:-1], name[: name.rfind(".")]))
    try:
        relative = path.resolve().relative_to(base)
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a loop of links (3.11)
        return None
    return relative.with_suffix("").as_posix() if is_fixture(relative, base) else None


def _plain_parts_below(base: Path, path: Path) -> tuple[str, ...] | None:
    """The parts of ``path`` below ``base`` (a resolved directory) when it is written
    under it without links, ``.`` or ``..`` below it (then it is its own resolved path,
    and ``resolve`` would look at every part of it), else None."""
    root = str(base)
    text = str(path)
    if not text.startswith(root + os.sep):
        return None
    parts = tuple(text[len(root) + 1 :].split(os.sep))
    current = root
    for part in parts:
        current += os.sep + part
        if part in ("", ".", "..") or os.path.islink(current):
            return None
    return parts


def _yaml_name(name: str) -> bool:
    """Whether ``Path(name).suffix`` is .yaml or .yml in any case (".yaml" alone has no
    suffix): a ``.YAML`` file is meant as a scenario and must not be passed over."""
    return name.lower().endswith((".yaml", ".yml")) and name.lower() not in (".yaml", ".yml")


def _misplaced_id(doc: Document, path: Path) -> str | None:
    """Why the id of a bundled fixture does not fit its path, or None."""
    wanted = bundled_id(path)
    found = doc.data["id"]
    if wanted is None or found == wanted:
        return None
    return (
        f"{found!r} does not match where the file is: a bundled scenario at"
        f" scenarios/{wanted}{path.suffix} has the id {wanted!r}"
    )


def _guess_id(data: Any) -> str | None:
    found = data.get("id") if isinstance(data, dict) else None
    if not isinstance(found, str):
        return None
    # A malformed id (with a newline, say) would garble the report that names it.
    return found if re.search(schema()["properties"]["id"]["pattern"], found) else None


def parse_scenario(
    doc: Document,
    path: Path,
    cards: CardIndex | None = None,
    rulings: Collection[str] | None = None,
) -> Scenario:
    """Validate an already-read document and build the Scenario, or raise ScenarioError."""
    file = str(path)
    if not isinstance(doc.data, dict):
        found = "an empty file" if doc.data is None else _show(doc.data)
        raise ScenarioError([Problem(file, 1, "(top level)", f"expected a mapping, {found}")])
    scenario_id = _guess_id(doc.data)
    problems = _schema_problems(doc, file)
    if problems:
        raise ScenarioError(problems, scenario_id)
    if rulings is None:
        from scenarios.catalogue import catalogue

        rulings = catalogue().keys()
    checker = _Checker(doc, file, cards or reference_cards_cached(), rulings)
    checker.run()
    misplaced = _misplaced_id(doc, path)
    if misplaced:
        checker.problem(("id",), misplaced)
    if checker.problems:
        raise ScenarioError(checker.problems, scenario_id)
    return _build(doc, path, checker, scenario_id)


@cache
def reference_cards_cached() -> CardIndex:
    return reference_cards()


@cache
def format_tokens_cached() -> FormatTokens:
    return format_tokens()


# The keys of the player tokens sets declare beyond version 1's (pN.coffers).
DECLARED_TOKEN_KEYS = format_tokens_cached().player_keys - set(VERSION_1_TOKEN_KEYS)


def load_text(
    text: str,
    path: Path | str = "<text>",
    cards: CardIndex | None = None,
    rulings: Collection[str] | None = None,
) -> Scenario:
    """Load a scenario from YAML text (``path`` is only used in messages)."""
    try:
        doc = read_yaml(text)
    except YamlError as exc:
        raise ScenarioError(
            [Problem(str(path), exc.line, format_key(exc.key), exc.reason)]
        ) from None
    return parse_scenario(doc, Path(path), cards, rulings)


def load_scenario(
    path: Path | str, cards: CardIndex | None = None, rulings: Collection[str] | None = None
) -> Scenario:
    """Load and validate one scenario file, or raise :class:`ScenarioError`."""
    path = Path(path)
    try:
        data = read_file_bytes(path)
    except (YamlError, OSError) as exc:
        raise unreadable(path, exc) from None
    return load_bytes(data, path, cards, rulings)


def load_bytes(
    data: bytes,
    path: Path,
    cards: CardIndex | None = None,
    rulings: Collection[str] | None = None,
) -> Scenario:
    """Load and validate ``data``, the bytes of the scenario file ``path``."""
    try:
        doc = read_yaml_bytes(data)
    except YamlError as exc:
        raise unreadable(path, exc) from None
    return parse_scenario(doc, path, cards, rulings)


def unreadable(path: Path, exc: YamlError | OSError) -> ScenarioError:
    """The error of a file that cannot be read, or not as YAML."""
    if isinstance(exc, YamlError):
        problem = Problem(str(path), exc.line, format_key(exc.key), exc.reason)
    else:
        problem = Problem(str(path), 1, "(file)", exc.strerror or str(exc))
    return ScenarioError([problem])


# --- finding and loading many -------------------------------------------------------------


def bundled_dir() -> Path:
    """Where the project's own fixtures live: the ``scenarios`` package directory."""
    return PACKAGE_DIR


def is_fixture(relative: Path, base: Path) -> bool:
    """Whether ``base / relative`` is a scenario file found by scanning ``base``.

    Not a scenario: the rulings catalogue and the schema (``scenarios/rulings``,
    ``scenarios/schema``), anything in a hidden directory or ``__pycache__``.
    """
    if not _yaml_name(relative.name):
        return False
    return _inside_is_scanned(relative.parts[:-1], base.parts)


def _inside_is_scanned(inside: tuple[str, ...], base: tuple[str, ...]) -> bool:
    """Whether a scan of the directory of parts ``base`` takes the YAML files in its
    subdirectory ``inside`` (the rest of :func:`is_fixture`)."""
    if any(part.startswith(".") or part == "__pycache__" for part in inside):
        return False
    # The scanned directory's own name matters: scanning `scenarios/` must skip its
    # `rulings/`, and scanning `scenarios/rulings` itself must find nothing.
    parents = (*base[-2:], *inside)
    return not any(
        part in ("rulings", "schema") and parents[index - 1] == "scenarios"
        for index, part in enumerate(parents)
        if index > 0
    )


class ScanError(Exception):
    """A scanned directory holds what would otherwise be passed over without a word: a
    directory that cannot be read, a scenario file name that is a link to nothing or a
    loop, or a link out of the scanned directory (never read: its target could be any
    file of the machine, and errors quote what they read)."""


def discover(paths: Iterable[Path | str]) -> list[Path]:
    """Scenario files under ``paths`` (anything but a directory is taken as given: its
    reading says what is wrong with it), sorted, no duplicates.

    Raises FileNotFoundError for a path that does not exist, :class:`ScanError` for what a
    directory holds that cannot be checked.
    """
    found: dict[Path, None] = {}
    for given in paths:
        path = Path(given)
        if not path.exists():
            raise FileNotFoundError(_missing(path))
        if not path.is_dir():
            found.setdefault(path)
            continue
        base = path.resolve()
        try:
            names = sorted(_yaml_names_under(str(base), ()))  # by parts, as paths compare
        except _NotScanned as problem:
            where = path.joinpath(*problem.parts)
            raise ScanError(f"{where}: {problem.reason}") from None
        for parts in names:
            if _inside_is_scanned(parts[:-1], base.parts):
                found.setdefault(path.joinpath(*parts))
    return list(found)


class _NotScanned(Exception):
    def __init__(self, parts: tuple[str, ...], reason: str) -> None:
        super().__init__(reason)
        self.parts, self.reason = parts, reason


def _yaml_names_under(directory: str, inside: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """The parts below the scanned directory of every file (or link to one inside it)
    whose name ends in .yaml or .yml under ``directory``: what ``Path.rglob("*")`` finds
    that ``Path.is_file`` accepts, narrowed to what :func:`is_fixture` may accept, without
    a Path per entry (a fifth of a warm ``arbiter check``'s start), and told apart by the
    directory listing (no stat but for a link). Like rglob it does not follow links to
    directories; it does not enter hidden directories or ``__pycache__``, where
    is_fixture accepts nothing. Raises :class:`_NotScanned` for what it cannot take or
    pass over: see :class:`ScanError`."""
    try:
        with os.scandir(directory) as scan:
            entries = list(scan)
    except OSError as exc:
        raise _NotScanned(inside, f"a directory that cannot be read ({_reason(exc)})") from None
    for entry in entries:
        name = entry.name
        if _yaml_name(name) and _is_scenario_file(entry, (*inside, name)):
            yield (*inside, name)
        if name.startswith(".") or name == "__pycache__":
            continue
        if _is_kind(entry, file=False):
            yield from _yaml_names_under(entry.path, (*inside, name))


def _is_scenario_file(entry: os.DirEntry[str], parts: tuple[str, ...]) -> bool:
    """Whether a YAML-named entry is a file to read: a file, or a link to one in the
    scanned directory (whose path, ``entry.path`` less ``parts``, is a resolved one)."""
    if not entry.is_symlink():
        return _is_kind(entry, file=True)
    base = entry.path[: len(entry.path) - len(os.path.join(*parts))]
    target = os.path.realpath(entry.path)
    if not os.path.exists(target):
        raise _NotScanned(parts, _missing(Path(entry.path)).partition(":")[0])
    if not target.startswith(base):
        raise _NotScanned(parts, "a link out of the scanned directory (not read)")
    return os.path.isfile(target)


def _reason(exc: OSError) -> str:
    return (exc.strerror or str(exc)).lower()


def _is_kind(entry: os.DirEntry[str], *, file: bool) -> bool:
    """``Path.is_file`` of the entry (following links), or whether it is a directory that
    is not a link; False, as pathlib says, for an entry gone, a loop of links and the like."""
    try:
        return entry.is_file() if file else entry.is_dir(follow_symlinks=False)
    except OSError as exc:
        if exc.errno not in (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP):
            raise
        return False


def _missing(path: Path) -> str:
    """Why ``path`` cannot be read: absent, a dangling link, or a loop of links."""
    if not path.is_symlink():
        return f"no such file or directory: {path}"
    try:
        path.resolve(strict=True)
    except RuntimeError:  # Python 3.11 reports a loop this way
        return f"a loop of symbolic links: {path}"
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return f"a loop of symbolic links: {path}"
    return f"a symbolic link to nothing: {path} -> {os.readlink(path)}"


def load_many(
    files: Iterable[Path],
    cards: CardIndex | None = None,
    rulings: Collection[str] | None = None,
    cache: ScenarioCache | None = None,
) -> tuple[list[Scenario], list[ScenarioError]]:
    """Load every file; malformed ones and ids used twice come back as errors, in order.

    ``cache`` (``scenarios.cache``) keeps valid files' scenarios between runs; it serves
    only loads with the reference cards and rulings."""
    loaded: list[Scenario] = []
    failures: list[ScenarioError] = []
    owners: dict[str, Scenario] = {}
    cached = cache if cards is None and rulings is None else None
    for path in files:
        try:
            scenario = load_scenario(path, cards, rulings) if cached is None else cached.load(path)
        except ScenarioError as exc:
            failures.append(exc)
            continue
        first = owners.setdefault(scenario.id, scenario)
        if first is not scenario:
            reason = f"id {scenario.id!r} is already used by {first.file}"
            failures.append(
                ScenarioError([Problem(str(path), scenario.line, "id", reason)], scenario.id)
            )
            continue
        loaded.append(scenario)
    if cached is not None:
        cached.save()
    return loaded, failures
