#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension WillDocument {
  /// Reads a document from `Data`, whatever the container (the `[UInt8]` reader, for apps
  /// that hold `Data`).
  /// - Parameters:
  ///   - data: An OPC package, a RIFF WILL file or a raw paths stream.
  ///   - limits: Bounds on sizes, parts and points.
  /// - Throws: ``WillError`` naming the part and byte offset of the first problem.
  public init(parsing data: Data, limits: DecodingLimits = .default) throws(WillError) {
    try limits.check(.fileBytes, data.count)
    try self.init(parsing: [UInt8](data), limits: limits)
  }

  /// The document's bytes in a container, as `Data`; see ``serialized(container:options:)``.
  public func serializedData(
    container: ContainerKind? = nil, options: WriteOptions = WriteOptions()
  ) throws(WillError) -> Data {
    Data(try serialized(container: container, options: options))
  }
}
