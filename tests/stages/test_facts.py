"""Rule-pattern facts (DESIGN §1, §5, §6): pipeline.stages.facts.extract_facts as parameter tables.

Each positive row is (text, expected_kind, expected_text, match): a fact of that kind must be
extracted whose ``.text`` equals (EQ) or, where the row says so, contains (IN) the expected
fragment; it must be strong (every kind in these tables is a "must survive" kind: negations and
obligations with their object, money, quantities, ids, contacts, times, beneficiaries, hedged
claims) and its span must point back into the event's text.

Rows are in the language's own table; ``ZH_ROWS`` and ``EN_ROWS`` are combined with their lang.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from pipeline.rulepacks import load_rule_pack
from pipeline.stages.entities import get_recognizer
from pipeline.stages.facts import FactStage, analyse_text, extract_facts, split_clauses
from pipeline.types import Event, Fact, KeyClause, Strength, said_of_the_past

EQ = "eq"  # fact.text == expected
IN = "in"  # expected in fact.text (the fact legitimately carries more: a polite prefix, a scope)

# (text, kind, expected fragment, match)
ZH_ROWS = [
    ("万一周四高铁晚点了", "time", "周四", EQ),   # "万一" is "in case": its 一 no count of weeks ("一周四次" is)
    # a part of the day alone that a change sets is a time, undated ("改下午吧" had changed nothing, "明天上午" current)
    ("改下午吧 上午我不在家", "time", "下午", EQ),
    ("还是换成晚上吧", "time", "晚上", EQ),
    ("还是下午吧 上午我不在家", "time", "下午", EQ),
    ("我们是bupa的 会员号是2204 8817 我们三个都在上面", "id", "2204 8817", EQ),   # groups parted by a space after 会员号
    # a day followed by "和" and another day is a day too, and one after "23号和" whatever follows ("住两晚 23号和24号"
    # had kept 24号 alone; "8号和9号两天" 8号 alone)
    ("住两晚 23号和24号", "time", "23号", EQ),
    ("8号和9号两天", "time", "9号", EQ),
    # a conditional cue inside a word supposes nothing ("主要是给宝宝准备的" had made "要是…" the condition
    # of the budget, quoted "要是给宝宝准备的 预算3000以内")
    ("我怀孕5个月了 主要是给宝宝准备的 预算3000以内", "obligation", "预算3000以内", EQ),
    ("要是下雨就改期吧 别来了", "negation", "要是下雨就改期吧 别来了", EQ),   # (control: the cue opens its word)
    # power and charge are measured ("11kW" had been an id; "那就换7kW的吧" changed nothing)
    ("行 功率我要11kW的 充得快", "quantity", "11kW", EQ),
    ("必须有三相电380伏入户", "quantity", "380伏", EQ),
    ("充电宝要10000mAh的", "quantity", "10000mAh", EQ),
    ("大概要运5吨货", "quantity", "5吨", EQ),   # a weight in tons
    ("鲍鱼要8头的 上席面好看", "quantity", "8头", EQ),
    ("行吧 2000封顶 不能再多了", "money", "2000", EQ),   # (a limit's amount; en "2000 is my absolute max")   # a count by the head (graded abalone, livestock)
    ("新号码是 +65 9127 4538 以后打这个", "phone", "+65 9127 4538", EQ),   # eight digits after a country code
    # … or after the words saying it is a phone, in its clause ("电话留我的 9123 4586" had been no value)
    ("收花人写我妈 王秀英 电话留我的 9123 4586 邮箱 hm.lin88@gmail.com", "phone", "9123 4586", EQ),
    ("手机 91234586 有事打这个", "phone", "91234586", EQ),
    ("单位是#03-05 三楼 不是二楼", "address", "#03-05", EQ),   # a flat's floor and unit after "#"
    ("帐篷要租 租一个四人帐我们一家睡", "quantity", "四人帐", EQ),
    # a street address written in English in a Chinese message, with its room number
    ("寄到 6088 Willingdon Ave 1507室 Burnaby V5H 0E8 收件人写我", "address", "6088 Willingdon Ave 1507室", EQ),
    # a deadline's day after 最晚, 最迟 is a day ("最晚14号要到" had named none)
    ("比赛是18号周日，最晚14号要到", "time", "14号", EQ),
    ("最迟20号前给我答复", "time", "20号前", EQ),
    # digits in hyphened groups after the word naming an id are one id ("学号4471-2093" had been no value)
    ("学号4471-2093 他对花生过敏", "id", "4471-2093", EQ),
    ("会员号：1182-3305", "id", "1182-3305", EQ),
    ("她晚上要起夜三四次", "quantity", "三四次", EQ),   # a range is one number
    # "查一下 + 下周四": the 下 of 一下 is not the first of 下下周 (the week after next)
    ("帮我查一下下周四的天气", "time", "下周四", EQ),
    # negations keep their object, and the object before the cue, as one unit
    ("不要香菜", "negation", "不要香菜", EQ),
    ("先别提交", "negation", "先别提交", EQ),
    ("申请先别提交", "negation", "申请先别提交", EQ),
    ("不想要年费高的卡", "negation", "不想要年费高的卡", EQ),
    ("别打电话", "negation", "别打电话", EQ),
    ("无需手续费", "negation", "无需手续费", EQ),
    ("不吃辣", "negation", "不吃辣", EQ),
    ("千万别让他们上门", "negation", "千万别让他们上门", EQ),
    ("房间要安静，不要靠电梯的", "negation", "不要靠电梯的", EQ),
    ("先别发货因为地址要改", "negation", "先别发货", EQ),  # 因为 ends the scope
    # the clause starts at 但是 (a right-side scope break only), so the fact may carry it
    ("好的，但是千万别周末送", "negation", "千万别周末送", IN),
    # more negations: the cue words of the pack (含, 禁止, 请勿, 不需要, 不用, 不必, 避免, 不接受,
    # 不考虑, 拒绝, 不是给, 切勿, 不许, 先不, 千万别, 不想), each with its object
    ("不含糖", "negation", "不含糖", EQ),
    ("饮料要不含糖的", "negation", "不含糖的", IN),
    ("禁止吸烟", "negation", "禁止吸烟", EQ),
    ("房间里禁止吸烟", "negation", "房间里禁止吸烟", EQ),
    ("请勿打扰", "negation", "请勿打扰", EQ),
    ("我不喝酒", "negation", "不喝酒", IN),
    ("不要靠近电梯", "negation", "不要靠近电梯", EQ),
    ("不需要发票", "negation", "不需要发票", EQ),
    ("不用上门", "negation", "不用上门", EQ),
    ("不必预约", "negation", "不必预约", EQ),
    ("避免周末出行", "negation", "避免周末出行", EQ),
    ("不接受到付", "negation", "不接受到付", EQ),
    ("不考虑二手的", "negation", "不考虑二手的", EQ),
    ("拒绝电话推销", "negation", "拒绝电话推销", EQ),
    ("不是给我买的", "negation", "不是给我买的", EQ),
    ("切勿泄露我的地址", "negation", "切勿泄露我的地址", EQ),
    ("不许养宠物", "negation", "不许养宠物", EQ),
    ("先不下单", "negation", "先不下单", EQ),
    ("千万别用到付", "negation", "千万别用到付", EQ),
    ("别放葱", "negation", "别放葱", EQ),
    ("不想住一楼", "negation", "不想住一楼", EQ),
    ("菜里不要放香菜，谢谢", "negation", "菜里不要放香菜", EQ),  # the thanks is its own clause
    ("今天先别发货", "negation", "今天先别发货", EQ),  # a time inside the scope rides along
    # a range of days in one month is one time ("1月19日" had been read, "到21日" left out)
    ("我们1月19日到21日出去团建", "time", "1月19日到21日", EQ),
    ("12月5号下午3点到5点", "time", "12月5号下午3点", EQ),     # (a clock range: its start, as before)
    # items listed with 、 are all the prohibition's object ("不要事故车" had dropped "泡水车")
    ("不要事故车、泡水车，这个绝对不行", "negation", "不要事故车、泡水车", EQ),
    ("别放香菜、葱花，谢谢", "negation", "别放香菜、葱花", EQ),
    ("别打我电话，发短信", "negation", "别打我电话", EQ),   # (a comma: what to do instead, no object)
    # obligations
    ("必须包含早餐", "obligation", "必须包含早餐", EQ),
    ("最多两间房", "obligation", "最多两间房", EQ),
    ("至少4星级", "obligation", "至少4星级", EQ),
    ("人均200以内", "obligation", "人均200以内", EQ),
    ("我只接受顺丰", "obligation", "只接受顺丰", IN),  # the subject 我 may ride along
    ("位置无所谓，只要是民宿就行", "obligation", "只要是民宿就行", EQ),   # what is required on condition
    # money
    ("预算5000元", "money", "预算5000元", EQ),
    ("预算大概四万元，都算上", "money", "预算大概四万元", EQ),   # (two lead words, as "budget is about 40k")
    ("我想首付两千，剩下的分6期", "money", "首付两千", EQ),   # a down payment is an amount (it had been lost)
    # a month of a year named is a time, not a count of years ("2027年" had been the value)
    ("好像他护照明年五月到期", "time", "明年五月", EQ),
    ("他护照有效期到2027年8月，刚翻出来看了", "time", "2027年8月", EQ),
    ("我要租3个月", "quantity", "3个月", EQ),
    ("运费10元", "money", "运费10元", EQ),
    ("上限改成2万3", "money", "上限改成2万3", EQ),   # typed by its lead, with a scale or currency
    # a flight's number and a postcode after the word naming them are ids
    ("航班号 MU 5101", "id", "MU 5101", EQ),
    ("航班号CA123", "id", "CA123", EQ),   # an id still, though it reads as a model too
    ("邮编200120", "id", "200120", EQ),
    ("押金两千块", "money", "押金两千块", EQ),
    ("价格在3000到5000元", "money", "价格在3000到5000元", EQ),
    ("¥5000", "money", "¥5000", EQ),
    # quantities
    ("我们住3晚", "quantity", "3晚", EQ),
    ("一共2个人", "quantity", "2个人", EQ),
    ("买了3对", "quantity", "3对", EQ),
    ("酒店订3晚，预算5000元以内", "quantity", "3晚", EQ),
    # beneficiary
    ("给我父母买", "beneficiary", "给我父母", EQ),
    # a contrast keeps the part before its comma whole, never cut inside a word ("甥小宇报的")
    ("这个夏令营是给我外甥小宇报的，不是朵朵哈", "negation", "这个夏令营是给我外甥小宇报的，不是朵朵哈", EQ),
    ("帮我妈妈订", "beneficiary", "帮我妈妈", EQ),
    ("想报个驾照，给我自己报的", "beneficiary", "给我自己报的", EQ),   # for the user, not for another (had been lost)
    ("替我老婆办", "beneficiary", "替我老婆", EQ),
    # whom it is for, inside a contrast or a requirement, stays a fact of its own (the task's)
    ("是给我爸妈装的，不是我这边", "beneficiary", "给我爸妈", EQ),
    ("这个夏令营是给我外甥小宇报的，不是朵朵哈", "beneficiary", "给我外甥", EQ),
    ("我需要给我爸妈订一间房", "beneficiary", "给我爸妈", EQ),
    # hedged (uncertain) claims keep their hedge
    ("可能有质量问题", "uncertain", "可能有质量问题", EQ),
    ("我觉得屏幕坏了", "uncertain", "我觉得屏幕坏了", EQ),
    ("好像是电池问题", "uncertain", "好像是电池问题", EQ),
    # "应该…吧" guesses ("儿子应该1米3左右吧" had been a constraint the measured 1米18 never replaced)
    ("儿子应该1米3左右吧 那就占床的", "uncertain", "儿子应该1米3左右吧", EQ),
    ("他应该周五到吧，我再问问", "uncertain", "他应该周五到吧", EQ),
    ("我一直以为是五个小时", "uncertain", "我一直以为是五个小时", EQ),      # what the user believed, not a rule
    # ids, contacts, percentages, dates, times
    ("订单号：A1042", "id", "A1042", EQ),
    ("订单号 A1042，麻烦查一下", "id", "A1042", EQ),
    ("订单 #12345", "id", "#12345", EQ),
    # the last digits of a card or an account, with the words that say so
    ("对，就是尾号4417那张。", "id", "尾号4417", EQ),
    # whose last digits they are is part of the id ("后四位0317" had left whose it is unsaid), and an
    # identity card's check letter too ("后四位352X" had been "后四位352")
    ("卡号后四位是9051", "id", "卡号后四位是9051", EQ),
    ("我爸身份证后四位0317", "id", "身份证后四位0317", EQ),
    ("我妈王秀兰，后四位352X", "id", "后四位352X", EQ),
    ("尾号为9051的账户被冻结了", "id", "尾号为9051", EQ),
    ("我的手机号是13812345678", "phone", "13812345678", EQ),
    ("联系电话 13812345678", "phone", "13812345678", EQ),
    ("电话：010-12345678", "phone", "010-12345678", EQ),
    # a run of twelve digits or more is no phone without its "+" (an order number "2027011583631" had been a
    # phone), and a number before a space is no country code of a mobile written whole ("不是46 13917285064"
    # had been one phone "46 13917285064", and the negation had swallowed it)
    ("手机的单号是2027011583631", "id", "2027011583631", EQ),
    ("最后两位是64 不是46 13917285064", "phone", "13917285064", EQ),
    ("最后两位是64 不是46 13917285064", "negation", "不是46", EQ),
    ("电话+86 13917285064", "phone", "+86 13917285064", EQ),   # (control: with its "+")
    # a cue's object never reaches back past a long number, a value of its own ("13917285046 千万别打我爸电话"
    # had been the prohibition, the phone number lost inside it)
    ("联系人写我妈李秀兰 13917285046 千万别打我爸电话", "negation", "千万别打我爸电话", EQ),
    ("联系人写我妈李秀兰 13917285046 千万别打我爸电话", "phone", "13917285046", EQ),
    ("首付比例20%", "percentage", "20%", EQ),
    ("利率3.5%", "percentage", "3.5%", EQ),
    ("2026-12-01送到", "date", "2026-12-01", EQ),
    ("明天下午三点送货", "time", "明天下午三点", EQ),
    ("后天下午能来取吗", "time", "后天下午", EQ),
    ("下周三之前", "time", "下周三之前", EQ),
    ("5月20号出发", "time", "5月20号", EQ),
    # a part of the month is one time with it, not "下个月" and "月初" apart
    ("下个月初要交房", "time", "下个月初", EQ),
    ("这个月中旬我在外地", "time", "这个月中旬", EQ),
    ("12月末之前装完", "time", "12月末", EQ),
    # a holiday with a fixed day is that day, a deadline with 前
    ("圣诞节前得装完", "time", "圣诞节前", EQ),
    ("我们元旦前后回来", "time", "元旦", EQ),
    ("平安夜那天有空", "time", "平安夜", EQ),
    ("下下周末可以吗", "time", "下下周末", EQ),
    ("房租下个月1号交", "time", "下个月1号", EQ),
    ("演出傍晚4点45开始", "time", "傍晚4点45", EQ),
    ("如果检测下来是人为损坏，那就不修了", "negation", "如果检测下来是人为损坏，那就不修了", EQ),
    # a condition closed by "的话" begins with its clause ("的话要是超过三千五…" was cut from 修的话)
    ("修的话要是超过三千五我就不修了", "negation", "修的话要是超过三千五我就不修了", EQ),
    ("万一下雨，就不要安排户外活动。", "negation", "万一下雨，就不要安排户外活动", EQ),
    ("下雨就算了。别安排户外活动", "negation", "别安排户外活动", EQ),
    ("寄到北京市朝阳区建国路88号3号楼1单元502室，别放快递柜", "address", "北京市朝阳区建国路88号3号楼1单元502室", EQ),
    ("送到中关村大街1号", "address", "中关村大街1号", EQ),
    # a lane and its house, a town, a room number without 室; never the verb before it
    ("地址是闵行区莘庄镇春申路2288弄15号602", "address", "闵行区莘庄镇春申路2288弄15号602", EQ),
    ("我们住锦绣路1888弄", "address", "锦绣路1888弄", EQ),
    ("送到玉林南路18号3栋2单元502", "address", "玉林南路18号3栋2单元502", EQ),
    ("我家在长寿路8号2026年搬来的", "address", "长寿路8号", EQ),
    # a company's full name is one value (an invoice title), after a mark, a verb or "抬头"; "我公司" is none
    ("南京云帆信息科技有限公司，税号91320106MA1W8K3R5D", "org", "南京云帆信息科技有限公司", EQ),
    ("抬头上海启航信息科技有限公司，税号没变", "org", "上海启航信息科技有限公司", EQ),
    ("发票开给腾讯科技（深圳）有限公司", "org", "腾讯科技（深圳）有限公司", EQ),
    ("现在是上海启航数智科技有限公司", "org", "上海启航数智科技有限公司", EQ),
    # a diet holds like an allergy ("Nadia's vegetarian" had been a preference, dropped at 10 %)
    ("我妈吃素，点菜的时候注意一下", "diet", "吃素", EQ),
    ("他们家是回民，要清真的", "diet", "清真", EQ),
    # a compound's building, unit and flat, with or without a numbered road before it (both homes of a
    # move had been quoted as preferences, and dropped at 20 %)
    ("旧的是西湖区文三路翠苑一区12幢3单元601，老小区没电梯", "address", "西湖区文三路翠苑一区12幢3单元601", EQ),
    ("新家是余杭区五常街道西溪蓝湾花园7幢1单元1802，有电梯", "address", "余杭区五常街道西溪蓝湾花园7幢1单元1802", EQ),
    ("送到阳光花园5号楼2单元302室", "address", "阳光花园5号楼2单元302室", EQ),
    # … never from the 址 of 住址 ("址是南山区蛇口街道四海路18号" had been quoted at 10 %)
    ("住址是南山区蛇口街道四海路18号", "address", "南山区蛇口街道四海路18号", EQ),
    # the words that bring it are no part of a road's name ("新娘家好像是文三路378号" had been one address, and its
    # correction "是文三路387号" settled nothing)
    ("新娘家好像是文三路378号 我回头再确认下", "address", "文三路378号", EQ),
    ("要帮您把GS-55310改成12个月吗", "quantity", "12个月", EQ),
    ("我家在杭州市西湖区文三路387号", "address", "杭州市西湖区文三路387号", EQ),
    ("别急着付款 我再想想", "negation", "别急着付款", EQ),   # (not "hold on": a rule)
    # a space typed between Chinese words ends a cue's scope as a comma does, in a text with marks too
    # ("预算两万以内 不要有购物店的团" had been one obligation, the prohibition lost inside it), and a cue's
    # object starts past it ("别的时间也行 但别周日上门" had been one prohibition from "别的")
    ("儿子9岁。想寒假去 1月23号出发 预算两万以内 不要有购物店的团", "negation", "不要有购物店的团", EQ),
    ("儿子9岁。想寒假去 1月23号出发 预算两万以内 不要有购物店的团", "obligation", "预算两万以内", EQ),
    ("得在那之前。下周二我调休一整天在家 别的时间也行 但别周日上门 周日要带孩子上课", "negation", "但别周日上门", EQ),
    ("预算两万以内，不要有购物店的团", "negation", "不要有购物店的团", EQ),   # (control: a comma)
    ("你直接帮我弄吧 住址是南山区蛇口街道四海路18号海湾花园7栋1203", "address", "南山区蛇口街道四海路18号海湾花园7栋1203", EQ),
    # a cue's object keeps its first characters ("算三千五百元以内" was kept)
    ("预算三千五百元以内", "obligation", "预算三千五百元以内", EQ),
    # … and starts at a word (jieba's): "司9点之前来不了", "家评分是4分以上的酒店", "荐一个评分4.5以上"
    ("搬家公司9点之前来不了", "negation", "公司9点之前来不了", EQ),
    ("就你说那趟 D字头的以后也别推给我", "negation", "D字头的以后也别推给我", EQ),   # (had been "字头的…")
    ("请帮我找一家评分是4分以上的酒店", "obligation", "一家评分是4分以上的酒店", EQ),
    ("再给我推荐一个评分4.5以上，票价是50-100元的景点吧", "obligation", "推荐一个评分4.5以上", EQ),
    ("家人觉得这一个景点不够玩的", "negation", "觉得这一个景点不够玩的", EQ),
    ("我俩这样的路痴别真的找不到", "negation", "我俩这样的路痴别真的找不到", EQ),
    # an ellipsis ends what a cue takes before it ("个限制…那一百三以内" cut "这个")
    ("啊还有这个限制…那一百三以内也行吧", "obligation", "那一百三以内也行吧", EQ),
    ("订两位，今晚七点", "quantity", "两位", EQ),      # a party by its measure word alone
    ("预订3位", "quantity", "3位", EQ),
    ("三个大人两个小孩", "quantity", "三个大人", EQ),
    ("三个大人两个小孩", "quantity", "两个小孩", EQ),
    ("帮我推荐一个能玩1、2个小时的景点", "quantity", "1、2个小时", EQ),     # a range: was "2个小时"
    # 长乘宽是一个值（"4米"、"5米"分开读，说的就不是一块地的大小了）
    ("露台做4米乘5米的", "quantity", "4米乘5米", EQ),
    ("午餐套餐的话，一周三天吧", "quantity", "一周三天", EQ),     # (not 周三, a Wednesday)
    ("那下周六天气怎么样？", "time", "下周六", EQ),              # (a day before 天气 is one)
    ("游泳课每周两次", "quantity", "每周两次", EQ),
    ("地毯要2x3米的", "quantity", "2x3米", EQ),
    ("院子大概6×8米", "quantity", "6×8米", EQ),
    # 名次、等级
    ("我家孩子上六年级了，想报个班", "level", "六年级", EQ),
    ("买二等座吧", "level", "二等座", EQ),
    ("要第三排的座位", "level", "第三排", EQ),
]

EN_ROWS = [
    # a part of the day with a bare hour said "like", "around", "about" is one time, at that hour ("thinking next
    # saturday, morning like 9?" had no time, so "make it afternoon" replaced nothing; read on en_piano_moving)
    ("thinking next saturday, morning like 9?", "time", "morning like 9", EQ),
    ("afternoon around 3 works for us", "time", "afternoon around 3", EQ),
    # a length of time written short is a quantity ("30 min for mia is fine" was none, so "make mia 45 min" had replaced
    # the "last year" of another message; read on en_music_lessons)
    ("30 min for mia is fine", "quantity", "30 min", EQ),
    ("the lesson is 2 hrs with a break", "quantity", "2 hrs", EQ),
    # a part of the day alone that a change sets is a time, undated ("make it afternoon" had changed nothing)
    ("actually make it afternoon, I'm out in the morning", "time", "afternoon", EQ),
    ("can you move it to the evening?", "time", "the evening", EQ),
    ("hmm afternoon instead, I'm out early", "time", "afternoon", EQ),
    ("we're with bupa. member no is 2204 8817, all 3 of us on it", "id", "2204 8817", EQ),   # … after "member no is"
    # a weekday with a day of the month no hour can be is one time ("fri 23 and sat 24 april" had read "fri" alone,
    # Friday 11 December)
    ("need it for 2 nights, fri 23 and sat 24 april", "time", "fri 23", EQ),
    ("the bikes arrive wed 16, the locks thu 17", "time", "thu 17", EQ),
    # a limit keeps the number it is said of ("is my absolute max" had been quoted alone; zh reads "2000封顶" as an amount)
    ("fine, 2000 is my absolute max. i'll send pics", "obligation", "2000 is my absolute max", EQ),
    ("crew about 25 ppl, 7am-7pm both days", "quantity", "25 ppl", EQ),   # people, typed short
    ("abalone, 8 head per jin please", "quantity", "8 head", EQ),   # a count by the head (zh "8头")
    # a weight or cooling capacity in tons, a current in amps ("the 2.5 ton" had been no value)
    ("ok that makes sense. go with the 2.5 ton then", "quantity", "2.5 ton", EQ),
    ("i think our breaker for the ac is 30 amp fyi", "quantity", "30 amp", EQ),
    ("my new number is +65 9127 4538, text me there", "phone", "+65 9127 4538", EQ),
    ("my cell is 9123 4586, email is hm.lin88@gmail.com", "phone", "9123 4586", EQ),
    ("text me at 91234586 anytime", "phone", "91234586", EQ),
    ("its Blk 412 Bedok North Ave 2 #08-133", "address", "#08-133", EQ),
    ("belt loops. 2 groomsmen, Dan and Ollie", "quantity", "2 groomsmen", EQ),   # a plural in "-men"
    ("I'd suggest Thursday 8 April at 18:30, same time as before", "time", "Thursday 8 April at 18:30", EQ),   # day before month
    # a plural after one lower-case word naming its kind is counted ("60 tote bags"), not after a time's word
    ("also add 60 tote bags for the goodie bags", "quantity", "60 tote bags", EQ),
    ("we need 2 queen beds", "quantity", "2 queen beds", EQ),
    ("need them by the 14th at the latest", "time", "by the 14th", EQ),
    # digits in hyphened groups after the word naming an id are one id ("student id 4471-2093" had been no value)
    ("student id 4471-2093. he has a peanut allergy", "id", "4471-2093", EQ),
    ("his member number is 1182-3305", "id", "1182-3305", EQ),
    # "the" may be left out ("day after tomorrow afternoon" had been read as "tomorrow afternoon")
    ("can you get it picked up day after tomorrow afternoon?", "time", "day after tomorrow afternoon", EQ),
    ("it came day before yesterday", "time", "day before yesterday", EQ),
    # a range is one number, as zh "三四次" is ("three or four times" had been "four times")
    ("She gets up three or four times a night", "quantity", "three or four times", EQ),
    ("We need 3 or 4 rooms", "quantity", "3 or 4 rooms", EQ),
    ("It takes two to three days", "quantity", "two to three days", EQ),
    # a cue's object starts at a word (as in Chinese, by jieba's words)
    ("The moving company can't come before 9", "negation", "The moving company can't come before 9", EQ),
    ("Please find me a hotel rated at least 4 stars", "obligation", "a hotel rated at least 4 stars", EQ),
    # a range of days in one month is one time ("January 19" had been read, "to 21" left out)
    ("I'm planning a 3-day offsite, January 19 to 21", "time", "January 19 to 21", EQ),
    ("Dec 20-27 works for us", "time", "Dec 20-27", EQ),
    ("Book March 5 to 8pm", "time", "March 5", EQ),        # (a clock after "to": a day, then an hour)
    # items listed after a prohibition's verb are all its object (a comma list is one clause in English)
    ("No accident cars, no flood cars, that's non-negotiable", "negation", "No accident cars, no flood cars", IN),
    ("don't want red, orange or yellow", "negation", "don't want red, orange or yellow", EQ),
    ("My husband thinks this one isn't fun enough", "negation", "thinks this one isn't fun enough", EQ),
    # negations with their object
    ("don't call me", "negation", "don't call me", EQ),
    ("don't rush the install", "negation", "don't rush the install", EQ),   # (not "hold on": a rule)
    ("Please don't call me after 6pm.", "negation", "don't call me", IN),  # "Please" rides along
    ("no phone follow-ups", "negation", "no phone follow-ups", EQ),
    ("never before 9am", "negation", "never before 9am", EQ),
    ("Avoid Delta flights", "negation", "Avoid Delta flights", EQ),
    ("No peanuts please", "negation", "No peanuts", IN),
    ("Do not use FedEx", "negation", "Do not use FedEx", EQ),
    ("Please stop emailing me", "negation", "stop emailing me", IN),
    ("I don't want a window seat, but an aisle is fine", "negation",
     "I don't want a window seat", EQ),
    ("Don't ship it because I'm moving", "negation", "Don't ship it", EQ),  # "because" ends it
    # more negations: no / not / never / without / avoid / must not / can't / won't / nothing /
    # exclude / rather not, each with its object
    ("It's for my sister, not for me", "negation", "not for me", IN),
    ("without onions", "negation", "without onions", EQ),
    ("A burger without onions, please", "negation", "without onions", IN),
    ("no shellfish", "negation", "no shellfish", EQ),
    ("No shellfish, my wife is allergic", "negation", "No shellfish", IN),
    ("avoid stairs", "negation", "avoid stairs", EQ),
    ("We need to avoid stairs", "negation", "avoid stairs", IN),
    ("You must not share my number", "negation", "must not share my number", IN),
    ("I can't do Mondays", "negation", "can't do Mondays", IN),
    ("no later than 5pm", "negation", "no later than 5pm", EQ),
    ("Deliver no later than Friday", "negation", "no later than Friday", IN),
    ("Please never call before 9am", "negation", "never call before 9am", IN),
    ("I don't eat pork", "negation", "don't eat pork", IN),
    ("We won't need a car", "negation", "won't need a car", IN),
    ("Don't charge my card yet", "negation", "Don't charge my card yet", EQ),
    ("Nothing with peanuts", "negation", "Nothing with peanuts", EQ),
    ("I cannot travel on Sundays", "negation", "cannot travel on Sundays", IN),
    ("Exclude budget airlines", "negation", "Exclude budget airlines", EQ),
    ("Not on a weekend", "negation", "Not on a weekend", EQ),
    ("No more phone calls please", "negation", "No more phone calls", IN),
    ("no pets in the room", "negation", "no pets in the room", EQ),
    ("I'd rather not fly overnight", "negation", "not fly overnight", IN),
    # obligations
    ("It must be refundable.", "obligation", "must be refundable", IN),
    ("We need at least 2 rooms", "obligation", "at least 2 rooms", IN),
    ("It has to be delivered by Friday", "obligation", "has to be delivered by Friday", IN),
    # what is required on condition ("as long as it is a guesthouse" was only the topic "guesthouse")
    ("The location is not important as long as it is a guesthouse .", "obligation", "as long as it is a guesthouse", EQ),
    ("Anything is fine as long as it's quiet", "obligation", "as long as it's quiet", EQ),
    ("Any day works provided that it's before the 20th", "obligation", "provided that it's before the 20th", EQ),
    # an obligation scope that holds a time is one unit: the time rides inside it
    ("I need it in 3 days.", "obligation", "in 3 days", IN),
    # money
    ("The budget is $300.", "money", "$300", EQ),
    ("The budget is around 2k dollars", "money", "2k dollars", EQ),
    # quantities
    ("We are 3 people.", "quantity", "3 people", EQ),
    # a party by its number alone after what is booked; not a clock, a stay or a price
    ("Please book reservations for 1 and send the reference number.", "quantity", "1", EQ),
    ("Can you book it for 4 on Saturday?", "quantity", "4", EQ),
    ("A table for two, please.", "quantity", "two", EQ),
    ("I'd like 2 nights", "quantity", "2 nights", EQ),
    ("We will be 4 adults", "quantity", "4 adults", EQ),
    # a unit written onto its digits ("8GB" was no quantity: a unit needed a space or sign before it)
    ("preferably with a memory capacity of 8GB.", "quantity", "8GB", EQ),
    ("We walk about 5km a day", "quantity", "5km", EQ),
    ("The plan is 300Mbps", "quantity", "300Mbps", EQ),
    ("I want the 11kW charger", "quantity", "11kW", EQ),
    ("a 7 kW unit is enough", "quantity", "7 kW", EQ),
    ("the battery is 5000 mAh", "quantity", "5000 mAh", EQ),
    # a rank or level: an ordinal with what it ranks
    ("Hello, my child is in sixth grade. Could you recommend a class?", "level", "sixth grade", EQ),
    ("Good. I want to buy a second class ticket.", "level", "second class", EQ),
    ("A room on the 5th floor, please", "level", "5th floor", EQ),
    # how many the party is now: a count, not an age ("we're 14 now" had been an age); a group's
    # age says whose
    ("And actually we're 14 now, two folks are flying in.", "quantity", "14", EQ),
    ("We'll be 9.", "quantity", "9", EQ),
    ("We're both 63.", "age", "63", EQ),
    # beneficiary
    ("hi, I need a learner's permit, it's for myself", "beneficiary", "for myself", EQ),
    ("It's for my parents.", "beneficiary", "for my parents", EQ),
    ("It's for my mom, not me", "beneficiary", "for my mom", EQ),
    ("I need a hotel for my parents", "beneficiary", "for my parents", EQ),
    ("Hi, I need travel insurance for my parents, not for me.", "beneficiary", "for my parents", EQ),
    ("Book it for my wife", "beneficiary", "for my wife", EQ),
    ("I'm buying this on behalf of my company", "beneficiary", "on behalf of my company", EQ),
    # hedged (uncertain) claims keep their hedge
    ("I think the battery is faulty.", "uncertain", "I think the battery is faulty", EQ),
    ("he's probably around 4 foot 3 i guess", "uncertain", "he's probably around 4 foot 3 i guess", EQ),   # (zh "应该…吧")
    ("Maybe the charger is broken", "uncertain", "Maybe the charger is broken", EQ),
    ("Huh, I always thought it was five hours.", "uncertain", "Huh, I always thought it was five hours", EQ),
    ("It's probably the charger", "uncertain", "It's probably the charger", EQ),
    # ids, contacts, percentages, dates, times
    ("My invoice is INV-2026-0042.", "id", "INV-2026-0042", EQ),
    ("Order A1042 arrived damaged", "id", "A1042", EQ),
    ("Order #12345 is late", "id", "#12345", EQ),
    # the last digits of a card or an account, with the words that say so
    ("Yes, the one ending in 4417.", "id", "ending in 4417", EQ),
    ("It's the card ending in 4417.", "id", "card ending in 4417", EQ),   # whose last digits they are
    ("Her ID ending in 352X, please.", "id", "ID ending in 352X", EQ),
    ("The last four digits are 9051", "id", "last four digits are 9051", EQ),
    ("The last four of her SSN are 4572, phone 312-555-0187", "id", "last four of her SSN are 4572", EQ),
    ("the last 4 of my card is 9051", "id", "last 4 of my card is 9051", EQ),
    ("My card ending 9051 was charged twice", "id", "card ending 9051", EQ),
    ("Email me at jane.doe@example.com please.", "email", "jane.doe@example.com", EQ),
    ("Send it to bob@mail.co.uk", "email", "bob@mail.co.uk", EQ),
    ("Call me at +1 415-555-0134.", "phone", "+1 415-555-0134", EQ),
    ("my order number is 2027011583631", "id", "2027011583631", EQ),
    ("the last two are 64, not 46 13917285064", "phone", "13917285064", EQ),
    ("call +46 13917285064", "phone", "+46 13917285064", EQ),   # (control: with its "+")
    ("it's 7735550184", "phone", "7735550184", EQ),   # (control: ten digits)
    ("contact is my mom Li Xiulan 13917285046 dont call my dad", "negation", "dont call my dad", EQ),
    ("contact is my mom Li Xiulan 13917285046 dont call my dad", "phone", "13917285046", EQ),
    ("It costs 15% more", "percentage", "15%", EQ),
    ("Shipping on 2026-12-01", "date", "2026-12-01", EQ),
    ("Let's meet at 10:30", "clock", "10:30", EQ),
    ("It ships in 3 days.", "time", "in 3 days", EQ),
    ("The keys are handed over early next month", "time", "early next month", EQ),
    ("I'm away mid-December", "time", "mid-December", EQ),
    ("It has to be done before Christmas", "time", "before Christmas", EQ),
    ("We're flying to London for Christmas", "time", "Christmas", EQ),
    ("Dinner on New Year's Eve", "time", "New Year's Eve", EQ),
    ("Can we do the weekend after next?", "time", "the weekend after next", EQ),
    ("Rent is due the 1st of next month", "time", "the 1st of next month", EQ),
    ("My flight is UA 857", "id", "UA 857", EQ),
    ("The ZIP is 94110", "id", "94110", EQ),
    ("The show starts evening 4:45", "time", "evening 4:45", EQ),
    ("Install it by the middle of next month", "time", "the middle of next month", EQ),
    # a prohibition keeps the condition it holds under
    ("If it's water damage, don't repair it.", "negation", "If it's water damage, don't repair it", EQ),
    ("Don't call me. If it's urgent, email me.", "negation", "Don't call me", EQ),
    ("The address is 7880 Wren Avenue.", "address", "7880 Wren Avenue", EQ),
    ("Send it to 12 Baker St, Apt 4 please", "address", "12 Baker St, Apt 4", EQ),
    ("I live at 52 W 18th St", "address", "52 W 18th St", EQ),          # a numbered street
    ("I think the bride's place is 378 Wensan Road, will double check", "address", "378 Wensan Road", EQ),
    # a weekday, its day and month, and its year ("Tuesday 22 December 20" had been read, the year's digits an hour)
    ("The closest option is Tuesday 22 December 2026, 9:00–12:00", "time", "Tuesday 22 December 2026", EQ),
    # a code's digits count nothing ("55310 to 12 months" had been a range of months)
    ("Want me to switch GS-55310 to 12 months?", "quantity", "12 months", EQ),
    # a company's registered name with its legal form is one value (an invoice title)
    ("Please bill it to Harbor Freight Tools Inc., tax id 12-3456789", "org", "Harbor Freight Tools Inc.", EQ),
    ("Make the invoice out to Lumen & Co please", "org", "Lumen & Co", EQ),
    ("Actually it's Acme Holdings LLC now", "org", "Acme Holdings LLC", EQ),
    ("talked to Nadia, and Nadia's vegetarian", "diet", "vegetarian", EQ),
    ("Two of the guests are vegan", "diet", "vegan", EQ),
    ("We're moving into Lakeview Gardens, Building 7, Unit 1802", "address", "Lakeview Gardens, Building 7, Unit 1802", EQ),
    ("Meet at 350 5th Avenue, Suite 3", "address", "350 5th Avenue, Suite 3", EQ),
    ("Make it my office, 200 West Madison, Suite 1700.", "address", "200 West Madison, Suite 1700", EQ),
    # a street, its number after it, a postcode and a town ("1013 RR" had been a capitalised word, "RR", alone)
    ("Houtmankade 312, 1013 RR Amsterdam. thursday the 17th would be good", "address",
     "Houtmankade 312, 1013 RR Amsterdam", EQ),
    ("ship it to Hauptstraße 5, 10115 Berlin please", "address", "Hauptstraße 5, 10115 Berlin", EQ),
    # an area code in brackets is part of the number
    ("Text me at (773) 555-0186 in the evening", "phone", "(773) 555-0186", EQ),
    ("call +1 (312) 555-0148 after six", "phone", "+1 (312) 555-0148", EQ),
    # a number in words is read whole ("five dollars" was kept of "one hundred and seventy five dollars");
    # with a currency it is an amount of money, the kind "$175" is
    ("My budget is one hundred and seventy five dollars.", "money", "one hundred and seventy five dollars", EQ),
    ("It was seventy one bucks total.", "money", "seventy one bucks", EQ),
    ("Budget around twelve hundred dollars", "money", "twelve hundred dollars", EQ),
    ("The fee is a hundred dollars.", "money", "a hundred dollars", EQ),
    # a bare number after words only an amount follows, said with them
    ("A budget of twenty-six hundred for the flat.", "money", "budget of twenty-six hundred", EQ),
    ("Fine, I can stretch to seven hundred dollars.", "money", "seven hundred dollars", EQ),
    # thousands said with a "k" are read whole ("budget is about 40" had lost the k), two lead words too
    ("budget is about 40k all in", "money", "budget is about 40k", EQ),
    ("ok so 48k total, that's the cap", "money", "48k", EQ),
    ("I want to put 2000 down, the rest in 6 installments", "money", "2000 down", EQ),
    ("I think her passport expires next May", "time", "next May", EQ),
    ("found the paperwork, the roof was redone in March 2016", "time", "March 2016", EQ),
    ("a 2kg bag of rice", "quantity", "2kg", EQ),
    ("I want it delivered tomorrow morning", "time", "tomorrow morning", EQ),
    # a clause start a few letters before the cue's object is taken too ("it at or under that" was kept)
    ("The company covers up to $450, so keep it at or under that.", "obligation", "keep it at or under that", EQ),
    # a size by its sides is one value ("patio, 16 by 20 then" had held none, so it replaced nothing)
    ("ok. patio, 16 by 20 then", "quantity", "16 by 20", EQ),
    # how often is one value ("3 days" and "a week" apart said neither)
    ("ugh. lunch plan, 3 days a week then", "quantity", "3 days a week", EQ),
    ("she goes twice a week", "quantity", "twice a week", EQ),
    ("I'd suggest 16 × 20 (320 sq ft)", "quantity", "16 × 20", EQ),
    ("we need a 12x12 rug", "quantity", "12x12", IN),
    ("a 10 by 12 ft shed", "quantity", "10 by 12 ft", EQ),
]

# text that must yield no negation fact (politeness, idioms, "no" as an answer)
NO_NEGATION_ROWS = [
    # an aside and not knowing a place forbid nothing ("not that you would lol", "we know nothing about the neighborhood"
    # stood as constraints in a 10 % summary; read on the blind en_piano_moving)
    ("en", "is it insured if you guys drop it? not that you would lol"), ("en", "we know nothing about the neighborhood yet lol"),
    ("zh", "摔了有保险吗 倒不是说你们会摔哈哈"), ("zh", "我们对那边一点都不熟"),
    # not knowing forbids nothing ("honestly have no clue where to start" had headed a summary as a prohibition)
    ("en", "I'm helping plan a small wedding and honestly have no clue where to start lol"),
    ("en", "No idea which one is better"), ("zh", "说实话完全不知道从哪开始"), ("zh", "我完全没头绪"),
    # a reason given for a request ("既然没有那你帮我推荐一个吧" was a strong negation on the
    # constraints' level at 35 %)
    ("zh", "既然没有那你帮我推荐一个吧"), ("zh", "既然没有合适的，那就换个地方"),
    ("en", "Since there isn't one, recommend another place"), ("en", "Since they don't have any, find me another"),
    # a question opening on a negative auxiliary asks; it forbids nothing ("Can't we go before 9?")
    ("en", "Can't we go before 9?"), ("en", "Don't we need a visa?"),
    # a bare "no" answering a question negates nothing it names ("I do not" was a constraint,
    # quoted alone in a 25 % summary)
    ("en", "I do not . Are any of those places located in the centre ?"), ("en", "Not really."),
    ("en", "Not right now, thanks"), ("en", "No"), ("en", "Not yet."),
    ("zh", "没有啦"), ("zh", "不用啦"), ("zh", "对不起，我刚才说错了"), ("zh", "不好意思，再问一下"),
    # dismay refuses nothing ("oh no I just realized I gave you the wrong house number" had been a
    # prohibition kept at 5 %)
    ("en", "oh no I just realized I gave you the wrong house number"), ("en", "Uh oh I think I typed the date wrong"),
    ("zh", "糟了不好了，我刚发现地址写错了"), ("zh", "不好了，我把日期填错了"),
    # a "no" that only corrects ("Wait, no - make that Tuesday the 19th" was a prohibition "Wait, no")
    ("en", "Wait, no - make that Tuesday the 19th, same time."), ("en", "Oops, no, the 14th."),
    ("zh", "等等，不要，改成周二"), ("zh", "说错了，不对，是19号"),
    # a degree ("洒了点咖啡，不多": "不多" was quoted alone as a constraint)
    ("zh", "我上个月洒了点咖啡，不多。"), ("zh", "超出的不多"),
    # indifference limits nothing ("the area doesn't matter"), however the apostrophe is written
    ("zh", "区域无所谓，价格不限"), ("zh", "对酒店星级没有要求"), ("zh", "吃什么我不挑"),
    ("en", "The location does n't matter ."), ("en", "I don’t care about the price range"),
    ("en", "No , I do n't mind"),
    # a hedge that forgets negates nothing ("具体我也记不太清了" was a prohibition-level fact)
    ("zh", "房子好像是1998年的，具体我也记不太清了"), ("zh", "我记不清是哪天了"), ("zh", "这个我也说不准"),
    ("en", "The house is from 1998, I don't remember exactly"), ("en", "I can't remember which day it was"),
    ("en", "I don't recall the exact amount"),
    # relief limits nothing ("终于不用为去哪里玩犯愁了")
    ("zh", "终于不用为去哪里玩犯愁了"), ("zh", "那就不用愁了"), ("en", "No need to worry about parking then"),
    ("zh", "不错"),
    ("zh", "不客气"),
    ("zh", "不好意思"),
    ("zh", "不知道"),
    ("zh", "没问题"),
    ("zh", "不一定"),
    ("zh", "不过还行"),
    ("zh", "不少人推荐这家"),
    ("zh", "这家店不错，谢谢"),
    ("en", "no problem"),
    ("en", "no thanks"),
    ("en", "No thanks, that's all"),
    ("en", "no worries"),
    ("en", "never mind"),
    ("en", "nothing else"),
    ("en", "Not sure yet"),
    ("en", "No, that's all"),
    ("en", "Any other options near stop 3?"),      # a bus stop, not "stop calling me"
    ("en", "Is it far from the next stop?"),
    ("en", "No, book the table for 2"),
    # … nor one before a statement, its comma left out ("no hes with me lol" answering "Will Tom be reachable?" had been
    # a prohibition at the top of a 5 % summary; read on en_pet_boarding)
    ("en", "no hes with me lol"),
    ("en", "no its fine"),
    ("zh", "不 他跟我一起哈哈"),
    ("zh", "不用 我自己去"),
    ("zh", "不对，是4000元"),
    # reassurance forbids nothing
    ("en", "Face value is fine, don't overthink it lol"),
    ("en", "Don't worry about the fee"),
    ("en", "I don't mind the bus"),
    ("zh", "别担心，我自己去取"),
    ("zh", "别着急，慢慢查"),
    # not knowing forbids nothing ("具体不清楚" had been a constraint of the user's)
    ("zh", "具体不清楚 你们帮我算一下吧"),
    ("en", "not sure about the specifics, can you work it out"),
    # "hold on" forbids nothing ("先别急" had been the first of the user's constraints)
    ("zh", "先别急 我想问下玉龙雪山老人能上吗"),
    ("en", "wait don't rush, let me ask my boss first"),
    ("zh", "没关系，下周也行"),
    ("zh", "那旧的热水器能回收不，挺大一个"),
    # a proposal ("要不试试8点？" had been a negation quoted as a rule)
    ("zh", "要不试试8点？"), ("zh", "要不换成周四吧"),
    ("en", "why not try 8 pm?"), ("en", "Why don't we try Thursday instead?"),
]

# clauses that carry nothing: no key clause, no fact
FILLER_ROWS = [
    # a go-ahead alone quotes nothing ("ok 那就这样 改吧 谢了" had been quoted "改"); en "go ahead, do it" alike
    ("zh", "ok 那就这样 改吧 谢了"), ("zh", "行 那就改吧"), ("en", "ok go ahead, do it"),
    # a hedged closing says nothing ("Ok, I think that's everything for now" was kept at 10 % as a claim)
    ("en", "Ok, I think that's everything for now"), ("en", "I think that's all"),
    ("zh", "我觉得差不多就这些了"), ("zh", "好的，暂时就这些"),
    ("en", "No problem at all"), ("en", "no problem, thanks"), ("zh", "没问题了"),
    ("zh", "好的，谢谢"),
    ("zh", "嗯嗯，好的"),
    ("zh", "谢谢您"),
    ("zh", "收到，辛苦了"),
    ("zh", "好的，没问题"),
    ("zh", "行，就这样"),
    ("zh", "谢了，太棒了"),
    ("zh", "恩恩，好嘞"),
    # a bare "yes" or "noted" ("嗯，是啊" had been quoted as "是", "记好了" as "记")
    ("zh", "嗯，是啊"),
    ("zh", "记好了，谢谢"),
    ("zh", "好的，记下了"),
    ("en", "Yep, noted."),
    ("en", "Noted, thanks"),
    ("zh", "糟了，完了"),
    ("zh", "天哪"),
    ("en", "Oh no!"),
    ("en", "Yes it is"),
    ("en", "ok thanks"),
    ("en", "Thank you, that's all"),
    ("en", "Great, thanks a lot!"),
    ("en", "Sounds good"),
    ("en", "Okay, got it."),
    ("en", "Perfect, thank you so much"),
    ("en", "Thanks, bye!"),
    # asking for time to think says nothing ("我想想" was quoted as "想")
    ("zh", "我想想"),
    ("zh", "嗯，让我想想"),
    ("zh", "我考虑一下哈"),
    ("en", "Let me think."),
    ("en", "Hmm, let me think about it"),
    ("en", "Give me a sec"),
    # … as does having thought ("我想了想" had been quoted as "了想": its lead "我想" cut off; no en lead
    # cuts a word)
    ("zh", "我想了想"),
    # a groan says nothing ("oof" had been kept alone in the kitchen summary at 5 %)
    ("en", "oof."),
    ("zh", "唉。"),
    # a dismissal alone names nothing it dismisses ("Actually no, forget it" was kept at 5 %)
    ("zh", "算了吧"),
    ("en", "Actually no, forget it"),
    ("en", "Never mind."),
    ("en", "That should be everything."),
    ("en", "That should do it, thanks"),
    ("zh", "应该就这些了"),
    # a greeting asks after nobody's booking ("Hi, how's it going?" had been the task at 25 %)
    ("en", "Hi, how's it going?"),
    ("en", "Hello, how are you doing?"),
    ("en", "Good morning!"),
    ("en", "Nice to meet you."),
    ("zh", "你好，最近怎么样？"),
    ("zh", "早上好！"),
    ("zh", "您好，最近好吗"),
]

ROWS = [("zh", *row) for row in ZH_ROWS] + [("en", *row) for row in EN_ROWS]


def _run(lang: str, text: str, now: datetime | None = None) -> tuple[list[Fact], list[KeyClause]]:
    event = Event(id="U1", index=0, role="user", text=text, size=len(text), message={})
    return extract_facts(event, load_rule_pack(lang), now=now)


def _shown(facts: list[Fact]) -> list[tuple[str, str]]:
    return [(f.kind, f.text) for f in facts]


def _assert_span(text: str, fact: Fact) -> None:
    assert fact.span.event_id == "U1"
    assert 0 <= fact.span.start < fact.span.end <= len(text), fact
    assert text[fact.span.start:fact.span.end] == fact.text, fact


def test_tables_have_enough_rows() -> None:
    assert len(ZH_ROWS) >= 20
    assert len(EN_ROWS) >= 20
    assert len(set(ROWS)) == len(ROWS), "duplicate rows"


@pytest.mark.parametrize(("lang", "text", "kind", "expected", "match"), ROWS)
def test_fact_is_extracted(lang: str, text: str, kind: str, expected: str, match: str) -> None:
    facts, _ = _run(lang, text)
    if match == EQ:
        hits = [f for f in facts if f.kind == kind and f.text == expected]
    else:
        assert match == IN
        hits = [f for f in facts if f.kind == kind and expected in f.text]
    assert hits, f"no {kind} fact {match} {expected!r} in {text!r}; got {_shown(facts)}"
    for fact in hits:
        assert fact.strength is Strength.STRONG, fact
        _assert_span(text, fact)


@pytest.mark.parametrize(("lang", "text", "quantity"), [
    ("en", "Will you book it for a party of 7 ?", "7"),   # had read no party
    ("en", "We're a group of twelve, any room?", "twelve"),
    ("zh", "我们一行七人", "七人"),
    ("en", "Book it for 3 nights.", "3 nights"),          # a stay keeps its unit
    ("en", "Two tickets for 8:15 please.", "Two tickets"),   # the 8:15 is a clock
    ("en", "A room for 2 adults.", "2 adults"),
    ("en", "Reserve a table for 7 at 7:30 pm.", "7"),
    ("zh", "帮我订3晚的房间", "3晚"),
    ("zh", "订两张8点15的票", "两张"),
])
def test_a_number_after_what_is_booked_is_its_party_only_alone(lang: str, text: str, quantity: str | None) -> None:
    found = [f.text for f in _run(lang, text)[0] if f.kind == "quantity"]
    assert found == ([quantity] if quantity else []), found


# A count inside what the user requires is a fact of its own, as a time is: a later change of it
# ("5 nights" → "1 night") leaves the rest of the requirement current
@pytest.mark.parametrize(("lang", "text", "quantities"), [
    ("en", "I need a reservation for 6 people for 5 nights starting on Saturday.", ["6 people", "5 nights"]),
    ("en", "I need 3 tickets", ["3 tickets"]),
    ("zh", "我需要订3间房，住两晚", ["3间", "两晚"]),
    ("zh", "必须要两张票", ["两张"]),
])
def test_a_count_a_requirement_holds_is_its_own_fact(lang: str, text: str, quantities: list[str]) -> None:
    facts = _run(lang, text)[0]
    assert [f.text for f in facts if f.kind == "quantity"] == quantities, _shown(facts)
    assert any(f.kind == "obligation" for f in facts), _shown(facts)


# (lang, text, the negation fact, whether it forbids): a prohibition is on the ladder's top level
# and the LLM validator checks that no summary does what it forbids; a description is neither
FORBIDS_ROWS = [
    ("en", "Don't charge my card yet.", "Don't charge my card yet", True),
    # "no" with what there is instead, or saying it is so there too, describes ("no loading dock but we have a forklift",
    # "no dock there either" had been prohibitions at the top of en_freight_shipping's 5 % summary); controls forbid
    ("en", "no loading dock but we have a forklift", "no loading dock", False),
    ("en", "no dock there either, its just a restaurant", "no dock there either, its just a restaurant", False),
    ("en", "no onions either", "no onions either", True),
    ("en", "No visitors there, I mean it", "No visitors there", True),
    ("en", "dont park there", "dont park there", True),
    # typed with no apostrophe, as "dont" was, read as typed with one: "shouldnt" forbids, "wont" as "won't", "cant"
    # and "didnt" describe
    ("en", "i wont pay extra for delivery", "i wont pay extra for delivery", False),
    ("en", "i won't pay extra for delivery", "i won't pay extra for delivery", False),
    ("en", "you shouldnt ring the bell", "you shouldnt ring the bell", True),
    ("en", "i cant do mornings", "i cant do mornings", False),
    ("en", "my suitcase didnt show up last night", "my suitcase didnt show up last night", False),
    ("zh", "没有卸货平台 不过我们有叉车", "没有卸货平台", False),
    ("zh", "洋葱也不要", "洋葱也不要", True),
    # ("no" before a statement is an answer; what the statement negates still counts: controls)
    ("en", "no ice in mine please", "no ice in mine please", True),
    ("en", "no we dont need it", "no we dont need it", False),
    ("zh", "不要冰", "不要冰", True),
    # a prohibition cue before a past verb tells what did not happen ("never done freight before"
    # had been the first thing kept at 5 %, above the task)
    ("en", "never done freight before honestly", "never done freight before honestly", False),
    ("en", "never run the dryer at night", "never run the dryer at night", True),
    ("zh", "千万别用顺丰", "千万别用顺丰", True),
    # asked with a negative auxiliary first, it forbids nothing ("Shouldn't we avoid the highway?" had
    # been a prohibition); asked with 是不是, likewise
    ("en", "Shouldn't we avoid the highway?", "Shouldn't we avoid the highway", False),
    ("zh", "是不是别走高速比较好？", "是不是别走高速比较好", False),
    # typeset and tokenizer-split apostrophes are the same cue
    ("en", "Please don’t call my mom.", "don’t call my mom", True),
    ("en", "Do n't book anything yet .", "Do n't book anything yet", True),
    ("en", "I do n't have a specific time I need to arrive .", "I do n't have a specific time I need to arrive", False),
    ("en", "No shellfish, my wife is allergic.", "No shellfish, my wife is allergic", True),
    ("en", "His client files are on it and there's no backup.", "it and there's no backup", False),
    ("en", "It won't turn on since the update.", "It won't turn on since the update", False),
    ("en", "But nothing was ever diagnosed as far as I know.", "nothing was ever diagnosed as far as I know", False),
    ("en", "No one was home when they came.", "No one was home when they came", False),
    ("en", "Never call before 9am.", "Never call before 9am", True),
    ("en", "Nothing too loud, please.", "Nothing too loud, please", True),
    ("zh", "先别付款，到店看完医生再说。", "先别付款", True),
    ("zh", "另外不要给我打电话。", "不要给我打电话", True),
    ("zh", "我没有发票。", "我没有发票", False),
    ("zh", "明天我不在家。", "明天我不在家", False),
    # a person saying what they do or did states a constraint or a fact, no order to the agent
    ("en", "I don't even play video games.", "I don't even play video games", False),
    ("en", "I've never even heard of Lumora.", "I've never even heard of Lumora", False),
    ("en", "There are charges that I definitely didn't make.", "There are charges that I definitely didn't make", False),
    ("en", "None of them are mine.", "None of them are mine", False),
    ("en", "But please don't close my checking account.", "don't close my checking account", True),
    ("zh", "我从来不吃辣。", "我从来不吃辣", False),
    ("zh", "他们一般不住酒店。", "他们一般不住酒店", False),
    ("zh", "千万别给我爸打电话。", "千万别给我爸打电话", True),
    # … or what another person does or did ("she's" as "she is" and "she has")
    ("en", "She's never lived in Seattle before.", "She's never lived in Seattle before", False),
    ("en", "They've never flown alone.", "They've never flown alone", False),
    ("en", "He's not allowed to lift anything heavy.", "He's not allowed to lift anything heavy", False),
    ("zh", "她从来不坐飞机。", "她从来不坐飞机", False),
    ("zh", "她不会开车。", "她不会开车", False),
    ("zh", "别让她一个人去。", "别让她一个人去", True),
    # what has not happened yet describes ("still nothing", "还没消息")
    ("en", "Still nothing from my aunt.", "Still nothing from my aunt", False),
    ("en", "Still no word from the insurer.", "Still no word from the insurer", False),
    ("en", "I filed a claim in October and never heard back.", "in October and never heard back", False),
    ("en", "The technician never showed up.", "The technician never showed up", False),
    ("en", "Never send it to my work address.", "Never send it to my work address", True),
    ("zh", "我姑姑还是不回消息。", "我姑姑还是不回消息", False),
    ("zh", "保险公司那边还是没有消息。", "保险公司那边还是没有消息", False),
    # what a thing or a person has not: "has" or "had" before the cue ("have" may ask for it)
    ("en", "Her old place has no elevator.", "Her old place has no elevator", False),
    # … or what a clause about another or a thing adds after a comma ("She's on the second floor
    # there, no elevator" had been a prohibition at the top of the summary); the user's own, or a
    # requirement's, still forbids
    ("en", "She's on the second floor there, no elevator.", "no elevator", False),
    ("en", "The hotel is fine, no pool though.", "no pool", False),
    ("en", "We're driving, no tolls.", "no tolls", True),
    ("en", "Book the 7 pm table, no balcony.", "no balcony", True),
    ("zh", "她现在住二楼，没有电梯。", "没有电梯", False),
    ("zh", "订晚上7点那桌，不要阳台。", "不要阳台", True),
    ("en", "The first hotel had no parking at all.", "The first hotel had no parking at all", False),
    ("en", "Please have no onions on it.", "have no onions on it", True),
    ("zh", "她原来住的地方没有电梯。", "她原来住的地方没有电梯", False),
    ("zh", "第一家酒店根本没有停车场。", "第一家酒店根本没有停车场", False),
    ("zh", "千万别放洋葱。", "千万别放洋葱", True),
]


# (lang, text, the negation fact, what it is read as): what did not happen is told like a claim
# ("past": below the decisions on the ladder, never forced into a tight summary); Chinese "没(有)"
# says both "did not" and "does not have", so the Chinese pack lists no such cue
NEGATION_VALUES = [
    ("en", "Honestly I'm jealous, haven't been to Lisbon since college.",
     "haven't been to Lisbon since college", "past"),   # not across the comma: no object before it
    ("en", "He didn't get the confirmation email.", "He didn't get the confirmation email", "past"),
    ("en", "The package wasn't in the box.", "The package wasn't in the box", "past"),
    ("en", "It isn't open on Sundays.", "It isn't open on Sundays", "thing"),
    ("en", "Don't call my mom.", "Don't call my mom", "prohibition"),
    ("zh", "我没有发票。", "我没有发票", None),
    ("zh", "明天我不在家。", "明天我不在家", None),
    ("zh", "别给我妈打电话。", "别给我妈打电话", "prohibition"),
    # "never" before a past verb: what did not happen ("He's never had kennel cough" had been a
    # constraint at the level of the budget)
    ("en", "He's never had kennel cough.", "He's never had kennel cough", "past"),
    ("en", "Nothing was ever diagnosed.", "Nothing was ever diagnosed", "past"),
    ("en", "I never heard back from them.", "I never heard back from them", "past"),
    ("en", "Never call me at work.", "Never call me at work", "prohibition"),
    ("en", "We don't eat pork.", "We don't eat pork", None),
    # and before a past participle ("She's never lived in Seattle before" had been a constraint)
    ("en", "She's never lived in Seattle before.", "She's never lived in Seattle before", "past"),
    ("en", "I've never used that bank.", "I've never used that bank", "past"),
    ("en", "Pets are not allowed.", "Pets are not allowed", None),   # "not" + participle may forbid
    # a thing named before "won't": what it will not do, no prohibition
    ("en", "My work laptop won't charge anymore.", "My work laptop won't charge anymore", None),
    ("zh", "我的电脑充不了电了。", "我的电脑充不了电了", None),
    # … nor a choice turned down ("I 'm sorry that train wo n't work" had been a prohibition, the
    # first item of a 25 % summary)
    ("en", "I'm sorry, that train won't work.", "I'm sorry, that train won't work", None),
    ("en", "I 'm sorry that train wo n't work", "I 'm sorry that train wo n't work", None),
    ("en", "This hotel won't work for us.", "This hotel won't work for us", None),
    ("zh", "不好意思，那趟车不行。", "那趟车不行", None),
    # what a thing is not is told like a claim too ("It's not too heavy" had been a constraint,
    # ahead of "recommend a model between 5,000-10,000 yuan"); a contrast, a requirement or a
    # prohibition cue keeps it the user's
    ("en", "It's not too heavy.", "It's not too heavy", "thing"),
    ("en", "This one doesn't have parking.", "This one doesn't have parking", "thing"),
    ("en", "It's for my mom, not me.", "It's for my mom, not me", None),
    ("en", "It shouldn't be on the ground floor.", "It shouldn't be on the ground floor", None),
    ("zh", "这个不算贵。", "这个不算贵", "thing"),
    # … also after a word that only acknowledges ("Sure, that's not too high" had been a constraint)
    ("en", "Sure, that's not too high. That's what I want.", "that's not too high", "thing"),
    ("en", "Oh, it's not too far from the hotel.", "it's not too far from the hotel", "thing"),
    ("zh", "行，这个不算贵，就它了。", "这个不算贵", "thing"),
    ("zh", "没问题，这个价格不算高。", "这个价格不算高", "thing"),
    ("zh", "那家周一不开门。", "那家周一不开门", "thing"),
    ("zh", "我们不吃猪肉。", "我们不吃猪肉", None),
    # "can't" with a time bound after it forbids ("Demolition can't start before January 11th" was
    # a plain constraint, dropped from a 6 % summary that kept the reasons around it; "1月11号之前不能拆"
    # was already a prohibition); asked, or with no bound, it does not
    ("en", "Demolition can't start before January 11th because we're hosting family.",
     "Demolition can't start before January 11th", "prohibition"),
    ("en", "The movers can't come until 9am.", "The movers can't come until 9am", "prohibition"),
    ("en", "I can't find the receipt.", "I can't find the receipt", None),
    ("zh", "1月11号之前不能拆，因为家里有亲戚住。", "1月11号之前不能拆", "prohibition"),
    ("zh", "工人9点之前来不了。", "工人9点之前来不了", None),
    # a negation stressed to argue a case is told like a claim ("I don't even play video games"
    # had been a constraint of a card dispute, ahead of the new delivery address); unstressed, or
    # an order, it keeps its reading
    ("en", "I don't even play video games.", "I don't even play video games", "argued"),
    ("en", "We're not even in the country that week.", "We're not even in the country that week", "argued"),
    ("en", "Don't even think about booking it.", "Don't even think about booking it", "prohibition"),
    ("en", "I don't play video games.", "I don't play video games", None),
    ("zh", "我连游戏都不玩。", "我连游戏都不玩", "argued"),
    ("zh", "那周我们根本不在国内。", "那周我们根本不在国内", "argued"),
    ("zh", "连电话都别打。", "连电话都别打", "prohibition"),
    ("zh", "我不玩游戏。", "我不玩游戏", None),
]


# what never happened is told in Chinese by its claim cues ("从来没", "一直没"): a claim, kept as one
@pytest.mark.parametrize(("text", "claim"), [("他从来没得过犬瘟。", "他从来没得过犬瘟"),
                                             ("他们一直没回复我。", "他们一直没回复我"),
                                             ("她从来没在西雅图住过。", "她从来没在西雅图住过")])
def test_what_never_happened_is_a_claim_in_chinese(text: str, claim: str) -> None:
    assert claim in [f.text for f in _run("zh", text)[0] if f.kind == "claim"], _shown(_run("zh", text)[0])


@pytest.mark.parametrize(("lang", "text", "negation", "value"), NEGATION_VALUES)
def test_what_did_not_happen_is_told_like_a_claim(lang: str, text: str, negation: str, value: str | None) -> None:
    found = [f for f in _run(lang, text)[0] if f.kind == "negation" and f.text == negation]
    assert found, _shown(_run(lang, text)[0])
    assert found[0].value == value
    pack = load_rule_pack(lang)
    assert (pack.level_of("negation", found[0].value) == "claims") is (value in ("past", "thing", "argued"))


@pytest.mark.parametrize(("lang", "text", "negation", "forbids"), FORBIDS_ROWS)
def test_a_negation_forbids_or_describes(lang: str, text: str, negation: str, forbids: bool) -> None:
    facts, _ = _run(lang, text)
    found = [f for f in facts if f.kind == "negation" and f.text == negation]
    assert found, _shown(facts)
    assert (found[0].value == "prohibition") is forbids


@pytest.mark.parametrize(("lang", "text"),
                         [(lang, text) for lang, text, *_ in ROWS] + NO_NEGATION_ROWS)
def test_every_fact_and_clause_points_back_into_the_text(lang: str, text: str) -> None:
    facts, clauses = _run(lang, text)
    for fact in facts:
        _assert_span(text, fact)
    for clause in clauses:
        assert clause.span.event_id == "U1"
        assert text[clause.span.start:clause.span.end] == clause.text
        for fact in clause.facts:
            assert clause.span.start <= fact.span.start <= fact.span.end <= clause.span.end


# (lang, text, its negation): controls: a bare cue that holds a value or names what it negates
@pytest.mark.parametrize(("lang", "text", "negation"), [
    ("en", "No onions", "No onions"), ("en", "Not me", "Not me"), ("en", "Thursday's packed", "Thursday's packed"),
    ("zh", "周四没空", "周四没空"), ("zh", "不要香菜", "不要香菜"), ("zh", "没有电梯", "没有电梯"),
])
def test_a_bare_cue_with_its_object_still_negates(lang: str, text: str, negation: str) -> None:
    assert negation in [f.text for f in _run(lang, text)[0] if f.kind == "negation"], _shown(_run(lang, text)[0])


@pytest.mark.parametrize(("lang", "text"), NO_NEGATION_ROWS)
def test_no_negation_fact(lang: str, text: str) -> None:
    facts, _ = _run(lang, text)
    negations = [f for f in facts if f.kind == "negation"]
    assert not negations, f"{text!r} gave {_shown(negations)}"


@pytest.mark.parametrize(("lang", "text"), FILLER_ROWS)
def test_filler_gives_no_key_clause_and_no_fact(lang: str, text: str) -> None:
    facts, clauses = _run(lang, text)
    assert not clauses, f"{text!r} gave key clauses {[c.text for c in clauses]}"
    assert not facts, f"{text!r} gave facts {_shown(facts)}"


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "How are you going to deliver it?"),
    ("en", "Good morning slots are best for me"),
    ("en", "Nice hotel, is it near the station?"),
    ("zh", "早上好多人排队吗"),
    ("zh", "最近怎么样才能订到票？"),
    ("zh", "越早越好"),
])
def test_words_of_a_greeting_inside_a_clause_still_say_it(lang: str, text: str) -> None:
    """A greeting is a filler only when it is the whole clause."""
    assert _run(lang, text)[1], f"{text!r} gave no key clause"


# what the user asks a thing to have, a place by its name: medium facts that keep the words as said (and the facts inside them stay facts of their own)
DESCRIPTIVE_ROWS = [
    ("zh", "再看看下周一的航班吧，我打算坐公务舱", "term", "公务舱"), ("en", "I plan to fly business class", "term", "business class"),
    ("en", "a restaurant whose signature dishes include hand-cut lamb", "feature", "include hand-cut lamb"),
    ("zh", "你能给我找一个价格是300-400元，提供宽带上网的酒店吗？", "feature", "提供宽带上网"),
    ("zh", "我想找一家有接机服务和接待外宾服务的高档型酒店", "feature", "有接机服务和接待外宾服务的"),
    ("zh", "请帮我找一家可以打国际长途电话的豪华型酒店。", "feature", "可以打国际长途电话的"),
    ("zh", "请帮我找一家餐馆，有蒿子杆这个菜。", "feature", "有蒿子杆这个菜"),
    ("zh", "晚上我和老公想吃耗儿鱼，帮我推荐一个餐馆吧", "feature", "想吃耗儿鱼"),
    ("zh", "我要去名叫水湾部落的餐馆用餐", "feature", "名叫水湾部落"),
    ("zh", "请帮我推荐一家餐厅，我想吃的菜是芝麻烧饼。", "feature", "想吃的菜是芝麻烧饼"),
    ("zh", "你知道哪个餐馆能吃到炸小河虾吗？", "feature", "能吃到炸小河虾"),
    ("zh", "给我推荐一个价格200-300元的酒店，要有会议室和国际长途电话。", "feature", "要有会议室和国际长途电话"),
    ("zh", "推荐一家人均消费在50-100元的餐馆吃大酱汤这道菜", "feature", "吃大酱汤这道菜"),
    ("zh", "帮我找一家带停车场的民宿", "feature", "带停车场的"),
    ("zh", "还想去王婆大虾(行宫店)尝尝味道", "venue", "王婆大虾(行宫店)"),
    ("zh", "我们约在星巴克（国贸店）见面", "venue", "星巴克（国贸店）"),
    ("en", "I am looking for alexander bed and breakfast.", "place", "alexander bed and breakfast"),
    ("en", "Can you tell me about the adc theatre?", "place", "adc theatre"),
    ("en", "We'd like to visit the whipple museum of the history of science", "place", "whipple museum"),
    ("en", "Meet me at the grafton hotel.", "place", "grafton hotel"),
    ("en", "I'm looking for a particular hotel, the name is home from home.", "name", "the name is home from home"),
    ("en", "We want a pub called the slug and lettuce", "name", "called the slug and lettuce"),
    # a word made for the case: a hyphenated compound with its noun, an acronym
    ("en", "Hello, I want to buy a gas-powered SUV, can you recommend one?", "compound", "gas-powered SUV"),
    ("en", "We would love a Suzhou-style garden nearby", "compound", "Suzhou-style garden"),
    ("en", "Does the room have HDMI?", "compound", "HDMI"),
    # a term keeps the words of degree before it ("expensive" alone says the opposite of "not that expensive")
    ("en", "Can you recommend some a bit more expensive restaurants near here?", "term", "a bit more expensive"),
    ("zh", "我想找一家比较便宜的酒店", "term", "比较便宜"),
    # (the most of it too: "最便宜" had been cut to "便宜", the cheapest read as a cheap one)
    ("zh", "就要最便宜那个大床房 一个人住够了", "term", "最便宜"),
    ("en", "Can you find the least expensive hotel near the station?", "term", "least expensive"),
    ("zh", "我想买一辆汽油的SUV，预算15万以内", "compound", "SUV"),
    # a model: a few capitals and digits ("那就T20吧" had named nothing, and the model chosen was lost)
    ("zh", "那就T20吧，补200对吧？", "compound", "T20"),
    ("zh", "石头P10要12月10日才到货", "compound", "P10"),
    ("en", "Let's go with the T20 then", "compound", "T20"),
    ("en", "I'll take the P10", "compound", "P10"),
]


@pytest.mark.parametrize(("lang", "text", "kind", "expected"), DESCRIPTIVE_ROWS)
def test_descriptive_fact_is_extracted_as_medium(lang: str, text: str, kind: str, expected: str) -> None:
    facts, _ = _run(lang, text)
    hits = [f for f in facts if f.kind == kind and expected in f.text]
    assert hits, f"no {kind} fact holding {expected!r} in {text!r}; got {_shown(facts)}"
    for fact in hits:
        assert fact.strength is Strength.MEDIUM
        _assert_span(text, fact)


# a tag asking for consent ("好吗", "行吗", "ok?") is no part of what is asked for ("提供收费停车位和会议室好"
# had been quoted as "酒店是否提供收费停车位和会议室好？")
TAGGED_ROWS = [
    ("zh", "麻烦你帮我查一下这个酒店是否提供收费停车位和会议室好吗？", "会议室好"),
    ("zh", "帮我找的民宿最好有停车位行吗", "停车位行"),
    ("zh", "你查一下他家提供接机服务可以吗？", "服务可以"),
    ("en", "Can you check that the hotel offers free parking and a meeting room, ok?", "room, ok"),
    ("en", "Find me a place that has free wifi, alright?", "alright"),
]


@pytest.mark.parametrize(("lang", "text", "tag"), TAGGED_ROWS)
def test_a_consent_tag_is_no_part_of_a_fact(lang: str, text: str, tag: str) -> None:
    facts, _ = _run(lang, text)
    assert not [f for f in facts if tag in f.text], f"{tag!r} read into {_shown(facts)}"


# where a trip goes: a hard constraint (strong), its words as said, the facts inside it its own
ROUTE_ROWS = [
    ("zh", "从天安门到颐和园怎么走", "route", "从天安门到颐和园"),
    ("zh", "帮我叫一辆车，从酒店去机场", "route", "从酒店去机场"),
    # where it starts from alone ("从上海出发" was cut to "上海", which says neither)
    ("zh", "从上海出发。", "route", "从上海出发"),
    ("zh", "明天从家里出发", "route", "从家里出发"),
    ("en", "I'll be departing from Peterborough, arriving by 08:30.", "route", "departing from Peterborough"),
    ("en", "Looking for a train from cambridge to bishops stortford on monday.", "route", "from cambridge to bishops stortford"),
    ("en", "Is there a train leaving kings lynn after 16:00?", "route", "leaving kings lynn"),
    ("en", "Book me a taxi to the stansted airport please", "route", "taxi to the stansted airport"),
    ("en", "We are flying from Boston to Lisbon next week", "route", "from Boston to Lisbon"),
    ("en", "I want a train that arrives in broxbourne by 09:45.", "route", "arrives in broxbourne"),
    ("en", "I am leaving for Paris on Friday.", "route", "leaving for Paris"),
    ("en", "I'm returning to Boston on Friday", "route", "returning to Boston"),
    ("zh", "周五从成都到上海", "route", "从成都到上海"),
]


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "Ha, my dad will absolutely go for the pastéis."),    # "go for" chooses
    ("en", "I'd go for the cheaper one."),
    ("zh", "我就选便宜的那个"),
    # "going to" before a verb is a future, no destination ("going to be so relieved" was a route)
    ("en", "Thanks, this is super helpful. She's going to be so relieved lol"),
    ("en", "I'm going to need a bigger car"), ("zh", "我去看看再说"),
    # tax returns go nowhere ("returns for someone else" had been the task's route)
    ("en", "do you guys handle amended returns for someone else?"), ("zh", "帮我妈办退税的事"),
])
def test_a_choice_is_no_trip(lang: str, text: str) -> None:
    assert not [f for f in _run(lang, text)[0] if f.kind == "route"]


@pytest.mark.parametrize(("lang", "text", "kind", "expected"), ROUTE_ROWS)
def test_where_a_trip_goes_is_a_strong_fact(lang: str, text: str, kind: str, expected: str) -> None:
    facts, _ = _run(lang, text)
    hits = [f for f in facts if f.kind == kind and expected in f.text]
    assert hits, f"no {kind} fact holding {expected!r} in {text!r}; got {_shown(facts)}"
    for fact in hits:
        assert fact.strength is Strength.STRONG
        _assert_span(text, fact)


# what the user wants, likes or asks to be found: the object of the wish is the fact (medium), the
# verb and an article before it are not ("想" and "I'd like" are lead words a quote may lose)
WISHES = [
    ("zh", "家人喜欢西北菜，能给推荐一个餐厅吗？", "西北菜"),
    # the dish a restaurant's recommended dishes must hold ("推荐菜有…" had given "菜有…", cut inside 推荐菜)
    ("zh", "给我找到一家推荐菜有传统手切鲜羊上脑、然后评分在4.5分以上的店", "传统手切鲜羊上脑"),
    ("zh", "我想买一辆三厢车，比较信赖上汽大众", "上汽大众"),
    ("zh", "你能帮我推荐一部2010年代的美国科幻片吗？", "一部2010年代的美国科幻片"),
    ("zh", "我想要一等卧，顺便帮我看下票价。", "一等卧"),
    ("zh", "还得麻烦你帮我推荐一家这附近好吃的面包甜点。", "一家这附近好吃的面包甜点"),
    ("zh", "我比较偏爱靠窗的座位", "靠窗的座位"),
    ("zh", "我想找个景点玩一会", "景点玩一会"),          # a bare measure word is not the object
    # an object longer than a short name is kept whole or not at all ("…的酒" was cut from "…的酒店")
    ("zh", "给我推荐一个价格200-300元的酒店，要有会议室", "一个价格200-300元的酒店"),
    ("zh", "周末想看一场话剧", "一场话剧"),
    ("zh", "我们更倾向于日式料理吧", "日式料理"),
    ("zh", "我想订两间大床房", "两间大床房"),
    ("zh", "帮我找一家安静点的咖啡馆", "安静点的咖啡馆"),
    ("zh", "我信任顺丰快递", "顺丰快递"),
    ("zh", "我想找一个消费便宜点的姑苏古迹转转", "一个消费便宜点的姑苏古迹转转"),
    ("zh", "帮我推荐一下附近的川菜馆", "附近的川菜馆"),
    ("zh", "能推荐一家安静的茶馆不？", "一家安静的茶馆"),   # the A-not-A "不" is no part of it
    ("en", "By the way, I'd prefer a standard room, does it have standard rooms?", "standard room"),
    ("en", "Hi, I want to buy a notchback and I trust SAIC Volkswagen.", "SAIC Volkswagen"),
    ("en", "I want a sleeper in first class. Can you help me check the price?", "sleeper"),
    ("en", "I also want you to help me find a good TV comedy show.", "good TV comedy show"),
    ("en", "Please recommend me a romantic TV show from the 2010s.", "romantic TV show"),
    ("en", "We are looking for the golden curry restaurant", "golden curry restaurant"),
    ("en", "Could you recommend a science fiction movie?", "science fiction movie"),
    ("en", "I'd like a table by the window", "table"),
    ("en", "Honestly I love Lenovo laptops", "Lenovo laptops"),
    ("en", "We would like a quiet room, please.", "quiet room"),
    ("en", "I prefer aisle seats on long flights", "aisle seats"),
    ("en", "Can you suggest a vegetarian restaurant near the museum?", "vegetarian restaurant"),
]
NO_WISH = [
    # what the user asks to be told is no wish ("reference number" had been quoted alone at 25 %)
    ("en", "I would like the reference number please"), ("en", "I'd like the phone number"),
    ("zh", "我想要电话号码"), ("zh", "我想要预订号"),
    # "推荐菜" is the recommended dishes: asking what they are wants nothing ("菜是什" had been quoted)
    ("zh", "老磁器口豆汁店(天坛店)的推荐菜是什么？"), ("en", "What are their signature dishes?"),
    ("zh", "那就你推荐的那个吧"),            # "推荐的那个" points back at an offer: "的那个" names nothing
    ("en", "Let's go with the one you recommended"),
    ("zh", "你帮我推荐一款吧。"),          # a measure word wants nothing named
    ("zh", "你推荐哪个？"),                # asks which
    ("zh", "我不喜欢香菜"),                # a negation: "不喜欢香菜" is one strong fact
    ("zh", "我想吃饭了"),
    ("zh", "先看看牛肉和腊肉吧，我爸喜欢吃"),   # one character ("吃") names nothing
    ("zh", "你能帮我推荐一下吗？"),            # "一下" is how, not what
    ("en", "I want to book it for Friday"),   # wants an action
    ("en", "Could you recommend one between 5,000-10,000 yuan?"),
    ("en", "Can you find out which hotel has parking?"),
    ("en", "I can't find my order anywhere"),
    ("en", "Would you recommend anything else?"),
    ("en", "Could you recommend me some?"), ("en", "Can you recommend a few?"),   # a pronoun, no object
    ("zh", "你帮我推荐个呗？"), ("zh", "给我推荐一款嘛"),                         # a measure word and a particle
    # a question's "不" or "没" at its end asks ("可以给我推荐一家不？" had wished for "一家不")
    ("zh", "可以给我推荐一家不？"), ("zh", "能推荐个不"), ("en", "Can you recommend one or not?"),
    # where one gets is no thing wished for ("home" had been quoted alone from "people want to get home")
    ("en", "Make it 6:30, people want to get home"), ("en", "I want to get back by 6"),
    ("en", "We want to get there early"),
    ("zh", "大家想早点回家"), ("zh", "我想早点到那儿"),
    # how a thing should end up is no thing wished for ("gone" had been quoted alone at 10 %)
    ("en", "and theres a big pine we want gone. where do i start"), ("en", "the shed, we want removed."),
    ("zh", "后院那棵大松树我们想弄走"),
]


@pytest.mark.parametrize(("lang", "text", "expected"), WISHES)
def test_the_object_of_a_wish_is_a_medium_fact(lang: str, text: str, expected: str) -> None:
    facts, _ = _run(lang, text)
    hits = [f for f in facts if f.kind == "wish" and f.text == expected]
    assert hits, _shown(facts)
    assert hits[0].strength is Strength.MEDIUM
    _assert_span(text, hits[0])


@pytest.mark.parametrize(("lang", "text"), NO_WISH)
def test_no_wish_without_a_named_object(lang: str, text: str) -> None:
    assert not [f for f in _run(lang, text)[0] if f.kind == "wish"], _shown(_run(lang, text)[0])


@pytest.mark.parametrize(("lang", "text", "products"), [
    ("en", "Could you give me their phone number?", []), ("en", "What's the phone number there?", []),
    ("zh", "他家电话号码是多少？", []), ("zh", "帮我查下手机号码归属地", []),
    ("en", "My phone is broken", ["phone"]), ("zh", "我的手机坏了", ["手机"]),   # controls: the device
])
def test_a_phone_number_is_no_phone(lang: str, text: str, products: list[str]) -> None:
    """"phone" of "their phone number" was a product, which raised a question for a number to the
    preferences' level at 25 %."""
    assert [f.text for f in _run(lang, text)[0] if f.kind == "product"] == products


