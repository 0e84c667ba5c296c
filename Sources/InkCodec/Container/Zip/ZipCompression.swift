/// How the data of a zip entry is stored.
package enum ZipCompression: Sendable, Hashable {
  /// Stored as is (method 0).
  case stored
  /// Deflate (method 8).
  ///
  /// When writing, `level` is zlib's compression level, 1 (fastest) to 9 (smallest), or `nil`
  /// for the zip writer's default, which is 9 (libzip takes "no level" as zlib's best, and the
  /// portable backend writes the same bytes). A zip archive does not record the level, so
  /// entries read from an archive always report `nil`.
  case deflate(level: Int?)
}
