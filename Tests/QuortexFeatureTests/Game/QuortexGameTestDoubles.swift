import AppFoundation
import Foundation
import GameCore
import GameSession
import ParlorClient
import Quortex
import Synchronization

@testable import QuortexFeature

/// The game screen's fixtures: a game as the server describes it, snapshots of a real Quortex
/// position, and a connection whose every closure is set and observable.
@MainActor
enum GameFixtures {
    nonisolated static let gameID = UUID(uuidString: "6f1c2a4e-0000-4000-8000-000000000001") ?? UUID()
    nonisolated static let rematchID = UUID(uuidString: "6f1c2a4e-0000-4000-8000-000000000002") ?? UUID()

    nonisolated static func details(
        status: QuortexGameDetails.Status = .active, realtime: Bool = true, yourSeat: Int? = 0, outcome: GameOutcome? = nil, rematch: UUID? = nil
    ) -> QuortexGameDetails {
        QuortexGameDetails(
            id: gameID, status: status, isRealtime: realtime, players: 2,
            places: [
                .init(seat: status == .waiting ? nil : 0, userID: "me", name: "Hana"),
                .init(seat: status == .waiting ? nil : 1, userID: "olga", name: "Olga", present: false),
            ],
            yourSeat: status == .waiting ? nil : yourSeat, outcome: outcome, rematch: rematch)
    }

    /// A fresh two-player game, with the viewer on the seat to move (so hints apply).
    static func freshState(seed: UInt64 = 7) throws -> QuortexState {
        try QuortexTableModelTests.state(seed: seed)
    }

    static func snapshot(_ state: QuortexState, seat: Int, phase: ClientPhase = .joined) -> SessionSnapshot<Quortex> {
        QuortexTableModelTests.snapshot(state, seat: seat, phase: phase)
    }
}

/// What a test's connection was asked, and what it answers.
final class ConnectionProbe: Sendable {
    let chat: AsyncStream<QuortexChatEvent>
    let chatInput: AsyncStream<QuortexChatEvent>.Continuation
    /// Every reader of the network gets each reading (the banner and the resender both read).
    private let readers = Mutex<[AsyncStream<NetworkState.Reading>.Continuation]>([])
    let sent = Mutex<[String]>([])
    let deliveries = Mutex(0)
    let closes = Mutex(0)
    let queued = Mutex<[QuortexQueuedMove]>([])
    let refused = Mutex<[QuortexRefusedMove]>([])
    let sendRefusal = Mutex<ParlorError?>(nil)

    init() {
        (chat, chatInput) = AsyncStream.makeStream(of: QuortexChatEvent.self)
    }

    func read(_ reading: NetworkState.Reading) {
        for reader in readers.withLock({ $0 }) { reader.yield(reading) }
    }

    var networkReaders: Int { readers.withLock { $0.count } }

    private func readings() -> AsyncStream<NetworkState.Reading> {
        let (stream, continuation) = AsyncStream.makeStream(of: NetworkState.Reading.self)
        readers.withLock { $0.append(continuation) }
        return stream
    }

    /// A connection over `endpoint` answering from this probe.
    func connection(_ endpoint: any GameSessionEndpoint<Quortex>) -> QuortexGameConnection {
        QuortexGameConnection(
            endpoint: endpoint, chatEvents: { self.chat },
            sendChat: { text throws(ParlorError) in
                if let refusal = self.sendRefusal.withLock({ $0 }) { throw refusal }
                self.sent.withLock { $0.append(text) }
            },
            queuedMoves: { self.queued.withLock { $0 } }, refusedMoves: { self.refused.withLock { $0 } },
            deliverQueued: {
                self.deliveries.withLock { $0 += 1 }
                self.queued.withLock { $0 = [] }
            },
            network: NetworkMonitor { self.readings() }, close: { self.closes.withLock { $0 += 1 } })
    }
}

/// Names of the client's calls, in order.
final class GameCallLog: Sendable {
    private let calls = Mutex<[String]>([])
    func append(_ call: String) { calls.withLock { $0.append(call) } }
    var all: [String] { calls.withLock { $0 } }
}

extension QuortexGameClient {
    /// Reads `details`, opens `connection`, and rates the player `rating` before and after
    /// (each call logged); the rest fails the test that calls it.
    static func scripted(
        details: QuortexGameDetails, connection: QuortexGameConnection, ratings: [Int?] = [1200], log: GameCallLog = GameCallLog()
    ) -> QuortexGameClient {
        var client = QuortexGameClient.unimplemented
        let remaining = Mutex(ratings)
        client.game = { _ throws(ParlorError) in
            log.append("game")
            return details
        }
        client.open = { _ throws(ParlorError) in
            log.append("open")
            return connection
        }
        client.rating = { () async throws(ParlorError) -> Int? in
            log.append("rating")
            return remaining.withLock { $0.count > 1 ? $0.removeFirst() : $0.first ?? nil }
        }
        return client
    }
}
