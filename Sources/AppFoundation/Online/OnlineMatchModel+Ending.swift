import GameCore
import GameSession
import ParlorClient

import struct Foundation.UUID

/// How an online game ends: the authority's outcome, the result counted once, resigning after a
/// confirmation, playing by itself, and letting the game go.
extension OnlineMatchModel {
    /// How the authority says the game ended: a resignation or a timeout the server records
    /// outside the game's rules is in the game's outcome, not in the player's view.
    public func finalOutcome() async -> GameOutcome? {
        guard let id = game?.id, let ended = try? await onlineClient.game(id) else { return nil }
        return ended.outcome
    }

    /// The table saw the game end (with the outcome its view carries, if any): asks the authority
    /// when the view does not say, and counts the match in the profile once.
    public func finish(viewOutcome: GameOutcome?) async {
        guard phase == .playing else { return }
        var outcome = viewOutcome
        if outcome == nil { outcome = await finalOutcome() }
        phase = .finished(outcome)
        await record(outcome)
    }

    /// Leaving a game in play resigns it, so it is asked first.
    public func requestResign() {
        guard phase == .playing else { return }
        setConfirmingResign(true)
    }

    public func cancelResign() {
        setConfirmingResign(false)
    }

    /// Resigns on the server and leaves. The player has left even when the server cannot be
    /// told (it then times the seat out), so the phase says resigned either way.
    public func confirmResign() async {
        guard confirmingResign else { return }
        await resign()
    }

    /// Resigns now: for a screen whose own prompt already had the player confirm (the table's
    /// quit question, worded by ``resignQuestion``).
    public func resign() async {
        setConfirmingResign(false)
        guard phase == .playing, let id = game?.id else { return }
        // A failure to tell the server is not kept from the player: they left all the same.
        if (try? await onlineClient.resign(id)) == nil { setRecorded(recordedMatch, error: "The server could not be told; it will time the seat out.") }
        setPhase(.resigned)
    }

    /// Plays the seat by itself with `choose` until the game ends, then finishes it.
    public func playByItself(choose: @escaping @Sendable (Module.View) -> Module.Action?) async {
        guard phase == .playing, let endpoint else { return }
        await EndpointAutoplay.run(endpoint, choose: choose)
        await finish(viewOutcome: await endpoint.snapshot().view.flatMap(Module.outcome(in:)))
    }

    /// Stops following the game and closes its connection.
    public func close() async {
        let link = openLink
        openLink = nil
        await link?.close()
    }

    /// The server's game id names the match, so the profile counts it once however often it is read.
    private func record(_ outcome: GameOutcome?) async {
        guard recordedMatch == nil, let outcome, let id = game.flatMap({ UUID(uuidString: $0.id) }) else { return }
        let match = FinishedMatch(matchId: id, gameType: Module.gameType, seat: yourSeat, outcome: outcome)
        do {
            try await onlineClient.recordMatch(match)
            setRecorded(match, error: nil)
        } catch {
            setRecorded(nil, error: "The result could not be saved in your profile: \(error)")
        }
    }
}
