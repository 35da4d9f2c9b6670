"""Rule packs as data: lexicon matching, inflected domain terms, cue words kept exact."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pipeline.rulepacks import Lexicon, load_rule_pack, required_chars

CONVERSATIONS = Path(__file__).resolve().parents[1] / "benchmarks" / "conversations"


@pytest.mark.parametrize(("text", "found"), [
    ("Can you tell me about some colleges to go to?", [("colleges", "term")]),
    ("Any museums nearby?", [("museums", "term"), ("nearby", "relation")]),
    ("I need two taxis", [("taxis", "topic")]),
    ("a college town", [("college", "term")]),
    ("collegesx and musea", []),           # no term inside a longer word, no other endings
])
def test_english_domain_terms_take_their_plural(text: str, found: list[tuple[str, str]]) -> None:
    pack = load_rule_pack("en")
    hits = [(text[a:b], kind) for a, b, kind in pack.lexicon.find(text)]
    assert hits == found


def test_inflections_are_only_for_the_lexicon_they_are_given_to() -> None:
    cues = Lexicon(["no", "don't"], boundaries=True)
    assert [m.group(0) for m in cues.finditer("nos and no")] == ["no"]
    terms = Lexicon({"term": ["museum"]}, boundaries=True, inflections=["s", "es"])
    assert terms.find("two museums, one museum") == [(4, 11, "term"), (17, 23, "term")]
    assert terms.find("museumses") == []


@pytest.mark.parametrize(("text", "found"), [
    ("有哪些选项", []),                      # the word begins with the term
    ("可选的有哪些", []),                    # the term ends the word
    ("候选人里我选他", ["选"]),              # the same term outside the word still counts
    ("就选这个，选项以后再说", ["就选"]),
])
def test_a_term_inside_a_word_it_is_listed_within_is_no_term(text: str, found: list[str]) -> None:
    cues = Lexicon(["选", "就选"], boundaries=False, within=["选项", "可选", "候选"])
    assert [m.group(0) for m in cues.finditer(text)] == found


# (boundaries, text, the terms found): a longer term that runs on past the word it starts in is
# inside it too ("算了吧" of "预算了吧"); the check looks back from each term, so a text with no
# guarded term is scanned as fast as without the within-words
@pytest.mark.parametrize(("bounds", "text", "found"), [
    (False, "有点超预算了吧", []),
    (False, "那就算了吧", ["算了吧"]),
    (False, "预算了，算了", ["算了"]),
    (True, "I'd have to dig it out", []),
    (True, "I have to leave by 6, we would need to ask", ["have to"]),
    (True, "We'd NEED TO check; we need to go", ["need to"]),
])
def test_a_longer_term_running_on_past_its_word_is_inside_it(bounds: bool, text: str, found: list[str]) -> None:
    words = ["算了", "算了吧"] if not bounds else ["have to", "need to"]
    within = ["预算了"] if not bounds else ["i'd have to", "we would need to", "we'd need to"]
    assert [m.group(0) for m in Lexicon(words, boundaries=bounds, within=within).finditer(text)] == found


# (lang, text, the terms found): in a script without spaces, terms that overlap are one word
# ("含早" cut from "含早餐" ended inside "早餐"); with spaces, terms stay apart
@pytest.mark.parametrize(("lang", "text", "found"), [
    ("zh", "含早餐吗？", ["含早餐"]),
    ("zh", "含早吗", ["含早"]),
    ("zh", "有免费停车场吗", ["免费停车场"]),
    ("zh", "要24小时热水和洗衣服务", ["24小时热水", "洗衣服务"]),
    ("zh", "早餐和停车场都要有", ["早餐", "停车场"]),
    ("zh", "想给他们换个热水器", ["热水器"]),     # not the hotel's "热水" inside it
    ("en", "we need a new water heater, the old one leaks", ["water heater"]),
    ("en", "we want to watch a film tonight", []),          # a verb: [within] of the lexicon
    ("en", "my watch is broken", ["watch"]),
    ("en", "I plan to repair my phone", ["phone"]),
    ("zh", "帮我看看手表和耳机", ["手表", "耳机"]),
    ("en", "a hotel with free parking and wifi", ["hotel", "free parking", "wifi"]),
    ("en", "breakfast included, free parking", ["breakfast included", "free parking"]),
    ("en", "museums near the park", ["museums", "park"]),
])
def test_overlapping_terms_are_one_where_words_are_not_spaced(lang: str, text: str, found: list[str]) -> None:
    assert [text[a:b] for a, b, _ in load_rule_pack(lang).lexicon.find(text)] == found


def test_chinese_terms_have_no_inflection() -> None:
    pack = load_rule_pack("zh")
    assert [(k) for _, _, k in pack.lexicon.find("我想去博物馆")] == ["term"]


# (lang, a user's words, whether they ask): a question asked by a word, a mark, or (English) by
# an auxiliary before its subject; a request, an order or a statement does not ask
QUESTIONS = [
    ("en", "So will I get the money back before the investigation is over", True),
    ("en", "Wait, does the freeze on my debit card block wires too", True),
    ("en", "Is the €412 with insurance or just the base rate", True),
    ("en", "Do they allow cats at all three", True),
    ("en", "Can we skip the cancellation coverage", True),
    ("en", "And should I bring the original receipt", True),
    ("en", "Has the refund gone through yet", True),
    ("en", "What time does it open", True),
    ("en", "Do the booking for me tonight", False),              # an order
    # "do" before a determiner, a noun and a verb of what a thing does asks; a verb said with 不
    # between itself asks in Chinese; a refusal said three times does not
    ("en", "hmm. do the thinkpads come with win 11 pro", True),
    ("en", "do these laptops ship with a charger", True),
    ("en", "do the dishes first please", False),
    ("zh", "嗯 联想那款带不带win11专业版", True),
    ("zh", "他们周末去不去", True),
    ("zh", "不不不 不用了", False),
    ("en", "Have the driver call me from the lobby", False),
    ("en", "Do not call my parents", False),
    ("en", "It does the job and the room is the best", False),  # an auxiliary after its subject
    ("en", "I will pick it up at 5 pm", False),
    ("en", "We need a table for 4, is that all right", True),   # asked after a comma
    ("zh", "那边好停车吗", True),
    ("zh", "它周末开吗", True),
    ("zh", "这家店几点开门", True),
    ("zh", "退款什么时候到账", True),
    ("zh", "周末也营业？", True),
    ("zh", "有没有靠窗的位置", True),
    ("zh", "帮我订明天下午3点的", False),
    ("zh", "不要香菜", False),
    ("zh", "我爸妈周末在家", False),
    ("zh", "预算五千以内", False),
    ("zh", "这款电脑硬盘是多大的", True),      # how much: "多大", "多久", "多远"
    ("zh", "从机场过去要多久", True),
    ("zh", "为什么还没发货", True),
    ("zh", "家里有很多大件家具", False),
    ("zh", "没多久就坏了", False),
    ("en", "How long does it take from the airport", True),
    ("en", "It took long enough", False),
]


@pytest.mark.parametrize(("lang", "text", "asks"), QUESTIONS)
def test_a_question_is_read_as_one(lang: str, text: str, asks: bool) -> None:
    assert (load_rule_pack(lang).question.search(text) is not None) == asks


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_value_patterns_read_as_one_alternation(lang: str) -> None:
    """A tool result's fields are searched with the value kinds' patterns as one regex: a named
    group repeated across them ("fact") had made the fact stage fail on every call (W007)."""
    from pipeline.stages.facts import _holds_value

    pack = load_rule_pack(lang)
    assert _holds_value("order A1042" if lang == "en" else "订单A1042", pack)
    assert not _holds_value("thanks" if lang == "en" else "谢谢", pack)


@pytest.mark.parametrize(("pattern", "flags", "needs"), [
    (r"\d+\s*元", 0, ["5元", "五元"]),                  # "元" or a digit: "五元" holds 元
    (r"[零一二三]+个", 0, ["个"]),                       # the rarest required part: one character
    (r"(?<![\w.])\d{3,}", 0, ["123"]),                  # a lookbehind consumes nothing
    (r"[\w.+-]+@[\w-]+\.\w+", 0, ["a@b.cn"]),
    (r"(?:budget|price)\s+\d+", re.IGNORECASE, ["budget 5", "PRICE 5"]),   # a digit, not the words
    (r"(?:hotel|museum)\b", re.IGNORECASE, ["HOTEL", "the museum"]),       # words, searched case-folded
    (r"(?:周|星期)[一二三]", 0, ["周一", "星期三"]),
])
def test_what_every_match_of_a_pattern_holds_is_found_where_it_matches(pattern: str, flags: int,
                                                                        needs: list[str]) -> None:
    regex, needed = re.compile(pattern, flags), required_chars(re.compile(pattern, flags))
    assert needed is not None
    for text in needs:
        assert needed.search(text.casefold()) is not None
    assert needed.search("nothing of it here，没有") is None


@pytest.mark.parametrize(("pattern", "flags"), [
    (r"(?:a|\d+)\s+\w+", re.IGNORECASE),         # one branch needs only "a"
    (r"\w+", 0),                                 # any letter
    (r"(?:at|on)\s+[A-Z]\w*", 0),                # two-letter words are in every clause
    (r"x?", 0),                                  # may match nothing
])
def test_a_pattern_common_letters_may_match_is_searched_everywhere(pattern: str, flags: int) -> None:
    assert required_chars(re.compile(pattern, flags)) is None


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_skipping_clauses_without_what_a_pattern_needs_loses_no_match(lang: str) -> None:
    """The scan that skips (``facts._scan``) finds what trying every pattern on every clause finds,
    on the bundled long sessions' messages and on texts made to sit at the edges."""
    from pipeline.rulepacks import fact_span
    from pipeline.stages.facts import _scan, split_clauses

    pack = load_rule_pack(lang)
    texts = [m["content"] for path in sorted(CONVERSATIONS.glob("*.json"))
             for m in json.loads(path.read_text("utf-8"))["messages"] if isinstance(m.get("content"), str)]
    texts += ["Straße 12, 3 Zimmer; budget $400", "ſee the Hotel at 5pm", "预算五千，周三下午3点，ＡＢ１２３",
              "MY BUDGET IS ABOUT 400 DOLLARS", "", "   "]
    assert len(texts) > 500
    for text in texts:
        every = tuple((a, b, tuple((kind, *fact_span(m)) for kind, regexes in pack.patterns.items()
                                   for regex in regexes for m in regex.finditer(text, a, b)))
                      for a, b in split_clauses(text, pack))
        assert _scan(text, pack) == every, text
    skipping = [needed for _, _, needed in pack.scanned if needed is not None]
    assert len(skipping) > len(pack.scanned) // 2   # most patterns need a digit or a rare word
