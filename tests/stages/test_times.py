"""Time normalisation (DESIGN §5 "times", §6, §10): pipeline.stages.times.normalize_time.

Every expected value below was worked out by hand from the fixed ``now`` (not copied from the
function's output):

- zh: now = 2026-11-30T10:00:00+08:00, Asia/Shanghai, a Monday. This week = Mon 11-30 .. Sun
  12-06, next week = 12-07 .. 12-13, the week after = 12-14 .. 12-20, last week = 11-23 .. 11-29.
- en: now = 2026-11-30T10:00:00-05:00, America/New_York (EST; DST starts again on 2027-03-14,
  so a March 20 date carries -04:00).

Conventions (the data lives in the [times] tables of rules/zh.toml and rules/en.toml):
a day is 00:00:00 .. 23:59:59; parts of day are [start, end) hour ranges ending one second
early (下午 12-18, 上午 9-12, 晚上 18-24, morning 6-12, afternoon 12-18, evening 18-22,
night 18-24); "下周三" and "next Wednesday" are the Wednesday of next week; a bare weekday is
the first one after today; "X月X日" without a year is its occurrence in the year that starts 31
days before today; deadlines run from now to the end of what they name; a clock or part of day
with no day (and none under discussion) stays undated: times of day with now's offset, "before
9am" an end, "after 5pm" a start (DESIGN §3: it was put on today or tomorrow, an invented date).
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from pipeline.rulepacks import load_rule_pack
from pipeline.stages.times import (a_month_or_more, compile_grammar, count_of, day_within, gone_by, listed_days,
                                   names_one_day, normalize_time, points_back, single_day, weekdays_of)

ZH_NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai"))
EN_NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("America/New_York"))
NOW = {"zh": ZH_NOW, "en": EN_NOW}


def at(value: str) -> dict:
    return {"at": value}


def span(start: str, end: str) -> dict:
    return {"start": start, "end": end}


def clock(t: str) -> dict:
    """An undated clock: a time of day with its offset."""
    return {"time": t}


def day(d: str, off: str) -> dict:
    """The whole day ``d`` (YYYY-MM-DD) at UTC offset ``off``."""
    return span(f"{d}T00:00:00{off}", f"{d}T23:59:59{off}")


Z = "+08:00"
ZH_START = "2026-11-30T10:00:00+08:00"       # now, the start of every zh deadline
E = "-05:00"
EN_START = "2026-11-30T10:00:00-05:00"

ZH_ROWS = [
    # the brief's must-haves
    ("下周三下午3点", at("2026-12-09T15:00:00+08:00")),       # Wed of next week, 下午 → 15h
    ("明天下午", span("2026-12-01T12:00:00+08:00", "2026-12-01T17:59:59+08:00")),
    ("下下周", span("2026-12-14T00:00:00+08:00", "2026-12-20T23:59:59+08:00")),
    ("下下周一", day("2026-12-14", Z)),
    ("下个月15号", day("2026-12-15", Z)),
    ("下午两点", {"time": "14:00:00+08:00"}),
    ("3月5日", day("2027-03-05", Z)),                       # 2026-03-05 is 9 months past
    ("周五前", span(ZH_START, "2026-12-04T23:59:59+08:00")),  # now → end of this Friday
    ("三天后", day("2026-12-03", Z)),
    ("上周五", day("2026-11-27", Z)),
    ("今晚8点", at("2026-11-30T20:00:00+08:00")),
    # 同月里的一段日子是一段时间，到最后一天结束
    ("1月19日到21日", span("2027-01-19T00:00:00+08:00", "2027-01-21T23:59:59+08:00")),
    ("12月20号到27号", span("2026-12-20T00:00:00+08:00", "2026-12-27T23:59:59+08:00")),
    ("下个月15号", day("2026-12-15", Z)),
    ("后天上午", span("2026-12-02T09:00:00+08:00", "2026-12-02T11:59:59+08:00")),
    ("大后天", day("2026-12-03", Z)),
    ("这周六晚上", span("2026-12-05T18:00:00+08:00", "2026-12-05T23:59:59+08:00")),
    ("月底", span("2026-11-26T00:00:00+08:00", "2026-11-30T23:59:59+08:00")),  # last 5 days
    ("周末", span("2026-12-05T00:00:00+08:00", "2026-12-06T23:59:59+08:00")),
    ("下午三点半", clock("15:30:00+08:00")),             # no day named: undated
    ("12月2日上午10点", at("2026-12-02T10:00:00+08:00")),
    ("12月9日周三", day("2026-12-09", Z)),                  # a date with its weekday
    ("周三12月9号下午3点", at("2026-12-09T15:00:00+08:00")),
    # weeks, months, years
    ("下周", span("2026-12-07T00:00:00+08:00", "2026-12-13T23:59:59+08:00")),
    ("这周", span("2026-11-30T00:00:00+08:00", "2026-12-06T23:59:59+08:00")),
    ("上周", span("2026-11-23T00:00:00+08:00", "2026-11-29T23:59:59+08:00")),
    ("下周末", span("2026-12-12T00:00:00+08:00", "2026-12-13T23:59:59+08:00")),
    ("月初", span("2026-12-01T00:00:00+08:00", "2026-12-05T23:59:59+08:00")),  # Nov's is over
    ("下个月底", span("2026-12-27T00:00:00+08:00", "2026-12-31T23:59:59+08:00")),
    # a part of a month: its end (末), or the days a 旬 spans ("12月末" and "这个月中旬" had no time)
    ("12月末", span("2026-12-27T00:00:00+08:00", "2026-12-31T23:59:59+08:00")),
    # a month of a year named ("明年五月到期" had no time, "2027年8月" had been a count of years)
    ("明年五月", span("2027-05-01T00:00:00+08:00", "2027-05-31T23:59:59+08:00")),
    ("去年12月底", span("2025-12-27T00:00:00+08:00", "2025-12-31T23:59:59+08:00")),
    ("2027年8月", span("2027-08-01T00:00:00+08:00", "2027-08-31T23:59:59+08:00")),
    ("下个月初", span("2026-12-01T00:00:00+08:00", "2026-12-05T23:59:59+08:00")),
    ("这个月中旬", span("2026-11-11T00:00:00+08:00", "2026-11-20T23:59:59+08:00")),
    ("十二月中旬", span("2026-12-11T00:00:00+08:00", "2026-12-20T23:59:59+08:00")),
    ("12月上旬", span("2026-12-01T00:00:00+08:00", "2026-12-10T23:59:59+08:00")),
    ("下个月下旬", span("2026-12-21T00:00:00+08:00", "2026-12-31T23:59:59+08:00")),
    ("2月下旬", span("2027-02-21T00:00:00+08:00", "2027-02-28T23:59:59+08:00")),   # to the month's end
    ("周末", span("2026-12-05T00:00:00+08:00", "2026-12-06T23:59:59+08:00")),     # the weekend, not the week's end
    # a holiday with a fixed day: that day, the next one
    ("圣诞节", day("2026-12-25", Z)),
    ("下下周", span("2026-12-14T00:00:00+08:00", "2026-12-20T23:59:59+08:00")),
    ("下个月15号", day("2026-12-15", Z)),
    ("下午两点", {"time": "14:00:00+08:00"}),
    ("下下个月", span("2027-01-01T00:00:00+08:00", "2027-01-31T23:59:59+08:00")),
    ("元旦", day("2027-01-01", Z)),
    ("圣诞节前", span(ZH_START, "2026-12-25T23:59:59+08:00")),
    ("年底", span("2026-12-01T00:00:00+08:00", "2026-12-31T23:59:59+08:00")),
    # which year's end or start ("去年底换的" had been this year's end, "明年初" no time)
    ("去年底", span("2025-12-01T00:00:00+08:00", "2025-12-31T23:59:59+08:00")),
    ("去年年底", span("2025-12-01T00:00:00+08:00", "2025-12-31T23:59:59+08:00")),
    ("明年初", span("2027-01-01T00:00:00+08:00", "2027-01-31T23:59:59+08:00")),
    ("今年年末", span("2026-12-01T00:00:00+08:00", "2026-12-31T23:59:59+08:00")),
    ("明年", span("2027-01-01T00:00:00+08:00", "2027-12-31T23:59:59+08:00")),
    # days and weekdays
    ("明天", day("2026-12-01", Z)),
    ("昨天", day("2026-11-29", Z)),
    ("周日", day("2026-12-06", Z)),                         # bare weekday: the next one
    ("星期天", day("2026-12-06", Z)),
    ("下个星期二", day("2026-12-08", Z)),
    ("三天前", day("2026-11-27", Z)),
    # dates
    ("11月20日", day("2026-11-20", Z)),                     # 10 days ago: a recent past date
    ("十二月二十五号", day("2026-12-25", Z)),
    ("2027年1月5日", day("2027-01-05", Z)),
    ("15号", day("2026-12-15", Z)),                         # Nov 15 is past: next month's
    # clocks
    ("明早8点", at("2026-12-01T08:00:00+08:00")),
    ("凌晨2点", clock("02:00:00+08:00")),
    ("晚上12点", clock("00:00:00+08:00")),                # midnight
    ("三点一刻", clock("15:15:00+08:00")),                # a bare 3 o'clock is 15h
    ("周六10:20", at("2026-12-05T10:20:00+08:00")),
    ("两小时后", at("2026-11-30T12:00:00+08:00")),
    ("半小时后", at("2026-11-30T10:30:00+08:00")),
    # deadlines and "after"
    ("3天内", span(ZH_START, "2026-12-03T23:59:59+08:00")),
    ("本周内", span(ZH_START, "2026-12-06T23:59:59+08:00")),
    ("月底前", span(ZH_START, "2026-11-30T23:59:59+08:00")),
    ("下午3点后", {"time_start": "15:00:00+08:00"}),
    # 约数读作那个时间本身："前后"不是"以后"
    ("九点左右", {"time": "09:00:00+08:00"}),
    ("十点前后", {"time": "10:00:00+08:00"}),
    ("三点钟", {"time": "15:00:00+08:00"}),
    ("明天下午3点左右", {"at": "2026-12-01T15:00:00+08:00"}),
    ("明天下午3点后", span("2026-12-01T15:00:00+08:00", "2026-12-01T23:59:59+08:00")),
    ("下午", {"time_start": "12:00:00+08:00", "time_end": "17:59:59+08:00"}),
]

EN_ROWS = [
    # the brief's must-haves
    ("next Wednesday 3pm", at("2026-12-09T15:00:00-05:00")),  # Wednesday of next week
    ("the day after tomorrow", day("2026-12-02", E)),
    # a month counted from this year's, or with its year ("her passport expires next May" had no time)
    # (in New York's offsets of those days: daylight time from the second Sunday of March)
    ("next May", span("2027-05-01T00:00:00-04:00", "2027-05-31T23:59:59-04:00")),
    ("last March", span("2025-03-01T00:00:00-05:00", "2025-03-31T23:59:59-04:00")),
    ("March 2016", span("2016-03-01T00:00:00-05:00", "2016-03-31T23:59:59-04:00")),
    ("by Friday", span(EN_START, "2026-12-04T23:59:59-05:00")),
    ("in 3 days", day("2026-12-03", E)),
    ("tomorrow afternoon", span("2026-12-01T12:00:00-05:00", "2026-12-01T17:59:59-05:00")),
    ("tonight at 8", at("2026-11-30T20:00:00-05:00")),
    ("December 5", day("2026-12-05", E)),
    # a part of a month: its start or end, or its middle (the 11th to the 20th)
    ("mid-December", span("2026-12-11T00:00:00-05:00", "2026-12-20T23:59:59-05:00")),
    ("the middle of January", span("2027-01-11T00:00:00-05:00", "2027-01-20T23:59:59-05:00")),
    ("early next month", span("2026-12-01T00:00:00-05:00", "2026-12-05T23:59:59-05:00")),
    ("late next month", span("2026-12-27T00:00:00-05:00", "2026-12-31T23:59:59-05:00")),
    ("the middle of next month", span("2026-12-11T00:00:00-05:00", "2026-12-20T23:59:59-05:00")),
    ("mid February", span("2027-02-11T00:00:00-05:00", "2027-02-20T23:59:59-05:00")),
    ("Christmas Eve", day("2026-12-24", E)),
    ("the week after next", span("2026-12-14T00:00:00-05:00", "2026-12-20T23:59:59-05:00")),
    # … and its weekday (it had been next week's: "monday" alone was read)
    ("the monday after next", day("2026-12-14", E)),
    ("monday after next at 3pm", at("2026-12-14T15:00:00-05:00")),
    # a day of the month named by its offset is that day; an hour with its part of day names no date
    ("the 15th of next month", day("2026-12-15", E)),
    ("by the 5th of next month", span(EN_START, "2026-12-05T23:59:59-05:00")),
    ("two in the afternoon", {"time": "14:00:00-05:00"}),
    ("evening 4:45", {"time": "16:45:00-05:00"}),
    ("the month after next", span("2027-01-01T00:00:00-05:00", "2027-01-31T23:59:59-05:00")),
    ("New Year's Day", day("2027-01-01", E)),
    ("before Christmas", span(EN_START, "2026-12-25T23:59:59-05:00")),
    ("next week", span("2026-12-07T00:00:00-05:00", "2026-12-13T23:59:59-05:00")),
    ("this weekend", span("2026-12-05T00:00:00-05:00", "2026-12-06T23:59:59-05:00")),
    ("before 9am", {"time_end": "09:00:00-05:00"}),       # no day named: undated
    ("Friday at 7pm", at("2026-12-04T19:00:00-05:00")),
    ("noon tomorrow", at("2026-12-01T12:00:00-05:00")),
    # weekdays
    ("this Friday", day("2026-12-04", E)),
    ("last Friday", day("2026-11-27", E)),
    ("Wednesday next week", day("2026-12-09", E)),
    ("Monday", day("2026-12-07", E)),                        # today is Monday: the next one
    ("Friday evening", span("2026-12-04T18:00:00-05:00", "2026-12-04T21:59:59-05:00")),
    ("on Friday at 05:24", at("2026-12-04T05:24:00-05:00")),  # zero-padded: 24-hour clock
    # dates
    ("March 20", day("2027-03-20", "-04:00")),               # after the DST change
    ("Nov 20", day("2026-11-20", E)),
    ("Dec 5, 2027", day("2027-12-05", E)),
    ("the 15th of next month", day("2026-12-15", E)),
    ("12/05", day("2026-12-05", E)),                         # dateparser
    ("a week from tomorrow", day("2026-12-08", E)),          # dateparser
    ("2026-12-25 at 3pm", at("2026-12-25T15:00:00-05:00")),
    # a weekday with its date: the date, when it falls on that weekday
    ("Monday the 7th", day("2026-12-07", E)),
    ("Tuesday the 8th at 4:45", at("2026-12-08T16:45:00-05:00")),
    ("Saturday, March 20", day("2027-03-20", "-04:00")),
    # periods
    ("last week", span("2026-11-23T00:00:00-05:00", "2026-11-29T23:59:59-05:00")),
    ("next month", span("2026-12-01T00:00:00-05:00", "2026-12-31T23:59:59-05:00")),
    ("end of the month", span("2026-11-26T00:00:00-05:00", "2026-11-30T23:59:59-05:00")),
    ("the weekend", span("2026-12-05T00:00:00-05:00", "2026-12-06T23:59:59-05:00")),
    ("this morning", span("2026-11-30T06:00:00-05:00", "2026-11-30T11:59:59-05:00")),
    # offsets
    ("in 3 hours", at("2026-11-30T13:00:00-05:00")),
    ("in a week", day("2026-12-07", E)),
    ("2 weeks from now", day("2026-12-14", E)),
    ("3 days ago", day("2026-11-27", E)),
    # clocks
    ("tomorrow morning at 9", at("2026-12-01T09:00:00-05:00")),
    ("tomorrow 3:30pm", at("2026-12-01T15:30:00-05:00")),
    ("at 8", clock("08:00:00-05:00")),                    # 8 and above: morning
    ("midnight", clock("00:00:00-05:00")),
    ("at 3", clock("15:00:00-05:00")),                    # below bare_hour_pm_before: afternoon
    # deadlines and "after"
    ("within 2 days", span(EN_START, "2026-12-02T23:59:59-05:00")),
    ("by the end of the month", span(EN_START, "2026-11-30T23:59:59-05:00")),
    ("by midnight", {"time_end": "00:00:00-05:00"}),
    ("by tomorrow noon", span(EN_START, "2026-12-01T12:00:00-05:00")),
    ("by 12/05", span(EN_START, "2026-12-05T23:59:59-05:00")),  # grammar + dateparser
    ("after 5pm", {"time_start": "17:00:00-05:00"}),
    ("around 9 am", {"time": "09:00:00-05:00"}),
    ("about ten o'clock", {"time": "10:00:00-05:00"}),
    ("around 3 pm tomorrow", {"at": "2026-12-01T15:00:00-05:00"}),
    ("after 5pm on Friday", span("2026-12-04T17:00:00-05:00", "2026-12-04T23:59:59-05:00")),
    # a range of days in one month is one interval, to the end of its last day (it had been unread)
    ("January 19 to 21", span("2027-01-19T00:00:00-05:00", "2027-01-21T23:59:59-05:00")),
    ("Dec 20-27", span("2026-12-20T00:00:00-05:00", "2026-12-27T23:59:59-05:00")),
    ("December 30 to 2", span("2026-12-30T00:00:00-05:00", "2027-01-02T23:59:59-05:00")),   # into the next month
]

ROWS = [("zh", t, e) for t, e in ZH_ROWS] + [("en", t, e) for t, e in EN_ROWS]

UNPARSEABLE = [
    ("zh", ""), ("zh", "   "), ("zh", "你好"), ("zh", "周八"), ("zh", "2月30日"), ("zh", "13月5日"),
    ("zh", "25点"), ("zh", "周五或周六"), ("zh", "周六10"), ("zh", "上周五前"),
    ("en", "hello"), ("en", "banana 3"), ("en", "february 30"), ("en", "next blursday"),
    ("en", "on monday 13"), ("en", "Monday the 8th"),        # the 8th is a Tuesday
    ("zh", "周一12月8号"),
    ("en", "February 27 to 30"), ("zh", "2月27日到30日"),   # no such last day
]


def test_enough_rows_per_language() -> None:
    assert len(ZH_ROWS) >= 30 and len(EN_ROWS) >= 30
    must = {"下周三下午3点", "明天下午", "下下周", "3月5日", "周五前", "三天后", "上周五", "今晚8点",
            "下个月15号", "后天上午", "大后天", "这周六晚上", "月底", "周末", "下午三点半", "12月2日上午10点",
            "next Wednesday 3pm", "the day after tomorrow", "by Friday", "in 3 days",
            "tomorrow afternoon", "tonight at 8", "December 5", "next week", "this weekend",
            "before 9am", "Friday at 7pm", "noon tomorrow"}
    assert must <= {t for _, t, _ in ROWS}


@pytest.mark.parametrize(("lang", "text", "expected"), ROWS, ids=[f"{l}:{t}" for l, t, _ in ROWS])
def test_normalize(lang: str, text: str, expected: dict) -> None:
    assert normalize_time(text, lang, NOW[lang], load_rule_pack(lang)) == expected


@pytest.mark.parametrize(("lang", "text", "expected"), ROWS, ids=[f"{l}:{t}" for l, t, _ in ROWS])
def test_values_are_in_nows_zone(lang: str, text: str, expected: dict) -> None:
    """Every value carries the offset that now's zone has at that wall-clock time."""
    result = normalize_time(text, lang, NOW[lang], load_rule_pack(lang))
    assert result is not None
    zone = NOW[lang].tzinfo
    for key, value in result.items():
        if key.startswith("time"):      # undated: now's offset
            assert time.fromisoformat(value).utcoffset() == NOW[lang].utcoffset()
            continue
        parsed = datetime.fromisoformat(value)
        assert parsed.utcoffset() == zone.utcoffset(parsed.replace(tzinfo=None))
    if "start" in result:
        assert datetime.fromisoformat(result["start"]) <= datetime.fromisoformat(result["end"])


