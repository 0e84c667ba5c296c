/// One entry of a zip archive, as read by ``ZipArchive/read(_:limits:)``.
package struct ZipEntry: Sendable, Hashable {
  /// The entry's name, checked and made absolute (`/sections/section0.svg`).
  package var name: PartName
  /// The decompressed data, its CRC-32 verified.
  package var data: [UInt8]
  /// How the data was stored in the archive.
  package var compression: ZipCompression
  /// The size of the data as stored in the archive, in bytes.
  package var compressedSize: Int
  /// The CRC-32 of ``data``, as recorded in the central directory.
  package var crc32: UInt32
  /// The size of the data, in bytes, whether or not it is loaded.
  package var size = 0
  /// Whether ``data`` holds the entry's data; an entry read without keeping it
  /// (``ZipArchive/withEntries(_:limits:keeping:_:)``) has empty data until it is read again.
  package var isLoaded = true
  /// The entry's index in its archive.
  package var archiveIndex = 0

  /// This entry as input to ``ZipArchive/write(_:)``, keeping its name, data and compression
  /// method.
  package var input: Input { Input(name: name, data: data, compression: compression) }

  /// One entry to write with ``ZipArchive/write(_:)``.
  package struct Input: Sendable, Hashable {
    /// The entry's name.
    package var name: PartName
    /// The uncompressed data.
    package var data: [UInt8]
    /// How to store the data.
    package var compression: ZipCompression

    /// Creates an entry to write.
    /// - Parameters:
    ///   - name: The entry's name.
    ///   - data: The uncompressed data.
    ///   - compression: How to store the data; Deflate at zlib's default level unless given.
    package init(name: PartName, data: [UInt8], compression: ZipCompression = .deflate(level: nil))
    {
      self.name = name
      self.data = data
      self.compression = compression
    }
  }
}
