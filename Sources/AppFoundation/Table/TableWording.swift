import GameCore

/// The sentences every game table says the same way, offline or online, on the table and after
/// it: how a game ended and why a move was refused. One place, so Quortex and Crazy Eights (and
/// the terminal and SwiftUI) never word an end differently.
public enum TableWording {
    /// Asked before leaving a game that is still going.
    public static let leavePrompt = "Leave the game? y to leave, any other key to stay."
    /// Said when the player decides to stay after all.
    public static let staying = "Staying in the game."
    /// Said for a move tried after the end.
    public static let gameOver = "The game is over."

    /// "Game over: you won (resignation)." or "Game over: P2 Olga won (flow).". A seat is named
    /// by its label, else by `playerNames` (the view's), else by number alone.
    public static func verdict(_ outcome: GameOutcome, viewer: Int?, seatLabels: [Int: String] = [:], playerNames: [String] = []) -> String {
        let winners: String
        if outcome.winners.isEmpty {
            winners = "nobody"
        } else if let viewer, outcome.winners.contains(viewer) {
            winners = "you"
        } else {
            winners = outcome.winners.map { seat in
                let name = seatLabels[seat] ?? (playerNames.indices.contains(seat) ? playerNames[seat] : "")
                return name.isEmpty ? "P\(seat + 1)" : "P\(seat + 1) \(name)"
            }.joined(separator: " and ")
        }
        return "Game over: \(winners) won (\(outcome.winType.rawValue))."
    }

    /// A refusal in the words every table uses, unless a game has words of its own.
    public static func explain(_ error: GameError) -> String {
        switch error {
        case .notYourTurn(let message): "Not your turn: \(message)"
        case .invalidAction(let message): "Not allowed: \(message)"
        case .gameOver: gameOver
        default: "Refused: \(error.message)"
        }
    }
}
