/// Where a player is, read in one go: its playlist entry, the item's time and length. A sync
/// group's leader publishes it and a follower judges itself by it; read in several goes, an
/// item change between them paired an entry with the next item's time, a whole item off.
public struct PlayingPlace: Sendable, Equatable {
    /// The playlist entry playing (nil: none, or an item not from the playlist).
    public var entryID: Int?
    /// The item's time at the host time asked for, while its clock runs (nil while it opens,
    /// seeks, waits or is paused).
    public var itemNanoseconds: Int64?
    /// The item's length (0: not known).
    public var durationNanoseconds: Int64

    public init(entryID: Int?, itemNanoseconds: Int64?, durationNanoseconds: Int64) {
        self.entryID = entryID
        self.itemNanoseconds = itemNanoseconds
        self.durationNanoseconds = durationNanoseconds
    }
}
