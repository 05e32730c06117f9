import Testing
@testable import PlayheadCore

@Suite struct LayerCommandGrammarTests {
    func parse(_ line: String) -> Result<ConsoleCommand, CommandError> { CommandGrammar.parse(line) }

    @Test func aLayerIsListedShownOrCommanded() throws {
        #expect(try parse("layer").get() == .layer(nil, nil))
        #expect(try parse("layer left").get() == .layer("left", nil))
        #expect(try parse("layer left pause").get() == .layer("left", .pause))
        #expect(try parse("LAYER left TOGGLE").get() == .layer("left", .toggle))
        #expect(try parse("layer left volume 0.5").get() == .layer("left", .volume(.absolute(0.5))))
        #expect(try parse("layer left seek +10 fast").get() == .layer("left", .seek(.relative(10), exact: false)))
        #expect(try parse("layer left unmute").get() == .layer("left", .mute(false)))
        #expect(try parse("layer logo hide").get() == .layer("logo", .visible(false)))
        #expect(try parse("layer logo SHOW").get() == .layer("logo", .visible(true)))
    }

    @Test func whatIsForTheWholeScreenOrWrongIsSaidSo() {
        guard case .failure(let add) = parse("layer left add x.mp4") else { return #expect(Bool(false)) }
        #expect(add.message == "layer left: 'add' is for the whole screen; a layer takes \(LayerCommand.words)")
        guard case .failure(let volume) = parse("layer left volume 3") else { return #expect(Bool(false)) }
        #expect(volume.message.hasPrefix("layer left: a volume is from 0 to 1"), "\(volume.message)")
        guard case .failure(let nested) = parse("layer left layer right pause") else { return #expect(Bool(false)) }
        #expect(nested.message.hasPrefix("layer left: a layer's command is one of"), "\(nested.message)")
        guard case .failure(let hide) = parse("layer logo hide now") else { return #expect(Bool(false)) }
        #expect(hide.message == "layer logo: hide takes nothing after it")
        guard case .failure(let name) = parse("layer ../x pause") else { return #expect(Bool(false)) }
        #expect(name.message.contains("is not a name"), "\(name.message)")
    }
}
