#if canImport(SwiftUI)
  import FormRulesUI
  import SwiftUI

  /// Shakes a view sideways along `ShakeAnimation.standard` whenever `trigger` changes.
  ///
  /// The offset is sampled from the model's own track (5, −5, 5, −5, 5, 0 points over
  /// 0.8 s, Catmull-Rom), so the phone and the terminal form shake the same way. The
  /// trigger is `FormModel.shakeTrigger`, a counter, so two failures in a row shake twice.
  struct ShakeModifier: ViewModifier {
    var trigger: Int
    var animation = ShakeAnimation.standard
    @State private var start: Date?
    /// Reduce Motion: nothing moves (focus still goes where the model says).
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    func body(content: Content) -> some View {
      TimelineView(.animation(paused: start == nil)) { context in
        content.offset(x: offset(at: context.date))
      }
      .task(id: trigger) {
        guard trigger != 0, !reduceMotion else { return }
        start = .now
        do {
          try await Task.sleep(for: .seconds(animation.duration))
          start = nil
        } catch {
          // Cancelled by a newer failure, whose task owns `start` now.
        }
      }
    }

    private func offset(at date: Date) -> CGFloat {
      guard let start else { return 0 }
      return CGFloat(animation.offset(at: date.timeIntervalSince(start)))
    }
  }

  extension View {
    /// Shakes the view along `ShakeAnimation.standard` each time `trigger` changes.
    func shake(trigger: Int) -> some View {
      modifier(ShakeModifier(trigger: trigger))
    }
  }
#endif
