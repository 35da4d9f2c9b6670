"""Input → Conversation: validation, event ids, turns, language, ``now`` and time zone.

Validation is complete before anything is compressed, so invalid input never gives partial
output. The caller's message dicts are kept as they are (never modified, never copied into
new shapes) so the tail can be returned byte-identical.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone as dt_timezone
from typing import Any, Callable, Mapping, Sequence
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .attachments import find_attachment
from .config import Settings
from .errors import Errors, InputError, Warnings
from .types import Attachment, Conversation, Event, ToolCall, Turn

__all__ = ["decode_json", "detect_lang", "message_size", "parse_conversation", "read_content"]

ROLES = {"system": "S", "user": "U", "assistant": "A", "tool": "T"}
# newer OpenAI models call their system prompt "developer": read as system, sent back as it came
_READ_AS = {"developer": "system"}
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LETTER = re.compile(r"[^\W\d_]")


def decode_json(raw: bytes | str) -> Any:
    """Parse JSON text, turning decoding problems into E013 and syntax errors into E001."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InputError(Errors.E013, encoding="UTF-8", position=exc.start,
                             detail=exc.reason) from exc
    try:
        data = json.loads(raw)
        if _SURROGATE_ESCAPE.search(raw):  # only then can a string hold half a character
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        return data
    except UnicodeEncodeError:
        raise InputError(Errors.E017, detail=f"{_lone_surrogate(raw)}: \\uD800-\\uDFFF escapes "
                         "must come in pairs") from None
    except json.JSONDecodeError as exc:
        raise InputError(Errors.E001, line=exc.lineno, column=exc.colno, detail=exc.msg) from exc
    except RecursionError:
        raise InputError(Errors.E017, detail="nested too deeply (arrays or objects inside each "
                         "other beyond what the reader can follow)") from None
    except ValueError as exc:  # e.g. an integer literal longer than Python converts
        raise InputError(Errors.E017, detail=str(exc)) from None


def _lone_surrogate(raw: str) -> str:
    """Where the first unpaired surrogate escape is, for the error message."""
    paired_low = -1
    for match in _SURROGATE_ESCAPE.finditer(raw):
        at = match.start()
        if at == paired_low:
            continue
        high = raw[at + 3].lower() in "89ab"
        follows = raw[at + 6:at + 9]
        if high and follows[:2] == "\\u" and follows[2:].lower() == "d" and \
                raw[at + 9:at + 10].lower() in "cdef":
            paired_low = at + 6
            continue
        line = raw.count("\n", 0, at) + 1
        return f"lone surrogate {raw[at:at + 6]} at line {line}, column {at - raw.rfind(chr(10), 0, at)}"
    return "a lone surrogate"


def detect_lang(text: str, cjk_share: float) -> str:
    """zh when CJK characters are at least ``cjk_share`` of the letters, else en."""
    letters = len(_LETTER.findall(text))
    if not letters:
        return "en"
    return "zh" if len(_CJK.findall(text)) / letters >= cjk_share else "en"


def read_content(content: Any, where: str, warnings: list[str] | None = None,
                 measure: Callable[[str], int] = len) -> tuple[str, tuple[Attachment, ...], int]:
    """(text, attachments, size) of a message's content: a string, or a list of parts.

    Text parts make the text. An image or file part is an attachment (read later, when it is
    compacted) and weighs what its data, path or URL string measures; a ``text`` or
    ``description`` the caller put on such a part (a fingerprint of what it shows) counts as
    text too. Any other part without text is W008.
    """
    if content is None:
        return "", (), 0
    if isinstance(content, str):
        return content, (), measure(content)
    if not isinstance(content, list):
        raise InputError(Errors.E005, event=where, type_name=type(content).__name__)
    texts, attachments = [], []
    for index, part in enumerate(content):
        if isinstance(part, str):
            texts.append(part)
            continue
        if not isinstance(part, Mapping):
            raise InputError(Errors.E005, event=where, type_name=f"a part of type {type(part).__name__}")
        _check_locations(part, where, index)
        try:
            attachment = find_attachment(part, index, measure)
        except ValueError as exc:  # a location urllib cannot split, such as "http://[::1"
            raise InputError(Errors.E018, event=where, index=index,
                             detail=f"its URL or path cannot be parsed ({exc})") from None
        if attachment is not None:
            attachments.append(attachment)
        text = part.get("text", part.get("description"))
        if isinstance(text, str):
            texts.append(text)
        elif attachment is None and warnings is not None:
            warnings.append(Warnings.W008.format(event=where, part_type=part.get("type")))
    text = "\n".join(texts)
    return text, tuple(attachments), measure(text) + sum(a.size for a in attachments)


