/// Decides which layers get a hardware plane of their own, from the top down as weston does,
/// asking the driver through TEST_ONLY commits: a value stepped by the display controller (or a
/// test) with each commit's answer, never touching the device itself.
///
/// The lowest plane (the CRTC's primary) is always used: some drivers (vkms among them) refuse a
/// CRTC without it. Each layer from the top is offered the highest free overlay plane that lists
/// one of its formats, then the next lower one; once none takes it, it and every layer under it
/// are drawn in software into one RGB buffer on the primary plane (a plane's picture always covers
/// what is under it, so nothing under a composed layer can be on a plane). The last layer left
/// is offered the primary plane itself before it is composed (scaled there in software).
public struct PlaneAssigner: Sendable {
    public struct Wish: Sendable, Hashable {
        public let name: String
        /// The formats its pictures can come in, the best first.
        public let formats: [FourCC]
        public init(name: String, formats: [FourCC]) {
            self.name = name
            self.formats = formats
        }
    }

    public enum Action: Sendable, Hashable {
        /// Ask the driver whether this layout would be taken (a TEST_ONLY commit).
        case test(PlaneLayout)
        /// The layout to commit, and a line per layer saying where it went and why.
        case settled(PlaneLayout, notes: [String])
        /// Not even every layer composed on the primary plane is taken.
        case failed(String)
    }

    /// The screen's formats for composed layers, the best first.
    public static let composeFormats: [FourCC] = [.xrgb8888, .xbgr8888, .argb8888, .abgr8888]

    let planes: [KMSResources.Plane]
    let layers: [Wish]
    private var placed: [PlaneLayout.Use] = []
    private var current: Int
    private var candidates: [Int] = []
    private var trying: PlaneLayout.Use?
    private var composing = false
    private var reasons: [String: String] = [:]

    /// `planes`: those the CRTC can use, the primary first, then upwards; `layers`: the visible
    /// layers, the lowest first.
    public init(planes: [KMSResources.Plane], layers: [Wish]) {
        self.planes = planes.filter { $0.kind != .cursor }
        self.layers = layers
        current = layers.count - 1
    }

    public mutating func start() -> Action {
        guard !layers.isEmpty else { return .settled(PlaneLayout(uses: []), notes: []) }
        guard !planes.isEmpty, planes[0].kind == .primary else { return .failed("the CRTC has no primary plane") }
        candidates = candidatePlanes(for: current, below: planes.count)
        return propose()
    }

    public mutating func tested(_ result: PlaneTestResult) -> Action {
        guard let trying else { return .failed("no TEST_ONLY commit was asked for") }
        switch result {
        case .accepted:
            if composing { return settle(with: trying) }
            placed.append(trying)
            current -= 1
            if current < 0 { return settle(with: nil) }
            candidates = candidatePlanes(for: current, below: planeIndex(of: trying.plane))
            return propose()
        case .refused:
            if composing {
                return .failed("plane \(trying.plane) refused the composed picture (\(result)); the screen cannot show the layers")
            }
            reasons[layers[current].name] = "plane \(trying.plane) refused it (\(result))"
            return propose()
        }
    }

    private mutating func propose() -> Action {
        if let p = candidates.first {
            candidates.removeFirst()
            let wish = layers[current]
            let format = wish.formats.first { planes[p].formats.contains($0) }!
            let use = PlaneLayout.Use.direct(layer: wish.name, plane: planes[p].id, format: format)
            trying = use
            // The layers under it as they would be if none of them got a plane of its own.
            let rest = current > 0 ? composed(0..<current) : nil
            return .test(layout(placed + [use] + (rest.map { [$0] } ?? [])))
        }
        let top = layers[current]
        if reasons[top.name] == nil {
            let offered = top.formats.contains { f in planes.contains { $0.formats.contains(f) } }
            reasons[top.name] = offered ? "no plane left for it" : "no plane offers \(top.formats.map(\.description).joined(separator: " or "))"
        }
        for wish in layers[0..<current] { reasons[wish.name] = "under \(top.name), which is composed" }
        guard let all = composed(0..<(current + 1)) else {
            return .failed("the primary plane offers none of \(Self.composeFormats.map(\.description).joined(separator: ", ")) to compose into")
        }
        composing = true
        trying = all
        return .test(layout(placed + [all]))
    }

    private func composed(_ range: Range<Int>) -> PlaneLayout.Use? {
        guard let format = Self.composeFormats.first(where: { planes[0].formats.contains($0) }) else { return nil }
        return .composed(layers: layers[range].map(\.name), plane: planes[0].id, format: format)
    }

    /// The planes `layer` may try, the highest first: overlays under `limit` while layers remain
    /// under it (they need the primary), else the primary alone.
    private func candidatePlanes(for layer: Int, below limit: Int) -> [Int] {
        let range = layer == 0 ? 0..<min(1, limit) : 1..<max(1, limit)
        return range.reversed().filter { p in layers[layer].formats.contains { planes[p].formats.contains($0) } }
    }

    private func planeIndex(of id: UInt32) -> Int { planes.firstIndex { $0.id == id } ?? 0 }

    private func layout(_ topDown: [PlaneLayout.Use]) -> PlaneLayout { PlaneLayout(uses: topDown.reversed()) }

    private func settle(with last: PlaneLayout.Use?) -> Action {
        let final = layout(placed + (last.map { [$0] } ?? []))
        var notes: [String] = []
        for wish in layers.reversed() {
            guard let (plane, isComposed) = final.place(of: wish.name) else { continue }
            let kind = planes.first { $0.id == plane }?.kind.rawValue ?? "?"
            if isComposed {
                notes.append("\(wish.name): composed on plane \(plane) (\(kind)): \(reasons[wish.name] ?? "")")
            } else {
                notes.append("\(wish.name): plane \(plane) (\(kind)) of its own")
            }
        }
        return .settled(final, notes: notes)
    }
}
