import GameCore
import GameSession

/// A table endpoint that shows what it is given and records the moves sent, refusing them with
/// `refusal` when one is set: a table model's every state without rules or network, for SwiftUI
/// previews and the models' tests.
public actor ScriptedTableEndpoint<Module: GameModule>: GameSessionEndpoint {
    public nonisolated let changes: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private var current: SessionSnapshot<Module>
    private var refusal: GameError?
    public private(set) var performed: [Module.Action] = []

    public init(_ snapshot: SessionSnapshot<Module>, refusal: GameError? = nil) {
        current = snapshot
        self.refusal = refusal
        (changes, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    public func snapshot() -> SessionSnapshot<Module> { current }

    public func perform(_ action: Module.Action) async throws(GameError) {
        performed.append(action)
        if let refusal { throw refusal }
    }

    /// Shows `snapshot` next, as if the authority had sent it.
    public func show(_ snapshot: SessionSnapshot<Module>) {
        current = snapshot
        continuation.yield()
    }

    /// Refuses the moves from now on with `refusal` (nil accepts them).
    public func refuse(with refusal: GameError?) {
        self.refusal = refusal
    }
}