# where an image or file part says its content is (pipeline/attachments.py reads these)
_LOCATIONS = {"image_url": ("image_url",), "input_image": ("image_url", "file_id"),
              "file": ("file_data", "file_url", "file_id"), "input_file": ("file_data", "file_url", "file_id")}


def _check_locations(part: Mapping[str, Any], where: str, index: int) -> None:
    """An image or file part's location is a string or absent. The attachment reader takes a
    tuple there for its own ("file_id", id) pair and str()s an id, so a tuple, a deep list or a
    5000-digit int once failed deep inside it; other types were silently read as missing."""
    kind = part.get("type")
    inner = part.get("file") if kind == "file" else part
    if not isinstance(kind, str) or kind not in _LOCATIONS or not isinstance(inner, Mapping):
        return
    for key in _LOCATIONS[kind]:
        value = inner.get(key)
        if kind == "image_url" and isinstance(value, Mapping):  # chat completions: {"url": ...}
            key, value = "image_url.url", value.get("url")
        if value is not None and not isinstance(value, str):
            raise InputError(Errors.E018, event=where, index=index,
                             detail=f"{key} must be a string, not {type(value).__name__}")


def _tool_calls(message: Mapping[str, Any], where: str) -> tuple[ToolCall, ...]:
    raw = message.get("tool_calls")
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise InputError(Errors.E010, event=where, detail="tool_calls must be a list")
    calls = []
    for i, call in enumerate(raw):
        if not isinstance(call, Mapping) or not isinstance(call.get("id"), str):
            raise InputError(Errors.E010, event=where, detail=f"call {i} has no string id")
        function = call.get("function")
        if not isinstance(function, Mapping) or not isinstance(function.get("name"), str):
            raise InputError(Errors.E010, event=where, detail=f"call {call['id']!r} has no function name")
        arguments = function.get("arguments", "")
        if not isinstance(arguments, str):
            try:
                arguments = json.dumps(arguments, ensure_ascii=False, allow_nan=False)
            except (TypeError, ValueError, RecursionError) as exc:  # a date, NaN, a cycle, ...
                raise InputError(Errors.E010, event=where, detail=f"call {call['id']!r}: arguments "
                                 f"cannot be written as JSON ({exc}; JSON has no NaN, Infinity, "
                                 "dates, bytes, sets or cycles)") from None
        if any(c.id == call["id"] for c in calls):
            raise InputError(Errors.E010, event=where, detail=f"call id {call['id']!r} appears twice")
        calls.append(ToolCall(call["id"], function["name"], arguments))
    return tuple(calls)


def _calls_size(calls: Sequence[ToolCall], measure: Callable[[str], int]) -> int:
    return sum(measure(c.name) + measure(c.arguments) for c in calls)


def message_size(message: Mapping[str, Any], measure: Callable[[str], int] = len) -> int:
    """A message's size as every budget counts it, input or output: its text parts, its
    attachments' data, and for an assistant each call's name and arguments (an object as its
    JSON). Other roles' tool_calls are not calls (the parser ignores them): they weigh nothing."""
    calls = _tool_calls(message, "output") if message.get("role") == "assistant" else ()
    return read_content(message.get("content"), "output", measure=measure)[2] + _calls_size(calls, measure)


def event_chars(event: Event, measure: Callable[[str], int]) -> int:
    """An event's size in characters whatever unit the budget counts (its size when chars)."""
    return event.size if measure is len else message_size(event.message)


# what an OpenAI SDK message object carries that a request may send back
_SENDABLE = ("role", "content", "name", "tool_calls", "tool_call_id", "refusal")


def _sdk_message(message: Any) -> Any:
    """An OpenAI SDK message (pydantic: ``ChatCompletionMessage`` of a response) as the dict the
    SDK itself would send; the output carries this dict. Anything else is left as it came."""
    dump = getattr(message, "model_dump", None)
    if isinstance(message, Mapping) or not callable(dump):
        return message
    data = dump(mode="json", exclude_none=True)
    return {key: data[key] for key in _SENDABLE if key in data} if isinstance(data, Mapping) else message


def _is_confirmation_resume(message: Mapping[str, Any], text: str) -> bool:
    metadata = message.get("metadata")
    return (not text.strip() and isinstance(metadata, Mapping)
            and "confirm_results" in metadata)


