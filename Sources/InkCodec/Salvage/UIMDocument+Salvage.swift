extension UIMDocument {
  /// Recovers what can be shown to be intact from a damaged UIM file, inventing nothing.
  ///
  /// The container is read by its chunk sizes, a chunk cut by the end of the file kept as far
  /// as it goes and descriptors paired with the chunks there are. Every chunk that parses whole
  /// is kept; of an `INKD` that does not, the strokes before the first damaged one (the style
  /// tables after them are lost with the rest, so strokes keep no style reference a lost table
  /// would resolve); any other damaged chunk is dropped. A main tree loses the nodes of strokes
  /// no longer there (a tree that is not one is dropped); views that name them are dropped.
  ///
  /// What is kept is made readable by Wacom's tools, and the report counts only what they
  /// show: a stroke whose style tables are lost gets ``UIMSalvageReport/defaultStyle`` (black,
  /// size 1, a round brush added to the brushes), and strokes without a main tree get one (a
  /// root group holding every stroke in file order), because Wacom's `UIMParser` lists only
  /// the strokes the main tree reaches. ``UIMSalvageReport/recoveredStrokes`` counts the
  /// strokes the main tree reaches whose style is not fully transparent; the notes name every
  /// stroke given the default style and every stroke kept but not counted. The report lists
  /// every damaged and lost chunk.
  /// - Throws: ``WillErrorKind/malformedRIFF(_:)`` when the bytes are not a UIM file at all,
  ///   ``WillErrorKind/malformedUIM(_:)`` when it has no HEAD chunk or ends inside it (then
  ///   it holds no other chunk), ``WillErrorKind/unsupported(_:)`` for another version.
  public init(
    salvaging bytes: [UInt8], limits: DecodingLimits = .default, report: inout UIMSalvageReport
  )
    throws(WillError)
  {
    do {
      self = try UIMDocument(parsing: bytes, limits: limits)
      report = UIMSalvageReport()
      report.recoveredStrokes = inkData.strokes.count
      return
    } catch {
      report = UIMSalvageReport()
      report.wasIntact = false
      report.notes.append("reading stopped: \(error.description)")
    }
    guard UIMFile.sniff(bytes) else {
      throw WillError(.malformedRIFF("no RIFF/UINK header"), offset: 0)
    }
    self.init()
    let chunks = Self.salvageChunks(bytes, report: &report)
    guard let head = chunks.first, head.id == "HEAD", head.data.count >= 3 else {
      throw WillError(.malformedUIM("no HEAD chunk"), offset: 12)
    }
    // HEAD comes first: a file that ends inside it holds no other chunk, nothing to salvage.
    if let cut = report.damagedChunks.first(where: { $0.hasPrefix("HEAD:") }) {
      throw WillError(
        .malformedUIM(
          "the file ends inside its HEAD chunk (\(cut.dropFirst(6))): no chunk to salvage"),
        offset: 12)
    }
    version = Array(head.data[0..<3])
    guard UIMFile.supportedVersions.contains(version) else {
      throw WillError(
        .unsupported("UIM version \(version.map(String.init).joined(separator: "."))"))
    }
    if version == [3, 0, 0] {
      // One message: all or nothing.
      if let data = chunks.first(where: { $0.id == "DATA" }),
        let read = try? UIMDocument(
          file: UIMFile(
            version: version, chunks: [UIMChunk(id: "DATA", descriptor: nil, payload: data.data)]),
          limits: limits)
      {
        self = read
      } else {
        report.lostChunks.append("DATA: the UIM 3.0.0 message does not parse")
      }
      makeShowable(report: &report)
      return
    }
    let descriptors = stride(from: 4, to: head.data.count - 7, by: 8).map {
      UIMChunkDescriptor(bytes: Array(head.data[$0..<($0 + 8)]))
    }
    for (index, chunk) in chunks.dropFirst().enumerated() {
      let descriptor = index < descriptors.count ? descriptors[index] : UIMChunkDescriptor()
      var payload = chunk.data
      if descriptor.compression != .uncompressed {
        // A compressed chunk reads whole or not at all.
        guard descriptor.compression != .lzma || LZMA.isAvailable else {
          report.lostChunks.append("\(chunk.id): LZMA-compressed, and \(LZMA.unavailableReason)")
          continue
        }
        var inflated = Zlib.Inflated.malformed
        if descriptor.compression == .zip {
          inflated = Zlib.decompress(chunk.data, limit: limits.maxPartBytes)
        } else {
          #if LZMA && os(Linux)
            inflated = LZMA.decompress(chunk.data, limit: limits.maxPartBytes)
          #endif
        }
        guard case .complete(let bytes) = inflated else {
          report.lostChunks.append("\(chunk.id): its compressed data does not inflate")
          continue
        }
        payload = bytes
      }
      var candidate = UIMChunk(id: chunk.id, descriptor: descriptor, payload: payload)
      candidate.idBytes = Array(chunk.id.utf8.prefix(4))
      if let read = try? UIMDocument(file: UIMFile(chunks: [candidate]), limits: limits) {
        merge(read, chunk: candidate)
        if chunk.cut {
          report.damagedChunks.append("\(chunk.id): cut short, but its message parses")
        }
        continue
      }
      if chunk.id == "INKD" {
        salvageInkData(candidate.payload, limits: limits, report: &report)
      } else {
        report.lostChunks.append("\(chunk.id): its message does not parse")
      }
    }
    dropDanglingReferences(report: &report)
    makeShowable(report: &report)
  }

  /// A chunk as far as the file holds it.
  private struct SalvagedChunk {
    var id: String
    var data: [UInt8]
    var cut: Bool
  }

  private static func salvageChunks(_ bytes: [UInt8], report: inout UIMSalvageReport)
    -> [SalvagedChunk]
  {
    var chunks: [SalvagedChunk] = []
    var position = 12
    while position + 8 <= bytes.count {
      let id = String(decoding: bytes[position..<(position + 4)], as: UTF8.self)
      var size = 0
      for shift in 0..<4 { size |= Int(bytes[position + 4 + shift]) << (8 * shift) }
      let start = position + 8
      let end = min(bytes.count, start + size)
      let cut = end < start + size
      if cut {
        report.damagedChunks.append("\(id): \(size) bytes declared, \(end - start) present")
      }
      chunks.append(SalvagedChunk(id: id, data: Array(bytes[start..<end]), cut: cut))
      position = start + size + (size % 2)
      if chunks.count > 10_000 { break }
    }
    return chunks
  }

  private mutating func merge(_ other: UIMDocument, chunk: UIMChunk) {
    switch chunk.id {
    case "PRPS":
      properties = other.properties
      propertiesUnknownFields = other.propertiesUnknownFields
    case "INPT": inputData = other.inputData
    case "BRSH": brushes = other.brushes
    case "INKD": inkData = other.inkData
    case "KNWG":
      knowledgeGraph = other.knowledgeGraph
      knowledgeGraphUnknownFields = other.knowledgeGraphUnknownFields
    case "INKS": structure = other.structure
    default: break
    }
    var placeholder = chunk
    if Self.chunkOrder.contains(chunk.id) { placeholder.payload = [] }
    chunkLayout.append(placeholder)
  }

  /// The strokes of a damaged `INKD` before the first that does not parse.
  private mutating func salvageInkData(
    _ payload: [UInt8], limits: DecodingLimits, report: inout UIMSalvageReport
  ) {
    var strokes: [UIMStroke] = []
    var totalPoints = 0
    var stop = ""
    payload.withUnsafeBytes { raw in
      var reader = MessageReader(WireReader(raw))
      reader.budget = MessageBudget(uim: limits)
      while true {
        do throws(WillError) {
          guard let tag = try reader.next() else { break }
          guard tag.fieldNumber == 1 else {
            try reader.keepUnknown()
            continue
          }
          guard strokes.count < limits.maxStrokes else {
            stop = "the stroke limit"
            break
          }
          var message = try reader.message("InkData.strokes")
          let stroke = try UIMStroke(reading: &message, limits: limits)
          totalPoints += stroke.pointCount
          guard totalPoints <= limits.maxTotalPoints else {
            stop = "the point limit"
            break
          }
          strokes.append(stroke)
        } catch {
          stop = error.description
          break
        }
      }
    }
    inkData = UIMInkData(strokes: strokes)
    chunkLayout.append(UIMChunk(id: "INKD", payload: []))
    report.damagedChunks.append(
      "INKD: \(strokes.count) strokes kept, then \(stop.isEmpty ? "the end" : stop); the style tables are lost"
    )
  }

  /// Style references into tables that are gone, and trees naming strokes that are gone.
  private mutating func dropDanglingReferences(report: inout UIMSalvageReport) {
    var cleared = 0
    for index in inkData.strokes.indices {
      var stroke = inkData.strokes[index]
      if case .index(let i) = stroke.properties, i > inkData.properties.count {
        stroke.properties = .none
      }
      if case .index(let i) = stroke.brushURI, i > inkData.brushURIs.count {
        stroke.brushURI = .none
      }
      if case .index(let i) = stroke.renderModeURI, i > inkData.renderModeURIs.count {
        stroke.renderModeURI = .none
      }
      if stroke != inkData.strokes[index] {
        cleared += 1
        inkData.strokes[index] = stroke
      }
    }
    if cleared > 0 {
      report.notes.append("\(cleared) strokes lost style references into lost tables")
    }
    let count = inkData.strokes.count
    func intact(_ tree: UIMInkTree) -> Bool {
      (try? tree.parents()) != nil && tree.strokeIndices.allSatisfy { $0 < count }
    }
    if var tree = structure.mainTree {
      if (try? tree.parents()) == nil {
        structure.mainTree = nil
        report.notes.append("the main ink tree is not a tree: dropped")
      } else {
        // A stroke node is a leaf: removing it leaves every other node's parent in place.
        let nodes = tree.nodes.count
        tree.nodes.removeAll {
          if case .stroke(let index) = $0.content { Int(index) >= count } else { false }
        }
        if tree.nodes.count < nodes {
          structure.mainTree = tree
          report.notes.append(
            "the main ink tree named \(nodes - tree.nodes.count) lost strokes: their nodes dropped")
        }
      }
    }
    let views = structure.views.count
    structure.views.removeAll { !intact($0) }
    if structure.views.count < views {
      report.notes.append("\(views - structure.views.count) views name lost strokes: dropped")
    }
  }

  /// The group that roots the main tree salvage makes: `77696c6c-7361-6c76-6167-650000000000`
  /// ("willsalvage").
  static let salvageRoot = UIMIdentifier(
    uuidBytes: Array("willsalvage".utf8) + [UInt8](repeating: 0, count: 5))

  /// Gives strokes without a style the default style, strokes without a main tree one, and
  /// counts the strokes Wacom's parser shows.
  private mutating func makeShowable(report: inout UIMSalvageReport) {
    let unstyled = inkData.strokes.indices.filter {
      inkData.strokes[$0].properties == .none || inkData.strokes[$0].brushURI == .none
    }
    if !unstyled.isEmpty {
      let style = UIMSalvageReport.defaultStyle
      inkData.properties.append(
        UIMPathPointProperties(color: Int32(bitPattern: style.color.rgba), size: style.size))
      let properties = UInt32(inkData.properties.count)
      if !inkData.brushURIs.contains(style.brush) { inkData.brushURIs.append(style.brush) }
      let brush = UInt32(inkData.brushURIs.firstIndex(of: style.brush)! + 1)
      if !brushes.vectorBrushes.contains(where: { $0.name == style.brush }) {
        brushes.vectorBrushes.append(.circle(named: style.brush))
      }
      for index in unstyled {
        if inkData.strokes[index].properties == .none {
          inkData.strokes[index].properties = .index(properties)
        }
        if inkData.strokes[index].brushURI == .none {
          inkData.strokes[index].brushURI = .index(brush)
        }
      }
      report.defaultStyleStrokes = unstyled.count
      report.notes.append(
        "\(unstyled.count) strokes without a style (their style tables are lost) drawn with "
          + style.description)
    }
    if structure.mainTree == nil, !inkData.strokes.isEmpty {
      var nodes = [UIMNode(depth: 0, content: .group(Self.salvageRoot))]
      for index in inkData.strokes.indices {
        nodes.append(UIMNode(depth: 1, content: .stroke(UInt32(index))))
      }
      structure.mainTree = UIMInkTree(nodes: nodes)
      report.notes.append(
        "the main ink tree is lost: a new one holds the \(inkData.strokes.count) strokes in file order"
      )
    }
    // What Wacom's parser lists: each stroke the main tree reaches, once.
    var reached = [Bool](repeating: false, count: inkData.strokes.count)
    for index in structure.mainTree?.strokeIndices ?? [] where index < reached.count {
      reached[index] = true
    }
    var shown = 0
    var transparent = 0
    for (index, stroke) in inkData.strokes.enumerated() where reached[index] {
      if isTransparent(stroke) { transparent += 1 } else { shown += 1 }
    }
    let outside = reached.count - reached.filter { $0 }.count
    if outside > 0 {
      report.notes.append(
        "\(outside) strokes outside the main ink tree kept but not counted (Wacom's parser does "
          + "not list them)")
    }
    if transparent > 0 {
      report.notes.append(
        "\(transparent) strokes whose style is fully transparent kept but not counted")
    }
    report.recoveredStrokes = shown
  }

  /// Whether `stroke` draws nothing: its alpha channel is 0 at every point, or it has none
  /// and its style's alpha is 0.
  private func isTransparent(_ stroke: UIMStroke) -> Bool {
    if stroke.storedChannels.contains(.alpha) {
      return stroke[.alpha].allSatisfy { !($0 > 0) }
    }
    guard let properties = inkData.properties(of: stroke) else { return true }
    return properties.color & 0xFF == 0
  }
}
