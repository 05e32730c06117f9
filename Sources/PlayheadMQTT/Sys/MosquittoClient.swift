#if canImport(Glibc)
import Glibc
#endif
import CMosquitto
import PlayheadCore

/// One libmosquitto client, driven from outside: the owner's thread polls `socket`, then calls
/// `read`, `write` and `housekeeping`, so no thread of libmosquitto's own ever runs and a
/// publish from the owner wakes nothing but the owner's poll. This file is the only one that
/// calls libmosquitto, one small function per call; no pointer leaves it. libmosquitto calls
/// back only from inside `read`, `write` and `housekeeping`, on the owner's thread: the
/// callbacks append to an inbox the owner takes after each call.
final class MosquittoClient {
    enum Incoming: Sendable, Equatable {
        /// The broker's CONNACK: 0 is accepted, anything else a reason it refused.
        case connected(reason: Int32)
        case disconnected(reason: Int32)
        /// `payload` nil: over the limit, left unread. A response topic or correlation data
        /// over their limits drop the message (`refused`).
        case message(topic: String, payload: [UInt8]?, responseTopic: String?, correlation: [UInt8]?)
        case refused(topic: String, why: String)
    }

    /// What the callbacks fill; reached through libmosquitto's userdata pointer.
    private final class Inbox {
        var items: [Incoming] = []
        let maxPayload: Int
        init(maxPayload: Int) { self.maxPayload = maxPayload }
    }

    static let maxResponseTopic = 256
    static let maxCorrelation = 1024

    private let handle: OpaquePointer
    private let inbox: Inbox

    /// libmosquitto's global set-up (OpenSSL's), once per process.
    private static let initialized: Bool = mosquitto_lib_init() == Int32(MOSQ_ERR_SUCCESS.rawValue)

    /// A client that speaks MQTT 5 and starts each connection with a clean session.
    init(clientID: String, maxPayload: Int) throws(MQTTError) {
        guard Self.initialized else { throw MQTTError("libmosquitto did not initialise (its TLS library?)") }
        let inbox = Inbox(maxPayload: maxPayload)
        guard let h = mosquitto_new(clientID, true, Unmanaged.passUnretained(inbox).toOpaque()) else {
            throw MQTTError("libmosquitto could not make a client (\(ErrnoText.describe(errno)))")
        }
        handle = h
        self.inbox = inbox
        _ = mosquitto_int_option(h, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5)
        mosquitto_connect_v5_callback_set(h) { _, obj, reason, _, _ in
            MosquittoClient.inbox(obj)?.items.append(.connected(reason: reason))
        }
        mosquitto_disconnect_v5_callback_set(h) { _, obj, reason, _ in
            MosquittoClient.inbox(obj)?.items.append(.disconnected(reason: reason))
        }
        mosquitto_message_v5_callback_set(h) { _, obj, message, props in
            guard let box = MosquittoClient.inbox(obj), let m = message?.pointee else { return }
            box.items.append(MosquittoClient.incoming(m, props: props, maxPayload: box.maxPayload))
        }
    }

    deinit {
        // The inbox outlives the handle: libmosquitto holds its pointer until here.
        mosquitto_destroy(handle)
    }

    private static func inbox(_ obj: UnsafeMutableRawPointer?) -> Inbox? {
        obj.map { Unmanaged<Inbox>.fromOpaque($0).takeUnretainedValue() }
    }

