import GameCore
import GameSession

/// A session endpoint that shows what the test sets and records the moves sent, refusing them
/// with `refusal` when one is set: the table models' states without any rules or network.
actor FakeTableEndpoint<Module: GameModule>: GameSessionEndpoint {
    nonisolated let changes: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private var current: SessionSnapshot<Module>
    private var refusal: GameError?
    private(set) var performed: [Module.Action] = []

    init(_ snapshot: SessionSnapshot<Module>, refusal: GameError? = nil) {
        current = snapshot
        self.refusal = refusal
        (changes, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func snapshot() -> SessionSnapshot<Module> { current }

    func perform(_ action: Module.Action) async throws(GameError) {
        performed.append(action)
        if let refusal { throw refusal }
    }

    func show(_ snapshot: SessionSnapshot<Module>) {
        current = snapshot
        continuation.yield()
    }
}
