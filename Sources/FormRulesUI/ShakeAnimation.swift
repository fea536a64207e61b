/// The shake of a field after a failed submit, as data: a keyframe track any UI can play.
///
/// The track starts at offset 0 at time 0 and passes through 5, −5, 5, −5, 5 and back to 0
/// points, reached after 0.2, 0.1, 0.1, 0.1, 0.1 and 0.2 seconds. Between keyframes it moves
/// along a cubic Hermite curve with Catmull-Rom tangents (the slope at a keyframe is the
/// slope between its two neighbours, which also works for uneven spacing) and zero slope at
/// both ends, so the field starts and settles without a jolt. The curve passes exactly
/// through every keyframe; it overshoots a little between them, as a spring does.
///
/// ```swift
/// let shake = ShakeAnimation.standard
/// shake.offset(at: 0.2)      // 5.0
/// shake.offset(at: 0.3)      // -5.0
/// shake.duration             // 0.8
/// ```
public struct ShakeAnimation: Sendable, Equatable {
  /// A target offset and the time taken to reach it from the previous keyframe.
  public struct Keyframe: Sendable, Equatable {
    /// Points, positive to the right.
    public var offset: Double
    /// Seconds.
    public var duration: Double

    /// - Parameters:
    ///   - offset: the target offset in points, positive to the right.
    ///   - duration: the seconds taken to reach it.
    public init(offset: Double, duration: Double) {
      self.offset = offset
      self.duration = duration
    }
  }

  /// The keyframes in order, ending at offset 0.
  public let keyframes: [Keyframe]
  /// When each keyframe is reached, in seconds from the start.
  public let times: [Double]

  /// - Parameter keyframes: the keyframes in order; ``times`` is computed from their durations.
  public init(keyframes: [Keyframe]) {
    self.keyframes = keyframes
    var elapsed = 0.0
    times = keyframes.map { frame in
      elapsed += frame.duration
      return elapsed
    }
  }

  /// 5, −5, 5, −5, 5, 0 points over 0.2, 0.1, 0.1, 0.1, 0.1, 0.2 seconds.
  public static let standard = ShakeAnimation(
    keyframes: [
      Keyframe(offset: 5, duration: 0.2), Keyframe(offset: -5, duration: 0.1),
      Keyframe(offset: 5, duration: 0.1), Keyframe(offset: -5, duration: 0.1),
      Keyframe(offset: 5, duration: 0.1), Keyframe(offset: 0, duration: 0.2),
    ])

  /// The length of the whole track in seconds.
  public var duration: Double { times.last ?? 0 }

  /// The offset in points at `time` seconds: 0 before the start, the last keyframe's offset
  /// after the end, and exactly a keyframe's offset at its time.
  public func offset(at time: Double) -> Double {
    // The curve runs through (0, 0) and then every keyframe.
    let knots = [0.0] + times
    let values = [0.0] + keyframes.map(\.offset)
    guard let end = knots.last, knots.count > 1, time > 0 else { return 0 }
    guard time < end else { return values[values.count - 1] }
    // Summed durations are not exact in binary (0.2 + 0.1 ≠ 0.3), so a time within a
    // nanosecond of a keyframe gets the keyframe's exact value.
    if let hit = knots.firstIndex(where: { abs($0 - time) < 1e-9 }) { return values[hit] }
    guard let upper = knots.firstIndex(where: { $0 > time }) else { return values[values.count - 1] }
    let lower = upper - 1
    let span = knots[upper] - knots[lower]
    let s = (time - knots[lower]) / span
    let slopeLower = slope(at: lower, knots: knots, values: values)
    let slopeUpper = slope(at: upper, knots: knots, values: values)
    // Cubic Hermite basis on s ∈ [0, 1]; slopes are scaled from per-second to per-span.
    let s2 = s * s
    let s3 = s2 * s
    let h00 = 2 * s3 - 3 * s2 + 1
    let h10 = s3 - 2 * s2 + s
    let h01 = -2 * s3 + 3 * s2
    let h11 = s3 - s2
    return h00 * values[lower] + h10 * span * slopeLower + h01 * values[upper] + h11 * span * slopeUpper
  }

  /// Catmull-Rom slope at knot `i`; zero at both ends so the motion starts and stops at rest.
  private func slope(at i: Int, knots: [Double], values: [Double]) -> Double {
    guard i > 0, i < knots.count - 1 else { return 0 }
    return (values[i + 1] - values[i - 1]) / (knots[i + 1] - knots[i - 1])
  }

  /// Samples the track every `interval` seconds from 0 through the end, the last sample
  /// exactly at the end: the frames a UI without its own animation system plays.
  public func samples(every interval: Double) -> [(time: Double, offset: Double)] {
    guard interval > 0, duration > 0 else { return [(0, 0)] }
    let steps = Int((duration / interval).rounded(.up))
    return (0...steps).map { step in
      let time = min(Double(step) * interval, duration)
      return (time, offset(at: time))
    }
  }
}
