/// Why a pick was refused (the seed's draft errors). A refused pick changes nothing.
public enum DraftError: Error, Sendable, Equatable {
    case notYourTurn(onTheClock: Int)
    case playerAlreadyDrafted(String)
    case unknownPlayer(String)
    case overCap(Position, cap: Int)
    case draftComplete

    /// The error code the API sends.
    public var code: String {
        switch self {
        case .notYourTurn: "not_your_turn"
        case .playerAlreadyDrafted: "player_already_drafted"
        case .unknownPlayer, .overCap: "invalid_pick"
        case .draftComplete: "draft_complete"
        }
    }

    public var message: String {
        switch self {
        case .notYourTurn: "it's not your turn to pick"
        case .playerAlreadyDrafted(let id): "player \(id) has already been drafted"
        case .unknownPlayer(let id): "there is no player \(id) in this draft's pool"
        case .overCap(let position, let cap): "your roster already holds the most \(position.rawValue)s allowed (\(cap))"
        case .draftComplete: "the draft is complete"
        }
    }
}
