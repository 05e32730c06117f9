import PlayheadCore

/// Content that syncs itself, declared once (help, options file, `get`). Off unless
/// content-url is set.
enum ContentOptions {
    static let url = OptionKey.text("content-url", placeholder: "http[s]://.../manifest.json", group: "content",
                                    help: "a content server's manifest (docs/fleet.md): its files are downloaded, verified and played as one generation; off when unset",
                                    check: { $0.hasPrefix("http://") || $0.hasPrefix("https://") ? nil : "content-url: '\($0)' is not an http:// or https:// address" })
    static let folder = OptionKey.text("content-dir", placeholder: "DIR", default: "/data/content", group: "content",
                                       help: "where the generations are kept (on /data: it must take hard links)")
    static let interval = OptionKey.integer("content-interval", 10...86_400, default: 300, group: "content",
                                            help: "seconds between two looks at the manifest (`sync` looks at once)")
    static let limit = OptionKey.integer("content-limit", 1...10_000_000, default: 2048, group: "content",
                                         help: "megabytes the content folder may hold, the generation playing and the next together")

    static let timeout = OptionKey.integer("content-timeout", 2...600, default: 30, group: "content",
                                           help: "seconds a content server may stay silent before a download is cut and tried again later")

    static let declarations: [OptionDeclaration] = [url.declaration, folder.declaration, interval.declaration, limit.declaration, timeout.declaration]
}
