import Foundation
import ParlorAccounts

/// What the real-time channel asks of the social capability: who a signed-in user's friends are,
/// and the bytes of every social message. The channel only routes: a friend's presence notice to
/// the connections that follow that friend, the rest to the user's own connections.
package protocol RealtimeSocial: Sendable {
    /// `user` opened a signed-in connection on this node: counted online. Answers their friends
    /// (whose presence the connection then follows) and a `friend_presence` frame per friend online.
    func signedIn(user: String) async -> (friends: [String], frames: [OutgoingFrame])

    /// One of `user`'s signed-in connections on this node closed.
    func signedOut(user: String) async

    /// `user`'s friends now.
    func friends(of user: String) async -> [String]

    /// A `friend_presence` frame with where `friend` is now.
    func presence(of friend: String) async -> [OutgoingFrame]

    /// The `achievement_unlocked` frame of `game`'s achievement `key`.
    func achievement(game: String, key: String) -> [OutgoingFrame]
}
