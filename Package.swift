// swift-tools-version:6.1
import PackageDescription

// Layout and import rules: README.md, "Map of the code". PlayheadCore imports no C; each C library
// is reached only through its wrapper target; only the executable wires everything together.
let package = Package(
    name: "Playhead",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "playhead", targets: ["playhead"]),
        .library(name: "Playhead", targets: ["Playhead"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        // No traits: the defaults (FullFoundation, ConfigurationSupport) link all of Foundation
        // and ICU, about 40 MB more in a static binary; the API needs neither.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.29.0"),
    ],
    targets: [
        .systemLibrary(name: "CFFmpeg", pkgConfig: "libavformat", providers: [
            .apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev", "libswresample-dev",
                  "libavfilter-dev"]),
        ]),
        .target(name: "CShims", dependencies: ["CFFmpeg"]),
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CGPIOD", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
        // The kernel's CEC framework: linux/cec.h alone, no library.
        .systemLibrary(name: "CCEC", providers: [.apt(["linux-libc-dev"])]),
        // The kernel's clock discipline (sys/timex.h, glibc's): is the system clock synchronised.
        .systemLibrary(name: "CTimex"),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CLibass", pkgConfig: "libass", providers: [.apt(["libass-dev"])]),
        .systemLibrary(name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),
        .target(name: "PlayheadCore", dependencies: [.product(name: "DequeModule", package: "swift-collections")]),
        .target(name: "PlayheadSys", dependencies: [
            "PlayheadCore", "CTimex", .product(name: "DequeModule", package: "swift-collections"),
            .product(name: "Logging", package: "swift-log"), .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .target(name: "Playhead", dependencies: [
            "PlayheadCore", "PlayheadSys", .product(name: "DequeModule", package: "swift-collections"),
        ]),
        .target(name: "PlayheadFFmpeg", dependencies: ["PlayheadCore", "PlayheadSys", "CFFmpeg", "CShims"]),
        .target(name: "PlayheadKMS", dependencies: [
            "PlayheadCore", "PlayheadSys", "CDRM", .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .target(name: "PlayheadALSA", dependencies: [
            "PlayheadCore", "PlayheadSys", "CALSA", .product(name: "DequeModule", package: "swift-collections"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .target(name: "PlayheadGPIO", dependencies: [
            "PlayheadCore", "PlayheadSys", "CGPIOD", .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // The TV over HDMI-CEC (/dev/cecN).
        .target(name: "PlayheadCEC", dependencies: [
            "PlayheadCore", "PlayheadSys", "CCEC", .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // The HTTP API, control page and metrics (off unless --http-listen is given).
        .target(name: "PlayheadHTTP", dependencies: [
            "PlayheadCore", "PlayheadSys",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The fleet over MQTT (libmosquitto; off unless --mqtt-url is given).
        .target(name: "PlayheadMQTT", dependencies: ["PlayheadCore", "PlayheadSys", "CMosquitto"]),
        // Text overlays: shaped by HarfBuzz, drawn by FreeType.
        .target(name: "PlayheadText", dependencies: ["PlayheadCore", "PlayheadSys", "CFreeType", "CHarfBuzz", "CLibass"]),
        // The appliance's wiring: options, outputs, player, command router, inputs, shutdown.
        .target(name: "PlayheadApp", dependencies: [
            "Playhead", "PlayheadFFmpeg", "PlayheadKMS", "PlayheadALSA", "PlayheadGPIO", "PlayheadCEC", "PlayheadSys", "PlayheadHTTP", "PlayheadText",
            "PlayheadMQTT", .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        ]),
        // Its own few flags; everything else comes through PlayheadApp.
        .executableTarget(name: "playhead", dependencies: [
            "PlayheadApp", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: [
            // Release builds link with the toolchain's lld and pack the relative relocations
            // (DT_RELR, glibc 2.36 on): the static binary's 80,000 of them took 1.9 MB of the
            // root and were read at every start. The static standard library's link options
            // export every symbol of ours (35,000, 3.5 MB of names and hash), which nothing
            // looks up: no library loads into playhead, and the image has no backtracer to
            // name frames (docs/boot-time.md, "The bytes").
            .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                          "-Xlinker", "--no-export-dynamic"],
                         .when(platforms: [.linux], configuration: .release)),
        ]),
        // The demux fuzzer (`make fuzz`), or, in a normal build, the replay of its regression inputs.
        .executableTarget(name: "playhead-fuzz", dependencies: ["Playhead", "PlayheadCore", "PlayheadFFmpeg", "PlayheadSys"]),
        .target(name: "PlayheadTestSupport", dependencies: ["PlayheadCore", "PlayheadSys", "Playhead"],
                path: "Tests/PlayheadTestSupport"),
        .testTarget(name: "PlayheadCoreTests", dependencies: ["PlayheadCore"]),
        .testTarget(name: "PlayheadTests", dependencies: ["Playhead", "PlayheadSys", "PlayheadTestSupport"]),
        .testTarget(name: "PlayheadALSATests", dependencies: [
            "PlayheadALSA", "PlayheadCore", "PlayheadSys", "PlayheadTestSupport", .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .testTarget(name: "PlayheadSysTests", dependencies: [
            "PlayheadSys", "PlayheadCore", "PlayheadTestSupport", .product(name: "Logging", package: "swift-log"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .testTarget(name: "PlayheadAppTests", dependencies: [
            "PlayheadApp", "Playhead", "PlayheadALSA", "PlayheadGPIO", "PlayheadKMS", "PlayheadSys", "PlayheadTestSupport",
            "PlayheadHTTP", .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        .testTarget(name: "PlayheadGPIOTests", dependencies: ["PlayheadGPIO", "PlayheadCore", "PlayheadSys", "PlayheadTestSupport"]),
        .testTarget(name: "PlayheadKMSTests", dependencies: [
            "PlayheadKMS", "PlayheadCore", "PlayheadSys", .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .testTarget(name: "PlayheadHTTPTests", dependencies: [
            "PlayheadHTTP", "PlayheadCore", "PlayheadSys", "PlayheadTestSupport",
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        .testTarget(name: "PlayheadTextTests", dependencies: ["PlayheadText", "PlayheadCore", "PlayheadSys"]),
        .testTarget(name: "PlayheadFFmpegTests", dependencies: ["Playhead", "PlayheadFFmpeg", "PlayheadSys", "PlayheadTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
