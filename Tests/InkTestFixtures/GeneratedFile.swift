/// One file the generator writes, relative to the `SampleDocuments` folder.
public struct GeneratedFile: Sendable, Hashable {
  /// The path under `SampleDocuments/`, like `valid/handwriting-opc.will`.
  public var path: String
  /// The file's bytes.
  public var bytes: [UInt8]
}
