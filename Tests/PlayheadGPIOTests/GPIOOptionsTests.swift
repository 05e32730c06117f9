import PlayheadCore
import PlayheadGPIO
import Testing

@Suite struct GPIOOptionsTests {
    let catalog = OptionCatalog([GPIOOptions.declarations])

    @Test func theMapComesFromTheFileWithItsTimes() throws {
        let text = """
        button.play = line=play press=toggle
        button.up = chip=gpiochip1 line=4 press="volume +0.05" repeat=yes
        led = line=led error=slow
        button-hold-ms = 1000
        """
        let file = try OptionsFile.parse(text, path: "p.conf", catalog: catalog).get()
        let map = GPIOOptions.map(Settings(catalog: catalog, file: file))
        #expect(map.buttons.map(\.name) == ["play", "up"])
        #expect(map.buttons[1].ref == GPIOLineRef(chip: "gpiochip1", line: .offset(4)) && map.buttons[1].repeats)
        #expect(map.light?.pattern(for: .error) == .slow)
        #expect(map.timing.hold == 1_000_000_000 && map.timing.debounce == 30_000_000)
    }

    @Test func aBadButtonLineNamesTheFileLineAndTheButton() {
        let text = "button.play = line=play press=toggle\nbutton.next = line=next press=skip\n"
        guard case .failure(let e) = OptionsFile.parse(text, path: "p.conf", catalog: catalog) else {
            Issue.record("the bad line was taken")
            return
        }
        #expect(e.description == "p.conf:2: button.next: press: unknown command 'skip'; `help` lists the commands")
        #expect(e.goodLines?.values["button.play"] != nil)
    }

    @Test func buttonsComeFromTheCommandLineToo() throws {
        let parsed = try CommandLineOptions.parse(["--button.stop", "line=3 chip=gpiochip0 press=stop", "a.mp4"], catalog: catalog).get()
        let map = GPIOOptions.map(Settings(catalog: catalog, commandLine: parsed.values))
        #expect(map.buttons.first?.press == "stop" && parsed.items == ["a.mp4"])
        #expect(CommandLineOptions.help(catalog).contains("--button.NAME SPEC"))
    }

    @Test func aLineMappedTwiceIsRefused() {
        let b = ButtonSpec(name: "a", ref: GPIOLineRef(chip: nil, line: .name("play")), press: "toggle")
        let map = GPIOMap(buttons: [b, ButtonSpec(name: "b", ref: GPIOLineRef(chip: "gpiochip0", line: .offset(0)), press: "next")],
                          light: nil, timing: ButtonTiming())
        let chips = [GPIOChipInfo(name: "gpiochip0", label: "x", path: "/dev/gpiochip0",
                                  lines: [.init(offset: 0, name: "play", consumer: nil, isOutput: false)])]
        guard case .failure(let e) = map.locate(in: chips) else {
            Issue.record("a line mapped twice was taken")
            return
        }
        #expect(e.message.contains("mapped twice"))
    }

    @Test func theKernelWithoutV1SaysTheFix() {
        let e = GPIOError(operation: "line info", target: "/dev/gpiochip0 line 3", errno: .invalidArgument)
        #expect(e.description.contains("CONFIG_GPIO_CDEV_V1") && e.description.contains("libgpiod 2"))
    }
}
