"""The data model passed between modules. JSON appears only at the edges (parse, to_dict)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from datetime import datetime
from enum import Enum
from typing import Any, Mapping

__all__ = [
    "Action", "Attachment", "Audit", "CarriedState", "CompressionResult", "Conversation", "Decision", "Event",
    "Fact", "IntentCluster", "PAST", "KeyClause", "OpenItem", "Plan", "PrefixSummary", "Reading", "SessionView",
    "Snapshot", "SnapshotRecord", "Span", "StageResult", "StoredEvent", "Strength", "SummaryItem",
    "SummaryOutcome", "SummaryRequest", "ToolCall", "Trace", "Transition", "Turn", "said_of_the_past",
]


class Strength(str, Enum):
    """How hard a fact is kept: strong facts are never dropped from a summary."""

    STRONG = "strong"
    MEDIUM = "medium"
    WEAK = "weak"

    @property
    def rank(self) -> int:
        return {"strong": 3, "medium": 2, "weak": 1}[self.value]


class Action(str, Enum):
    NONE = "none"
    TRIM = "trim"
    COMPACT = "compact"


@dataclass(frozen=True)
class Span:
    """Where an extracted item sits in the original text: ``text[start:end]`` of that event."""

    event_id: str
    start: int
    end: int

    def to_list(self) -> list[Any]:
        return [self.event_id, self.start, self.end]


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: str


@dataclass(frozen=True)
class Reading:
    """What an attachment says, read once per content: the text of each page read (one entry
    for a text file or an image's OCR), or the ``problem`` that kept it from being read (a key
    of the rule pack's ``[attachments.reasons]``; ``detail`` says more, for the warning)."""

    kind: str                       # pdf | text | image | unknown
    pages: tuple[str, ...] = ()
    page_count: int = 0             # pages in the document; 1 for a text file or an image
    width: int = 0                  # pixels, for an image
    height: int = 0
    problem: str | None = None
    detail: str = ""


@dataclass(frozen=True)
class Attachment:
    """A non-text content part of a message (an image, a file): found by the parser, nothing
    decoded; read only when the prefix holding it is compacted (``pipeline.attachments``)."""

    part: int                       # its index in the message's content list
    kind: str                       # image | file
    name: str                       # the file name; "" when the part has none (images)
    media_type: str                 # from the data URL or the name; "" when unknown
    origin: str                     # data | path | url | file_id
    payload: str = field(repr=False)  # the data URL, base64, path, URL or id, as given
    size: int = 0                   # what it weighs in a budget: the measure of ``payload``
    reading: Reading | None = None  # set once read
    pages: tuple[tuple[int, int], ...] = ()  # (start, end) of each page's text in the event's text

    def page_at(self, start: int) -> int | None:
        """The 1-based page whose text holds the offset ``start`` of the event's text."""
        return next((n for n, (a, b) in enumerate(self.pages, 1) if a <= start < b), None)


@dataclass(frozen=True)
class Event:
    """One message of the history with its stable id; ``message`` is the caller's dict, unchanged.

    Once its attachments are read, ``text`` goes on with what they say (each page after a blank
    line), so every stage reads it like the rest of the message; ``said`` is the sender's own
    words alone, for the stages that track what the user decided or asked."""

    id: str
    index: int
    role: str
    text: str
    size: int
    message: Mapping[str, Any]
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    tool_name: str | None = None
    opens_turn: bool = False
    attachments: tuple[Attachment, ...] = ()

    @property
    def said(self) -> str:
        starts = [a.pages[0][0] for a in self.attachments if a.pages]
        return self.text[:min(starts) - 2] if starts else self.text

    def attachment_at(self, start: int) -> Attachment | None:
        """The attachment whose text holds the offset ``start``, if any."""
        return next((a for a in self.attachments if a.page_at(start) is not None), None)


@dataclass(frozen=True)
class Turn:
    """Events ``[start, end)``: a turn-opening user message and everything up to the next one."""

    start: int
    end: int


@dataclass(frozen=True)
class Conversation:
    id: str | None
    events: tuple[Event, ...]
    turns: tuple[Turn, ...]
    now: datetime
    timezone: str
    lang: str
    warnings: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        return sum(e.size for e in self.events)


@dataclass(frozen=True)
class Fact:
    """A span the summary must (strong) or should (medium, weak) carry."""

    kind: str
    text: str
    strength: Strength
    span: Span
    value: Any = None

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "kind": self.kind, "strength": self.strength.value,
                "value": self.value, "source": self.span.to_list()}


