import Foundation

/// Where the Quortex app goes next: a model sets one and the app's root presents it (a game, the
/// practice table, the games list) or hands it back to the Home model (an invitation's answer
/// from a notification's action).
public enum QuortexRoute: Hashable, Sendable {
    /// An online game, by the server's id.
    case game(UUID)
    /// Offline practice against the bots.
    case practice
    /// The turn-based games list.
    case turnBasedGames
    /// Accept this invitation (the game it names opens once accepted).
    case acceptInvitation(id: String, game: UUID)
    /// Decline this invitation.
    case declineInvitation(id: String)
}
