"""Realistic long agent conversations for speed runs, in Chinese and English.

Each conversation has ``turns`` user turns; about half call a tool whose result is long JSON
(search listings, policies), the rest are plain exchanges. Constraints, corrections, claims
and small talk are drawn from pools with a seeded RNG, so every conversation has different
text (a cold cache stays cold) and the same seed gives the same conversation.
"""

from __future__ import annotations

import json
import random
from typing import Any

__all__ = ["checkpoints", "conversation", "conversations"]

_POOLS: dict[str, dict[str, list[str]]] = {
    "zh": {
        "system": ["你是售后与出行助手，回答要简洁，未经用户明确同意不得提交任何申请或预订。"],
        "constraint": [
            "预算{money}元以内，超过就不考虑了", "申请先别提交，我只是先问问", "不要香菜，也别放葱",
            "别打电话，发短信就行", "取件时间定在{when}", "是给我父母买的，他们都{age}岁了",
            "订单号是{oid}，麻烦帮我查一下", "一定要能免费取消", "最多{n}个人，别订大包间",
            "我对花生过敏，千万别有坚果", "希望{when}之前能送到", "不想要年费高的卡",
        ],
        "correction": ["取件时间改成{when}吧", "预算改成{money}元", "人数改成{n}个人", "还是换成{place}吧"],
        "claim": ["我觉得可能有质量问题", "上次客服说可以免运费", "我已经付了{money}元定金", "好像被扣了两次款"],
        "question": ["这个一般要多久", "{place}附近有没有推荐的", "运费谁出", "能开发票吗", "周末营业吗",
                     "那个套餐包含什么", "有没有更便宜一点的", "评价怎么样"],
        "chat": ["好的谢谢", "嗯嗯", "明白了", "哈哈好", "稍等我看一下", "行，那先这样"],
        "assistant": ["好的，已经记下了。", "根据您的情况，我查了一下，结果如下。", "明白，这一点我会一直注意。",
                      "可以的，我帮您对比了几个选项，您看哪个合适？", "这个要以门店检测为准，我先给您参考信息。"],
        "place": ["浦东", "国贸", "西湖边", "机场附近", "火车站", "市中心"],
        "tool": ["search_orders", "find_store", "search_hotels", "get_policy", "quote_price"],
    },
    "en": {
        "system": ["You are a support and travel agent. Be brief. Never submit or book anything without the user's explicit go-ahead."],
        "constraint": [
            "Budget no more than ${money} a month", "Don't submit the application yet, I'm only asking",
            "No shellfish, my wife is allergic", "Please don't call me, email only",
            "Pickup should be {when}", "It's for my parents, not me, they're {age}",
            "My order number is {oid}", "It must have free cancellation", "At most {n} people",
            "Never before 9am for calls", "It has to arrive {when}", "No annual fee cards please",
        ],
        "correction": ["Actually, change the pickup to {when}", "Make the budget ${money} instead",
                       "Change it to {n} people", "Let's switch to {place} instead"],
        "claim": ["I think the battery is faulty", "I was charged twice last month",
                  "Your agent said shipping was free", "I already paid a ${money} deposit"],
        "question": ["How long does that usually take?", "Anything good near {place}?", "Who pays for shipping?",
                     "Can I get an invoice?", "Are they open on weekends?", "What does the plan include?",
                     "Is there anything cheaper?", "How are the reviews?"],
        "chat": ["ok thanks", "great", "got it", "haha sure", "hold on, let me check", "alright, sounds good"],
        "assistant": ["Noted, I'll keep that in mind.", "I looked it up; here is what I found.",
                      "Understood, I'll stick to that.", "Here are a few options side by side. Which one works?",
                      "The final price depends on the inspection; here is a reference."],
        "place": ["downtown", "the airport", "Rittenhouse Square", "the train station", "Midtown", "the harbour"],
        "tool": ["search_orders", "find_store", "search_hotels", "get_policy", "quote_price"],
    },
}
_WHEN = {"zh": ["明天下午", "后天上午", "下周三下午3点", "周五前", "今晚8点", "12月5日"],
         "en": ["tomorrow afternoon", "the day after tomorrow", "next Wednesday 3pm", "by Friday",
                "tonight at 8", "December 5"]}