# the key a time's value carries when it is said of what happened ("got back Sunday")
PAST = "past"
# the mark a time with no date of its own carries until it is stamped: read in a clause telling a
# habit ("我周末常回去看我妈", "We normally meet Friday afternoon": not this Friday), or counted from
# an event ("the monday after we move": not next Monday)
UNDATED = "undated"
# the mark a date right after a birth word carries ("出生日期是4月18日"): no date to keep to, and
# without its year none at all (not April 18 next year)
BIRTH = "birth"


def said_of_the_past(kind: str, value: Any) -> bool:
    """Whether a fact is a time, or a length of time, said of what happened ("got back Sunday",
    "吵了20分钟了"): told like a claim, no time to keep to."""
    return (kind == "time" and isinstance(value, dict) and value.get(PAST) is True
            or kind == "quantity" and value == PAST)


@dataclass(frozen=True)
class KeyClause:
    """A clause of a user message worth quoting, with the facts it holds."""

    text: str
    span: Span
    score: float
    facts: tuple[Fact, ...] = ()
    asks: bool = False     # a question ("它周末开吗", "does it have free cancellation?"): no constraint
    # a question only its word order shows, its mark further on ("So will I get the money back
    # before it is over, or do I wait months?"): the summary quotes it with a mark
    needs_mark: bool = False
    # where a long requirement may be cut and still say what it requires: after its cue, at the
    # end of a thing it names ("We need a room for 2 adults | at a quiet pet-friendly hotel |
    # near Union Square, ideally …"); offsets in the event's text
    cuts: tuple[int, ...] = ()
    # a question in a message asking for something done ("Can you book a table for 2 at 7?"),
    # not supposing a case beside it ("What if one of us gets sick? Can we move one slot?"): its
    # values keep their level; one that only asks to be told is below what was decided
    requests: bool = False


@dataclass(frozen=True)
class Decision:
    """The user chose, added or dropped something: "换购就算了" → (换购 AirPods Max, dropped);
    or accepted what the assistant proposed: ("book 2 rooms for March 8th", accepted), its
    words in the assistant's message (``span``), the user's "yes" at ``by``."""

    object: str
    status: str            # chosen | added | dropped | accepted
    text: str              # the clause it was said in (accepted: the user's answer)
    span: Span
    by: Span | None = None  # accepted: where the user accepted
    core: str = ""          # accepted: the clauses of ``object`` that hold its values, when shorter
    times: tuple[dict[str, str], ...] = ()   # accepted: the times ``object`` names, resolved (as Fact.value)
    valued: bool = True     # accepted: ``object`` names a thing or a value; "book a table" only a kind of thing

    def to_dict(self) -> dict[str, Any]:
        out = {"object": self.object, "status": self.status, "text": self.text,
               "source": self.span.to_list()}
        if self.by is not None:
            out["accepted_at"] = self.by.to_list()
        if self.times:
            out["times"] = [dict(t) for t in self.times]
        return out


@dataclass(frozen=True)
class Transition:
    """A later value replaces an earlier one for the same slot: 明天下午 → 后天上午."""

    slot: str
    old: str | None
    new: str
    span: Span                   # where the new value was said
    old_span: Span | None = None
    # where the condition the new value holds under was said ("I'll stretch to $175 if it gets
    # us the center section"): shown with it, so a conditional value never reads as a plain one
    condition: Span | None = None
    # the new value is a time of day that names no day ("改11点吧"): it moves the clock of the
    # value it replaces and keeps that value's day
    clock_only: bool = False
    # the new value is the last digits of the phone or id it replaces, typed right ("是7765 不是7756"
    # after "138 1042 7756"): it stands for that value with those digits replaced
    tail_only: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"slot": self.slot, "old": self.old, "new": self.new, "source": self.span.to_list(),
                "old_source": self.old_span.to_list() if self.old_span else None,
                "condition_source": self.condition.to_list() if self.condition else None}


@dataclass(frozen=True)
class OpenItem:
    """Something not settled: an action the user has not authorised, a question left open."""

    kind: str              # unauthorised | authorised_by_user | question
    text: str
    span: Span

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "source": self.span.to_list()}


