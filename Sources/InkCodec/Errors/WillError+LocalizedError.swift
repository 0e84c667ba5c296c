#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension WillError: LocalizedError {
  /// The error with its location, as ``description`` gives it: what `localizedDescription`
  /// shows in an app's alert.
  public var errorDescription: String? { description }

  /// What the user can do, for the errors where there is something: raise a limit, salvage a
  /// damaged file, or pick a page.
  public var recoverySuggestion: String? {
    switch kind {
    case .limitExceeded: "The file is larger than the limits allow; raise the limit to read it."
    case .notAWillFile: "The file is not a WILL document."
    case .emptyFile: "The file is empty."
    case .unsupported: nil
    default:
      category == .format ? "The file is damaged; salvage can recover its intact strokes." : nil
    }
  }
}
