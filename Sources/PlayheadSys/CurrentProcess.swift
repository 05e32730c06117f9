/// This process, for names that must not clash with another playhead's (or fuzzer job's).
public enum CurrentProcess {
    public static var id: Int32 { Sys.processID }
}