@dataclass(frozen=True)
class IntentCluster:
    """User turns that ask for the same thing: one representative stands for the others."""

    label: str
    representative: str          # event id of the member nearest the centroid
    members: tuple[str, ...]     # every member's event id, in order
    covered: tuple[str, ...]     # members other than the representative

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "representative": self.representative,
                "covered": list(self.members)}


@dataclass(frozen=True)
class StageResult:
    """What one stage produced over the prefix; ``error`` is set when it failed."""

    name: str
    facts: tuple[Fact, ...] = ()
    clauses: tuple[KeyClause, ...] = ()
    decisions: tuple[Decision, ...] = ()
    transitions: tuple[Transition, ...] = ()
    # changes said after the prefix, in the messages kept as they are, to values the prefix set
    # or changed: they only mark those values as replaced (the summary never shows one as current)
    later: tuple[Transition, ...] = ()
    # the facts of tool results kept as they are after the prefix, when one names a record it
    # replaces ("old_booking_id"): read only for the prefix's ids they replace, never summarised
    kept_facts: tuple[Fact, ...] = ()
    open_items: tuple[OpenItem, ...] = ()
    intents: tuple[IntentCluster, ...] = ()
    seconds: float = 0.0
    error: str | None = None


@dataclass(frozen=True)
class SummaryItem:
    """One line-part the renderer may place: a quoted clause, a fact, a state-path line.

    ``level`` is its place on the rule pack's priority ladder (``[ladder]``: prohibitions
    first, key sentences last): what is kept first. When the item does not fit, its ``alternatives`` are tried in order (the
    verbatim stretch that holds its facts), then
    its ``fragments`` (runs of strong facts, or of named things when none is strong), each on its own. A quoted clause with no fact is
    context: it is placed only with the room the facts leave.
    """

    section: str
    text: str
    level: str
    value: float
    label: str = ""
    order: tuple[int, int] = (0, 0)
    alternatives: tuple["SummaryItem", ...] = ()
    fragments: tuple["SummaryItem", ...] = ()
    must: tuple[Fact, ...] = ()
    facts: tuple[Fact, ...] = ()      # every fact the text holds (``must`` are its strong ones)
    refs: tuple[Span, ...] = ()       # spans it restates in other words (a tool field, a change)
    source: str = ""                  # where in an attachment it was read, said once per line
    replaced: tuple[Fact, ...] = ()   # of ``facts``, those a later change replaced: history, told by the change
    # (where the clause after it in its message starts, the marks between): placed beside that
    # clause, the two are joined as written ("书桌是给我女儿的，她上三年级"), not with the separator
    joins: tuple[int, str] = ()


@dataclass(frozen=True)
class Plan:
    """What the policy decided: the action, the cut, what to trim and how much room is left."""

    action: Action
    cut: int | None = None                  # index of the first tail event
    trimmed: tuple[int, ...] = ()           # indices of tool results replaced by a note
    summary_budget: int = 0
    limit: int | None = None                # the size the result must respect, if any
    reason: str = ""
    warnings: tuple[str, ...] = ()
    fill: bool = False                      # room the summary leaves may go to a longer tail (a caller's target)


