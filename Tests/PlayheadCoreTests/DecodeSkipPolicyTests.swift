import PlayheadCore
import Testing

@Suite struct DecodeSkipPolicyTests {
    static let ms: Int64 = 1_000_000

    /// Keyframes `spacing` seconds apart from 0, as the engine sees them: every frame at 25 fps.
    static func policy(keyframesEvery spacing: Int64, upTo seconds: Int64) -> DecodeSkipPolicy {
        var policy = DecodeSkipPolicy()
        for n in 0...(seconds * 25) {
            policy.observe(pts: MediaTime(value: n, timescale: 25), isKeyframe: n % (spacing * 25) == 0)
        }
        return policy
    }

    @Test func skipsMoreAsFramesComeLaterAndStopsOnlyWhenBackOnTime() {
        var policy = Self.policy(keyframesEvery: 1, upTo: 3)
        let unchanged = policy.update(latenessNanoseconds: 50 * Self.ms)
        #expect(!unchanged)
        #expect(policy.level == .none)
        let started = policy.update(latenessNanoseconds: 120 * Self.ms)
        #expect(started)
        #expect(policy.level == .nonReference)
        _ = policy.update(latenessNanoseconds: 40 * Self.ms)  // better, not yet on time
        #expect(policy.level == .nonReference)
        _ = policy.update(latenessNanoseconds: 400 * Self.ms)
        #expect(policy.level == .nonReferenceUnfiltered)
        _ = policy.update(latenessNanoseconds: 120 * Self.ms)  // still late: keep the level
        #expect(policy.level == .nonReferenceUnfiltered)
        _ = policy.update(latenessNanoseconds: 1_500 * Self.ms)
        #expect(policy.level == .nonKey)
        _ = policy.update(latenessNanoseconds: 200 * Self.ms)
        #expect(policy.level == .nonKey)
        let stopped = policy.update(latenessNanoseconds: 5 * Self.ms)
        #expect(stopped)
        #expect(policy.level == .none)
    }

    /// Keyframes eight seconds apart: going to keyframes only at a second late would hide the
    /// picture for up to eight; it waits until the picture trails by over five.
    @Test func keyframesOnlyWaitsLongerWhenKeyframesAreFarApart() {
        var sparse = Self.policy(keyframesEvery: 8, upTo: 17)
        #expect(sparse.keyframeSpacing == MediaTime(value: 8, timescale: 1))
        _ = sparse.update(latenessNanoseconds: 1_500 * Self.ms)
        #expect(sparse.level == .nonReferenceUnfiltered)
        _ = sparse.update(latenessNanoseconds: 4_900 * Self.ms)
        #expect(sparse.level == .nonReferenceUnfiltered)
        _ = sparse.update(latenessNanoseconds: 5_100 * Self.ms)
        #expect(sparse.level == .nonKey)

        var close = Self.policy(keyframesEvery: 2, upTo: 5)
        _ = close.update(latenessNanoseconds: 1_500 * Self.ms)
        #expect(close.level == .nonKey)
    }

    /// With one keyframe seen, the next may still come soon until two seconds have passed
    /// without one (a short clip skips to its end, as before); after that they are far apart.
    @Test func anUnknownSpacingCountsAsFarApartOnceTwoSecondsPassWithoutAKeyframe() {
        var soon = Self.policy(keyframesEvery: 8, upTo: 1)
        #expect(soon.keyframeSpacing == nil)
        _ = soon.update(latenessNanoseconds: 1_500 * Self.ms)
        #expect(soon.level == .nonKey)
        var far = Self.policy(keyframesEvery: 8, upTo: 7)
        _ = far.update(latenessNanoseconds: 1_500 * Self.ms)
        #expect(far.level == .nonReferenceUnfiltered)
    }

    /// A seek or a loop goes back in time: the gap to a keyframe before the last is no spacing.
    @Test func goingBackStartsTheSpacingAfresh() {
        var policy = DecodeSkipPolicy()
        policy.observe(pts: MediaTime(value: 10, timescale: 1), isKeyframe: true)
        policy.observe(pts: MediaTime(value: 1, timescale: 1), isKeyframe: true)
        #expect(policy.keyframeSpacing == nil)
        policy.observe(pts: MediaTime(value: 3, timescale: 1), isKeyframe: true)
        #expect(policy.keyframeSpacing == MediaTime(value: 2, timescale: 1))
    }

    /// The decode budget's keyframes-only holds whether the pictures are on time or late.
    @Test func aFloorHoldsOnTimeAndLate() {
        var policy = DecodeSkipPolicy(floor: .nonKey)
        #expect(policy.level == .nonKey)
        let changes = [0, 100_000_000, 0].map { policy.update(latenessNanoseconds: $0) }
        #expect(changes == [false, false, false])
        #expect(policy.level == .nonKey)
    }
}
