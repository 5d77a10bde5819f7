import PlayerProfiles

/// A client in the host's lobby, reached through `peer`.
struct LobbyMember {
    var profile: PlayerProfile
    var peer: PeerID
    var lastHeard: SessionInstant
    var ready = false
}