@dataclass
class Snapshot:
    """The structured state extracted from the prefix (DESIGN §5)."""

    lang: str
    covered_events: list[str]
    snapshot_version: int = 1
    state_revision: int = 1
    objective: str = ""
    constraints: list[dict[str, Any]] = field(default_factory=list)
    confirmed_facts: list[dict[str, Any]] = field(default_factory=list)
    user_claims: list[dict[str, Any]] = field(default_factory=list)
    decisions: list[dict[str, Any]] = field(default_factory=list)
    open_items: list[dict[str, Any]] = field(default_factory=list)
    times: list[dict[str, Any]] = field(default_factory=list)
    persistent: list[dict[str, Any]] = field(default_factory=list)  # names the user came back to
    intents: list[dict[str, Any]] = field(default_factory=list)
    state_path: list[str] = field(default_factory=list)
    evidence_refs: list[str] = field(default_factory=list)
    key_sentences: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[dict[str, Any]] = field(default_factory=list)  # what each covered attachment said, or why not

    def to_dict(self) -> dict[str, Any]:
        """Its fields as they are (already JSON-shaped): no deep copy on the hot path."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class SummaryRequest:
    """What an abstractive summariser gets: the prefix, what was extracted from it, the
    strong facts its text must hold, the extractive summary (the fallback) and the budget;
    ``items`` are the renderer's items (clauses whole, each on its ladder level): the prompt
    quotes the strong facts within them; ``transitions`` are the changes the state stage read
    (the validator's changed slots)."""

    lang: str
    prefix: tuple[Event, ...]
    snapshot: Snapshot
    must: tuple[Fact, ...]
    extractive: str
    budget: int
    items: tuple[SummaryItem, ...] = ()
    transitions: tuple[Transition, ...] = ()


@dataclass(frozen=True)
class SummaryOutcome:
    """The text to ship and how it was reached: "accepted" (first answer passed), "retried"
    (a later answer passed), "fallback" (the extractive text; ``reason`` says why)."""

    text: str
    path: str
    reason: str | None = None
    attempts: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class CarriedState:
    """Stage results already computed for some events of the prefix (a stored snapshot's
    state): a stage that reads events one by one runs only over the others."""

    events: frozenset[str]
    results: tuple[StageResult, ...]


@dataclass(frozen=True)
class PrefixSummary:
    """A prefix compacted into one text, with the structured state it was rendered from."""

    text: str
    snapshot: Snapshot
    results: tuple[StageResult, ...]    # every stage's result over the whole prefix
    covered: tuple[str, ...]            # ids of the non-system prefix events
    path: str                           # extractive | accepted | retried | fallback
    reason: str | None
    attempts: tuple[dict[str, Any], ...]
    warnings: tuple[str, ...]
    timings: dict[str, float]
    stages: dict[str, str]
    items: tuple[SummaryItem, ...] = ()     # every item the renderer could place
    kept: tuple[SummaryItem, ...] = ()      # the ones it placed (the extractive text)
    prefix: tuple[Event, ...] = ()          # the prefix as read (attachments' text included)

    def read(self, conv: Conversation) -> Conversation:
        """``conv`` with its prefix as the stages read it, so spans into attachments resolve."""
        cut = len(self.prefix)
        return replace(conv, events=self.prefix + conv.events[cut:]) if cut else conv


@dataclass(frozen=True)
class StoredEvent:
    """One message of a session's event log: ``seq`` orders the log (1-based, never reused)."""

    seq: int
    id: str
    message: Mapping[str, Any]
    appended: str                        # ISO-8601 time it was appended


@dataclass(frozen=True)
class SnapshotRecord:
    """A committed compaction: it covers every live event with ``seq <= cursor``."""

    version: int
    state_revision: int
    cursor: int
    covered: tuple[str, str]            # first and last covered event id
    state: tuple[StageResult, ...]       # the structured state the next compaction starts from
    snapshot: dict[str, Any]
    text: str
    producers: dict[str, str]            # rule pack and model versions that made it
    created: str
    valid: bool = True


@dataclass(frozen=True)
class SessionView:
    """A session as read in one transaction: what a compaction starts from."""

    revision: int
    events: tuple[StoredEvent, ...]      # live events, in log order
    snapshot: SnapshotRecord | None      # the newest valid snapshot


@dataclass(frozen=True)
class Audit:
    """One row per compaction attempt: what it did, what it cost, how it ended."""

    action: str                          # compact | none
    outcome: str                         # committed | conflict | gave_up
    chars_before: int
    chars_after: int
    duration_ms: float
    snapshot_version: int | None = None
    stage_ms: dict[str, float] = field(default_factory=dict)
    fallback: str | None = None
    detail: str = ""


@dataclass(frozen=True)
class Trace:
    """What one call read and decided, typed, for looking at it (``squeeze inspect --html``);
    never serialised, never sent."""

    conversation: Conversation
    plan: Plan
    sizes: tuple[int, ...]                  # the size of each output message, as measured
    summary: PrefixSummary | None = None    # None when nothing was compacted
    summary_index: int | None = None        # where the summary message is in the output


@dataclass(frozen=True)
class CompressionResult:
    messages: list[dict[str, Any]]
    snapshot: dict[str, Any]
    report: dict[str, Any]
    trace: Trace | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {"messages": self.messages, "snapshot": self.snapshot, "report": self.report}
