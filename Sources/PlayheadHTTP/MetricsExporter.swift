import Prometheus
import Synchronization

/// /metrics in Prometheus' text format through swift-prometheus's registry. The appliance's
/// numbers are read at each scrape; a counter is moved by what it grew since the last one
/// (Prometheus counters only go up), a gauge is set.
final class MetricsExporter: Sendable {
    private struct State {
        var counters: [String: (counter: Counter, last: Double)] = [:]
        var gauges: [String: Gauge] = [:]
    }
    private let registry = PrometheusCollectorRegistry()
    private let state = Mutex(State())

    func render(_ metrics: RemoteMetrics) -> [UInt8] {
        state.withLock { s in
            for m in metrics.counters {
                let key = Self.key(m)
                if s.counters[key] == nil {
                    s.counters[key] = (registry.makeCounter(descriptor: Self.descriptor(m), labels: m.labels), 0)
                }
                let (counter, last) = s.counters[key]!
                if m.value > last {
                    counter.increment(by: m.value - last)
                } else if m.value < last {
                    // A count that went back (a part that was reset) starts its counter again.
                    counter.reset()
                    counter.increment(by: m.value)
                }
                s.counters[key] = (counter, m.value)
            }
            for m in metrics.gauges {
                let key = Self.key(m)
                let gauge = s.gauges[key] ?? registry.makeGauge(descriptor: Self.descriptor(m), labels: m.labels)
                s.gauges[key] = gauge
                gauge.set(to: m.value)
            }
        }
        return registry.emitToBuffer()
    }

    private static func descriptor(_ m: RemoteMetrics.Value) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "playhead", metricName: m.name, unitName: m.unit, helpText: m.help)
    }

    private static func key(_ m: RemoteMetrics.Value) -> String {
        m.name + m.labels.map { "|\($0.0)=\($0.1)" }.joined()
    }
}
