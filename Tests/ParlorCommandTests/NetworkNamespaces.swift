import Foundation

/// Two network namespaces joined by a virtual Ethernet cable (10.77.x.1 and 10.77.x.2 on a /24,
/// with its broadcast address), as two machines on one LAN; only where this process may make
/// them (root with `ip netns`). Removed by `remove()`.
struct NetworkNamespaces {
    let names: [String]
    let addresses: [String]

    /// Nil where namespaces cannot be made (not root, no `ip`, a sandbox that forbids them).
    static func make() -> NetworkNamespaces? {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/ip") || FileManager.default.isExecutableFile(atPath: "/sbin/ip")
        else { return nil }
        let tag = String(getpid() % 10_000) + String(Int.random(in: 0..<100))
        let subnet = Int.random(in: 1...250)
        let names = ["parlor-a\(tag)", "parlor-b\(tag)"]
        let addresses = ["10.77.\(subnet).1", "10.77.\(subnet).2"]
        let veth = ["pva\(tag)", "pvb\(tag)"]
        let steps = [
            ["netns", "add", names[0]], ["netns", "add", names[1]],
            ["link", "add", veth[0], "type", "veth", "peer", "name", veth[1]],
            ["link", "set", veth[0], "netns", names[0]], ["link", "set", veth[1], "netns", names[1]],
            ["-n", names[0], "addr", "add", addresses[0] + "/24", "broadcast", "10.77.\(subnet).255", "dev", veth[0]],
            ["-n", names[1], "addr", "add", addresses[1] + "/24", "broadcast", "10.77.\(subnet).255", "dev", veth[1]],
            ["-n", names[0], "link", "set", veth[0], "up"], ["-n", names[1], "link", "set", veth[1], "up"],
            ["-n", names[0], "link", "set", "lo", "up"], ["-n", names[1], "link", "set", "lo", "up"],
        ]
        let namespaces = NetworkNamespaces(names: names, addresses: addresses)
        for step in steps where !ip(step) {
            namespaces.remove()
            return nil
        }
        return namespaces
    }

    /// The command that runs a program inside namespace `index`.
    func inside(_ index: Int) -> [String] { [Self.ipPath, "netns", "exec", names[index]] }

    func remove() {
        for name in names { _ = Self.ip(["netns", "delete", name]) }
    }

    private static var ipPath: String { FileManager.default.isExecutableFile(atPath: "/usr/bin/ip") ? "/usr/bin/ip" : "/sbin/ip" }

    private static func ip(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ipPath)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
