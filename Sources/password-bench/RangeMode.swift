import Dispatch
import FormRules
import FormRulesBreachRange
import Foundation

/// `password-bench range --url http://127.0.0.1:PORT/range/ [--count N]`: the wall time of one
/// `notBreached` range check through the policy (`await validate(_:checks:)`: SHA-1, one
/// `GET {url}{PREFIX}` with `Add-Padding: true` over the package's HTTP client, the scan of the
/// answer), one at a time, over `count` passwords: half planted in the generated file (hits),
/// half random (misses). Prints p50 / p99 / max in ms, and how many were breached, clean or
/// unavailable (any unavailable answer makes the run worthless, and says so).
func rangeMode(_ arguments: [String]) -> Never {
  var url = ""
  var count = 2_000
  var iterator = arguments.makeIterator()
  while let argument = iterator.next() {
    switch argument {
    case "--url": url = iterator.next() ?? url
    case "--count": count = iterator.next().flatMap(Int.init) ?? count
    default:
      FileHandle.standardError.write(Data("Error: unknown argument \(argument)\n".utf8))
      exit(2)
    }
  }
  let rules = """
    {"version": 1, "fields": {"password": {"sensitive": true, "rules": [
      {"notBreached": {"range": "\(url)", "timeout": 5}}]}}}
    """
  let policy: Policy
  do {
    policy = try RuleSet(data: Array(rules.utf8), registry: .standardWithBreachRange).compile()
  } catch {
    FileHandle.standardError.write(Data("Error: --url \(url): \(error)\n".utf8))
    exit(2)
  }
  var random = SplitMix64(state: 63)
  let hits = (0..<count / 2).map { "bench-known-\($0 % 2_000)" }
  let misses = (0..<count - count / 2).map { _ in randomPassword(length: 16, using: &random) }
  var inputs = hits + misses
  inputs.shuffle(using: &random)
  let done = DispatchSemaphore(value: 0)
  let work = inputs
  Task {
    for input in work.prefix(50) { _ = await policy.validate(["password": input], checks: []) }  // warm up
    var times: [Double] = []
    times.reserveCapacity(work.count)
    var breached = 0
    var clean = 0
    var unavailable = 0
    for input in work {
      let start = DispatchTime.now().uptimeNanoseconds
      let report = await policy.validate(["password": input], checks: [])
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      if !report.checksNotRun.isEmpty {
        unavailable += 1
      } else if report.isValid {
        clean += 1
      } else {
        breached += 1
      }
    }
    times.sort()
    let p = { (q: Double) in times[min(times.count - 1, Int(Double(times.count) * q))] }
    print(
      String(
        format: "range checks: %d (%d breached, %d clean, %d unavailable); ms per check p50 %.3f  p99 %.3f  max %.3f",
        times.count, breached, clean, unavailable, p(0.5), p(0.99), times[times.count - 1]))
    if unavailable > 0 { print("WARNING: some checks were unavailable; the figures are not a latency") }
    done.signal()
  }
  done.wait()
  exit(0)
}
