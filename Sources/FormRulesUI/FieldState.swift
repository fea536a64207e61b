/// What the user has done with one field so far; ``ErrorDisplayPolicy`` reads it.
public struct FieldState: Sendable, Equatable {
  /// The user changed the value at least once.
  public var isEdited: Bool
  /// The field had focus and lost it at least once.
  public var hasLostFocus: Bool
  /// A submit attempt happened after the field appeared.
  public var isSubmitted: Bool

  /// - Parameters:
  ///   - isEdited: the user changed the value at least once.
  ///   - hasLostFocus: the field had focus and lost it.
  ///   - isSubmitted: a submit attempt happened.
  public init(isEdited: Bool = false, hasLostFocus: Bool = false, isSubmitted: Bool = false) {
    self.isEdited = isEdited
    self.hasLostFocus = hasLostFocus
    self.isSubmitted = isSubmitted
  }

  /// Touched in the usual form sense: left once, or swept up by a submit attempt.
  public var isTouched: Bool { hasLostFocus || isSubmitted }
}
