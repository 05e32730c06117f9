import PlayheadCore
import Testing

@Suite struct UpdateReportTests {
    @Test func slotsAndAnInstallAsTheAgentWritesThem() {
        let report = UpdateReport(
            slotsText: "booted=B\nversion=2026.11.27.1\nA.version=2026.11.20.1\nA.state=good\n",
            installText: "state=installing\nsource=http://h/a.raucb\nprogress=40\nstep=Copying image to rootfs.0\n",
            fallbackText: nil)
        #expect(report.reply.text == """
            slot: B
            version: 2026.11.27.1
            other:
              slot: A
              version: 2026.11.20.1
              state: good
            install:
              state: installing
              source: http://h/a.raucb
              progress: 40
              step: Copying image to rootfs.0
            """)
    }

    @Test func oddLinesAreLeftOutAndValuesBoundedAndEscaped() {
        let long = String(repeating: "x", count: 500)
        let fields = UpdateReport.fields("junk\n=x\nstate=failed\nmessage=\(long)\nbad key=1\nstep=a\u{1b}[2Jb\n")
        #expect(fields["state"] == "failed")
        #expect(fields["message"]?.count == UpdateReport.maximumValue)
        #expect(fields["step"] == "a\\u{1B}[2Jb")
        #expect(fields.count == 3)
    }

    @Test func theReasonForAFallback() {
        let report = UpdateReport(slotsText: "booted=A\n", installText: nil,
                                  fallbackText: "slot B (version 2) showed no first frame in 3 boots: back on slot A\nmore\n")
        #expect(report.fallback == "slot B (version 2) showed no first frame in 3 boots: back on slot A")
        #expect(report.reply.text.contains("other:\n  slot: B\n  version: -\n  state: -\nfell-back: slot B (version 2)"))
    }
}
