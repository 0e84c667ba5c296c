import Testing

@testable import InkRender

/// Base64 as RFC 4648 §10 gives it, padding included.
@Suite struct Base64Tests {
  @Test(arguments: [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
    ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
  ])
  func testVectors(_ input: String, _ expected: String) {
    #expect(Base64.encode(Array(input.utf8)) == expected)
  }

  @Test func everyByteValue() {
    let text = Base64.encode((0...255).map { UInt8($0) })
    #expect(text.utf8.count == 344)
    #expect(text.hasPrefix("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8g"))
    #expect(text.hasSuffix("8PHy8/T19vf4+fr7/P3+/w=="))
  }
}
