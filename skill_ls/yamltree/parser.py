"""A bounded YAML node tree with positions, composed from ruamel.yaml's parser events.

We compose the tree ourselves instead of using ruamel's composer so that:
- nesting is handled with a stack, not recursion (10,000-deep flow collections are fine);
- an alias is a node of its own, never an expansion (an "alias bomb" costs nothing);
- explicit tags, anchors, flow style and duplicate keys are recorded as facts;
- a node count bound stops pathological documents early.
"""

from __future__ import annotations

import re
from io import StringIO

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from ruamel.yaml.reader import ReaderError
from ruamel.yaml.scanner import Scanner

from skill_ls.diagnostics import Position, Range
from skill_ls.text import LineIndex
from skill_ls.yamltree.nodes import (
    MAX_DEPTH,
    MAX_NODES,
    ParseResult,
    YAlias,
    YamlError,
    YamlFacts,
    YMapping,
    YNode,
    YScalar,
    YSequence,
)


class _Positions:
    """Marks to positions in the whole file.

    Computed from a mark's character offset, not its line and column: ruamel's reader does
    not count U+FEFF in columns, and its YAML 1.1 mode counts U+0085/U+2028/U+2029 as line
    breaks, while positions here count every code point and only CR/LF breaks lines.
    """

    def __init__(self, text: str, line_offset: int) -> None:
        self.index = LineIndex(text)
        self.line_offset = line_offset

    def at(self, offset: int) -> Position:
        pos = self.index.position(offset)
        return Position(pos.line + self.line_offset, pos.column)

    def mark(self, mark: object) -> Position:
        offset = getattr(mark, "index", None)
        if not isinstance(offset, int):
            return Position(self.line_offset, 0)
        return self.at(offset)

    def range(self, event: object) -> Range:
        return Range(
            self.mark(getattr(event, "start_mark", None)),
            self.mark(getattr(event, "end_mark", None)),
        )


class _DepthExceeded(MarkedYAMLError):
    pass


class _BoundedScanner(Scanner):
    """ruamel's scanner, stopped at MAX_DEPTH flow levels.

    The scanner looks ahead through every unclosed `[`/`{` for a possible simple key, which
    costs seconds on a few thousand nested brackets; the bound keeps that cheap.
    """

    def fetch_flow_collection_start(self, TokenClass: object, to_push: str) -> None:
        if self.flow_level >= MAX_DEPTH:
            raise _DepthExceeded(problem=_DEPTH_MESSAGE, problem_mark=self.reader.get_mark())
        super().fetch_flow_collection_start(TokenClass, to_push)


_DEPTH_MESSAGE = f"frontmatter nests deeper than {MAX_DEPTH} levels; not read further"


def _explicit_tag(event: object) -> str | None:
    tag = getattr(event, "tag", None)
    if tag is None:
        return None
    implicit = getattr(event, "implicit", None)
    # ScalarEvent.implicit is a pair (plain, quoted); collections have one flag.
    if isinstance(implicit, tuple) and (implicit[0] or implicit[1]) and tag == "!":
        return None
    tag = str(tag)
    core = "tag:yaml.org,2002:"
    return "!!" + tag[len(core) :] if tag.startswith(core) else tag


class _Frame:
    __slots__ = ("items", "node", "pending_key")

    def __init__(self, node: YMapping | YSequence) -> None:
        self.node = node
        self.items: list[YNode] = []
        self.pending_key: YNode | None = None