# (text, the age it states or None): an age said of a person is a strong value of its own ("they're
# 63" had no value at all: eight ages of the same parents stood side by side in a long summary)
AGES = [
    ("My mom is now 71 years old", "71 years old"),
    ("He's 7 and she's 9, both swim a bit", "7"),
    ("They are both 63.", "63"),
    ("Dad turns 80 next month", "80"),
    ("I'm 5 minutes away", None),
    ("She's 3 hours late again", None),
    ("We are 4 people", None),
    ("They're 20% off today", None),
]


AGES += [("他们都73岁了", "73岁"), ("我妈今年六十八岁", "六十八岁"), ("孩子才5岁半", "5岁半"),
         ("我们住了3天", None), ("这个房子有30年了", None),
         ("结婚三十五周年", None)]


# a birthday is the occasion, not a limit: medium ("六十大寿" had been a name of jieba's, "40th"
# an id)
@pytest.mark.parametrize(("lang", "text", "occasion"), [
    ("zh", "我爸六十大寿，正好也是他俩结婚三十五周年", "六十大寿"), ("zh", "给我妈过七十岁生日", "七十岁生日"),
    ("en", "It's her 40th birthday on Saturday", "40th birthday"), ("en", "Sam's 21st birthday party", "21st birthday"),
])
def test_a_birthday_is_an_occasion_and_no_id(lang: str, text: str, occasion: str) -> None:
    facts = _run(lang, text)[0]
    assert [(f.kind, f.strength) for f in facts if f.text == occasion] == [("occasion", Strength.MEDIUM)], _shown(facts)
    assert not [f for f in facts if f.kind in ("id", "entity") and f.text in occasion], _shown(facts)


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "The lease ending in 2027 is fine"),   # a year
    ("en", "I'm ending in 30 minutes"),
    ("en", "Order 4417 please"),                  # a bare number
    ("en", "cockapoo is Biscuit, 12kg-ish. full groom for both"),   # a guess ("12kg-ish" had been an id a postcode replaced)
    ("zh", "柯基大概12kg-ish吧"),
    # … a year guessed ("2019ish" had been an id "nair88" replaced), a piece of a dotted handle named to correct it
    ("en", "pretty sure the last sweep was 2019ish"),
    ("en", "also the email, i wrote priya.nair88 but its priya.nair86@gmail.com. my bad"),
    ("zh", "上次扫烟囱好像是2019ish"),
    ("en", "crew about 25 ppl, 7am-7pm both days"),   # hours
    ("zh", "剧组25个人 7am-7pm两天"),
    ("zh", "邮箱我写成priya.nair88了 应该是priya.nair86@gmail.com"),
    ("zh", "租约2027年到期"),
    ("zh", "订4417号房间"),
])
def test_a_number_without_words_naming_last_digits_is_no_id(lang: str, text: str) -> None:
    assert not [f for f in _run(lang, text)[0] if f.kind == "id"], _shown(_run(lang, text)[0])


