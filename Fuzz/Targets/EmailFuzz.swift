// libFuzzer target: the email syntax checker on hostile bytes, under every profile and option.
// Beyond "no crash", the byte and String entry points must agree whenever the bytes are UTF-8.

@_cdecl("LLVMFuzzerTestOneInput")
public func emailFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  // The first byte picks the profile and options; the rest is the address.
  let selector = data[0]
  let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
  var syntax = EmailSyntax(profile: EmailSyntax.Profile.allCases[Int(selector % 3)])
  if selector & 0x04 != 0 { syntax.allowQuotedLocalPart.toggle() }
  if selector & 0x08 != 0 { syntax.allowDomainLiteral.toggle() }
  if selector & 0x10 != 0 { syntax.allowUnicode.toggle() }
  let fromBytes = syntax.check(utf8: bytes)
  if let text = String(validating: bytes, as: UTF8.self) {
    let fromString = syntax.check(text)
    precondition(fromString == fromBytes, "check(String) and check(utf8:) disagree")
  } else {
    precondition(fromBytes != nil, "bytes that are not UTF-8 were accepted")
  }
  return 0
}
