import Foundation
import ParlorConsole
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The overview's metrics: reading the move histogram out of Prometheus text, each minute's
/// rate and quantiles, the hour kept in memory, and the chart drawn from it.
@Suite struct ConsoleMetricsTests {
    static let name = "parlor_realtime_move_seconds"

    /// An exposition with the move histogram at cumulative `counts` for bounds 1, 2 and 5 ms, and
    /// an unrelated histogram that must not be mixed in.
    static func exposition(_ counts: [Int], labels: String = "") -> String {
        let bounds = ["0.001", "0.002", "0.005"]
        var lines = ["# TYPE parlor_http_seconds histogram", #"parlor_http_seconds_bucket{le="0.001"} 99"#, "parlor_http_seconds_count 99"]
        lines.append("# TYPE \(name) histogram")
        for (bound, count) in zip(bounds, counts) { lines.append(#"\#(name)_bucket{\#(labels)le="\#(bound)"} \#(count)"#) }
        let total = counts.last ?? 0
        lines.append(#"\#(name)_bucket{\#(labels)le="+Inf"} \#(total)"#)
        lines.append("\(name)_sum\(labels.isEmpty ? " " : "{\(labels.dropLast())} ")0.5")
        lines.append("\(name)_count\(labels.isEmpty ? " " : "{\(labels.dropLast())} ")\(total)")
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func readsTheBucketsAndCountOfOneHistogramOnly() throws {
        let reading = try #require(HistogramReading.parse(Self.exposition([2, 6, 10]), name: Self.name))
        #expect(reading.count == 10)
        #expect(reading.buckets.map(\.upperBound) == [0.001, 0.002, 0.005, .infinity])
        #expect(reading.buckets.map(\.count) == [2, 6, 10, 10])
        #expect(HistogramReading.parse("# nothing here\nother_total 3\n", name: Self.name) == nil)
    }

    @Test func sumsEveryLabelSet() throws {
        let text = Self.exposition([1, 1, 2], labels: #"game="a","#) + Self.exposition([0, 3, 3], labels: #"game="b","#)
        let reading = try #require(HistogramReading.parse(text, name: Self.name))
        #expect(reading.count == 5)
        #expect(reading.buckets.map(\.count) == [1, 4, 5, 5])
    }

    @Test func quantilesAreInterpolatedWithinTheirBucket() throws {
        let reading = try #require(HistogramReading.parse(Self.exposition([2, 6, 10]), name: Self.name))
        // Rank 5 of 10 lies in (1 ms, 2 ms], which holds ranks 3…6: three quarters of the way.
        #expect(abs((reading.quantile(0.5) ?? 0) - 0.00175) < 1e-12)
        // Rank 9.9 lies in (2 ms, 5 ms], which holds ranks 7…10.
        #expect(abs((reading.quantile(0.99) ?? 0) - 0.004925) < 1e-12)
        #expect(HistogramReading.empty.quantile(0.5) == nil)
    }

    @Test func aRankPastTheLastFiniteBucketAnswersThatBound() throws {
        // Four moves, two of them slower than 5 ms: the histogram cannot say how much slower.
        let text = Self.exposition([1, 2, 2]).replacingOccurrences(of: #"le="+Inf"} 2"#, with: #"le="+Inf"} 4"#)
        let reading = try #require(HistogramReading.parse(text, name: Self.name))
        #expect(reading.quantile(0.99) == 0.005)
    }

    @Test func aMinuteIsTheDifferenceOfItsTwoReadings() throws {
        let start = try #require(HistogramReading.parse(Self.exposition([2, 6, 10]), name: Self.name))
        // 60 more moves in the minute: 0 at ≤1 ms, 30 in (1, 2], 30 in (2, 5].
        let end = try #require(HistogramReading.parse(Self.exposition([2, 36, 70]), name: Self.name))
        let sample = MetricsSample.between(start, end, seconds: 60, at: Date(timeIntervalSince1970: 0))
        #expect(sample.movesPerSecond == 1)
        // Rank 30 of the minute's 60 is the top of (1, 2]: exactly 2 ms; the earlier moves do not count.
        #expect(abs((sample.p50Millis ?? 0) - 2) < 1e-9)
        #expect(abs((sample.p99Millis ?? 0) - (2 + 3 * 29.4 / 30)) < 1e-9)
    }

    @Test func aMinuteWithoutMovesHasNoLatency() throws {
        let reading = try #require(HistogramReading.parse(Self.exposition([2, 6, 10]), name: Self.name))
        let sample = MetricsSample.between(reading, reading, seconds: 60, at: Date())
        #expect(sample.movesPerSecond == 0)
        #expect(sample.p50Millis == nil && sample.p99Millis == nil)
    }

    @Test func aCounterThatWentDownStartedAgain() throws {
        let before = try #require(HistogramReading.parse(Self.exposition([20, 60, 100]), name: Self.name))
        let after = try #require(HistogramReading.parse(Self.exposition([0, 6, 12]), name: Self.name))
        let sample = MetricsSample.between(before, after, seconds: 60, at: Date())
        #expect(sample.movesPerSecond == 0.2, "the 12 moves since the restart, not -88")
        #expect(sample.p50Millis != nil && (sample.p50Millis ?? 0) > 1 && (sample.p50Millis ?? 0) <= 2)
    }

    @Test func theHistoryKeepsTheLastSamplesAfterABaseline() async throws {
        let history = MetricsHistory(capacity: 3)
        for moves in [0, 60, 180, 300, 600, 660] {
            await history.record(HistogramReading(buckets: [.init(upperBound: .infinity, count: Double(moves))], count: Double(moves)), seconds: 60, at: Date())
        }
        let samples = await history.recent()
        #expect(samples.map(\.movesPerSecond) == [2, 5, 1], "five intervals after the baseline, the last three kept, oldest first")
    }

    @Test func theSamplerReadsItsSourceEachTime() async throws {
        let texts = [Self.exposition([0, 0, 0]), Self.exposition([30, 60, 90])]
        let calls = Counter()
        let history = MetricsHistory()
        let sampler = MetricsSampler(history: history, interval: .seconds(60), now: { Date(timeIntervalSince1970: 60) }) {
            texts[min(calls.next(), texts.count - 1)]
        }
        await sampler.sample()
        #expect(await history.recent().isEmpty, "the first reading is the baseline")
        await sampler.sample()
        let samples = await history.recent()
        #expect(samples.count == 1)
        #expect(samples.first?.movesPerSecond == 1.5)
        #expect(samples.first?.at == Date(timeIntervalSince1970: 60))
    }

    @Test func theChartIsXMLWithThePointsItWasGiven() throws {
        let chart = LineChart(
            title: "Moves <a second> & more", series: [.init(label: "p50", values: [0, 5, nil, 2, 10])], slots: 60, unit: " ms",
            emptyMessage: "No moves in the last hour")
        #expect(chart.maximum == 10)
        let parsed = try SVGShape(chart.svg)
        #expect(parsed.title == "Moves <a second> & more", "the title is escaped and reads back as given")
        // The gap splits the line: [0, 5] and [2, 10], the newest in the last slot.
        #expect(parsed.lines.count == 2)
        let expected = [(0, 0.0), (1, 5.0), (3, 2.0), (4, 10.0)].map { chart.point(index: $0.0, of: 5, value: $0.1) }
        let drawn = parsed.lines.flatMap { $0 }
        #expect(drawn.count == 4)
        for (point, want) in zip(drawn, expected) {
            #expect(abs(point.x - want.x) < 0.051 && abs(point.y - want.y) < 0.051, "\(point) vs \(want)")
        }
        #expect(abs((drawn.last?.x ?? 0) - (LineChart.width - 96)) < 0.051, "the newest value is at the right edge")
        #expect(abs((drawn.last?.y ?? 0) - 12) < 0.051, "the maximum is at the top")
        #expect(abs((drawn.first?.y ?? 0) - (LineChart.height - 22)) < 0.051, "zero is at the bottom")
        #expect(drawn.map(\.x) == drawn.map(\.x).sorted(), "oldest to newest, left to right")
        #expect(parsed.texts.contains("p50 10 ms"), "the last value is written: \(parsed.texts)")
        #expect(parsed.texts.contains("10 ms"), "the axis' top")
    }

    @Test func anEmptyChartSaysSo() throws {
        let chart = LineChart(title: "Moves", series: [.init(label: "", values: [nil, nil])], slots: 60, unit: "/s", emptyMessage: "No moves in the last hour")
        let parsed = try SVGShape(chart.svg)
        #expect(parsed.lines.isEmpty)
        #expect(parsed.texts.contains("No moves in the last hour"))
        #expect(!parsed.texts.contains("1/s"), "no scale for nothing")
    }
}

/// What a chart's SVG holds, read back with an XML parser (which also proves it well formed).
private final class SVGShape: NSObject, XMLParserDelegate {
    var title = ""
    var texts: [String] = []
    var lines: [[(x: Double, y: Double)]] = []
    private var current: String?
    private var buffer = ""

    init(_ svg: String) throws {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        guard parser.parse() else { throw SVGError(message: "not XML: \(parser.parserError.map { "\($0)" } ?? "?") in \(svg)") }
    }

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        current = element
        buffer = ""
        if element == "polyline" {
            lines.append((attributes["points"] ?? "").split(separator: " ").compactMap { pair in
                let parts = pair.split(separator: ",").compactMap { Double($0) }
                return parts.count == 2 ? (parts[0], parts[1]) : nil
            })
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { buffer += string }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        if element == "title" { title = buffer }
        if element == "text" { texts.append(buffer) }
        buffer = ""
    }
}

private struct SVGError: Error { var message: String }

/// Counts calls from a `@Sendable` closure.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value - 1
    }
}
