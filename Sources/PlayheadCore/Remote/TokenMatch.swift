/// Compares a presented secret with the expected one in time that depends only on their
/// lengths, so that how long a refusal takes tells a guesser nothing about how much was right.
public enum TokenMatch {
    public static func matches(_ presented: some Collection<UInt8>, _ expected: [UInt8]) -> Bool {
        guard !expected.isEmpty else { return false }
        var difference = UInt8(presented.count == expected.count ? 0 : 1)
        var i = 0
        // Every byte of the presented value is looked at, compared with the expected one in turn.
        for byte in presented {
            difference |= byte ^ expected[i % expected.count]
            i += 1
        }
        return difference == 0
    }
}
