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
        #expect(SoundCardList.parse("--- no soundcards ---\n").isEmpty)
    }

    @Test func deviceNamesTellTheirCard() {
        #expect(SoundCardList.card(ofDevice: "hw:Loopback,0,0") == "Loopback")
        #expect(SoundCardList.card(ofDevice: "plughw:CARD=Dummy,DEV=0") == "Dummy")
        #expect(SoundCardList.card(ofDevice: "default") == nil)
        #expect(SoundCardList.card(ofDevice: "file:FILE=/tmp/x,FORMAT=raw") == nil)
    }

    @Test func listingsDifferAsAppearedAndDisappeared() {
        let all = SoundCardList.parse(board)
        let events = SoundCardList.changes(from: Array(all.prefix(2)), to: [all[0], all[2]])
        #expect(events == [.disappeared(card: "Dummy"), .appeared(all[2])])
    }
}
