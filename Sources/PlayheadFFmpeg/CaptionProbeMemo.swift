import PlayheadCore
import PlayheadSys
import Synchronization

/// Whether a local file's video carries captions, remembered per version of the file: finding
/// out opens it a second time and reads its first pictures, before the first frame, on every
/// open. A looping playlist opens the same files again and again; a file replaced or changed
/// (its identity: inode, size, times) is looked at anew.
final class CaptionProbeMemo: Sendable {
    static let shared = CaptionProbeMemo()

    private struct Entry: Sendable {
        let identity: [Int64]
        let kinds: CaptionKinds?
    }

    /// A playlist's worth of files; past it the oldest half is forgotten.
    let capacity: Int
    private let entries = Mutex<(order: [String], found: [String: Entry])>(([], [:]))
    private let looks = Atomic(0)

    init(capacity: Int = 256) { self.capacity = capacity }

    /// How many times a file was actually opened to look (tests).
    var lookCount: Int { looks.load(ordering: .relaxed) }

    /// The captions of `path`, from memory when the file is unchanged, else from `look` (which
    /// opens it).
    func captions(in path: String, look: (String) -> CaptionKinds?) -> CaptionKinds? {
        guard let identity = FileInput.identity(path) else { return nil }
        if let known = entries.withLock({ $0.found[path] }), known.identity == identity { return known.kinds }
        looks.add(1, ordering: .relaxed)
        let found = look(path)
        entries.withLock { e in
            if e.found[path] == nil { e.order.append(path) }
            e.found[path] = Entry(identity: identity, kinds: found)
            if e.order.count > capacity {
                let gone = e.order.prefix(e.order.count - capacity / 2)
                for p in gone { e.found[p] = nil }
                e.order.removeFirst(gone.count)
            }
        }
        return found
    }
}
