import PlayheadCore
import PlayheadKMS
import Testing

/// DRMOptions from the options in force, read through DisplayOptions' keys: the declared
/// defaults, each option given, and the same errors as ever for a bad mode, plane or turn.
@Suite struct DRMOptionsSettingsTests {
    let catalog = OptionCatalog([DisplayOptions.declarations])

    func options(file text: String) throws -> DRMOptions {
        let file = try OptionsFile.parse(text, path: "p.conf", catalog: catalog).get()
        return try DRMOptions(settings: Settings(catalog: catalog, file: file), contentFrameRate: 25000)
    }

    /// A value no file or command line would pass (both check against the declaration), as a
    /// Settings made by hand can hold.
    func error(_ name: String, _ value: String) -> OptionError? {
        do throws(OptionError) {
            _ = try DRMOptions(settings: Settings(catalog: catalog, commandLine: [name: .text(value)]), contentFrameRate: nil)
            return nil
        } catch {
            return error
        }
    }

    @Test func nothingGivenGivesTheDeclaredDefaults() throws {
        let o = try options(file: "")
        #expect(o.card == nil && o.plan.connectorName == nil && o.plan.mode == .preferred && o.plan.plane == .primary)
        #expect(o.gravity == .resizeAspect && !o.modeFollowsItems && o.flipTracePath == nil && o.screenTurn == .none)
        #expect(o.plan.waitForDisplay && o.plan.contentFrameRate == 25000)
    }

    /// The keys carry their declarations' defaults, so a catalog without the display options
    /// (a test's, another program's) reads the same defaults; DRMOptions keeps no copy of them.
    @Test func aCatalogWithoutTheDisplayOptionsStillReadsTheirDefaults() throws {
        let o = try DRMOptions(settings: Settings(catalog: OptionCatalog([])), contentFrameRate: 25000)
        #expect(o == (try options(file: "")))
    }

    @Test func eachOptionGivenIsRead() throws {
        let o = try options(file: """
        drm-card = /dev/dri/card1
        display = HDMI-A-1
        display-mode = 1280x720@50
        display-mode-switch = ITEMS
        display-plane = 31
        video-gravity = resizeaspectfill
        display-rotate = 270
        flip-trace = /tmp/flips.txt
        """)
        #expect(o.card == "/dev/dri/card1" && o.plan.connectorName == "HDMI-A-1")
        #expect(o.plan.mode == .size(width: 1280, height: 720, refreshMillihertz: 50_000) && o.modeFollowsItems)
        #expect(o.plan.plane == .id(31) && o.gravity == .resizeAspectFill)
        #expect(o.screenTurn == .clockwise270 && o.flipTracePath == "/tmp/flips.txt")
        #expect(try options(file: "display-plane = overlay").plan.plane == .overlay)
        #expect(try options(file: "video-gravity = resize").gravity == .resize)
        #expect(try options(file: "display-mode = match").plan.mode == .matchContent)
    }

    @Test func aBadModePlaneOrTurnIsThatOptionsError() {
        #expect(error("display-mode", "huge")?.message == "display-mode: 'huge' is not allowed; use WIDTHxHEIGHT[@HZ], preferred or match")
        #expect(error("display-plane", "sideways")?.message == "display-plane: 'sideways' is not allowed; use primary, overlay or a plane id")
        #expect(error("display-rotate", "45")?.message == "display-rotate: '45' is not allowed; use 0, 90, 180 or 270")
        #expect(error("display-mode", "640x480@60") == nil)
    }
}