# What each constraint and correction template says, by its position in the pool: the slot
# ("intent-topic"; the intent is the cluster EID counts) and the verbatim core that must survive
# (the phrase minus commentary such as "超过就不考虑了" or "I'm only asking").
_ANNOTATIONS: dict[str, dict[str, list[tuple[str, str]]]] = {
    "zh": {
        "constraint": [
            ("payment-budget", "预算{money}元以内"), ("application-submit", "申请先别提交"),
            ("diet-food", "不要香菜"), ("contact-channel", "别打电话"),
            ("delivery-pickup", "取件时间定在{when}"), ("order-beneficiary", "给我父母买的"),
            ("order-id", "{oid}"), ("booking-cancellation", "一定要能免费取消"),
            ("booking-party", "最多{n}个人"), ("diet-allergy", "花生过敏"),
            ("delivery-deadline", "{when}之前能送到"), ("payment-card", "不想要年费高的卡"),
        ],
        "correction": [("delivery-pickup", "取件时间改成{when}"), ("payment-budget", "预算改成{money}元"),
                       ("booking-party", "人数改成{n}个人"), ("delivery-place", "换成{place}")],
    },
    "en": {
        "constraint": [
            ("payment-budget", "no more than ${money} a month"),
            ("application-submit", "Don't submit the application yet"),
            ("diet-allergy", "No shellfish"), ("contact-channel", "don't call me"),
            ("delivery-pickup", "Pickup should be {when}"), ("order-beneficiary", "for my parents"),
            ("order-id", "{oid}"), ("booking-cancellation", "must have free cancellation"),
            ("booking-party", "At most {n} people"), ("contact-time", "Never before 9am for calls"),
            ("delivery-deadline", "arrive {when}"), ("payment-card", "No annual fee cards"),
        ],
        "correction": [("delivery-pickup", "change the pickup to {when}"),
                       ("payment-budget", "budget ${money} instead"),
                       ("booking-party", "Change it to {n} people"), ("delivery-place", "switch to {place}")],
    },
}


def _values(lang: str, rng: random.Random) -> dict[str, Any]:
    """The slot values of one phrase (drawn in a fixed order: the seed fixes the text)."""
    pools = _POOLS[lang]
    return dict(money=rng.choice([300, 500, 1200, 4000, 5000]), when=rng.choice(_WHEN[lang]),
                age=rng.randint(60, 80), n=rng.randint(2, 8), place=rng.choice(pools["place"]),
                oid=f"{rng.choice('ABCDEFGH')}{rng.randint(1000, 99999)}")


def _fill(template: str, lang: str, rng: random.Random) -> str:
    return template.format(**_values(lang, rng))


def _tool_result(lang: str, rng: random.Random, size: int) -> str:
    """A JSON listing of about ``size`` chars, like a search or policy tool returns."""
    items: list[dict[str, Any]] = []
    word = "门店" if lang == "zh" else "store"
    while len(json.dumps(items, ensure_ascii=False)) < size:
        items.append({"id": f"{rng.choice('KMPQ')}{rng.randint(100, 999)}-{rng.randint(10, 99)}",
                      "name": f"{word} {rng.randint(1, 500)}", "price": rng.randint(50, 5000),
                      "rating": round(rng.uniform(3, 5), 1), "open": f"{rng.randint(8, 10)}:00-{rng.randint(18, 22)}:00",
                      "note": ("支持免费取消，需提前24小时。" if lang == "zh" else
                               "Free cancellation up to 24 hours before.") * rng.randint(1, 3)})
    return json.dumps({"results": items, "total": len(items)}, ensure_ascii=False)


