#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import Foundation

/// ProcessStats: what a process has cost so far, CPU seconds and resident memory, read the way
/// Prometheus' standard process metrics are (`process_cpu_seconds_total`,
/// `process_resident_memory_bytes`), for this process or (on Linux) any other by pid.
public struct ProcessUsage: Hashable, Sendable {
    /// User plus system CPU time since the process started.
    public var cpuSeconds: Double
    /// Resident memory now; nil where it cannot be read.
    public var residentBytes: Int?

    public init(cpuSeconds: Double, residentBytes: Int?) {
        self.cpuSeconds = cpuSeconds
        self.residentBytes = residentBytes
    }

    /// This process.
    public static func current() -> ProcessUsage {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        return ProcessUsage(cpuSeconds: cpu, residentBytes: residentBytes(statm: "/proc/self/statm"))
    }

    /// Another process, from `/proc` (Linux); nil when it is gone or unreadable.
    public static func of(pid: Int32) -> ProcessUsage? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let cpu = cpuSeconds(stat: stat) else { return nil }
        return ProcessUsage(cpuSeconds: cpu, residentBytes: residentBytes(statm: "/proc/\(pid)/statm"))
    }

    /// Every process whose command name (`/proc/PID/comm`) starts with `prefix`: the server
    /// processes of a PostgreSQL on this machine, say. Empty off Linux.
    public static func processes(named prefix: String) -> [Int32] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap(Int32.init).filter { pid in
            (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix(prefix) ?? false
        }
    }

    /// utime and stime (fields 14 and 15) of `/proc/PID/stat`, in clock ticks. The command name
    /// (field 2) may hold spaces and parentheses, so fields are counted after its last `)`.
    static func cpuSeconds(stat: String) -> Double? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state); utime is field 14, stime field 15.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ticks > 0 ? (user + system) / ticks : nil
    }

    private static func residentBytes(statm path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }

    /// The two standard Prometheus process metrics, in the text exposition format.
    public var prometheusText: String {
        var text = """
            # HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.
            # TYPE process_cpu_seconds_total counter
            process_cpu_seconds_total \(cpuSeconds)

            """
        if let residentBytes {
            text += """
                # HELP process_resident_memory_bytes Resident memory size in bytes.
                # TYPE process_resident_memory_bytes gauge
                process_resident_memory_bytes \(residentBytes)

                """
        }
        return text
    }

    /// Reads the two metrics back from a Prometheus text page (what `/metrics` answers).
    public init?(prometheusText text: some StringProtocol) {
        var cpu: Double?
        var resident: Int?
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            guard parts.count == 2 else { continue }
            if parts[0] == "process_cpu_seconds_total" { cpu = Double(parts[1]) }
            if parts[0] == "process_resident_memory_bytes" { resident = Double(parts[1]).map { Int($0) } }
        }
        guard let cpu else { return nil }
        self.init(cpuSeconds: cpu, residentBytes: resident)
    }
}
