import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `posix_spawn(3)` from a `[String]` argument list.
enum Spawn {
  /// Starts `command[0]` (a path) with arguments `command`, this process's environment and
  /// `actions`; 0 and the child in `pid`, or an error number, as `posix_spawn`.
  ///
  /// Why it is safe: `argv` holds a `strdup` copy of each argument and a final nil, as C wants;
  /// the copies live until the call has returned (the child has its own by then) and are freed
  /// once.
  static func start(_ command: [String], actions: inout posix_spawn_file_actions_t, pid: inout pid_t) -> Int32 {
    var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    return posix_spawn(&pid, command[0], &actions, nil, &argv, environ)
  }
}
