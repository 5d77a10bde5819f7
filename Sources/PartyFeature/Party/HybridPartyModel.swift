import AppFoundation
import CrazyEights
import Observation

/// Hybrid party: the same party through a Parlor server when there is no shared network. The
/// host makes a private game and gives out its invite code; friends join with it; the server is
/// the authority. The online flow is ``OnlineMatchModel`` (its dependency counts the result in
/// the same party profile as local play), so the table and the bot are the ones local play uses.
@MainActor @Observable
public final class HybridPartyModel {
    public let online: OnlineMatchModel<CrazyEights>

    public init(online: OnlineMatchModel<CrazyEights> = OnlineMatchModel<CrazyEights>()) {
        self.online = online
    }

    /// Signs in, makes the private game for `players` and waits for them.
    public func host(players: Int) async {
        await online.start(.privateGame(players: players))
    }

    /// Signs in, joins the host's game by its code and waits for the others.
    public func join(code: String) async {
        await online.start(.join(code: code))
    }

    /// Plays the seat with the party's bot until the game ends, then counts it.
    public func playByItself() async {
        await online.playByItself(choose: PartyMatchText.botMove)
    }
}
