"""Realistic agent sessions in Chinese and English, with the lengths of real ones (issue #15).

:mod:`benchmarks.generate`'s sessions are light (short pool sentences, one-line answers). Here a
session has 25-40 user turns of 10-200 chars, answers of 100-1,000 chars (options with prices,
explanations, follow-up questions) and, in about half the turns, tool results of 200-3,000 chars
of JSON or lists, over several tasks (travel, returns, insurance, clinic, software, moving). A
seeded RNG draws every name, number and sentence: the same seed gives the same session, another
seed new text, so a cold cache stays cold.
"""

from __future__ import annotations

import json
import random
import re
import string
from collections.abc import Callable, Iterator
from datetime import date, datetime, timedelta, timezone
from typing import Any, ClassVar, NamedTuple

__all__ = ["LIMITS", "USER_TURNS", "session", "sized"]

LIMITS = {"user": (10, 200), "assistant": (100, 1000), "tool": (200, 3000)}
USER_TURNS = (25, 40)

Pair = tuple[str, str]
Pools = dict[str, list[tuple[str, ...]]]

_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December"]
_WEEKDAYS = [("一", "Monday"), ("二", "Tuesday"), ("三", "Wednesday"), ("四", "Thursday"),
             ("五", "Friday"), ("六", "Saturday"), ("日", "Sunday")]
_OFFSETS = {"zh": [8], "en": [-5, -6, -8, 0]}
_SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高梁郑谢宋唐韩冯邓曹彭曾萧田董潘袁蔡蒋余杜叶程魏苏吕丁沈任姚卢傅钟"
_GIVEN = ["伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "洋", "艳", "勇", "军", "杰", "娟", "涛", "明", "超",
          "秀英", "建华", "志强", "晓燕", "雨桐", "子涵", "浩然", "欣怡", "思远", "嘉怡", "宇轩", "国庆", "春梅",
          "海波", "丽君", "文博", "梓萱", "俊杰", "秋菊", "立新", "慧敏", "一鸣", "佳琪"]
_FIRST = ["Maria", "James", "Priya", "Daniel", "Aisha", "Tom", "Elena", "Kevin", "Sofia", "Marcus",
          "Hannah", "Diego", "Grace", "Omar", "Linda", "Ravi", "Chloe", "Ben", "Nadia", "Victor", "Megan",
          "Tyler", "Fatima", "Lucas", "Rachel", "Samuel", "Yuki", "Andre", "Claire", "Ethan", "Rosa",
          "Jamal", "Ingrid", "Connor", "Leah", "Mateo", "Hiro", "Brenda", "Felix", "Zoe"]
_LAST = ["Garcia", "Patel", "Nguyen", "Kim", "Okafor", "Johnson", "Rossi", "Schmidt", "Chen", "O'Brien",
         "Silva", "Cohen", "Murphy", "Novak", "Haddad", "Brooks", "Walsh", "Tanaka", "Dubois", "Larsen",
         "Morales", "Fischer", "Reyes", "Campbell", "Kowalski", "Mensah", "Sullivan", "Ortiz", "Price",
         "Lindqvist", "Bauer", "Ahmed", "Foster", "Moreau", "Wright", "Ibrahim"]
_RELATIONS: list[Pair] = [("我妈", "my mom"), ("我爸", "my dad"), ("我公公", "my father-in-law"), ("我老婆", "my wife"),
                          ("我老公", "my husband"), ("我女儿", "my daughter"), ("我儿子", "my son"),
                          ("我岳母", "my mother-in-law"), ("我奶奶", "my grandmother"), ("我哥", "my brother"),
                          ("我姐", "my sister"), ("我室友", "my roommate")]
_CITIES: list[Pair] = [("北京", "New York"), ("上海", "Chicago"), ("成都", "Denver"), ("杭州", "Seattle"),
                       ("厦门", "Austin"), ("西安", "Boston"), ("青岛", "San Diego"), ("大理", "Lisbon"),
                       ("三亚", "Honolulu"), ("昆明", "Vancouver"), ("桂林", "Montreal"), ("重庆", "Kyoto"),
                       ("南京", "Barcelona"), ("苏州", "Dublin"), ("长沙", "Nashville"), ("武汉", "Portland"),
                       ("哈尔滨", "Reykjavik"), ("深圳", "Toronto"), ("广州", "Prague"), ("丽江", "Edinburgh")]


class Call(NamedTuple):
    """One tool call: its request, its result text, and what the answer says about it."""
    name: str
    args: dict[str, Any]
    content: str
    intro: str
    lines: list[str]
    picks: tuple[dict[str, Any], ...] = ()   # per option, the state it sets when the user picks it


class Turn(NamedTuple):
    user: dict[str, Any]
    calls: list[dict[str, Any]]   # the assistant message with tool_calls, then the tool results
    answer: dict[str, Any]


