extension SampleDocuments {
  static func readme(
    seed: UInt64, valid: [ValidSample], invalid: [InvalidSample], attacks: [ResourceAttack]
  ) -> String {
    var text = """
      # SampleDocuments

      Every file here is made by the project's own deterministic generator (`Tests/InkTestFixtures`,
      run by `Tools/make-samples`), never by hand and never copied from elsewhere:

      ```
      swift run make-samples SampleDocuments            # seed \(seed), the default
      swift run make-samples SampleDocuments --seed N   # another seed, for experiments only
      ```

      The same seed gives byte-identical files (no clock, no unseeded randomness; randomness is
      SplitMix64). `SampleDocumentTests` regenerates everything in memory and fails if a committed
      file differs, so run the command above and commit its output whenever the generator changes.
      This README and `golden/manifest.txt` are generated too.

      Handwriting comes from `MotorModel` (`Sources/InkSynthesis`, which `willdoc synth` uses
      too): letters as key-point strokes in an em box, traced along a Catmull-Rom curve with a
      minimum-jerk speed profile and reported as pen samples at a seeded 120–240 Hz with a little
      jitter; InkInput's `PathBuilder` turns the samples into strokes the way a pen app does
      (resampled by distance, width falling with speed, smoothed, first and last control points
      repeated like real files). OPC files are written by
      `WillDocument.serialized(container:options:)` at Deflate level 9.

      ## valid/

      | file | contents |
      |---|---|

      """
    for sample in valid { text += "| `\(sample.name)` | \(sample.summary) |\n" }
    text += """

      ## invalid/

      Each file must fail with default `DecodingLimits` within a few seconds and without large
      allocations, with the `WillErrorKind.code` and `WillError.part` below (`golden/manifest.txt`
      has the same as `name code part[@offset]`, `-` for no part). OPC damage starts from a small
      valid package (seed \(seed) + 100); wire-level damage sits in the `INK ` chunk of a RIFF file.

      | file | how it is broken | code | part |
      |---|---|---|---|

      """
    for sample in invalid {
      let location =
        (sample.part.map { "`\($0)`" } ?? "–") + (sample.offset.map { " @ \($0)" } ?? "")
      text += "| `\(sample.name)` | \(sample.summary) | `\(sample.code)` | \(location) |\n"
    }
    text += """

      Sizes: `x-zip-bomb.will` is the full 1 GiB bomb (one hand-built dynamic-Huffman Deflate
      block, about 1 MB); `x-many-parts.will` uses 10,001 extra parts rather than 20,000 to stay
      under 1 MB; `x-empty-strokes-10M.will` keeps its 10^7 records in a deflated OPC part.

      ### Resource attacks (`r-*.will`, `r-uim-*.uim`, `r-inkml-*.inkml`, `r-tuhi-*.json`)

      Small files that ask for as much work as the default limits let through: for each class
      of multiplied work, the largest instance that reads, and where it is cheap on disk the
      next one up, which must stop with the limit named (`golden/attacks.txt` has
      `name ok`, `name limit-exceeded <limit>` or `name <error code>`). A UIM attack reads when
      it parses and converts to WILL 2, as it does to be drawn; its chunks are zlib-compressed
      (UIM's ZIP compression). An InkML attack reads the same way; InkML is plain XML, which
      nothing compresses, so the committed ones are small and `InkMLHostileTests` builds the
      full-size instances (500,000 empty 32-channel traces) in memory. A tuhi attack (a
      drawing's JSON) reads when it parses and converts to WILL 2. Every `willdoc` command on every one of them
      must finish within 1 GiB of address space and 10 seconds, or stop with a one-line limit
      error (`ResourceBudgetTests`); the budget model is in `docs/robustness.md`.

      | file | what it attacks | with default limits |
      |---|---|---|

      """
    for attack in attacks {
      let outcome =
        attack.readError.map { "fails with `\($0)`" } ?? attack.stoppedBy.map { "stops at `\($0)`" }
        ?? "reads"
      text += "| `\(attack.name)` | \(attack.summary) | \(outcome) |\n"
    }
    return text
  }
}