def conversation(lang: str, turns: int = 30, seed: int = 0, tool_share: float = 0.5,
                 tool_chars: int = 1200, *, annotated: bool = False) -> Any:
    """One conversation object (DESIGN §2) ending with a turn-opening user message.

    With ``annotated=True``: ``(conversation, constraints)``, the same conversation and the
    constraint phrases inserted into it, in order, each ``{"slot", "value", "phrase", "kind",
    "message"}`` (``value`` the verbatim core of ``phrase``, ``message`` the index of the user
    message holding it).
    """
    rng = random.Random(f"{lang}-{turns}-{seed}")
    pools = _POOLS[lang]
    messages: list[dict[str, Any]] = [{"role": "system", "content": pools["system"][0]}]
    inserted: list[dict[str, Any]] = []
    call = 0
    for turn in range(turns):
        kind = rng.choices(["constraint", "correction", "claim", "question", "chat"],
                           weights=[4, 1 if turn > 5 else 0, 1, 4, 2])[0]
        template = rng.choice(pools[kind])
        values = _values(lang, rng)
        text = template.format(**values)
        if kind in _ANNOTATIONS[lang]:
            slot, core = _ANNOTATIONS[lang][kind][pools[kind].index(template)]
            inserted.append({"slot": slot, "value": core.format(**values), "phrase": text,
                             "kind": kind, "message": len(messages)})
        if kind != "chat" and rng.random() < 0.5:
            text = f"{text}{'，' if lang == 'zh' else '. '}{_fill(rng.choice(pools['question']), lang, rng)}"
        messages.append({"role": "user", "content": text})
        if turn == turns - 1:
            break
        if rng.random() < tool_share:
            call += 1
            tool = rng.choice(pools["tool"])
            messages.append({"role": "assistant", "content": "", "tool_calls": [{
                "id": f"call_{call}", "type": "function",
                "function": {"name": tool, "arguments": json.dumps({"query": text[:20]}, ensure_ascii=False)}}]})
            messages.append({"role": "tool", "tool_call_id": f"call_{call}",
                             "content": _tool_result(lang, rng, rng.randint(tool_chars // 2, tool_chars * 2))})
        messages.append({"role": "assistant", "content": rng.choice(pools["assistant"])})
    conv = {"id": f"bench-{lang}-{turns}-{seed}", "lang": lang,
            "now": "2026-11-30T10:00:00+08:00" if lang == "zh" else "2026-11-30T10:00:00-05:00",
            "timezone": "Asia/Shanghai" if lang == "zh" else "America/New_York", "messages": messages}
    return (conv, inserted) if annotated else conv


def checkpoints(messages: list[dict[str, Any]], inserted: list[dict[str, Any]],
                every: int | None = None) -> list[dict[str, Any]]:
    """Checkpoints in the shared data's format for an annotated conversation.

    ``turn`` is an exclusive end just after a user message: the last user message, and (with
    ``every``) every ``every``-th user message before it. ``constraints`` is the accumulated
    state at that point: for each slot its latest value, all verbatim.
    """
    users = [i for i, m in enumerate(messages) if m["role"] == "user"]
    ends = [users[k] + 1 for k in range(len(users)) if every and (k + 1) % every == 0]
    if users and users[-1] + 1 not in ends:
        ends.append(users[-1] + 1)
    out = []
    for end in ends:
        state: dict[str, dict[str, Any]] = {}
        for item in inserted:
            if item["message"] < end:
                state.pop(item["slot"], None)
                state[item["slot"]] = {"slot": item["slot"], "value": item["value"], "verbatim": True}
        out.append({"turn": end, "constraints": list(state.values())})
    return out


def conversations(lang: str, count: int, turns: int = 30, **options: Any) -> list[dict[str, Any]]:
    return [conversation(lang, turns, seed, **options) for seed in range(count)]
