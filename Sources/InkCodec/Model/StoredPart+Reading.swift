extension StoredPart {
  init(_ entry: ZipEntry, package: InkPackage, relationship: Relationship?) {
    self.init(
      name: entry.name.description, contentType: package.contentType(of: entry.name),
      data: entry.data,
      relationship: relationship)
  }
}
