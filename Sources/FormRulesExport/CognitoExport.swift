import FormRules

/// Writes an Amazon Cognito user pool's `PasswordPolicy` (`PasswordPolicyType`), as
/// `aws cognito-idp update-user-pool --policies` and CloudFormation's
/// `AWS::Cognito::UserPool Policies` take it.
///
/// Documented limits (Cognito API Reference, `PasswordPolicyType`; Developer Guide,
/// "Adding user pool password requirements"): `MinimumLength` 6 to 99; passwords up to
/// 256 characters; the requirements count Basic Latin letters, digits and a fixed symbol
/// set (`^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` = + -` and a space
/// that is neither first nor last); a password may not start or end with white space.
///
/// Lengths are written so that no password the rules accept is refused, whether Cognito
/// counts code points or UTF-16 units; the `Require…` flags are never set, since the
/// rules count Unicode categories. What Cognito refuses and cannot be told to accept
/// (under 6, over 256, outer spaces) is reported in ``Export/stricter``.
enum CognitoExporter {
  static let format = "Cognito"
  /// `MinimumLength`'s documented range.
  static let minRange = 6...99
  /// The longest password Cognito accepts.
  static let maxLength = 256

  static func export(_ ruleSet: RuleSet, field name: String?) throws(ExportError) -> Export {
    let field = try IdentityProviderExport.passwordField(in: ruleSet, named: name, format: format)
    var notes: [ExportNote] = []
    var stricter: [ExportNote] = []
    var refusesOuterSpace = field.trim
    let lengths = IdentityProviderExport.lengths(
      of: field, counting: .codePointsOrUTF16, limits: ruleSet.limits, format: format, notes: &notes
    ) { node, rule in
      switch rule {
      case is Required: return nil  // Cognito never accepts an empty password.
      case let rule as Trimmed:
        // Cognito refuses outer white space itself: the rule and the provider agree.
        refusesOuterSpace = refusesOuterSpace || rule.isRequired
        return nil
      case is CharacterClasses:
        return IdentityProviderExport.asciiClasses(field, node, format: format, example: "A–Z, a–z, 0–9, ^$*.…")
      default:
        return field.note(node, "has no \(format) setting; not exported (the server checks it)")
      }
    }
    var minimum = lengths.min
    if minimum < minRange.lowerBound {
      stricter.append(
        IdentityProviderExport.stricter(
          field,
          "\(format) MinimumLength cannot be below \(minRange.lowerBound) (range \(minRange.lowerBound)–"
            + "\(minRange.upperBound)), but the rules accept passwords of \(minimum) characters; "
            + "raise minLength to \(minRange.lowerBound)"))
      minimum = minRange.lowerBound
    } else if minimum > minRange.upperBound {
      notes.append(
        field.note(
          "minimum \(minimum) is above MinimumLength's range \(minRange.lowerBound)–\(minRange.upperBound); "
            + "exported as \(minRange.upperBound) (the server checks the rest)"))
      minimum = minRange.upperBound
    }
    if lengths.hardMax > maxLength {
      stricter.append(
        IdentityProviderExport.stricter(
          field,
          "\(format) refuses passwords longer than \(maxLength) characters, but the rules accept up to "
            + "\(lengths.hardMax); add a maxLength of at most \(maxLength / 2) characters (or \(maxLength) in utf16)"))
    }
    if !refusesOuterSpace {
      stricter.append(
        IdentityProviderExport.stricter(
          field,
          "\(format) refuses passwords that start or end with white space, but the rules accept them; "
            + "add {\"trimmed\": true} (as an error) to the field's rules"))
    }
    notes += ExportCommonNotes.transforms(of: field, format: format)

    let text = """
      {
        "PasswordPolicy": {
          "MinimumLength": \(minimum),
          "RequireUppercase": false,
          "RequireLowercase": false,
          "RequireNumbers": false,
          "RequireSymbols": false
        }
      }

      """
    return Export(format: .cognito, text: text, notes: notes, stricter: stricter)
  }
}
