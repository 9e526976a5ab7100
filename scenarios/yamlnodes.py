"""The PyYAML half of :mod:`scenarios.yamlread` (which says what the reading checks):
composing the nodes and building plain values from them. Imported on the first read only,
so that a command that reads no YAML (a warm ``arbiter check``, its scenarios from the
cache) does not import PyYAML."""

from __future__ import annotations

from typing import Any, cast

import yaml

from scenarios.yamlread import MAX_DEPTH, MAX_NODES, Document, KeyPath, YamlError

_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_TAG + name for name in ("str", "int", "bool", "null", "float")}
# Unquoted dates are read as text: no scenario field is a date, and a `source: 2016-05-01`
# should not fail because YAML 1.1 thinks it is a timestamp.
_TEXT_TAGS = {_TAG + "timestamp"}
_SEQ_TAG = _TAG + "seq"
_MAP_TAG = _TAG + "map"
_STR_TAG = _TAG + "str"
_NULL_TAG = _TAG + "null"
_FLOAT_TAG = _TAG + "float"
_INT_TAG = _TAG + "int"
_BOOL_TAG = _TAG + "bool"
_LEAF_TAGS = _SCALAR_TAGS | _TEXT_TAGS
_MAP_TAGS, _SEQ_TAGS = {_MAP_TAG}, {_SEQ_TAG}
# Tags already worked out, by (node kind, text, implicit flags): PyYAML's resolver matches
# a scalar against its regular expressions every time, and a scenario says "Copper" and
# "p1" over and over. The resolver depends on nothing else (no path resolvers are used),
# so a remembered tag is the same tag; the bound keeps a hostile file from growing it.
_RESOLVED: dict[tuple[object, object, object], str] = {}
_RESOLVED_MAX = 10_000


# libyaml's parser when PyYAML was built with it: several times faster on the catalogue.
_BaseLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# The first characters for which the resolver has regular expressions to try (None: some
# are tried whatever the first character).
_RESOLVED_BY_FIRST = frozenset(_BaseLoader.yaml_implicit_resolvers)
_ANY_FIRST = None in _RESOLVED_BY_FIRST


class _Composer(_BaseLoader):  # type: ignore[valid-type,misc]
    """Only composes nodes; construction is done by :class:`_Builder`."""

    def resolve(self, kind: object, value: Any, implicit: Any) -> str:
        # PyYAML's resolver gives a mapping or a list its one tag, and text its tag when
        # it is quoted, or begins with a character none of its expressions looks at
        # (most card names): those answers without the look-up. (Its path resolvers,
        # which could say otherwise, are never used here.)
        if kind is not yaml.ScalarNode:
            return _MAP_TAG if kind is yaml.MappingNode else _SEQ_TAG
        if not implicit[0] or (value[:1] not in _RESOLVED_BY_FIRST and not _ANY_FIRST):
            return _STR_TAG
        key = (kind, value, implicit)
        tag = _RESOLVED.get(key)
        if tag is None:
            tag = super().resolve(kind, value, implicit)
            if len(_RESOLVED) < _RESOLVED_MAX:
                _RESOLVED[key] = tag
        return tag

    # Path resolvers (tags chosen by where a node sits) are never used here: the parser
    # calls these two for every node, and PyYAML's would only look for them.
    def descend_resolver(self, current_node: object, current_index: object) -> None:
        pass

    def ascend_resolver(self) -> None:
        pass


