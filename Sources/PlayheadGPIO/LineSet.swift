import PlayheadCore

/// The lines the GPIO thread holds, with the button machine fed from them; owned by that
/// thread alone, opened and closed as a whole.
struct LineSet {
    unowned let owner: GPIOButtons
    private var edges: [any GPIOEdgeLine] = []
    private var light: (any GPIOOutputLine)?
    private var lit: Bool?
    private(set) var machine: ButtonMachine?

    init(owner: GPIOButtons) { self.owner = owner }

    var isOpen: Bool { machine != nil }
    var descriptors: [Int32] { edges.map(\.descriptor) }

    /// Finds and requests every line of the map; nothing is held unless all of them are.
    mutating func open(now: Int64) -> Result<Void, GPIOProblem> {
        close()
        let map = owner.map
        let located: (buttons: [GPIOLineFinder.Found], light: GPIOLineFinder.Found?)
        switch map.locate(in: owner.backend.chips(values: false)) {
        case .success(let l): located = l
        case .failure(let e): return .failure(GPIOProblem(e.message))
        }
        var opened: [any GPIOEdgeLine] = []
        var levels: [Bool] = []
        do {
            for (spec, found) in zip(map.buttons, located.buttons) {
                let line = try owner.backend.requestEdges(chip: found.chip.path, offset: found.offset, activeLow: spec.activeLow,
                                                          bias: spec.bias, consumer: "playhead")
                opened.append(line)
                levels.append(try line.level())
            }
            if let l = map.light, let found = located.light {
                light = try owner.backend.requestOutput(chip: found.chip.path, offset: found.offset, activeLow: l.activeLow,
                                                        initial: false, consumer: "playhead")
                lit = false
            }
        } catch {
            light = nil
            return .failure(GPIOProblem(error.description))
        }
        edges = opened
        machine = ButtonMachine(specs: map.buttons, timing: map.timing, pressed: levels, now: now)
        return .success(())
    }

    mutating func close() {
        edges = []
        light = nil
        lit = nil
        machine = nil
    }

    /// The edges waiting on line `index`, through the machine.
    mutating func read(_ index: Int) -> Result<[ButtonAction], GPIOProblem> {
        guard edges.indices.contains(index), machine != nil else { return .success([]) }
        do {
            var actions: [ButtonAction] = []
            for e in try edges[index].readEdges() { actions += machine!.edge(index, pressed: e.high, at: e.timestamp) }
            return .success(actions)
        } catch {
            return .failure(GPIOProblem(error.description))
        }
    }

    mutating func advance(to now: Int64) -> [ButtonAction]? { machine?.advance(to: now) }

    /// The light at the pattern's level for `now`, written only when it changes.
    mutating func show(_ pattern: LightPattern, at now: Int64) {
        guard let light else { return }
        let want = pattern.isLit(at: now)
        if want != lit {
            do {
                try light.set(want)
                lit = want
            } catch {
                owner.log("gpio: the light: \(error.description)")
                self.light = nil
            }
        }
        let shown = lit
        owner.shared.withLock { $0.lit = shown; $0.pattern = pattern }
    }
}
