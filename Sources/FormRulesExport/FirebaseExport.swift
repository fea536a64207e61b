import FormRules

/// Writes the Firebase Authentication / Google Identity Platform password policy: the
/// `passwordPolicyConfig` of the Admin API's project (or tenant) config, as
/// `PATCH …/admin/v2/projects/PROJECT/config?updateMask=passwordPolicyConfig` takes it.
///
/// Documented limits (Identity Platform, "Enable, disable, and use password policies"):
/// `minPasswordLength` 6 to 30 (default 6), `maxPasswordLength` at most 4096; the
/// character requirements count ASCII `a–z`, `A–Z`, `0–9` and a fixed list of
/// non-alphanumeric characters. Firebase refuses passwords under 6 characters even with
/// no policy (`WEAK_PASSWORD`).
///
/// Lengths are written so that no password the rules accept is refused, whether the
/// service counts code points or UTF-16 units. Character requirements are never written:
/// the rules count Unicode categories (`é` is lower), Firebase only ASCII.
/// `forceUpgradeOnSignin` is `false`: forcing it would lock out existing users whose
/// passwords predate the policy, which the rules do not ask for.
enum FirebaseExporter {
  static let format = "Firebase"
  /// `minPasswordLength`'s documented range.
  static let minRange = 6...30
  /// `maxPasswordLength`'s documented ceiling.
  static let maxCeiling = 4096

  static func export(_ ruleSet: RuleSet, field name: String?) throws(ExportError) -> Export {
    let field = try IdentityProviderExport.passwordField(in: ruleSet, named: name, format: format)
    var notes: [ExportNote] = []
    var stricter: [ExportNote] = []
    let lengths = IdentityProviderExport.lengths(
      of: field, counting: .codePointsOrUTF16, limits: ruleSet.limits, format: format, notes: &notes
    ) { node, rule in
      switch rule {
      case is Required: return nil  // Firebase never accepts an empty password.
      case is CharacterClasses:
        return IdentityProviderExport.asciiClasses(field, node, format: format, example: "a–z, A–Z, 0–9, ^$*.…")
      default:
        return field.note(node, "has no \(format) setting; not exported (the server checks it)")
      }
    }
    var minimum = lengths.min
    if minimum < minRange.lowerBound {
      stricter.append(
        IdentityProviderExport.stricter(
          field,
          "\(format) refuses passwords shorter than \(minRange.lowerBound) characters and cannot be configured lower "
            + "(minPasswordLength \(minRange.lowerBound)–\(minRange.upperBound)), but the rules accept "
            + "\(minimum == minRange.lowerBound - 1 ? "\(minimum)" : "\(minimum)–\(minRange.lowerBound - 1)") characters; "
            + "raise minLength to \(minRange.lowerBound)"))
      minimum = minRange.lowerBound
    } else if minimum > minRange.upperBound {
      notes.append(
        field.note(
          "minimum \(minimum) is above minPasswordLength's range \(minRange.lowerBound)–\(minRange.upperBound); "
            + "exported as \(minRange.upperBound) (the server checks the rest)"))
      minimum = minRange.upperBound
    }
    var maximum = lengths.max
    if lengths.hardMax > maxCeiling {
      stricter.append(
        IdentityProviderExport.stricter(
          field,
          "\(format) refuses passwords longer than \(maxCeiling) characters, but the rules accept up to "
            + "\(lengths.hardMax); add a maxLength of at most \(maxCeiling) (in utf16 or utf8)"))
      maximum = maxCeiling
    } else if let max = maximum, max > maxCeiling {
      maximum = nil
    }
    notes += ExportCommonNotes.transforms(of: field, format: format)

    var options = [("minPasswordLength", String(minimum))]
    if let maximum { options.append(("maxPasswordLength", String(maximum))) }
    for name in [
      "containsLowercaseCharacter", "containsUppercaseCharacter", "containsNumericCharacter",
      "containsNonAlphanumericCharacter",
    ] {
      options.append((name, "false"))
    }
    let body = options.map { "          \"\($0.0)\": \($0.1)" }.joined(separator: ",\n")
    let text = """
      {
        "passwordPolicyConfig": {
          "passwordPolicyEnforcementState": "ENFORCE",
          "forceUpgradeOnSignin": false,
          "passwordPolicyVersions": [
            {
              "customStrengthOptions": {
      \(body)
              }
            }
          ]
        }
      }

      """
    return Export(format: .firebase, text: text, notes: notes, stricter: stricter)
  }
}