class _Ctx:
    """The session's RNG, language and clock, and the values every domain draws."""

    def __init__(self, lang: str, rng: random.Random, now: datetime) -> None:
        self.rng, self.now, self.zh = rng, now, lang == "zh"

    def t(self, pair: tuple[str, ...]) -> str:
        return pair[0] if self.zh else pair[1]

    def pick(self, pairs: list[Pair]) -> str:
        return self.t(self.rng.choice(pairs))

    def day(self, low: int, high: int) -> date:
        return self.now.date() + timedelta(days=self.rng.randint(low, high))

    def show(self, value: Any) -> str:
        if isinstance(value, date):
            return f"{value.month}月{value.day}日" if self.zh else f"{_MONTHS[value.month - 1]} {value.day}"
        if isinstance(value, int) and value >= 10000 and not self.zh:
            return f"{value:,}"
        return str(value)

    def when(self) -> str:
        r = self.rng
        zh, en = _WEEKDAYS[r.randrange(7)]
        return self.pick([("明天", "tomorrow"), ("后天", "the day after tomorrow"), (f"下周{zh}", f"next {en}"),
                          (f"这周{zh}", f"this {en}")]) if r.random() < 0.6 else self.show(self.day(2, 40))

    def clock(self) -> str:
        hour, half = self.rng.randint(8, 20), self.rng.random() < 0.3
        if not self.zh:
            return f"{(hour - 1) % 12 + 1}{':30' if half else ''}{'am' if hour < 12 else 'pm'}"
        part = "上午" if hour < 12 else "中午" if hour == 12 else "下午" if hour < 18 else "晚上"
        return f"{part}{hour if hour <= 12 else hour - 12}点{'半' if half else ''}"

    def hhmm(self, low: int = 6, high: int = 22) -> str:
        return f"{self.rng.randint(low, high):02d}:{self.rng.choice(['00', '05', '15', '20', '30', '40', '45', '55'])}"

    def person(self) -> str:
        r = self.rng
        return r.choice(_SURNAMES) + r.choice(_GIVEN) if self.zh else f"{r.choice(_FIRST)} {r.choice(_LAST)}"

    def phone(self) -> str:
        r = self.rng
        if self.zh:
            return f"1{r.choice('3589')}{r.randint(0, 9)} {r.randint(1000, 9999)} {r.randint(1000, 9999)}"
        return f"({r.randint(201, 989)}) {r.randint(200, 989)}-{r.randint(1000, 9999)}"

    def code(self, letters: int, digits: int) -> str:
        r = self.rng
        return "".join(r.choice(string.ascii_uppercase) for _ in range(letters)) + \
            "".join(r.choice(string.digits) for _ in range(digits))

    def money(self, zh: tuple[int, int], en: tuple[int, int], step: int = 10) -> int:
        low, high = zh if self.zh else en
        return self.rng.randrange(low // step, high // step + 1) * step

    def city(self, other: str = "") -> str:
        return self.pick([c for c in _CITIES if other not in c])

    def fresh(self) -> dict[str, Any]:
        """Values a template may use once, drawn anew each time."""
        r = self.rng
        return {"when": self.when(), "clock": self.clock(), "k": r.randint(2, 5), "mins": r.choice([5, 8, 10, 15, 20]),
                "person": self.person(), "relation": self.pick(_RELATIONS),
                "any_city": self.city(), "hours": r.choice([12, 24, 48, 72]), "days": r.choice([7, 14, 15, 30]),
                "fee": r.choice([15, 20, 30, 50, 80, 120]),
                "choice": r.randint(1, 2)}

    def call_id(self) -> str:
        return "call_" + "".join(self.rng.choice(string.ascii_letters + string.digits) for _ in range(24))

    def tool_size(self) -> int:
        """A result size in 200-3,000 chars, most of them short (median about 300, mean about 500)."""
        low, high = LIMITS["tool"]
        return int(low * (high / low) ** (self.rng.random() ** 3))


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _grow(ctx: _Ctx, make: Callable[[int], Any], wrap: Callable[[list[Any]], Any],
          least: int = 1) -> tuple[str, list[Any]]:
    """JSON of ``wrap(records)``: at least ``least`` records, as many as fit a drawn size within
    LIMITS["tool"]."""
    size, (low, high) = ctx.tool_size(), LIMITS["tool"]
    records = [make(i) for i in range(least)]
    while True:
        record = make(len(records))
        if len(_dumps(wrap([*records, record]))) > size and len(_dumps(wrap(records))) >= low:
            break
        records.append(record)
    while len(_dumps(wrap(records))) > high and len(records) > 1:
        records.pop()
    return _dumps(wrap(records)), records


def _receipt(ctx: _Ctx, fields: dict[str, Any]) -> str:
    """What a submitting tool answers: its fields, a timestamp and the usual notes."""
    notes: list[Pair] = [("如需修改或取消，请在24小时内联系客服。", "To change or cancel, contact support within 24 hours."),
                         ("确认信息已同时发送至您的注册邮箱和手机。", "A confirmation was sent to your email and phone."),
                         ("本次操作已记录，编号可用于后续查询。", "This action is logged; use the reference for follow-ups."),
                         ("费用以最终账单为准。", "Charges are as shown on the final invoice.")]
    out = {**fields, "created_at": (ctx.now + timedelta(minutes=ctx.rng.randint(1, 50))).isoformat(timespec="seconds"),
           "notes": []}
    for note in notes:
        out["notes"].append(ctx.t(note))
        if len(_dumps(out)) >= LIMITS["tool"][0]:
            break
    return _dumps(out)


def _listing(ctx: _Ctx, title: str, items: list[str], footer: str) -> tuple[str, list[str]]:
    """A plain-text numbered list (a policy, a schedule): as many of ``items`` as fit a drawn
    size within LIMITS["tool"], at least enough to reach its low end."""
    size, (low, high) = ctx.tool_size(), LIMITS["tool"]
    text = lambda n: "\n".join([title, *(f"{i}. {x}" for i, x in enumerate(items[:n], 1)), footer])
    n = 1
    while n < len(items) and (len(text(n + 1)) <= size or len(text(n)) < low) and len(text(n + 1)) <= high:
        n += 1
    return text(n), items[:n]


def _clauses(ctx: _Ctx, pool: list[Pair], **numbers: list[int]) -> list[str]:
    """Each clause of ``pool`` once, in a random order, its numbers drawn from ``numbers``."""
    picked = [ctx.t(p).format(**{k: ctx.rng.choice(v) for k, v in numbers.items()}) for p in pool]
    ctx.rng.shuffle(picked)
    return picked


_COMMON: dict[str, list[Pair]] = {
    "greeting": [("你好，", "Hi! "), ("在吗？", "Hello! "), ("您好，", "Hey there. "), ("", "")],
    "transition": [("对了，还有件事。", "Another thing. "), ("另外帮我处理个事：", "Separate issue. "),
                   ("换个事儿问你，", "Oh, one more thing. "), ("还有一个问题，", "Different question. ")],
    "smalltalk": [
        ("哈哈你反应挺快的，比我想象的好用，{person}还跟我说AI客服都不靠谱", "haha you're quicker than I expected, {person} told me these bots were useless"),
        ("稍等一下，{person}来敲门了，{mins}分钟回来", "hang on, {person} is at the door, back in {mins} minutes"),
        ("今天{any_city}又下雨了，{clock}出门一趟鞋全湿了", "it's pouring in {any_city} again, went out at {clock} and my shoes are soaked"),
        ("谢谢啊，你比上次那个客服{person}靠谱多了，那次等了{mins}分钟没人理", "thanks, way better than {person} last time, I waited {mins} minutes for an answer"),
        ("刚加完班，{person}拉着我改了一晚上方案，你慢慢说，我{clock}前都在", "just got off work, {person} kept me late, so bear with me; I'm around until {clock}"),
        ("嗯嗯，都{clock}了，{relation}在旁边催我吃饭，等下接着说", "ok one sec, it's {clock} and {relation} is calling me for dinner"),
        ("不好意思回晚了，刚被{person}拉去开了个{mins}分钟的会", "sorry for the slow reply, {person} pulled me into a {mins}-minute meeting"),
        ("好的好的，我记一下，{relation}老是忘事，{when}我再提醒一遍", "ok got it, writing this down so {relation} won't forget {when}"),
        ("行吧，这事儿比我想的麻烦，{person}说他上次折腾了好几天，还好有你帮忙", "ugh this is more complicated than I thought, {person} said it took him days, glad you're helping"),
        ("哈哈{relation}刚问我在跟谁聊天，我说在跟机器人吵架，吵了{mins}分钟了", "lol {relation} just asked who I've been texting for {mins} minutes, I said a robot"),
    ],
    "goahead": [("可以了，{thing}帮我提交吧。", "Okay, go ahead and submit {thing}."),
                ("没问题了，{thing}你提交吧，提交完把单号发我。", "All good, submit {thing} and send me the reference number."),
                ("行，{thing}就这么办，现在提交。", "Alright, let's do {thing}, go ahead now.")],
    "pick": [("行，{thing}就选第{choice}个，确认提交。", "Fine, go with option {choice} for {thing} and submit."),
             ("我跟{relation}商量好了，{thing}就第{choice}个，可以下单了。", "Talked it over with {relation}, book option {choice} for {thing}."),
             ("第{choice}个不错，{thing}就它了，帮我订吧。", "Option {choice} looks good for {thing}, book that one.")],
    "ack": [("好的，记下了：{quote}。", "Got it: {quote}."), ("明白，{quote}，后面都按这个来。", "Understood, {quote}. I'll stick to that."),
            ("收到，{quote}——我会一直按这个条件来找。", "Noted: {quote}. I'll keep that in every search.")],
    "lead": [("嗯，", "Also, "), ("那个，", "Oh and "), ("对了，", "Hmm, "), ("请问一下，", "Okay, "), ("我想想，", "Right, ")],
    "noted": [("好的，已记录：{quote}。", "Thanks, I've noted that: {quote}."), ("收到，{quote}，我更新到资料里了。", "Got it, {quote}. I've updated the file.")],
    "start": [("好的，我来帮您看一下。", "Sure, let me look into that."), ("没问题，我先了解一下情况。", "Happy to help with that.")],
    "verify": [("我先核实一下记录里的情况。", "Let me check the records on that."),
               ("这点我需要核对一下系统里的记录，您稍等。", "I'll need to verify that against what's on file.")],
    "chat": [("没关系，您慢慢来。", "No rush, take your time."), ("哈哈，谢谢夸奖！", "Ha, thanks!"),
             ("不急，我一直在。", "No problem, I'm here whenever you're ready.")],
    "system": [(("你是一个多领域的客服与出行助手，可以调用工具查询订单、航班、酒店、保单、门诊预约、软件工单和搬家报价。"
                 "回答要准确，涉及价格时说明币种。未经用户明确同意，不得提交任何申请、预订或付款。当前用户：{person}，会员等级{level}。"),
                ("You are a support and travel agent with tools for orders, flights, hotels, insurance, clinic "
                 "appointments, software tickets and moving quotes. Be accurate and state currencies. Never "
                 "submit, book or pay for anything without the user's explicit go-ahead. Current user: {person}, "
                 "tier {level}."))],
}


class _Domain:
    """One task of a session: its state, what the user says about it, its tools and answers.

    ``POOLS`` holds (zh, en) template pairs per act; ``correction`` entries are (key, zh, en),
    ``{new}`` being a fresh value of that state key. ``SEARCH`` tools list options, ``LOOKUP``
    tools answer questions; ``submit`` runs after the user's go-ahead.
    """

    POOLS: ClassVar[Pools] = {}
    TOPICS: tuple[str, ...] = ("",)   # a pool "<name>_<topic>" replaces "<name>" for that topic
    SEARCH: tuple[str, ...] = ()
    LOOKUP: tuple[str, ...] = ()
    AFTER: tuple[str, ...] = ()   # lookups that only make sense once something was submitted
    CHOICES = True                # the search lists options the user picks from

    def __init__(self, ctx: _Ctx) -> None:
        self.c = ctx
        self.topic = ctx.rng.choice(self.TOPICS)
        self.gen = self.generators()
        self.s: dict[str, Any] = {k: g() for k, g in self.gen.items()}
        self.held = self.submitted = False
        self.options = 0
        self.replies: list[str] = []   # answers owed to this turn's questions
        self.picks: tuple[dict[str, Any], ...] = ()   # of the options shown last
        self.said = ""   # the value the last correction stated
        self._decks: dict[str, list[tuple[str, ...]]] = {}

    def draw(self, name: str) -> tuple[str, ...]:
        """The next template of a pool, without repeats until the pool is used up."""
        name = f"{name}_{self.topic}" if f"{name}_{self.topic}" in self.POOLS else name
        deck = self._decks.get(name)
        if not deck:
            deck = self._decks[name] = list(_COMMON[name] if name in _COMMON else self.POOLS[name])
            self.c.rng.shuffle(deck)
        return deck.pop()

    def choices(self) -> bool:
        return self.CHOICES

    def searches(self) -> tuple[str, ...]:
        return self.SEARCH

    def lookups(self) -> tuple[str, ...]:
        return self.LOOKUP + (self.AFTER if self.submitted else ())

    def generators(self) -> dict[str, Callable[[], Any]]:
        raise NotImplementedError

    def values(self) -> dict[str, Any]:
        out = {**self.c.fresh(), **{k: self.c.show(v) for k, v in self.s.items()}}
        out["status"] = self.c.t(("已提交", "submitted") if self.submitted else
                                 ("还没提交", "not submitted yet"))
        out["thing"] = self.c.t(self.draw("thing")).format(**out)   # what a go-ahead is about
        if not self.c.zh:   # sentence-initial forms: {Who}, {Relation}
            out.update({k[0].upper() + k[1:]: str(v)[:1].upper() + str(v)[1:] for k, v in out.items()})
        return out

    def say(self, act: str) -> str:
        values, entry = self.values(), self.draw(act)
        if act == "correction":
            key, *pair = entry
            new = self.gen[key]()
            self.said = self.c.show(new)
            self.s[key] = new
            return self.c.t(tuple(pair)).format(new=self.said, **values)
        if act == "pick" and self.picks:
            self.s.update(self.picks[values["choice"] - 1])
        if len(entry) == 4:   # a question or prohibition: (zh, en, the answer's reply zh, en)
            self.replies.append(self.c.t(entry[2:]).format(**values))
        return self.c.t(entry[:2]).format(**values)

    def run(self, method: str) -> Call:
        return getattr(self, method)()

    def submit(self) -> Call:
        raise NotImplementedError


class _Travel(_Domain):
    POOLS: ClassVar[Pools] = {
        "thing": [("{d1}去{dest}的行程", "the {dest} trip on {d1}")],
        "open": [("我想{d1}从{orig}去{dest}，玩{nights}天，一共{n}个人，帮我看看机票和酒店。", "I want to fly from {orig} to {dest} on {d1} for {nights} nights, {n} of us. Can you look at flights and hotels?"),
                 ("{relation}想去{dest}玩，{d1}出发，{n}个人，住{nights}晚，从{orig}走，有什么推荐？", "Planning a trip to {dest} with {relation}: leaving {orig} on {d1}, {nights} nights, {n} people. What would you suggest?"),
                 ("帮我查一下{d1}{orig}到{dest}的航班，顺便看看那边的酒店，预算每晚{budget}元左右。", "Could you check flights from {orig} to {dest} on {d1} and a few hotels there? Around ${budget} a night."),
                 ("我们{n}个人打算{d1}去{dest}，大概待{nights}晚，你先帮我看看怎么安排比较好。", "{n} of us are heading to {dest} on {d1} for about {nights} nights. Help me figure out the best way to do it?")],
        "constraint": [("酒店每晚别超过{budget}元，含早最好。", "Keep the hotel under ${budget} a night, breakfast included if possible."),
                       ("去{dest}的机票一定要能免费改签，我们时间可能会变。", "The {dest} flights need free changes, our dates might move."),
                       ("不要红眼航班，{relation}年纪大了熬不住。", "No red-eyes please, {relation} can't handle overnight flights."),
                       ("最好是直飞，转机的话中转时间别超过{k}小时。", "Nonstop if possible; with a connection, no more than {k} hours."),
                       ("酒店离地铁站走路{mins}分钟以内，我们不打算租车。", "The hotel should be within a {mins}-minute walk of the subway, we're not renting a car."),
                       ("{d1}那晚要两张床的房间，别给我们大床房。", "For the night of {d1} we need two beds, not a king."),
                       ("每人至少一件托运行李，{relation}东西多。", "Everyone needs at least one checked bag, {relation} packs a lot."),
                       ("{dest}的酒店一定要能免费取消，至少{d1}前一天取消不扣钱。", "The {dest} hotel must have free cancellation until at least the day before {d1}.")],
        "correction": [("d1", "出发日期改成{new}吧，那天请假好请一点。", "Change the departure to {new}, it's easier to get the day off."),
                       ("n", "人数改成{new}个人，我表妹也要一起去。", "Make it {new} people, my cousin is coming too."),
                       ("budget", "酒店预算改一下，每晚{new}元以内就行。", "Change the hotel budget to ${new} a night max."),
                       ("nights", "改成住{new}晚吧，多玩两天。", "Let's do {new} nights instead."),
                       ("dest", "目的地换成{new}吧，听说那边这个季节更舒服。", "Actually switch the destination to {new}, I hear it's nicer this time of year.")],
        "prohibit": [("先别下单，我得跟{relation}商量一下。", "Don't book anything yet, I need to check with {relation}.",
                      "好的，先不下单，等您和家里商量好再说。", "Sure, nothing gets booked until you've talked it over."),
                     ("{d1}的机票先别出，等我确认请假批下来。", "Hold off on the {d1} tickets until my time off is approved.",
                      "明白，机票先不出，价格有变化我会提醒您。", "Understood, no tickets until you confirm; I'll flag any price changes."),
                     ("别用尾号{card4}那张卡付款，换张卡我再告诉你。", "Don't charge the card ending {card4}, I'll give you another one.",
                      "好的，不会用您存的那张卡，等您告诉我新卡。", "Got it, I won't touch the saved card; I'll wait for the new one.")],
        "question": [("{airline}的行李额度是多少？{relation}要带{k}个箱子，超重怎么收费？", "What's {airline}'s baggage allowance? {Relation} is bringing {k} suitcases, what do overweight bags cost?",
                      "经济舱一般含{bag}公斤托运行李，超出部分每公斤大约{fee}元，提前在网上买行李额会便宜一些。",
                      "Economy usually includes one {bag}kg checked bag; extra weight runs about ${fee} per kg, less if you prepay online."),
                     ("{d1}这班要是退改签，手续费大概多少？", "If we change or cancel the {d1} flight, roughly what are the fees?",
                      "起飞前{k}天以上改签通常只收差价；退票手续费按舱位不同，一般是票价的5%到30%。",
                      "Changes more than {k} days out usually only cost the fare difference; cancellation fees run 5-30% of the fare depending on the class."),
                     ("从{dest}机场到酒店怎么走最方便？打车大概多少钱？", "What's the easiest way from the {dest} airport to the hotel? About how much is a cab?",
                      "从机场到市区打车大约{taxi}元，四十分钟左右；地铁更便宜，但带着行李换乘比较累。",
                      "A cab from the airport into town is about ${taxi} and forty minutes; the train is cheaper but a hassle with luggage."),
                     ("{dest}的酒店有没有接机服务？我们{clock}落地，要额外收费吗？", "Does the hotel in {dest} do airport pickup? We land at {clock}. Is it extra?",
                      "这几家里有两家提供接机，单程大约{pickup_fee}元，需要提前一天预约。",
                      "Two of these hotels offer airport pickup, about ${pickup_fee} one way, booked a day ahead."),
                     ("{dest}那几天天气怎么样，要带厚衣服吗？", "What's the weather like in {dest} around then? Do we need warm clothes?",
                      "{dest}那几天白天大概{temp}度，早晚温差比较大，建议带一件外套。",
                      "{dest} should be around {temp} during the day then and cooler at night; bring a jacket."),
                     ("{relation}需要轮椅协助，航空公司能安排吗？", "{Relation} needs wheelchair assistance, can the airline arrange that?",
                      "可以，轮椅服务需要提前{hours}小时向航空公司申请，是免费的，值机时再确认一次就行。",
                      "Yes, it's free if you request it {hours} hours ahead; just confirm again at check-in."),
                     ("能用积分抵一部分房费吗？我会员号{member}，积分挺多的。", "Can I use points on the hotel? Member {member}, I've got plenty.",
                      "一般{points}积分可以抵100元房费，但部分促销房价不能用积分。",
                      "Points usually redeem at {points} per $100, but some promotional rates exclude them."),
                     ("儿童票怎么算，{k}岁的孩子要单独买座位吗？", "How do kids' fares work? Does a {k}-year-old need a seat?",
                      "两岁以上的孩子要单独占座，儿童票大约是成人全价的一半。",
                      "From age two a child needs their own seat, usually at the adult fare.")],
        "claim": [("我是{airline}的金卡会员，卡号{member}，选座应该是免费的。", "I have gold status with {airline}, number {member}, so seat selection should be free."),
                  ("上次在{dest}住这家的时候，前台说可以延迟退房到下午{k}点。", "Last time I stayed there in {dest}, they said late checkout until {k}pm was free."),
                  ("我记得这条航线上个月才{fare_hint}元。", "I'm pretty sure this route was only ${fare_hint} last month.")],
        "info": [("出行人是{name}，证件后四位{id4}，手机号{phone}。", "Travellers are under {name}, phone {phone}, passport ending {id4}."),
                 ("我的会员号是{member}，积分应该够用。", "My loyalty number is {member}, I should have enough points."),
                 ("同行的是{relation}，{age}岁，第一次坐飞机。", "I'm travelling with {relation}, {age}, first time flying.")],
        "explain": [("{dest}的酒店周末会比工作日贵两到三成，日期灵活的话周日入住会便宜些。", "Hotels in {dest} run 20-30% higher on weekends; checking in on a Sunday is cheaper if you're flexible."),
                    ("可免费取消的房价比不可退的贵一点，但考虑到行程可能变，我建议选可取消的。", "Free-cancellation rates cost a bit more than non-refundable ones, but since plans may change I'd pick the flexible rate."),
                    ("含早的房型每晚大概贵{breakfast}元，酒店周边的早餐选择也不少。", "Breakfast-included rooms are about ${breakfast} more a night, and there are plenty of cafés nearby."),
                    ("这条航线最近{k}天涨了大约{rise}%，如果日期确定，建议早点出票。", "Fares on this route rose about {rise}% in the last {k} days; if the dates are firm, I'd book soon."),
                    ("起飞前24小时可以在线值机选座，靠前的座位下机快一些。", "Online check-in and seat selection open 24 hours before departure; seats up front get you off faster."),
                    ("{orig}出发的早班机准点率比较高，晚上的航班延误多一些。", "Early flights out of {orig} are more often on time; evening departures get delayed more.")],
        "ask": [("您更看重价格还是时间？", "Do you care more about price or timing?"),
                ("需要我把这几个方案按总价排个序吗？", "Want me to rank these by total price?"),
                ("酒店您倾向哪一家？我可以先帮您确认房态。", "Which hotel do you prefer? I can check availability first."),
                ("回程日期定了吗？", "Is the return date fixed?"),
                ("要不要我顺便看看{d1}前后一天的价格？", "Should I also check a day either side of {d1}?")],
        "recap": [("目前的方案：{d1}从{orig}出发去{dest}，住{nights}晚，{n}个人，酒店每晚{budget}元以内，{status}。", "So far: {orig} to {dest} on {d1}, {nights} nights, {n} people, hotel under ${budget} a night; {status}.")],
        "done": [("已经帮您订好了，确认号{ref}，总价{total}元，确认短信会发到{phone}。", "All booked: confirmation {ref}, total ${total}. The confirmation goes to {phone}.")],
    }
    SEARCH = ("flights", "hotels")
    LOOKUP = ("fare_rules", "hotels")
    _AIRLINES: ClassVar[list[tuple[str, str, str, str]]] = [("东航", "MU", "Delta", "DL"), ("国航", "CA", "United", "UA"), ("南航", "CZ", "Alaska", "AS"),
                 ("川航", "3U", "JetBlue", "B6"), ("海航", "HU", "American", "AA"), ("厦航", "MF", "TAP", "TP")]
    _BRANDS: ClassVar[list[Pair]] = [("全季", "Hampton Inn"), ("亚朵", "Courtyard"), ("汉庭", "Hyatt Place"), ("桔子", "Holiday Inn Express"),
                           ("维也纳", "Kimpton"), ("丽枫", "Ace Hotel"), ("希尔顿欢朋", "Hilton Garden Inn"), ("假日", "Best Western Plus"),
                           ("漫心", "The Hoxton"), ("和颐", "Moxy")]
    _AREAS: ClassVar[list[Pair]] = [("市中心", "Downtown"), ("火车站", "Union Station"), ("古城", "Old Town"), ("江边", "Riverside"),
                          ("机场", "Airport"), ("老城区", "Midtown"), ("大学城", "University District"), ("高新区", "Arts District")]

    def generators(self) -> dict[str, Callable[[], Any]]:
        c, r = self.c, self.c.rng
        orig = c.city()
        return {"orig": lambda: orig, "dest": lambda: c.city(orig), "d1": lambda: c.day(5, 70),
                "nights": lambda: r.randint(2, 9), "n": lambda: r.randint(2, 6),
                "budget": lambda: c.money((300, 1500), (90, 400)), "airline": lambda: c.t(r.choice(self._AIRLINES)[::2]),
                "fare_hint": lambda: c.money((400, 1800), (120, 600)), "name": c.person, "phone": c.phone, "card4": lambda: r.randint(1000, 9999),
                "id4": lambda: r.randint(1000, 9999), "member": lambda: c.code(2, 9), "age": lambda: r.randint(55, 82),
                "bag": lambda: r.choice([20, 23]), "taxi": lambda: c.money((60, 200), (35, 90), 5),
                "breakfast": lambda: c.money((40, 120), (12, 30), 2), "ref": lambda: c.code(6, 0),
                "pickup_fee": lambda: c.money((80, 260), (30, 90), 5), "points": lambda: r.choice([5000, 8000, 10000, 12000]),
                "temp": lambda: f"{r.randint(3, 31)}" if c.zh else f"{r.randint(38, 88)}°F", "rise": lambda: r.randint(8, 35),
                "total": lambda: c.money((3000, 20000), (900, 6000))}

    def flights(self) -> Call:
        c, r, s = self.c, self.c.rng, self.s

        def make(i: int) -> dict[str, Any]:
            zh, code, en, en_code = r.choice(self._AIRLINES)
            dep = c.hhmm(6, 21)
            return {"flight": f"{code if c.zh else en_code}{r.randint(100, 9899)}", "airline": zh if c.zh else en,
                    "depart": dep, "arrive": c.hhmm(8, 23), "stops": r.choice([0, 0, 1]), "cabin": "economy",
                    "fare": c.money((380, 2600), (89, 690)), "baggage": f"{s['bag']}kg",
                    "changeable": r.random() < 0.5, "seats_left": r.randint(1, 9)}
        args = {"origin": s["orig"], "destination": s["dest"], "date": s["d1"].isoformat(), "passengers": s["n"]}
        content, found = _grow(c, make, lambda rs: {"query": args, "currency": "CNY" if c.zh else "USD", "flights": rs}, least=2)
        lines = [c.t((f"{f['airline']}{f['flight']}，{f['depart']}起飞{f['arrive']}到，{'直飞' if not f['stops'] else '经停1次'}，"
                      + f"{f['fare']}元/人{'，可免费改签' if f['changeable'] else ''}",
                      f"{f['airline']} {f['flight']}, {f['depart']} to {f['arrive']}, {'nonstop' if not f['stops'] else '1 stop'}, "
                      + f"${f['fare']} per person{', free changes' if f['changeable'] else ''}")) for f in found]
        intro = c.t((f"{c.show(s['d1'])}从{s['orig']}到{s['dest']}一共查到{len(found)}个航班，比较合适的是：",
                     f"I found {len(found)} flights from {s['orig']} to {s['dest']} on {c.show(s['d1'])}; the best fits are:"))
        return Call("search_flights", args, content, intro, lines, tuple({"flight": f["flight"]} for f in found))

    def hotels(self) -> Call:
        c, r, s = self.c, self.c.rng, self.s

        def make(i: int) -> dict[str, Any]:
            brand, area = c.pick(self._BRANDS), c.pick(self._AREAS)
            name = f"{brand}酒店（{s['dest']}{area}店）" if c.zh else f"{brand} {s['dest']} {area}"
            return {"name": name, "area": area, "price_per_night": int(s["budget"] * r.uniform(0.6, 1.3)),
                    "rating": round(r.uniform(3.8, 4.9), 1), "reviews": r.randint(40, 4200), "breakfast": r.random() < 0.5,
                    "free_cancellation": r.random() < 0.6, "metro_walk_min": r.randint(2, 25), "twin_beds": r.random() < 0.7}
        args = {"city": s["dest"], "check_in": s["d1"].isoformat(),
                "check_out": (s["d1"] + timedelta(days=s["nights"])).isoformat(), "guests": s["n"], "max_price": s["budget"]}
        content, found = _grow(c, make, lambda rs: {"query": args, "hotels": rs, "sort": "recommended"}, least=2)
        lines = [c.t((f"{h['name']}，每晚{h['price_per_night']}元，评分{h['rating']}，{'含早' if h['breakfast'] else '不含早'}，"
                      + f"步行{h['metro_walk_min']}分钟到地铁{'，可免费取消' if h['free_cancellation'] else ''}",
                      f"{h['name']}, ${h['price_per_night']}/night, rated {h['rating']}, {'breakfast included' if h['breakfast'] else 'no breakfast'}, "
                      + f"{h['metro_walk_min']} min walk to transit{', free cancellation' if h['free_cancellation'] else ''}")) for h in found]
        intro = c.t((f"{s['dest']}符合条件的酒店有{len(found)}家，评分和位置比较好的几家：",
                     f"{len(found)} hotels in {s['dest']} match; the best located and rated:"))
        return Call("search_hotels", args, content, intro, lines, tuple({"hotel": h["name"]} for h in found))

    def fare_rules(self) -> Call:
        c = self.c
        rules: list[Pair] = [("起飞前{early}小时以上退票，收取票价{fee}%的手续费", "Refunds more than {early} hours before departure cost {fee}% of the fare"),
                             ("起飞前{late}小时内退票，收取票价{late_fee}%的手续费", "Refunds within {late} hours of departure cost {late_fee}% of the fare"),
                             ("同舱位改期免收改期费，需补齐票价差额", "Same-cabin date changes are free apart from any fare difference"),
                             ("托运行李每人{bags}件，每件不超过{kg}公斤", "{bags} checked bag(s) per person, up to {kg}kg each"),
                             ("婴儿票按成人票价的10%收取，不占座", "Infant fares are 10% of the adult fare, no seat"),
                             ("误机后{late}小时内可申请改签，收取{noshow}元误机费", "After a no-show, rebook within {late} hours for a ${noshow} fee"),
                             ("会员积分每{points}分可抵扣1元", "Every {points} points redeem for $1"),
                             ("儿童票按成人票价的{child}%收取，占座", "Child fares are {child}% of the adult fare, with a seat"),
                             ("航班取消或延误超过{delay}小时可免费退票", "Free refund if the flight is cancelled or delayed over {delay} hours"),
                             ("改期需在原航班起飞前{delay}小时办理", "Date changes must be made {delay} hours before the original departure"),
                             ("特价舱位不可退，仅退机场建设费和燃油附加费", "Discount fares are non-refundable except taxes and fees")]
        code = c.code(2, 4)
        items = _clauses(c, rules, early=[48, 72, 168], fee=[5, 10], late=[4, 24], late_fee=[20, 30, 50], bags=[1, 2],
                         kg=[20, 23], noshow=[100, 200], points=[100, 150], child=[50, 75], delay=[2, 3, 4])
        content, shown = _listing(c, c.t((f"票价规则（航班{code}）：", f"Fare rules for flight {code}:")), items,
                                  c.t(("以上规则以出票时航空公司公布的为准。", "Rules as published by the airline at ticketing apply.")))
        return Call("get_fare_rules", {"flight": code}, content,
                    c.t((f"{code}的退改规则要点：", f"The key fare rules for {code}:")), shown[:3])

    def submit(self) -> Call:
        c, s = self.c, self.s
        args: dict[str, Any] = {**{k: s[k] for k in ("flight", "hotel") if k in s}, "origin": s["orig"], "destination": s["dest"],
                "date": s["d1"].isoformat(), "nights": s["nights"],
                "travellers": s["n"], "contact": s["phone"]}
        result = {"status": "confirmed", "booking_ref": s["ref"], "total": s["total"], "currency": "CNY" if c.zh else "USD",
                  "items": [{"type": "flight", "date": s["d1"].isoformat()}, {"type": "hotel", "nights": s["nights"]}],
                  "free_cancel_until": (s["d1"] - timedelta(days=1)).isoformat(),
                  "notes": c.t(("请在出发前24小时内完成在线值机。", "Online check-in opens 24 hours before departure."))}
        return Call("book_trip", args, _receipt(c, result), "", [])


class _Returns(_Domain):
    POOLS: ClassVar[Pools] = {
        "thing": [("订单{oid}的退货", "the return for order {oid}")],
        "open": [("我{bought}买的{product}有问题，想退货，订单号{oid}。", "I want to return the {product} I bought on {bought}, order {oid}."),
                 ("{product}用了{k}天就{defect}，能退吗？", "My {product} {defect} after {k} days of use. Can I return it?"),
                 ("帮我查一下订单{oid}，{product}想换个颜色，或者直接退也行。", "Can you look up order {oid}? I'd like to exchange the {product} for another color, or just return it."),
                 ("买的{product}不合适，{relation}用不了，怎么退？", "The {product} I got doesn't work for {relation}. How do I return it?")],
        "constraint": [("上门取件的话只能{pickup}，白天家里没人。", "Pickup has to be {pickup}, nobody's home during the day."),
                       ("{paid}元要原路退回，别给我退成余额。", "Refund the ${paid} to the original card, not store credit."),
                       ("订单{oid}不要换货，我只要退款。", "No exchange on order {oid}, I just want my money back."),
                       ("运费我不想出，才用了{k}天就{defect}，这是质量问题。", "I'm not paying return shipping, it {defect} after {k} days, that's a defect."),
                       ("包装盒我扔了，{paid}元的东西，没有原包装也得能退吧。", "I threw away the box; it's a ${paid} item, it has to be returnable without it."),
                       ("取件别打电话，{relation}在睡觉，发短信就行。", "Don't call about the pickup, {relation} will be asleep. Text me.")],
        "correction": [("pickup", "取件时间改成{new}吧，我那会儿在家。", "Change the pickup to {new}, I'll be home then."),
                       ("addr", "取件地址改一下：{new}。", "Change the pickup address to {new}."),
                       ("phone", "联系电话换成{new}，原来那个号不用了。", "Use {new} as the contact number, the old one is gone.")],
        "prohibit": [("{oid}的退货申请先别提交，我再试一下能不能用。", "Don't submit the return for {oid} yet, let me try it once more.",
                      "好的，申请先不提交，您试完告诉我。", "Okay, the return stays unsubmitted until you've tried it."),
                     ("申请先别提交，等我找到{bought}那张发票再说。", "Hold the return request until I find the receipt from {bought}.",
                      "明白，等您找到发票再提交。", "Understood, we'll wait for the receipt before submitting."),
                     ("先别让{courier}上门，我{when}之前都不在家。", "Don't send {courier} yet, I'm away until {when}.",
                      "好的，这周不安排上门取件。", "Sure, no courier this week.")],
        "question": [("{paid}元退款一般几天能到账？", "How long does the ${paid} refund usually take?",
                      "退款会在仓库签收并检测后{k}个工作日内原路退回，信用卡可能再晚一两天显示。",
                      "Refunds go back to the original payment within {k} business days after the warehouse inspects the item; cards can take a day or two more to show it."),
                     ("{bought}签收的，现在还能退吗？", "It arrived on {bought}, can I still return it?",
                      "签收后{window}天内都可以申请退货，按您的签收时间算还在期限内。",
                      "Returns are accepted within {window} days of delivery, so you're still inside the window."),
                     ("订单{oid}里的赠品也要一起退回去吗？", "Order {oid} came with a free gift, do I send that back too?",
                      "赠品需要一起寄回，如果赠品已经用过，会按赠品价格从退款里扣。",
                      "Free gifts have to go back too; if one was used, its value comes off the refund."),
                     ("{oid}能开发票吗？公司要报销。", "Can I get an invoice for {oid}? It's for work expenses.",
                      "可以开电子发票，填好抬头和税号后{k}个工作日内发到邮箱；如果退货，发票会作废。",
                      "Yes, an e-invoice with your company's details arrives by email within {k} business days; it's voided if you return the item."),
                     ("退回去用什么快递？我住{addr}，要自己打包吗？", "Which courier handles the return? I'm at {addr}, do I pack it myself?",
                      "退货由{courier}上门取件，免费的，快递员会带包装袋，您只需要把商品准备好。",
                      "{courier} picks it up for free and brings a bag; you only need to have the item ready."),
                     ("如果检测说不是质量问题怎么办？{paid}元呢。", "What if the inspection says it's not a defect? I paid ${paid} for it.",
                      "如果检测不是质量问题，可以选择寄回给您，运费自付，大约{fee}元；也可以按无理由退货处理。",
                      "If inspection finds no defect, it can be shipped back to you for about ${fee}, or handled as a regular return.")],
        "claim": [("{bought}收到的时候盒子就是破的，我拍了照片。", "The box was already damaged when it arrived on {bought}, I have photos."),
                  ("我记得买的时候页面写的是{days}天无理由退货。", "The product page said {days}-day no-questions returns when I bought it."),
                  ("上次客服{person}说这个可以免运费退。", "Your agent {person} told me return shipping would be free."),
                  ("好像被扣了两次款，{paid}元扣了两遍。", "I think I was charged twice, ${paid} two times.")],
        "info": [("订单号是{oid}，下单手机号{phone}。", "The order number is {oid}, phone on the account {phone}."),
                 ("取件地址：{addr}，收件人{name}。", "Pickup address: {addr}, under {name}."),
                 ("商品序列号是{serial}，盒子上印的。", "The serial number is {serial}, it's printed on the box.")],
        "explain": [("{product}签收后{window}天内可以申请退货，质量问题的运费由商家承担。", "The {product} can go back within {window} days of delivery, and the seller pays shipping for defects."),
                    ("没有原包装一般也能退，但可能扣除一部分包装费，通常不超过{fee}元。", "Returns without the original box are usually accepted, with a packaging fee of at most ${fee}."),
                    ("退款完成之前，请保留好购买凭证和全部配件。", "Keep the receipt and all the accessories until the refund completes."),
                    ("{product}有一年保修，如果过了退货期，也可以走保修维修。", "The {product} has a one-year warranty if the return window has passed."),
                    ("质量问题建议拍一段视频，审核会快很多。", "A short video of the defect speeds up the review a lot.")],
        "ask": [("您希望哪天上门取件？", "Which day works for the pickup?"),
                ("需要我现在帮您预约取件吗？还是先等等？", "Should I schedule the pickup now, or wait?"),
                ("退款原路退回可以吗？", "Is a refund to the original payment method okay?"),
                ("方便上传一张商品问题的照片吗？", "Could you upload a photo of the problem?")],
        "recap": [("目前：订单{oid}的{product}申请退货，取件时间{pickup}，退款原路返回，{status}。", "So far: return of the {product} from order {oid}, pickup {pickup}, refund to the original card; {status}.")],
        "done": [("退货申请已提交，退货单号{rid}，快递员会在{pickup}上门，退款{paid}元会原路退回。", "The return is submitted: return {rid}, the courier comes {pickup}, and ${paid} goes back to your card.")],
    }
    CHOICES = False
    SEARCH = ("orders",)
    LOOKUP = ("policy",)
    AFTER = ("refund_status",)
    _PRODUCTS: ClassVar[list[tuple[str, str, str, str]]] = [
        ("空气炸锅", "开不了机", "air fryer", "stopped turning on"), ("蓝牙耳机", "右耳没声音", "pair of wireless earbuds", "lost sound on the right side"),
        ("羽绒服", "拉链坏了", "down jacket", "broke its zipper"), ("电动牙刷", "充不进电", "electric toothbrush", "stopped charging"),
        ("扫地机器人", "老是撞墙", "robot vacuum", "keeps bumping into walls"), ("咖啡机", "漏水", "espresso machine", "started leaking"),
        ("跑步鞋", "开胶了", "pair of running shoes", "came unglued"), ("机械键盘", "有几个键失灵", "mechanical keyboard", "has dead keys"),
        ("电饭煲", "有焦糊味", "rice cooker", "smells burnt"), ("儿童安全座椅", "卡扣松了", "car seat", "has a loose buckle")]
    _ROADS: ClassVar[list[Pair]] = [("朝阳区望京西路", "Maple Ave"), ("浦东新区张杨路", "Oak St"), ("海淀区学院路", "Pine Rd"),
                          ("天河区体育西路", "Cedar Ln"), ("南山区科苑路", "Elm St"), ("武侯区玉林路", "Lakeview Dr")]

    def generators(self) -> dict[str, Callable[[], Any]]:
        c, r = self.c, self.c.rng
        zh, zd, en, ed = r.choice(self._PRODUCTS)
        return {"product": lambda: zh if c.zh else en, "defect": lambda: zd if c.zh else ed,
                "oid": lambda: f"{r.randint(10, 99)}{r.randint(10**11, 10**12 - 1)}" if c.zh else
                f"{r.randint(100, 999)}-{r.randint(10**6, 10**7 - 1)}-{r.randint(10**6, 10**7 - 1)}",
                "bought": lambda: c.day(-40, -3), "paid": lambda: c.money((99, 3999), (19, 599), 1),
                "pickup": lambda: f"{c.when()}{c.clock()}" if c.zh else f"{c.when()} after {c.clock()}",
                "addr": lambda: f"{c.pick(self._ROADS)}{r.randint(1, 300)}号{r.randint(1, 30)}栋{r.randint(101, 2403)}" if c.zh
                else f"{r.randint(10, 9999)} {c.pick(self._ROADS)}, Apt {r.randint(1, 40)}",
                "phone": c.phone, "name": c.person, "serial": lambda: c.code(3, 9), "rid": lambda: "R" + c.code(0, 10),
                "window": lambda: r.choice([7, 15, 30]), "courier": lambda: c.t(r.choice([("顺丰", "UPS"), ("京东物流", "FedEx"), ("中通", "USPS"), ("圆通", "DHL")]))}

    def orders(self) -> Call:
        c, r, s = self.c, self.c.rng, self.s

        def make(i: int) -> dict[str, Any]:
            item = s["product"] if i == 0 else c.t(r.choice(self._PRODUCTS)[::2])
            delivered = s["bought"] + timedelta(days=2) if i == 0 else c.day(-90, -2)
            return {"order_id": s["oid"] if i == 0 else c.code(0, 14), "item": item, "qty": 1 if i == 0 else r.randint(1, 3),
                    "paid": s["paid"] if i == 0 else c.money((19, 2999), (5, 399), 1), "status": "delivered",
                    "delivered": delivered.isoformat(), "seller": c.t(r.choice([("官方旗舰店", "Official Store"), ("优选专营店", "Prime Outlet"),
                                                                                ("家电自营", "Home Direct")])),
                    "return_by": (delivered + timedelta(days=r.choice([7, 15, 30]))).isoformat()}
        args = {"phone": s["phone"], "days": 90}
        content, found = _grow(c, make, lambda rs: {"customer": s["phone"], "orders": rs, "count": len(rs)}, least=2)
        lines = [c.t((f"{o['order_id']}：{o['item']}×{o['qty']}，实付{o['paid']}元，{o['return_by']}前可退",
                      f"{o['order_id']}: {o['item']} x{o['qty']}, paid ${o['paid']}, returnable until {o['return_by']}")) for o in found]
        intro = c.t((f"您名下近90天有{len(found)}个订单：", f"You have {len(found)} orders in the last 90 days:"))
        return Call("search_orders", args, content, intro, lines)

    def policy(self) -> Call:
        c = self.c
        clauses: list[Pair] = [("签收后{days}天内可无理由退货，商品需保持完好", "Returns within {days} days of delivery, no reason needed, item undamaged"),
                               ("质量问题退货运费由商家承担，非质量问题运费{fee}元由买家承担", "The seller pays shipping for defects; otherwise the buyer pays ${fee}"),
                               ("退款在仓库签收后{work}个工作日内原路退回", "Refunds are issued within {work} business days of receipt"),
                               ("缺少原包装的商品收取{fee}元包装费", "Items without original packaging incur a ${fee} packaging fee"),
                               ("赠品需随商品一并退回，缺失按价扣除", "Free gifts must be returned or their value is deducted"),
                               ("定制类、生鲜类商品不支持无理由退货", "Custom and perishable items are final sale"),
                               ("上门取件时间为每天{start}点至{end}点", "Pickup runs daily between {start}:00 and {end}:00"),
                               ("电子产品拆封后需保证配件齐全", "Opened electronics must include all accessories"),
                               ("退款金额不含已使用的优惠券", "Used coupons are not refunded"),
                               ("同一订单仅可申请一次无理由退货", "One no-reason return per order"),
                               ("换货商品在收到退货后{work}个工作日内发出", "Exchanges ship within {work} business days of receiving the return")]
        items = _clauses(c, clauses, days=[7, 15, 30], work=[3, 5, 7], fee=[10, 12, 15, 20], start=[8, 9], end=[18, 20, 21])
        content, shown = _listing(c, c.t((f"退货政策（{self.s['product']}）：", f"Return policy ({self.s['product']}):")), items,
                                  c.t((f"本政策自{c.day(-200, -10).isoformat()}起执行。", f"Effective {c.day(-200, -10).isoformat()}.")))
        return Call("get_return_policy", {"category": self.s["product"]}, content,
                    c.t(("退货政策里相关的几条：", "The relevant parts of the return policy:")), shown[:3])

    def refund_status(self) -> Call:
        c, r, s = self.c, self.c.rng, self.s
        steps: list[Pair] = [("退货申请已创建", "Return created"), ("快递员已取件", "Picked up by courier"),
                             ("包裹运输中", "In transit"), ("仓库已签收", "Received at warehouse"),
                             ("质检中", "Under inspection"), ("退款处理中", "Refund processing")]

        start = c.now - timedelta(days=20)

        def make(i: int) -> dict[str, Any]:
            return {"time": f"{start + timedelta(hours=9 * i + r.randint(0, 8)):%Y-%m-%d %H:%M}", "status": c.pick(steps),
                    "site": c.t(r.choice([("转运中心", "hub"), ("网点", "depot"), ("仓库", "warehouse")])) + str(r.randint(1, 99))}
        content, found = _grow(c, make, lambda rs: {"order_id": s["oid"], "return_id": s["rid"], "events": rs})
        lines = [f"{e['time']} {e['status']}" for e in found[-4:]]
        return Call("track_return", {"order_id": s["oid"]}, content,
                    c.t(("退货进度的最新记录：", "The latest tracking events:")), lines)

    def submit(self) -> Call:
        s = self.s
        args = {"order_id": s["oid"], "reason": s["defect"], "pickup": s["pickup"], "refund_to": "original"}
        return Call("create_return", args, _receipt(self.c, {"status": "submitted", "return_id": s["rid"], "pickup_window": s["pickup"],
                                                             "refund_estimate": s["paid"], "label": f"https://returns.example/{s['rid']}"}), "", [])


class _Insurance(_Domain):
    POOLS: ClassVar[Pools] = {
        "thing": [("给{who}（{age}岁）的投保申请", "the application for {who} ({age})")],
        "thing_claim": [("保单{policy}的理赔", "the claim on policy {policy}")],
        "open_buy": [("想给{who}买份医疗险，{age}岁了，每个月预算{budget}元左右。", "I'm looking for health insurance for {who}, who is {age}. Budget is about ${budget} a month."),
                     ("{who}的保险下个月到期，想看看续保有没有更划算的方案，预算每月{budget}元。", "{Who}'s plan renews next month; is there anything better for around ${budget} a month?")],
        "open_claim": [("{who}上个月住院花了{bill}元，保单号{policy}，想问下怎么理赔。", "{Who} was in the hospital last month, the bill was ${bill}. Policy {policy}. How do I file a claim?"),
                       ("帮我看看保单{policy}保不保{condition}，{who}最近查出来的，住院花了{bill}元。", "Can you check whether policy {policy} covers {condition}? {Who} was just diagnosed, the hospital bill was ${bill}.")],
        "constraint_claim": [("理赔款打到尾号{id4}的卡上，别打到别的账户。", "Pay the claim into the account ending {id4}, nowhere else."),
                             ("{bill}元我不想先垫，能走直付就走直付。", "I don't want to front ${bill}, use direct billing if possible."),
                             ("保单{policy}的材料我只能拍照上传，原件寄不了。", "For policy {policy} I can only upload photos, I can't mail originals."),
                             ("{when}之前一定要把申请交上去，过了时效就麻烦了。", "The claim has to be in by {when}, I don't want to miss the deadline.")],
        "correction_claim": [("bill", "费用说错了，总共是{new}元，不是{bill}元。", "I got the amount wrong, it's ${new} in total, not ${bill}."),
                             ("hospital", "更正一下，住院的医院是{new}。", "Correction: the hospital was {new}.")],
        "constraint": [("免赔额不能超过{deductible}元。", "The deductible can't be more than ${deductible}."),
                       ("一定要能保既往症，{who}有高血压。", "It has to cover pre-existing conditions, {who} has high blood pressure."),
                       ("每月保费别超过{budget}元。", "No more than ${budget} a month in premiums."),
                       ("等待期不要超过{wait}天。", "The waiting period can't be longer than {wait} days."),
                       ("必须能在{hospital}直接结算。", "It has to be in-network at {hospital}."),
                       ("预算就{budget}元，别推荐带理财的那种，我只要纯保障。", "With ${budget} a month, no investment-linked plans, I just want plain coverage.")],
        "correction": [("budget", "预算改成每月{new}元吧。", "Make the budget ${new} a month."),
                       ("age", "说错了，是{new}岁，不是{age}岁。", "Sorry, the age is {new}, not {age}."),
                       ("deductible", "免赔额能接受到{new}元。", "I can live with a deductible up to ${new}.")],
        "prohibit": [("先别给{who}投保，我还要比较一下别家的，{when}再说。", "Don't enroll {who} yet, I'm still comparing; let's talk {when}.",
                      "好的，不会替您投保，您慢慢比较。", "Of course, I won't enroll you; compare as long as you need."),
                     ("别让销售给我打电话，{clock}以后更不行，有事发邮件。", "Please don't have a sales rep call me, especially not after {clock}; email only.",
                      "好的，已备注不接受电话联系，只发邮件。", "Noted: no phone calls, email only.")],
        "prohibit_claim": [("理赔申请先别提交，{hospital}那{bill}元的发票还没开出来。", "Don't file the claim yet, {hospital} hasn't sent the itemized bill for the ${bill}.",
                            "明白，等发票开出来再提交理赔。", "Understood, the claim waits until the itemized bill arrives."),
                           ("先别联系{hospital}调病历，我{when}自己去拿。", "Don't contact {hospital} for the records, I'll pick them up {when}.",
                            "好的，不会联系医院，病历您拿到后上传就行。", "Okay, I won't contact the hospital; upload the records when you have them.")],
        "question": [("等待期{wait}天，要是{who}在这期间生病了怎么算？", "With a {wait}-day waiting period, what if {who} gets sick during it?",
                      "等待期内确诊的疾病通常不赔，等待期过后新发生的疾病才在保障范围内；意外伤害没有等待期。",
                      "Conditions diagnosed during the waiting period usually aren't covered, only new ones after it; accidents have no waiting period."),
                     ("{who}{age}岁了，经常跑门诊，门诊费用能报吗，还是只报住院？", "{Who} is {age} and sees doctors a lot; does it cover outpatient visits or only hospital stays?",
                      "这类产品大多只报住院和门诊手术，普通门诊要另加门诊责任，每月多{extra}元左右。",
                      "Most of these cover inpatient care and outpatient surgery; regular office visits need an add-on of about ${extra} a month."),
                     ("{bill}元的理赔需要准备哪些材料？", "What documents do I need to claim the ${bill}?",
                      "理赔需要准备：病历、费用明细、发票原件、诊断证明和银行卡信息，拍照上传就可以。",
                      "You'll need the medical records, itemized bill, receipts, the diagnosis and your bank details; photos are fine."),
                     ("{who}现在{age}岁，保费每年都会涨吗？", "{Who} is {age} now, will the premium go up every year?",
                      "不是每年都涨，保费按年龄分段，{age}岁这一档一般五年调整一次。",
                      "Not every year: premiums follow age bands, and at {age} they usually step up every five years."),
                     ("{who}体检报告有{k}项异常，会影响投保吗？", "{k} items on {who}'s checkup were flagged, will that affect approval?",
                      "体检异常要如实告知，轻度的结节或血脂偏高一般是除外承保或加费，不一定会拒保。",
                      "Flagged results must be disclosed; mild findings usually mean an exclusion or a surcharge, not a refusal."),
                     ("一个月交{budget}元，如果中途想退保，钱能退多少？", "At ${budget} a month, if we cancel partway through, how much do we get back?",
                      "犹豫期{days}天内退保全额退款，过了犹豫期只退还未到期部分的保费。",
                      "Within the {days}-day free-look period you get everything back; after that only the unearned premium.")],
        "claim": [("我记得之前的业务员{person}说这个是保终身的。", "The agent I spoke to before, {person}, said this was lifetime coverage."),
                  ("保单{policy}我已经连续交了{k}年保费了，一直没断过。", "I've paid premiums on {policy} for {k} years straight without a gap."),
                  ("{hospital}说这个药是医保外的，但商业保险应该能报，{k}千多块呢。", "{hospital} said the drug isn't on the basic plan, but my insurance should pay, it was over ${k},000.")],
        "info": [("被保险人是{name}，{who}，证件后四位{id4}。", "The insured is {name}, {who}, date of birth {dob}."),
                 ("保单号{policy}，投保人是我，{holder}。", "Policy number {policy}, I'm the policyholder, {holder}."),
                 ("住院是在{hospital}，住了{k}天。", "The stay was at {hospital}, {k} days.")],
        "explain": [("免赔额按年累计，超过{deductible}元的部分按{share}%报销。", "The deductible is per year; above ${deductible}, the plan pays {share}%."),
                    ("既往症要看投保前是否已经确诊，有些产品可以带病投保，但保费会高一些。", "Pre-existing conditions depend on whether they were diagnosed before enrolling; some plans accept them at a higher premium."),
                    ("续保不需要重新健康告知，但产品停售后需要转保。", "Renewal doesn't need new health questions, but if the product is discontinued you'd have to switch."),
                    ("{hospital}在大部分产品的直付网络里，住院可以不用先垫付。", "{hospital} is in-network for most of these plans, so you wouldn't pay up front."),
                    ("{age}岁投保需要做一次简单的健康告知，不一定要体检。", "At {age}, enrolling takes a short health questionnaire, not necessarily a medical exam.")],
        "ask": [("被保险人有没有长期在吃的药？", "Is the insured person on any long-term medication?"),
                ("您更在意保费低，还是保障范围全？", "Do you care more about a low premium or broader coverage?"),
                ("理赔金打到哪张卡上？", "Which account should the payout go to?"),
                ("需要我把这几款的条款差异整理成表格吗？", "Want me to put the differences into a table?")],
        "recap": [("目前：给{who}（{age}岁）看医疗险，月保费{budget}元以内，免赔额不超过{deductible}元，{status}。", "So far: health plan for {who} ({age}), under ${budget}/month, deductible at most ${deductible}; {status}.")],
        "recap_claim": [("目前：保单{policy}，{who}在{hospital}住院，费用{bill}元，理赔申请{status}。", "So far: policy {policy}, {who}'s stay at {hospital}, ${bill} billed; the claim is {status}.")],
        "done": [("已经提交了，申请编号{app}，审核一般{k}个工作日，结果会发到您的邮箱。", "Submitted: application {app}. Review takes about {k} business days and the result goes to your email.")],
        "done_claim": [("理赔申请已提交，案件号{claim}，预计{k}个工作日内审核完成，赔款会打到尾号{id4}的账户。", "The claim is filed as {claim}; review takes about {k} business days and the payout goes to the account ending {id4}.")],
        "explain_claim": [("理赔时效是出院后{days}天内，超过时效可能会被拒赔。", "Claims must be filed within {days} days of discharge or they may be denied."),
                          ("住院期间的自费药如果在保单的特药清单里，也可以报销。", "Out-of-pocket drugs during the stay are covered if they're on the plan's specialty list."),
                          ("直付需要医院在网络内，{hospital}可以直接结算。", "Direct billing needs an in-network hospital; {hospital} supports it."),
                          ("免赔额按年累计，超过{deductible}元的部分按{share}%报销。", "The deductible is per year; above ${deductible}, the plan pays {share}%."),
                          ("审核期间可能会电话回访核实住院情况，不需要额外准备材料。", "The insurer may call to confirm the stay during review; no extra paperwork is needed.")],
        "ask_claim": [("出院小结拿到了吗？", "Do you have the discharge summary?"), ("住院期间有没有自费的药？", "Were any drugs paid out of pocket during the stay?"),
                      ("需要我帮您把材料清单发到邮箱吗？", "Want me to email you the document checklist?")],
    }
    TOPICS = ("buy", "claim")
    SEARCH = ("plans",)
    LOOKUP = ("policy_detail", "terms")
    AFTER = ("claim_status",)

    def choices(self) -> bool:
        return self.topic == "buy"

    def searches(self) -> tuple[str, ...]:
        return self.SEARCH if self.topic == "buy" else ("policy_detail",)
    _INSURERS: ClassVar[list[Pair]] = [("平安", "Aetna"), ("太平洋", "Blue Shield"), ("人保", "Cigna"), ("众安", "Oscar"),
                             ("泰康", "Humana"), ("新华", "Kaiser")]
    _HOSPITALS: ClassVar[list[Pair]] = [("市第一人民医院", "St. Mary's Hospital"), ("协和医院", "Mercy General"),
                              ("中山医院", "Providence Medical Center"), ("华西医院", "Mount Sinai West"),
                              ("省人民医院", "Cedars Valley Hospital")]
    _CONDITIONS: ClassVar[list[Pair]] = [("甲状腺结节", "thyroid nodules"), ("二型糖尿病", "type 2 diabetes"), ("腰椎间盘突出", "a herniated disc"),
                               ("白内障", "cataracts"), ("胆结石", "gallstones")]

    def generators(self) -> dict[str, Callable[[], Any]]:
        c, r = self.c, self.c.rng
        who = c.pick(_RELATIONS[:4] + _RELATIONS[7:9])   # parents, parents-in-law, grandparents

        def dob() -> str:
            born = date(r.randint(1946, 1980), r.randint(1, 12), r.randint(1, 28))
            return f"{c.show(born)}, {born.year}"
        return {"who": lambda: who, "age": lambda: r.randint(50, 82), "budget": lambda: c.money((200, 1500), (150, 900)),
                "policy": lambda: ("P" if c.zh else "HX-") + c.code(0, 10), "bill": lambda: c.money((8000, 90000), (2500, 40000), 100),
                "deductible": lambda: c.money((0, 10000), (250, 3000), 250), "wait": lambda: r.choice([30, 60, 90]),
                "hospital": lambda: c.pick(self._HOSPITALS), "condition": lambda: c.pick(self._CONDITIONS),
                "name": c.person, "holder": c.person, "id4": lambda: r.randint(1000, 9999),
                "dob": dob,
                "app": lambda: c.code(2, 8), "claim": lambda: "CLM-" + c.code(0, 8),
                "extra": lambda: c.money((30, 150), (20, 80), 5), "share": lambda: r.choice([70, 80, 90, 100])}

    def plans(self) -> Call:
        c, r, s = self.c, self.c.rng, self.s

        def make(i: int) -> dict[str, Any]:
            return {"plan": c.t(r.choice([("尊享e生", "Silver Select"), ("安心保", "Gold Plus"), ("百万医疗", "Bronze Saver"),
                                          ("长相安", "Platinum Care"), ("好医保", "Essential PPO")])) + f" {r.randint(2024, 2026)}",
                    "insurer": c.pick(self._INSURERS), "monthly_premium": int(s["budget"] * r.uniform(0.5, 1.3)),
                    "deductible": c.money((0, 10000), (250, 4000), 250), "annual_limit": c.money((100, 600), (500, 5000), 50) * (10000 if c.zh else 1000),
                    "waiting_days": r.choice([30, 60, 90]), "pre_existing": r.random() < 0.4, "outpatient": r.random() < 0.5}
        args = {"age": s["age"], "max_monthly": s["budget"], "deductible_max": s["deductible"]}
        content, found = _grow(c, make, lambda rs: {"query": args, "plans": rs, "currency": "CNY" if c.zh else "USD"}, least=2)
        lines = [c.t((f"{p['insurer']}「{p['plan']}」：每月{p['monthly_premium']}元，免赔额{p['deductible']}元，年度限额{p['annual_limit'] // 10000}万，"
                      + f"等待期{p['waiting_days']}天{'，可保既往症' if p['pre_existing'] else ''}",
                      f"{p['insurer']} {p['plan']}: ${p['monthly_premium']}/month, deductible ${p['deductible']}, annual limit "
                      + f"${p['annual_limit']:,}, {p['waiting_days']}-day wait{', covers pre-existing' if p['pre_existing'] else ''}")) for p in found]
        intro = c.t((f"按{s['age']}岁查到{len(found)}款，预算内比较合适的：", f"I found {len(found)} plans for age {s['age']}; the ones within budget:"))
        return Call("quote_plans", args, content, intro, lines, tuple({"plan": f"{p['insurer']} {p['plan']}"} for p in found))

    def policy_detail(self) -> Call:
        c, r, s = self.c, self.c.rng, self.s
        items: list[Pair] = [("住院医疗", "inpatient"), ("门诊手术", "outpatient surgery"), ("特殊门诊", "specialist visits"),
                             ("院外特药", "specialty drugs"), ("质子重离子", "proton therapy"), ("住院津贴", "daily hospital cash")]

        def make(i: int) -> dict[str, Any]:
            return {"item": c.pick(items), "limit": c.money((10000, 2000000), (5000, 1000000), 1000),
                    "ratio": r.choice([0.6, 0.8, 1.0]), "note": c.t(r.choice([("需经医保结算", "in-network only"), ("无", "none"),
                                                                             ("限二级及以上公立医院", "accredited hospitals only")]))}
        head = {"policy_no": s["policy"], "holder": s["holder"], "insured": s["name"], "status": "active",
                "start": c.day(-700, -30).isoformat(), "deductible": s["deductible"]}
        exclusions = [c.t(("等待期内确诊疾病", "conditions diagnosed in the waiting period")), c.t(("美容整形", "cosmetic surgery"))]
        wrap = lambda rs: {**head, "coverage": rs, "exclusions": exclusions}
        content, found = _grow(c, make, wrap)
        lines = [c.t((f"{x['item']}：限额{x['limit']}元，报销比例{int(x['ratio'] * 100)}%",
                      f"{x['item']}: limit ${x['limit']:,}, pays {int(x['ratio'] * 100)}%")) for x in found]
        return Call("get_policy", {"policy_no": s["policy"]}, content,
                    c.t((f"保单{s['policy']}的保障责任：", f"Coverage on policy {s['policy']}:")), lines)

    def claim_status(self) -> Call:
        c, s = self.c, self.s
        steps: list[Pair] = [("已受理", "received"), ("材料审核中", "documents under review"), ("需补充费用清单", "itemized bill requested"),
                             ("理算中", "being assessed"), ("已结案", "closed")]

        start = c.now - timedelta(days=30)

        def make(i: int) -> dict[str, Any]:
            return {"date": (start + timedelta(days=i)).date().isoformat(), "status": c.pick(steps), "handler": c.person()}
        content, found = _grow(c, make, lambda rs: {"claim_id": s["claim"], "policy_no": s["policy"], "amount": s["bill"], "history": rs})
        return Call("claim_status", {"claim_id": s["claim"]}, content,
                    c.t((f"理赔{s['claim']}的处理记录：", f"History of claim {s['claim']}:")),
                    [f"{e['date']} {e['status']}（{e['handler']}）" if c.zh else f"{e['date']} {e['status']} ({e['handler']})" for e in found[-4:]])

    def terms(self) -> Call:
        c = self.c
        clauses: list[Pair] = [("等待期{wait}天，意外伤害无等待期", "{wait}-day waiting period, none for accidents"),
                               ("年度免赔额{deductible}元，家庭成员共享", "Annual deductible ${deductible}, shared by the family"),
                               ("犹豫期{look}天内解除合同全额退还保费", "Full refund if cancelled within the {look}-day free-look period"),
                               ("续保时保费按年龄段调整，最高上浮{rise}%", "Renewal premiums follow age bands, up to {rise}% higher"),
                               ("既往症需在投保时如实告知", "Pre-existing conditions must be declared on application"),
                               ("理赔申请需在出院后{file}天内提交", "Claims must be filed within {file} days of discharge"),
                               ("住院津贴每日{cash}元，最多{cap}天", "Hospital cash ${cash} per day, up to {cap} days"),
                               ("境外就医不在保障范围内", "Treatment abroad is not covered"),
                               ("投保年龄为出生满30天至{age}周岁", "Enrollment from 30 days old to age {age}"),
                               ("保单年度内累计赔付达到限额后，当年保障终止", "Coverage ends for the year once the annual limit is paid out")]
        items = _clauses(c, clauses, wait=[30, 60, 90], deductible=[0, 500, 1000, 5000, 10000], look=[10, 15, 20],
                         rise=[15, 30], file=[30, 60, 90], cash=[50, 100, 200], cap=[30, 90, 180], age=[60, 65, 70, 75])
        content, shown = _listing(c, c.t(("条款摘要：", "Terms summary:")), items,
                                  c.t(("以上为条款摘要，完整内容以保险合同为准。", "Summary only; the policy contract governs.")))
        return Call("get_terms", {"policy_no": self.s["policy"]}, content, c.t(("条款里相关的几条：", "The relevant terms:")), shown[:3])

    def submit(self) -> Call:
        s, c = self.s, self.c
        if self.topic == "claim":
            args = {"policy_no": s["policy"], "hospital": s["hospital"], "amount": s["bill"], "payout_account": f"****{s['id4']}"}
            return Call("file_claim", args, _receipt(c, {"status": "filed", "claim_id": s["claim"], **args}), "", [])
        args = {"policy_no": s["policy"], "insured": s["name"], **{k: s[k] for k in ("plan",) if k in s}, "kind": "application"}
        return Call("submit_application", args, _receipt(c, {"status": "submitted", "application_id": s["app"],
                                                        "next_steps": [c.t(("上传身份证明", "upload ID")),
                                                                       c.t(("完成健康告知", "complete the health questionnaire"))]}), "", [])


class _Clinic(_Domain):
    POOLS: ClassVar[Pools] = {
        "thing": [("{patient}{day}的预约", "{patient}'s appointment on {day}")],
        "open": [("想给{relation}约个{dept}的号，{symptom}。", "I'd like to book {dept} for {relation}: {symptom}."),
                 ("{dept}最近哪天有号？{patient}{symptom}。", "When's the next {dept} opening? {patient} has {symptom}."),
                 ("我{symptom}，想挂{dept}，{day}能看吗？", "I've got {symptom} and want to see {dept}. Anything on {day}?")],
        "constraint": [("{patient}要上班，只能约周末或者工作日晚上6点以后。", "{patient} works, so it has to be a weekend or a weekday after 6pm."),
                       ("要女医生，{relation}会比较放心。", "A female doctor please, {relation} would be more comfortable."),
                       ("最好是{doctor}，之前看过觉得挺好。", "Ideally {doctor}, we saw them before and liked them."),
                       ("别约太早，{clock}之前到不了。", "Nothing before {clock}, we can't get there earlier."),
                       ("挂号费{visit}元以内，太贵的专家号就算了。", "Keep the visit fee under ${visit}, skip the expensive specialists."),
                       ("要能用{ins}结算的。", "It has to take {ins}.")],
        "correction": [("day", "改约到{new}吧，那天我请了假。", "Move it to {new}, I took that day off."),
                       ("time", "时间改成{new}，早上要送孩子上学。", "Change the time to {new}, I do school drop-off in the morning."),
                       ("patient", "就诊人写错了，应该是{new}。", "Wrong name on it, it should be {new}.")],
        "prohibit": [("先别确认预约，我问问{relation}那天有没有空。", "Don't confirm the appointment yet, I need to check {relation}'s schedule.",
                      "好的，预约先不确认，号我先帮您留意着。", "Sure, I won't confirm yet; I'll keep an eye on the slot."),
                     ("原来{day}那个号先别取消，等新的约上了再说。", "Don't cancel the {day} appointment until the new one is confirmed.",
                      "明白，原来的预约保留，新号约上之前不会取消。", "Understood, the old appointment stays until the new one is confirmed."),
                     ("{visit}元先别付，我看看{ins}能不能报。", "Don't pay the ${visit} yet, I want to see if {ins} covers it.",
                      "好的，先不付款，您确认报销后再说。", "Okay, no payment until you've checked your coverage.")],
        "question": [("{day}看{dept}之前需要空腹吗？", "Does the {dept} visit on {day} need fasting?",
                      "{dept}一般不用空腹；如果医生开了抽血检查，最好空腹8小时以上。",
                      "A {dept} visit usually doesn't need fasting; if blood work is ordered, fast for 8 hours."),
                     ("{day}那次看诊大概要多久？要提前多久到？", "How long is the {day} visit, and how early should we arrive?",
                      "看诊一般{length}分钟左右，首诊建议提前{mins}分钟到，需要填写病史和过敏信息。",
                      "Visits take about {length} minutes; for a first visit arrive {mins} minutes early to fill in history and allergies."),
                     ("{clinic}能停车吗？停车费多少？我大概{time}到。", "Is there parking at {clinic}, and what does it cost? I'll get there around {time}.",
                      "停车场在地下二层，看诊可以免费停{k}小时，之后每小时{parking}元。",
                      "There's parking on B2, free for {k} hours with a visit and ${parking} an hour after that."),
                     ("如果{patient}要做检查，当天能出结果吗？", "If they run tests on {patient}, are the results back the same day?",
                      "血常规一般一小时出结果，其他化验可能要两到三天，出来后会短信通知。",
                      "Blood counts come back in about an hour; other labs take two or three days and you get a text when they're in."),
                     ("{patient}需要带疫苗本吗？", "Should {patient} bring the vaccination record?",
                      "儿科就诊建议带上疫苗本和之前的病历，方便医生了解情况。",
                      "Yes, bring the vaccination record and any earlier records for a pediatric visit."),
                     ("{dept}可以线上问诊吗？{patient}不想跑一趟。", "Is a video visit an option for {dept}? {patient} would rather not go in.",
                      "{dept}支持线上复诊，首诊建议线下，线上问诊费{online}元。",
                      "Video visits work for {dept} follow-ups; first visits should be in person. A video visit is ${online}.")],
        "claim": [("上次{doctor}说复诊不收挂号费。", "Last time {doctor} said follow-ups don't have a visit fee."),
                  ("我已经在你们小程序上付过{visit}元了。", "I already paid ${visit} in your app."),
                  ("{doctor}说过这周会加号。", "{doctor} said they'd add extra slots this week.")],
        "info": [("就诊人{patient}，{age}岁，手机号{phone}。", "Patient is {patient}, age {age}, phone {phone}."),
                 ("之前在你们这儿看过，病历号{mrn}。", "We've been there before, medical record number {mrn}."),
                 ("{patient}对青霉素过敏，麻烦备注一下。", "{patient} is allergic to penicillin, please note that.")],
        "explain": [("{dept}的号一般提前{release}天放出，早上8点开放，专家号比较紧张。", "Slots for {dept} open {release} days ahead at 8am; specialists go fast."),
                    ("预约后如需取消，请至少提前{hours}小时，否则会记一次爽约。", "To cancel, do it at least {hours} hours ahead or it counts as a no-show."),
                    ("{ins}可以直接结算，自付部分在现场支付。", "{ins} is billed directly; you pay your share at the desk."),
                    ("就诊时请带好身份证件和{ins}卡。", "Bring photo ID and your {ins} card."),
                    ("{clinic}下午的号通常比上午好约一些。", "Afternoon slots at {clinic} are usually easier to get than mornings.")],
        "ask": [("您倾向哪个时间段？", "Which time works better?"), ("需要我帮您同时约复诊吗？", "Should I book a follow-up at the same time?"),
                ("就诊人有没有过敏史？", "Any allergies I should note?"), ("要我把预约提醒发到{phone}吗？", "Shall I send the reminder to {phone}?")],
        "recap": [("目前：{patient}的{dept}，想约{day}{time}，{status}。", "So far: {dept} for {patient}, aiming for {day} at {time}; {status}.")],
        "done": [("预约成功，{day}{time}，{doctor}，预约号{conf}，请提前15分钟到。", "Booked for {day} at {time} with {doctor}, confirmation {conf}. Please arrive 15 minutes early.")],
    }
    SEARCH = ("slots",)
    LOOKUP = ("clinic_info", "prep")
    _DEPTS: ClassVar[list[tuple[str, str, str, str]]] = [
        ("皮肤科", "手上起了很多小红疹，很痒", "dermatology", "a rash on the hands that keeps itching"),
        ("儿科", "发烧两天了，有点咳嗽", "pediatrics", "a fever for two days and a cough"),
        ("口腔科", "后槽牙一碰冷水就疼", "dental", "a back tooth that hurts with anything cold"),
        ("眼科", "眼睛干涩，看东西有点模糊", "ophthalmology", "dry eyes and some blurry vision"),
        ("骨科", "膝盖上楼梯的时候疼", "orthopedics", "knee pain going up stairs"),
        ("耳鼻喉科", "鼻塞一个多月了", "ENT", "a stuffy nose for over a month")]
    _INS: ClassVar[list[Pair]] = [("医保", "Blue Cross"), ("商业保险", "Aetna"), ("职工医保", "UnitedHealthcare"), ("城乡居民医保", "Medicare")]

    def generators(self) -> dict[str, Callable[[], Any]]:
        c, r = self.c, self.c.rng
        zd, zs, ed, es = r.choice(self._DEPTS)
        doctor = lambda: (r.choice(_SURNAMES) + r.choice(["医生", "主任", "大夫"])) if c.zh else f"Dr. {r.choice(_LAST)}"
        return {"dept": lambda: zd if c.zh else ed, "symptom": lambda: zs if c.zh else es, "patient": c.person,
                "age": lambda: r.randint(3, 80), "doctor": doctor, "day": lambda: c.day(1, 21), "time": c.clock,
                "visit": lambda: c.money((20, 300), (25, 250), 5), "ins": lambda: c.pick(self._INS), "phone": c.phone,
                "mrn": lambda: c.code(0, 9), "conf": lambda: c.code(3, 5), "length": lambda: r.choice([10, 15, 20, 30]),
                "parking": lambda: c.money((5, 15), (3, 8), 1), "online": lambda: c.money((20, 100), (30, 90), 5),
                "release": lambda: r.choice([7, 14]),
                "clinic": lambda: (c.city() + r.choice(["仁和", "康宁", "同济", "阳光", "瑞康"]) + r.choice(["门诊部", "诊所", "医院"])) if c.zh
                else f"{r.choice(['Riverside', 'Maple', 'Harbor', 'Northside', 'Cedar'])} {r.choice(['Family Clinic', 'Medical Group', 'Health Center'])}"}

    def slots(self) -> Call:
        c, r, s = self.c, self.c.rng, self.s
        doctor = self.gen["doctor"]

        def make(i: int) -> dict[str, Any]:
            return {"doctor": doctor(), "title": c.t(r.choice([("主任医师", "MD, attending"), ("副主任医师", "MD"), ("主治医师", "NP")])),
                    "date": c.day(1, 21).isoformat(), "time": c.hhmm(8, 19), "fee": c.money((20, 300), (25, 250), 5),
                    "remaining": r.randint(1, 12), "room": f"{r.randint(1, 6)}{r.randint(0, 2)}{r.randint(1, 9)}"}
        args = {"department": s["dept"], "from": c.now.date().isoformat(), "to": (c.now.date() + timedelta(days=21)).isoformat()}
        content, found = _grow(c, make, lambda rs: {"clinic": s["clinic"], "department": s["dept"], "slots": rs}, least=2)
        lines = [c.t((f"{x['date']} {x['time']}，{x['doctor']}（{x['title']}），挂号费{x['fee']}元，剩{x['remaining']}个号",
                      f"{x['date']} {x['time']}, {x['doctor']} ({x['title']}), ${x['fee']} visit fee, {x['remaining']} left")) for x in found]
        intro = c.t((f"{s['clinic']}{s['dept']}未来三周有{len(found)}个可约时段，比较合适的：",
                     f"{s['clinic']} has {len(found)} {s['dept']} openings in the next three weeks; the best ones:"))
        return Call("find_slots", args, content, intro, lines, tuple(
            {"doctor": x["doctor"], "day": date.fromisoformat(x["date"]), "time": x["time"]} for x in found))

    def clinic_info(self) -> Call:
        c, r, s = self.c, self.c.rng, self.s

        def make(i: int) -> dict[str, Any]:
            return {"days": c.t(r.choice([("周一至周五", "Mon-Fri"), ("周六", "Sat"), ("周日", "Sun")])),
                    "open": c.hhmm(7, 9), "close": c.hhmm(17, 21), "department": s["dept"] if i == 0 else c.t(r.choice(self._DEPTS)[::2])}
        head = {"name": s["clinic"], "phone": c.phone()}
        tail = {"parking": c.t(("地下二层，就诊免费2小时", "B2, 2 hours free with a visit")),
                "insurance": [c.pick(self._INS), c.pick(self._INS)],
                "notes": [c.t(("首诊请携带身份证件", "Bring photo ID to a first visit")), c.t(("儿科需家长陪同", "Minors need a guardian"))]}
        wrap = lambda rs: {**head, "hours": rs, **tail}
        content, found = _grow(c, make, wrap)
        lines = [c.t((f"{h['days']} {h['open']}-{h['close']}（{h['department']}）", f"{h['days']} {h['open']}-{h['close']} ({h['department']})")) for h in found[:4]]
        return Call("clinic_info", {"clinic": s["clinic"]}, content, c.t((f"{s['clinic']}的门诊时间：", f"Hours at {s['clinic']}:")), lines)

    def prep(self) -> Call:
        c = self.c
        notes: list[Pair] = [("就诊前{fast}小时内不要进食，可以少量喝水", "No food for {fast} hours before the visit; small sips of water are fine"),
                             ("请携带近{months}个月内的检查报告和影像片子", "Bring test results and imaging from the last {months} months"),
                             ("请提前{early}分钟到达，在一楼自助机签到取号", "Arrive {early} minutes early and check in at the kiosk on the ground floor"),
                             ("正在服用的药物请列一份清单带来，包括保健品", "Bring a list of current medications, supplements included"),
                             ("儿童就诊请携带疫苗接种记录和出生证明", "For children, bring the vaccination record and birth certificate"),
                             ("检查当天请勿佩戴隐形眼镜，也不要化眼妆", "No contact lenses or eye makeup on the day of the exam"),
                             ("如需拍X光，请提前告知医生是否怀孕或备孕", "Tell the doctor before any X-ray if you are or might be pregnant"),
                             ("请穿宽松方便的衣物，方便检查和换药", "Wear loose clothing so the exam and any dressing are easy"),
                             ("首诊需要填写过敏史和既往病史，大约需要10分钟", "First visits need an allergy and history form, about 10 minutes"),
                             ("未满18周岁的患者需由监护人陪同并携带身份证件", "Patients under 18 need a guardian with photo ID"),
                             ("医保患者请携带医保卡或电子医保凭证", "Insured patients should bring their card or digital insurance ID")]
        items = _clauses(c, notes, fast=[4, 6, 8], months=[3, 6, 12], early=[15, 20, 30])
        content, shown = _listing(c, c.t((f"{self.s['dept']}就诊须知：", f"Before your {self.s['dept']} visit:")), items,
                                  c.t(("如有疑问请致电门诊服务台。", "Questions? Call the front desk.")))
        return Call("prep_instructions", {"department": self.s["dept"]}, content, c.t(("就诊前需要注意：", "Before the visit:")), shown[:3])

    def submit(self) -> Call:
        s = self.s
        args = {"patient": s["patient"], "department": s["dept"], "day": self.c.show(s["day"]), "time": s["time"], "doctor": s["doctor"]}
        return Call("book_appointment", args, _receipt(self.c, {"status": "booked", "confirmation": s["conf"], **args,
                                                      "cancel_before_hours": 24}), "", [])


class _Software(_Domain):
    POOLS: ClassVar[Pools] = {
        "thing": [("工单{ticket}的升级", "the escalation of {ticket}")],
        "thing_billing": [("{account}的套餐变更", "the plan change for {account}")],
        "open": [("{product}从{since}开始一直报错{error}，同步不了，版本{version}，{os}。", "{product} has been throwing {error} since {since} and won't sync. Version {version} on {os}."),
                 ("我们团队{seats}个人用{product}，今天早上全都登不上去了，报错{error}。", "Our team of {seats} can't log into {product} since this morning, error {error}."),
                 ("{product}升级到{version}以后特别卡，打开一个文件要等半分钟。", "Since updating {product} to {version}, it's painfully slow, half a minute to open a file.")],
        "open_billing": [("想问下{product}团队版怎么收费，我们大概{seats}个人。", "What does the team plan of {product} cost? We're about {seats} people."),
                         ("我们的{product}快到期了，想从月付改成年付，顺便加几个席位，现在是{seats}个人。", "Our {product} subscription is up for renewal; we want annual billing and a few more seats, {seats} people now.")],
        "constraint": [("别让我重装{version}，上次重装丢了一堆本地设置。", "Please don't make me reinstall {version}, last time I lost all my local settings."),
                       ("只能在测试账号上试，{account}是生产环境，别动。", "Test account only, {account} is production, don't touch it."),
                       ("公司{seats}台{os}电脑都没有管理员权限，需要管理员的方法都用不了。", "Our {seats} company {os} laptops have no admin rights, so nothing that needs admin."),
                       ("{when}要给客户演示，在那之前必须修好。", "We demo to a client {when}, it has to work by then.")],
        "constraint_billing": [("席位别超过{seats}个，多了财务不批。", "Don't go over {seats} seats, finance won't approve more."),
                               ("{seats}个席位只能年付，月付我们报销不了。", "Annual billing only for the {seats} seats, we can't expense monthly."),
                               ("发票发到{account}，抬头要写公司全称，税号我等下发你。", "Invoices go to {account} with the full company name; I'll send the tax ID."),
                               ("每年总价控制在{cap}元以内。", "Keep the yearly total under ${cap}.")],
        "correction": [("version", "说错了，版本是{new}，不是{version}。", "Sorry, the version is {new}, not {version}."),
                       ("os", "更正一下，出问题的是{new}那台电脑。", "Correction: it's the {new} machine that has the problem.")],
        "correction_billing": [("seats", "人数改成{new}个，又来了几个新同事。", "Make it {new} seats, a few new people joined."),
                               ("account", "账单邮箱换成{new}。", "Send the invoices to {new} instead.")],
        "prohibit": [("工单{ticket}先别关，问题还没彻底解决。", "Don't close {ticket} yet, it's not fully fixed.",
                      "好的，工单保持打开，直到您确认解决。", "Sure, the ticket stays open until you confirm it's fixed."),
                     ("别清除缓存，里面有{since}以后还没同步的文件。", "Don't clear the cache, there are unsynced files from {since} in it.",
                      "明白，不会清缓存，我们换别的办法排查。", "Understood, no cache clearing; we'll try other steps."),
                     ("{ticket}先别升级，我们自己再排查一下。", "Don't escalate {ticket} yet, we'll dig into it ourselves first.",
                      "好的，先不升级，需要的时候告诉我。", "Okay, no escalation for now; just say when.")],
        "prohibit_billing": [("先别升级{account}的套餐，我要等老板批。", "Don't upgrade {account} yet, I need my boss to sign off.",
                              "好的，套餐先不变，等您老板批了再说。", "Sure, the plan stays as is until your boss signs off."),
                             ("先别扣款，等财务确认{cap}元的预算。", "Don't charge anything until finance confirms the ${cap} budget.",
                              "明白，不会扣款，等财务确认。", "Understood, no charges until finance confirms.")],
        "question": [("{error}这个错误码到底是什么意思？", "What does {error} actually mean?",
                      "{error}通常是本地证书或代理拦截导致的，先检查系统时间是否准确，再看代理设置。",
                      "{error} usually comes from a local certificate or proxy interception; check the system clock first, then the proxy settings."),
                     ("请求ID是{reqid}，是你们服务器的问题还是我们这边的问题？", "Request ID {reqid}: is this on your side or ours?",
                      "状态页显示{region}区域今天上午有一次{mins}分钟的故障，已经恢复；如果现在还报错，更可能是本地的问题。",
                      "Our status page shows a {mins}-minute outage in {region} this morning, now resolved; if it still fails, it's more likely local."),
                     ("从{version}回退到上一个版本可以吗？会丢数据吗？", "Can I roll back from {version} without losing data?",
                      "回退版本不会删除云端数据，但本地未同步的改动需要先导出备份。",
                      "Rolling back won't touch cloud data, but export any unsynced local changes first."),
                     ("{version}的日志文件在{os}上哪儿能找到？", "Where do I find the {version} log files on {os}?",
                      "日志在 设置 → 帮助 → 导出诊断信息 里，会打包成一个zip文件，直接发我就行。",
                      "Logs are under Settings → Help → Export diagnostics; it makes one zip file you can send me.")],
        "question_billing": [("{seats}个人的话，团队版和企业版差在哪？", "For {seats} people, what's the difference between the team and enterprise plans?",
                              "企业版多了单点登录、审计日志和99.9%的可用性承诺，价格大约是团队版的两倍。",
                              "Enterprise adds SSO, audit logs and a 99.9% uptime SLA, at about twice the team price."),
                             ("{account}是学校的账号，有没有教育优惠？", "{account} belongs to a school, is there an education discount?",
                              "学校和非营利组织可以申请五折，需要提供资质证明，审核{k}个工作日。",
                              "Schools and nonprofits get 50% off with proof of status; review takes {k} business days."),
                             ("在{seats}个基础上中途加席位怎么算钱？", "If we add seats mid-term on top of {seats}, how is that billed?",
                              "中途加的席位按剩余天数折算，下个账单周期一起收。",
                              "Seats added mid-term are prorated for the remaining days and billed with the next invoice."),
                             ("年付{cap}元的话，中途能退吗？", "Can a ${cap} annual payment be refunded partway?",
                              "年付{days}天内可以全额退款，之后按未使用的月份退。",
                              "Annual plans are fully refundable within {days} days, then prorated by unused months.")],
        "claim": [("我们合同里写的是{k}小时内响应。", "Our contract says {k}-hour response time."),
                  ("上周你们的工程师{person}说{version}已经修复了。", "Your engineer {person} told me last week {version} had the fix."),
                  ("我们没改过任何设置，{since}你们更新以后才出的问题。", "We didn't change any settings, it started after your update {since}.")],
        "info": [("账号是{account}，工单号{ticket}。", "Account is {account}, ticket {ticket}."),
                 ("报错截图里的请求ID是{reqid}。", "The request ID in the error screenshot is {reqid}."),
                 ("我们用的是公司代理，地址{proxy}。", "We're behind a corporate proxy at {proxy}.")],
        "explain": [("{version}有一个已知问题，同步大文件夹时会卡住，{fix}已经修复。", "Version {version} has a known issue that stalls on large folders; it's fixed in {fix}."),
                    ("建议先退出账号再重新登录，很多同步问题能直接恢复。", "Signing out and back in clears many sync problems."),
                    ("如果公司有代理，需要把我们的域名加到白名单里。", "Behind a corporate proxy, our domains need to be on the allow list."),
                    ("{os}上的客户端会自动更新，除非管理员关掉了自动更新。", "The {os} client updates itself unless an admin turned that off.")],
        "explain_billing": [("团队版按席位计费，每席位每月{price}元，年付打八五折。", "The team plan is ${price} per seat per month, 15% off with annual billing."),
                            ("席位可以随时增减，减少的席位从下个周期生效。", "Seats can be added any time; removed seats take effect next cycle."),
                            ("年付支持对公转账，到账后开具发票。", "Annual plans can be paid by bank transfer; the invoice follows payment."),
                            ("管理员可以在后台看到每个席位的最近登录时间，方便清理不用的账号。", "Admins can see each seat's last sign-in to clean up unused accounts.")],
        "ask": [("方便把诊断日志发我吗？", "Could you send the diagnostics zip?"), ("其他同事的电脑也有同样问题吗？", "Are colleagues seeing the same thing?"),
                ("需要我帮您提升工单优先级吗？", "Want me to raise the ticket's priority?"), ("您这边能接受远程协助吗？", "Would a remote session work for you?")],
        "ask_billing": [("按年付的话，我现在就可以给您出报价单，需要吗？", "Shall I prepare a quote for annual billing now?"),
                        ("需要几个管理员账号？", "How many admin accounts do you need?"), ("发票抬头和税号方便发我吗？", "Could you send the company name and tax ID for the invoice?")],
        "recap": [("目前：{product} {version}在{os}上报{error}，工单{ticket}，升级处理{status}。", "So far: {product} {version} on {os} failing with {error}, ticket {ticket}; escalation {status}.")],
        "recap_billing": [("目前：{product}团队版，{seats}个席位，年付，账单发到{account}，{status}。", "So far: {product} team plan, {seats} seats, annual billing to {account}; {status}.")],
        "done": [("已经升级处理，工单{ticket}调到P1，二线工程师会在{k}小时内联系您。", "Escalated: ticket {ticket} is now P1 and a tier-2 engineer will contact you within {k} hours.")],
        "done_billing": [("已经处理了，变更单号{change}，{seats}个席位即时生效，发票会发到{account}。", "Done: change {change}, {seats} seats effective now, and the invoice goes to {account}.")],
    }
    TOPICS = ("bug", "bug", "billing")
    SEARCH = ("kb",)
    LOOKUP = ("ticket", "status_page", "kb")

    def choices(self) -> bool:
        return self.topic == "billing"

    def searches(self) -> tuple[str, ...]:
        return ("license",) if self.topic == "billing" else self.SEARCH

    def lookups(self) -> tuple[str, ...]:
        return ("license",) if self.topic == "billing" else self.LOOKUP

    def values(self) -> dict[str, Any]:
        out = super().values()
        major, minor, _ = out["version"].split(".")
        out["fix"] = f"{major}.{int(minor) + 1}.0"
        return out
    _PRODUCTS: ClassVar[list[Pair]] = [("云帆网盘", "CloudNest Drive"), ("星图协作", "Trellis Desk"), ("极简记账", "Ledgerly"),
                             ("蓝鲸CRM", "Pulse CRM"), ("迅达会议", "Huddle Meet")]
    _OS: ClassVar[list[str]] = ["Windows 11", "Windows 10", "macOS 14", "macOS 15", "Ubuntu 22.04", "iOS 18", "Android 15"]
    _REGIONS: ClassVar[list[Pair]] = [("华东", "us-east"), ("华北", "us-west"), ("华南", "eu-central"), ("西南", "ap-south")]

    def generators(self) -> dict[str, Callable[[], Any]]:
        c, r = self.c, self.c.rng
        product = c.pick(self._PRODUCTS)
        version = lambda: f"{r.randint(3, 7)}.{r.randint(0, 12)}.{r.randint(0, 30)}"
        return {"product": lambda: product, "version": version, "os": lambda: r.choice(self._OS), "cap": lambda: c.money((5000, 60000), (1000, 20000), 500),
                "error": lambda: r.choice(["E-", "SYNC_", "AUTH-", "0x8007", "ERR_"]) + c.code(0, 4),
                "since": c.when, "seats": lambda: r.randint(5, 120), "ticket": lambda: "TCK-" + c.code(0, 6),
                "account": lambda: f"{r.choice(['it', 'ops', 'admin', 'team'])}{r.randint(1, 99)}@{r.choice(['acme', 'northwind', 'globex', 'initech'])}.com",
                "reqid": lambda: "".join(r.choice("0123456789abcdef") for _ in range(16)),
                "proxy": lambda: f"10.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}:{r.choice([3128, 8080, 8888])}",
                "price": lambda: c.money((15, 80), (4, 25), 1), "region": lambda: c.pick(self._REGIONS), "change": lambda: "CHG" + c.code(0, 7)}

    def kb(self) -> Call:
        c, r, s = self.c, self.c.rng, self.s
        titles: list[Pair] = [("同步时出现{e}的排查方法", "Troubleshooting {e} during sync"), ("{p}无法登录的常见原因", "Common reasons {p} won't sign in"),
                              ("如何导出诊断日志", "How to export diagnostic logs"), ("代理环境下的证书配置", "Certificate setup behind a proxy"),
                              ("回退到旧版本的步骤", "Rolling back to an earlier version"), ("大文件夹同步缓慢", "Slow sync on large folders")]

        def make(i: int) -> dict[str, Any]:
            return {"id": f"KB-{r.randint(1000, 99999)}", "title": c.pick(titles).format(e=s["error"], p=s["product"]),
                    "updated": c.day(-300, -1).isoformat(), "applies_to": [self.gen["version"]() for _ in range(r.randint(1, 3))],
                    "views": r.randint(50, 90000), "helpful": round(r.uniform(0.4, 0.98), 2)}
        args = {"query": s["error"], "product": s["product"], "version": s["version"]}
        content, found = _grow(c, make, lambda rs: {"query": args, "articles": rs}, least=2)
        lines = [c.t((f"{a['id']}《{a['title']}》（{a['updated']}更新）", f"{a['id']} \"{a['title']}\" (updated {a['updated']})")) for a in found]
        return Call("search_kb", args, content, c.t((f"知识库里找到{len(found)}篇相关文章：", f"{len(found)} knowledge-base articles match:")), lines)

    def license(self) -> Call:
        c, r, s = self.c, self.c.rng, self.s

        def make(i: int) -> dict[str, Any]:
            return {"invoice": "INV-" + c.code(0, 7), "date": c.day(-400, -5).isoformat(),
                    "amount": s["price"] * s["seats"] * r.choice([1, 12]), "status": r.choice(["paid", "paid", "overdue"])}
        plans = [{"plan": p, "price_per_seat": s["price"] * m} for p, m in (("team", 1), ("business", 2), ("enterprise", 3))]
        head = {"account": s["account"], "plan": "team", "seats_total": s["seats"], "seats_used": r.randint(1, s["seats"]),
                "renews": c.day(5, 300).isoformat(), "options": plans}
        content, _ = _grow(c, make, lambda rs: {**head, "invoices": rs})
        lines = [c.t((f"{p['plan']}：每席位每月{p['price_per_seat']}元，{s['seats']}个席位年付约{p['price_per_seat'] * s['seats'] * 12 * 85 // 100}元",
                      f"{p['plan']}: ${p['price_per_seat']} per seat per month; {s['seats']} seats billed annually come to about "
                      + f"${p['price_per_seat'] * s['seats'] * 12 * 85 // 100:,}")) for p in plans]
        return Call("check_license", {"account": s["account"]}, content, c.t(("您账号的套餐和可选方案：", "Your plan and the options:")),
                    lines, tuple({"plan": p["plan"]} for p in plans))

    def ticket(self) -> Call:
        c, r, s = self.c, self.c.rng, self.s
        notes: list[Pair] = [("用户反馈同步失败", "customer reports sync failure"), ("已请求诊断日志", "diagnostics requested"),
                             ("复现成功，转二线", "reproduced, escalated to tier 2"), ("等待用户回复", "waiting on customer"),
                             ("已推送热修复", "hotfix pushed"), ("用户确认仍有问题", "customer says still broken")]

        start = c.now - timedelta(days=14)

        def make(i: int) -> dict[str, Any]:
            return {"time": f"{start + timedelta(hours=5 * i + r.randint(0, 4)):%Y-%m-%dT%H:%M}", "by": c.person(), "note": c.pick(notes)}
        priority = r.choice(["P2", "P3"])
        content, found = _grow(c, make, lambda rs: {"ticket": s["ticket"], "status": "open", "priority": priority,
                                                    "product": s["product"], "version": s["version"], "history": rs})
        return Call("get_ticket", {"ticket_id": s["ticket"]}, content,
                    c.t((f"工单{s['ticket']}的处理记录：", f"History of ticket {s['ticket']}:")),
                    [f"{e['time']} {e['by']}: {e['note']}" for e in found[-4:]])

    def status_page(self) -> Call:
        c, r = self.c, self.c.rng
        kinds: list[Pair] = [("登录服务响应缓慢", "slow sign-in"), ("文件同步延迟", "delayed file sync"), ("API错误率升高", "elevated API errors"),
                             ("计划内维护", "scheduled maintenance"), ("通知推送中断", "push notifications down")]
        when = sorted((c.now - timedelta(hours=r.randint(1, 24 * 30)) for _ in range(40)), reverse=True)
        items = [c.t(("{d:%Y-%m-%d %H:%M} {g}：{k}（持续{m}分钟）", "{d:%Y-%m-%d %H:%M} {g}: {k} ({m} min)")).format(
            d=d, g=c.pick(self._REGIONS), k=c.pick(kinds), m=r.randint(3, 180)) for d in when]
        content, shown = _listing(c, c.t(("近期服务状态：", "Recent incidents:")), items,
                                  c.t(("所有时间为北京时间。", "All times are local to the status page.")))
        return Call("service_status", {"product": self.s["product"]}, content,
                    c.t(("状态页上最近的几条：", "The latest entries on the status page:")), shown[:3])

    def submit(self) -> Call:
        s = self.s
        if self.topic == "bug":
            args = {"ticket_id": s["ticket"], "priority": "P1", "reason": s["error"]}
            return Call("escalate_ticket", args, _receipt(self.c, {"status": "escalated", **args, "queue": "tier-2"}), "", [])
        args = {"account": s["account"], "plan": s.get("plan", "team"), "seats": s["seats"], "billing": "annual"}
        return Call("change_plan", args, _receipt(self.c, {"status": "applied", "change_id": s["change"], **args}), "", [])


class _Moving(_Domain):
    POOLS: ClassVar[Pools] = {
        "thing": [("{date}从{src}搬走这单", "the {date} move from {src}")],
        "open": [("{date}要从{src}搬到{dst}，{rooms}，帮我找个搬家公司报个价。", "I'm moving from {src} to {dst} on {date}, a {rooms}. Can you get quotes from movers?"),
                 ("下个月搬家，{rooms}，{src}到{dst}，大概要多少钱？", "Moving next month, {rooms}, {src} to {dst}. Roughly what will it cost?"),
                 ("有台{item}要从{src}搬到{dst}，整个屋子一起搬，{date}。", "I need to move a {item} from {src} to {dst}, plus the rest of the place, on {date}.")],
        "constraint": [("{src}的老房子在{floor}楼，没有电梯。", "The old place in {src} is on floor {floor} with no elevator."),
                       ("必须{date}当天搬完，第二天房东就收房。", "Everything has to be out on {date}, the landlord takes the keys the next day."),
                       ("总价别超过{budget}元。", "Keep the total under ${budget}."),
                       ("{item}要专门包装，上次搬坏过一次。", "The {item} needs proper crating, it got damaged in the last move."),
                       ("预算就{budget}元，不要那种到了现场再加价的公司。", "My budget is ${budget}, no companies that add charges on the day."),
                       ("{item}当初买了{k}万多，一定要有货物保险。", "The {item} cost over ${k},000, so it has to include insurance for the goods.")],
        "correction": [("date", "搬家日期改成{new}，房东同意延一周。", "Move the date to {new}, the landlord gave us another week."),
                       ("rooms", "说错了，是{new}，不是{rooms}。", "Sorry, it's a {new}, not a {rooms}."),
                       ("dst", "新地址换了，改成{new}。", "The new address changed, it's {new} now.")],
        "prohibit": [("{deposit}元定金先别付，我再比较两家。", "Don't pay the ${deposit} deposit yet, I want to compare two more.",
                      "好的，定金先不付，报价我帮您保留着。", "Sure, no deposit yet; the quotes stay on hold."),
                     ("别把我的电话{phone}给搬家公司，让他们先把报价发过来。", "Don't give the movers my number ({phone}), have them email quotes first.",
                      "明白，不会把您的电话给搬家公司，只让他们发书面报价。", "Understood, the movers won't get your number, only written quotes."),
                     ("{item}先别安排，可能卖掉不搬了。", "Leave the {item} out for now, I might sell it.",
                      "好的，{item}先不算进去。", "Okay, I'll leave the {item} out for now.")],
        "question": [("{date}搬的话，纸箱是他们带还是我自己准备？", "For the {date} move, do they bring boxes or do I get my own?",
                      "搬家公司一般免费提供{boxes}个纸箱，多要的每个{box_fee}元。",
                      "Most movers include {boxes} boxes for free; extras are ${box_fee} each."),
                     ("家具拆装要另外收费吗？{src}这边有个{item}。", "Is furniture disassembly extra? There's a {item} in {src}.",
                      "床和衣柜的拆装一般包含在报价里，{item}这类特殊物品另算。",
                      "Taking apart beds and wardrobes is usually included; special items like the {item} are extra."),
                     ("要是{date}下雨还搬吗？", "What happens if it rains on {date}?",
                      "下雨一般照常搬，会给家具包上防水膜；暴雨可以免费改期一次。",
                      "They usually go ahead in rain and wrap the furniture in plastic; in a storm you can reschedule once for free."),
                     ("{rooms}从{src}到{dst}，是按小时算还是按车算？", "A {rooms} from {src} to {dst}: is it by the hour or by the truck?",
                      "同城搬家多数是一口价，{rooms}超出约定时间的话每小时加{overtime}元。",
                      "Local moves are usually a flat rate; for a {rooms}, each hour over the estimate adds ${overtime}."),
                     ("{date}搬的话，冰箱要提前断电多久？", "For a {date} move, how long before should the fridge be unplugged?",
                      "冰箱建议搬前{hours}小时断电除霜，到新家静置几个小时再通电。",
                      "Unplug the fridge {hours} hours before to defrost, and let it stand a few hours before plugging it back in."),
                     ("能开发票吗？公司报销搬家费，上限{budget}元。", "Can I get a receipt? My employer reimburses moving costs up to ${budget}.",
                      "正规公司都能开发票，下单时备注抬头和税号就行。",
                      "Reputable movers give itemized receipts; add your employer's details when booking.")],
        "claim": [("朋友{person}说{company}上次给他打了八折。", "My friend {person} said {company} gave him 20% off."),
                  ("我已经付过{k}00元定金了。", "I've already paid a ${k}00 deposit."),
                  ("{dst}新小区说搬家车只能{clock}以前进。", "The new building in {dst} says trucks can only come in before {clock}.")],
        "info": [("联系人{name}，电话{phone}。", "Contact is {name}, {phone}."),
                 ("新家在{dst}，{k}楼，有电梯，车能停到楼下。", "The new place in {dst} is on floor {k}, has an elevator, and the truck can park outside."),
                 ("大件有：{item}、双人床、三人沙发、{k}个书柜。", "Big items: a {item}, a queen bed, a three-seat sofa, {k} bookcases.")],
        "explain": [("{rooms}一般需要一辆4.2米厢货和{crew}个工人，半天能搬完。", "A {rooms} usually needs one 16-foot truck and {crew} movers, about half a day."),
                    ("没有电梯的话每层楼会加收{stairs}元左右的楼层费。", "Walk-ups usually add about ${stairs} per floor."),
                    ("{item}属于特殊物品，需要专门包装，费用另算，大约{item_fee}元。", "The {item} counts as a special item and needs crating, about ${item_fee} extra."),
                    ("正规公司会在合同里写明总价和加价项，签之前看清楚有没有上楼费、远距离搬运费。", "Reputable movers put the total and any extras in the contract; check for stair and long-carry fees before signing."),
                    ("周末和月底是搬家高峰，工作日会便宜一到两成。", "Weekends and month-ends are peak days; weekdays run 10-20% cheaper.")],
        "ask": [("您大概有多少个箱子？", "About how many boxes do you have?"), ("新家楼下能停车吗？", "Can a truck park at the new building?"),
                ("要不要我把这几家的报价做个对比？", "Want a side-by-side of these quotes?"), ("{date}上午开始还是下午开始？", "Morning or afternoon start on {date}?")],
        "recap": [("目前：{date}从{src}搬到{dst}，{rooms}，预算{budget}元以内，{status}。", "So far: {src} to {dst} on {date}, {rooms}, budget under ${budget}; {status}.")],
        "done": [("已经约好了{company}，订单{order}，{date}上午8点到，定金{deposit}元已支付。", "Booked with {company}: order {order}, crew arrives 8am on {date}, ${deposit} deposit paid.")],
    }
    SEARCH = ("quotes",)
    LOOKUP = ("availability", "checklist")
    _PLACES: ClassVar[list[Pair]] = [("朝阳区望京", "Brooklyn"), ("海淀区五道口", "Jersey City"), ("浦东新区张江", "Oakland"), ("天河区珠江新城", "Cambridge"),
                           ("南山区科技园", "Evanston"), ("武侯区玉林", "Arlington"), ("西湖区文三路", "Somerville"), ("江宁区百家湖", "Queens")]
    _ROOMS: ClassVar[list[Pair]] = [("一室一厅", "studio"), ("两室一厅", "one-bedroom"), ("三室一厅", "two-bedroom"), ("三室两厅", "three-bedroom")]
    _ITEMS: ClassVar[list[Pair]] = [("钢琴", "piano"), ("双开门冰箱", "double-door fridge"), ("大鱼缸", "large aquarium"), ("跑步机", "treadmill"),
                          ("按摩椅", "massage chair"), ("实木衣柜", "solid wood wardrobe")]
    _COMPANIES: ClassVar[list[Pair]] = [("蚂蚁搬家", "Two Guys Moving"), ("大众搬场", "Bluebird Movers"), ("好邻居搬家", "Good Neighbor Moving"),
                              ("速达搬运", "Swift Haul"), ("安心搬家", "SafeHands Relocation"), ("佳佳搬家", "Allied Local")]

    def generators(self) -> dict[str, Callable[[], Any]]:
        c, r = self.c, self.c.rng
        src = c.pick(self._PLACES)
        return {"src": lambda: src, "dst": lambda: c.pick([p for p in self._PLACES if src not in p]), "date": lambda: c.day(7, 45),
                "rooms": lambda: c.pick(self._ROOMS), "floor": lambda: r.randint(3, 7), "item": lambda: c.pick(self._ITEMS),
                "budget": lambda: c.money((1500, 8000), (600, 4000), 100), "name": c.person, "phone": c.phone,
                "stairs": lambda: c.money((30, 100), (25, 75), 5), "item_fee": lambda: c.money((200, 800), (150, 600), 50),
                "company": lambda: c.pick(self._COMPANIES), "order": lambda: "MV" + c.code(0, 8), "deposit": lambda: c.money((200, 500), (100, 300), 50),
                "boxes": lambda: r.choice([10, 15, 20, 30]), "box_fee": lambda: c.money((3, 10), (2, 5), 1),
                "overtime": lambda: c.money((80, 200), (40, 120), 10), "crew": lambda: r.randint(2, 4)}

    def quotes(self) -> Call:
        c, r, s = self.c, self.c.rng, self.s

        def make(i: int) -> dict[str, Any]:
            return {"company": c.pick(self._COMPANIES), "price": int(s["budget"] * r.uniform(0.6, 1.4)), "crew": r.randint(2, 5),
                    "truck": c.t(r.choice([("4.2米厢货", "16ft"), ("6.8米厢货", "20ft"), ("金杯", "cargo van")])),
                    "hours": r.randint(3, 9), "insurance": r.random() < 0.6, "rating": round(r.uniform(3.5, 4.9), 1),
                    "reviews": r.randint(12, 3000), "extras": {"stairs_per_floor": s["stairs"], "special_item": s["item_fee"]}}
        args = {"from": s["src"], "to": s["dst"], "date": s["date"].isoformat(), "rooms": s["rooms"], "special_items": [s["item"]]}
        content, found = _grow(c, make, lambda rs: {"query": args, "quotes": rs, "currency": "CNY" if c.zh else "USD"}, least=2)
        lines = [c.t((f"{q['company']}：{q['price']}元，{q['crew']}个工人+{q['truck']}，约{q['hours']}小时，{'含' if q['insurance'] else '不含'}货物保险，评分{q['rating']}",
                      f"{q['company']}: ${q['price']}, {q['crew']} movers and a {q['truck']} truck, about {q['hours']} hours, "
                      + f"{'insured' if q['insurance'] else 'no insurance'}, rated {q['rating']}")) for q in found]
        intro = c.t((f"收到{len(found)}家报价：", f"{len(found)} movers quoted:"))
        return Call("quote_movers", args, content, intro, lines, tuple({"company": q["company"]} for q in found))

    def availability(self) -> Call:
        c, r, s = self.c, self.c.rng, self.s

        def make(i: int) -> dict[str, Any]:
            return {"date": (s["date"] + timedelta(days=i - 2)).isoformat(), "company": c.pick(self._COMPANIES),
                    "windows": [c.hhmm(7, 11), c.hhmm(12, 16)][: r.randint(1, 2)], "crews_free": r.randint(0, 4)}
        content, found = _grow(c, make, lambda rs: {"around": s["date"].isoformat(), "availability": rs})
        lines = [c.t((f"{x['date']} {x['company']}：{'、'.join(x['windows'])}，空闲{x['crews_free']}组",
                      f"{x['date']} {x['company']}: {', '.join(x['windows'])}, {x['crews_free']} crews free")) for x in found[:4]]
        return Call("check_availability", {"date": s["date"].isoformat()}, content, c.t(("那几天的档期：", "Availability around then:")), lines)

    def checklist(self) -> Call:
        c = self.c
        tasks: list[Pair] = [("搬家前{book}天预订搬家公司，周末和月底要更早", "Book the movers {book} days ahead, earlier for weekends and month-ends"),
                             ("准备{boxes}个左右中号纸箱、封箱胶带和记号笔", "Get about {boxes} medium boxes, packing tape and a marker"),
                             ("现金、证件、首饰等贵重物品随身携带，不要装箱", "Carry cash, documents and jewellery yourself, don't box them"),
                             ("冰箱提前{defrost}小时断电除霜，把冷冻室清空", "Unplug the fridge {defrost} hours ahead to defrost and empty the freezer"),
                             ("易碎品单独装箱，箱子外面写上“易碎”和房间名", "Pack fragile items separately and mark the boxes FRAGILE with the room name"),
                             ("拍照记录大件家具的现状，出现磕碰方便索赔", "Photograph large furniture beforehand in case of damage claims"),
                             ("提前办理水、电、燃气和宽带的过户或迁移", "Arrange the transfer of water, power, gas and internet in advance"),
                             ("确认新旧小区物业对搬家时间和电梯使用的规定", "Check both buildings' rules on moving hours and elevator use"),
                             ("提前{lift}天和物业预约货梯，有的小区要交押金", "Reserve the freight elevator {lift} days ahead; some buildings want a deposit"),
                             ("把第一晚要用的洗漱用品、充电器和换洗衣物单独装一箱", "Pack a first-night box: toiletries, chargers and a change of clothes"),
                             ("搬家当天留一个人在旧房子，最后检查有没有遗漏", "Leave someone at the old place on the day for a final sweep")]
        items = _clauses(c, tasks, book=[7, 10, 14, 21], boxes=[10, 15, 20, 30], defrost=[12, 24], lift=[2, 3, 5])
        content, shown = _listing(c, c.t(("搬家清单：", "Moving checklist:")), items, c.t(("祝您搬家顺利！", "Good luck with the move!")))
        return Call("packing_checklist", {"rooms": self.s["rooms"]}, content, c.t(("搬家前要做的几件事：", "Things to do before the move:")), shown[:3])

    def submit(self) -> Call:
        s = self.s
        args = {"company": s["company"], "from": s["src"], "to": s["dst"], "date": s["date"].isoformat(), "contact": s["phone"]}
        return Call("book_mover", args, _receipt(self.c, {"status": "booked", "order": s["order"], "deposit": s["deposit"], **args,
                                                "arrival_window": "08:00-09:00"}), "", [])


_DOMAINS: list[type[_Domain]] = [_Travel, _Returns, _Insurance, _Clinic, _Software, _Moving]
_ACTS = ["constraint", "question", "correction", "prohibit", "goahead", "claim", "info", "smalltalk"]
_WEIGHTS = [3.0, 4.0, 1.5, 1.0, 2.5, 1.0, 1.5, 1.5]
_TOOL_SHARE = {"open": 0.85, "constraint": 0.45, "correction": 0.5, "question": 0.5, "info": 0.55, "claim": 0.45,
               "prohibit": 0.0, "smalltalk": 0.0, "goahead": 1.0}


_FILLERS = {"sorry", "actually", "correction", "okay", "ok", "hmm", "also"}


def _quote(ctx: _Ctx, text: str, value: str = "") -> str:
    """The user's words as an answer echoes them: the clause of the first sentence that holds
    ``value`` (a corrected value), else a number, else the first that says something."""
    if ctx.zh:
        sentence = re.split(r"[。！？]", text)[0]
        clauses = re.split(r"[，：；]", sentence)
        long = lambda p: len(p) > 3
    else:
        sentence = re.split(r"(?<=[a-z]{3}[.?!]) |(?<=\d[.?!]) ", text)[0].rstrip(".?!")
        clauses = [p.strip() for p in re.split(r", |; |: ", sentence)]
        long = lambda p: len(p) > 8 and p.split()[0].lower() not in _FILLERS
    found = next((p for p in clauses if value and value in p), None) or \
        next((p for p in clauses if any(ch.isdigit() for ch in p)), None) or next((p for p in clauses if long(p)), sentence)
    return found if ctx.zh or found.startswith("I ") else found[0].lower() + found[1:]


class _Session:
    """The turns of one session, as long as asked: a task per domain, then the next."""

    def __init__(self, lang: str, seed: int) -> None:
        self.rng = random.Random(f"agent-session-{lang}-{seed}")
        r = self.rng
        offset = r.choice(_OFFSETS[lang])
        self.now = datetime(2026, 1, 1, tzinfo=timezone(timedelta(hours=offset))) + \
            timedelta(days=r.randrange(365), hours=r.randint(7, 22), minutes=r.randrange(60))
        self.c = _Ctx(lang, r, self.now)
        self.style = (r.choice(["。", "。", "", "～", "！"] if lang == "zh" else [".", ".", "", "!"]),
                      lang == "en" and r.random() < 0.3)
        self.system = self.c.pick(_COMMON["system"]).format(person=self.c.person(), level=r.choice(["Gold", "Silver", "Plus", "Basic"]))

    def turns(self) -> Iterator[Turn]:
        r, episode = self.rng, 0
        while True:
            order = list(_DOMAINS)
            r.shuffle(order)
            for kind in order:
                domain = kind(self.c)
                for k in range(r.randint(8, 22)):
                    yield self._turn(domain, k == 0, episode == 0)
                episode += 1

    def _act(self, domain: _Domain) -> str:
        while True:
            act = self.rng.choices(_ACTS, _WEIGHTS)[0]
            if act == "goahead" and (domain.submitted or not domain.options):
                continue
            if act == "prohibit" and (domain.held or domain.submitted):
                continue
            return act

    def _user(self, domain: _Domain, act: str, first: bool, opening: bool) -> str:
        c, (low, high) = self.c, LIMITS["user"]
        while True:
            domain.replies = []
            text = domain.say("pick" if act == "goahead" and domain.choices() and self.rng.random() < 0.6 else act)
            if first:
                text = c.pick(_COMMON["greeting" if opening else "transition"]) + text
            elif act in ("constraint", "question", "correction", "info") and self.rng.random() < 0.3:
                text += ("" if c.zh else " ") + domain.say(self.rng.choice(["question", "constraint"]))
            elif self.rng.random() < 0.2:
                text = c.pick(_COMMON["lead"]) + (text if c.zh else text[0].lower() + text[1:])
            if len(text) < low:
                text = c.t(("还有一点，", "One more thing: ")) + text
            text = self._styled(text)
            if len(text) <= high:
                return text

    def _styled(self, text: str) -> str:
        """The user's typing habits, the same all session: how sentences end, lower case."""
        ending, lower = self.style
        if text.endswith(("。", ".")) and not text.endswith("..."):
            text = text[:-1] + ending
        return text[0].lower() + text[1:] if lower and not text.startswith("I ") else text

    def _turn(self, domain: _Domain, first: bool, opening: bool) -> Turn:
        c, r = self.c, self.rng
        act = "open" if first else self._act(domain)
        user = self._user(domain, act, first, opening)
        calls: list[Call] = []
        if act == "goahead":
            domain.held, domain.submitted = False, True
            calls.append(domain.submit())
        elif act == "prohibit":
            domain.held = True
        elif r.random() < _TOOL_SHARE[act]:
            tool = r.choice(domain.searches() if act in ("open", "constraint", "correction") else domain.lookups())
            calls.append(domain.run(tool))
            others = [t for t in domain.searches() if t != tool]
            if act == "open" and others and r.random() < 0.3:  # parallel calls: flights and hotels
                calls.append(domain.run(r.choice(others)))
        messages: list[dict[str, Any]] = []
        if calls:
            ids = [c.call_id() for _ in calls]
            messages.append({"role": "assistant", "content": None, "tool_calls": [
                {"id": i, "type": "function", "function": {"name": call.name, "arguments": _dumps(call.args)}}
                for i, call in zip(ids, calls)]})
            messages += [{"role": "tool", "tool_call_id": i, "content": call.content} for i, call in zip(ids, calls)]
        answer = self._answer(domain, act, user, calls)
        return Turn({"role": "user", "content": user}, messages, {"role": "assistant", "content": answer})

    def _answer(self, domain: _Domain, act: str, user: str, calls: list[Call]) -> str:
        """Paragraphs: an acknowledgement or a reply, what the tools found (options as a numbered
        list), explanations, a recap, a follow-up question; within LIMITS["assistant"]."""
        c, r = self.c, self.rng
        values = domain.values()
        fill = lambda name: c.t(domain.draw(name)).format(**values)
        head = {"open": ["start"], "goahead": ["done"], "claim": ["verify"],
                "smalltalk": ["chat"]}.get(act, [])
        parts = [fill(name) for name in head]
        if act in ("constraint", "correction", "info"):
            quote = _quote(c, user, domain.said if act == "correction" else "")
            parts.append(c.t(domain.draw("noted" if act == "info" else "ack")).format(quote=quote))
        parts += domain.replies
        for call in calls:
            if call.lines:
                shown = call.lines[: r.randint(2, 4)]
                parts.append(call.intro + "\n" + "\n".join(f"{n}. {line}" for n, line in enumerate(shown, 1)))
                domain.options = max(domain.options, len(shown))
                domain.picks = call.picks[: len(shown)] or domain.picks
        # Chinese answers say as much in fewer characters: one explanation more, as chat models write them
        notes = list(dict.fromkeys(fill("explain") for _ in range(r.choice([0, 0, 1, 1, 2]) + c.zh)))
        tail = []
        if act in ("smalltalk", "prohibit", "correction") or r.random() < 0.3:
            tail.append(fill("recap"))
        if act != "goahead" or r.random() < 0.5:
            tail.append(fill("ask"))
        low, high = LIMITS["assistant"]
        text = lambda: "\n\n".join(parts + [("" if c.zh else " ").join(notes)] * bool(notes) + tail)
        while len(text()) > high and (notes or len(tail) > 1):
            (notes or tail).pop(0)
        while len(text()) < low:
            notes.append(fill("explain"))
        return text()[:high]


def _conversation(lang: str, seed: int, enough: Callable[[list[dict[str, Any]], Turn], bool],
                  grown: bool = False) -> dict[str, Any]:
    s = _Session(lang, seed)
    messages: list[dict[str, Any]] = [{"role": "system", "content": s.system}]
    stream = s.turns()
    for turn in stream:
        messages.append(turn.user)
        if enough(messages, turn):
            if grown:
                messages += [turn.answer, next(stream).user]
            break
        messages += turn.calls + [turn.answer]
    return {"id": f"agent-{lang}-{seed}{'-grown' if grown else ''}", "lang": lang,
            "now": s.now.isoformat(timespec="seconds"), "messages": messages}


def session(lang: str, seed: int, *, grown: bool = False) -> dict[str, Any]:
    """A session of 25-40 user turns ending on a user message; ``grown``: the same session one
    turn later (the answer to that message and a new user message)."""
    turns = random.Random(f"agent-turns-{lang}-{seed}").randint(*USER_TURNS)
    return _conversation(lang, seed, lambda ms, t: sum(m["role"] == "user" for m in ms) == turns, grown)


def sized(lang: str, messages: int, seed: int) -> dict[str, Any]:
    """The session of ``seed`` continued with more turns (or cut short) to about ``messages``
    messages, ending on a user message."""
    return _conversation(lang, seed, lambda ms, t: len(ms) + len(t.calls) + 2 > messages)
