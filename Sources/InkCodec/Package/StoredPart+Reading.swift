extension StoredPart {
  init(_ entry: ZipEntry, package: InkPackage, relationship: Relationship?) throws(WillError) {
    self.init(
      name: entry.name.description, contentType: package.contentType(of: entry.name),
      data: try package.data(of: entry), relationship: relationship)
  }
}
