/// Language codes compared as people and containers write them: ISO 639-1 ("fr"), ISO 639-2 in
/// its bibliographic and terminology forms ("fre", "fra"), and BCP 47 tags ("fr-CA"), all
/// turned to one form so that a preference "de" finds a track marked "ger".
public enum LanguageCode {
    /// ISO 639-1 followed by its ISO 639-2 codes (terminology first, then bibliographic where it
    /// differs), for the languages a film or a museum's guide is likely to carry. A code not
    /// listed is compared as written, lower-cased.
    private static let table = """
        af afr|am amh|ar ara|az aze|be bel|bg bul|bn ben|bs bos|ca cat|cs ces cze|cy cym wel|da dan|\
        de deu ger|el ell gre|en eng|eo epo|es spa|et est|eu eus baq|fa fas per|fi fin|fil fil|fr fra fre|\
        ga gle|gd gla|gl glg|gu guj|he heb|hi hin|hr hrv|hu hun|hy hye arm|id ind|is isl ice|it ita|\
        ja jpn|ka kat geo|kk kaz|km khm|kn kan|ko kor|ku kur|lb ltz|lo lao|lt lit|lv lav|mi mri mao|\
        mk mkd mac|ml mal|mn mon|mr mar|ms msa may|mt mlt|my mya bur|nb nob|ne nep|nl nld dut|nn nno|\
        no nor|pa pan|pl pol|pt por|ro ron rum|ru rus|si sin|sk slk slo|sl slv|so som|sq sqi alb|sr srp|\
        sv swe|sw swa|ta tam|te tel|th tha|tl tgl|tr tur|uk ukr|ur urd|uz uzb|vi vie|xh xho|yi yid|\
        zh zho chi|zu zul
        """

    private static let toShort: [String: String] = {
        var map: [String: String] = [:]
        for entry in table.split(separator: "|") {
            let codes = entry.split(separator: " ").map(String.init)
            guard let short = codes.first else { continue }
            for code in codes { map[code] = short }
        }
        return map
    }()

    /// The one form a code is compared in: ISO 639-1 where the table has it, else the code's
    /// first subtag lower-cased. "ger", "deu", "DE" and "de-AT" are all "de".
    public static func normalized(_ code: String) -> String {
        let primary = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? code
        let lower = primary.lowercased()
        return toShort[lower] ?? lower
    }

    public static func same(_ a: String, _ b: String) -> Bool { normalized(a) == normalized(b) }

    /// Whether the table knows `code`'s language ("fr", "fre", "pt-BR"): what a word in a file's
    /// name must be to be taken as its language ("film.mkv.srt" is not in "mkv").
    public static func isKnown(_ code: String) -> Bool {
        let primary = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? code
        return toShort[primary.lowercased()] != nil
    }

    /// Whether `code` is one a person could mean: letters only, two to eight of them, with
    /// optional subtags (what `--audio-languages` and the console take).
    public static func isWellFormed(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count),
              first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}