class _Builder:
    def __init__(self, loader: _Composer) -> None:
        self.loader = loader
        self.count = 0
        self.lines: dict[KeyPath, int] = {}
        self.has_float = False

    def build(self, node: yaml.Node, path: KeyPath, depth: int) -> Any:
        self.count += 1
        if self.count > MAX_NODES or depth > MAX_DEPTH:
            line = node.start_mark.line + 1
            if self.count > MAX_NODES:
                reason = f"more than {MAX_NODES} values (alias expansion?)"
            else:
                reason = f"nested deeper than {MAX_DEPTH} levels"
            raise YamlError(line, reason, path[:4])
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node, path)
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path, depth)
        return self._sequence(cast(yaml.SequenceNode, node), path, depth)

    def _check_tag(self, node: yaml.Node, allowed: set[str], path: KeyPath) -> None:
        if node.tag not in allowed:
            what = "merge keys (<<)" if node.tag == _TAG + "merge" else f"tag {node.tag}"
            raise YamlError(node.start_mark.line + 1, f"{what} not allowed here", path)

    def _mapping(self, node: yaml.MappingNode, path: KeyPath, depth: int) -> dict[str, Any]:
        self._check_tag(node, _MAP_TAGS, path)
        result: dict[str, Any] = {}
        lines, build, deeper = self.lines, self.build, depth + 1
        for key_node, value_node in node.value:
            if type(key_node) is not yaml.ScalarNode:
                raise YamlError(key_node.start_mark.line + 1, "a key must be plain text", path)
            if key_node.tag not in _LEAF_TAGS:
                self._check_tag(key_node, _LEAF_TAGS, path)
            # The key as written: `Copper: 3`, `yes: 1` and `"p1": {}` are all text keys.
            key = str(key_node.value)
            key_line = key_node.start_mark.line + 1
            where = (*path, key)
            if key in result:
                first = lines.get(where, key_line)
                raise YamlError(key_line, f"duplicate key {key!r} (first on line {first})", where)
            lines[where] = key_line
            result[key] = build(value_node, where, deeper)
        return result

    def _sequence(self, node: yaml.SequenceNode, path: KeyPath, depth: int) -> list[Any]:
        self._check_tag(node, _SEQ_TAGS, path)
        items = []
        lines, build, deeper = self.lines, self.build, depth + 1
        for index, item in enumerate(node.value):
            where = (*path, index)
            if where not in lines:
                lines[where] = item.start_mark.line + 1
            items.append(build(item, where, deeper))
        return items

    def _scalar(self, node: yaml.Node, path: KeyPath) -> Any:
        tag = node.tag
        # Text and null directly: what PyYAML's constructors for them return (the scalar's
        # text, None), without their look-ups, for most of the values of a scenario.
        if tag == _STR_TAG:
            return node.value
        if tag == _NULL_TAG:
            return None
        # Counts and yes/no likewise: what PyYAML's constructors make of a plain decimal
        # number (no sign, base, underscore or leading zero) and of a boolean word.
        value = node.value
        if tag == _INT_TAG and _plain_decimal(value) and len(value) <= MAX_NUMBER_CHARS:
            return int(value)
        if tag == _BOOL_TAG:
            return self.loader.bool_values[value.lower()]
        self._check_tag(node, _LEAF_TAGS, path)
        if tag in (_INT_TAG, _FLOAT_TAG):
            _check_number(value, node.start_mark.line + 1, path)
        if tag in _TEXT_TAGS:
            return str(node.value)
        if tag == _FLOAT_TAG:
            self.has_float = True
        return self.loader.construct_object(node, deep=True)


# The longest number a scenario may write: far more digits than any count or seed needs,
# far fewer than Python's limit on reading one (4,300), and short enough to quote.
MAX_NUMBER_CHARS = 100


def too_long(number: str) -> str | None:
    """What is wrong with ``number`` if it is too long to be meant (and to read: Python
    stops at 4,300 digits), or None."""
    if len(number) > MAX_NUMBER_CHARS:
        return f"a number of {len(number)} characters, more than {MAX_NUMBER_CHARS}"
    return None


def _check_number(text: str, line: int, path: KeyPath) -> None:
    """Refuse a number too long to be meant and YAML 1.1's base-60 numbers, which no one
    writes on purpose (``1:30`` is 90)."""
    problem = too_long(text)
    if problem is not None:
        raise YamlError(line, problem, path)
    if ":" in text:
        raise YamlError(
            line,
            f"{text} is a base-60 number to YAML 1.1 (1:30 means 90): write the number,"
            " or quote it if it is text",
            path,
        )


def _plain_decimal(text: str) -> bool:
    """Whether ``text`` is digits 0 to 9 alone, with no leading zero (017 is octal to
    YAML 1.1): the whole number ``int`` reads as PyYAML does."""
    return text.isascii() and text.isdigit() and (text[0] != "0" or text == "0")


def _last_line(text: str) -> int:
    """The number of the file's last line: YAML places an error at the end of the input
    on the line after it, which the file does not have."""
    return max(1, len(text.splitlines()))


def parse(text: str) -> Document:
    """:func:`scenarios.yamlread.read_yaml`."""
    loader = _Composer(text)
    try:
        try:
            root = loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = min(mark.line + 1, _last_line(text)) if mark is not None else 1
            reason = ", ".join(part for part in (exc.context, exc.problem) if part)
            raise YamlError(line, f"not valid YAML: {reason}") from None
        except yaml.YAMLError as exc:
            raise YamlError(1, f"not valid YAML: {exc}") from None
        if root is None:
            return Document(None, has_float=False)
        builder = _Builder(loader)
        data = builder.build(root, (), 0)
        return Document(data, builder.lines, builder.has_float)
    finally:
        loader.dispose()
