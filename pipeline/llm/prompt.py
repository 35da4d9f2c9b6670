"""The prompt of the LLM summary, built from the snapshot, and the reading of its answer.

The must-keep facts go in verbatim with their event ids, then the state path, the open items
(actions the user has not authorised, pending confirmations), the user's unverified claims, the
tool facts, the times with their absolute values, and the prefix itself, quoted within a size
cap. The model answers with one JSON object holding the seed's sections (objective,
constraints, confirmed facts, user claims, decisions, open items); ``parse_answer`` reads it,
``render_sections`` lays it out as the summary text. Every text lives in
``rules/prompts/<lang>.toml``: adding a language adds a file, not code.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..config import Settings
from ..errors import ConfigError, Errors
from ..rulepacks import RulePack, rules_dir
from ..types import Event, SummaryRequest

__all__ = [
    "SECTIONS",
    "PromptPack",
    "Sections",
    "build_messages",
    "fill",
    "load_prompt_pack",
    "parse_answer",
    "render_sections",
    "retry_messages",
]

# the seed's structure (DESIGN §5), in the order the summary shows it
SECTIONS = ("constraints", "confirmed_facts", "user_claims", "decisions", "open_items")
_REQUIRED = {
    "prompt": ("language", "system", "user", "retry", "line", "plain_line", "none",
               "transcript_line", "omitted", "roles", "findings"),
    "render": ("header", "objective", *SECTIONS, "item"),
    "validator": ("word_boundaries", "authorisation", "hedges", "objective_stop", "stop", "currency",
                  "numeral_idioms", "number_words", "certainty", "withheld", "needs", "self", "persons",
                  "person_generic", "roles", "role_names"),
}
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_FENCE = re.compile(r"^\s*```[\w-]*\s*\n?(.*?)\n?```\s*$", re.DOTALL)
_ENUMERATION = re.compile(r"^\s*(?:[-*•·]|\d{1,2}[.)、])\s+")


class PromptError(ValueError):
    """The model's answer is not the structure asked for (a fallback, never a crash)."""


@dataclass(frozen=True)
class PromptPack:
    """The texts of one language (``rules/prompts/<lang>.toml``)."""

    lang: str
    prompt: Mapping[str, Any]
    render: Mapping[str, str]
    validator: Mapping[str, Any]


@dataclass(frozen=True)
class Sections:
    """The model's summary, section by section, as the seed structures it."""

    objective: str
    constraints: tuple[str, ...] = ()
    confirmed_facts: tuple[str, ...] = ()
    user_claims: tuple[str, ...] = ()
    decisions: tuple[str, ...] = ()
    open_items: tuple[str, ...] = ()

    def items(self) -> Iterator[tuple[str, str]]:
        """(section, text) of every item, the objective first."""
        if self.objective:
            yield "objective", self.objective
        for section in SECTIONS:
            for text in getattr(self, section):
                yield section, text

    def is_empty(self) -> bool:
        return not any(text.strip() for _, text in self.items())


def fill(template: str, **values: object) -> str:
    """``{name}`` replaced by its value; any other brace (a JSON example) stays as it is."""
    return _PLACEHOLDER.sub(lambda m: str(values[m[1]]) if m[1] in values else m[0], template)


@cache
def load_prompt_pack(lang: str) -> PromptPack:
    """The prompt texts of ``lang``; E024 when there are none, E023 when a key is missing."""
    folder = rules_dir() / "prompts"
    path = folder / f"{lang}.toml"
    if not path.is_file():
        have = sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []
        raise ConfigError(Errors.E024, lang=f"prompts/{lang}", available=", ".join(have))
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(Errors.E023, name=f"prompts/{lang}", detail=str(exc)) from exc
    for table, keys in _REQUIRED.items():
        for key in keys:
            if key not in data.get(table, {}):
                raise ConfigError(Errors.E023, name=f"prompts/{lang}", detail=f"missing [{table}] {key}")
    return PromptPack(lang, data["prompt"], data["render"], data["validator"])


