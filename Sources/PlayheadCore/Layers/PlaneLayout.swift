/// Which plane shows which layers in one refresh's commit: each layer on a plane of its own
/// (its picture scanned out, scaled by the plane), or several drawn into one buffer in software
/// (on the lowest plane: what no plane above could take).
public struct PlaneLayout: Sendable, Hashable, CustomStringConvertible {
    public enum Use: Sendable, Hashable {
        /// The layer's own picture on the plane, in `format`.
        case direct(layer: String, plane: UInt32, format: FourCC)
        /// The layers (lowest first) drawn into one RGB buffer the size of the screen.
        case composed(layers: [String], plane: UInt32, format: FourCC)

        public var plane: UInt32 {
            switch self {
            case .direct(_, let p, _), .composed(_, let p, _): return p
            }
        }
    }

    /// Lowest plane first.
    public var uses: [Use]

    public init(uses: [Use]) { self.uses = uses }

    /// The plane showing `layer`, and whether it is composed there.
    public func place(of layer: String) -> (plane: UInt32, composed: Bool)? {
        for use in uses {
            switch use {
            case .direct(let name, let plane, _) where name == layer: return (plane, false)
            case .composed(let names, let plane, _) where names.contains(layer): return (plane, true)
            default: continue
            }
        }
        return nil
    }

    public var description: String {
        uses.map { use in
            switch use {
            case .direct(let name, let plane, let format): return "\(name) on plane \(plane) (\(format))"
            case .composed(let names, let plane, let format): return "\(names.joined(separator: "+")) composed on plane \(plane) (\(format))"
            }
        }.joined(separator: ", ")
    }
}
