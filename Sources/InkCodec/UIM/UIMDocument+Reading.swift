extension UIMDocument {
  /// Parses a UIM file, version 3.0.0 or 3.1.0.
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - limits: Bounds on the file, its chunks, strokes, points and tree nodes.
  /// - Throws: A ``WillError`` naming the chunk (`INKD`, `DATA`, …), the byte offset within
  ///   its payload and, for a stroke, its index.
  public init(parsing bytes: [UInt8], limits: DecodingLimits = .default) throws(WillError) {
    try self.init(file: try UIMFile(parsing: bytes, limits: limits), limits: limits)
  }

  /// Reads the messages of a parsed container.
  /// - Parameters:
  ///   - file: The container.
  ///   - limits: Bounds on strokes, points and tree nodes.
  public init(file: UIMFile, limits: DecodingLimits = .default) throws(WillError) {
    self.init()
    version = file.version
    let budget = MessageBudget(uim: limits)
    if file.version == [3, 0, 0] {
      guard let data = file.chunks.first(where: { $0.id == "DATA" }) else {
        throw WillError(.malformedUIM("UIM 3.0.0 file without a DATA chunk"))
      }
      try Self.parse(data, budget) { (r) throws(WillError) in
        try self.readInkObject(&r, limits: limits)
      }
      try checkReferences()
      return
    }
    var seen: Set<String> = []
    for chunk in file.chunks {
      var placeholder = chunk
      let known = Self.chunkOrder.contains(chunk.id) && chunk.descriptor?.isProtobuf310 == true
      if known {
        guard seen.insert(chunk.id).inserted else {
          throw WillError(.malformedUIM("a second \(chunk.id) chunk"), part: chunk.id)
        }
        placeholder.payload = []
        try Self.parse(chunk, budget) { (r) throws(WillError) in
          try self.read(chunk.id, &r, limits: limits)
        }
      }
      chunkLayout.append(placeholder)
    }
    try checkReferences()
  }

  private static func parse(
    _ chunk: UIMChunk, _ budget: MessageBudget,
    _ body: (inout MessageReader) throws(WillError) -> Void
  )
    throws(WillError)
  {
    do {
      try chunk.payload.withWireBytes { (raw) throws(WillError) in
        var reader = MessageReader(WireReader(raw))
        reader.budget = budget
        try body(&reader)
      }
    } catch {
      throw error.located(part: chunk.id)
    }
  }

  private mutating func read(_ id: String, _ r: inout MessageReader, limits: DecodingLimits)
    throws(WillError)
  {
    switch id {
    case "PRPS":
      while let tag = try r.next() {
        if tag.fieldNumber == 1 {
          properties.append(try UIMProperty.readList(&r, "Properties.properties"))
        } else {
          try r.keepUnknown()
        }
      }
      propertiesUnknownFields = r.unknown
    case "INPT": inputData = try UIMInputData(reading: &r, legacy: false, limits: limits)
    case "BRSH": brushes = try UIMBrushes(reading: &r)
    case "INKD": inkData = try UIMInkData(reading: &r, limits: limits)
    case "KNWG":
      knowledgeGraph = try Self.readTriples(&r, limits: limits)
      knowledgeGraphUnknownFields = r.unknown
    case "INKS": structure = try UIMInkStructure(reading: &r, limits: limits)
    default: break
    }
  }

  static func readTriples(_ r: inout MessageReader, limits: DecodingLimits) throws(WillError)
    -> [UIMTriple]
  {
    var triples: [UIMTriple] = []
    while let tag = try r.next() {
      if tag.fieldNumber == 1 {
        try limits.check(.elements, triples.count + 1, offset: r.fieldOffset)
        var m = try r.message("TripleStore.statements")
        triples.append(try UIMTriple(reading: &m))
      } else {
        try r.keepUnknown()
      }
    }
    return triples
  }
}
