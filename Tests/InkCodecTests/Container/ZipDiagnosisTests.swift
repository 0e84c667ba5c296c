import InkCodec
import Testing

/// libzip's "Not a zip archive" (19) and "Zip archive inconsistent" (21) come with the fault
/// found in the bytes and the entry at fault.
@Suite struct ZipDiagnosisTests {
  /// Two stored entries: `a.svg` (100 bytes), then `b.bin` (50 bytes).
  static func archive() throws -> [UInt8] {
    try ZipArchive.write([
      ZipEntry.Input(
        name: try PartName("a.svg"), data: Array(repeating: 0x61, count: 100),
        compression: .stored),
      ZipEntry.Input(
        name: try PartName("b.bin"), data: Array(repeating: 0x62, count: 50),
        compression: .stored),
    ])
  }

  /// Where the end of central directory record starts.
  static func endRecord(_ bytes: [UInt8]) -> Int { bytes.count - 22 }

  static func diagnosis(_ bytes: [UInt8]) -> ZipDiagnosis? {
    bytes.withUnsafeBytes { ZipDiagnosis.diagnose($0) }
  }

  /// The error reading `bytes` through `backend` gives: a libzip 19 or 21 with the diagnosis
  /// appended.
  static func readError(_ bytes: [UInt8], _ backend: ZipArchive.Backend) -> WillError? {
    do {
      _ = try ZipArchive.read(bytes, backend: backend)
      return nil
    } catch {
      return error
    }
  }

  @Test func anIntactArchiveHasNoFault() throws {
    #expect(Self.diagnosis(try Self.archive()) == nil)
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func aCutEntryIsNamed(_ backend: ZipArchive.Backend) throws {
    let archive = try Self.archive()
    // b.bin's data starts after two local headers (30 + 5 bytes each) and a.svg's 100 bytes.
    let cut = Array(archive.prefix(35 + 100 + 35 + 30))
    let error = try #require(Self.readError(cut, backend))
    #expect(error.part == "/b.bin")
    guard case .zip(let code, let message) = error.kind else {
      Issue.record("\(error)")
      return
    }
    #expect([19, 21].contains(code))
    #expect(
      message.hasSuffix(
        ": the end of the zip (its central directory) is missing, and only 30 of this entry's "
          + "50 stored bytes are there: the file is cut short"), "\(message)")
  }

  @Test func aCutCentralDirectoryIsSaid() throws {
    let archive = try Self.archive()
    let fault = Self.diagnosis(Array(archive.dropLast(30)))?.fault ?? ""
    #expect(fault.contains("the file stops in the central directory"), "\(fault)")
  }

  @Test func bytesAfterTheEndRecord() throws {
    let fault = Self.diagnosis(try Self.archive() + [1, 2, 3])?.fault ?? ""
    #expect(fault.hasPrefix("3 bytes follow the end of central directory record"), "\(fault)")
  }

  @Test func theEntryCountDisagrees() throws {
    var archive = try Self.archive()
    let end = Self.endRecord(archive)
    archive[end + 8] += 1
    archive[end + 10] += 1
    #expect(
      Self.diagnosis(archive)?.fault
        == "the end record counts 3 entries, the central directory holds 2")
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func bytesRemovedBeforeTheCentralDirectory(_ backend: ZipArchive.Backend) throws {
    var archive = try Self.archive()
    archive.removeSubrange(40..<50)
    let error = try #require(Self.readError(archive, backend))
    #expect(error.description.contains("10 bytes were removed from the file before it"), "\(error)")
  }

  @Test func aLocalHeaderThatDisagreesNamesItsEntry() throws {
    var archive = try Self.archive()
    archive[30] = UInt8(ascii: "x")  // The first local header's name: a.svg → x.svg.
    let diagnosis = try #require(Self.diagnosis(archive))
    #expect(diagnosis.part == "/a.svg")
    #expect(diagnosis.fault == "this entry's local header at 0x0 names x.svg instead")
  }

  @Test func aDamagedCentralRecord() throws {
    var archive = try Self.archive()
    archive[35 + 100 + 35 + 50] = 0  // The first central directory record's signature.
    #expect(Self.diagnosis(archive)?.fault == "central directory record 0 at 0xDC is damaged")
  }

  @Test(arguments: ZipArchive.Backend.allCases)
  func bytesThatAreNoZipKeepLibzipsMessage(_ backend: ZipArchive.Backend) throws {
    #expect(Self.diagnosis(Array("not a zip at all".utf8)) == nil)
    #expect(
      Self.readError([0x50, 0x4B, 0x03], backend)?.kind
        == .zip(code: 19, message: "Not a zip archive"))
  }
}