def _parse_now(value: Any, zone: ZoneInfo | dt_timezone, where: str) -> datetime:
    """An instant as written: an ISO-8601 offset is kept (see :func:`_as_written`), a time without
    one is read in ``zone``, epoch seconds are shown in ``zone``."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            return datetime.fromtimestamp(value, tz=zone)
        except (OverflowError, OSError, ValueError):  # NaN, infinity, beyond year 1..9999
            raise InputError(Errors.E011, where=where, field="time", value=value,
                             detail="epoch seconds out of range") from None
    if isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError as exc:
            raise InputError(Errors.E011, where=where, field="time", value=value,
                             detail="expected ISO-8601 or epoch seconds") from exc
        return moment.replace(tzinfo=zone) if moment.tzinfo is None else moment
    raise InputError(Errors.E011, where=where, field="time", value=value,
                     detail="expected ISO-8601 or epoch seconds")


def _in_zone(moment: datetime, zone: ZoneInfo | dt_timezone) -> datetime:
    try:
        return moment.astimezone(zone)
    except OverflowError:  # 9999-12-31T23:59-01:00 is in year 10000 in UTC
        raise InputError(Errors.E011, where="last timestamp", field="time", value=moment.isoformat(),
                         detail="beyond year 1..9999 in the conversation's time zone") from None


def _as_written(moment: datetime, zone: ZoneInfo | dt_timezone, zone_name: str) -> tuple[datetime, str]:
    """``now`` in the zone its offset says: the configured zone when that agrees (it also
    knows the next daylight-saving change), else the offset itself ("+08:00"), so "明天" at
    07:00+08:00 is the next day in Shanghai whatever the server's zone."""
    offset = moment.utcoffset()
    if moment.tzinfo is zone or offset is None:
        return moment, zone_name
    try:
        there = moment.astimezone(zone)
        if there.utcoffset() == offset:
            return there, zone_name
    except OverflowError:  # 9999-12-31T23:59-01:00 is in year 10000 in UTC
        pass
    own = getattr(moment.tzinfo, "key", None)
    if own:
        return moment, str(own)
    minutes = int(offset.total_seconds() // 60)
    return moment, f"{'+' if minutes >= 0 else '-'}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def _zone(name: Any) -> tuple[ZoneInfo | dt_timezone, str]:
    if name is not None and not isinstance(name, str):
        raise InputError(Errors.E011, where="conversation", field="timezone", value=name,
                         detail="not an IANA time zone name")
    if name:
        try:
            return ZoneInfo(name), name
        except (ZoneInfoNotFoundError, ValueError, OSError) as exc:  # OSError: "America" is a folder
            raise InputError(Errors.E011, where="conversation", field="timezone", value=name,
                             detail="not an IANA time zone name") from exc
    local = datetime.now().astimezone().tzinfo
    key = getattr(local, "key", None)
    if key:
        return ZoneInfo(key), key
    return local or dt_timezone.utc, str(local)  # type: ignore[return-value]


def _conversation_id(value: Any) -> str | None:
    """A string as it is, an integer written out (as batch reads ids); any other value once
    went through str() whatever it was, and a deep list or a 5000-digit int made that fail."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            return str(value)
        except ValueError:  # beyond sys.get_int_max_str_digits()
            pass
    raise InputError(Errors.E011, where="conversation", field="id", value=value,
                     detail="expected a string or an integer of at most 4300 digits")


def parse_conversation(
    data: Any,
    settings: Settings,
    *,
    now: str | datetime | None = None,
    lang: str | None = None,
    timezone: str | None = None,
    measure: Callable[[str], int] = len,
) -> Conversation:
    """Validate a list of messages or a conversation object and index it into events and turns."""
    if isinstance(data, Mapping):
        if "messages" not in data:
            raise InputError(Errors.E007, type_name="an object without \"messages\"")
        messages, header = data["messages"], data
    elif isinstance(data, list):
        messages, header = data, {}
    else:
        raise InputError(Errors.E007, type_name=type(data).__name__)
    if not isinstance(messages, Sequence) or isinstance(messages, str):
        raise InputError(Errors.E007, type_name=type(messages).__name__)
    if not messages:
        raise InputError(Errors.E002)

    warnings: list[str] = []
    limit = settings["policy.max_message_chars"]
    lenient = settings["policy.lenient_orphans"]
    events: list[Event] = []
    seen_ids: set[str] = set()
    open_calls: dict[str, str] = {}  # call id -> tool name
    made_by: dict[str, str] = {}     # call id -> the event that made it
    answered_by: dict[str, str] = {}  # call id -> its first result

    for index, message in enumerate(messages):
        where = f"message {index + 1}"
        message = _sdk_message(message)
        if not isinstance(message, Mapping):
            raise InputError(Errors.E008, event=where, type_name=type(message).__name__)
        role = message.get("role")
        role = _READ_AS.get(role, role) if isinstance(role, str) else role
        if not isinstance(role, str) or role not in ROLES:
            raise InputError(Errors.E003, event=where, role=role)
        given = message.get("id")
        event_id = given if isinstance(given, str) and given else f"{ROLES[role]}{index + 1}"
        where = f"message {index + 1} ({event_id})"
        if given is not None and given is not event_id:
            warnings.append(Warnings.W015.format(event=where, value=given))
        if event_id in seen_ids:
            raise InputError(Errors.E012, event=where, event_id=event_id)
        seen_ids.add(event_id)

        text, attachments, content_size = read_content(message.get("content"), where, warnings, measure)
        if "content" not in message and not (role == "assistant" and message.get("tool_calls")) \
                and not _is_confirmation_resume(message, text):
            warnings.append(Warnings.W011.format(event=where))
        calls = _tool_calls(message, where) if role == "assistant" else ()
        if role != "assistant" and message.get("tool_calls"):
            warnings.append(Warnings.W016.format(event=where, role=role))
        size = content_size + _calls_size(calls, measure)
        if size > limit:
            raise InputError(Errors.E006, event=where, size=size, limit=limit)

        tool_call_id = tool_name = None
        if role == "tool":
            tool_call_id = message.get("tool_call_id")
            if not isinstance(tool_call_id, str) or not tool_call_id:
                raise InputError(Errors.E009, event=where)
            if tool_call_id in answered_by:
                warnings.append(Warnings.W009.format(event=where, call_id=tool_call_id,
                                                     first=answered_by[tool_call_id]))
            answered_by.setdefault(tool_call_id, event_id)
            if tool_call_id in open_calls:
                tool_name = open_calls[tool_call_id]
            elif lenient:
                warnings.append(Warnings.W001.format(event=where))
            else:
                raise InputError(Errors.E004, event=where, call_id=tool_call_id)
        for call in calls:
            if call.id in made_by:
                warnings.append(Warnings.W010.format(event=where, call_id=call.id,
                                                     first=made_by[call.id]))
            made_by[call.id] = event_id
            answered_by.pop(call.id, None)
            open_calls[call.id] = call.name

        opens_turn = role == "user" and not _is_confirmation_resume(message, text)
        events.append(Event(event_id, index, role, text, size, message, calls,
                            tool_call_id, tool_name, opens_turn, attachments))

    starts = [e.index for e in events if e.opens_turn]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    bounds = starts + [len(events)]
    turns = tuple(Turn(a, b) for a, b in zip(bounds, bounds[1:]))

    zone, zone_name = _zone(timezone or header.get("timezone") or settings["conversation.timezone"])
    if now is None:
        now = header.get("now")
    if now is None:
        stamp = next((m.get("timestamp") for m in reversed(messages)
                      if isinstance(m, Mapping) and m.get("timestamp") is not None), None)
        # a stored timestamp is an instant (often UTC by convention), shown in the zone
        moment = (_in_zone(_parse_now(stamp, zone, "last timestamp"), zone)  # type: ignore[arg-type]
                  if stamp is not None else datetime.now(zone))
    else:
        # the offset a caller writes `now` with is where the user is (DESIGN §3)
        moment, zone_name = _as_written(
            (now if now.tzinfo else now.replace(tzinfo=zone)) if isinstance(now, datetime)
            else _parse_now(now, zone, "conversation"), zone, zone_name)  # type: ignore[arg-type]

    lang = lang or header.get("lang") or settings["conversation.lang"]
    if lang and not isinstance(lang, str):
        raise InputError(Errors.E011, where="conversation", field="lang", value=lang,
                         detail="expected a language code such as \"zh\" or \"en\"")
    if not lang:
        user_text = "".join(e.text for e in events if e.role == "user") or "".join(e.text for e in events)
        lang = detect_lang(user_text, settings["conversation.cjk_share"])

    return Conversation(_conversation_id(header.get("id")), tuple(events), turns,
                        moment, zone_name, lang, tuple(warnings))
