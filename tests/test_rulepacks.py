"""Rule packs as data: lexicon matching, inflected domain terms, cue words kept exact."""

from __future__ import annotations

import pytest

from pipeline.rulepacks import Lexicon, load_rule_pack


@pytest.mark.parametrize(("text", "found"), [
    ("Can you tell me about some colleges to go to?", [("colleges", "term")]),
    ("Any museums nearby?", [("museums", "term")]),
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


def test_chinese_terms_have_no_inflection() -> None:
    pack = load_rule_pack("zh")
    assert [(k) for _, _, k in pack.lexicon.find("我想去博物馆")] == ["term"]
