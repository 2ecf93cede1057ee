import Foundation
import Testing

/// The one policy for tests that compare with Python's Pillow: they carry `.needsPillow`, so a
/// machine without Pillow reports them as skipped with this reason (the README's `swift test`
/// needs nothing else), and `RESTLITE_REQUIRE_PILLOW=1` (set by `.ci/run`) runs them anyway, so a
/// missing Pillow fails there instead of passing silently. No test checks Pillow in its body.
extension Trait where Self == ConditionTrait {
    static var needsPillow: Self {
        .enabled(
            if: PillowDecoder.isAvailable
                || ProcessInfo.processInfo.environment["RESTLITE_REQUIRE_PILLOW"] == "1",
            "compares with Python's Pillow, which is not installed (pip install pillow)")
    }
}