# The last or first few digits of a number are positions, not a count of people ("最后两位是27不是72"
# had made "[数量] 四位 → 两位" out of a corrected ID number)
@pytest.mark.parametrize(("lang", "text", "quantities"), [
    ("zh", "啊我打反了，是4527，最后两位是27不是72", []),
    ("zh", "她身份证后四位4572，电话15021873364", []),
    ("zh", "卡号末四位是9051", []),
    ("zh", "订两位，靠窗", ["两位"]),
    ("zh", "我们一共三位", ["三位"]),
    ("en", "The last two digits are 27, not 72", []),
    ("en", "A table for two people by the window", ["two people"]),
])
def test_digit_positions_are_no_count(lang: str, text: str, quantities: list[str]) -> None:
    assert [f.text for f in _run(lang, text)[0] if f.kind == "quantity"] == quantities, _shown(_run(lang, text)[0])


# (lang, text, the prohibition, the claim after it): a prohibition said before a hedged reason stays
# a prohibition, the claim is what follows it ("Don't charge my card yet, I think the insurer might
# cover it" had been one claim, the prohibition lost in it)
@pytest.mark.parametrize(("lang", "text", "prohibition", "claim"), [
    ("en", "Don't charge my card yet, I think the insurer might cover it", "Don't charge my card yet",
     "I think the insurer might cover it"),
    ("en", "Don't book anything yet, I guess Nadia wants Ojai", "Don't book anything yet", "I guess Nadia wants Ojai"),
    ("zh", "别急着付定金因为她好像还没看过照片", "别急着付定金", "因为她好像还没看过照片"),
    ("zh", "别给他吃葡萄柚，好像跟他的药有冲突", "别给他吃葡萄柚", "好像跟他的药有冲突"),
    # … a person with a hedge right after a prohibition begins the claim, with no comma (not one a
    # preposition takes: "别给我可能过敏的东西")
    ("zh", "先别扣款我老公好像还没看过合同", "先别扣款", "我老公好像还没看过合同"),
    ("zh", "别给我老公打电话他可能在开会", "别给我老公打电话", "他可能在开会"),
    # … and one said after a hedged clause, past a mark, ends the claim
    ("en", "I think the budget is $500, don't go over it", "don't go over it", "I think the budget is $500"),
    ("en", "Maybe she's allergic to nuts, don't give her any", "don't give her any", "Maybe she's allergic to nuts"),
    ("zh", "预算好像是五千，别超了", "别超了", "预算好像是五千"),
    # … also when the hedged clause holds a cue that forbids nothing ("not sure", "can't": the first
    # cue's scope had taken the prohibition in, and "don't book yet" was lost in the claim)
    ("en", "I'm not sure she can make it, don't book yet", "don't book yet", "I'm not sure she can make it"),
    ("en", "I think she can't make it, don't book yet", "don't book yet", "I think she can't make it"),
    ("zh", "我觉得她来不了，先别订", "先别订", "我觉得她来不了"),
    ("zh", "她可能来不了，先别订", "先别订", "她可能来不了"),
    # a hedge over the whole (the prohibition runs on into it) stays one claim
    ("en", "No shellfish, my wife might be allergic", None, "No shellfish, my wife might be allergic"),
])
def test_a_prohibition_before_a_hedged_reason_stays_one(lang: str, text: str, prohibition: str | None,
                                                       claim: str) -> None:
    facts = _run(lang, text)[0]
    assert [f.text for f in facts if f.kind == "uncertain"] == [claim], _shown(facts)
    assert [f.text for f in facts if f.kind == "negation" and f.value == "prohibition"] == (
        [prohibition] if prohibition else []), _shown(facts)


@pytest.mark.parametrize(("lang", "text"), [
    ("zh", "发票抬头写我公司吧"),
    ("zh", "直接去国贸客户公司那边"),
    ("zh", "我们公司报销也麻烦"),
    ("en", "I'll ask my company to pay for it"),
    ("en", "We went to the Co-op on Main St"),
    ("en", "Thanks, the LLC question can wait"),
])
def test_a_company_without_its_name_and_legal_form_is_no_org(lang: str, text: str) -> None:
    """Only a full registered name is a value a correction may replace ("我公司" names none)."""
    assert not [f for f in _run(lang, text)[0] if f.kind == "org"], _shown(_run(lang, text)[0])


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "i moved on June 12, 2024 Boston was cold"),
    ("en", "Friday 12, 2024 Berlin trip"),
    ("en", "Room 12, 1013 people came"),
    ("zh", "6月12日, 2024年 北京"),
])
def test_a_date_then_a_town_is_no_address(lang: str, text: str) -> None:
    """A street, its number, a postcode and a town make an address; a day and a year before a town do not."""
    assert not [f for f in _run(lang, text)[0] if f.kind == "address"], _shown(_run(lang, text)[0])


@pytest.mark.parametrize(("text", "age"), AGES)
def test_an_age_said_of_a_person_is_a_strong_value(text: str, age: str | None) -> None:
    lang = "en" if text.isascii() else "zh"
    ages = [f for f in _run(lang, text)[0] if f.kind == "age"]
    if age is None:
        assert not ages, _shown(ages)
    else:
        assert age in [f.text for f in ages] and all(f.strength is Strength.STRONG for f in ages), _shown(ages)


@pytest.mark.parametrize(("lang", "text", "decade", "not_a_value"), [
    ("zh", "你能帮我推荐一部2010年代的美国科幻片吗？", "2010年代", "2010年"),   # not 2010 years
    ("zh", "九十年代的老歌就行", "九十年代", "九十年"),
    ("zh", "想看80年代的港片", "80年代", "80年"),
    ("en", "Please recommend me a romantic TV show from the 2010s.", "the 2010s", "2010s"),   # no id
    ("en", "Anything from the 1990s works", "the 1990s", "1990s"),
    ("en", "Songs from the '80s, please", "the '80s", "80s"),
])
def test_a_decade_is_a_strong_fact_no_quantity_no_id_no_date(lang: str, text: str, decade: str,
                                                             not_a_value: str) -> None:
    facts, _ = _run(lang, text)
    assert not [f for f in facts if f.kind in ("quantity", "id", "time") and not_a_value in f.text], _shown(facts)
    hits = [f for f in facts if f.kind == "decade"]
    assert [f.text for f in hits] == [decade] and hits[0].strength is Strength.STRONG, _shown(facts)


