// libFuzzer target: the message renderer with hostile templates, parameters, labels and locale tags,
// as a rules file's `messages` and `message` overrides can supply them.

/// Splits the input at NUL bytes into the pieces the renderer is given.
private func pieces(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
  bytes.split(separator: 0, maxSplits: 7, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func messageRendererFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let selector = Int(data[0])
  var parts = pieces(UnsafeBufferPointer(start: data + 1, count: size - 1))
  while parts.count < 8 { parts.append("") }
  let template = parts[0]
  let locale = parts[1]
  let label = parts[2]
  let code = selector & 1 == 0 ? "fuzz" : MessageCatalog.builtInKeys[selector % MessageCatalog.builtInKeys.count]
  let language = MessageCatalog.negotiate([locale], default: parts[3])
  precondition(RuleSet.supportedLocales.contains(language), "negotiated an unsupported language")

  let catalog = MessageCatalog.builtIn.overridden(by: [
    language: [code: MessageTemplate(labeled: template, inline: parts[4])]
  ])
  var failure = Failure(
    code: code,
    params: [
      "min": .int(selector - 128), "max": .int(Int(size)), "actual": .int(selector * 7919),
      "unit": .string(parts[5]), "other": .string(parts[6]), "reason": .string(parts[7]),
      "failures": .strings(Array(parts.prefix(4))), "count": .int(selector % 3),
    ],
    detail: selector & 2 == 0 ? nil : parts[7])
  if selector & 4 != 0 { failure.params["unit"] = nil }
  let fieldLabel: (String) -> String? = { name in name.isEmpty ? nil : "«\(name)»" }
  for style in [MessageStyle.labeled, .inline] {
    let text = catalog.render(failure, label: label, locale: language, style: style, fieldLabel: fieldLabel)
    if code == "fuzz", !(style == .labeled ? template : parts[4]).contains("{") {
      precondition(text == (style == .labeled ? template : parts[4]), "a template without placeholders changed")
    }
    _ = catalog.render(failure, label: nil, locale: language, style: style)
  }
  _ = catalog.renderRequirement(failure, locale: language, fieldLabel: fieldLabel)
  _ = catalog.render(code: parts[7], params: failure.params, locale: locale)
  return 0
}
