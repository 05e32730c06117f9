import PlayheadCore
import SystemPackage

extension PlaneTestResult {
    /// A TEST_ONLY commit's answer: nil is accepted, an errno a refusal in `Errno`'s words.
    init(_ refusal: Errno?) {
        guard let refusal else { self = .accepted; return }
        self = .refused(code: refusal.rawValue, description: refusal.description)
    }
}
