import ArgumentParser
import InkCodec

/// `--container opc|riff|raw` (`package` is another name for `opc`).
extension ContainerKind: ExpressibleByArgument {
  /// The container named `argument`: `package` or `opc`, `riff`, `raw`; nil for another word.
  public init?(argument: String) {
    if argument == "package" {
      self = .opc
    } else if let kind = ContainerKind(rawValue: argument) {
      self = kind
    } else {
      return nil
    }
  }

  /// The words `--help` lists.
  public static var allValueStrings: [String] { ["package", "opc", "riff", "raw"] }
}