@pytest.mark.parametrize(("lang", "text", "outer", "inner"), [
    ("en", "I want a modern hotel", ("place", "modern hotel"), ("evaluative", "modern")),
    ("en", "a train from cambridge to ely at 16:00", ("route", "from cambridge to ely"), ("clock", "16:00")),
    ("zh", "想找一家有24小时热水的酒店", ("feature", "有24小时热水的"), ("quantity", "24小时")),
])
def test_descriptive_facts_keep_the_facts_inside_them(lang: str, text: str, outer: tuple[str, str],
                                                      inner: tuple[str, str]) -> None:
    shown = _shown(_run(lang, text)[0])
    assert outer in shown and inner in shown, shown


@pytest.mark.parametrize(("lang", "text"), [
    ("zh", "这家店有什么特色菜"), ("zh", "有没有好吃的"), ("zh", "我想吃饭了"),
    ("en", "I need to get there by 5pm"), ("en", "Is it a nice hotel?"),
    # "have" before a pronoun names no feature: "have anything" had outranked the budget at 35 %
    ("en", "Do you have anything to recommend?"), ("en", "Does it have something for kids?"),
    ("en", "Do they have one near the river?"), ("zh", "你们有什么推荐的吗？"), ("zh", "有没有什么好玩的"),
    ("en", "His rabies shot might have expired"),   # a tense, no feature
    # a question word names no feature: "with what" of "I will go with what you recommend" was quoted
    ("en", "No preference, I will go with what you recommend"), ("en", "I'm happy with whatever is cheapest"),
    ("zh", "你推荐什么就订什么"), ("zh", "听你的，哪家都行"),
    # "能"/"可以" asking for help is no feature ("能帮我找个豪华型的酒店吗" gave the feature "能帮我找个豪华型的")
    ("zh", "你好，能帮我找个豪华型的酒店吗"), ("zh", "可以给我推荐个便宜的酒店吗"),
    ("en", "Can you help me with my booking?"),
    # a time after "with" is no feature ("with today?" was cut from "anything else I can help you with today?")
    ("en", "Is there anything else I can help you with today ?"), ("zh", "今天还有什么能帮你的吗"),
    # a joiner names no feature: "have and how much does" had been quoted of the question below, alone at 50 %
    ("en", "also what paper stock do you have and how much does it cost"), ("zh", "你们都有什么纸 多少钱一张"),
])

def test_no_descriptive_fact_from_questions_and_plain_words(lang: str, text: str) -> None:
    kinds = {kind for kind, _ in _shown(_run(lang, text)[0])}
    assert not kinds & {"feature", "route", "place", "venue"}, _shown(_run(lang, text)[0])


@pytest.mark.parametrize(("lang", "text", "feature"), [
    ("en", "does it have wifi and how much does it cost", "have wifi"),
    ("en", "do you have matte and what does it cost", "have matte"),
    ("en", "a hotel with free parking and a pool", "with free parking and a pool"),   # (control: things joined)
    ("zh", "给我推荐一个价格200-300元的酒店，要有会议室和国际长途电话。", "要有会议室和国际长途电话"),
    ("zh", "帮我找一家带停车场的民宿 多少钱一晚", "带停车场的"),
])
def test_a_feature_ends_before_a_question_joined_to_it(lang: str, text: str, feature: str) -> None:
    """What a thing has ends where a question about it starts ("have wifi and how much does" would
    quote a question's pieces as a want)."""
    assert [f.text for f in _run(lang, text)[0] if f.kind == "feature"] == [feature]


# a hedge in a request or a question asks politely or asks whether: nothing is claimed ("Could you
# perhaps help me find…?" had been kept as a claim, above the user's preferences); a statement
# said with a rising mark still claims
@pytest.mark.parametrize(("lang", "text", "claims"), [
    ("en", "Could you perhaps help me find a nice hot pot restaurant around here?", False),
    ("en", "Can you maybe book it for 7?", False), ("en", "Would you perhaps recommend a quieter place?", False),
    ("en", "I think one of them is vegetarian, maybe Sam?", True),
    ("en", "I think Valentina got refused a Schengen visa once, maybe 2019?", True),
    ("zh", "你能不能大概帮我看看有没有火锅店？", False), ("zh", "它大概几点关门？", False), ("zh", "可能要排队吗？", False),
    ("zh", "我好像之前在你们这办过会员", True),
    # "应该…吧" guesses, but closed by a question mark it asks, and with 能/会 it hopes for what it asks
    # for ("那这个景点评分应该不错吧？" had been a claim, and cost CrossWOZ two values at 25 %)
    ("zh", "儿子应该1米3左右吧", True), ("zh", "那这个景点评分应该不错吧？", False),
    ("zh", "可以，就去北京海洋馆，这个景点周边应该能有好吃的餐馆吧。", False),
    ("en", "he's probably 4 foot 3 i guess", True),
])
def test_a_hedged_request_claims_nothing(lang: str, text: str, claims: bool) -> None:
    facts = _run(lang, text)[0]
    assert bool([f for f in facts if f.kind in ("uncertain", "claim")]) is claims, _shown(facts)


# (lang, text, the one time fact it holds, its value): now is Monday 2026-11-30 10:00 in the
# user's zone. A clock written with its day is one fact on that day, not a clock on today's date
# plus a day; minutes written as words or fractions keep their value ("十点一刻" was read 10:01).
WRITTEN_TIMES = [
    # a clock before the day of the month it is on is one time ("lands 13:15 on the 13th", "13号下午1点15分落地" had been two)
    ("en", "ok flights booked! lands frankfurt 13:15 on the 13th now, not 11:40", "13:15 on the 13th",
     {"at": "2026-12-13T13:15:00-05:00"}),
    ("en", "pick up 3 pm on Sunday please", "3 pm on Sunday", {"at": "2026-12-06T15:00:00-05:00"}),   # (control)
    ("zh", "机票订好了 13号下午1点15分落地", "13号下午1点15分", {"at": "2026-12-13T13:15:00+08:00"}),
    ("zh", "改到13号10点吧", "13号10点", {"at": "2026-12-13T10:00:00+08:00"}),
    ("zh", "5号楼3点开会", "3点", {"time": "15:00:00+08:00"}),   # (control: a building's number)
    # where one moved in went by ("we only moved in march" was next March)
    ("en", "i think the postcode is LS6 4QT, we only moved in march", "in march",
     {"start": "2026-03-01T00:00:00-05:00", "end": "2026-03-31T23:59:59-04:00", "past": True}),
    ("zh", "我们是3月份刚搬过来的", "3月份", {"start": "2026-03-01T00:00:00+08:00", "end": "2026-03-31T23:59:59+08:00", "past": True}),
    ("zh", "3号回来的时候再说", "3号", {"start": "2026-12-03T00:00:00+08:00", "end": "2026-12-03T23:59:59+08:00"}),   # (control)
    # a weekday written short with a part of the day, a clock or a word placing it, or "tue"/"thurs"/"fri"
    # alone, is a day ("can we move the measure to wed afternoon" and "next tue" had named no time)
    ("en", "can we move the measure to wed afternoon", "wed afternoon",
     {"start": "2026-12-02T12:00:00-05:00", "end": "2026-12-02T17:59:59-05:00"}),
    ("en", "next tue would be ideal", "next tue", {"start": "2026-12-08T00:00:00-05:00", "end": "2026-12-08T23:59:59-05:00"}),
    ("en", "sat at 10am ok?", "sat at 10am", {"at": "2026-12-05T10:00:00-05:00"}),
    ("zh", "能不能把上门测量改到周三下午", "周三下午", {"start": "2026-12-02T12:00:00+08:00", "end": "2026-12-02T17:59:59+08:00"}),   # (control)
    # a weekday and a month written short around its day are one day ("wed 10 nov" had been no time, and
    # "not the 12th" then corrected the "wednesday" of a prohibition)
    ("en", "we fly wed 2 dec not the 4th", "wed 2 dec", {"start": "2026-12-02T00:00:00-05:00", "end": "2026-12-02T23:59:59-05:00"}),
    ("en", "back on 29 dec", "29 dec", {"start": "2026-12-29T00:00:00-05:00", "end": "2026-12-29T23:59:59-05:00"}),
    ("zh", "12月29号回来", "12月29号", {"start": "2026-12-29T00:00:00+08:00", "end": "2026-12-29T23:59:59+08:00"}),   # (control)
    # what ran out, expired or was renewed went by ("pretty sure leo's ran out in august" was next August)
    ("en", "pretty sure leo's ran out in august", "in august",
     {"start": "2026-08-01T00:00:00-04:00", "end": "2026-08-31T23:59:59-04:00", "past": True}),
    # a month named, at its start or end or whole, is that month's ("12月底就生了" was "月底", the end
    # of this month)
    ("zh", "要是预产期在12月底呢", "12月底", {"start": "2026-12-27T00:00:00+08:00", "end": "2026-12-31T23:59:59+08:00"}),
    ("zh", "1月初回来", "1月初", {"start": "2027-01-01T00:00:00+08:00", "end": "2027-01-05T23:59:59+08:00"}),
    # a case supposed is no account of what happened: its 了 makes nothing past
    ("zh", "要是我妹妹提前生了呢，比如12月底就生了，阿姨能提前来吗", "12月底",
     {"start": "2026-12-27T00:00:00+08:00", "end": "2026-12-31T23:59:59+08:00"}),
    ("zh", "10月初坏的", "10月初",
     {"start": "2026-10-01T00:00:00+08:00", "end": "2026-10-05T23:59:59+08:00", "past": True}),
    ("en", "We got back in October", "in October",
     {"start": "2026-10-01T00:00:00-04:00", "end": "2026-10-31T23:59:59-04:00", "past": True}),
    # a date said of what happened is the last one, not next year's ("bought it on February 8" was
    # 2027-02-08); one a past tense names days ahead stays ahead; the date asked for is ahead
    ("zh", "我是2月8号买的，现在坏了", "2月8号",
     {"start": "2026-02-08T00:00:00+08:00", "end": "2026-02-08T23:59:59+08:00", "past": True}),
    ("en", "I bought it on February 8 and it broke", "February 8",
     {"start": "2026-02-08T00:00:00-05:00", "end": "2026-02-08T23:59:59-05:00", "past": True}),
    # (… "拿的证", "考的" too: "她说是11月18号拿的证" had been next November, the month a later "13号" then fell in;
    # read on zh_car_rental)
    ("zh", "她说是2月18号拿的证，她也在你们app实名过", "2月18号",
     {"start": "2026-02-18T00:00:00+08:00", "end": "2026-02-18T23:59:59+08:00", "past": True}),
    ("en", "she got her license on February 18, she's verified in your app", "February 18",
     {"start": "2026-02-18T00:00:00-05:00", "end": "2026-02-18T23:59:59-05:00", "past": True}),
    ("zh", "12月3号寄的", "12月3号", {"start": "2026-12-03T00:00:00+08:00", "end": "2026-12-03T23:59:59+08:00"}),
    ("en", "It shipped on December 3", "December 3",
     {"start": "2026-12-03T00:00:00-05:00", "end": "2026-12-03T23:59:59-05:00"}),
    ("zh", "2月8号的票还有吗", "2月8号", {"start": "2027-02-08T00:00:00+08:00", "end": "2027-02-08T23:59:59+08:00"}),
    ("en", "Can you book February 8?", "February 8",
     {"start": "2027-02-08T00:00:00-05:00", "end": "2027-02-08T23:59:59-05:00"}),
    # a date keeps the year written with it ("February 2, 1959" was February 2 of next year)
    ("zh", "出生日期是1959年2月2日", "1959年2月2日",
     {"start": "1959-02-02T00:00:00+08:00", "end": "1959-02-02T23:59:59+08:00"}),
    ("en", "date of birth February 2, 1959", "February 2, 1959",
     {"start": "1959-02-02T00:00:00-05:00", "end": "1959-02-02T23:59:59-05:00"}),
    ("en", "born 2 February 1959", "2 February 1959",
     {"start": "1959-02-02T00:00:00-05:00", "end": "1959-02-02T23:59:59-05:00"}),
    # … and one with no year after a birth word names no date ("出生日期是4月18日" was April 18 next year)
    ("zh", "说错了，出生日期是4月18日", "4月18日", None),
    ("en", "sorry, his DOB is April 18", "April 18", None),
    ("zh", "我们3月份去日本", "3月份", {"start": "2027-03-01T00:00:00+08:00", "end": "2027-03-31T23:59:59+08:00"}),
    ("zh", "11月底交房", "11月底", {"start": "2026-11-26T00:00:00+08:00", "end": "2026-11-30T23:59:59+08:00"}),
    ("zh", "月底交房", "月底", {"start": "2026-11-26T00:00:00+08:00", "end": "2026-11-30T23:59:59+08:00"}),
    ("en", "She's due at the end of December", "the end of December",
     {"start": "2026-12-27T00:00:00-05:00", "end": "2026-12-31T23:59:59-05:00"}),
    ("en", "Sometime in early January", "early January",
     {"start": "2027-01-01T00:00:00-05:00", "end": "2027-01-05T23:59:59-05:00"}),
    ("en", "We go to Japan in March", "in March", {"start": "2027-03-01T00:00:00-05:00", "end": "2027-03-31T23:59:59-04:00"}),
    ("en", "Pay by the end of the month", "end of the month",
     {"start": "2026-11-26T00:00:00-05:00", "end": "2026-11-30T23:59:59-05:00"}),
    ("zh", "明天下午两点半来取件", "明天下午两点半", {"at": "2026-12-01T14:30:00+08:00"}),
    ("zh", "后天上午十点一刻可以吗", "后天上午十点一刻", {"at": "2026-12-02T10:15:00+08:00"}),
    ("zh", "下午三点四十五分到", "下午三点四十五分", {"time": "15:45:00+08:00"}),
    ("zh", "下午3点45到", "下午3点45", {"time": "15:45:00+08:00"}),
    ("zh", "那就三点三刻吧", "三点三刻", {"time": "15:45:00+08:00"}),
    ("zh", "12月5号中午12点半见", "12月5号中午12点半", {"at": "2026-12-05T12:30:00+08:00"}),
    ("zh", "下周三下午两点整面试", "下周三下午两点整", {"at": "2026-12-09T14:00:00+08:00"}),
    ("en", "Book it for tomorrow at half past 2 in the afternoon", "tomorrow at half past 2 in the afternoon",
     {"at": "2026-12-01T14:30:00-05:00"}),
    ("en", "Can we do two in the afternoon on Friday?", "two in the afternoon on Friday",
     {"at": "2026-12-04T14:00:00-05:00"}),
    ("en", "Pick me up at a quarter to five.", "at a quarter to five", {"time": "16:45:00-05:00"}),
    ("en", "Let's meet Friday at 3 o'clock", "Friday at 3 o'clock", {"at": "2026-12-04T15:00:00-05:00"}),
    ("en", "I land at 9:40 pm tomorrow", "at 9:40 pm tomorrow", {"at": "2026-12-01T21:40:00-05:00"}),
    ("en", "The show is at noon tomorrow", "at noon tomorrow", {"at": "2026-12-01T12:00:00-05:00"}),
    ("en", "around 4:45 in the evening works", "around 4:45 in the evening", {"time": "16:45:00-05:00"}),
    ("en", "a quarter past 3 pm on Thursday", "a quarter past 3 pm on Thursday", {"at": "2026-12-03T15:15:00-05:00"}),
    # a day of the month alone, and with a clock after it
    ("en", "We fly back on the 19th.", "on the 19th", {"start": "2026-12-19T00:00:00-05:00",
                                                       "end": "2026-12-19T23:59:59-05:00"}),
    ("en", "It leaves on the 30th at 12:10 pm", "on the 30th at 12:10 pm", {"at": "2026-11-30T12:10:00-05:00"}),
    # a zone written next to a time is part of it, and the time is read in it
    ("zh", "回程航班伦敦时间中午12点10分起飞", "伦敦时间中午12点10分", {"time": "12:10:00+00:00"}),
    ("zh", "北京时间明天上午9点开会", "北京时间明天上午9点", {"at": "2026-12-01T09:00:00+08:00"}),
    ("en", "Our flight leaves at 12:10 pm London time.", "at 12:10 pm London time", {"time": "12:10:00+00:00"}),
    # the weekend of last week is one time ("上周末" was read as "上周", the whole week)
    ("zh", "手机上周末掉水里了", "上周末", {"start": "2026-11-28T00:00:00+08:00", "end": "2026-11-29T23:59:59+08:00",
                                  "past": True}),
    ("en", "The phone fell in the pool last weekend", "last weekend",   # (told as past, as in zh, since "fell" is read)
     {"start": "2026-11-28T00:00:00-05:00", "end": "2026-11-29T23:59:59-05:00", "past": True}),
    # a time inside what the user requires is resolved too ("can only … at 5:10 that day" named no day)
    ("zh", "我必须下午3点前到", "下午3点前", {"time_end": "15:00:00+08:00"}),
    ("en", "She can only get there at 5:10 pm", "at 5:10 pm", {"time": "17:10:00-05:00"}),
    # a weekday in brackets after a date says the date again: one time ("周五" alone was next Friday)
    ("zh", "约12月18日（周五）下午5点半可以吗", "12月18日（周五）下午5点半", {"at": "2026-12-18T17:30:00+08:00"}),
    ("zh", "12月10号周四有空吗", "12月10号周四", {"start": "2026-12-10T00:00:00+08:00", "end": "2026-12-10T23:59:59+08:00"}),
    ("en", "How about Friday, December 18 at 5:30 pm?", "Friday, December 18 at 5:30 pm", {"at": "2026-12-18T17:30:00-05:00"}),
    # a clock in Chinese numerals without minutes is a time before a deadline word ("快一点" is none)
    ("zh", "尽量十点前送到", "十点前", {"time_end": "10:00:00+08:00"}),
    ("zh", "八点以后再打电话", "八点以后", {"time_start": "08:00:00+08:00"}),
    # a bare hour said of a meal is a time in the meal's part of the day
    ("zh", "晚饭大概6点吧，离剧院近一点", "晚饭大概6点", {"time": "18:00:00+08:00"}),
    ("zh", "晚饭约7点半见", "晚饭约7点半", {"time": "19:30:00+08:00"}),
    ("zh", "午饭12点半在公司楼下", "午饭12点半", {"time": "12:30:00+08:00"}),
    ("en", "Dinner around 6 somewhere near the theatre.", "Dinner around 6", {"time": "18:00:00-05:00"}),
    ("en", "Dinner at 7 works for us", "Dinner at 7", {"time": "19:00:00-05:00"}),
    ("en", "Let's do lunch at 1.", "lunch at 1", {"time": "13:00:00-05:00"}),
    ("en", "The call is tomorrow at 9 am Pacific time", "tomorrow at 9 am Pacific time",
     {"at": "2026-12-01T09:00:00-08:00"}),
    ("en", "I land at SeaTac Friday the 4th at 6:40 pm Pacific, then drive.", "Friday the 4th at 6:40 pm Pacific",
     {"at": "2026-12-04T18:40:00-08:00"}),
    ("en", "Meet me at 3 pm Central Park entrance", "at 3 pm", {"time": "15:00:00-05:00"}),   # a place, no zone
    ("zh", "我们美西时间周五晚上6点40落地", "美西时间周五晚上6点40", {"at": "2026-12-04T18:40:00-08:00"}),
    # the 下 of "一下" is no "next" ("查一下周三" had been Wednesday of next week)
    ("zh", "帮我查一下周三的航班", "周三", {"start": "2026-12-02T00:00:00+08:00", "end": "2026-12-02T23:59:59+08:00"}),
    ("zh", "下周到北京", "下周", {"start": "2026-12-07T00:00:00+08:00", "end": "2026-12-13T23:59:59+08:00"}),
    # a weekday written short, or before its day of the month, is part of the date ("wed the 19th"
    # had been "the 19th" alone, read from the day under discussion as the next month's)
    ("en", "can i drop them off wed the 16th instead?", "wed the 16th",
     {"start": "2026-12-16T00:00:00-05:00", "end": "2026-12-16T23:59:59-05:00"}),
    ("en", "Sat, Dec 19 works", "Sat, Dec 19", {"start": "2026-12-19T00:00:00-05:00", "end": "2026-12-19T23:59:59-05:00"}),
    ("zh", "能改到周三16号吗", "周三16号", {"start": "2026-12-16T00:00:00+08:00", "end": "2026-12-16T23:59:59+08:00"}),
    ("zh", "下周六19号下午可以", "下周六19号下午",
     {"start": "2026-12-19T12:00:00+08:00", "end": "2026-12-19T17:59:59+08:00"}),
    ("zh", "周六19号楼见", "周六", {"start": "2026-12-05T00:00:00+08:00", "end": "2026-12-05T23:59:59+08:00"}),  # a building
]
NOW = {"zh": datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai")),
       "en": datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("America/New_York"))}


# a week named by its first day is no count of weeks ("the jul 12 week" had held the quantity "12
# week", which an accepted "four weeks" then replaced)
@pytest.mark.parametrize(("lang", "text", "times"), [
    ("en", "can she do the jul 12 week and jul 26?", ["jul 12", "jul 26"]),
    ("en", "can we move her to the june 21 week instead", ["june 21"]),
    ("zh", "能换到7月12日那周吗", ["7月12日"]),
])
def test_a_week_named_by_its_day_is_no_count(lang: str, text: str, times: list[str]) -> None:
    facts = _run(lang, text)[0]
    assert [f.text for f in facts if f.kind == "time"] == times
    assert not [f for f in facts if f.kind == "quantity"], _shown(facts)


@pytest.mark.parametrize(("lang", "text", "expected", "value"), WRITTEN_TIMES)
def test_a_written_time_is_one_fact_with_its_value(lang: str, text: str, expected: str, value: dict) -> None:
    facts, _ = _run(lang, text, NOW[lang])
    assert [(f.text, f.value) for f in facts if f.kind == "time"] == [(expected, value)]


@pytest.mark.parametrize(("lang", "text", "claims"), [
    ("zh", "我爸好像对芒果过敏吧，我也不太确定，要注意一下", ["我爸好像对芒果过敏吧"]),
    ("zh", "可能是进水了吧，我不确定", ["可能是进水了吧"]),
    ("zh", "我不太确定是不是1月8号下的单", []),                  # asked: no claim
    ("en", "I think it's TP 204. I'm not sure.", ["I think it's TP 204"]),
    ("en", "Maybe the charger is broken. Not sure.", ["Maybe the charger is broken"]),
    ("en", "I think it's broken", ["I think it's broken"]),
    # a degree between "not" and "sure" is still a hedge, and its "100%" no value ("Not 100% sure"
    # was a negation, a constraint kept at 10 % in place of the claim it hedged)
    ("zh", "可能是进水了吧，我不是百分百确定", ["可能是进水了吧"]),
    ("zh", "好像是周三发的货，我不是特别确定", ["好像是周三发的货"]),
    ("zh", "我不是很确定是不是1月8号下的单", []),
    ("zh", "应该是上周三寄出的，说不准", ["应该是上周三寄出的"]),
    ("en", "I think one of them is vegetarian, maybe Sam? Not 100% sure.", ["I think one of them is vegetarian, maybe Sam"]),
    ("en", "I think it's TP 204. I'm not entirely sure.", ["I think it's TP 204"]),
    ("en", "It shipped on Wednesday I think. Not a hundred percent sure.", ["It shipped on Wednesday I think"]),
    ("en", "Maybe the charger is broken, I'm not quite certain", ["Maybe the charger is broken, I'm not quite certain"]),
    # "not 100%" closing a clause is the same hedge with "sure" left out (it had been a constraint
    # of its own, quoted "not 100%")
    ("en", "i think the sprinkler main is on the left side of the house? not 100%", ["i think the sprinkler main is on the left side of the house"]),
    ("en", "I think the gate code is 4471, not a hundred percent.", ["I think the gate code is 4471, not a hundred percent"]),
    ("zh", "总阀好像在房子左边，不是百分百", ["总阀好像在房子左边，不是百分百"]),
    # what the user recalls is told as a claim ("我记得医保卡能报一部分" had been a want)
    ("zh", "我记得医保卡能报一部分", ["我记得医保卡能报一部分"]),
    ("zh", "印象中他们家周一不开门", ["印象中他们家周一不开门"]),
    ("en", "iirc the insurance covers part of it", ["iirc the insurance covers part of it"]),
    ("en", "pretty sure the HOA allows 6 ft fences", ["pretty sure the HOA allows 6 ft fences"]),
])
def test_a_hedge_alone_claims_nothing(lang: str, text: str, claims: list[str]) -> None:
    """"我也不太确定" after a claim hedges it; alone it says nothing (it was a negation, a
    constraint that outranked the claim it hedged in a tight summary)."""
    facts = _run(lang, text)[0]
    assert [f.text for f in facts if f.kind == "uncertain"] == claims
    assert not [f for f in facts if f.kind in ("negation", "percentage")], _shown(facts)


@pytest.mark.parametrize(("lang", "text"), [
    ("zh", "这是第一次来杭州"), ("zh", "毕业旅行的第一站是苏州"), ("zh", "一等一的好"), ("zh", "十二点见"),
    ("en", "This is the first time I go there"), ("en", "The second one is better"), ("en", "a classy bar"),
])
def test_an_ordinal_without_what_it_ranks_is_no_level(lang: str, text: str) -> None:
    """Nor a count ("第一次来杭州" held the quantity "一次")."""
    assert [f.text for f in _run(lang, text)[0] if f.kind in ("level", "quantity")] == []


# food and doses are counted or measured, singular too, and a fraction is one number ("1 cup twice a
# day" was no value, so "3/4 cup … now" replaced nothing; "3/4 cup" had been read "4 cup", a number
# the user never said)
@pytest.mark.parametrize(("lang", "text", "quantities"), [
    ("en", "biscuit gets 1 cup twice a day", ["1 cup"]),
    ("en", "biscuit is 3/4 cup twice a day now", ["3/4 cup"]),
    ("en", "one pill at night", ["one pill"]),
    ("en", "move it to 12/05/2027", []),
    ("zh", "不对，它每顿3/4杯", ["3/4杯"]),
    ("zh", "它一天两杯狗粮", ["一天", "两杯"]),
    ("zh", "一次一粒，饭后吃", ["一次", "一粒"]),
    ("zh", "晚上吃一片药", ["一片"]),
])
def test_food_and_doses_are_quantities(lang: str, text: str, quantities: list[str]) -> None:
    assert [f.text for f in _run(lang, text)[0] if f.kind == "quantity"] == quantities


@pytest.mark.parametrize(("lang", "text", "quantities"), [
    ("zh", "谢谢你啊，今天弄了一晚上，总算有点眉目了", []), ("zh", "折腾了一晚上也没修好", []),
    ("zh", "我们住一晚就走", ["一晚"]), ("zh", "两晚的房费多少", ["两晚"]),
    ("zh", "这几天天气不好", []), ("zh", "住三天，天天要打扫", ["三天"]),
    ("en", "I was up all night with this", []), ("en", "We'll stay one night", ["one night"]),
    ("en", "It rained for days", []), ("en", "Book 3 nights please", ["3 nights"]),
    ("zh", "正好也是他俩结婚三十五周年", ["三十五周年"]), ("zh", "我们在这住了三周", ["三周"]),   # not "三十五周"
    ("zh", "找一个人均消费在100-150元之间的餐馆", []), ("zh", "我们一共三个人，人均100元", ["三个人"]),   # not "一个人"
    # "千万" with no number or money after it is "by all means" ("千万别用含镍的" had been ten million)
    ("zh", "他对镍过敏 千万别用含镍的", []), ("zh", "千万要记得带病历", []), ("zh", "千万别迟到 我们三个人", ["三个人"]),
    ("en", "by all means no nickel in the frame", []), ("en", "by all means no nickel, we need 2 pairs", ["2 pairs"]),
    ("en", "a place where the average cost is 100 yuan per person", []), ("en", "a table for two people", ["two people"]),
    # a lone "w" after a number is chat for 万, no watt ("预算5w左右"); "11kW" is power
    ("zh", "预算5w左右", []), ("zh", "功率我要11kW的", ["11kW"]),
    ("en", "the budget is 5k w/ tax", []), ("en", "a 7kw charger", ["7kw"]),
])
def test_a_unit_that_begins_a_longer_word_is_none(lang: str, text: str, quantities: list[str]) -> None:
    """"一晚上" is an evening, not one night ("今天弄了一晚上" was quoted as "一晚" at 5 %)."""
    assert [f.text for f in _run(lang, text)[0] if f.kind == "quantity"] == quantities


@pytest.mark.parametrize(("lang", "text", "beneficiary"), [
    ("zh", "我要给我老公看一下", []), ("zh", "先别签，我要给我老公看一下", []),
    ("zh", "别给我爸打电话", []), ("zh", "回头给我妈发个截图", []), ("zh", "我得给老板汇报一下", []),
    ("zh", "给我老公买的", ["给我老公"]), ("zh", "给我爸妈订个酒店", ["给我爸妈"]),
    ("zh", "帮我老公看一下这件衣服", ["帮我老公"]),
    ("en", "I want to show it to my husband first", []), ("en", "Don't call my dad", []),
    ("en", "I'll text my mom a screenshot", []), ("en", "I need to report to my boss", []),
    ("en", "I bought it for my husband", ["for my husband"]),
    ("en", "Book a hotel for my parents", ["for my parents"]),
])
def test_who_it_is_for_is_not_who_is_told(lang: str, text: str, beneficiary: list[str]) -> None:
    """"给我老公看一下" shows it to him: quoted alone at 5 %, "给我老公" read as "for my husband"."""
    assert [f.text for f in _run(lang, text)[0] if f.kind == "beneficiary"] == beneficiary


