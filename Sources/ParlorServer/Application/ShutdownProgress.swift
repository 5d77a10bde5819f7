import Foundation
import Synchronization

/// What a node still waits for while it stops, so that a stop that overruns its deadline can say
/// so instead of hanging in silence.
///
/// The application's services stop one after another, newest first, after the HTTP server
/// (which waits for every request in flight and every socket): whichever is first still running
/// in that order is what the node waits for. The server is not a service of ours, so it counts as
/// stopping until the first of ours is told to stop.
public final class ShutdownProgress: Sendable {
    private enum Phase: Sendable {
        case serving
        case stopping
        case closingDatabase
    }

    private enum ServiceState: Sendable {
        case running
        case stopping
        case finished
    }

    private struct Service: Sendable {
        var name: String
        var state: ServiceState
        /// What it is doing, read when a report is made (say, how many sockets it still closes).
        var detail: (@Sendable () -> String?)?
    }

    private struct Request: Sendable {
        var method: String
        var route: String
        var id: String?
        var since: ContinuousClock.Instant
    }

    private struct State: Sendable {
        var phase = Phase.serving
        /// In the order they were started; they stop in the reverse order.
        var services: [Service] = []
        var requests: [UInt64: Request] = [:]
        var nextRequest: UInt64 = 0
        /// What the HTTP server waits for besides requests (the real-time sockets still open).
        var serverDetail: (@Sendable () -> String?)?
    }

    private let state = Mutex(State())

    public init() {}

    // MARK: Told by the parts as they go

    /// The node was asked to stop.
    public func stopRequested() {
        state.withLock { state in
            if case .serving = state.phase { state.phase = .stopping }
        }
    }

    /// Every service has stopped; the database is being closed.
    public func closingDatabase() {
        state.withLock { $0.phase = .closingDatabase }
    }

    /// A request came in; returns its ticket for ``requestFinished(_:)``.
    func requestStarted(method: String, path: String, id: String?) -> UInt64 {
        state.withLock { state in
            state.nextRequest &+= 1
            state.requests[state.nextRequest] = Request(method: method, route: Self.route(of: path), id: id, since: .now)
            return state.nextRequest
        }
    }

    func requestFinished(_ ticket: UInt64) {
        _ = state.withLock { $0.requests.removeValue(forKey: ticket) }
    }

    func serverWaits(for detail: @escaping @Sendable () -> String?) {
        state.withLock { $0.serverDetail = detail }
    }

    func registered(_ name: String, detail: (@Sendable () -> String?)?) {
        state.withLock { $0.services.append(Service(name: name, state: .running, detail: detail)) }
    }

    func serviceStopping(_ name: String) {
        update(name) { if $0 == .running { $0 = .stopping } }
    }

    func serviceFinished(_ name: String) {
        update(name) { $0 = .finished }
    }

    private func update(_ name: String, _ change: (inout ServiceState) -> Void) {
        state.withLock { state in
            guard let index = state.services.firstIndex(where: { $0.name == name }) else { return }
            change(&state.services[index].state)
        }
    }

    // MARK: Read by whoever reports

    /// One line: what the node is waiting for right now, and what else has yet to stop.
    public func report(at now: ContinuousClock.Instant = .now) -> String {
        let (phase, services, requests, serverDetail) = state.withLock { ($0.phase, $0.services, $0.requests, $0.serverDetail) }
        switch phase {
        case .serving: return "nothing: the node is not stopping"
        case .closingDatabase: return "closing the database (a connection still in use)"
        case .stopping: break
        }
        let unfinished = services.reversed().filter { $0.state != .finished }
        let serverStopping = !services.contains { $0.state != .running }
        var waiting: [String] = []
        if serverStopping || !requests.isEmpty {
            var parts: [String] = []
            if !requests.isEmpty { parts.append(Self.describe(requests.values, at: now)) }
            if let detail = serverDetail?() { parts.append(detail) }
            waiting.append("the HTTP server" + (parts.isEmpty ? "" : " (\(parts.joined(separator: "; ")))"))
        }
        let current = unfinished.first { $0.state == .stopping } ?? (serverStopping ? nil : unfinished.first)
        if let current { waiting.append("the \(current.name)" + (current.detail?().map { " (\($0))" } ?? "")) }
        let behind = unfinished.filter { $0.name != current?.name }.map { $0.name + ($0.detail?().map { " (\($0))" } ?? "") }
        var line = waiting.isEmpty ? "nothing: every service has stopped" : waiting.joined(separator: "; ")
        if !behind.isEmpty { line += "; then: " + behind.joined(separator: ", ") }
        return line
    }

    private static func describe(_ requests: Dictionary<UInt64, Request>.Values, at now: ContinuousClock.Instant) -> String {
        let oldest = requests.sorted { $0.since < $1.since }
        let shown = oldest.prefix(3).map { request in
            let seconds = (now - request.since).components.seconds
            return "\(request.method) \(request.route) for \(seconds) s" + (request.id.map { ", request id \($0)" } ?? "")
        }
        let more = oldest.count > shown.count ? ", …" : ""
        return "\(requests.count) request\(requests.count == 1 ? "" : "s") in flight: " + shown.joined(separator: ", ") + more
    }

    /// A path cut to its first segment: enough to tell which capability is stuck, and a path can
    /// carry a credential further on (a device's push token), which a log must never hold.
    static func route(of path: String) -> String {
        let segments = path.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: true)
        guard let first = segments.first else { return "/" }
        return "/" + first + (segments.count > 1 ? "/…" : "")
    }
}
