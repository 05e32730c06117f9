import Playhead
import PlayheadSys
@testable import PlayheadApp
import Testing

@Suite struct ApplianceStartTests {
    func file(_ text: String) throws -> String {
        let path = "/tmp/playhead-conf-\(UInt32.random(in: 0...UInt32.max)).conf"
        try FileOutput.write(Array(text.utf8), to: path)
        return path
    }

    @Test func aBadFileStopsPlayheadWithFileLineAndKey() throws {
        let path = try file("volume = 0.5\naudio-output = speakers\n")
        defer { FileOutput.remove(path) }
        guard case .failure(let f) = Appliance.prepare(.init(arguments: ["a.mp4"], configPath: path, ignoreBadConfig: false)) else {
            Issue.record("a bad file was accepted")
            return
        }
        #expect(f.status == 64)
        #expect(f.message == "\(path):2: audio-output: 'speakers' is not allowed; use one of null, alsa (fix the file, or start with --ignore-bad-config)")
    }

    @Test func ignoreBadConfigStartsWithTheDefaults() throws {
        let path = try file("volume = 0.5\nloop = perhaps\n")
        defer { FileOutput.remove(path) }
        let (settings, items) = try Appliance.prepare(.init(arguments: ["--rate", "2", "a.mp4"], configPath: path, ignoreBadConfig: true)).get()
        #expect(items == ["a.mp4"])
        #expect(settings[PlayerOptions.volume] == 1)
        #expect(settings[PlayerOptions.rate] == 2)
    }

    @Test func theCommandLineWinsOverAGoodFile() throws {
        let path = try file("# board\nvolume = 0.5\nloop = yes\n")
        defer { FileOutput.remove(path) }
        let (settings, _) = try Appliance.prepare(.init(arguments: ["--volume=0.3", "a.mp4"], configPath: path, ignoreBadConfig: false)).get()
        #expect(settings[PlayerOptions.volume] == 0.3)
        #expect(settings[PlayerOptions.loop])
    }

    @Test func aNamedFileMustExistButTheDefaultOneMayNot() {
        guard case .failure(let f) = Appliance.prepare(.init(arguments: ["a.mp4"], configPath: "/nonexistent/p.conf", ignoreBadConfig: false)) else {
            Issue.record("a missing named file was accepted")
            return
        }
        #expect(f.message.hasPrefix("/nonexistent/p.conf: cannot read the options file"))
    }

    @Test func everyDeclaredOptionParsesItsDefaultAndRefusesNonsense() {
        for d in AppOptions.catalog.declarations {
            if let v = d.defaultValue {
                #expect((try? d.parse(v.description).get()) == v, "\(d.name)'s default does not read back")
            }
            if case .text = d.kind { continue }
            guard case .failure(let e) = d.parse("nonsense!") else {
                Issue.record("\(d.name) took 'nonsense!'")
                continue
            }
            #expect(e.message == "\(d.name): 'nonsense!' is not allowed; use \(d.allowed)")
        }
    }

    @Test func exitStatusTellsWhetherItemsPlayed() {
        #expect(ExitStatus.atEnd(playedToEnd: 3, failed: 0) == 0)
        #expect(ExitStatus.atEnd(playedToEnd: 0, failed: 2) == 2)
        #expect(ExitStatus.atEnd(playedToEnd: 1, failed: 1) == 4)
    }
}