    private static func incoming(_ m: mosquitto_message, props: OpaquePointer?, maxPayload: Int) -> Incoming {
        let topic = m.topic.map { String(cString: $0) } ?? ""
        var responseTopic: String?
        var text: UnsafeMutablePointer<CChar>?
        if mosquitto_property_read_string(props, Int32(MQTT_PROP_RESPONSE_TOPIC.rawValue), &text, false) != nil, let text {
            defer { free(text) }
            guard strlen(text) <= maxResponseTopic else { return .refused(topic: topic, why: "its response topic is over \(maxResponseTopic) bytes") }
            responseTopic = String(cString: text)
        }
        var correlation: [UInt8]?
        var data: UnsafeMutableRawPointer?
        var length: UInt16 = 0
        if mosquitto_property_read_binary(props, Int32(MQTT_PROP_CORRELATION_DATA.rawValue), &data, &length, false) != nil {
            defer { free(data) }
            guard Int(length) <= maxCorrelation else { return .refused(topic: topic, why: "its correlation data is over \(maxCorrelation) bytes") }
            correlation = data.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(length))) } ?? []
        }
        var payload: [UInt8]?
        if m.payloadlen >= 0, Int(m.payloadlen) <= maxPayload {
            payload = m.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(m.payloadlen))) } ?? []
        }
        return .message(topic: topic, payload: payload, responseTopic: responseTopic, correlation: correlation)
    }

    /// What the callbacks left since the last call.
    func takeIncoming() -> [Incoming] {
        defer { inbox.items.removeAll(keepingCapacity: true) }
        return inbox.items
    }

    func setCredentials(username: String, password: String) throws(MQTTError) {
        try check(mosquitto_username_pw_set(handle, username, password), "setting the MQTT user name")
    }

    /// TLS with the broker's certificate checked against `caFile` (or the system's authorities
    /// when nil), its name against the host connected to.
    func setTLS(caFile: String?) throws(MQTTError) {
        if let caFile {
            try check(mosquitto_tls_set(handle, caFile, nil, nil, nil, nil), "loading the MQTT CA file \(caFile)")
        } else {
            try check(mosquitto_int_option(handle, MOSQ_OPT_TLS_USE_OS_CERTS, 1), "using the system's certificate authorities")
        }
    }

    /// What the broker publishes for us when we vanish without a goodbye.
    func setWill(topic: String, payload: [UInt8], retained: Bool) throws(MQTTError) {
        try check(mosquitto_will_set_v5(handle, topic, Int32(payload.count), payload, 1, retained, nil), "setting the last will")
    }

    /// Starts a connection without waiting for it (the name is resolved here, though): the
    /// CONNACK comes later through `read`. Any connection left is closed first.
    func connect(host: String, port: Int, keepAliveSeconds: Int) throws(MQTTError) {
        try check(mosquitto_connect_async(handle, host, Int32(port), Int32(keepAliveSeconds)), "connecting to \(host):\(port)")
    }

    /// The connection's descriptor, -1 while there is none.
    var socket: Int32 { mosquitto_socket(handle) }

    /// Why a connection attempt's socket failed (SO_ERROR), if it says.
    func socketProblem() -> String? {
        let fd = socket
        guard fd >= 0 else { return nil }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error != 0 else { return nil }
        return ErrnoText.describe(error)
    }

    /// Whether libmosquitto holds bytes it could not write yet (poll for writable).
    var wantsWrite: Bool { mosquitto_want_write(handle) }

    /// Reads what the broker sent; a failure has closed the connection (and said so in the inbox).
    @discardableResult func read() -> Int32 { mosquitto_loop_read(handle, 1) }

    @discardableResult func write() -> Int32 { mosquitto_loop_write(handle, 1) }

    /// Keep-alive pings, and closing a connection whose pings went unanswered.
    @discardableResult func housekeeping() -> Int32 { mosquitto_loop_misc(handle) }

    func subscribe(_ topic: String) throws(MQTTError) {
        try check(mosquitto_subscribe_v5(handle, nil, topic, 1, 0, nil), "subscribing to \(topic)")
    }

    /// At most once (QoS 0): libmosquitto then keeps nothing after the socket took it, so the
    /// owner's bounded queue is the only backlog there is.
    func publish(topic: String, payload: [UInt8], retained: Bool, correlation: [UInt8]?) throws(MQTTError) {
        var props: OpaquePointer?
        defer { mosquitto_property_free_all(&props) }
        if let correlation {
            try check(mosquitto_property_add_binary(&props, Int32(MQTT_PROP_CORRELATION_DATA.rawValue), correlation, UInt16(correlation.count)),
                      "adding correlation data")
        }
        try check(mosquitto_publish_v5(handle, nil, topic, Int32(payload.count), payload, 0, retained, props), "publishing on \(topic)")
    }

    /// A clean goodbye (no last will); the socket closes once it is written.
    func disconnect() {
        _ = mosquitto_disconnect(handle)
    }

    /// libmosquitto's error number in words.
    static func describe(_ rc: Int32) -> String {
        if rc == Int32(MOSQ_ERR_ERRNO.rawValue) { return ErrnoText.describe(errno) }
        // 2.0.11's own words for it are "Unknown error.".
        if rc == Int32(MOSQ_ERR_KEEPALIVE.rawValue) { return "no answer to the keep-alive ping" }
        return String(cString: mosquitto_strerror(rc))
    }

    /// An MQTT 5 reason code (a CONNACK's, a DISCONNECT's) in words.
    static func reason(_ code: Int32) -> String {
        String(cString: mosquitto_reason_string(code))
    }

    static let notConnected = Int32(MOSQ_ERR_NO_CONN.rawValue)

    private func check(_ rc: Int32, _ doing: String) throws(MQTTError) {
        guard rc != Int32(MOSQ_ERR_SUCCESS.rawValue) else { return }
        throw MQTTError("\(doing): \(Self.describe(rc))")
    }
}