@pytest.mark.parametrize(("lang", "text"), [
    ("zh", "我想便宜一点"), ("zh", "有一点辣可以吗"), ("zh", "我有3个孩子和十个包"),
    ("en", "I have 3 kids and ten bags"), ("en", "half of the rooms face the sea"), ("en", "Call at 3"),
    ("en", "I live on the 5th floor"), ("en", "It is our 10th anniversary"),
    ("en", "I want to take a group to see Midnight at the Paper Moon"),   # a title, not a time
    ("zh", "我想去看《午夜巴黎》"),
    ("en", "Dinner for around 6 people"), ("en", "Lunch at 8 tables in the hall"), ("zh", "晚饭6个人"),
    ("zh", "快一点前送到"), ("zh", "差两点就满分了"), ("zh", "坐3号线到5号楼"), ("zh", "3号楼和5号楼"), ("zh", "第3号选手"), ("zh", "3号-5号楼都停电了"), ("zh", "3号至5号楼"),
    ("zh", "地址在北京海淀区北蜂窝8号，评分是4.2分"),
    # a holiday's name before a noun names no day
    ("zh", "圣诞节礼物买好了"), ("zh", "想要国庆节套餐"), ("en", "We're planning a Christmas party"),
    ("en", "I love Halloween costumes"),
    # "一下" and "周边" straddle no week ("看一下周边有啥餐馆没" had been next week, 2026-12-07–13)
    ("zh", "看一下周边有啥餐馆没？"), ("zh", "这周边有什么景点"), ("zh", "帮我查一下周围的酒店"),
    ("en", "Check the weekly rates around here"), ("en", "Is there a week-long pass?"),
    # a weekday's short form alone is a word
    ("en", "we sat in the sun on the porch"), ("en", "they plan to wed in a year"),
    # a part of the day alone, set by no change, or before a noun, is no time ("afternoon tea", "下午茶")
    ("en", "I'm usually out in the afternoon"), ("en", "make it afternoon tea for 4"), ("zh", "我下午一般不在家"),
    ("zh", "改下午茶吧"), ("zh", "换晚上班了"),
])
def test_no_time_fact_from_plain_numbers(lang: str, text: str) -> None:
    facts, _ = _run(lang, text, NOW[lang])
    assert not [f for f in facts if f.kind == "time"], _shown(facts)


@pytest.mark.parametrize(("lang", "text", "cut"), [
    ("zh", "大概要一万二", "一万"), ("zh", "两万五左右吧", "两万"), ("zh", "总预算1万8左右", "预算1万"),
    ("en", "one hundred and seventy five dollars", "five dollars"), ("en", "seventy one bucks", "one bucks"),
    # a scale word or a half after the number is part of it
    ("en", "The house is $1.2 million", "$1.2"), ("en", "a €3 billion deal", "€3"),
    ("zh", "要三星半以上的酒店", "三星"), ("zh", "大概两个半小时", "两个"), ("zh", "买两斤半", "两斤"),
    # the digits after 米 are its decimetres ("一张1米8的床" had been "1米")
    ("zh", "一张1米8的床", "1米"), ("zh", "一米八的床", "一米"), ("zh", "身高1米75", "1米"),
    ("en", "a 1.8 m bed", "1"), ("en", "a six foot two wardrobe", "six foot"),
    # nor run on into a particle read as a unit ("补200对吧？" is "200, right?", no "200对")
    ("zh", "那就T20吧，补200对吧？", "200对"), ("zh", "是3对吗", "3对"),
])
def test_no_number_is_cut_short(lang: str, text: str, cut: str) -> None:
    """A fact that holds part of a number states another number: 12,000 is not 一万."""
    assert cut not in [f.text for f in _run(lang, text)[0]]


# (lang, text, its money facts): an amount is read with the digits after its scale and the scale
# word after its digits ("预算1万8" had been "预算1万", "pay 2 thousand dollars" "pay 2")
@pytest.mark.parametrize(("lang", "text", "money"), [
    ("zh", "预算3千5", ["预算3千5"]), ("zh", "价格1万8千", ["价格1万8千"]), ("zh", "预算1万8千块", ["预算1万8千块"]),
    ("zh", "预算2万", ["预算2万"]), ("zh", "预算5000元", ["预算5000元"]),   # controls
    # a day, a clock or a share after a money word is no amount ("尾款是18号之前付吗" had held "尾款是18")
    ("zh", "尾款是18号之前付吗", []), ("zh", "首付3成就行", []), ("zh", "尾款1800元", ["尾款1800元"]),
    ("en", "I can pay 2 thousand dollars", ["pay 2 thousand"]), ("en", "I can pay 1.8 thousand", ["pay 1.8 thousand"]),
    ("en", "a budget of 500", ["budget of 500"]), ("en", "the price is 12.50", ["price is 12.50"]),  # controls
    ("en", "hard cap $20k", ["$20k"]),
])
def test_an_amount_is_read_whole(lang: str, text: str, money: list[str]) -> None:
    facts = _run(lang, text)[0]
    assert [f.text for f in facts if f.kind == "money"] == money, _shown(facts)


# (lang, text, kind, its facts of that kind): a word saying a number is approximate stands between
# it and its unit, and is part of the value ("我们三十多人", "thirty-odd people" had held no count)
@pytest.mark.parametrize(("lang", "text", "kind", "found"), [
    ("zh", "我们三十多人，坐两桌", "quantity", ["三十多人", "两桌"]),
    ("zh", "大概住十来天", "quantity", ["十来天"]),
    ("zh", "年会有100余人参加", "quantity", ["100余人"]),
    ("zh", "书有二十几箱", "quantity", ["二十几箱"]),
    ("zh", "预算五千多元", "money", ["预算五千多元"]),
    ("zh", "预算3万多吧", "money", ["预算3万多"]),
    ("zh", "预算五千", "money", ["预算五千"]),   # control
    ("en", "we're thirty-odd people", "quantity", ["thirty-odd people"]),
    ("en", "we have 20-plus boxes", "quantity", ["20-plus boxes"]),
    ("en", "thirty or so boxes should do", "quantity", ["thirty or so boxes"]),
    ("en", "forty-something guests are coming", "quantity", ["forty-something guests"]),
    ("en", "we'll stay 3 nights", "quantity", ["3 nights"]),   # control
])
def test_an_approximate_number_is_read_whole(lang: str, text: str, kind: str, found: list[str]) -> None:
    facts = _run(lang, text)[0]
    assert [f.text for f in facts if f.kind == kind] == found, _shown(facts)


# (lang, text, its quantities): a number word that says "very" counts nothing ("十分感谢" had been a score of ten,
# which a count said alone then replaced)
@pytest.mark.parametrize(("lang", "text", "found"), [
    ("zh", "太好了。行程完美。十分感谢。", []), ("zh", "我们对房间十分满意", []),
    ("zh", "十分钟后到", ["十分钟"]), ("zh", "评分是十分", ["十分"]), ("zh", "三十分钟", ["三十分钟"]),   # controls
    ("en", "thanks a million, you're one in a million", []), ("en", "ten minutes later", ["ten minutes"]),
])
def test_a_number_word_saying_very_is_no_count(lang: str, text: str, found: list[str]) -> None:
    facts = _run(lang, text)[0]
    assert [f.text for f in facts if f.kind == "quantity"] == found, _shown(facts)


@pytest.mark.parametrize(("lang", "text", "quantity"), [
    ("zh", "这些景点中哪家是评分4分以上的呢？", "4分以上"), ("zh", "游玩时间在2小时以上的景点有吗", "2小时以上"),
    ("zh", "孩子身高1.2米以下免票吗", "1.2米以下"), ("zh", "周边3公里以内有地铁吗", "3公里以内"),
    ("en", "Which ones are rated 4 stars or higher?", "4 stars or higher"),
    ("en", "A walk of 2 miles or less is fine", "2 miles or less"),
    ("en", "a laptop with 16 GB or more", "16 GB or more"),
])
def test_a_bound_after_a_measure_is_part_of_its_value(lang: str, text: str, quantity: str) -> None:
    """"4分以上" cut to "4分" asks for another rating: the bound travels with the value."""
    facts = _run(lang, text)[0]
    assert quantity in [f.text for f in facts if f.kind == "quantity"], _shown(facts)


@pytest.mark.parametrize(("lang", "text", "clauses"), [
    ("en", "Ship it to Portland, OR please, but not to Salem",
     ["Ship it to Portland, OR please", "but not to Salem"]),
    # a short "不是…" goes on with the clause before it: "不是我" alone said nothing
    ("zh", "是给我爸妈买的，不是我，收货人写我爸就行", ["是给我爸妈买的，不是我", "收货人写我爸就行"]),
    ("zh", "寄到公司，不是家里", ["寄到公司，不是家里"]),
    ("zh", "这个夏令营是给我外甥小宇报的，不是朵朵哈", ["这个夏令营是给我外甥小宇报的，不是朵朵哈"]),
    ("zh", "不是我说，这也太贵了", ["不是我说", "这也太贵了"]),
    # the point of a title is no clause end: "not Dr" and "Hallett" apart said nothing
    ("en", "And not Dr. Hallett. He rushed us.", ["And not Dr. Hallett", "He rushed us"]),
    ("en", "Ask Mrs. Lee on St. Mark Street. No. Thanks", ["Ask Mrs. Lee on St. Mark Street", "No", "Thanks"]),
    ("en", "I like it, but it's too big", ["I like it", "but it's too big"]),
    ("zh", "寄到北京，别放快递柜。谢谢", ["寄到北京", "别放快递柜", "谢谢"]),
    # a limit with no value of its own goes on with the clause whose value it limits
    ("zh", "预算300元以内，超过就不考虑了", ["预算300元以内，超过就不考虑了"]),
    ("zh", "最多住三晚，超出了就不订了，谢谢", ["最多住三晚，超出了就不订了", "谢谢"]),
    ("zh", "预算300元以内，超过500就不行", ["预算300元以内", "超过500就不行"]),
    ("en", "Budget is 300 max, anything over that is out", ["Budget is 300 max, anything over that is out"]),
    # no clause ends inside a closed quote ("刻「爸妈三十周年快乐" had been cut from its second half)
    ("zh", "相框上刻「爸妈三十周年快乐，永远爱你们」，字要金色的", ["相框上刻「爸妈三十周年快乐，永远爱你们」", "字要金色的"]),
    ("en", "Engrave “Happy 30th, love you both” on the frame, please. Gold letters",
     ["Engrave “Happy 30th, love you both” on the frame, please", "Gold letters"]),
    ("zh", "他说“我明天不来了，你们先走”，然后就挂了", ["他说“我明天不来了，你们先走”", "然后就挂了"]),
    ("zh", "别用「加急，", ["别用「加急"]),     # (a quote never closed splits as before)
    # a space between Chinese words is a phone's comma ("还是景观套房吧 大床房朝北的" had been one clause)
    ("zh", "还是景观套房吧 大床房朝北的", ["还是景观套房吧", "大床房朝北的"]),
    ("zh", "家在西湖区文一西路588号 预算8万左右", ["家在西湖区文一西路588号", "预算8万左右"]),
    ("zh", "我用iPhone 15 Pro拍的", ["我用iPhone 15 Pro拍的"]),     # (a space beside Latin letters is none)
    # … after digits too, but before a measure word ("放到5200 两室的话…" had made "5200 两室的话他可以有个
    # 书房在家办公" the new budget)
    ("zh", "预算可以放到5200 两室的话他可以有个书房", ["预算可以放到5200", "两室的话他可以有个书房"]),
    ("zh", "我们5 个人 周六去", ["我们5 个人", "周六去"]),
    # … nor between named measures ("右眼 +2.75 散光-0.75 轴90": the axis goes with its eye), unless the next
    # one turns a value down ("64 不是46")
    ("zh", "我找到他旧的验光单了 右眼 +2.75 散光-0.75 轴90 左眼+2.25 散光-1.00 轴85",
     ["我找到他旧的验光单了", "右眼 +2.75 散光-0.75 轴90 左眼+2.25 散光-1.00 轴85"]),
    ("zh", "10点半吧 验光大概要多久", ["10点半吧", "验光大概要多久"]),
    # … and after a sentence's particle in any text ("那算了 换星澜府那个吧 2楼也行" had been one clause), and
    # anywhere in a sentence typed without marks, whatever marks the others have
    ("zh", "那算了 换星澜府那个吧 2楼也行 只要不是一楼就可以。", ["那算了", "换星澜府那个吧", "2楼也行", "只要不是一楼就可以"]),
    ("zh", "是原件，证书别用胶水粘。婚纱照翻出来量了 不是12寸 是30×45的", ["是原件", "证书别用胶水粘", "婚纱照翻出来量了", "不是12寸",
                                                          "是30×45的"]),
    ("zh", "评分在5分的高档 型酒店，谢谢。帮我查一下", ["评分在5分的高档 型酒店", "谢谢", "帮我查一下"]),   # (a sentence with marks: no)
    ("zh", "他又说周四下午他领导不批假。。只能周六了 周六上午10点可以不", ["他又说周四下午他领导不批假", "只能周六了", "周六上午10点可以不"]),
    ("zh", "去千只鹤手作料理 居楽屋(昌平店)吃饭", ["去千只鹤手作料理 居楽屋(昌平店)吃饭"]),   # nor inside a shop's name
    # (only in a text typed without marks: "评分在5分的高档 型酒店" had been cut inside 高档型)
    ("zh", "我要评分在5分的高档 型酒店，价格在300-400元", ["我要评分在5分的高档 型酒店", "价格在300-400元"]),
    ("en", "the king faces north so no", ["the king faces north so no"]),
])
def test_clauses(lang: str, text: str, clauses: list[str]) -> None:
    """A comma ends a clause before a lower-case conjunction: "OR" after a city is its state."""
    assert [text[a:b] for a, b in split_clauses(text, load_rule_pack(lang))] == clauses


@pytest.mark.parametrize(("lang", "text", "clause"), [
    ("zh", "那边好停车吗？", "那边好停车吗"),      # "那" begins "那边": was quoted "边好停车吗"
    ("zh", "还有房吗？", "还有房吗"),
    ("zh", "请假的话要扣钱吗？", "请假的话要扣钱吗"),
    ("zh", "请问这家店几点开门？", "这家店几点开门"),
    ("zh", "那我想订两间", "订两间"),
    # a question stays one: its mark is kept unless a question word asks, not word order alone
    ("zh", "周末也营业？", "周末也营业？"),
    ("en", "Could you tell me when it opens?", "tell me when it opens"),
    ("en", "We can skip the cancellation coverage?", "We can skip the cancellation coverage?"),
    ("en", "So will I get the money back before it is over?", "will I get the money back before it is over?"),
    # "而不是" continues the clause before it: "而不是退" alone says nothing
    ("zh", "其实我也在纠结要不要换个别的型号，而不是退", "其实我也在纠结要不要换个别的型号，而不是退"),
    # a required or forbidden thing said first in its clause loses the greeting before it too
    ("en", "Hello, I need to purchase a batch of desktops this year.", "I need to purchase a batch of desktops this year"),
    ("en", "Yes, it should be in the cheap price range.", "it should be in the cheap price range"),
    ("en", "Please don't call me.", "don't call me"),
    ("zh", "你好，我需要一个安静的房间。", "我需要一个安静的房间"),
    ("zh", "好的，别打电话给我。", "别打电话给我"),
    # a lead word ending inside a subject's word is none ("们找个经济型的酒店", "爸打电话": 13 user
    # turns of the shared Chinese sets had lost "帮我" of "帮我们"); "帮我" before a verb still goes
    ("zh", "嗯，麻烦你帮我们找个经济型的酒店", "帮我们找个经济型的酒店"),
    ("zh", "给我爸打个电话", "给我爸打个电话"),
    # "没问题了" leads as a whole ("了，10月22日…" had been quoted); "好了解", "对了解决" keep their words
    ("zh", "没问题了，10月22日从天河区珠江新城搬走这单你提交吧", "10月22日从天河区珠江新城搬走这单你提交"),
    ("zh", "好了解一下价格", "好了解一下价格"),
    ("en", "No problem, book the move for October 22nd", "book the move for October 22nd"),
    ("zh", "对了解决方案呢", "对了解决方案呢"),
    ("zh", "麻烦给我妈回个电话", "给我妈回个电话"),
    ("zh", "我想帮我爸预约体检", "帮我爸预约体检"),
    ("zh", "帮我订一家有免费停车的酒店", "订一家有免费停车的酒店"),
    ("en", "Please help us find a cheap hotel", "help us find a cheap hotel"),
    # a question keeps the words it asks about ("Is that ok then?" had been quoted "Is that")
    ("en", "Is that ok then?", "Is that ok"),
    ("en", "Does it work for you too?", "Does it work for you too"),
    ("en", "Is Friday ok?", "Is Friday ok?"),
    ("zh", "周五可以吗？", "周五可以吗"),
    ("zh", "那样也行吗？", "那样也行吗"),
    # nor its last: a trailing particle ends a word, never inside one ("好了" of "买好了" had
    # left "票我买", "I buy the tickets"); an English term is a whole word
    ("zh", "票我买好了", "票我买好"),
    # a lead that begins a longer word goes whole ("我想着先给她3000块私了" had been quoted "着先给她…")
    ("zh", "我想着先给她3000块私了", "先给她3000块私了"),
    ("en", "I was thinking we give her $3000 to settle it", "I was thinking we give her $3000 to settle it"),
    ("zh", "地址我已经记好了", "地址我已经记好了"),
    ("en", "We land on Thanksgiving please", "We land on Thanksgiving"),
    ("en", "The forms are all done, thank you", "The forms are all done"),
    # a trailing word that is the object of the words before it is no filler ("…id love the pine
    # gone by then" had been quoted "…gone by", "she wont sign before then" "she wont sign before")
    ("en", "id love the pine gone by then", "id love the pine gone by then"),
    ("en", "shes back on the 18th so she wont sign before then", "shes back on the 18th so she wont sign before then"),
    ("en", "don't book anything until then", "don't book anything until then"),
    ("en", "ok, book the 9am slot then", "book the 9am slot"),
    ("zh", "等她回来到时候再签吧", "等她回来到时候再签"),
    ("zh", "先订9点那个吧", "先订9点那个"),
    ("zh", "下周六上午我们俩想去看看 可以不", "下周六上午我们俩想去看看"),   # a consent tag alone is no clause
    ("en", "we'd like to come see it next saturday morning, ok?", "we'd like to come see it next saturday morning, ok?"),  # (its tag asks with it)
])
def test_a_quoted_clause_loses_politeness_not_its_first_characters(lang: str, text: str, clause: str) -> None:
    assert [c.text for c in _run(lang, text)[1]] == [clause]


# (lang, text, the quoted clause, whether the summary must add its mark): a question only its
# word order shows, its mark further on, is quoted with one (it read as a statement: "will I get
# the money back before the investigation is over"); a question word asks by itself
NEEDS_MARK = [
    # a clause opening on "any" and the thing hoped for asks ("any discount for long time members" had been
    # listed as a statement); zh asks with 有没有 (control)
    ("en", "any discount for long time members", "any discount for long time members", True),
    ("en", "ok any chance you can start june 1", "any chance you can start june 1", True),
    ("zh", "老会员有没有折扣", "老会员有没有折扣", False),   # (its words ask: no mark needed)
    # a thing, then what it may be, asks ("is parking included" had been listed as a constraint), as
    # does "can" with who may ("can people book their own rooms …"); zh asks with its particle
    ("en", "is parking included", "is parking included", True),
    ("en", "can people book their own rooms at the group rate or do i have to do all of them",
     "can people book their own rooms at the group rate or do i have to do all of them", True),
    ("en", "are pets allowed in the rooms", "are pets allowed in the rooms", True),
    ("en", "hmm. do the thinkpads come with win 11 pro", "do the thinkpads come with win 11 pro", True),
    ("zh", "嗯 联想那款带不带win11专业版", "联想那款带不带win11专业版", True),
    ("zh", "停车免费吗", "停车免费吗", False),
    ("zh", "大家能自己按团体价订房吗 还是都得我来订", "大家能自己按团体价订房吗", False),
    ("en", "So will I get the money back before the investigation is over, or do I wait months?",
     "will I get the money back before the investigation is over", True),
    ("en", "Wait, does the freeze on my debit card block wires then?", "Wait, does the freeze on my debit card block wires", True),
    # the particle before a question mark asks with it ("北京外国语大学是免费进出吧？" had been quoted
    # as "北京外国语大学是免费进出", a statement)
    ("zh", "北京外国语大学是免费进出吧？不会要门票吧？", "北京外国语大学是免费进出吧？", False),
    ("zh", "明天能到吧？", "明天能到吧？", False),
    ("en", "So it's open on Sunday then?", "it's open on Sunday then?", False),
    ("en", "It arrives tomorrow, right?", "It arrives tomorrow, right?", False),
    ("en", "Is the Maple Court one close to a bus stop?", "Is the Maple Court one close to a bus stop?", False),
    ("en", "Could you tell me when it opens?", "tell me when it opens", False),
    ("zh", "那个定金能退吗，我还没想好", "那个定金能退吗", False),
    ("zh", "是不是周末要加收服务费啊，我们人多", "是不是周末要加收服务费", False),
    # a clause ending in 不/没 after what it asks about asks, and forbids nothing
    ("zh", "那旧的热水器能回收不，挺大一个", "那旧的热水器能回收不", True),
    ("zh", "你们周末上门不", "你们周末上门不", True),
]


@pytest.mark.parametrize(("lang", "text", "clause", "needs_mark"), NEEDS_MARK)
def test_a_question_only_word_order_shows_needs_its_mark(lang: str, text: str, clause: str, needs_mark: bool) -> None:
    quoted = _run(lang, text)[1][0]
    assert (quoted.text, quoted.asks, quoted.needs_mark) == (clause, True, needs_mark)


# (lang, user turns, the clock said last, its value): a clock that names no day is on the day
# under discussion, named earlier in its message or in the user's previous message (it was put
# on today or tomorrow: "12:30 pm = 2026-12-01" inside a March 5th booking); a turn naming no day
# in between ends the discussion, and a clock with no day under discussion stays undated (it was
# the next such time from now: "中午十二点 = 2026-11-19" for a banquet on 12-12); "那天" / "that
# day" is the latest day named
UNDER_DISCUSSION = [
    # … and, said in a clause sharing a word with the clause of a day named before, from that day ("start monday jan
    # 4th" … "tomorrow afternoon maybe 3ish" … "push start to the 11th" had been December 11th, read on the blind
    # en_coworking_desk)
    ("en", ["looking for desks, start monday jan 4th. budget 3000", "can we see the space tomorrow afternoon maybe 3ish",
            "push start to the 11th, our lease ends later"], "the 11th",
     {"start": "2027-01-11T00:00:00-05:00", "end": "2027-01-11T23:59:59-05:00"}),
    ("zh", ["工位1月4号周一开始用 预算3000", "明天下午能去看看场地吗 3点左右", "开始日期推到11号吧 我们租约晚点到期"], "11号",
     {"start": "2027-01-11T00:00:00+08:00", "end": "2027-01-11T23:59:59+08:00"}),
    # a day of the month alone, with no day under discussion, counts from the latest day named to come
    # ("1月23号出发" … "能不能改到30号那个团" had been December 30th; "后天下午去" … "改到30号吧", said on
    # November 30th, had been today)
    ("zh", ["想寒假去 1月23号出发", "行李就5个箱子", "能不能改到30号那个团"], "30号",
     {"start": "2027-01-30T00:00:00+08:00", "end": "2027-01-30T23:59:59+08:00"}),
    ("en", ["we leave January 23rd", "5 suitcases total", "can we move it to the 30th?"], "the 30th",
     {"start": "2027-01-30T00:00:00-05:00", "end": "2027-01-30T23:59:59-05:00"}),
    ("zh", ["后天下午去", "行李就5个箱子", "改到30号吧"], "30号", {"start": "2026-12-30T00:00:00+08:00", "end": "2026-12-30T23:59:59+08:00"}),
    # a deadline counts from now ("race is sunday the 18th, need them by the 14th" had been the next month's
    # 14th); a day after the day under discussion still counts from it (control)
    ("en", ["race is sunday the 20th, need them by the 16th at the latest"], "by the 16th",
     {"start": "2026-11-30T10:00:00-05:00", "end": "2026-12-16T23:59:59-05:00"}),
    ("en", ["check in on the 28th of December, check out the 2nd"], "the 2nd",
     {"start": "2027-01-02T00:00:00-05:00", "end": "2027-01-02T23:59:59-05:00"}),
    ("zh", ["12月28号入住，2号退房"], "2号", {"start": "2027-01-02T00:00:00+08:00", "end": "2027-01-02T23:59:59+08:00"}),
    # ("…那场" is the session of that day: "要不还是10号那场吧" had named no day)
    ("zh", ["改到1月3号吧", "要不还是10号那场吧 上午场就行"], "10号",
     {"start": "2027-01-10T00:00:00+08:00", "end": "2027-01-10T23:59:59+08:00"}),
    ("en", ["move it to January 3rd", "actually the session on the 10th, the morning one is fine"], "on the 10th",
     {"start": "2027-01-10T00:00:00-05:00", "end": "2027-01-10T23:59:59-05:00"}),
    ("en", ["the day after tomorrow please", "5 suitcases total", "move it to the 30th"], "the 30th",
     {"start": "2026-12-30T00:00:00-05:00", "end": "2026-12-30T23:59:59-05:00"}),
    ("en", ["I'd like to book a table for March 5th.", "12:30 pm please."], "12:30 pm",
     {"at": "2027-03-05T12:30:00-05:00"}),
    ("en", ["Book it for March 5th. 12:30 pm works best."], "12:30 pm", {"at": "2027-03-05T12:30:00-05:00"}),
    ("en", ["Book it for March 5th.", "Thanks.", "Call me before 7pm."], "before 7pm",
     {"time_end": "19:00:00-05:00"}),
    ("zh", ["我想订12月5号的位子。", "中午12点半吧，靠窗。"], "中午12点半", {"at": "2026-12-05T12:30:00+08:00"}),
    ("zh", ["下周三去医院复查，下午3点的号"], "下午3点", {"at": "2026-12-09T15:00:00+08:00"}),
    ("zh", ["我想订12月5号的位子。", "好的。", "晚上8点给我打电话"], "晚上8点", {"time": "20:00:00+08:00"}),
    # a period longer than a day ("this month", "下周") is no day a clock can be on
    ("en", ["I'm on night shifts this month.", "Can you check if they have 7pm?"], "7pm",
     {"time": "19:00:00-05:00"}),
    ("zh", ["我下周都在出差。", "晚上8点给我打电话"], "晚上8点", {"time": "20:00:00+08:00"}),
    ("zh", ["想订个寿宴，下个月12号。", "大概十桌。", "开席改成中午十二点吧"], "中午十二点",
     {"time": "12:00:00+08:00"}),
    ("en", ["Dinner for six on December 12.", "Ten people now.", "Make it 6:30 pm instead."], "6:30 pm",
     {"time": "18:30:00-05:00"}),
    ("zh", ["最好早上9点前送到"], "早上9点前", {"time_end": "09:00:00+08:00"}),
    ("en", ["Please deliver it after 5pm."], "after 5pm", {"time_start": "17:00:00-05:00"}),
    # "那天", "that day": the latest day the user named, however long ago; none: no value
    ("zh", ["想订个寿宴，下个月12号。", "大概十桌。", "那天上午十点我们先过去布置"], "那天上午十点",
     {"at": "2026-12-12T10:00:00+08:00"}),
    ("zh", ["12月5号订位。", "万一那天要改期呢"], "那天",
     {"start": "2026-12-05T00:00:00+08:00", "end": "2026-12-05T23:59:59+08:00"}),
    ("en", ["The party is on December 12.", "We need ten tables.", "Can we set up at 10 am that day?"],
     "at 10 am that day", {"at": "2026-12-12T10:00:00-05:00"}),
    ("en", ["The party is on December 12.", "What if it rains that day?"], "that day",
     {"start": "2026-12-12T00:00:00-05:00", "end": "2026-12-12T23:59:59-05:00"}),
    ("en", ["Could it rain that day?"], "that day", None),
]


# (lang, user turns, the time said last, its value): "that Wednesday", "那个周三" is the latest
# Wednesday the conversation named, however long ago (it was the next Wednesday and "7pm" today:
# "7pm = 2026-11-30 19:00" in a booking for Wednesday next week); none named: the next one
THAT_WEEKDAY = [
    ("en", ["Table for 4 on Wednesday next week at 7pm.", "I'm on night shifts this month.",
            "Can you check if they have 7pm that Wednesday?"], "7pm that Wednesday",
     {"at": "2026-12-09T19:00:00-05:00"}),
    ("en", ["We fly out on December 11.", "Is the museum open that Friday?"], "that Friday",
     {"start": "2026-12-11T00:00:00-05:00", "end": "2026-12-11T23:59:59-05:00"}),
    ("en", ["Lunch on December 2.", "Dinner on December 9.", "Is 7pm that Wednesday free?"],
     "7pm that Wednesday", {"at": "2026-12-09T19:00:00-05:00"}),
    ("en", ["Can we do that Wednesday?"], "that Wednesday",
     {"start": "2026-12-02T00:00:00-05:00", "end": "2026-12-02T23:59:59-05:00"}),
    ("zh", ["下周三晚上7点订4个人的位子。", "我这个月都上夜班。", "那个周三晚上7点还有位子吗？"],
     "那个周三晚上7点", {"at": "2026-12-09T19:00:00+08:00"}),
    ("zh", ["12月11号出发。", "那个周五博物馆开门吗？"], "那个周五",
     {"start": "2026-12-11T00:00:00+08:00", "end": "2026-12-11T23:59:59+08:00"}),
    ("zh", ["12月2号吃午饭。", "12月9号吃晚饭。", "那个周三晚上7点有空吗？"], "那个周三晚上7点",
     {"at": "2026-12-09T19:00:00+08:00"}),
    ("zh", ["那个周三可以吗？"], "那个周三",
     {"start": "2026-12-02T00:00:00+08:00", "end": "2026-12-02T23:59:59+08:00"}),
]

