import Glibc

/// What a crash signal's handler needs to give the terminal back: it runs in the handler
/// itself (a crash cannot wait for the input loop), using only `write` and `tcsetattr`, which
/// are async-signal-safe.
nonisolated(unsafe) private var crashFD: Int32 = -1
/// On the heap, never a global `termios`: Swift 6.3.1 emits such a global with 57 bytes of
/// storage (AddressSanitizer's global metadata) while a `termios` is 60, so storing one wrote
/// 3 bytes past it (ASan: global-buffer-overflow in `arm`, every `validate form` under ASan).
///
/// Why it is safe: allocated and initialized once and never freed, so a handler may read it at
/// any time; `arm` writes it before it sets `crashFD`, which the handler checks first.
nonisolated(unsafe) private let crashSettings: UnsafeMutablePointer<termios> = {
  let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  pointer.initialize(to: termios())
  return pointer
}()

enum CrashRestore {
  /// The signals that end the process where they happen; each is raised again, with its
  /// default action, once the terminal is restored.
  static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTRAP, SIGSYS]

  static func arm(fd: Int32, settings: termios) {
    crashSettings.pointee = settings
    crashFD = fd
    for number in signals {
      _ = signal(number) { received in
        if crashFD >= 0 {
          let reset: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
          _ = Glibc.write(crashFD, reset.utf8Start, reset.utf8CodeUnitCount)
          _ = tcsetattr(crashFD, TCSADRAIN, crashSettings)
        }
        _ = signal(received, SIG_DFL)
        _ = raise(received)
      }
    }
  }

  static func disarm() {
    crashFD = -1
    for number in signals { _ = signal(number, SIG_DFL) }
  }
}
