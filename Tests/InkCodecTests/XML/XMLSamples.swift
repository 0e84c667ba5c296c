/// XML parts in the shapes real producers write (WILL-FORMAT.md §2.2–2.5). Where the format
/// reference shows only a fragment, the surrounding elements are filled in the same style.
enum XMLSamples {
  static let relationshipsNamespace = "http://schemas.willfileformat.org/2015/relationships"

  /// Spark app `sections/section.svg`: no declaration, tabs, nested identity `<g>`.
  static let sparkSVG = """
    <svg height="1188" width="864" xmlns="http://www.w3.org/2000/svg" xmlns:r="http://schemas.willfileformat.org/2015/relationships">
    \t<rect fill="#FFFF00" height="1188" width="864" x="0" y="0"/>
    \t<g transform="matrix(1 0 0 1 0 0)">
    \t\t<g r:id="rId0" transform="matrix(1 0 0 1 0 0)"/>
    \t</g>
    </svg>
    """

  /// Android SDK writer `section0.svg`: everything on one line.
  static let androidSVG =
    #"<?xml version="1.0" encoding="UTF-8"?><svg xmlns="http://www.w3.org/2000/svg" "#
    + #"xmlns:r="http://schemas.willfileformat.org/2015/relationships" width="592.0" "#
    + ##"height="864.0"><rect fill="#FFFFFF" fill-opacity="1.0" x="0.0" y="0.0" "##
    + #"width="592.0" height="864.0"/><g transform="matrix(1.0 0.0 0.0 1.0 0.0 0.0)">"#
    + #"<g r:id="image0"/></g></svg>"#

  /// Cloud conversion landscape `section0.svg`: `<view>`, a rotation, two-space indents.
  static let cloudLandscapeSVG = """
    <?xml version="1.0" encoding="utf-8"?>
    <svg width="1188" height="864" xmlns="http://www.w3.org/2000/svg" xmlns:r="http://schemas.willfileformat.org/2015/relationships">
      <view viewTarget="group0" viewBox="0 0 1188 864" />
      <g id="group0" transform="matrix(1 0 0 1 0 0)"><g transform="matrix(0 -1 1 0 0 864)"><g r:id="rId0" /></g></g>
    </svg>
    """

  /// `props/core.xml` with the `dc` and `dcterms` namespaces.
  static let coreProperties = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <coreProperties xmlns="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties"
      xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
      <dc:title>WCM0006</dc:title><version>1.0</version><dcterms:modified>2018-08-14T15:50:18+02:00</dcterms:modified>
    </coreProperties>
    """

  /// `props/app.xml`.
  static let appProperties = """
    <Properties xmlns="http://schemas.willfileformat.org/2015/relationships/extended-properties">
      <Application>Bamboo Spark</Application><AppVersion>2.0</AppVersion><Template>Default</Template></Properties>
    """

  /// The cloud conversion's `props/app.xml`, whose first line is `<?xm …?>` (sic).
  static let cloudAppProperties = """
    <?xm version='1.0' encoding='utf-8'?>
    <Properties xmlns="http://schemas.willfileformat.org/2015/relationships/extended-properties">
      <Application>com.wacom.cloud.conversion</Application>
      <AppVersion>1.0.0</AppVersion>
    </Properties>
    """

  /// The cloud conversion's `[Content_Types].xml`, with a UTF-8 byte order mark.
  static let cloudContentTypes =
    "\u{FEFF}" + """
      <?xml version="1.0" encoding="utf-8"?>
      <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
        <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml" />
        <Default Extension="xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml" />
        <Default Extension="svg" ContentType="image/svg+xml" />
        <Default Extension="protobuf" ContentType="application/vnd.willfileformat.path+protobuf" />
        <Override PartName="/props/app.xml" ContentType="application/vnd.willfileformat.extended-properties+xml" />
      </Types>
      """

  /// Android SDK writer `sections/_rels/section0.svg.rels`.
  static let androidSectionRelationships =
    #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#
    + #"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">"#
    + #"<Relationship Id="image0" Type="http://schemas.willfileformat.org/2015/relationships/section/paths" "#
    + #"Target="/sections/media/strokes700920024.protobuf"/></Relationships>"#

  static let all: [(name: String, xml: String)] = [
    ("spark SVG", sparkSVG), ("Android SVG", androidSVG), ("cloud SVG", cloudLandscapeSVG),
    ("core.xml", coreProperties), ("app.xml", appProperties),
    ("cloud app.xml", cloudAppProperties), ("cloud content types", cloudContentTypes),
    ("Android rels", androidSectionRelationships),
  ]
}
