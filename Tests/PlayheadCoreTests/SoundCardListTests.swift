import Testing
import PlayheadCore

@Suite struct SoundCardListTests {
    let board = """
     0 [Loopback       ]: Loopback - Loopback
                          Loopback 1
     1 [Dummy          ]: Dummy - Dummy
                          Dummy 1
     2 [vc4hdmi0       ]: vc4-hdmi - vc4-hdmi-0
                          vc4-hdmi-0

    """

    @Test func cardsBecomeRoutesWithHumanNames() {
        let routes = SoundCardList.parse(board)
        #expect(routes.map(\.card) == ["Loopback", "Dummy", "vc4hdmi0"])
        #expect(routes.map(\.name) == ["Loopback", "Dummy", "HDMI"])
        #expect(routes[1].device == "plughw:CARD=Dummy,DEV=0")
        // The Pi's HDMI card through its own definition, which frames IEC958.
        #expect(routes[2].device == "sysdefault:CARD=vc4hdmi0")
        #expect(SoundCardList.parse("--- no soundcards ---\n").isEmpty)
    }

    @Test func deviceNamesTellTheirCard() {
        #expect(SoundCardList.card(ofDevice: "hw:Loopback,0,0") == "Loopback")
        #expect(SoundCardList.card(ofDevice: "plughw:CARD=Dummy,DEV=0") == "Dummy")
        #expect(SoundCardList.card(ofDevice: "sysdefault:CARD=vc4hdmi0") == "vc4hdmi0")
        #expect(SoundCardList.card(ofDevice: "hdmi:CARD=vc4hdmi1,DEV=0") == "vc4hdmi1")
        #expect(SoundCardList.card(ofDevice: "default") == nil)
        #expect(SoundCardList.card(ofDevice: "file:FILE=/tmp/x,FORMAT=raw") == nil)
    }

    @Test func anHDMICardIsTriedThroughItsOwnDefinitionsFirst() {
        let routes = SoundCardList.parse(board)
        #expect(AudioDeviceChoice.candidates(named: nil, preferred: nil, available: routes) == [
            "default", "plughw:CARD=Loopback,DEV=0", "plughw:CARD=Dummy,DEV=0",
            "sysdefault:CARD=vc4hdmi0", "hdmi:CARD=vc4hdmi0,DEV=0", "plughw:CARD=vc4hdmi0,DEV=0",
        ])
        #expect(AudioDeviceChoice.candidates(named: "hdmi:CARD=vc4hdmi0,DEV=0", preferred: nil, available: routes) == ["hdmi:CARD=vc4hdmi0,DEV=0"])
        #expect(SoundCardList.isOwnHDMIDefinition("sysdefault:CARD=vc4hdmi0") && !SoundCardList.isOwnHDMIDefinition("plughw:CARD=Dummy,DEV=0"))
    }

    @Test func listingsDifferAsAppearedAndDisappeared() {
        let all = SoundCardList.parse(board)
        let events = SoundCardList.changes(from: Array(all.prefix(2)), to: [all[0], all[2]])
        #expect(events == [.disappeared(card: "Dummy"), .appeared(all[2])])
    }
}
