import Playhead
import PlayheadALSA
import PlayheadGPIO
import PlayheadKMS
@testable import PlayheadApp
import Testing

/// The appliance's keys against the real catalog: the declared defaults with nothing given, and
/// typed values from an options file, the display keys the appliance reads included.
@Suite struct AppOptionKeysTests {
    let catalog = AppOptions.catalog

    @Test func nothingGivenReadsTheDeclaredDefaults() {
        let s = Settings(catalog: catalog)
        #expect(s[AppOptions.videoOutput] == .null && s[AppOptions.audioOutput] == .null && s[AppOptions.atEnd] == .exit)
        #expect(s[AppOptions.console] == "auto" && s[AppOptions.consoleBaud] == 115_200 && s[AppOptions.consoleFormat] == .text)
        #expect(s[AppOptions.socket] == nil && s[AppOptions.control] == nil && s[AppOptions.playlist] == nil)
        #expect(s[AppOptions.removableMedia] == "/media,/run/media,/mnt" && s[AppOptions.removableURLs] == false)
        #expect(s[AppOptions.events] == "text" && s[AppOptions.logLevel] == "info" && s[AppOptions.syslog] && !s[AppOptions.stats])
        #expect(s[AppOptions.safeMode] == nil && s[AppOptions.safeModeSeconds] == 600 && s[AppOptions.slate] == "/usr/share/playhead/slate.mp4")
        #expect(s[AppOptions.watchdogDevice] == nil && s[AppOptions.watchdogTimeout] == 15 && !s[AppOptions.debugCommands])
        #expect(s[AppOptions.stateFile] == nil && s[AppOptions.stateInterval] == 10)
        #expect(s[PlayerOptions.volume] == 1 && !s[PlayerOptions.mute] && s[PlayerOptions.rate] == 1 && !s[PlayerOptions.loop])
        #expect(s[PlayerOptions.start] == nil && s[PlayerOptions.networkTimeout] == 10 && s[PlayerOptions.reconnect])
        #expect(s[PlayerOptions.stallLimit] == 20 && s[PlayerOptions.slateColor] == "102040" && PlayerOptions.slateRGB(s) == 0x10_20_40)
        #expect(s[ALSAOptions.device] == nil && s[ALSAOptions.bufferMilliseconds] == 50 && !s[ALSAOptions.resumeOnReturn])
        #expect(s[GPIOOptions.debounceMilliseconds] == 30 && s[GPIOOptions.repeatMilliseconds] == 150)
        #expect(s[DisplayOptions.card] == nil && s[DisplayOptions.connector] == nil && s[DisplayOptions.mode] == "preferred")
        #expect(s[DisplayOptions.screenshot] == nil && s[DisplayOptions.screenshotFrame] == 30)
        #expect(s[DisplayOptions.screenshotFolder] == "/run/playhead/screenshots" && s[DisplayOptions.screenshotKeep] == 10)
        #expect(s[DisplayOptions.captureEvery] == 0 && s[DisplayOptions.captureFolder] == nil)
    }

    @Test func anOptionsFileGivesTypedValues() throws {
        let text = """
        video-output = drm
        audio-output = alsa
        at-end = wait
        console-format = json
        console-baud = 9600
        socket = /run/playhead/control.sock
        state-interval = 30
        volume = 0.5
        start = 12.5
        reconnect = no
        slate-color = ff0000
        audio-device = hw:1,0
        button-hold-ms = 1000
        drm-card = /dev/dri/card1
        display = HDMI-A-1
        display-mode = match
        screenshot = /tmp/shot.png
        screenshot-frame = 5
        screenshot-dir = /data/shots
        screenshot-keep = 3
        capture-every = 2
        capture-dir = /tmp/frames
        """
        let s = Settings(catalog: catalog, file: try OptionsFile.parse(text, path: "p.conf", catalog: catalog).get())
        #expect(s[AppOptions.videoOutput] == .drm && s[AppOptions.audioOutput] == .alsa && s[AppOptions.atEnd] == .wait)
        #expect(s[AppOptions.consoleFormat] == .json && s[AppOptions.consoleBaud] == 9600)
        #expect(s[AppOptions.socket] == "/run/playhead/control.sock" && s[AppOptions.stateInterval] == 30)
        #expect(s[PlayerOptions.volume] == 0.5 && s[PlayerOptions.start] == 12.5 && !s[PlayerOptions.reconnect])
        #expect(PlayerOptions.slateRGB(s) == 0xFF_00_00)
        #expect(s[ALSAOptions.device] == "hw:1,0" && s[GPIOOptions.holdMilliseconds] == 1000)
        #expect(s[DisplayOptions.card] == "/dev/dri/card1" && s[DisplayOptions.connector] == "HDMI-A-1" && s[DisplayOptions.mode] == "match")
        #expect(s[DisplayOptions.screenshot] == "/tmp/shot.png" && s[DisplayOptions.screenshotFrame] == 5)
        #expect(s[DisplayOptions.screenshotFolder] == "/data/shots" && s[DisplayOptions.screenshotKeep] == 3)
        #expect(s[DisplayOptions.captureEvery] == 2 && s[DisplayOptions.captureFolder] == "/tmp/frames")
    }
}