def _lines(pack: PromptPack, rows: Sequence[tuple[str | None, str]]) -> str:
    texts = pack.prompt
    if not rows:
        return str(texts["none"])
    return "\n".join(fill(texts["line"], event=event, text=text) if event
                     else fill(texts["plain_line"], text=text) for event, text in rows)


def _clip(text: str, limit: int, pack: PromptPack) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    return text[:limit] + fill(pack.prompt["omitted"], size=len(text) - limit)


def _transcript(prefix: Sequence[Event], pack: PromptPack, settings: Settings) -> str:
    """The prefix as quoted lines: tool results clipped hardest; over the total cap, tool
    results go first, then assistant text, while the user's words stay longest."""
    total = settings["llm.transcript_chars"]
    caps = {"tool": settings["llm.transcript_tool_chars"]}
    default = settings["llm.transcript_message_chars"]
    roles = pack.prompt["roles"]
    events = [e for e in prefix if e.role != "system" and (e.text.strip() or e.tool_calls)]

    def quoted(event: Event, limit: int) -> str:
        text = event.text
        if event.tool_calls:
            calls = "; ".join(f"{c.name}({c.arguments})" for c in event.tool_calls)
            text = f"{text} {calls}".strip()
        body = _clip(text, limit, pack) if limit > 0 else fill(pack.prompt["omitted"], size=len(text))
        return fill(pack.prompt["transcript_line"], event=event.id,
                    role=roles.get(event.role, event.role), text=body)

    limits = {e.id: caps.get(e.role, default) for e in events}
    for role in ("tool", "assistant", "user"):
        if sum(len(quoted(e, limits[e.id])) + 1 for e in events) <= total:
            break
        for event in events:
            if event.role == role:
                limits[event.id] = 0 if role != "user" else max(40, total // max(1, len(events)))
    return "\n".join(quoted(e, limits[e.id]) for e in events)


def _must_rows(request: SummaryRequest, rules: RulePack) -> list[tuple[str | None, str]]:
    """The strong facts as the clauses that hold them, whole ("换货的话差价我最多补300元", not
    "300元"; "Don't cancel my Plus membership yet", not "yet"), in the ladder's order; a fact
    no item holds is quoted alone. Superseded values are no strong facts: they reach the
    model only as changes."""
    rank = {level: i for i, level in enumerate(rules.ladder)}
    wanted = {id(f) for f in request.must}   # (a claim's item holds its claim, quoted as a claim)
    held = sorted((i for i in request.items if any(id(f) in wanted for f in i.must)),
                  key=lambda i: (rank.get(i.level, len(rank)), i.order))
    rows: list[tuple[str | None, str]] = []
    quoted: set[int] = set()
    for item in held:
        rows.append((item.must[0].span.event_id, item.text))
        quoted.update(id(f) for f in item.must if id(f) in wanted)
    rows += [(f.span.event_id, f.text) for f in request.must if id(f) not in quoted]
    return list(dict.fromkeys(rows))


def _time_row(item: Mapping[str, Any]) -> tuple[str | None, str]:
    value = item.get("value")
    shown = item["text"]
    if isinstance(value, Mapping):
        # ISO-8601 as the snapshot holds it (the validator counts its numbers as said); an
        # undated clock is a time of day, "before 9am" an interval open at its start
        start, end = (value.get(k) or value.get(f"time_{k}") or "" for k in ("start", "end"))
        shown += " = " + (value.get("at") or value.get("time") or f"{start}/{end}")
    return item["source"][0], shown


def build_messages(request: SummaryRequest, pack: PromptPack, rules: RulePack, settings: Settings,
                   target: int) -> list[dict[str, str]]:
    """The system and user messages of a first attempt asking for at most ``target`` chars."""
    snapshot = request.snapshot
    covered = [e for e in request.prefix if e.role != "system"]
    first, last = (covered[0].id, covered[-1].id) if covered else ("", "")
    templates = rules.templates
    open_rows: list[tuple[str | None, str]] = []
    for item in snapshot.open_items:
        template = templates.get("unauthorised" if item["kind"] == "unauthorised" else "authorised_by_user", "{text}")
        open_rows.append((item["source"][0], fill(template, text=item["text"])))
    values = {
        "language": pack.prompt["language"], "target": target, "first": first, "last": last,
        "count": len(covered),
        "must": _lines(pack, _must_rows(request, rules)),
        "state": _lines(pack, [(None, line) for line in snapshot.state_path]),
        "open": _lines(pack, open_rows),
        "claims": _lines(pack, [(c["source"][0], c["text"]) for c in snapshot.user_claims]),
        "confirmed": _lines(pack, [(c["source"][0], c["text"] if not c.get("field") else
                                    f"{c['field']}={c['text']}") for c in snapshot.confirmed_facts]),
        "times": _lines(pack, [_time_row(t) for t in snapshot.times]),
        "transcript": _transcript(request.prefix, pack, settings),
    }
    return [{"role": "system", "content": fill(pack.prompt["system"], **values)},
            {"role": "user", "content": fill(pack.prompt["user"], **values)}]


def retry_messages(first: Sequence[Mapping[str, str]], answer: str, feedback: Sequence[str],
                   pack: PromptPack, target: int) -> list[dict[str, str]]:
    """The first attempt's messages, the failed answer, and the findings to fix."""
    retry = fill(pack.prompt["retry"], findings="\n".join(feedback), target=target)
    return [dict(m) for m in first] + [{"role": "assistant", "content": answer},
                                        {"role": "user", "content": retry}]


def _item_text(item: Any) -> str:
    if isinstance(item, str):
        return _ENUMERATION.sub("", item).strip()
    if isinstance(item, Mapping) and isinstance(item.get("text"), str):
        return _ENUMERATION.sub("", item["text"]).strip()
    if isinstance(item, (int, float)) and not isinstance(item, bool):
        return str(item)
    raise PromptError(f"an item must be a string, not {type(item).__name__}")


def parse_answer(content: str) -> Sections:
    """The sections of the model's JSON answer (a code fence or text around it is tolerated).

    >>> parse_answer('{"objective": "修耳机", "constraints": ["申请先别提交"]}').constraints
    ('申请先别提交',)
    """
    text = content.strip()
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group(1).strip()
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        raise PromptError("the answer holds no JSON object")
    try:
        data = json.loads(text[start:end + 1])
    except json.JSONDecodeError as exc:
        raise PromptError(f"the answer is not valid JSON: {exc.msg} at char {exc.pos}") from exc
    if not isinstance(data, dict):
        raise PromptError("the answer is not a JSON object")
    objective = data.get("objective", "")
    if isinstance(objective, list):
        objective = " ".join(_item_text(i) for i in objective)
    if not isinstance(objective, str):
        raise PromptError("objective must be a string")
    sections: dict[str, tuple[str, ...]] = {}
    for name in SECTIONS:
        raw = data.get(name) or []
        if isinstance(raw, str):
            raw = [raw]
        if not isinstance(raw, list):
            raise PromptError(f"{name} must be a list of strings")
        sections[name] = tuple(t for t in (_item_text(i) for i in raw) if t)
    return Sections(objective.strip(), **sections)


def render_sections(sections: Sections, pack: PromptPack, prefix: Sequence[Event]) -> str:
    """The summary text of an answer: header, objective, then one block per non-empty section."""
    render = pack.render
    covered = [e for e in prefix if e.role != "system"]
    lines = []
    if covered:
        lines.append(fill(render["header"], first=covered[0].id, last=covered[-1].id))
    if sections.objective:
        lines.append(fill(render["objective"], text=sections.objective))
    for name in SECTIONS:
        items = getattr(sections, name)
        if items:
            lines.append(render[name])
            lines.extend(fill(render["item"], text=text) for text in items)
    return "\n".join(lines)
