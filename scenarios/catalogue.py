"""The rulings catalogue: scenarios/rulings/<set>.yaml (one file a set of engine/sets.py),
rules.yaml, rules-durations.yaml, rules-costs.yaml, rules-gaining.yaml and
rules-tokens-piles.yaml (general rules).

Each entry is one ruling in our own words. Scenarios cite rulings by id; the CLI reports
which rulings have a passing scenario. The files are the project's own, but they are
still read with the strict reader so that a duplicated id or key is caught at once.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.sets import KINGDOM_SETS
from scenarios.yamlread import YamlError, read_yaml_file

RULINGS_DIR = Path(__file__).resolve().parent / "rulings"
FILES = (
    *KINGDOM_SETS,
    "rules",
    "rules-durations",
    "rules-costs",
    "rules-gaining",
    "rules-tokens-piles",
)


class CatalogueError(Exception):
    """A rulings file is malformed (a bug in the project, not in a user's scenario)."""


@dataclass(frozen=True)
class Ruling:
    id: str
    set: str
    text: str
    source: str
    card: str | None = None  # card rulings
    topic: str | None = None  # general rules
    editions: tuple[int, ...] = (1, 2)
    cards: tuple[str, ...] = ()  # other cards the ruling names
    # Of ``cards``, those the ruling says do not interact with its card (Moat and
    # Masquerade: Masquerade is not an Attack): the interaction graph shows them as
    # clarified non-interactions, never as edges.
    unrelated: tuple[str, ...] = ()
    # Of ``cards``, those named only as an example of a general rule (a Duchy that
    # Workshop can gain after Bridge): neither an interaction nor a non-interaction.
    examples: tuple[str, ...] = ()

    @property
    def subject(self) -> str:
        return self.card or self.topic or ""

    def mentions(self, card: str) -> bool:
        return card == self.card or card in self.cards


def _ruling(entry: object, set_name: str, where: str) -> Ruling:
    if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
        raise CatalogueError(f"{where}: every ruling needs an id")
    try:
        ruling = Ruling(
            id=entry["id"],
            set=set_name,
            text=" ".join(str(entry["text"]).split()),
            source=str(entry["source"]),
            card=entry.get("card"),
            topic=entry.get("topic"),
            editions=tuple(entry.get("editions", (1, 2))),
            cards=tuple(entry.get("cards", ())),
            unrelated=tuple(entry.get("unrelated", ())),
            examples=tuple(entry.get("examples", ())),
        )
    except KeyError as exc:
        raise CatalogueError(f"{where}: ruling {entry['id']} lacks {exc.args[0]}") from None
    if (ruling.card is None) == (ruling.topic is None):
        # The docs state a ruling in full on one page: its card's, or its topic's.
        raise CatalogueError(f"{where}: ruling {ruling.id} needs a card or a topic, not both")
    for label, listed in (("unrelated", ruling.unrelated), ("examples", ruling.examples)):
        stray = sorted(set(listed) - set(ruling.cards))
        if stray:
            raise CatalogueError(
                f"{where}: ruling {ruling.id} lists {', '.join(stray)} in {label} but not in cards"
            )
    return ruling


def catalogue_files(directory: Path = RULINGS_DIR) -> list[Path]:
    """The catalogue's files, in the order they are read."""
    return [directory / f"{name}.yaml" for name in FILES]


def parsed_twin(path: Path) -> Path:
    """Where the data of a catalogue file may also be, as JSON (``base.yaml.json``)."""
    return path.with_name(path.name + ".json")


def parsed_twin_text(path: Path) -> str:
    """The JSON twin of a catalogue file: its data as the strict reader reads it, and the
    SHA-256 of the bytes it was read from."""
    data = path.read_bytes()
    parsed = read_yaml_file(path).data
    return json.dumps({"sha256": hashlib.sha256(data).hexdigest(), "data": parsed})


def read_catalogue_file(path: Path) -> Any:
    """A catalogue file's data. The site's browser engine ships each file with its JSON
    twin (:func:`parsed_twin_text`, written when the site's zip is built): the pure-Python
    YAML reader takes seconds over the catalogue in a browser. The twin is used only when
    it was made from these very bytes; otherwise, and always in a checkout, the YAML is read."""
    twin = parsed_twin(path)
    if twin.is_file():
        made = json.loads(twin.read_text(encoding="utf-8"))
        if made.get("sha256") == hashlib.sha256(path.read_bytes()).hexdigest():
            return made["data"]
    return read_yaml_file(path).data


def read_catalogue(directory: Path = RULINGS_DIR) -> dict[str, Ruling]:
    """Every ruling by id, in file order (``FILES``)."""
    rulings: dict[str, Ruling] = {}
    for path in catalogue_files(directory):
        name = path.stem
        try:
            data = read_catalogue_file(path)
        except (OSError, YamlError) as exc:
            raise CatalogueError(f"{path}: {exc}") from None
        if not isinstance(data, dict) or not isinstance(data.get("rulings"), list):
            raise CatalogueError(f"{path}: expected a mapping with a 'rulings' list")
        for entry in data["rulings"]:
            ruling = _ruling(entry, str(data.get("set", name)), str(path))
            if ruling.id in rulings:
                raise CatalogueError(f"{path}: ruling id {ruling.id} appears twice")
            rulings[ruling.id] = ruling
    return rulings


@cache
def catalogue() -> Mapping[str, Ruling]:
    """The bundled catalogue, read once per process (it never changes while we run)."""
    return read_catalogue()


def rulings_for_card(card: str, rulings: Iterable[Ruling] | None = None) -> list[Ruling]:
    """Rulings about ``card`` first, then rulings about other cards that name it."""
    pool = list(catalogue().values() if rulings is None else rulings)
    own = [ruling for ruling in pool if ruling.card == card]
    others = [ruling for ruling in pool if ruling.card != card and card in ruling.cards]
    return own + others


RULING_CHARS = 200


def ruling_line(ruling_id: str) -> str:
    """The first sentence of a ruling's text, clipped (``(not in the catalogue)`` for an
    unknown ruling): how a report or a trace names a ruling in one line."""
    ruling = catalogue().get(ruling_id)
    if ruling is None:
        return "(not in the catalogue)"
    text = " ".join(ruling.text.split())
    first = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]
    return first if len(first) <= RULING_CHARS else first[: RULING_CHARS - 3] + "..."