@pytest.mark.parametrize(("lang", "text"), UNPARSEABLE)
def test_unparseable_is_none(lang: str, text: str) -> None:
    assert normalize_time(text, lang, NOW[lang], load_rule_pack(lang)) is None


@pytest.mark.parametrize(("tz", "offset"), [
    (ZoneInfo("Asia/Tokyo"), "+09:00"),
    (ZoneInfo("UTC"), "+00:00"),
    (timezone(timedelta(hours=5, minutes=30)), "+05:30"),
    (ZoneInfo("America/New_York"), "-05:00"),
])
def test_result_tz_is_nows_tz(tz, offset: str) -> None:
    now = datetime(2026, 11, 30, 10, 0, tzinfo=tz)
    zh = load_rule_pack("zh")
    assert normalize_time("明天下午3点", "zh", now, zh) == at(f"2026-12-01T15:00:00{offset}")
    assert normalize_time("tomorrow afternoon", "en", now, load_rule_pack("en")) == span(
        f"2026-12-01T12:00:00{offset}", f"2026-12-01T17:59:59{offset}")
    assert normalize_time("by Friday", "en", now, load_rule_pack("en")) == span(
        f"2026-11-30T10:00:00{offset}", f"2026-12-04T23:59:59{offset}")


def test_same_instant_other_zone_is_not_served_from_the_cache() -> None:
    """ZH_NOW and 02:00 UTC are equal datetimes; the results must still differ by zone."""
    utc_now = ZH_NOW.astimezone(UTC)
    assert utc_now == ZH_NOW
    pack = load_rule_pack("zh")
    assert normalize_time("明天下午3点", "zh", ZH_NOW, pack) == at("2026-12-01T15:00:00+08:00")
    # 02:00 UTC on 11-30: tomorrow is still 12-01, now in UTC
    assert normalize_time("明天下午3点", "zh", utc_now, pack) == at("2026-12-01T15:00:00+00:00")


