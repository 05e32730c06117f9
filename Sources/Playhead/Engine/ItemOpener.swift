import PlayheadSys

/// A thread opening one item, and when it began: an open that does not come back within its
/// bound is abandoned, never waited for (a read stuck in the kernel cannot be interrupted).
struct ItemOpener {
    /// Nil for a stepped engine's open, done in the step.
    let thread: WorkerThread?
    /// Tells this open's result from a later open's of the same item.
    let attempt: UInt64
    let startedNanoseconds: Int64

    /// How long an open may take before its item fails: the probe and the decoders' start
    /// each wait on reads bounded by the network timeout, which guards local files too.
    static func boundNanoseconds(networkTimeout: Int64) -> Int64 {
        let (bound, overflow) = networkTimeout.multipliedReportingOverflow(by: 3)
        return overflow ? .max : max(bound, 1_000_000_000)
    }
}