# a bare weekday is the one of that name the conversation named, while that one is still ahead
# ("算了还是下周日吧 … 周日上午十点行吗" read this week's Sunday); none named: the next one
BARE_WEEKDAY = [
    ("zh", ["算了还是下周日吧。", "周日上午十点行吗？"], "周日上午十点", {"at": "2026-12-13T10:00:00+08:00"}),
    ("zh", ["周日上午十点行吗？"], "周日上午十点", {"at": "2026-12-06T10:00:00+08:00"}),
    ("zh", ["上周日太忙了。", "周日上午十点行吗？"], "周日上午十点", {"at": "2026-12-06T10:00:00+08:00"}),
    ("en", ["Let's do Sunday next week instead.", "Is Sunday at 10am ok?"], "Sunday at 10am",
     {"at": "2026-12-13T10:00:00-05:00"}),
    ("en", ["Is Sunday at 10am ok?"], "Sunday at 10am", {"at": "2026-12-06T10:00:00-05:00"}),
    ("en", ["Last Sunday was busy.", "Is Sunday at 10am ok?"], "Sunday at 10am", {"at": "2026-12-06T10:00:00-05:00"}),
    # a date named by its month that falls on a Sunday is no Sunday talked of (2027-01-10 is one)
    ("zh", ["她预产期应该是1月10号左右吧。", "周日上午十点行吗？"], "周日上午十点", {"at": "2026-12-06T10:00:00+08:00"}),
    ("zh", ["算了还是下周日吧。", "她预产期是1月10号。", "周日上午十点行吗？"], "周日上午十点",
     {"at": "2026-12-13T10:00:00+08:00"}),
    ("en", ["The baby is due January 10th.", "Is Sunday at 10am ok?"], "Sunday at 10am", {"at": "2026-12-06T10:00:00-05:00"}),
    ("en", ["Let's do Sunday next week instead.", "The baby is due January 10th.", "Is Sunday at 10am ok?"],
     "Sunday at 10am", {"at": "2026-12-13T10:00:00-05:00"}),
    # in one message, a day named before a bare weekday it falls on is that weekday ("日期改到18号，
    # 周五我请个假陪他们去" had dated 周五 this week's Friday)
    ("zh", ["日期改到18号，周五我请个假陪他们去"], "周五", {"start": "2026-12-18T00:00:00+08:00", "end": "2026-12-18T23:59:59+08:00"}),
    ("zh", ["日期改到17号，周五我请个假"], "周五", {"start": "2026-12-04T00:00:00+08:00", "end": "2026-12-04T23:59:59+08:00"}),
    ("en", ["Move it to the 18th, I'll take Friday off to go with them"], "Friday",
     {"start": "2026-12-18T00:00:00-05:00", "end": "2026-12-18T23:59:59-05:00"}),
    ("en", ["Move it to the 17th, I'll take Friday off"], "Friday",
     {"start": "2026-12-04T00:00:00-05:00", "end": "2026-12-04T23:59:59-05:00"}),
    # the time a correction affirms before its "not" is a day talked of, the negated one is not
    ("zh", ["说错了，是下周五，不是下周四", "周五上午十点行吗？"], "周五上午十点", {"at": "2026-12-11T10:00:00+08:00"}),
    ("en", ["Sorry, I meant Friday the 11th, not Thursday.", "Is Friday at 10am still ok?"], "Friday at 10am",
     {"at": "2026-12-11T10:00:00-05:00"}),
    # a deadline said as a clock alone, on the day under discussion: that day's hours before it
    ("zh", ["12月10号周四，下午3点前有空吗"], "下午3点前", {"start": "2026-12-10T00:00:00+08:00",
                                                  "end": "2026-12-10T15:00:00+08:00"}),
    ("en", ["Thursday the 10th, anything before noon?"], "before noon",
     {"start": "2026-12-10T00:00:00-05:00", "end": "2026-12-10T12:00:00-05:00"}),
    # a bare weekday or day of the month said of what happened is the last one, not the next
    ("zh", ["我们周日回来了。"], "周日", {"start": "2026-11-29T00:00:00+08:00", "end": "2026-11-29T23:59:59+08:00",
                                  "past": True}),
    ("zh", ["我们周日就要走了。"], "周日", {"start": "2026-12-06T00:00:00+08:00", "end": "2026-12-06T23:59:59+08:00"}),
    # "太晚了" judges a day, it tells none gone by ("23号太晚了" had been no day)
    ("zh", ["23号太晚了 那就21号周五走吧"], "23号", {"start": "2026-12-23T00:00:00+08:00", "end": "2026-12-23T23:59:59+08:00"}),
    ("zh", ["耳机是5号那天坏了的"], "5号", {"start": "2026-11-05T00:00:00+08:00", "end": "2026-11-05T23:59:59+08:00",
                                   "past": True}),
    # … but a day something is booked for is to come ("15号那天社区约了打疫苗" had been last month's 15th)
    ("zh", ["他说15号那天社区约了打疫苗 改不了"], "15号", {"start": "2026-12-15T00:00:00+08:00",
                                             "end": "2026-12-15T23:59:59+08:00"}),
    ("zh", ["周日约好了去复查"], "周日", {"start": "2026-12-06T00:00:00+08:00", "end": "2026-12-06T23:59:59+08:00"}),
    ("en", ["He says he's booked for a vaccine on the 15th, can't move it."], "on the 15th",
     {"start": "2026-12-15T00:00:00-05:00", "end": "2026-12-15T23:59:59-05:00"}),
    ("en", ["We went to Lisbon and got back Sunday."], "Sunday",
     {"start": "2026-11-29T00:00:00-05:00", "end": "2026-11-29T23:59:59-05:00", "past": True}),
    ("en", ["We fly out Sunday."], "Sunday", {"start": "2026-12-06T00:00:00-05:00", "end": "2026-12-06T23:59:59-05:00"}),
    # … but a weekday the conversation named coming in the next two weeks is that day, said in the past
    # tense too ("next tuesday morning" … "marcus got stuck with a shift tuesday" had been last Tuesday)
    ("en", ["can we test drive it next tuesday morning?", "ok paid it",
            "can we move the test drive to wednesday at 2? marcus got stuck with a shift tuesday"], "tuesday",
     {"start": "2026-12-08T00:00:00-05:00", "end": "2026-12-08T23:59:59-05:00"}),
    ("zh", ["下周二上午10点试驾", "好的", "能不能改到周三下午2点 他周二临时被排了班"], "周二",
     {"start": "2026-12-08T00:00:00+08:00", "end": "2026-12-08T23:59:59+08:00"}),
    # (a month too, after "had" an event, its object between: the X-rays "in August" had been next August)
    ("en", ["I'm pretty sure she had panoramic X-rays at her dentist in August."], "in August",
     {"start": "2026-08-01T00:00:00-04:00", "end": "2026-08-31T23:59:59-04:00", "past": True}),
    ("en", ["She has a cleaning scheduled in August."], "in August",
     {"start": "2027-08-01T00:00:00-04:00", "end": "2027-08-31T23:59:59-04:00"}),
    ("en", ["I had it scheduled for Friday."], "Friday",
     {"start": "2026-12-04T00:00:00-05:00", "end": "2026-12-04T23:59:59-05:00"}),
    ("zh", ["我记得她8月份在牙医那拍过全景片"], "8月份",
     {"start": "2026-08-01T00:00:00+08:00", "end": "2026-08-31T23:59:59+08:00", "past": True}),
    ("zh", ["她8月份要去牙医那拍全景片"], "8月份",
     {"start": "2027-08-01T00:00:00+08:00", "end": "2027-08-31T23:59:59+08:00"}),
    # where a change moved a thing to is ahead, whatever the tense ("挪到周六了" had been last Saturday)
    ("zh", ["说可能是周五的会挪到周六了"], "周六", {"start": "2026-12-05T00:00:00+08:00", "end": "2026-12-05T23:59:59+08:00"}),
    ("en", ["The meeting got moved to Saturday."], "Saturday",
     {"start": "2026-12-05T00:00:00-05:00", "end": "2026-12-05T23:59:59-05:00"}),
    # a day of the month after "就" or a person is a day ("就12号早上那班", "我12号到" had named none)
    # a day said no longer to work is ahead, not past ("也不行了", "去不了了": "10号下午也不行了" had been
    # November 10th, and the 16th chosen after it November 16th)
    ("zh", ["1月9号上午吧", "10号下午也不行了，那就16号上午吧"], "16号上午",
     {"start": "2027-01-16T09:00:00+08:00", "end": "2027-01-16T11:59:59+08:00"}),
    ("zh", ["12月9号上午吧", "10号去不了了，那就16号吧"], "16号",
     {"start": "2026-12-16T00:00:00+08:00", "end": "2026-12-16T23:59:59+08:00"}),
    ("en", ["January 9th in the morning", "the 10th does not work anymore, let us do the 16th"], "the 16th",
     {"start": "2027-01-16T00:00:00-05:00", "end": "2027-01-16T23:59:59-05:00"}),
    # (with its part of the day, one time: "12号早上")
    ("zh", ["就12号早上那班"], "12号早上", {"start": "2026-12-12T06:00:00+08:00", "end": "2026-12-12T08:59:59+08:00"}),
    ("zh", ["我12号到"], "12号", {"start": "2026-12-12T00:00:00+08:00", "end": "2026-12-12T23:59:59+08:00"}),
    # (a day of the month before 去/来 is a day: "13号不去了 14号去" had named no 14th)
    ("zh", ["13号不去了 14号去"], "14号", {"start": "2026-12-14T00:00:00+08:00", "end": "2026-12-14T23:59:59+08:00"}),
    ("zh", ["我妈14号过来"], "14号", {"start": "2026-12-14T00:00:00+08:00", "end": "2026-12-14T23:59:59+08:00"}),
    ("en", ["the 13th is out. going the 14th"], "the 14th", {"start": "2026-12-14T00:00:00-05:00", "end": "2026-12-14T23:59:59-05:00"}),
    # a clock alone after a day with its part of the day is in that part ("后天晚上吧 8点" had been 8 am)
    ("zh", ["体测改到后天晚上吧 8点"], "8点", {"at": "2026-12-02T20:00:00+08:00"}),
    ("en", ["move it to wednesday evening, 8 o'clock"], "8 o'clock", {"at": "2026-12-02T20:00:00-05:00"}),
    # (also after a day of the month, which is read again inside its part: "13号晚上…8点40" had been 08:40)
    ("zh", ["我们13号晚上就到昆明，8点40落地"], "8点40", {"at": "2026-12-13T20:40:00+08:00"}),
    ("zh", ["13号晚上吧 8点"], "8点", {"at": "2026-12-13T20:00:00+08:00"}),
    ("en", ["we arrive the 13th in the evening, landing 8 o'clock"], "8 o'clock", {"at": "2026-12-13T20:00:00-05:00"}),
    ("zh", ["13号晚上不去了 14号 8点吧"], "14号 8点", {"at": "2026-12-14T08:00:00+08:00"}),   # (another day)
    ("zh", ["明天上午吧 10点"], "10点", {"at": "2026-12-01T10:00:00+08:00"}),   # (controls: in the part,
    ("zh", ["明天上午吧 3点"], "3点", {"at": "2026-12-01T15:00:00+08:00"}),     # or out of it either way)
    # the first day of a range said with "至" or a dash is a day ("4号至9号" had kept only 9号)
    ("zh", ["4号至9号有空房"], "4号", {"start": "2026-12-04T00:00:00+08:00", "end": "2026-12-04T23:59:59+08:00"}),
    ("zh", ["4号-9号都行"], "4号", {"start": "2026-12-04T00:00:00+08:00", "end": "2026-12-04T23:59:59+08:00"}),
    ("en", ["Free from the 4th through the 9th"], "the 4th",
     {"start": "2026-12-04T00:00:00-05:00", "end": "2026-12-04T23:59:59-05:00"}),
    # "七点多" (a little after seven) is read whole, as seven ("七点" had been cut from it), one time with its day
    ("zh", ["就12号早上七点多那班"], "12号早上七点多", {"at": "2026-12-12T07:00:00+08:00"}),
    ("zh", ["明天下午5点多到"], "明天下午5点多", {"at": "2026-12-01T17:00:00+08:00"}),
    ("en", ["I arrive on the 12th."], "on the 12th",
     {"start": "2026-12-12T00:00:00-05:00", "end": "2026-12-12T23:59:59-05:00"}),
    # "'ve got", "has got" hold something, nothing happened ("I've got a dentist appointment Tuesday"
    # had been the Tuesday gone by); zh has no such form ("我周二有个牙医预约")
    ("en", ["I just remembered I've got a dentist appointment Tuesday."], "Tuesday",
     {"start": "2026-12-01T00:00:00-05:00", "end": "2026-12-01T23:59:59-05:00"}),
    ("en", ["She's got a shift Thursday."], "Thursday",
     {"start": "2026-12-03T00:00:00-05:00", "end": "2026-12-03T23:59:59-05:00"}),
    ("zh", ["我周二有个牙医预约"], "周二", {"start": "2026-12-01T00:00:00+08:00", "end": "2026-12-01T23:59:59+08:00"}),
    # a day after today is never of what happened, whatever the tense around it ("明天就去这里住了"
    # had been told like a claim: 了 marks a change)
    ("zh", ["好的，明天就去这里住了。"], "明天", {"start": "2026-12-01T00:00:00+08:00", "end": "2026-12-01T23:59:59+08:00"}),
    ("en", ["We got tickets for tomorrow."], "tomorrow",
     {"start": "2026-12-01T00:00:00-05:00", "end": "2026-12-01T23:59:59-05:00"}),
    ("en", ["It broke on the 5th."], "on the 5th",
     {"start": "2026-11-05T00:00:00-05:00", "end": "2026-11-05T23:59:59-05:00", "past": True}),
    ("en", ["The delivery comes on the 5th."], "on the 5th",
     {"start": "2026-12-05T00:00:00-05:00", "end": "2026-12-05T23:59:59-05:00"}),
    # after a day past was talked of, a bare day of the month is the last one too
    ("zh", ["我们周日回来了。", "5号那天又扣了一笔"], "5号",
     {"start": "2026-11-05T00:00:00+08:00", "end": "2026-11-05T23:59:59+08:00", "past": True}),
    ("en", ["We got back Sunday.", "The two charges on the 5th are not me."], "on the 5th",
     {"start": "2026-11-05T00:00:00-05:00", "end": "2026-11-05T23:59:59-05:00"}),
    # a bare day of the month is the first such day from the day under discussion
    ("zh", ["2月12号出发，27号回来。"], "27号", {"start": "2027-02-27T00:00:00+08:00", "end": "2027-02-27T23:59:59+08:00"}),
    ("zh", ["12月5号入住。", "2号退房。"], "2号", {"start": "2027-01-02T00:00:00+08:00", "end": "2027-01-02T23:59:59+08:00"}),
    ("en", ["Flying out Feb 12, back on the 27th."], "on the 27th",
     {"start": "2027-02-27T00:00:00-05:00", "end": "2027-02-27T23:59:59-05:00"}),
    ("en", ["Check in December 5th.", "Check out on the 2nd."], "on the 2nd",
     {"start": "2027-01-02T00:00:00-05:00", "end": "2027-01-02T23:59:59-05:00"}),
    # a day named inside a negation is still the day under discussion ("We can't do January 8th.
    # How about the 12th?" had the 12th of December)
    ("en", ["We can't do January 8th. How about the 12th?"], "the 12th",
     {"start": "2027-01-12T00:00:00-05:00", "end": "2027-01-12T23:59:59-05:00"}),
    ("en", ["Not March 3rd.", "Let's do the 5th then."], "the 5th",
     {"start": "2027-03-05T00:00:00-05:00", "end": "2027-03-05T23:59:59-05:00"}),
    ("zh", ["1月8号不行，改到12号吧"], "12号", {"start": "2027-01-12T00:00:00+08:00", "end": "2027-01-12T23:59:59+08:00"}),
    ("zh", ["3月3号不要。", "那就改到5号吧"], "5号", {"start": "2027-03-05T00:00:00+08:00", "end": "2027-03-05T23:59:59+08:00"}),
]


@pytest.mark.parametrize(("lang", "text"), [
    ("zh", "那天气呢"),            # 那 + 天气 (the weather), no "那天"
    ("zh", "那天空是什么颜色"),
    ("en", "Is that daylight saving?"),
    ("en", "Take that daycare off the list"),
])
def test_that_day_inside_another_word_is_no_time(lang: str, text: str) -> None:
    assert [f.text for f in _run(lang, text, NOW[lang])[0] if f.kind == "time"] == []


# a time in a phrase telling a habit is no date, and no day a later clock is on ("我周末常回去看我妈"
# had been this weekend; "We normally meet Friday afternoon" this Friday); controls: the habit in
# another phrase of the sentence, a habitual character inside another word (非常, 常州)
HABIT = [
    # how often: a schedule, no day's clocks ("twice a day 7am and 7pm" had been put on the day under
    # discussion, then shown as changed when that day moved); in Chinese a clause of its own before it
    ("en", ["drop off friday the 4th", "he is on vetmedin, twice a day 7am and 7pm"], "7pm", None),
    ("en", ["drop off friday the 4th", "gabapentin once daily at 9pm"], "at 9pm", None),
    ("zh", ["4号周五送过去", "他吃匹莫苯丹 一天两次 早上7点晚上7点"], "早上7点", None),
    ("zh", ["4号周五送过去", "药一天两次，早上7点吃"], "早上7点", None),
    ("zh", ["4号周五送过去", "明天，早上7点"], "早上7点", {"at": "2026-12-01T07:00:00+08:00"}),   # (a day, no habit)
    ("zh", ["我周末常回去看我妈"], "周末", None),
    ("zh", ["我们一般周五下午开会"], "周五下午", None),
    ("zh", ["平时周三晚上我都在加班"], "周三晚上", None),
    ("zh", ["我们一般周五开会。", "下午3点可以吗？"], "下午3点", {"time": "15:00:00+08:00"}),
    ("zh", ["周五可以，我一般下午3点以后有空"], "周五",
     {"start": "2026-12-04T00:00:00+08:00", "end": "2026-12-04T23:59:59+08:00"}),
    ("zh", ["这周末非常忙"], "这周末", {"start": "2026-12-05T00:00:00+08:00", "end": "2026-12-06T23:59:59+08:00"}),
    ("zh", ["常州周五见"], "周五", {"start": "2026-12-04T00:00:00+08:00", "end": "2026-12-04T23:59:59+08:00"}),
    # "every", "每个": a recurrence, no date ("every Monday at 9" had been 2026-12-07 09:00, "每个周末都可以" this weekend)
    ("zh", ["每个周末都可以"], "周末", None),
    ("zh", ["每天晚上8点以后"], "晚上8点以后", None),
    ("zh", ["每人200元，周五之前付"], "周五之前", {"start": "2026-11-30T10:00:00+08:00", "end": "2026-12-04T23:59:59+08:00"}),
    # the date of a record is a day that went by ("the receipt from February 8", 44 days back, had been next
    # year's); a ticket of that day is to come
    ("en", ["Hold the return request until I find the receipt from October 8"], "October 8",
     {"start": "2026-10-08T00:00:00-04:00", "end": "2026-10-08T23:59:59-04:00", "past": True}),
    ("zh", ["退货先别提交 等我找到10月8号的小票"], "10月8号",
     {"start": "2026-10-08T00:00:00+08:00", "end": "2026-10-08T23:59:59+08:00", "past": True}),
    ("zh", ["10月8号的票还有吗"], "10月8号", {"start": "2027-10-08T00:00:00+08:00", "end": "2027-10-08T23:59:59+08:00"}),
    # a day of the month with "前" is a deadline, counted from now, not from the day under discussion
    # ("尾款是18号之前付吗" after the party on the 21st had been the 18th of the next month)
    ("zh", ["派对是21号周一下午两点", "尾款是18号之前付吗"], "18号之前",
     {"start": "2026-11-30T10:00:00+08:00", "end": "2026-12-18T23:59:59+08:00"}),
    ("zh", ["派对是21号周一下午两点", "最晚18号前给我答复"], "18号前",
     {"start": "2026-11-30T10:00:00+08:00", "end": "2026-12-18T23:59:59+08:00"}),
    ("en", ["the party is monday the 21st at 2pm", "is the balance due by the 18th?"], "by the 18th",
     {"start": "2026-11-30T10:00:00-05:00", "end": "2026-12-18T23:59:59-05:00"}),   # control
    # a day counted from an event whose date is not said with it is no date either ("the monday after we
    # move" had been next Monday, "the weekend after we move" this weekend); controls: the day said alone
    ("en", ["id like the install the monday after we move"], "monday", None),
    ("en", ["ill drop it all off the weekend after we move"], "the weekend", None),
    ("zh", ["安装约搬家后的那个周一吧"], "那个周一", None),
    ("zh", ["搬完的周末去还"], "周末", None),
    ("en", ["id like the install on friday"], "on friday",
     {"start": "2026-12-04T00:00:00-05:00", "end": "2026-12-04T23:59:59-05:00"}),
    ("zh", ["安装约周五吧"], "周五", {"start": "2026-12-04T00:00:00+08:00", "end": "2026-12-04T23:59:59+08:00"}),
    ("en", ["every Monday at 9"], "Monday at 9", None),
    ("en", ["We meet every other Friday"], "Friday", None),
    ("en", ["Every seat must be booked by Friday"], "by Friday",
     {"start": "2026-11-30T10:00:00-05:00", "end": "2026-12-04T23:59:59-05:00"}),
    ("en", ["I usually visit my parents on Sunday."], "on Sunday", None),
    ("en", ["We normally meet Friday afternoon."], "Friday afternoon", None),
    ("en", ["I always fly out Friday morning."], "Friday morning", None),
    ("en", ["We usually meet Friday.", "Is 3pm ok?"], "3pm", {"time": "15:00:00-05:00"}),
    ("en", ["Friday works, I'm usually free after 3pm."], "Friday",
     {"start": "2026-12-04T00:00:00-05:00", "end": "2026-12-04T23:59:59-05:00"}),
    ("en", ["This Friday works."], "This Friday",
     {"start": "2026-12-04T00:00:00-05:00", "end": "2026-12-04T23:59:59-05:00"}),
]


# a day of the month with its weekday is one time, on the day under discussion's month ("改成19号周二"
# had been read as 周二 alone: next Tuesday, a date the user never meant); alone, the first of the
# next two 19ths that is a Tuesday (December's is a Saturday: January's); after 改成 / 改为 a bare
# day is a day
DAY_WITH_WEEKDAY = [
    ("zh", ["帮我约刘师傅1月14号周四上午9点。", "等一下，改成19号周二吧，时间不变。"], "19号周二",
     {"start": "2027-01-19T00:00:00+08:00", "end": "2027-01-19T23:59:59+08:00"}),
    ("zh", ["改成19号周二吧"], "19号周二", {"start": "2027-01-19T00:00:00+08:00", "end": "2027-01-19T23:59:59+08:00"}),
    ("zh", ["改为5号吧"], "5号", {"start": "2026-12-05T00:00:00+08:00", "end": "2026-12-05T23:59:59+08:00"}),
    # with its weekday, whatever follows ("Starts Monday the 14th" in Chinese had been 周一 alone)
    ("zh", ["他12月14号周一入职，远程办公"], "12月14号周一",
     {"start": "2026-12-14T00:00:00+08:00", "end": "2026-12-14T23:59:59+08:00"}),
    ("zh", ["他14号周一入职"], "14号周一", {"start": "2026-12-14T00:00:00+08:00", "end": "2026-12-14T23:59:59+08:00"}),
    ("zh", ["装修队21号（周一）进场"], "21号（周一）",
     {"start": "2026-12-21T00:00:00+08:00", "end": "2026-12-21T23:59:59+08:00"}),
    ("en", ["Book Dana for Thursday January 14th, 9am.", "Wait, no - make it Tuesday the 19th, same time."],
     "Tuesday the 19th", {"start": "2027-01-19T00:00:00-05:00", "end": "2027-01-19T23:59:59-05:00"}),
    ("en", ["Make it Tuesday the 19th."], "Tuesday the 19th",
     {"start": "2027-01-19T00:00:00-05:00", "end": "2027-01-19T23:59:59-05:00"}),
    ("en", ["Let's do the 5th."], "the 5th", {"start": "2026-12-05T00:00:00-05:00", "end": "2026-12-05T23:59:59-05:00"}),
    ("en", ["He starts Monday the 14th, hybrid."], "Monday the 14th",
     {"start": "2026-12-14T00:00:00-05:00", "end": "2026-12-14T23:59:59-05:00"}),
    ("en", ["The crew comes in Monday, December 21st"], "Monday, December 21st",
     {"start": "2026-12-21T00:00:00-05:00", "end": "2026-12-21T23:59:59-05:00"}),
]


# a day turned down after "not" names no day for the clock after it ("sunday the 30th, not monday.
# like 2pm?" had put 2pm on the Monday)
TURNED_DOWN_DAY = [
    ("zh", ["那就6号周日，不是周一。下午2点可以吗"], "下午2点", {"at": "2026-12-06T14:00:00+08:00"}),
    ("en", ["we can pick up sunday the 6th, not monday. like 2pm?"], "2pm", {"at": "2026-12-06T14:00:00-05:00"}),
    # not yet: a day turned down with no day before it in its sentence still names the day ("Not
    # March 3rd. … the 5th then" must keep March for the 5th; a clock needs another day)
    pytest.param("zh", ["周三吧", "不是周一。下午2点"], "下午2点", {"at": "2026-12-02T14:00:00+08:00"},
                 marks=pytest.mark.xfail(strict=True, reason="a turned-down day alone still names the day")),
    pytest.param("en", ["Wednesday works", "not monday. 2pm?"], "2pm", {"at": "2026-12-02T14:00:00-05:00"},
                 marks=pytest.mark.xfail(strict=True, reason="a turned-down day alone still names the day")),
    ("en", ["pick up is sunday the 6th, not monday the 7th. 2pm works"], "2pm", {"at": "2026-12-06T14:00:00-05:00"}),
]


@pytest.mark.parametrize(("lang", "turns", "clock", "value"),
                         UNDER_DISCUSSION + THAT_WEEKDAY + BARE_WEEKDAY + HABIT + DAY_WITH_WEEKDAY + TURNED_DOWN_DAY)
def test_a_clock_is_on_the_day_under_discussion(lang: str, turns: list[str], clock: str, value: dict) -> None:
    from pipeline.config import load_settings
    from pipeline.stages.base import StageInput

    events = [Event(id=f"U{2 * i + 1}", index=2 * i, role="user", text=t, size=len(t), message={})
              for i, t in enumerate(turns)]
    result = FactStage(load_settings()).run(StageInput(events, load_rule_pack(lang), load_settings(), NOW[lang]))
    assert [f.value for f in result.facts if f.kind == "time" and f.text == clock] == [value]


# (lang, text, whether its clause asks): a question word opening a clause that goes on after a
# comma asks nothing ("When we buy, send the e-tickets to …" was quoted as a question)
ASKING = [
    # a question the user will put to someone else asks the assistant nothing ("我要先问问其他家长同不同意"
    # had been quoted with a question mark); asked of the assistant it still asks
    ("zh", "我要先问问其他家长同不同意", False),
    ("zh", "回去问一下我老公要不要加", False),
    ("zh", "问问你们有没有无坚果的零食", True),
    ("en", "i need to ask the other parents if they agree first", False),   # control
    # "whats" holds its "is": a subject after it still asks ("whats your cancellation policy btw" had
    # been quoted as a statement)
    ("en", "whats your cancellation policy btw", True),
    # a statement closed by "right" asks it be confirmed, and an auxiliary with no apostrophe asks ("she's 5 hours
    # behind us right", "dont they bring one" had been quoted as statements); "turn right", "yes thats right" state
    ("en", "she's 5 hours behind us right", True),
    ("en", "dont they bring one", True),
    ("en", "take the second exit and turn right", False),
    ("en", "yes thats right", False),
    pytest.param("zh", "她比我们晚5个小时对吧", True, marks=pytest.mark.xfail(strict=True, reason=(
        "read as asking, a confirming tag's clause lost the value it confirms from the summary (zh_pet_relocation's "
        "'那寄养四晚对吧' at every ratio): the value must stay before the tag can ask"))),
    ("en", "whats the deposit for the suite", True),
    ("en", "what your policy says is fine", False),
    # "do you" before a verb asks, with no mark ("do you guys handle the permit or do i need to get
    # that from the city" had been quoted as a statement)
    ("en", "do you guys handle the permit or do i need to get that from the city", True),
    ("en", "do you have a room for friday", True),
    ("en", "you do the booking then", False),
    ("zh", "许可证是你们负责办吗", True),
    ("zh", "许可证你们负责办", False),
    ("zh", "对了你们取消政策是怎样的", True),
    ("zh", "这个套餐咋收费", True),
    ("zh", "你们的取消政策我看过了", False),
    ("zh", "我们买好以后，把电子票发到我邮箱", False),
    # an auxiliary before a name or an id asks ("does BDG-30945 need changing too?" had been an
    # obligation shown as a constraint); "Will" before a name may be the name
    ("en", "does BDG-30945 need changing too?", True),
    # "does" before a lower-case noun and a verb asks, with no mark ("does medicare cover that" had
    # been quoted as a statement); "it does the job", "he does need help" state
    ("en", "does medicare cover that", True),
    ("en", "does insurance include the walker", True),
    ("en", "it does the job", False),
    ("en", "he does need help", False),
    ("zh", "医保包括这个吗", True),
    ("zh", "医保包括这个", False),
    ("en", "Is Dr. Patel in on Friday?", True),
    ("en", "Will Smith needs a ride on Friday.", False),
    ("en", "Has 3 bedrooms and a pool.", False),
    ("zh", "BDG-30945也需要改吗？", True),
    # a question word inside "不怎么", "没什么" asks nothing
    ("zh", "我爸不怎么看手机", False),
    ("zh", "没什么特别的要求", False),
    # "啥" is "什么" said casually ("有啥推荐" had been quoted as a statement)
    ("zh", "挂客厅的大相框有啥推荐", True),
    ("zh", "周末开门不？有啥要带的", True),
    ("zh", "没啥特别的要求", False),
    ("zh", "啥时候到都行", False),
    ("zh", "你们怎么收费", True),
    ("en", "My dad hardly ever checks his phone", False),
    ("zh", "什么时候落地？", True),
    ("zh", "落地以后能给我打个电话吗", True),
    ("en", "When we buy, send the e-tickets to jordan.reyes@fastmail.com", False),
    ("en", "Once we land, call the driver", False),
    ("en", "When does her flight land?", True),
    ("en", "When we land, can you call me?", True),
    # a question word before "都行" says anything will do ("什么时候到都行" asked nothing)
    ("zh", "什么时候到都行", False),
    ("zh", "哪家都可以，便宜点就行", False),
    ("zh", "哪家都可以吗？", True),
    ("en", "Whatever works for you is fine", False),
    # a question word that only joins a clause states; one opening it before no subject asks
    ("en", "What I need is a quiet room near the park.", False),
    ("en", "That's what we booked last time.", False),
    ("en", "How much it costs doesn't matter, as long as it's quiet.", False),
    ("en", "I know where the hotel is.", False),
    ("en", "Which one is cheaper", True),
    ("en", "What time does it leave", True),
    # … typed without its apostrophe too ("whats freight class even mean btw" had been quoted as a statement)
    ("en", "whats freight class even mean btw", True),
    ("zh", "货运等级到底是啥意思", True),
    # a clause ending on 来着 asks back ("宠物押金是800还是1000来着" had been quoted as a statement)
    ("zh", "宠物押金是800还是1000来着", True),
    ("en", "the pet deposit was 800 or 1000 again?", True),
    ("en", "Tell me when the shuttle leaves.", True),
    ("en", "I know where it is?", True),
    ("en", "Okay. What time is that in Chicago", True),   # after a sentence and a space
    ("en", "I don't know what places to visit.", True),    # not knowing which asks which
    ("zh", "我不知道去哪里玩", True),
    ("zh", "我要的是一间安静的房间", False),
    ("zh", "上次订的就是这个", False),
    ("zh", "哪个便宜", True),
    ("zh", "几点出发", True),
]


