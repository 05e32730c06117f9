/// The libgpiod this build was made against: 1 (Debian 12, the v1 kernel interface) by default,
/// 2 when the build sets PLAYHEAD_GPIOD2 (Debian 13's libgpiod 2.2 in the aarch64 cross build).
#if PLAYHEAD_GPIOD2
public typealias SystemGPIO = LibGPIOD2
#else
public typealias SystemGPIO = LibGPIOD1
#endif
