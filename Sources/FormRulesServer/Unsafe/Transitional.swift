import FormRules

/// A view-taking door into `BatchStream.consume`, whose pointer-taking form goes with
/// FormRulesBulk's conversion to ``ByteView`` (issue 27, point 4). Delete this file when
/// `consume` takes a `ByteView` itself: the daemon's call then reaches it unchanged.
///
/// Why it is safe: the view's bytes are the caller's for the call, as before.
extension BatchStream {
  func consume(_ piece: ByteView) {
    piece.withUnsafeBytes { consume($0) }
  }
}