@pytest.mark.parametrize(("lang", "text", "asks"), ASKING)
def test_a_question_word_opening_a_clause_that_goes_on_asks_nothing(lang: str, text: str, asks: bool) -> None:
    _, clauses = _run(lang, text)
    assert {c.asks for c in clauses} == {asks}, [(c.text, c.asks) for c in clauses]


# (lang, text, a length of time it names, whether it went by): said of what happened, it is told
# like a claim ("吵了20分钟了" had been a constraint of a long session); one yet to go or asked for
# is a requirement
ELAPSED = [
    ("zh", "楼上已经吵了20分钟了", "20分钟", True),
    ("zh", "我们住了三天", "三天", True),
    ("zh", "租了两年了，想续一年", "两年", True),
    ("zh", "租了两年了，想续一年", "一年", False),
    ("zh", "我要住三天", "三天", False),
    ("zh", "20分钟就到了", "20分钟", False),
    ("en", "We got here and waited 40 minutes", "40 minutes", True),
    ("en", "It has been 20 minutes", "20 minutes", True),
    ("en", "I've been on hold for 40 minutes now", "40 minutes", True),
    ("en", "It has been booked for 2 hours", "2 hours", False),
    ("en", "Book it for 2 hours", "2 hours", False),
    ("en", "The delivery will take 3 days", "3 days", False),
]


@pytest.mark.parametrize(("lang", "text", "length", "went_by"), ELAPSED)
def test_a_length_of_time_that_went_by_is_said_of_the_past(lang: str, text: str, length: str, went_by: bool) -> None:
    facts, _ = _run(lang, text)
    [fact] = [f for f in facts if f.kind == "quantity" and f.text == length]
    assert said_of_the_past(fact.kind, fact.value) == went_by


# (lang, text, whether it holds an obligation): one asked, by a word or by its mark alone, requires
# nothing ("Do you have to pay for parking there?" had been a strong fact, its room kept at 25 %)
ASKED_OBLIGATIONS = [
    ("en", "Do you have to pay for parking there?", False),
    ("en", "Do they have to pay?", False),
    ("en", "We have to bring our passports?", False),
    ("en", "I have to leave by 5.", True),
    ("en", "Can you book it? I have to leave by 5.", True),
    ("zh", "停车必须付费吗？", False),
    ("zh", "我们必须带护照？", False),
    ("zh", "我必须五点前走。", True),
    ("zh", "能帮我订吗？我必须五点前走。", True),
]


@pytest.mark.parametrize(("lang", "text", "held"), ASKED_OBLIGATIONS)
def test_an_obligation_asked_requires_nothing(lang: str, text: str, held: bool) -> None:
    facts, _ = _run(lang, text)
    assert any(f.kind == "obligation" for f in facts) == held, [(f.kind, f.text) for f in facts]


# (lang, messages, a time of the last one, its value): a reply pointing back at a day ("那天", a bare
# clock) means the day the assistant's message before it named, when it named one ("约11月18日（周三）
# 下午5点半…" "她那天五点十分才能到" was read as the 19th, the last day the user had named)
ANSWERED_DAY = [
    ("zh", [("user", "钢琴课周三或者周四都行"), ("assistant", "约李雪老师12月18日（周五）下午5点半的免费试听，可以吗？"),
            ("user", "好的。她那天五点十分才能到")], "那天五点十分", {"at": "2026-12-18T17:10:00+08:00"}),
    ("zh", [("user", "周三或者周四都行"), ("assistant", "好的，我去查一下有哪些老师有空。"),
            ("user", "她那天五点十分才能到")], "那天五点十分", {"at": "2026-12-03T17:10:00+08:00"}),
    ("zh", [("user", "周三或者周四都行"), ("assistant", "约12月18日下午5点半可以吗？"),
            ("user", "12月20号吧，五点十分")], "五点十分", {"at": "2026-12-20T17:10:00+08:00"}),
    ("en", [("user", "Wednesday or Thursday works"),
            ("assistant", "How about a trial lesson on December 18 at 5:30 pm with Ms. Li?"),
            ("user", "OK. She gets there at 5:10 that day")], "at 5:10 that day", {"at": "2026-12-18T17:10:00-05:00"}),
    ("en", [("user", "Wednesday or Thursday works"), ("assistant", "Sure, let me check who is free."),
            ("user", "She gets there at 5:10 that day")], "at 5:10 that day", {"at": "2026-12-03T17:10:00-05:00"}),
    ("en", [("user", "Wednesday or Thursday works"), ("assistant", "How about December 18 at 5:30 pm?"),
            ("user", "December 20 please, at 5:10 pm")], "at 5:10 pm", {"at": "2026-12-20T17:10:00-05:00"}),
    # an appointment the answer confirms, on a day the user had named, is what "that day" means
    ("zh", [("user", "钢琴课周三或者周四都行"), ("assistant", "约好了：\n- 时间：12月2日（周三）17:30-18:00\n- 地点：张杨路1523号"),
            ("user", "她那天五点十分才能到")], "那天五点十分", {"at": "2026-12-02T17:10:00+08:00"}),
    ("en", [("user", "Wednesday or Thursday works"),
            ("assistant", "Booked:\n- Wednesday, December 2 at 5:30 pm with Ms. Li\n- 1523 Zhangyang Road"),
            ("user", "She gets there at 5:10 that day")], "at 5:10 that day", {"at": "2026-12-02T17:10:00-05:00"}),
    # a question naming no day asks about the day the sentence before it proposed with a clock ("好的就这个
    # 那天我妈应该都在家" had been the Monday of the reason, the last day the user had named)
    ("zh", [("user", "那就下周一下午吧"),
            ("assistant", "可约：\n- 12月7日（周一）14:00-18:00；\n- 12月8日（周二）9:00-12:00。\n"
                          "我建议约12月8日（周二）9:00-12:00，也和周一的取件错开。师傅会先量尺寸。您看这个时间行吗？"),
            ("user", "好的就这个 那天我妈应该都在家")], "那天", {"start": "2026-12-08T00:00:00+08:00",
                                                        "end": "2026-12-08T23:59:59+08:00"}),
    ("en", [("user", "Monday afternoon then"),
            ("assistant", "Open: Monday, December 7 at 2 pm; Tuesday, December 8 at 9 am. I'd suggest Tuesday, "
                          "December 8 at 9 am, apart from Monday's pickup. The tech measures first. Does that work?"),
            ("user", "Sounds good, my mom is home all that day")], "that day",
     {"start": "2026-12-08T00:00:00-05:00", "end": "2026-12-08T23:59:59-05:00"}),
    # a bare weekday is the one of that name the answer just named, not the next one from today ("The Monday
    # after your move is Monday, March 8 …" "ok morning monday works" had been March 1)
    ("en", [("user", "id like the install right after we move"),
            ("assistant", "The Monday after your move is Monday, December 14, and both windows are open. Which one?"),
            ("user", "ok morning monday works")], "monday",
     {"start": "2026-12-14T00:00:00-05:00", "end": "2026-12-14T23:59:59-05:00"}),
    ("zh", [("user", "安装约搬家后的那个周一吧"), ("assistant", "搬家后的周一是12月14日，上午和下午都能约。您选哪个？"),
            ("user", "那就周一上午吧")], "周一上午", {"start": "2026-12-14T09:00:00+08:00",
                                                "end": "2026-12-14T11:59:59+08:00"}),
    # … unless it names that weekday by two dates ("Dates: Thu Nov 11, then Nov 16, 18, 23" … "my post op
    # tuesday morning" had been the first of them, not the Tuesday the user had booked)
    ("en", [("user", "next tuesday morning works for me"),
            ("assistant", "Your mom's visits: Thu Dec 10, Tue Dec 15, Thu Dec 17 and Tue Dec 22."),
            ("user", "i have my post op tuesday morning")], "tuesday morning",
     {"start": "2026-12-08T06:00:00-05:00", "end": "2026-12-08T11:59:59-05:00"}),
    ("zh", [("user", "下周二上午可以"), ("assistant", "您母亲的上门时间：12月10日（周四），然后12月15日、12月17日、12月22日和12月29日。"),
            ("user", "周二上午我要复查")], "周二上午", {"start": "2026-12-08T09:00:00+08:00",
                                                "end": "2026-12-08T11:59:59+08:00"}),
    # … a list going on after a date named the days it lists ("Nov 16, 18, 23": the 16th was a Tuesday
    # named once)
    ("en", [("user", "next tuesday morning works for me"),
            ("assistant", "Your mom's visits: Thu Dec 10, then Dec 15, 17, 22 and 29."),
            ("user", "i have my post op tuesday morning")], "tuesday morning",
     {"start": "2026-12-08T06:00:00-05:00", "end": "2026-12-08T11:59:59-05:00"}),
    ("zh", [("user", "下周二上午可以"), ("assistant", "您母亲的上门时间：12月10日（周四），然后12月15日、17日、22日、29日。"),
            ("user", "周二上午我要复查")], "周二上午", {"start": "2026-12-08T09:00:00+08:00",
                                                "end": "2026-12-08T11:59:59+08:00"}),
    # … not a day said without a clock before it ("档案里最近的体重是2月20日的2.9公斤 … 方便的话称一下？"
    # had made "那天早上" February 20 of next year)
    ("zh", [("user", "手术约12月10日早上9点"),
            ("assistant", "档案里最近的体重是11月20日的2.9公斤，正好卡在两个尺码中间。方便的话在家称一下现在的体重？"),
            ("user", "那天早上改成8点半到吧")], "那天早上", {"start": "2026-12-10T06:00:00+08:00",
                                                      "end": "2026-12-10T08:59:59+08:00"}),
    ("en", [("user", "the surgery is December 10 at 9 am"),
            ("assistant", "Her last weight on file is from November 20, 2.9 kg. Could you weigh her at home?"),
            ("user", "she has to be there at 8:30 that day")], "at 8:30 that day", {"at": "2026-12-10T08:30:00-05:00"}),
    # a day the answer only mentions, not asks about, is not what the reply points back at
    ("zh", [("user", "她12月13号生日"), ("assistant", "座位已帮您保留，保留到12月5日晚上7点。还需要别的吗？"),
            ("user", "我朋友那天从伦敦飞过来")], "那天", {"start": "2026-12-13T00:00:00+08:00",
                                                 "end": "2026-12-13T23:59:59+08:00"}),
    ("en", [("user", "Her birthday's December 13th"),
            ("assistant", "The seats are on hold; the hold expires Saturday, December 5 at 7 pm. Anything else?"),
            ("user", "My friend is flying in from London that day")], "that day",
     {"start": "2026-12-13T00:00:00-05:00", "end": "2026-12-13T23:59:59-05:00"}),
    # an answer naming several days does not say which one the reply means
    ("zh", [("user", "帮我提高转账限额"), ("assistant", "限额从12月7日（周一）提到3万，到12月13日（周日）结束。可以吗？"),
            ("user", "可以，我大概两点半转")], "两点半", {"time": "14:30:00+08:00"}),
    ("en", [("user", "Raise my wire limit"),
            ("assistant", "The limit goes up from Monday, December 7 through Sunday, December 13. OK?"),
            ("user", "Sure, I'll send it around half past two")], "around half past two", {"time": "14:30:00-05:00"}),
    # nor is the last day the user named, once the answer named others: the clock stays undated
    # ("We'd drop him off at half past two" was put on the return day, not the check-in day)
    ("zh", [("user", "航班改了，我们12月30号回来"), ("assistant", "好的，12月7日的看诊不变。12月30日（周三）接狗，一共12晚。"),
            ("user", "我们下午两点半送过去")], "下午两点半", {"time": "14:30:00+08:00"}),
    ("en", [("user", "The airline moved our flight, we're now back December 30th."),
            ("assistant", "Got it: your Dec 7 vet appointment stays as is. Picking him up on Wednesday, "
                          "December 30 makes it 12 nights."),
            ("user", "We'd drop him off at half past two in the afternoon.")],
     "at half past two in the afternoon", {"time": "14:30:00-05:00"}),
    # controls: an answer naming only that day leaves the clock on it
    ("zh", [("user", "航班改了，我们12月30号回来"), ("assistant", "好的，12月30日（周三）接狗，一共12晚。"),
            ("user", "我们下午两点半去接")], "下午两点半", {"at": "2026-12-30T14:30:00+08:00"}),
    ("en", [("user", "The airline moved our flight, we're now back December 30th."),
            ("assistant", "Got it: picking him up on Wednesday, December 30 makes it 12 nights."),
            ("user", "We'd pick him up at half past two in the afternoon.")],
     "at half past two in the afternoon", {"at": "2026-12-30T14:30:00-05:00"}),
    # an earlier answer confirming the one day the user moved to, when the last answer names none
    # ("要是那天他血压太高" had been the Tuesday the user gave as the reason for the move)
    ("zh", [("user", "改到周三10点20吧，周二我爸要去社区领药"), ("assistant", "已改为12月2日（周三）10:20，预约号不变。"),
            ("user", "体检前要空腹吗？"), ("assistant", "要，前一天晚上10点后禁食。"),
            ("user", "要是那天他血压太高呢")], "那天", {"start": "2026-12-02T00:00:00+08:00",
                                                "end": "2026-12-02T23:59:59+08:00"}),
    ("en", [("user", "Make it Wednesday at 10:20, on Tuesday my dad picks up his prescriptions"),
            ("assistant", "Moved to Wednesday, December 2 at 10:20 am. The booking number stays the same."),
            ("user", "Does he need to fast before?"), ("assistant", "Yes, nothing to eat after 10 pm the night before."),
            ("user", "What if his blood pressure is too high that day?")], "that day",
     {"start": "2026-12-02T00:00:00-05:00", "end": "2026-12-02T23:59:59-05:00"}),
    # controls: an earlier answer naming no day, or several, leaves the day the user named last
    ("zh", [("user", "改到周三10点20吧，周二我爸要去社区领药"), ("assistant", "好的，已改。"),
            ("user", "体检前要空腹吗？"), ("assistant", "要，前一天晚上10点后禁食。"),
            ("user", "要是那天他血压太高呢")], "那天", {"start": "2026-12-01T00:00:00+08:00",
                                                "end": "2026-12-01T23:59:59+08:00"}),
    ("en", [("user", "Make it Wednesday at 10:20, on Tuesday my dad picks up his prescriptions"),
            ("assistant", "Free slots: Wednesday, December 2 at 10:20 am or Thursday, December 3 at 9 am."),
            ("user", "Does he need to fast before?"), ("assistant", "Yes, nothing to eat after 10 pm the night before."),
            ("user", "What if his blood pressure is too high that day?")], "that day",
     {"start": "2026-12-01T00:00:00-05:00", "end": "2026-12-01T23:59:59-05:00"}),
]


@pytest.mark.parametrize(("lang", "messages", "clock", "value"), ANSWERED_DAY)
def test_a_reply_pointing_back_means_the_day_the_answer_named(lang: str, messages: list[tuple[str, str]],
                                                                clock: str, value: dict) -> None:
    from pipeline.config import load_settings
    from pipeline.stages.base import StageInput

    events = [Event(id=f"{role[0].upper()}{i + 1}", index=i, role=role, text=t, size=len(t), message={})
              for i, (role, t) in enumerate(messages)]
    result = FactStage(load_settings()).run(StageInput(events, load_rule_pack(lang), load_settings(), NOW[lang]))
    assert [f.value for f in result.facts if f.kind == "time" and f.text == clock] == [value]


# (lang, a tool's plain-text result with a numbered list, facts it must state): a list item's
# "2." ends no clause, so its number stays with its line ("649 元\n2" was quoted as one fact
# and "2" ended the clause before it)
NUMBERED_LISTS = [
    ("zh", "收费标准：\n1. 单只耳机更换：649 元\n2. 充电盒更换：649 元\n3. 电池服务：399 元",
     ["1. 单只耳机更换：649 元", "2. 充电盒更换：649 元", "3. 电池服务：399 元"]),
    ("zh", "退款规则\n1. 七天内退款：全额\n2. 拆封后退款：扣除10%\n10. 赠品：按29元扣除",
     ["扣除10%", "按29元扣除"]),
    ("en", "Fees:\n1. Single earbud: $649\n2. Charging case: $649\n3. Battery service: $399",
     ["$649", "$649", "$399"]),
    ("en", "Refund rules\n1. Within 7 days: full refund\n2. Opened: 10% restocking fee\n12. Gifts: minus $29",
     ["10%", "$29"]),
]


@pytest.mark.parametrize(("lang", "text", "expected"), NUMBERED_LISTS)
def test_a_numbered_list_in_a_tool_result_keeps_each_item_whole(lang: str, text: str, expected: list[str]) -> None:
    from pipeline.stages.facts import extract_tool_facts
    event = Event(id="T1", index=0, role="tool", text=text, size=len(text), message={})
    facts = extract_tool_facts(event, load_rule_pack(lang), 6, 60)
    shown = [f.text for f in facts]
    assert all(t in shown or any(t in s for s in shown) for t in expected), shown
    assert not any(s.strip().rstrip(".").isdigit() or s.endswith(("\n1", "\n2", "\n3", "\n12")) for s in shown), shown


# (lang, text, the time facts): a count per week names no weekday ("每周一节" was read as "周一",
# Monday, and quoted as "周一节")
PER_WEEK = [
    ("zh", "一对一，每周一节，每月别超过两千五百块", []),
    ("zh", "想了下还是每周两节吧", []),
    ("zh", "周一下午可以", ["周一下午"]),
    ("en", "One lesson a week, two at most", []),
    ("en", "Monday afternoon works", ["Monday afternoon"]),
    # a weekday every week is no one day ("open on Saturdays" was "on Saturday", this week's)
    ("zh", "那个中心每周六开门吗", []),
    ("en", "Is the Chicago center open on Saturdays by any chance?", []),
    ("en", "See you at Saturday's game", ["Saturday"]),
]


@pytest.mark.parametrize(("lang", "text", "times"), PER_WEEK)
def test_a_count_per_week_is_no_weekday(lang: str, text: str, times: list[str]) -> None:
    facts, _ = _run(lang, text)
    assert [f.text for f in facts if f.kind == "time"] == times, _shown(facts)


# (lang, text, the person facts): a name right after a kin or naming word ([names] person_leads,
# [beneficiary] people) is whom to book under, send to or expect, a contact detail on the ladder's
# ids level ("my mom Margaret Okafor" had been a preference, lost at 10 %); other names stay
# entities, and a name's word that is no name is none ("帮我叫辆车")
PERSONS = [
    ("zh", "她叫林朵朵，六岁半", ["林朵朵"]),
    ("zh", "我叫王小明", ["王小明"]),
    ("zh", "收货人写我爸王建国就行", ["王建国"]),
    ("zh", "包年吧。联系人写我爸，王建国，电话137 0184 3321", ["王建国"]),
    ("en", "The guest is my dad, Robert Hale", ["Robert Hale"]),
    ("zh", "帮我叫辆车。", []),
    ("zh", "帮我约张伟医生", []),
    ("zh", "她叫什么名字", []),
    ("en", "It'll be me, my mom Margaret Okafor and my brother", ["Margaret Okafor"]),
    ("en", "My dad's driving, Robert James Hale, he's seventy-one", ["Robert James Hale"]),
    ("en", "The passenger is Priya Raman", []),        # "is" alone is no naming word
    ("en", "Book it for my wife Sarah Johnson", ["Sarah Johnson"]),
    ("en", "Mark just texted, he can't make it", []),
    ("en", "John Smith from IBM called.", []),
]


@pytest.mark.parametrize(("lang", "text", "persons"), PERSONS)
def test_a_person_named_for_the_task_is_a_contact(lang: str, text: str, persons: list[str]) -> None:
    pack = load_rule_pack(lang)
    entities = tuple(get_recognizer(lang, pack.version).recognize([text])[0])
    facts, _ = analyse_text(text, pack, entities)
    assert [f.text for f in facts if f.kind == "person"] == persons, [(f.kind, f.text) for f in facts]
    assert all(pack.level_of(f.kind, f.value) == "ids" for f in facts if f.kind == "person")


# (lang, text, the quoted clauses): a clause that is a name alone joins the clause before it in its
# sentence, which says whose it is ("王建国" had been quoted alone, "联系人写我爸" dropped); a name
# after a sentence's end, or not named for the task, stays as it was
@pytest.mark.parametrize(("lang", "text", "clauses"), [
    ("zh", "包年吧。联系人写我爸，王建国，电话137 0184 3321", ["包年", "联系人写我爸，王建国", "电话137 0184 3321"]),
    ("zh", "收货人写我妈，李秀英", ["收货人写我妈，李秀英"]),
    ("zh", "联系人：张伟，电话13912345678", ["联系人：张伟", "电话13912345678"]),
    ("en", "Recipient: Margaret Okafor. Thanks!", ["Recipient: Margaret Okafor"]),
    ("en", "The guest is my dad: Robert Hale", ["The guest is my dad: Robert Hale"]),
    # controls
    ("zh", "王建国。电话13912345678", ["王建国", "电话13912345678"]),
    ("zh", "我叫王小明，今年十岁", ["我叫王小明", "今年十岁"]),
    ("en", "The driver is my dad. Robert Hale.", ["The driver is my dad", "Robert Hale"]),
])
def test_a_name_alone_joins_the_clause_that_says_whose_it_is(lang: str, text: str, clauses: list[str]) -> None:
    pack = load_rule_pack(lang)
    entities = tuple(get_recognizer(lang, pack.version).recognize([text])[0])
    _, found = analyse_text(text, pack, entities)
    assert [c.text for c in found] == clauses


# (lang, text, the beneficiary facts): whom a request is for, of all the family and close people
# of the pack's [beneficiary] people ("月嫂是给我妹妹请的" had been no fact, and the sister lost at
# 10 %); a person told or asked is no beneficiary
BENEFICIARIES = [
    ("zh", "月嫂是给我妹妹请的", ["给我妹妹"]),
    ("zh", "帮我外甥女报个游泳班", ["帮我外甥女"]),
    ("zh", "替我婆婆挂个号", ["替我婆婆"]),
    ("zh", "给我男朋友买的生日礼物", ["给我男朋友"]),
    ("zh", "给我父母买", ["给我父母"]),
    ("zh", "我先给我妹妹看一下", []),
    ("zh", "我问问我哥哥", []),
    ("zh", "我姐姐也要去", []),
    ("zh", "你把两个试听帮我总结一下吧，我截图发给我老公", []),
    ("zh", "这个蛋糕是送给我妈妈的", ["给我妈妈"]),
    # "我爸", "我妈" as said (the segmenter splits them; "我爸爸" is no "我爸")
    ("zh", "我想帮我爸预约体检", ["帮我爸"]),
    ("zh", "替我妈挂个号", ["替我妈"]),
    ("zh", "帮我妈妈订", ["帮我妈妈"]),
    ("zh", "我先给我妹妹看一下", []),
    ("en", "The nanny is for my little sister", ["for my little sister"]),
    ("en", "I'm booking it for my mother-in-law", ["for my mother-in-law"]),
    ("en", "It's a gift for my nephew", ["for my nephew"]),
    ("en", "A room for my parents", ["for my parents"]),
    ("en", "I'll ask my sister first", []),
    ("en", "My brother is coming too", []),
    ("en", "Sum up both trials, I'll forward it to my husband", []),
    # whose name it is in, and whose a thing is set against the user's ("It's her birthday, not
    # mine" and "It's in my husband's name, not mine" had been constraints, lost at 5 %)
    ("en", "It's in my husband's name, not mine", ["in my husband's name"]),
    ("en", "The booking is under my dad's name", ["under my dad's name"]),
    ("en", "It's her birthday, not mine", ["her birthday"]),
    ("en", "The statements are for Valentina's application, not mine", ["Valentina's application"]),
    ("en", "That's my wife's car, not mine", ["my wife's car"]),
    ("en", "That's the plan, not mine", []),
    ("en", "It's my fault, not hers", []),
    ("zh", "保单在我老公名下，不是我的", ["在我老公名下"]),
    ("zh", "用我爸爸的名字订", ["用我爸爸的名字"]),
    ("zh", "是她的生日，不是我的", ["她的生日"]),
    ("zh", "是我妈妈的房子，不是我的", ["我妈妈的房子"]),
    ("zh", "这是她的错，不是我的错", []),
    ("zh", "这个不是我的", []),
    # the user speaking as a relative of the one it is for ("I'm Ana, his daughter" had no fact,
    # lost at 10 % of a home-care chat for her father)
    ("en", "discharge thursday the 10th. I'm Ana, his daughter", ["I'm Ana, his daughter"]),
    ("en", "I'm Tom, her son. dad passed last year.", ["I'm Tom, her son"]),
    ("en", "I'm her son", ["I'm her son"]),
    ("en", "I'm happy, her son called", []),
    ("zh", "我是他女儿，替他办的", ["我是他女儿"]),
    ("zh", "我是她儿子", ["我是她儿子"]),
    ("zh", "我是老师，她儿子在我班上", []),
    pytest.param("en", "I waited for my cousin for an hour", [], marks=pytest.mark.xfail(
        strict=True, reason="the verb before 'for' is not read: waiting for someone is no request for them")),
]


@pytest.mark.parametrize(("lang", "text", "beneficiaries"), BENEFICIARIES)
def test_whom_a_request_is_for(lang: str, text: str, beneficiaries: list[str]) -> None:
    facts, _ = _run(lang, text)
    assert [f.text for f in facts if f.kind == "beneficiary"] == beneficiaries, _shown(facts)


# (lang, text, the money facts): a price per table, head or night runs to hundreds and needs no
# currency ("每桌三千五到四千" was no fact at all, and the banquet's budget was lost at 10 %); a
# small number per thing counts people or things, and a year is no price
PER_UNIT_PRICES = [
    ("zh", "大概十桌吧，晚上六点开席，每桌三千五到四千，最好在西湖区", ["每桌三千五到四千"]),
    ("zh", "每人300元", ["每人300元"]),
    ("zh", "每间两百就行", ["每间两百"]),
    ("zh", "房间每晚1200吧", ["每晚1200"]),
    ("zh", "每桌12人", []),
    ("zh", "每桌十二个人", []),
    ("zh", "每间住两个人", []),
    ("zh", "每人两份", []),
    ("en", "About ten tables, dinner at six, 3,500 to 4,000 per table", ["3,500 to 4,000 per table"]),
    ("en", "It's about 150 a head", ["150 a head"]),
    ("en", "That one comes to 1,200 a night", ["1,200 a night"]),
    ("en", "The caterer quoted 450 per table", ["450 per table"]),
    ("en", "We need 2 per room", []),
    ("en", "Seat 10 per table", []),
    ("en", "In 2027 a room costs more", []),
    ("en", "Three guests per room, please", []),
    ("en", "It was $150 a ticket.", ["$150"]),   # the currency's own money fact, not a second one
]


@pytest.mark.parametrize(("lang", "text", "money"), PER_UNIT_PRICES)
def test_a_price_per_unit_needs_no_currency(lang: str, text: str, money: list[str]) -> None:
    facts, _ = _run(lang, text)
    assert [f.text for f in facts if f.kind == "money"] == money, _shown(facts)


# (lang, text, where the requirement may be cut short, as the prefixes it leaves): past the cue,
# at the end of a thing it names, never inside one nor before what qualifies it ("an expensive"
# of "an expensive 4 star hotel"); a prohibition is never cut ("don't book the Hilton" without
# "until I confirm" would forbid for good), nor a clause that names nothing after its cue
REQUIREMENT_CUTS = [
    ("en", "We need a room for 2 adults at a quiet pet-friendly hotel near Union Square, ideally with a late checkout.",
     ["We need a room", "We need a room for 2 adults", "We need a room for 2 adults at a quiet pet-friendly hotel",
      "We need a room for 2 adults at a quiet pet-friendly hotel near Union Square"]),
    ("en", "I still need help finding an expensive 4 star hotel with free parking in the north.",
     ["I still need help finding an expensive 4 star hotel",
      "I still need help finding an expensive 4 star hotel with free parking"]),
    ("en", "I have to book a table for 6 people at an Italian place downtown on Friday evening.",
     ["I have to book a table", "I have to book a table for 6 people"]),
    ("en", "The hotel must have parking.", []),
    ("en", "Don't book the Hilton with the rooftop bar until I confirm with my parents.", []),
    ("en", "We need the reference number please.", []),
    ("zh", "我需要订一家能带宠物的安静酒店给我爸妈住三个晚上在人民广场附近",
     ["我需要订一家能带宠物的安静酒店给我爸妈", "我需要订一家能带宠物的安静酒店给我爸妈住三个晚上"]),
    ("zh", "我们必须订一家有免费停车场的酒店住两个晚上离西湖近一点",
     ["我们必须订一家有免费停车场的酒店", "我们必须订一家有免费停车场的酒店住两个晚上"]),
    ("zh", "一定要靠窗的座位", ["一定要靠窗"]),
    ("zh", "先别订那家有免费停车场的酒店等我确认", []),
    ("zh", "我需要一个有接机服务的酒店在机场附近给我爸妈住",
     ["我需要一个有接机服务的酒店", "我需要一个有接机服务的酒店在机场附近给我爸妈"]),
]


@pytest.mark.parametrize(("lang", "text", "prefixes"), REQUIREMENT_CUTS)
def test_a_long_requirement_may_be_cut_after_a_thing_it_names(lang: str, text: str, prefixes: list[str]) -> None:
    _, clauses = _run(lang, text)
    assert [text[c.span.start:cut] for c in clauses for cut in c.cuts] == prefixes


# (lang, text, the negation's words, the value it starts on): a negation's object never starts
# inside a value ("seventy five dollars won't work" of "One hundred and seventy five dollars …",
# "午三点半肯定不行"), and the value stays a fact of its own
NEGATED_VALUES = [
    ("en", "One hundred and seventy five dollars won't work for us", "One hundred and seventy five dollars won't work for us",
     "One hundred and seventy five dollars"),
    ("en", "Wait, so it's seven of us now, not eight.", "seven of us now, not eight", "seven of us"),
    ("zh", "下周三下午三点半肯定不行", "下周三下午三点半肯定不行", "下周三下午三点半"),
    ("zh", "多亏你了，不然明天下午3点肯定赶不上", "明天下午3点肯定赶不上", "明天下午3点"),
    ("zh", "十二月二十号晚上七点以后别打了", "十二月二十号晚上七点以后别打了", "十二月二十号晚上七点"),
]


@pytest.mark.parametrize(("lang", "text", "negation", "value"), NEGATED_VALUES)
def test_a_negation_never_starts_inside_a_value(lang: str, text: str, negation: str, value: str) -> None:
    facts = _run(lang, text)[0]
    assert [f.text for f in facts if f.kind == "negation"] == [negation], _shown(facts)
    assert [f.text for f in facts if f.kind != "negation"] == [value], _shown(facts)


