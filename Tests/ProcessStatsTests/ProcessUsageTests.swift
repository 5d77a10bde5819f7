import Foundation
import Testing

@testable import ProcessStats

/// Reading a process's cost the way Prometheus' process metrics do.
@Suite struct ProcessUsageTests {
    @Test func thisProcessHasSpentCPUAndHoldsMemory() {
        var spin = 0.0
        for index in 0..<2_000_000 { spin += Double(index).squareRoot() }
        let usage = ProcessUsage.current()
        #expect(spin > 0 && usage.cpuSeconds > 0)
        #expect((usage.residentBytes ?? 0) > 1_000_000)
        let byPid = ProcessUsage.of(pid: getpid())
        #expect(byPid.map { abs($0.cpuSeconds - usage.cpuSeconds) < 1 } == true, "\(String(describing: byPid)) vs \(usage)")
    }

    @Test func theCommandNameMayHoldSpacesAndParentheses() throws {
        // 52 fields as the kernel writes them; utime 150 and stime 50 ticks are fields 14 and 15.
        let fields = ["S", "1", "1", "1", "0", "-1", "0", "0", "0", "0", "0", "150", "50"] + Array(repeating: "0", count: 37)
        let stat = "4242 (post gres: a (b)) " + fields.joined(separator: " ")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        #expect(try #require(ProcessUsage.cpuSeconds(stat: stat)) == 200 / ticks)
        #expect(ProcessUsage.cpuSeconds(stat: "garbage") == nil)
    }

    @Test func thePrometheusLinesReadBack() throws {
        let usage = ProcessUsage(cpuSeconds: 12.5, residentBytes: 73_400_320)
        let page = "# HELP other a metric\nother_total 3\n" + usage.prometheusText
        #expect(ProcessUsage(prometheusText: page) == usage)
        #expect(ProcessUsage(prometheusText: "other_total 3\n") == nil)
    }

    @Test func postgresProcessesAreFoundByName() {
        let me = ProcessUsage.processes(named: String(ProcessInfo.processInfo.processName.prefix(15)))
        #expect(me.contains(getpid()))
    }
}
