"""Reads an APNG with Pillow, an independent reader, for RenderAnimateTests.

Prints one JSON object: the frame count, each frame's delay in milliseconds, the size,
whether the default image is left out of the animation, and whether the last frame (as
Pillow composes it) equals the still PNG given, pixel for pixel.
    apng-check.py REPLAY.png STILL.png
"""

import json
import sys

from PIL import Image


def main() -> None:
    replay = Image.open(sys.argv[1])
    still = Image.open(sys.argv[2]).convert("RGBA")
    delays = []
    for index in range(replay.n_frames):
        replay.seek(index)
        delays.append(replay.info.get("duration"))
    last = replay.convert("RGBA")
    # Pillow lists a default image that is not part of the animation as frame 0.
    skipped = bool(replay.info.get("default_image"))
    if skipped:
        delays = delays[1:]
    print(
        json.dumps(
            {
                "frames": len(delays),
                "animated": replay.is_animated,
                "delays": delays,
                "size": list(replay.size),
                "defaultImageSkipped": skipped,
                "lastEqualsStill": last.tobytes() == still.tobytes(),
            }
        )
    )


if __name__ == "__main__":
    main()
