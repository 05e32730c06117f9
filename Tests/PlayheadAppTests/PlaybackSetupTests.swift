import Playhead
@testable import PlayheadApp
import PlayheadTestSupport
import Testing

/// What the player reads and plays with, from the options, whatever the outputs are.
@Suite struct PlaybackSetupTests {
    let catalog = AppOptions.catalog

    @Test func sourceOptionsAndTheEnvironmentComeFromTheOptions() throws {
        let file = try OptionsFile.parse("decode-threads = 2\nnetwork-timeout = 3\nreconnect-delay-max = 7\nstall-limit = 0\nrestart-attempts = 3\n",
                                         path: "p.conf", catalog: catalog).get()
        let s = Settings(catalog: catalog, file: file)
        let source = PlaybackSetup.sourceOptions(s)
        #expect(source.decodeThreads == 2 && source.networkTimeoutNanoseconds == 3_000_000_000 && source.reconnectDelayMaxSeconds == 7)
        #expect(PlaybackSetup.sourceOptions(Settings(catalog: catalog, commandLine: ["reconnect": .flag(false)])).reconnectDelayMaxSeconds == nil)
        var environment = PlaybackEnvironment.headless(backend: FakeBackend())
        PlaybackSetup.apply(s, to: &environment)
        #expect(environment.stallLimitNanoseconds == nil && environment.timeStretcher != nil && environment.slateColor == 0x10_20_40)
        #expect(environment.restart == RestartPolicy.Settings(attempts: 3, maxDelayMs: 30_000) && !environment.resumeWhenRouteReturns)
        PlaybackSetup.apply(Settings(catalog: catalog), to: &environment)
        #expect(environment.stallLimitNanoseconds == 20_000_000_000)
    }
}
