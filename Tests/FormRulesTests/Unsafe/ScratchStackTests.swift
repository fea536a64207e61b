import Testing

@testable import FormRules

/// `ScratchStack` (issue 27, point 4): only what was pushed can be read, views of it share its
/// memory, and a read of an element not pushed, or a push beyond the capacity, stops the process.
@Suite("ScratchStack: a per-call stack, checked against what was pushed")
struct ScratchStackTests {
  @Test("pushes, reads back, writes in place, removes from the end")
  func pushAndRead() {
    let result = withScratchStack(of: Int.self, capacity: 5) { stack -> [Int] in
      #expect(stack.count == 0)
      #expect(stack.capacity == 5)
      for i in 0..<4 { stack.append(i * 10) }
      stack[1] += 1
      stack.removeLast(1)
      stack.append(7)
      return (0..<stack.count).map { stack[$0] }
    }
    #expect(result == [0, 11, 20, 7])
  }

  @Test("a view of pushed elements is indexed from 0 and writes through")
  func views() {
    withScratchStack(of: Int.self, capacity: 4) { stack in
      for i in 1...4 { stack.append(i) }
      let tail = stack.view(2..<4)
      #expect(tail.count == 2)
      #expect(tail[0] == 3)
      tail[1] = 40
      #expect(stack[3] == 40)
      #expect(stack.view(4..<4).count == 0)
    }
  }

  @Test("a capacity of 0 holds nothing")
  func empty() {
    withScratchStack(of: Int.self, capacity: 0) { stack in
      #expect(stack.count == 0)
      #expect(stack.view(0..<0).count == 0)
    }
  }

  @Test("reading an element not pushed (within the capacity) stops the process")
  func readUnpushed() async {
    await #expect(processExitsWith: .failure) {
      withScratchStack(of: Int.self, capacity: 4) { stack in
        stack.append(1)
        _ = stack[1]
      }
    }
    await #expect(processExitsWith: .failure) {
      withScratchStack(of: Int.self, capacity: 4) { stack in
        stack.append(1)
        stack.removeLast(1)
        _ = stack[0]
      }
    }
  }

  @Test("a push beyond the capacity, a view beyond the count, removing too many stop the process")
  func overruns() async {
    await #expect(processExitsWith: .failure) {
      withScratchStack(of: Int.self, capacity: 1) { stack in
        stack.append(1)
        stack.append(2)
      }
    }
    await #expect(processExitsWith: .failure) {
      withScratchStack(of: Int.self, capacity: 4) { stack in
        stack.append(1)
        _ = stack.view(0..<2)
      }
    }
    await #expect(processExitsWith: .failure) {
      withScratchStack(of: Int.self, capacity: 4) { stack in
        stack.append(1)
        stack.removeLast(2)
      }
    }
  }
}
