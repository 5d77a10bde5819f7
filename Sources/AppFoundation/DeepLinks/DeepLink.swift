import Foundation

/// Where a link takes the player, for every product's links: the custom scheme (`quortex://…`)
/// and the universal link on the product's domain (`https://quortex.com/…`) name the same place.
public enum DeepLink: Equatable, Sendable {
    // Quortex
    case quortexGame(UUID)
    case quortexInvite(code: String)
    // OneForTheBoys: a party through the server, by its invite code.
    case partyInvite(code: String)
    // TopDog (its seed's Appendix J)
    case topDog(TopDogDestination)
    // Tandem
    case tandemStats
    case tandemGame(type: String)
    // PubGames
    case miniApp(id: String)
    /// The identity service's answer to a mini app's sign-in: a one-time code for `state`.
    case signInCallback(code: String, state: String?)
    // Every product: account mail.
    case resetPassword(token: String)
    case verifyEmail(token: String)

    public enum TopDogDestination: Equatable, Sendable {
        case home
        case lobby
        case draft(roomID: UUID)
        case tournament(id: UUID)
        case teams
        case team(id: UUID)
        case exposure
        case profile
        case deposit
        case invite(code: String)
    }
}

/// Why a link was not followed, in words a screen can show.
public struct DeepLinkRefusal: Error, Equatable, Sendable {
    public let url: String
    public let reason: String

    public init(url: String, reason: String) {
        self.url = url
        self.reason = reason
    }
}
