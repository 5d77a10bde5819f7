import Foundation
import HTTPTypes
import Logging
import ParlorAPI
import WSClient

/// The reconnect loop and the handling of one socket's frames.
extension RealtimeConnection {
    /// Opens sockets one after the other until closed or until too many attempts failed in a row.
    func run() async {
        var failures = 0
        while !isClosed {
            let opened = await runSocket()
            if isClosed { break }
            if opened {
                statistics.disconnects += 1
                failures = 0
            } else {
                statistics.failedAttempts += 1
                failures += 1
                if let limit = configuration.maxConsecutiveFailures, failures >= limit { break }
            }
            configuration.logger.debug("real-time socket ended; reconnecting", metadata: ["reason": "\(lastFailure ?? "closed")"])
            try? await Task.sleep(for: configuration.reconnectDelay(max(failures, 1)))
        }
        isClosed = true
        current = nil
        finishInbound()
    }

    /// Runs one socket to its end; true when it opened (the upgrade was accepted).
    private func runSocket() async -> Bool {
        generation += 1
        let generation = generation
        current = Socket(generation: generation)
        let token: String?
        do {
            token = try await configuration.accessToken()
        } catch {
            lastFailure = "no access token: \(error)"
            return false
        }
        var headers = HTTPFields()
        if let token { headers[.authorization] = "Bearer \(token)" }
        let settings = WebSocketClientConfiguration(
            maxFrameSize: configuration.maxMessageBytes, additionalHeaders: headers,
            // The heartbeat is the connection's own (`watchHeartbeat`): WebSocket auto-ping would
            // ping every period even while frames flow, a frame each way per socket for nothing.
            autoPing: .disabled)
        let url = configuration.url.absoluteString
        let logger = configuration.logger
        let maxBytes = configuration.maxMessageBytes
        let heartbeat = configuration.heartbeat
        let task = Task<String?, Never> {
            do {
                try await WebSocketClient.connect(url: url, configuration: settings, logger: logger) { inbound, outbound, _ in
                    guard await self.attach(outbound, generation) else { return }
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        if let heartbeat { group.addTask { try await self.watchHeartbeat(generation, period: heartbeat) } }
                        for try await message in inbound.messages(maxSize: maxBytes) {
                            guard case .text(let text) = message else { continue }
                            await self.receive(Data(text.utf8), generation)
                        }
                        group.cancelAll()
                    }
                }
                return nil
            } catch {
                return String(describing: error)
            }
        }
        // killSocket() or close() may have run while the token was fetched.
        guard current?.generation == generation else {
            task.cancel()
            _ = await task.value
            return openedGeneration == generation
        }
        current?.task = task
        let failure = await task.value
        let lapsed = current?.generation == generation && current?.lapsed == true
        lastFailure = lapsed ? "no word from the server for two heartbeats" : failure ?? "the server closed the connection"
        if current?.generation == generation { current = nil }
        return openedGeneration == generation
    }

    /// Makes `outbound` the current socket's writer; false when that socket was killed meanwhile.
    private func attach(_ outbound: WebSocketOutboundWriter, _ generation: Int) -> Bool {
        guard current?.generation == generation, !isClosed else { return false }
        current?.outbound = outbound
        current?.lastHeard = .now
        openedGeneration = generation
        statistics.connects += 1
        return true
    }

    /// One text frame from socket `generation`: resume bookkeeping, then delivery.
    private func receive(_ data: Data, _ generation: Int) async {
        guard current?.generation == generation else { return }
        current?.lastHeard = .now
        guard let (inbound, details) = RealtimeInbound.parse(data) else {
            configuration.logger.debug("ignoring a frame that is not a typed JSON object")
            return
        }
        if inbound.type == .pong, (try? inbound.decode(RealtimePong.self))?.id == Self.heartbeatPingID { return }
        if inbound.type == .welcome {
            current?.welcomed = true
            deliver(inbound)
            for (game, since) in ledger.resumeAll() {
                statistics.resubscriptions += since == nil ? 0 : 1
                try? await send(RealtimeSubscribe(game: game, since: since))
            }
            for (room, since) in ledger.resumeAllRooms() {
                statistics.resubscriptions += since == nil ? 0 : 1
                try? await send(RealtimeDraftSubscribe(room: room, since: since))
            }
            return
        }
        let outcome = ledger.concernsRoom(inbound) ? ledger.receiveRoom(inbound) : ledger.receive(inbound, details)
        statistics.droppedRepeats += outcome.dropped
        for message in outcome.deliver { deliver(message) }
        if let gap = outcome.resubscribe {
            statistics.resubscriptions += 1
            try? await send(RealtimeSubscribe(game: gap.game, since: gap.since))
        }
        if let gap = outcome.resubscribeRoom {
            statistics.resubscriptions += 1
            try? await send(RealtimeDraftSubscribe(room: gap.room, since: gap.since))
        }
    }

    static var heartbeatPingID: String { "parlor-heartbeat" }

    /// Looks at socket `generation` whenever the server could first have been silent for a
    /// heartbeat, pings it then, and gives the socket up (the connection reconnects and resumes)
    /// when a second heartbeat passes without a word. Ends with the socket.
    private func watchHeartbeat(_ generation: Int, period: Duration) async throws {
        let pause = configuration.pause
        while let wait = await heartbeatLook(generation, period: period) {
            try await pause(wait)
        }
    }

    /// One look: pings or gives up as ``RealtimeHeartbeat`` decides; the wait until the next
    /// look, or nil when the socket is gone or given up.
    private func heartbeatLook(_ generation: Int, period: Duration) async -> Duration? {
        guard let socket = current, socket.generation == generation, !socket.lapsed else { return nil }
        let now = ContinuousClock.now
        switch RealtimeHeartbeat.decide(sinceHeard: now - socket.lastHeard, sincePinged: socket.pingedAt.map { now - $0 }, period: period) {
        case .close:
            configuration.logger.debug("no word from the server for two heartbeats; reconnecting")
            current?.lapsed = true
            socket.task?.cancel()
            return nil
        case .ping:
            current?.pingedAt = now
            statistics.heartbeatPings += 1
            try? await send(RealtimePing(id: Self.heartbeatPingID))
        case .none:
            break
        }
        // The send may have waited: look at the socket as it is now.
        guard let socket = current, socket.generation == generation else { return nil }
        return RealtimeHeartbeat.nextLook(now: now, lastHeard: socket.lastHeard, pingedAt: socket.pingedAt, period: period) - now
    }
}
