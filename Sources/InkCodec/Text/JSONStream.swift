/// The items of a streamed JSON array: how many, and how to build each one when it is written.
package struct JSONStream {
  /// The number of items.
  package var count: Int
  /// Builds the item at an index; every item is an object or an array.
  package var item: (Int) throws(WillError) -> JSONValue

  /// Creates a stream of `count` items built by `item`.
  package init(count: Int, item: @escaping (Int) throws(WillError) -> JSONValue) {
    self.count = count
    self.item = item
  }
}
