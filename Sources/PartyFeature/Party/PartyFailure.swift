import GameSession

/// Why a party could not be played: each case carries what its words need, so a screen (or a
/// command's exit status) can tell them apart.
public enum PartyFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The lobby's port could not be opened.
    case cannotOpen(port: Int, reason: String)
    /// Discovery heard no lobby (no matching one) within the wait.
    case noLobbyHeard(filter: String?, discoveryPort: Int, wait: Duration)
    /// A host address that does not read as HOST:PORT.
    case badAddress(String)
    /// Several lobbies were heard and none was chosen.
    case noLobbyChosen
    /// The lobby is private and there is nobody to ask for its passcode.
    case passcodeNeeded(lobbyID: String, hostName: String?)
    /// The person was asked for the passcode and gave none.
    case noPasscodeGiven(lobbyID: String)
    /// The host refused the join, removed the player, or the session ended.
    case sessionOver(ClientPhase)

    public var description: String {
        switch self {
        case .cannotOpen(let port, let reason): "could not open the lobby on port \(port): \(reason)"
        case .noLobbyHeard(let filter, let port, let wait): "no lobby\(filter.map { " '\($0)'" } ?? "") heard on UDP port \(port) within \(wait)"
        case .badAddress(let address): "the address is HOST:PORT, got '\(address)'"
        case .noLobbyChosen: "no lobby chosen"
        case .passcodeNeeded(let lobby, let host?): "lobby \(lobby) (\(host)'s) is private: join with its passcode"
        case .passcodeNeeded(let lobby, nil): "lobby \(lobby) is private: join with its passcode"
        case .noPasscodeGiven(let lobby): "no passcode given for the private lobby \(lobby)"
        case .sessionOver(let phase): LobbyModel.describe(phase)
        }
    }
}
