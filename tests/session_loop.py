"""A scripted agent loop for the session tests: the same story in Chinese and English.

The user states constraints early, corrects two slots later (several times), makes one
uncertain claim, and chats in between; every third turn calls a tool with a long result.
Each language lists what must hold at the end.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

SCRIPT: dict[str, dict[str, Any]] = {
    "zh": {
        "system": "你是售后助手，未经用户明确同意不得提交任何申请。",
        "said": {
            2: "订单号是A1042，这个电饭煲煮饭老是糊底",
            4: "申请先别提交，我只是先问问",
            6: "预算500元以内，超过就不考虑了",
            8: "取件时间定在明天下午",
            10: "我觉得可能是内胆有质量问题",
            12: "别打电话，发短信就行",
            60: "取件时间改成后天上午",
            120: "取件时间改成周五上午",
            150: "预算改成800元",
        },
        "filler": ["这个一般要多久", "运费谁出", "能开发票吗", "周末营业吗", "那个套餐包含什么",
                   "有没有更便宜一点的", "评价怎么样", "好的谢谢", "明白了", "稍等我看一下"],
        "answer": "好的，我查了一下，结果如下，您看看。",
        "strong": ["A1042", "申请先别提交", "别打电话"],
        "current": ["周五上午", "800元"],
        "stale": ["明天下午", "后天上午", "500元"],
        "claim": ("质量问题", "可能"),
    },
    "en": {
        "system": "You are a support agent. Never submit anything without the user's explicit go-ahead.",
        "said": {
            2: "My order number is A1042 and the rice cooker keeps burning the rice",
            4: "Don't submit the return request yet, I'm only asking",
            6: "My budget is 500 dollars at most",
            8: "The pickup time is tomorrow afternoon",
            10: "I think the inner pot might have a quality problem",
            12: "Please don't call me, text only",
            60: "Change the pickup time to the day after tomorrow morning",
            120: "Change the pickup time to Friday morning",
            150: "Change the budget to 800 dollars",
        },
        "filler": ["How long does this usually take?", "Who pays for shipping?", "Can I get an invoice?",
                   "Are you open on weekends?", "What does that plan include?", "Is there anything cheaper?",
                   "How are the reviews?", "Okay, thanks", "Got it", "Give me a second to check"],
        "answer": "Sure, I looked it up; here is what I found.",
        "strong": ["A1042", "Don't submit the return request yet", "don't call me"],
        "current": ["Friday morning", "800 dollars"],
        "stale": ["tomorrow afternoon", "the day after tomorrow morning", "500 dollars"],
        "claim": ("quality problem", "might"),
    },
}


def _tool_result(turn: int) -> str:
    rows = [{"sku": f"RC-{turn}-{i}", "name": f"item {i}", "stock": (turn * 7 + i) % 13,
             "note": "standard warranty, see policy page for details"} for i in range(3)]
    return json.dumps({"results": rows}, ensure_ascii=False)


def turns(lang: str, count: int = 200) -> Iterator[list[dict[str, Any]]]:
    """The messages of each turn, turn by turn: a user message first, then the agent's."""
    script = SCRIPT[lang]
    for turn in range(1, count + 1):
        said = script["said"].get(turn) or script["filler"][turn % len(script["filler"])]
        messages: list[dict[str, Any]] = [{"role": "user", "content": said}]
        if turn % 3 == 0:
            call = f"call_{turn}"
            messages += [
                {"role": "assistant", "content": None, "tool_calls": [
                    {"id": call, "type": "function",
                     "function": {"name": "search_orders", "arguments": json.dumps({"turn": turn})}}]},
                {"role": "tool", "tool_call_id": call, "content": _tool_result(turn)},
            ]
        messages.append({"role": "assistant", "content": script["answer"]})
        yield messages
