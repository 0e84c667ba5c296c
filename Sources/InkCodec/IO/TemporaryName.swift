/// The random part of a temporary file's name: letters and digits from one 64-bit draw of the
/// system's generator, which is one `getrandom` system call, where drawing each character
/// was one call each.
package enum TemporaryName {
  /// The characters a name is made of.
  static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

  /// `count` characters (at most 10: 62¹⁰ < 2⁶⁴) of ``alphabet``, chosen at random.
  package static func random(_ count: Int) -> String {
    precondition((1...10).contains(count), "a temporary name's random part is 1 to 10 characters")
    var generator = SystemRandomNumberGenerator()
    var bits = generator.next()
    var characters: [Character] = []
    characters.reserveCapacity(count)
    for _ in 0..<count {
      characters.append(alphabet[Int(bits % UInt64(alphabet.count))])
      bits /= UInt64(alphabet.count)
    }
    return String(characters)
  }
}