def test_pytz_zone() -> None:
    pytz = pytest.importorskip("pytz")
    now = pytz.timezone("America/New_York").localize(datetime(2026, 11, 30, 10, 0))
    pack = load_rule_pack("en")
    assert normalize_time("next Wednesday 3pm", "en", now, pack) == at("2026-12-09T15:00:00-05:00")
    assert normalize_time("March 20", "en", now, pack) == day("2027-03-20", "-04:00")


def test_relative_to_now_and_pure() -> None:
    pack = load_rule_pack("zh")
    later = datetime(2026, 12, 1, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai"))
    assert normalize_time("明天", "zh", later, pack) == day("2026-12-02", Z)
    first = normalize_time("明天", "zh", ZH_NOW, pack)
    assert first is not None
    first["start"] = "changed"                       # callers get a copy, never the cache
    assert normalize_time("明天", "zh", ZH_NOW, pack) == day("2026-12-01", Z)


# a bare day of the month the conversation named before is that day, not the one just past
# (said on Nov 30 after "we're back December 28th", "on the 28th" was Nov 28); none named, or
# the one named past: the nearest (within three days back)
NAMED_DAY_OF_MONTH = [
    ("zh", "28号", (date(2026, 12, 28),), day("2026-12-28", Z)),
    ("zh", "28号", (), day("2026-11-28", Z)),
    ("zh", "28号", (date(2026, 10, 28),), day("2026-11-28", Z)),
    ("zh", "28号下午3点", (date(2026, 12, 28), date(2026, 12, 5)), at("2026-12-28T15:00:00+08:00")),
    ("en", "on the 28th", (date(2026, 12, 28),), day("2026-12-28", E)),
    ("en", "on the 28th", (), day("2026-11-28", E)),
    ("en", "on the 28th", (date(2026, 10, 28),), day("2026-11-28", E)),
    ("en", "the 28th at 3 pm", (date(2026, 12, 28), date(2026, 12, 5)), at("2026-12-28T15:00:00-05:00")),
]


@pytest.mark.parametrize(("lang", "text", "named", "expected"), NAMED_DAY_OF_MONTH)
def test_a_bare_day_of_the_month_is_the_one_named_before(lang: str, text: str, named: tuple[date, ...],
                                                         expected: dict) -> None:
    assert normalize_time(text, lang, NOW[lang], load_rule_pack(lang), named=named) == expected


# a day of the month said with its weekday is the one on that weekday, whatever day is under
# discussion ("my flight is thursday the 20th, can i drop them off wed the 19th instead?" had read
# the 19th after the 20th under discussion: June 19, a Saturday); without the weekday, the first
# from the day under discussion; said of what happened, the last one
WEEKDAY_AND_DAY = [
    ("zh", "周六19号", date(2026, 12, 21), False, day("2026-12-19", Z)),
    ("zh", "19号周六", date(2026, 12, 21), False, day("2026-12-19", Z)),
    ("zh", "下周三16号", date(2026, 12, 18), False, day("2026-12-16", Z)),
    ("zh", "周三16号下午3点", date(2026, 12, 18), False, at("2026-12-16T15:00:00+08:00")),
    ("zh", "12月30号周三", None, False, day("2026-12-30", Z)),
    ("zh", "25号周三", None, True, day("2026-11-25", Z)),
    ("zh", "周二19号", None, False, day("2027-01-19", Z)),
    ("zh", "19号", date(2026, 12, 21), False, day("2027-01-19", Z)),         # control: no weekday
    ("en", "wed the 16th", date(2026, 12, 18), False, day("2026-12-16", E)),
    ("en", "sat the 19th", date(2026, 12, 21), False, day("2026-12-19", E)),
    ("en", "wednesday the 16th at 3pm", date(2026, 12, 18), False, at("2026-12-16T15:00:00-05:00")),
    ("en", "tuesday the 19th", None, False, day("2027-01-19", E)),     # December's 19th is a Saturday
    ("en", "wed the 25th", None, True, day("2026-11-25", E)),
    ("en", "the 19th", date(2026, 12, 21), False, day("2027-01-19", E)),     # control: no weekday
]


@pytest.mark.parametrize(("lang", "text", "discussed", "past", "expected"), WEEKDAY_AND_DAY)
def test_a_day_of_the_month_with_its_weekday_is_the_one_on_it(lang: str, text: str, discussed: date | None,
                                                              past: bool, expected: dict) -> None:
    assert normalize_time(text, lang, NOW[lang], load_rule_pack(lang), day=discussed, past=past) == expected


# a time said in a zone is read in that zone, with its offset; a zone not known gives no value,
# never the conversation's offset ("12:10 pm London time" was 12:10-05:00 in a New York chat)
ZONES = [
    ("zh", "伦敦时间12点10分", clock("12:10:00+00:00")),
    ("zh", "北京时间明天下午3点", at("2026-12-01T15:00:00+08:00")),
    ("zh", "纽约时间12月5日上午9点", at("2026-12-05T09:00:00-05:00")),
    ("zh", "东京时间晚上8点", clock("20:00:00+09:00")),
    ("zh", "当地时间下午3点", None),
    ("zh", "下午3点", clock("15:00:00+08:00")),
    ("en", "at 12:10 pm London time", clock("12:10:00+00:00")),
    ("en", "tomorrow at 9 am Tokyo time", at("2026-12-01T09:00:00+09:00")),
    ("en", "December 5 at 9 am New York time", at("2026-12-05T09:00:00-05:00")),
    ("en", "3 pm PST", clock("15:00:00-08:00")),
    ("en", "at 3 pm local time", None),
    ("en", "by 11 am their time", None),            # the other party's zone, not named
    ("zh", "那边时间下午3点前", None),
    ("en", "at 3 pm", clock("15:00:00-05:00")),
    # a deadline runs from the real now, seen in the zone
    ("zh", "伦敦时间下周五前", span("2026-11-30T02:00:00+00:00", "2026-12-11T23:59:59+00:00")),
    ("en", "before Friday London time", span("2026-11-30T15:00:00+00:00", "2026-12-04T23:59:59+00:00")),
]


@pytest.mark.parametrize(("lang", "text", "expected"), ZONES)
def test_a_time_said_in_a_zone_is_read_in_it(lang: str, text: str, expected: dict | None) -> None:
    assert normalize_time(text, lang, NOW[lang], load_rule_pack(lang)) == expected


def test_naive_now_is_refused() -> None:
    assert normalize_time("明天", "zh", ZH_NOW.replace(tzinfo=None), load_rule_pack("zh")) is None


def test_grammars_are_data() -> None:
    """Both packs carry a [times] table whose forms all compile."""
    for lang in ("zh", "en"):
        data = load_rule_pack(lang).time_grammar
        assert {"forms", "parts", "relative_days", "weekdays", "modes"} <= set(data)
        grammar = compile_grammar(data, lang)
        assert grammar.forms


@pytest.mark.parametrize(("lang", "value", "count"), [
    ("en", "6 people", 6), ("en", "the same six people", 6), ("en", "two nights", 2), ("en", "twelve", 12),
    ("en", "no number", None),
    ("zh", "三晚", 3), ("zh", "两晚", 2), ("zh", "十二桌", 12), ("zh", "12桌", 12), ("zh", "没有数", None),
])
def test_the_number_a_value_counts_is_read_in_words_or_digits(lang: str, value: str, count: float | None) -> None:
    assert count_of(value, load_rule_pack(lang)) == count


@pytest.mark.parametrize(("lang", "text", "back"), [
    ("zh", "那天", True), ("zh", "当天", True), ("zh", "那天上午十点", False), ("zh", "那天下午", False),
    ("zh", "12号", False), ("zh", "明天", False),
    ("en", "that day", True), ("en", "that same day", True), ("en", "that day at 5", False),
    ("en", "that Wednesday", False), ("en", "the 12th", False), ("en", "tomorrow", False),
])
def test_a_time_only_pointing_back_has_no_value_of_its_own(lang: str, text: str, back: bool) -> None:
    assert points_back(text, lang, load_rule_pack(lang)) is back


# (lang, one, other, whether they name one day as said): the parts naming the day, one's among the
# other's; nothing is resolved ("tomorrow" and "Friday" may be one day, read apart they are not)
@pytest.mark.parametrize(("lang", "one", "other", "same"), [
    ("en", "wednesday afternoon", "wednesday at 3", True), ("en", "the 9th", "January 9th", True),
    ("en", "January 9th", "the 19th", False), ("en", "wednesday afternoon", "thursday at 11", False),
    ("en", "tomorrow morning", "tomorrow at 10", True), ("en", "tomorrow", "Friday", False),
    ("en", "at 3", "wednesday at 3", False),
    ("zh", "下周三下午", "下周三下午3点", True), ("zh", "9号", "1月9号上午", True), ("zh", "9号", "1月19号上午", False),
    ("zh", "周三", "下周三上午", True), ("zh", "下周三下午", "周四下午", False), ("zh", "明天上午", "明天下午3点", True),
    ("zh", "下午3点", "周三下午3点", False),
])
def test_two_times_name_one_day(lang: str, one: str, other: str, same: bool) -> None:
    pack = load_rule_pack(lang)
    assert names_one_day(one, other, lang, pack) is same
    assert names_one_day(other, one, lang, pack) is same


# (lang, a weekly schedule as said, the days of the week it names: 0 is Monday)
WEEKDAY_SETS = [
    ("en", "mon-fri", {0, 1, 2, 3, 4}),
    ("en", "monday to saturday", {0, 1, 2, 3, 4, 5}),
    ("en", "tuesdays and thursdays at 1", {1, 3}),
    ("en", "Mon-Sat 08:00-14:00", {0, 1, 2, 3, 4, 5}),
    ("en", "fri through mon", {4, 5, 6, 0}),
    ("en", "saturdays", {5}),
    ("en", "8 to 12 is fine", set()),
    ("zh", "周一到周五", {0, 1, 2, 3, 4}),
    ("zh", "周一至周六", {0, 1, 2, 3, 4, 5}),
    ("zh", "每周二、周四", {1, 3}),
    ("zh", "周五到周一", {4, 5, 6, 0}),
    ("zh", "周六", {5}),
    ("zh", "一周两次", set()),
]


@pytest.mark.parametrize(("lang", "text", "days"), WEEKDAY_SETS)
def test_the_days_of_the_week_a_schedule_names(lang: str, text: str, days: set[int]) -> None:
    assert weekdays_of(text, load_rule_pack(lang)) == days


# (lang, a day, days, whether the day lies inside those days): one day is inside no single day
@pytest.mark.parametrize(("lang", "one", "other", "within"), [
    ("en", "june 17", "june 14-18", True), ("en", "june 17", "June 21–25", False), ("en", "june 17", "june 17", False),
    ("en", "june 17", "in june", True), ("en", "next tuesday", "the week of june 14", False),
    ("zh", "6月17号", "6月14号到18号", True), ("zh", "6月17号", "6月21号到25号", False), ("zh", "6月17号", "6月17号", False),
    ("zh", "6月17号", "6月", True),
])
def test_a_day_lies_within_days_named(lang: str, one: str, other: str, within: bool) -> None:
    assert day_within(one, other, lang, load_rule_pack(lang)) is within


@pytest.mark.parametrize(("lang", "text", "one"), [
    ("en", "june 1", True), ("en", "the end of the month", False), ("en", "next week", False), ("en", "june 14-18", False),
    ("zh", "6月1号", True), ("zh", "月底", False), ("zh", "下周", False), ("zh", "6月14号到18号", False),
])
def test_a_time_names_a_single_day_or_a_stretch(lang: str, text: str, one: bool) -> None:
    assert single_day(text, lang, load_rule_pack(lang)) is one


# (lang, a time, whether it lies wholly before the day it is said on, whatever that day)
@pytest.mark.parametrize(("lang", "text", "gone"), [
    ("en", "last year", True), ("en", "yesterday", True), ("en", "last week", True), ("en", "day before yesterday", True),
    ("en", "next monday", False), ("en", "friday morning", False), ("en", "March 3", False), ("en", "today", False),
    ("zh", "去年", True), ("zh", "昨天", True), ("zh", "上周三", True), ("zh", "前天", True),
    ("zh", "下周一", False), ("zh", "周五上午", False), ("zh", "3月3号", False), ("zh", "今天", False),
])
def test_a_time_gone_by_whatever_the_day(lang: str, text: str, gone: bool) -> None:
    assert gone_by(text, lang, load_rule_pack(lang)) is gone


# A list going on after a date names the days of its month it lists, the next month's when not later.
@pytest.mark.parametrize(("lang", "text", "at", "first", "expected"), [
    ("en", "Dates: Nov 16, 18, 23 and 30, then Dec 2", "Nov 16", "2027-11-16", ["2027-11-18", "2027-11-23", "2027-11-30"]),
    ("en", "Nov 28, 3 and 5", "Nov 28", "2027-11-28", ["2027-12-03", "2027-12-05"]),
    ("en", "Nov 16, 2027 at 5 pm", "Nov 16", "2027-11-16", []),      # a year is no day listed
    ("en", "Nov 16, 3 people", "Nov 16", "2027-11-16", []),           # nor a count
    ("zh", "12月15日、17日、22日和29日", "12月15日", "2027-12-15", ["2027-12-17", "2027-12-22", "2027-12-29"]),
    ("zh", "12月15日，3个人", "12月15日", "2027-12-15", []),
])
def test_a_list_after_a_date_names_its_days(lang, text, at, first, expected):
    pack = load_rule_pack(lang)
    days = listed_days(text, text.index(at) + len(at), date.fromisoformat(first), lang, pack)
    assert [d.isoformat() for d in days] == expected



# a month or more is the season a date is in, not a day a change replaces ("万一那天下雪咋办 毕竟是12月份" … "能改成17号周四吗"
# had replaced "12月份"); a week or a range of days is not
@pytest.mark.parametrize(("lang", "text", "expected"), [
    ("zh", "12月份", True), ("zh", "下个月", True), ("zh", "19号上午", False), ("zh", "下周", False), ("zh", "6月14号到18号", False),
    ("en", "in december", True), ("en", "next month", True), ("en", "the 19th", False), ("en", "next week", False),
    ("en", "june 14-18", False),
])
def test_a_month_or_more_is_a_season(lang: str, text: str, expected: bool) -> None:
    assert a_month_or_more(text, lang, load_rule_pack(lang)) is expected
