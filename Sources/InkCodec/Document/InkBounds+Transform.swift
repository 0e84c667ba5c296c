extension InkBounds {
  /// The box around this box's four corners mapped by `transform`: where the points it holds
  /// land on the page.
  public func transformed(by transform: AffineTransform) -> InkBounds {
    let corners = [
      transform.apply(x: minX, y: minY), transform.apply(x: maxX, y: minY),
      transform.apply(x: minX, y: maxY), transform.apply(x: maxX, y: maxY),
    ]
    return corners.dropFirst().reduce(
      InkBounds(minX: corners[0].x, minY: corners[0].y, maxX: corners[0].x, maxY: corners[0].y)
    ) { box, point in
      InkBounds(
        minX: min(box.minX, point.x), minY: min(box.minY, point.y),
        maxX: max(box.maxX, point.x), maxY: max(box.maxY, point.y))
    }
  }
}
