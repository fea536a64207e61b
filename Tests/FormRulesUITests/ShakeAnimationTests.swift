import Testing

@testable import FormRulesUI

@Suite("ShakeAnimation")
struct ShakeAnimationTests {
  let shake = ShakeAnimation.standard

  @Test(
    "Samples at the keyframe times are exactly the keyframe offsets",
    arguments: [(0.0, 0.0), (0.2, 5.0), (0.3, -5.0), (0.4, 5.0), (0.5, -5.0), (0.6, 5.0), (0.8, 0.0)])
  func keyframeTimes(time: Double, offset: Double) {
    #expect(shake.offset(at: time) == offset)
  }

  @Test("The track lasts 0.8 s and rests outside it")
  func duration() {
    #expect(abs(shake.duration - 0.8) < 1e-12)
    #expect(shake.offset(at: -1) == 0)
    #expect(shake.offset(at: 2) == 0)
  }

  @Test("Between keyframes the curve is smooth and stays near the keyframes' range")
  func between() {
    // Rising from rest towards 5 in the first segment.
    let early = shake.offset(at: 0.05)
    let mid = shake.offset(at: 0.1)
    #expect(early > 0 && early < mid && mid < 5)
    // The crossing from 5 to −5 passes through 0 near the middle of the segment.
    #expect(abs(shake.offset(at: 0.25)) < 1)
    // Catmull-Rom overshoots a little (to about 5.14 just after 0.6 s), never wildly.
    let peak = (0...8000).map { abs(shake.offset(at: Double($0) / 10000)) }.max() ?? 0
    #expect(peak > 5 && peak < 5.2)
  }

  @Test("Sampling every 1/30 s ends exactly at the end of the track")
  func samples() {
    let frames = shake.samples(every: 1.0 / 30)
    #expect(frames.first?.offset == 0)
    #expect(frames.last?.time == shake.duration)
    #expect(frames.last?.offset == 0)
    #expect(frames.count == 25)
  }
}
