/// Float samples (the engine's format) into the integer formats devices take, clipped rather
/// than wrapped: a wrapped overshoot is a loud click, a clipped one barely heard.
public enum SampleConverter {
    public static func toInt16(_ samples: ArraySlice<Float>, into out: inout [Int16]) {
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(samples.count)
        for s in samples { out.append(Int16((min(max(s, -1), 1) * 32767).rounded())) }
    }

    public static func toInt32(_ samples: ArraySlice<Float>, into out: inout [Int32]) {
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(samples.count)
        // Through Double: Float cannot hold 2^31 - 1 exactly and would overflow at +1.0.
        for s in samples { out.append(Int32((Double(min(max(s, -1), 1)) * 2_147_483_647).rounded())) }
    }
}
