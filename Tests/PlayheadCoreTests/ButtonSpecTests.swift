import Testing
@testable import PlayheadCore

@Suite struct ButtonSpecTests {
    @Test func aFullLine() throws {
        let b = try ButtonSpec.parse(name: "vol", #"chip=gpio-sim.0-node0 line=volume-up active=high bias=pull-down press="volume +0.05" repeat=yes"#).get()
        #expect(b.ref == GPIOLineRef(chip: "gpio-sim.0-node0", line: .name("volume-up")))
        #expect(!b.activeLow && b.bias == .pullDown && b.press == "volume +0.05" && b.repeats)
    }

    @Test func defaultsAreAButtonToGround() throws {
        let b = try ButtonSpec.parse(name: "p", "line=4 press=toggle").get()
        #expect(b.activeLow && b.bias == .pullUp && b.ref.line == .offset(4) && b.hold == nil)
    }

    @Test(arguments: [
        ("press=toggle", "no line="),
        ("line=x", "no command"),
        ("line=x press=frob", "press: unknown command 'frob'"),
        ("line=x press=toggle colour=red", "unknown key 'colour'"),
        ("line=x press=\"seek +10", "the quote is not closed"),
        ("line=x press=next hold=stop repeat=yes", "repeat and hold cannot both be set"),
        ("line=x active=sideways press=next", "active: 'sideways' is not low or high"),
        ("line=x line=y press=next", "line is given twice"),
    ])
    func badLinesSayWhy(text: String, why: String) {
        guard case .failure(let e) = ButtonSpec.parse(name: "b", text) else {
            Issue.record("\(text) was taken")
            return
        }
        #expect(e.message.contains(why), "\(e.message)")
    }

    @Test func theLightMapsStatesToPatterns() throws {
        let l = try LightSpec.parse("line=led buffering=fast paused=slow").get()
        #expect(l.pattern(for: .playing) == .on && l.pattern(for: .buffering) == .fast && l.pattern(for: .paused) == .slow)
        #expect(l.pattern(for: .error) == .fast && l.pattern(for: .stopped) == .off)
        if case .success = LightSpec.parse("line=led playing=sometimes") { Issue.record("a bad pattern was taken") }
    }

    @Test func blinkingIsAFunctionOfTheClock() {
        #expect(LightPattern.slow.isLit(at: 0) && !LightPattern.slow.isLit(at: 500_000_000))
        #expect(LightPattern.slow.nextChange(after: 100_000_000) == 500_000_000)
        #expect(LightPattern.fast.nextChange(after: 130_000_000) == 250_000_000)
        #expect(LightPattern.on.nextChange(after: 5) == nil && LightPattern.on.isLit(at: 123))
        #expect(PlayerActivity(.opening) == .buffering)
        #expect(PlayerActivity(.buffering) == .buffering)
        #expect(PlayerActivity(.restarting) == .buffering)
        #expect(PlayerActivity(.failed) == .error)
        #expect(PlayerActivity(.idle) == .stopped)
    }

    static let chips = [
        GPIOChipInfo(name: "gpiochip0", label: "pinctrl", path: "/dev/gpiochip0",
                     lines: (0..<4).map { .init(offset: $0, name: $0 == 2 ? "play" : nil, consumer: nil, isOutput: false) }),
        GPIOChipInfo(name: "gpiochip1", label: "gpio-sim.0-node0", path: "/dev/gpiochip1",
                     lines: [.init(offset: 0, name: "next", consumer: nil, isOutput: false)]),
    ]

    @Test func linesAreFoundByNameOffsetLabelOrPath() throws {
        let play = try GPIOLineFinder.find(GPIOLineRef(chip: nil, line: .name("play")), in: Self.chips).get()
        #expect(play.chip.name == "gpiochip0" && play.offset == 2)
        let byLabel = try GPIOLineFinder.find(GPIOLineRef(chip: "gpio-sim.0-node0", line: .offset(0)), in: Self.chips).get()
        #expect(byLabel.chip.name == "gpiochip1")
        let byPath = try GPIOLineFinder.find(GPIOLineRef(chip: "/dev/gpiochip0", line: .offset(3)), in: Self.chips).get()
        #expect(byPath.offset == 3)
    }

    @Test func whatIsMissingIsSaidWithWhatExists() {
        func message(_ ref: GPIOLineRef) -> String {
            if case .failure(let e) = GPIOLineFinder.find(ref, in: Self.chips) { return e.message }
            return "found"
        }
        #expect(message(GPIOLineRef(chip: nil, line: .name("stop"))).contains("gpiochip0:play, gpiochip1:next"))
        #expect(message(GPIOLineRef(chip: "gpiochip7", line: .offset(0))).contains("the chips are gpiochip0 (pinctrl), gpiochip1 (gpio-sim.0-node0)"))
        #expect(message(GPIOLineRef(chip: nil, line: .offset(1))).contains("needs chip="))
        #expect(message(GPIOLineRef(chip: "gpiochip0", line: .offset(9))).contains("has no line 9; it has lines 0 to 3"))
        #expect(message(GPIOLineRef(chip: nil, line: .name("x"))).hasPrefix("no GPIO line named 'x'"))
        #expect(GPIOLineFinder.find(GPIOLineRef(chip: nil, line: .name("x")), in: []).failureMessage?.contains("no GPIO chips") == true)
    }
}

extension Result where Failure == SpecError {
    var failureMessage: String? {
        if case .failure(let e) = self { return e.message }
        return nil
    }
}
