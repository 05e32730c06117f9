import PlayheadCore
import Testing

@Suite struct AudioDeviceChoiceTests {
    let cards = [
        AudioRoute(device: "plughw:CARD=Loopback,DEV=0", name: "Loopback", card: "Loopback"),
        AudioRoute(device: "plughw:CARD=Dummy,DEV=0", name: "Dummy", card: "Dummy"),
    ]

    @Test func aNamedDeviceIsTheOnlyOneTried() {
        #expect(AudioDeviceChoice.candidates(named: "hw:2,0", preferred: cards[1].device, available: cards) == ["hw:2,0"])
    }

    @Test func withNoNameDefaultComesFirstThenEveryCard() {
        #expect(AudioDeviceChoice.candidates(named: nil, preferred: nil, available: cards)
            == ["default", "plughw:CARD=Loopback,DEV=0", "plughw:CARD=Dummy,DEV=0"])
        #expect(AudioDeviceChoice.candidates(named: nil, preferred: nil, available: []) == ["default"])
    }

    @Test func thePreferredRouteLeadsAndIsNotTriedTwice() {
        #expect(AudioDeviceChoice.candidates(named: nil, preferred: cards[1].device, available: cards)
            == ["plughw:CARD=Dummy,DEV=0", "default", "plughw:CARD=Loopback,DEV=0"])
    }

    @Test func theFallbackNoteNamesBothDevicesAndWhatToDo() {
        let note = AudioDeviceChoice.fallbackNote(chosen: cards[0].device, name: "Loopback", firstTried: "default",
                                                  error: "cannot open default: No such file or directory")
        #expect(note == "sound: default did not open (cannot open default: No such file or directory); playing on Loopback (plughw:CARD=Loopback,DEV=0), the first card that plays; set audio-device to choose")
    }
}
