import FormRules

/// Part of ``Strength/messages``, so they come with the rule. The strength meter (`meter.strength`, `meter.<attack>`) and crack-time
/// phrases (`meter.time.<unit>`; phrases, not sentences; `{n}` is the count), rendered by
/// ``MessageCatalog/strengthMeter(_:locale:)`` and ``MessageCatalog/crackTime(seconds:locale:)``.
let strengthMeterPhrases: [RuleMessage] = [
  same("meter.strength", ja: "強度：{score}（最高4）", en: "Strength: {score} of 4"),
  same(
    "meter.online", ja: "破られるまでの目安：{time}（ネット経由の攻撃、毎秒10回）",
    en: "Time to crack online (10 guesses a second): {time}"),
  same(
    "meter.offline", ja: "破られるまでの目安：{time}（流出データへの攻撃、毎秒1万回）",
    en: "Time to crack from leaked data (10,000 guesses a second): {time}"),
  same("meter.about", ja: "約{time}", en: "about {time}"),
  same("meter.time.instant", ja: "1秒未満", en: "less than a second"),
  same("meter.time.second", ja: "{n}秒", en: "{n} second"),
  same("meter.time.seconds", ja: "{n}秒", en: "{n} seconds"),
  same("meter.time.minute", ja: "{n}分", en: "{n} minute"),
  same("meter.time.minutes", ja: "{n}分", en: "{n} minutes"),
  same("meter.time.hour", ja: "{n}時間", en: "{n} hour"),
  same("meter.time.hours", ja: "{n}時間", en: "{n} hours"),
  same("meter.time.day", ja: "{n}日", en: "{n} day"),
  same("meter.time.days", ja: "{n}日", en: "{n} days"),
  same("meter.time.month", ja: "{n}か月", en: "{n} month"),
  same("meter.time.months", ja: "{n}か月", en: "{n} months"),
  same("meter.time.year", ja: "{n}年", en: "{n} year"),
  same("meter.time.years", ja: "{n}年", en: "{n} years"),
  same("meter.time.centuries", ja: "100年以上", en: "centuries"),
]

private func same(_ key: String, ja: String, en: String) -> RuleMessage {
  RuleMessage(key, ja: (ja, ja), en: (en, en))
}
