import Foundation
import PlayheadALSA
import Synchronization

/// A card's control device on a pipe: `announce` queues a change and makes the descriptor
/// readable, as the kernel does with a real control node; `unplug` closes the writing end, which
/// a poll sees as a hang-up, as when the card is removed.
final class FakeCardControl: CardControlWatch, @unchecked Sendable {
    private let pipe = Pipe()
    private let state: Mutex<(jacks: [String: Bool], pending: [CardControlChanges])>

    init(jacks: [String: Bool]) {
        state = Mutex((jacks, []))
    }

    var descriptor: Int32 { pipe.fileHandleForReading.fileDescriptor }

    func jacks() -> [String: Bool] { state.withLock { $0.jacks } }

    func readChanges() -> CardControlChanges {
        var byte: UInt8 = 0
        _ = read(descriptor, &byte, 1)
        return state.withLock { s in s.pending.isEmpty ? CardControlChanges() : s.pending.removeFirst() }
    }

    func announce(jacks: [String: Bool]? = nil, _ changes: CardControlChanges) {
        state.withLock { s in
            if let jacks { s.jacks = jacks }
            s.pending.append(changes)
        }
        pipe.fileHandleForWriting.write(Data([1]))
    }

    func unplug() { try? pipe.fileHandleForWriting.close() }
}
