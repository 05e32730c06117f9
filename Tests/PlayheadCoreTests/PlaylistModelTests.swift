import PlayheadCore
import Testing

@Suite struct PlaylistModelTests {
    func locations(_ entries: [Playlist.Entry]) -> [String] { entries.map(\.location) }

    @Test func orderFromTheCurrentEntryWrapsOnlyWhenLooping() {
        var p = Playlist([("a", nil), ("b", nil), ("c", nil)])
        p.currentID = p.entries[1].id
        #expect(locations(p.order(from: p.currentID, loop: false)) == ["b", "c"])
        #expect(locations(p.order(from: p.currentID, loop: true)) == ["b", "c", "a"])
    }

    @Test func addAtAPositionCountsFromOne() {
        var p = Playlist([("a", nil), ("b", nil)])
        p.add("x", at: 1)
        p.add("y", at: 99)
        #expect(locations(p.entries) == ["x", "a", "b", "y"])
        #expect(p.remove(at: 5) == nil)
        #expect(p.remove(at: 1)?.location == "x")
    }

    @Test func neighboursHonourLooping() {
        let p = Playlist([("a", nil), ("b", nil)])
        let (a, b) = (p.entries[0].id, p.entries[1].id)
        #expect(p.entry(after: b, loop: false) == nil)
        #expect(p.entry(after: b, loop: true)?.location == "a")
        #expect(p.entry(before: a, loop: false)?.location == "a")
        #expect(p.entry(before: a, loop: true)?.location == "b")
    }

    @Test func replaceKeepsTheIdsOfLocationsStillThere() {
        var p = Playlist([("a", nil), ("b", nil), ("c", nil)])
        let bID = p.entries[1].id
        p.replace(with: [("b", nil), ("d", nil)])
        #expect(locations(p.entries) == ["b", "d"])
        #expect(p.entries[0].id == bID)
        #expect(p.entries[1].id > bID)
    }
}
