"""Intent clustering with the real embedding models: paraphrases together, the rest apart."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from pipeline import Compressor, load_settings
from pipeline.backends import backend_for, load_embedder
from pipeline.stages.intents import cluster_intents
from pipeline.types import Event

SETTINGS = load_settings()


@pytest.fixture(scope="module")
def embedders():
    return {lang: load_embedder(backend_for(lang, SETTINGS), SETTINGS) for lang in ("zh", "en")}


def events(texts):
    return [Event(f"U{2 * i + 1}", 2 * i, "user", t, len(t), {}) for i, t in enumerate(texts)]


# (lang, paraphrases that must share a cluster, unrelated turns that must not join it)
TABLE = [
    ("zh", ["我忘记密码了", "密码想不起来了", "我的密码忘了怎么办"], ["我忘记带伞了", "周日几点开门"]),
    ("zh", ["周日几点开门", "星期天营业时间是几点", "周日什么时候开门"], ["帮我订一张四人桌", "不要香菜"]),
    ("zh", ["运费谁出", "退货运费由谁承担", "寄回去的运费谁来付"], ["我爸可能有心脏病", "发票怎么开"]),
    ("en", ["I forgot my password", "I can't remember my password", "what do I do if I lost my password"],
     ["Is breakfast included?", "No shellfish please"]),
    ("en", ["What time do you open on Sunday?", "Are you open on Sundays, and when?",
            "When do you open on Sundays?"], ["Can you book a table for four?", "my dad may have a heart condition"]),
    ("en", ["Who pays for return shipping?", "Do I have to pay the return shipping?",
            "Is return shipping on me or on you?"], ["Can I get an invoice?", "I was charged twice"]),
]


@pytest.mark.parametrize(("lang", "same", "other"), TABLE)
def test_paraphrases_cluster_and_unrelated_turns_do_not(embedders, lang, same, other):
    evs = events(same + other)
    vectors = embedders[lang].embed([e.text for e in evs])
    clusters = cluster_intents(evs, vectors, SETTINGS["intents.eps"], SETTINGS["intents.min_samples"], 24)
    home = next(c for c in clusters if evs[0].id in c.members)
    assert set(home.members) == {e.id for e in evs[:len(same)]}
    assert home.representative in home.members
    assert set(home.covered) == set(home.members) - {home.representative}
    for event in evs[len(same):]:
        assert event.id not in home.members


def test_every_turn_is_in_exactly_one_intent(embedders):
    evs = events(["运费谁出", "退货运费由谁承担", "预算500元以内", "不要寄顺丰到付"])
    clusters = cluster_intents(evs, embedders["zh"].embed([e.text for e in evs]), 0.35, 2, 24)
    members = [m for c in clusters for m in c.members]
    assert sorted(members) == sorted(e.id for e in evs)


def test_covered_turn_with_a_new_strong_fact_survives():
    """The second question is covered by the first, but it brings a budget: it must stay."""
    history = [
        {"role": "user", "content": "Who pays for return shipping?"},
        {"role": "assistant", "content": "Usually the buyer, unless the item is faulty."},
        {"role": "user", "content": "Do I have to pay the return shipping? My budget is $20 at most."},
        {"role": "assistant", "content": "Then the prepaid label at $8 fits."},
        {"role": "user", "content": "Do I have to pay the return shipping, really?"},
        {"role": "assistant", "content": "Yes, for change-of-mind returns."},
        {"role": "user", "content": "ok, and can I get an invoice for the order?"},
    ]
    result = Compressor().compress(history, target_chars=240)
    summary = next(m for m in result.messages if m.get("name") == "__squeeze_summary__")
    assert "$20" in summary["content"]
    clusters = [i for i in result.snapshot["intents"] if len(i["covered"]) > 1]
    assert clusters and "U3" in clusters[0]["covered"]


def test_report_times_the_intent_stage():
    from benchmarks.generate import conversation
    result = Compressor().compress(conversation("zh", 12, seed=7), target_chars=1500)
    assert result.report["stages"]["intents"] == "ok"
    assert result.report["stage_ms"]["intents"] > 0


@pytest.mark.parametrize(("lang", "opening", "paste"), [
    ("zh", "帮我看看这个报错是什么原因：", "错误：连接超时，重试第{}次。"),
    ("en", "Why does this job keep failing? Log:", "ERROR timeout while connecting, retry {}. "),
])
def test_a_long_turn_is_embedded_by_its_opening(embedders, lang, opening, paste):
    """A pasted 60 k-char log costs what its opening costs (USE read it whole: seconds), and
    the intent is still read from what the user asked."""
    from pipeline.rulepacks import load_rule_pack
    from pipeline.stages.base import StageInput
    from pipeline.stages.intents import IntentStage

    seen: list[str] = []

    class Recording:
        def begin_groups(self, texts, eps, min_samples):
            seen.extend(texts)
            return embedders[lang].begin_groups(texts, eps, min_samples)

    long_turn = opening + "".join(paste.format(i) for i in range(2000))
    evs = events([long_turn, opening])
    data = StageInput(evs, load_rule_pack(lang), SETTINGS, datetime.now(timezone.utc), {"embedder": Recording()})
    result = IntentStage(SETTINGS).run(data)
    cap = SETTINGS["intents.max_chars"]
    assert len(long_turn) > 50 * cap and max(len(t) for t in seen) == cap
    assert seen[0] == long_turn[:cap]
    assert sum(len(c.members) for c in result.intents) == 2
