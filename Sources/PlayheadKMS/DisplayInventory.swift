import PlayheadCore

/// `--display help`: what each card offers, for choosing a connector, mode and plane.
public enum DisplayInventory {
    public static func describe(card path: String? = nil) -> String {
        var out: [String] = []
        let paths = path.map { [$0] } ?? (0..<8).map { "/dev/dri/card\($0)" }
        for p in paths {
            guard let card = try? DRMCard.open(p) else { continue }
            guard let res = try? card.readResources() else { out.append("\(p): not a KMS card"); continue }
            out.append("\(p):")
            for c in res.connectors {
                out.append("  connector \(c.name) (id \(c.id)) \(c.isWriteback ? "writeback" : c.isConnected ? "connected" : "disconnected")")
                for m in c.modes { out.append("    mode \(m)") }
            }
            for c in res.crtcs { out.append("  crtc id \(c.id) index \(c.index)") }
            for pl in res.planes {
                out.append("  plane id \(pl.id) \(pl.kind.rawValue) crtcs=0b\(String(pl.possibleCRTCs, radix: 2)) formats=\(pl.formats.map(\.description).joined(separator: ","))")
            }
        }
        if out.isEmpty { return "no display cards in /dev/dri" }
        out.append("choose with --drm-card PATH --display-connector NAME --display-mode WxH[@HZ]|preferred|match --display-plane primary|overlay|ID")
        return out.joined(separator: "\n")
    }
}
