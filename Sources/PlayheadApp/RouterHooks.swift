/// What the router cannot do by itself: the appliance gives these, tests give recorders.
public struct RouterHooks: Sendable {
    /// Reads the options file again: nil when there is none, or every bad line.
    public var readOptionsFile: @Sendable () -> Result<OptionsFile?, OptionsFileErrors>
    public var setLogLevel: @Sendable (String) -> Void
    public var setEventFormat: @Sendable (String) -> Void
    /// Monotonic nanoseconds, for the uptime and the event budget.
    public var now: @Sendable () -> Int64
    public var version: String
    /// The chips, lines, buttons and light, for `gpio`.
    public var gpio: @Sendable () -> ReplyValue
    /// Today's parts, what is in force and the next change, for `schedule`.
    public var schedule: @Sendable () -> ReplyValue
    /// The HDMI-CEC adapter and the TV, for `cec`.
    public var cec: @Sendable () -> ReplyValue
    /// The MQTT broker and the link, for `mqtt`.
    public var mqtt: @Sendable () -> ReplyValue
    /// Content sync's state, for `content`.
    public var content: @Sendable () -> ReplyValue
    /// `sync`: the manifest asked for now; nil when there is no content sync.
    public var contentSync: @Sendable () -> ReplyValue?
    /// The screen switched on or off (`display`, the schedule): the TV follows over CEC.
    public var screenSwitched: @Sendable (Bool) -> Void
    /// The sync group, the role and the offset from the leader, for `status`; nil without one.
    public var syncGroup: @Sendable () -> ReplyValue?

    /// What `schedule` and `cec` answer when there is none.
    public static let noSchedule = ReplyValue.string("no schedule; schedule.DAYS lines in the options file make one")
    public static let noCEC = ReplyValue.string("no HDMI-CEC; cec-device (/dev/cec0) in the options turns it on")
    public static let noContent = "no content sync; content-url (the manifest's http:// or https:// address) in the options turns it on"
    public static let noMQTT = ReplyValue.string("no MQTT; mqtt-url (mqtt://HOST:PORT) in the options turns it on")

    public init(readOptionsFile: @escaping @Sendable () -> Result<OptionsFile?, OptionsFileErrors> = { .success(nil) },
                setLogLevel: @escaping @Sendable (String) -> Void = { _ in },
                setEventFormat: @escaping @Sendable (String) -> Void = { _ in },
                now: @escaping @Sendable () -> Int64, version: String,
                gpio: @escaping @Sendable () -> ReplyValue = { .string("no GPIO buttons or light are mapped (`help options` shows button.NAME)") },
                schedule: @escaping @Sendable () -> ReplyValue = { RouterHooks.noSchedule },
                cec: @escaping @Sendable () -> ReplyValue = { RouterHooks.noCEC },
                mqtt: @escaping @Sendable () -> ReplyValue = { RouterHooks.noMQTT },
                content: @escaping @Sendable () -> ReplyValue = { .string(RouterHooks.noContent) },
                contentSync: @escaping @Sendable () -> ReplyValue? = { nil },
                screenSwitched: @escaping @Sendable (Bool) -> Void = { _ in },
                syncGroup: @escaping @Sendable () -> ReplyValue? = { nil }) {
        self.syncGroup = syncGroup
        self.cec = cec
        self.mqtt = mqtt
        self.content = content
        self.contentSync = contentSync
        self.screenSwitched = screenSwitched
        self.gpio = gpio
        self.schedule = schedule
        self.readOptionsFile = readOptionsFile
        self.setLogLevel = setLogLevel
        self.setEventFormat = setEventFormat
        self.now = now
        self.version = version
    }
}
