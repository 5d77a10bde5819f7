import AppFoundation
import Foundation
import GameCore
import GameSession
import Synchronization

/// An endpoint that plays nothing: the online flow's tests only need one to hand to the table.
actor IdleEndpoint<Module: GameModule>: GameSessionEndpoint {
    nonisolated let changes: AsyncStream<Void>
    private let changed: AsyncStream<Void>.Continuation
    private(set) var stopped = false

    init() {
        (changes, changed) = AsyncStream.makeStream()
    }

    func snapshot() -> SessionSnapshot<Module> { SessionSnapshot(phase: .joined, lobby: nil, view: nil) }
    func perform(_ action: Module.Action) async throws(GameError) {}
    func stop() { stopped = true }
}

/// Opens every game on one idle endpoint and remembers which games were opened.
final class IdleGameOpening: OnlineGameOpening {
    let opened = Mutex<[UUID]>([])
    let closed = Mutex(0)

    func open<Module: GameModule>(_ game: UUID, as module: Module.Type) async throws -> OnlineGameLink<Module> {
        opened.withLock { $0.append(game) }
        let endpoint = IdleEndpoint<Module>()
        return OnlineGameLink(endpoint: endpoint) {
            await endpoint.stop()
            self.closed.withLock { $0 += 1 }
        }
    }
}

/// What a test's fake server was asked, in order.
final class CallLog: Sendable {
    private let calls = Mutex<[String]>([])
    func append(_ call: String) { calls.withLock { $0.append(call) } }
    var all: [String] { calls.withLock { $0 } }
}
