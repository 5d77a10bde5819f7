import GameCore

/// The client half of the seed's `GameStore`: the host's latest view, and the one action of ours
/// the host has not answered yet. With a `PredictingGameModule` the shown view includes that
/// action at once; whatever the host sends next overwrites it.
struct ClientGame<Module: GameModule>: Sendable {
    struct Pending: Sendable {
        var id: Int
        var action: Module.Action
        var sentAt: SessionInstant
    }

    private(set) var authoritative: StatePayload<Module.View>
    /// What the player sees: the host's view, or our prediction on top of it.
    private(set) var view: Module.View
    private(set) var pending: Pending?
    private var nextActionId: Int
    private var lastProposed = 0

    init(_ payload: StatePayload<Module.View>) {
        authoritative = payload
        view = payload.view
        nextActionId = payload.acknowledged + 1
    }

    var stamp: StateStamp { authoritative.stamp }
    var seat: Int? { authoritative.seat }

    /// Takes a newer state from the host; an older or repeated one changes nothing (false).
    mutating func accept(_ payload: StatePayload<Module.View>) -> Bool {
        guard payload.stamp > authoritative.stamp else { return false }
        if payload.stamp.match != authoritative.stamp.match {
            pending = nil
            nextActionId = payload.acknowledged + 1
        }
        authoritative = payload
        nextActionId = max(nextActionId, payload.acknowledged + 1)
        if let pending, payload.acknowledged >= pending.id { self.pending = nil }
        view = pending.flatMap { predicted($0.action) } ?? payload.view
        return true
    }

    /// Numbers a new action of ours and shows its predicted effect.
    mutating func propose(_ action: Module.Action, now: SessionInstant) throws(GameError) -> ActionPayload<Module.Action> {
        guard authoritative.seat != nil else { throw .invalidAction("Spectators cannot play") }
        guard pending == nil else { throw .invalidAction("Waiting for the host to confirm your last move") }
        if Module.outcome(in: authoritative.view) != nil { throw .gameOver("The game is over") }
        let id = nextActionId
        nextActionId += 1
        lastProposed = id
        pending = Pending(id: id, action: action, sentAt: now)
        view = predicted(action) ?? authoritative.view
        return ActionPayload(match: stamp.match, moveID: id, action: action)
    }

    /// The pending action again, if it has waited `interval` for an answer.
    mutating func resend(now: SessionInstant, after interval: Duration) -> ActionPayload<Module.Action>? {
        guard var pending, now - pending.sentAt >= interval else { return nil }
        pending.sentAt = now
        self.pending = pending
        return ActionPayload(match: stamp.match, moveID: pending.id, action: pending.action)
    }

    /// The host refused our latest action: drop the prediction and report why (once).
    mutating func reject(_ rejection: ActionRejection) -> GameError? {
        guard rejection.match == stamp.match, rejection.moveID == lastProposed else { return nil }
        lastProposed = 0
        pending = nil
        view = authoritative.view
        return rejection.error
    }

    private func predicted(_ action: Module.Action) -> Module.View? {
        guard let seat, let module = Module.self as? any PredictingGameModule.Type else { return nil }
        return predict(module, authoritative.view, action, seat)
    }
}

/// Opens the existential so the prediction runs with the module's own types.
private func predict<Predicting: PredictingGameModule, View, Action>(
    _ module: Predicting.Type, _ view: View, _ action: Action, _ seat: Int
) -> View? {
    guard let view = view as? Predicting.View, let action = action as? Predicting.Action else { return nil }
    return Predicting.predict(view, action, by: seat) as? View
}
