import Foundation

/// One Prometheus histogram as a text exposition shows it at one moment: cumulative bucket
/// counts, summed over every label set (the overview wants the node's whole traffic).
package struct HistogramReading: Sendable, Equatable {
    package struct Bucket: Sendable, Equatable {
        /// The bucket's `le`, in the histogram's unit; `.infinity` for `+Inf`.
        package var upperBound: Double
        /// Observations at or below `upperBound` (cumulative, as Prometheus counts them).
        package var count: Double

        package init(upperBound: Double, count: Double) {
            self.upperBound = upperBound
            self.count = count
        }
    }

    /// Ascending by bound.
    package var buckets: [Bucket]
    package var count: Double

    package init(buckets: [Bucket], count: Double) {
        self.buckets = buckets
        self.count = count
    }

    /// A histogram nothing has been observed in (or that the registry does not hold yet).
    package static let empty = HistogramReading(buckets: [], count: 0)

    /// The histogram `name` in the exposition `text`; nil when the text does not have it.
    package static func parse(_ text: String, name: String) -> HistogramReading? {
        var byBound: [Double: Double] = [:]
        var count = 0.0
        var found = false
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            if line.hasPrefix(name + "_bucket{") {
                guard let bound = upperBound(in: line), let value = value(of: line) else { continue }
                byBound[bound, default: 0] += value
                found = true
            } else if line.hasPrefix(name + "_count ") || line.hasPrefix(name + "_count{") {
                guard let value = value(of: line) else { continue }
                count += value
                found = true
            }
        }
        guard found else { return nil }
        let buckets = byBound.sorted { $0.key < $1.key }.map { Bucket(upperBound: $0.key, count: $0.value) }
        return HistogramReading(buckets: buckets, count: count)
    }

    /// What was observed between `earlier` and this reading. A count that went down means the
    /// process (or the metric) started again since, so everything this reading holds is new.
    package func since(_ earlier: HistogramReading) -> HistogramReading {
        let bounds = buckets.map(\.upperBound)
        guard count >= earlier.count, bounds == earlier.buckets.map(\.upperBound) || earlier.buckets.isEmpty else { return self }
        var deltas: [Bucket] = []
        for (index, bucket) in buckets.enumerated() {
            let before = earlier.buckets.isEmpty ? 0 : earlier.buckets[index].count
            guard bucket.count >= before else { return self }
            deltas.append(Bucket(upperBound: bucket.upperBound, count: bucket.count - before))
        }
        return HistogramReading(buckets: deltas, count: count - earlier.count)
    }

    /// The `q` quantile (0…1) interpolated within its bucket, as PromQL's `histogram_quantile`
    /// does; nil when nothing was observed. A rank in the `+Inf` bucket answers the highest
    /// finite bound: the histogram knows no more than that.
    package func quantile(_ q: Double) -> Double? {
        guard let total = buckets.last?.count, total > 0 else { return nil }
        let rank = min(max(q, 0), 1) * total
        var lowerBound = 0.0
        var lowerCount = 0.0
        for bucket in buckets {
            if bucket.count >= rank, bucket.count > lowerCount {
                guard bucket.upperBound.isFinite else { return lowerBound }
                let share = (rank - lowerCount) / (bucket.count - lowerCount)
                return lowerBound + (bucket.upperBound - lowerBound) * share
            }
            if bucket.upperBound.isFinite { lowerBound = bucket.upperBound }
            lowerCount = bucket.count
        }
        return lowerBound
    }

    private static func upperBound(in line: Substring) -> Double? {
        guard let start = line.range(of: "le=\"") else { return nil }
        let rest = line[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        let text = rest[..<end]
        if text == "+Inf" || text == "Inf" { return .infinity }
        return Double(text)
    }

    private static func value(of line: Substring) -> Double? {
        guard let space = line.lastIndex(of: " ") else { return nil }
        return Double(line[line.index(after: space)...].trimmingCharacters(in: .whitespaces))
    }
}