def parse_yaml(text: str, line_offset: int = 0) -> ParseResult:
    """Parse one YAML document into a bounded tree; never raises on user input.

    `line_offset` shifts every position, so nodes carry positions in the whole SKILL.md.
    """
    facts = YamlFacts()
    # The safe (not round-trip) scanner: the round-trip one marks folds inside `>` scalars
    # with BEL characters in the value.
    yaml = YAML(typ="safe", pure=True)
    yaml.Scanner = _BoundedScanner
    where = _Positions(text, line_offset)
    root: YNode | None = None
    stack: list[_Frame] = []
    seen_keys: list[dict[str, Range]] = []
    nodes = 0
    documents = 0
    try:
        for event in yaml.parse(StringIO(text)):
            if isinstance(event, DocumentStartEvent):
                documents += 1
                if documents > 1:
                    facts.extra_documents = True
                    break
                continue
            node: YNode | None = None
            if isinstance(event, (ScalarEvent, MappingStartEvent, SequenceStartEvent, AliasEvent)):
                nodes += 1
                if nodes > MAX_NODES:
                    return ParseResult(
                        root,
                        facts,
                        YamlError(
                            f"frontmatter has more than {MAX_NODES} YAML nodes; not read further",
                            where.range(event),
                        ),
                    )
                # An alias event's `anchor` is the name it refers to, not an anchor.
                anchor = None if isinstance(event, AliasEvent) else getattr(event, "anchor", None)
                tag = _explicit_tag(event)
                event_range = where.range(event)
                if anchor or getattr(event, "tag", None) is not None:
                    event_range, anchor_range, tag_range = _properties(
                        text, where, event, event_range, bool(anchor and tag)
                    )
                    if anchor:
                        facts.anchors.append(anchor_range or event_range)
                    if tag is not None:
                        facts.tags.append((tag, tag_range or event_range))
            if isinstance(event, ScalarEvent):
                node = YScalar(
                    value=event.value,
                    style=event.style or "",
                    range=event_range,
                    tag=tag,
                    anchor=anchor,
                )
            elif isinstance(event, AliasEvent):
                rng = where.range(event)
                facts.aliases.append(rng)
                node = YAlias(name=str(event.anchor), range=rng)
            elif isinstance(event, (MappingStartEvent, SequenceStartEvent)):
                if len(stack) >= MAX_DEPTH:
                    return ParseResult(
                        None,
                        facts,
                        YamlError(
                            _DEPTH_MESSAGE,
                            where.range(event),
                        ),
                    )
                flow = bool(event.flow_style)
                rng = event_range
                if flow:
                    facts.flow.append(rng)
                collection: YMapping | YSequence
                if isinstance(event, MappingStartEvent):
                    collection = YMapping([], flow, rng, tag, anchor)
                else:
                    collection = YSequence([], flow, rng, tag, anchor)
                stack.append(_Frame(collection))
                seen_keys.append({})
                continue
            elif isinstance(event, (MappingEndEvent, SequenceEndEvent)):
                frame = stack.pop()
                seen_keys.pop()
                done = frame.node
                end = where.mark(event.end_mark)
                done.range = Range(done.range.start, end)
                node = done
            if node is None:
                continue
            if not stack:
                root = node
                continue
            parent = stack[-1]
            if isinstance(parent.node, YSequence):
                parent.node.items.append(node)
            elif parent.pending_key is None:
                parent.pending_key = node
            else:
                key = parent.pending_key
                parent.pending_key = None
                if (
                    isinstance(key, YScalar)
                    and isinstance(node, YScalar)
                    and not parent.node.flow
                    and node.value == ""
                    and not node.style
                    and node.range.start == node.range.end
                ):
                    node.range = _empty_value_range(where, key, node.range)
                if isinstance(key, YScalar):
                    first = seen_keys[-1].get(key.value)
                    if first is not None:
                        facts.duplicate_keys.append((key.value, key.range, first))
                    else:
                        seen_keys[-1][key.value] = key.range
                parent.node.entries.append((key, node))
    except ReaderError as exc:
        pos = where.at(exc.position if isinstance(exc.position, int) else 0)
        character = exc.character
        what = f"U+{character:04X}" if isinstance(character, int) else repr(character)
        return ParseResult(
            root, facts, YamlError(f"character {what} is not allowed in YAML", Range(pos, pos))
        )
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        if exc.context_mark is not None and getattr(mark, "index", -1) >= len(text):
            # "unexpected end of stream": where the unfinished construct starts says more.
            mark = exc.context_mark
        pos = where.mark(mark) if mark is not None else Position(line_offset, 0)
        problem = exc.problem or exc.context or "invalid YAML"
        message = str(problem)
        if exc.context and exc.problem:
            message = f"{exc.problem} ({exc.context})"
        return ParseResult(root, facts, YamlError(message, Range(pos, pos)))
    except (YAMLError, ValueError, TypeError, IndexError, RecursionError) as exc:
        pos = Position(line_offset, 0)
        return ParseResult(root, facts, YamlError(f"invalid YAML: {exc}", Range(pos, pos)))
    return ParseResult(root, facts, None)


_PROPERTY = re.compile(r"&[^\s,\[\]{}]+|!<[^>]*>|![^\s,\[\]{}]*")


def _properties(
    text: str, where: _Positions, event: object, event_range: Range, tag_first: bool
) -> tuple[Range, Range | None, Range | None]:
    """The node's range from its first property, and the ranges of its `&anchor` and `!tag`.

    ruamel starts a node at its anchor, even when a tag is written before it.
    """
    offset = getattr(getattr(event, "start_mark", None), "index", None)
    if not isinstance(offset, int) or not 0 <= offset <= len(text):
        return event_range, None, None
    found: dict[str, tuple[int, int]] = {}
    begin = offset
    if tag_first and offset < len(text) and text[offset] == "&":
        end = offset
        while end > 0 and text[end - 1] in " \t\r\n":
            end -= 1
        start = end
        while start > 0 and text[start - 1] not in " \t\r\n":
            start -= 1
        if start < end and text[start] == "!":
            found["tag"] = (start, end)
            begin = start
    position = offset
    while position < len(text) and text[position] in "&!":
        match = _PROPERTY.match(text, position)
        if match is None:
            break
        found.setdefault("anchor" if text[position] == "&" else "tag", match.span())
        position = match.end()
        while position < len(text) and text[position] in " \t\r\n":
            position += 1

    def span(kind: str) -> Range | None:
        if kind not in found:
            return None
        start, end = found[kind]
        return Range(where.at(start), where.at(end))

    node_range = Range(where.at(begin), event_range.end) if begin < offset else event_range
    return node_range, span("anchor"), span("tag")


def _empty_value_range(where: _Positions, key: YScalar, rng: Range) -> Range:
    """An empty value sits right after its key's `:` (ruamel puts it at the next token)."""
    line = key.range.end.line - where.line_offset
    if not 0 <= line < where.index.line_count:
        return rng
    line_text = where.index.line(line)
    column = key.range.end.column
    while column < len(line_text) and line_text[column] in " \t":
        column += 1
    if column >= len(line_text) or line_text[column] != ":":
        return rng
    point = Position(key.range.end.line, column + 1)
    return Range(point, point) if point <= rng.start else rng
