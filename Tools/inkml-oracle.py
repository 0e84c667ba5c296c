"""Reads an InkML file with Wacom's InkML parser (universal-ink-library's
uim.codec.parser.inkml.InkMLParser) and prints its strokes as JSON:
{"strokes": [{"x": [...], "y": [...]}, ...]} with the spline coordinates in
DIP (1/96 in), the parser's doubled first and last control points removed. Run through
`Tools/oracle --inkml FILE`, which sets up the oracle's virtual environment."""
import json
import logging
import sys

logging.disable(logging.CRITICAL)
from uim.codec.parser.inkml import InkMLParser  # noqa: E402

model = InkMLParser().parse(sys.argv[1])
strokes = []


def walk(node):
    stroke = getattr(node, "stroke", None)
    if stroke is not None:
        strokes.append({"x": list(stroke.splines_x[1:-1]), "y": list(stroke.splines_y[1:-1])})
    for child in getattr(node, "children", None) or []:
        walk(child)


if model.ink_tree is not None and model.ink_tree.root is not None:
    walk(model.ink_tree.root)
print(json.dumps({"strokes": strokes}))