# (lang, text, value kinds expected): thanks for what the assistant did hold no values of the
# user's ("two hours tonight" was kept as a constraint at 10 %); a request to save something does
@pytest.mark.parametrize(("lang", "text", "kinds"), [
    ("en", "Honestly you've saved me like two hours tonight, thank you so much.", set()),
    ("en", "You saved us 200 dollars on the flights, amazing", set()),
    ("en", "Thanks for saving me 3 hours of phone calls", set()),
    ("en", "Save me 2 seats for tonight", {"quantity", "time"}),
    ("zh", "谢谢你，帮我省了两个小时", set()),
    ("zh", "多亏你，省了我两百块", set()),
    ("zh", "你真是帮我省了三天的时间", set()),
    ("zh", "帮我订两张票，今晚的", {"quantity", "time"}),
    ("zh", "今天帮了大忙了", set()),
    ("en", "You've been a huge help today", set()),
    ("en", "Help me book 2 tickets for today", {"quantity", "time"}),
])
def test_thanks_for_what_the_assistant_did_hold_no_values(lang: str, text: str, kinds: set[str]) -> None:
    facts = _run(lang, text)[0]
    assert {f.kind for f in facts} & {"quantity", "time", "money"} == kinds, _shown(facts)


# (lang, text, whether it requires something): a word limiting a value requires nothing without
# one ("I want to go over the forms with her first" was an obligation, kept in place of a value at
# 10 %); with a number near it, or pointing at one said before, it does
@pytest.mark.parametrize(("lang", "text", "required"), [
    ("en", "I want to go over the forms with her first.", False),
    ("en", "Put it under my name please", False),
    ("en", "Honestly it's up to you", False),
    ("en", "We'll talk it over tonight", False),
    ("en", "Keep it under 500 dollars", True),
    ("en", "4 stars or above please", True),
    ("en", "Budget is 2k max", True),
    ("en", "The company covers up to $450, so keep it at or under that.", True),
    ("zh", "以上这些你先记一下", False),
    ("zh", "我现在左右为难", False),
    ("zh", "预算500以内", True),
    ("zh", "评分4.5分以上的", True),
    ("zh", "不超过三千", True),
    ("zh", "反正在预算以内就行，最多别超过这个数", True),
])
def test_a_limit_requires_something_only_of_a_value(lang: str, text: str, required: bool) -> None:
    facts = _run(lang, text)[0]
    assert bool([f for f in facts if f.kind == "obligation"]) is required, _shown(facts)


# (lang, text, the negation, the time wanted): a day said to be taken is ruled out ("Thursday's
# packed at work" had been a second wanted time, "Friday morning, Thursday"), and a negation's
# object never reaches back across a comma ("make it Friday morning, don't call me at work"
# had taken the time into the prohibition)
@pytest.mark.parametrize(("lang", "text", "negation", "wanted"), [
    ("en", "Actually make it Friday morning, Thursday's packed at work.", "Thursday's packed at work", "Friday morning"),
    ("en", "Wednesday's out too, she has a shift.", "Wednesday's out too", None),   # the reason is no object
    ("en", "Let's do Monday, tomorrow is fully booked for me", "tomorrow is fully booked for me", "Monday"),
    ("en", "Make it Friday morning, don't call me at work.", "don't call me at work", "Friday morning"),
    ("zh", "改周五上午吧，周四没空", "周四没空", "周五上午"),
    ("zh", "那就下周二，周一我没时间", "周一我没时间", "下周二"),
    ("zh", "那就改到周五上午，别打我电话", "别打我电话", "周五上午"),
    # a day taken by something already set ("Friday I have a dentist appointment")
    ("en", "Friday I have a dentist appointment", "Friday I have a dentist appointment", None),
    ("zh", "周五我要加班，改到周六吧", "周五我要加班", "周六"),
    ("zh", "她周六上午有英语课", "她周六上午有英语课", None),
    # nor across a word joining clauses ("in advance so I won't miss my stop" was quoted as
    # "advance so I won't miss my stop"); Chinese clauses part at the comma already
    ("en", "I'd like to know in advance so I won't miss my stop", "I won't miss my stop", None),
    ("en", "Book it for Friday because I can't do Thursday", "I can't do Thursday", "Friday"),
    ("zh", "我想提前知道到站时间，这样就不会坐过站", "这样就不会坐过站", None),
])
def test_a_day_ruled_out_is_no_time_wanted(lang: str, text: str, negation: str, wanted: str | None) -> None:
    facts = _run(lang, text)[0]
    assert [f.text for f in facts if f.kind == "negation"] == [negation], _shown(facts)
    assert [f.text for f in facts if f.kind == "time"] == ([wanted] if wanted else []), _shown(facts)


# (lang, text, the prohibition's words): a comma before a new subject and its verb ends what is
# forbidden, the reason after it is no object (an open item "don't charge it until I confirm with
# finance, Raj still hasn't signed off on Q4 spend" had no shorter form and was dropped at 5 %);
# what to do instead, with no subject, stays ("don't call me, text me"); Chinese clauses part at
# the comma already
@pytest.mark.parametrize(("lang", "text", "prohibition"), [
    ("en", "but don't charge it until I confirm with finance, Raj still hasn't signed off on Q4 spend",
     "don't charge it until I confirm with finance"),
    ("en", "Don't order the 13-inch, he'll be staring at spreadsheets all day", "Don't order the 13-inch"),
    ("en", "don't leave it at the door, he sometimes doesn't hear the buzzer", "don't leave it at the door"),
    ("en", "never schedule anything for him before 9:30, he does daycare drop off",
     "never schedule anything for him before 9:30"),
    # … a verb of liking too ("…, i hate how that looks" had been forbidden with the panels)
    ("en", "but don't put any panels on the front of the house, i hate how that looks",
     "don't put any panels on the front of the house"),
    ("zh", "但是房子正面别装板子，我讨厌那个样子", "但是房子正面别装板子"),
    # … a thing named with "the" ("…, the 7pm works better for us" had been forbidden too)
    ("en", "don't book the 6pm, the 7pm works better for us", "don't book the 6pm"),
    ("zh", "别订6点那场，老公说7点那场更合适", "别订6点那场"),
    # (a reason about someone of the user's may be a constraint of its own: it stays with the cue)
    ("en", "don't use peanut oil, my son is allergic", "don't use peanut oil, my son is allergic"),
    ("en", "don't call me, text me", "don't call me, text me"),
    ("en", "don't book the 6pm, the 7pm or the 8pm", "don't book the 6pm, the 7pm or the 8pm"),
    ("en", "don't book anything yet, just looking", "don't book anything yet, just looking"),
    ("zh", "先别扣款，老板还没批", "先别扣款"),
    ("zh", "别订13寸的，他整天看表格", "别订13寸的"),
    ("zh", "别打我电话，发短信", "别打我电话"),   # (its quote holds what to do instead: [cues] instead_chars)
])
def test_a_reason_after_a_comma_is_no_part_of_what_is_forbidden(lang: str, text: str, prohibition: str) -> None:
    facts = _run(lang, text)[0]
    assert [f.text for f in facts if f.kind == "negation" and f.value == "prohibition"] == [prohibition], _shown(facts)


# (lang, text, whether a limit is required): a limit said of a thing describes it ("it's even below
# my budget range" had been a requirement, kept at 35 % ahead of the model's price range)
@pytest.mark.parametrize(("lang", "text", "required"), [
    ("en", "That's not expensive, it's even below my budget range.", False),
    ("en", "It's under my budget.", False),
    ("en", "Keep it below my budget.", True),
    ("en", "I need it under $500.", True),
    ("zh", "这个价格在预算以内", False),
    ("zh", "它在预算以内", False),
    ("zh", "价格要在预算以内", True),
    ("zh", "预算5000以内", True),
])
def test_a_limit_said_of_a_thing_requires_nothing(lang: str, text: str, required: bool) -> None:
    facts = _run(lang, text)[0]
    assert any(f.kind == "obligation" for f in facts) == required, _shown(facts)


# (lang, text, the title kept whole): the title of what the user goes to see is one fact, never a
# word cut from it ("Blinded by the Light" was "watch Blinded", "Midnight at the Paper Moon" the
# entity "the Paper Moon", "《疯狂动物城2》" the place "动物城")
@pytest.mark.parametrize(("lang", "text", "title"), [
    ("en", "We want to watch Blinded by the Light tonight", "Blinded by the Light"),
    ("en", "I want to take a group to see Midnight at the Paper Moon, plus dinner", "Midnight at the Paper Moon"),
    ("en", "Can I get tickets for The Phantom of the Opera on Friday?", "The Phantom of the Opera"),
    ("en", "I'm going to see Mom on Sunday", None),
    ("zh", "周六想带孩子去看《疯狂动物城2》，要三张票", "《疯狂动物城2》"),
    ("zh", "帮我订两张《歌剧魅影》的票", "《歌剧魅影》"),
    ("zh", "周日想去看看妈妈", None),
])
def test_a_title_is_kept_whole(lang: str, text: str, title: str | None) -> None:
    facts = _run(lang, text)[0]
    assert [f.text for f in facts if f.kind == "title"] == ([title] if title else []), _shown(facts)
    if title:
        assert not [f for f in facts if f.kind != "title" and f.span.start >= text.index(title)
                    and f.span.end <= text.index(title) + len(title)], _shown(facts)


# (lang, text, whether it requires something): a requirement with nothing after its cue but
# filler words agrees or points back ("必须的啊" answers "满意吗" and was quoted as a constraint)
@pytest.mark.parametrize(("lang", "text", "required"), [
    ("zh", "必须的啊，相当满意了", False),
    ("zh", "那必须的！", False),
    ("zh", "必须要有停车位", True),
    ("zh", "一定要靠窗的座位", True),
    ("en", "Absolutely, I must.", False),
    ("en", "We need to.", False),
    ("en", "It must have parking", True),
    ("en", "I need to cancel the booking", True),
    # a degree alone requires nothing ("only a little" was quoted as a requirement)
    ("en", "I did spill coffee on it last month, but only a little.", False),
    ("en", "only two rooms", True),
    # asked, not required: an auxiliary before a name or an id asks ("does BDG-30945 need changing
    # too?" had been an obligation, shown as a constraint without its question mark)
    ("en", "does BDG-30945 need changing too?", False),
    ("en", "Does Maria need a ride?", False),
    ("en", "Maria needs a ride on Friday.", True),
    ("zh", "BDG-30945也需要改吗？", False),
])
def test_a_requirement_says_what_it_requires(lang: str, text: str, required: bool) -> None:
    facts = _run(lang, text)[0]
    assert bool([f for f in facts if f.kind == "obligation"]) is required, _shown(facts)


# (lang, text, the clauses quoted): a question with no fact and hardly a word besides its question
# words asks nothing out of its context ("有吗" of "那CT呢，有吗？" was placed in a summary)
@pytest.mark.parametrize(("lang", "text", "quoted"), [
    ("zh", "那CT呢，有吗？", ["那CT呢"]),
    ("zh", "是吗？那几点开门", ["那几点开门"]),
    ("zh", "好的，对吗？", []),
    ("en", "Does it? I thought it was closed on Sunday", ["I thought it was closed on Sunday"]),
    ("en", "Do they?", []),
    ("en", "Is it open on Sunday?", ["Is it open on Sunday"]),
    # nor one whose words are all politeness: "可以吗" had been quoted as "吗" ("…；1小时 - 2小时；吗")
    ("zh", "帮我找个景点，能玩上1小时 - 2小时的那种，可以吗？", ["找个景点", "能玩上1小时 - 2小时的那种"]),
    ("zh", "订两间房，好吗？", ["订两间房"]),
    ("zh", "那就明天下午三点，可以吗？", ["那就明天下午三点"]),
    ("zh", "帮我订两间周五的房。可以吗？能不能？", ["订两间周五的房"]),
    ("en", "Book two rooms for Friday. Could you please?", ["Book two rooms for Friday"]),
    ("en", "Book two rooms for Friday. Can you?", ["Book two rooms for Friday"]),
    ("en", "Two rooms for Friday. Is that ok?", ["Two rooms for Friday"]),
    # nor a discourse word left alone by a comma ("though?" had been quoted at 25 %)
    ("en", "I was wondering if there are any parks on the south side of town, though.",
     ["I was wondering if there are any parks on the south side of town"]),
    ("en", "Great, but thanks for asking.", []),
    ("zh", "好的，谢谢关心", []),
    ("zh", "南边有公园吗，顺便问一下", ["南边有公园吗"]),
])
def test_a_bare_question_is_not_quoted(lang: str, text: str, quoted: list[str]) -> None:
    assert [c.text.rstrip("?？") for c in _run(lang, text)[1]] == quoted


# (lang, text, the clauses quoted): a clause of only fillers, yes words, correction words or a change
# of subject says nothing out of its turn ("a lot, seriously" of "Thanks a lot, seriously.", "Quick
# one", "就这么定" were summary lines); the state stage reads the yes and the correction
@pytest.mark.parametrize(("lang", "text", "quoted"), [
    ("en", "Thanks a lot, seriously. What's the booking reference again?", ["What's the booking reference again"]),
    ("en", "Quick one: do we bring the originals to VFS or just copies?",
     ["do we bring the originals to VFS or just copies"]),
    ("en", "Sounds good, book those.", []),
    ("en", "Different topic. My card got declined twice today.", ["My card got declined twice today"]),
    ("en", "This is super helpful, thank you!", []),
    ("en", "No wait, sorry.", []),
    ("en", "Question: is parking included?", ["is parking included"]),
    ("en", "Fair enough, add the rental one then", ["Fair enough, add the rental one"]),
    # … not when a word of it names something
    ("en", "Sounds good, book all three", ["Sounds good, book all three"]),
    ("en", "Seriously, the dog needs a walk at noon", ["Seriously, the dog needs a walk at noon"]),
    ("zh", "好的就这么定", []),
    ("zh", "就这个吧", []),
    ("zh", "哎不对", []),
    ("zh", "还有个事，我妈对青霉素过敏", ["我妈对青霉素过敏"]),
    ("zh", "问个问题：停车免费吗？", ["停车免费吗"]),
    ("zh", "换个事儿，我的快递到哪了", ["我的快递到哪了"]),
    ("zh", "行，就按这个", []),
    ("zh", "好啊写上", ["好啊写上"]),
    # a greeting alone ("喂你好" had been the task of a repair request)
    ("zh", "喂你好，我爸妈家那个洗衣机漏水了", ["我爸妈家那个洗衣机漏水了"]),
    ("en", "Hey there, my dad's washer is leaking", ["my dad's washer is leaking"]),
])
def test_a_clause_of_discourse_words_is_not_quoted(lang: str, text: str, quoted: list[str]) -> None:
    assert [c.text.rstrip("?？") for c in _run(lang, text)[1]] == quoted


# (lang, text, the hedged claims): right after a correction, "应该是" says the corrected value, sure
# of it ("刚才打错了，应该是chenlina88@126.com" was a hedged claim, below the constraints); alone, or
# after no correction, a hedge stays one ([cues] hedges_correcting; English hedges have no such use)
@pytest.mark.parametrize(("lang", "text", "claims"), [
    ("zh", "邮箱刚才打错了，应该是chenlina88@126.com", []),
    ("zh", "不对，应该是13号", []),
    ("zh", "我记错了，应该是周四", []),
    ("zh", "应该是上周三寄出的", ["应该是上周三寄出的"]),
    ("zh", "不对，可能是上周三寄出的", ["可能是上周三寄出的"]),
    ("en", "Sorry, maybe Friday works better", ["Sorry, maybe Friday works better"]),
    ("en", "Oops, I think it's 312-555-0178", ["Oops, I think it's 312-555-0178"]),
    ("en", "I think it's TP 204", ["I think it's TP 204"]),
])
def test_a_hedge_word_after_a_correction_says_the_corrected_value(lang: str, text: str, claims: list[str]) -> None:
    facts = _run(lang, text)[0]
    assert [f.text for f in facts if f.kind == "uncertain"] == claims, _shown(facts)


# (lang, text, the negations): a negation whose object only points at the value a correction in the
# same message replaced names nothing alone ("前面那个不用了" was a prohibition, at the top of a
# summary); without a correction, or naming its object, it stays
@pytest.mark.parametrize(("lang", "text", "negations"), [
    ("zh", "邮箱刚才打错了，应该是chenlina88@126.com，前面那个不用了", []),
    ("zh", "说错了，是13号，那个不要了", []),
    ("zh", "那个不要了", ["那个不要了"]),
    ("zh", "说错了，是13号，12号的不要了", ["是13号，12号的不要了"]),
    ("en", "Sorry, use tmoreno84@fastmail.com instead, the old one isn't needed anymore", []),
    ("en", "My mistake, it's 0178, that one doesn't work", []),
    ("en", "That one isn't needed anymore", ["That one isn't needed anymore"]),
    ("en", "Sorry, don't book it", ["Sorry, don't book it"]),
])
def test_a_negation_pointing_at_a_corrected_value_names_nothing(lang: str, text: str, negations: list[str]) -> None:
    facts = _run(lang, text)[0]
    assert [f.text for f in facts if f.kind == "negation"] == negations, _shown(facts)


# (lang, text, the clauses holding facts): a count of what the message lists after a colon holds no
# value ("有两点要求" was an obligation and "two requirements" a quantity, each a constraint of its
# own); the items after it do, and a count before no colon still counts
@pytest.mark.parametrize(("lang", "text", "holding"), [
    ("zh", "有两点要求：不要动承重墙，厨房要干湿分离", ["不要动承重墙"]),
    ("zh", "我有三个问题：周末开吗？能停车吗？", ["周末开吗"]),
    ("zh", "预算：5000元", ["预算：5000元"]),
    ("zh", "我们要订两间房", ["我们要订两间房"]),
    ("en", "I have two requirements: don't touch the load-bearing wall, and keep the kitchen dry",
     ["don't touch the load-bearing wall", "keep the kitchen dry"]),
    ("en", "Two questions: is it open on Sunday, and do they take cards?", ["is it open on Sunday"]),
    ("en", "Budget: $500", ["Budget", "$500"]),
    ("en", "We need two rooms", ["We need two rooms"]),
])
def test_a_count_of_what_follows_a_colon_holds_no_value(lang: str, text: str, holding: list[str]) -> None:
    assert [c.text.rstrip("?？") for c in _run(lang, text)[1] if c.facts] == holding


# (lang, text, its negations): what "instead of" replaces ends at the punctuation after it; the
# reason said after the comma is not replaced ("instead of 5:30, Dana hates rushing through dinner"
# was one negation, the reason read as what is not wanted)
@pytest.mark.parametrize(("lang", "text", "negations"), [
    ("en", "Let's do 5:15 then instead of 5:30, Dana hates rushing through dinner",
     ["then instead of 5:30"]),
    ("en", "Book the train rather than the bus, it's cheaper", ["Book the train rather than the bus"]),
    ("en", "make it expedited instead of standard shipping", ["make it expedited instead of standard shipping"]),
    # controls: a Chinese clause already ends at the comma after what "而不是" replaces
    ("zh", "改成5点15吧，而不是5点半，晚饭别太赶", ["改成5点15吧，而不是5点半", "晚饭别太赶"]),
    ("zh", "坐火车而不是大巴，便宜点", ["坐火车而不是大巴"]),
])
def test_what_instead_of_replaces_ends_at_the_punctuation(lang: str, text: str, negations: list[str]) -> None:
    facts = _run(lang, text)[0]
    assert [f.text for f in facts if f.kind == "negation"] == negations, _shown(facts)


# (lang, text, its clauses, its negations): what to do instead, said right after a prohibition in
# its sentence with no value of its own, is quoted with it ("别打我电话，发短信" had left "发短信" a
# clause of its own, dropped first; an English clause runs on past the comma), while the
# prohibition's own words stay its fact (a shorter form when room is short); a case supposed, a
# thank-you, or the next sentence is not
@pytest.mark.parametrize(("lang", "text", "clauses", "negations"), [
    ("zh", "通知发我手机13917246083，别打我电话，发短信，白天开会接不了",
     ["通知发我手机13917246083", "别打我电话，发短信", "白天开会接不了"], ["别打我电话", "白天开会接不了"]),
    ("zh", "别打电话，发微信就行", ["别打电话，发微信就行"], ["别打电话"]),
    ("zh", "先别提交，等我确认", ["先别提交，等我确认"], ["先别提交"]),
    ("zh", "如果没有房了，就订另一家", ["如果没有房了", "就订另一家"], ["如果没有房了"]),
    ("zh", "不要香菜，谢谢", ["不要香菜"], ["不要香菜"]),
    ("zh", "别打电话。发短信。", ["别打电话", "发短信"], ["别打电话"]),
    ("en", "don't call me, text me", ["don't call me, text me"], ["don't call me, text me"]),
    ("en", "Please don't call. Text me.", ["don't call", "Text me"], ["don't call"]),
])
def test_what_to_do_instead_is_quoted_with_the_prohibition(lang: str, text: str, clauses: list[str],
                                                          negations: list[str]) -> None:
    facts, found = _run(lang, text)
    assert [c.text for c in found] == clauses
    assert [f.text for f in facts if f.kind == "negation"] == negations, _shown(facts)


# (lang, text, its negations, its times, those said of the past): what a purpose avoids is not
# the action it is the purpose of ("Book the 8am train to avoid the rush" was one prohibition, the
# 8am never a time; "周四出发是为了避开周五的车流" forbade leaving on Thursday, and 为了's 了 made
# Thursday past); a lead that wants or needs ("I need to avoid dairy") stays with its cue
@pytest.mark.parametrize(("lang", "text", "negations", "times", "past"), [
    ("zh", "周四出发是为了避开周五的车流", ["避开周五的车流"], ["周四"], []),
    ("zh", "我们周四走，避开周五的车流", ["避开周五的车流"], ["周四"], []),
    ("zh", "订早上8点的火车，避开高峰", ["避开高峰"], ["早上8点"], []),
    # controls
    ("zh", "我需要避免乳制品", ["我需要避免乳制品"], [], []),
    ("zh", "申请先别提交", ["申请先别提交"], [], []),
    ("zh", "我们周日回来了", [], ["周日"], ["周日"]),
    ("en", "Book the 8am train to avoid the rush", ["avoid the rush"], ["8am"], []),
    ("en", "Let's leave Thursday to avoid the Friday traffic", ["avoid the Friday traffic"], ["Thursday"], []),
    ("en", "We fly out Sunday morning to skip the crowds, no layovers please", ["no layovers please"],
     ["Sunday morning"], []),
    # controls
    ("en", "I need to avoid dairy", ["I need to avoid dairy"], [], []),
    ("en", "Try to avoid the highway", ["Try to avoid the highway"], [], []),
    ("en", "I need a train to Boston on Friday", [], ["on Friday"], []),
])
def test_what_a_purpose_avoids_is_not_the_action_before_it(lang: str, text: str, negations: list[str],
                                                           times: list[str], past: list[str]) -> None:
    facts = _run(lang, text, NOW[lang])[0]
    assert [f.text for f in facts if f.kind == "negation"] == negations, _shown(facts)
    assert [f.text for f in facts if f.kind == "time"] == times, _shown(facts)
    assert [f.text for f in facts if f.kind == "time" and (f.value or {}).get("past")] == past, _shown(facts)


# (lang, text, the obligation facts): what the user says they would have to do sets no requirement
# ("I'd have to dig it out of the drawer" had been a user constraint of the visa conversation);
# what they have to do, and what another would have to, still do
@pytest.mark.parametrize(("lang", "text", "obligations"), [
    ("en", "I'd have to dig it out of the drawer.", []),
    ("en", "We would need to ask her first.", []),
    ("en", "I’d have to check with my wife.", []),
    ("en", "I have to be back by 6.", ["I have to be back by 6"]),
    ("en", "She'd have to be there by 9.", ["She'd have to be there by 9"]),
    ("zh", "我必须6点前回来。", ["我必须6点前回来"]),
    ("zh", "必须两间房。", ["必须两间房"]),
])
def test_what_the_user_would_have_to_do_is_no_requirement(lang: str, text: str, obligations: list[str]) -> None:
    facts, _ = _run(lang, text)
    assert [f.text for f in facts if f.kind == "obligation"] == obligations, _shown(facts)


# (lang, text, the negation facts): a case a question supposes is asked about, no negation the
# user set ("What if she's in pain that morning and can't do it?" had been a strong fact the
# summary reported missing); a question without a supposed case, or a supposed case in a
# request, keeps its negation
@pytest.mark.parametrize(("lang", "text", "negations"), [
    ("en", "What if she's in pain that morning and can't do it?", []),
    ("en", "What if the visas aren't back by February?", []),
    ("en", "And if the hotel has no parking, what then?", []),
    ("zh", "要是那天他来不了呢？", []),
    ("zh", "万一酒店没有停车位怎么办？", []),
    ("zh", "要是他去不了怎么办？", []),
    # controls
    ("en", "Is there a place that isn't too loud?", ["Is there a place that isn't too loud"]),
    ("en", "If it's not available, can you book the other one?", ["If it's not available, can you book the other one"]),
    ("zh", "有没有不太吵的地方？", ["有没有不太吵的地方"]),
    ("zh", "如果没有房了，就订另一家", ["如果没有房了"]),
])
def test_a_case_a_question_supposes_sets_no_negation(lang: str, text: str, negations: list[str]) -> None:
    facts, _ = _run(lang, text)
    assert [f.text for f in facts if f.kind == "negation"] == negations, _shown(facts)


# (lang, text, a clause, whether it asks): a clause before the other side of a question ("…, or does
# she have to wait outside?", "…，还是…？") asks too ("can she come in with me at 8:15" had been a
# user constraint); so does a modal before he, she or it
@pytest.mark.parametrize(("lang", "text", "clause", "asks"), [
    ("en", "Valentina asks: can she come in with me at 8:15, or does she have to wait outside?",
     "can she come in with me at 8:15", True),
    ("en", "She comes in with me at 8:15, or does she wait outside?", "She comes in with me at 8:15", True),
    ("en", "We take the 9:40, or is that too tight?", "We take the 9:40", True),
    ("en", "Can it be delivered by Friday", "Can it be delivered by Friday", True),
    ("en", "We take the 9:40, or should we drive?", "or should we drive", True),
    ("zh", "她8点15跟我一起进去，还是在外面等到八点半？", "她8点15跟我一起进去", True),
    ("zh", "订周三的，还是周四的？", "订周三的", True),
    ("zh", "走高速，还是走国道比较快？", "走高速", True),
    # controls: the other side in a sentence of its own, a clause asking nothing, a statement
    ("en", "Book the 8:15 slot. Or is that too early?", "Book the 8:15 slot", False),
    ("en", "We take the 9:40, or we could drive", "We take the 9:40", False),
    ("en", "He can come at 8", "He can come at 8", False),
    ("zh", "订周三的。还是周四的好？", "订周三的", False),
    ("zh", "周三不太行，还是周四吧，周四有房吗？", "周三不太行", False),
    ("zh", "他8点能来", "他8点能来", False),
])
def test_a_clause_before_the_other_side_of_a_question_asks(lang: str, text: str, clause: str, asks: bool) -> None:
    _, clauses = _run(lang, text)
    assert [c.asks for c in clauses if c.text.rstrip("?？") == clause] == [asks], [(c.text, c.asks) for c in clauses]


# (lang, text, a clause, whether it asks): what goes on from a case supposed in an earlier clause
# of a question is asked too ("比如12月底就生了" was quoted under 用户约束, as if she had given birth);
# the clause holding the condition, a condition without a question, keep their reading
@pytest.mark.parametrize(("lang", "text", "clause", "asks"), [
    ("zh", "要是我妹妹提前生了呢，比如12月底就生了，阿姨能提前来吗", "比如12月底就生了", True),
    ("zh", "万一下雨，改到周日，还能退吗", "改到周日", True),
    ("en", "If she gives birth early, and it's at the end of the month - can the nanny come sooner?",
     "it's at the end of the month", True),
    ("en", "If the flight is late, and we land at 11 pm - can the driver wait?", "we land at 11 pm", True),
    # … as is a case naming no value before the question ("如果当天检查做不完" had been a constraint)
    ("zh", "好 如果当天检查做不完 要再跑一趟 那个怎么算钱", "如果当天检查做不完", True),
    ("en", "ok, in case he can't finish the tests, do we pay for a second trip?",
     "in case he can't finish the tests, do we pay for a second trip", True),
    # controls
    ("zh", "如果当天检查做不完 就再约一天", "如果当天检查做不完", False),
    ("zh", "如果坐地铁从绿岛乐园到维也纳酒店，应该在哪站上下车呢？", "如果坐地铁从绿岛乐园到维也纳酒店", False),
    ("zh", "如果质量好的话，就放到6000元", "就放到6000元", False),
    ("en", "If it rains on Saturday - we move it to Sunday.", "we move it to Sunday", False),
    ("en", "If the flight is late, and we land at 11 pm - the driver waits.", "we land at 11 pm", False),
])
def test_what_goes_on_from_a_supposed_case_in_a_question_is_asked(lang: str, text: str, clause: str,
                                                                   asks: bool) -> None:
    _, clauses = _run(lang, text)
    assert [c.asks for c in clauses if c.text.rstrip("?？") == clause] == [asks], [(c.text, c.asks) for c in clauses]


# "万一" with no number before it is "in case", no ten thousand and one ("万一周末下雨呢" had read the quantities "万一周"
# and "一周"; "一万一" is a number); a clause begun before a prohibition reaching back into it holds only facts of the
# text ("还有万一周四高铁晚点了 7点到不了咋办" had kept two the prohibition took in, and the whole fact stage failed on them)
@pytest.mark.parametrize(("lang", "text", "quantities"), [
    ("zh", "玻璃水拿4瓶吧 冬天用得快 还有万一周四高铁晚点了 7点到不了咋办", ["4瓶"]),
    ("zh", "万一周末下雨呢", []),
    ("zh", "万一周四高铁晚点了", []),
    ("zh", "一万一千块够不够", ["一万一千块"]),
    ("zh", "我一周四次健身", ["一周四次"]),
    ("en", "in case the train is late on thursday, can you wait 2 hours?", ["2 hours"]),
])
def test_in_case_is_no_number_and_a_clause_holds_only_facts_of_its_text(lang: str, text: str,
                                                                       quantities: list[str]) -> None:
    facts, clauses = _run(lang, text, NOW[lang])
    assert [f.text for f in facts if f.kind == "quantity"] == quantities, _shown(facts)
    assert all(any(f is g for g in facts) for c in clauses for f in c.facts)
