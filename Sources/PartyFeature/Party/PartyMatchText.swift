import CrazyEights
import GameCore
import GameSession
import PlayerProfiles
import PartyNetwork

/// What party play says and chooses the same way on every screen: the bot's move, seat names,
/// the match's result, a discovered lobby on one line.
public enum PartyMatchText {
    /// The heuristic bot's move when it is this seat's turn (bots, and playing by itself).
    @Sendable public static func botMove(_ view: CrazyEightsView) -> CrazyEightsAction? {
        guard !view.legalActions.isEmpty else { return nil }
        var random = GameRandom(seed: GameSeed(UInt64.random(in: 0...UInt64(UInt32.max))))
        return HeuristicBot().chooseAction(in: view, random: &random)
    }

    /// Names for the table's seats, from the lobby's seat order.
    public static func seatNames(_ snapshot: SessionSnapshot<CrazyEights>) -> [Int: String] {
        guard let lobby = snapshot.lobby, let seats = lobby.seats else { return [:] }
        let names = Dictionary(lobby.playerProfiles.map { ($0.id, $0.username) }, uniquingKeysWith: { first, _ in first })
        return Dictionary(uniqueKeysWithValues: seats.enumerated().map { ($0.offset, names[$0.element] ?? "P\($0.offset + 1)") })
    }

    /// The match's result with the winners' names, or that it did not finish.
    public static func result(_ snapshot: SessionSnapshot<CrazyEights>) -> String {
        guard let outcome = snapshot.finishedMatches.last?.outcome ?? snapshot.view?.outcome else { return "The match did not finish." }
        let names = seatNames(snapshot)
        let winners = outcome.winners.map { names[$0] ?? "P\($0 + 1)" }
        guard !winners.isEmpty else { return "Match over: nobody won." }
        return "Match over: \(winners.joined(separator: " and ")) won (\(outcome.winType.rawValue))."
    }

    /// A lobby heard nearby, on one line of a list.
    public static func describe(_ lobby: DiscoveredLobby) -> String {
        let ad = lobby.advertisement
        return "\(ad.lobbyID)  \(ad.hostName)'s \(ad.game.rawValue)  \(ad.players)/\(ad.maxPlayers) players  "
            + "\(ad.isPrivate ? "private" : "public")  \(ad.isOpen ? "open" : "playing")  app \(ad.appVersion)  \(lobby.address):\(ad.port)"
    }
}
