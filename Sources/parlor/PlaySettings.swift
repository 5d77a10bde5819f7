import ParlorServer

extension Serve {
    /// `waiting_game_expiry`: seconds a game may wait for its players before it is abandoned and
    /// its invitations answered as expired; a day by default, one minute to thirty days.
    static func applyWaitingGameExpiry(_ sources: SettingSources, to services: inout ParlorServices) throws(CommandFailure) {
        guard let seconds = try sources.integer(nil, .waitingGameExpiry) else { return }
        guard (60...30 * 24 * 3600).contains(seconds) else {
            throw CommandFailure(.usage, "waiting_game_expiry must be 60 to 2592000 seconds, not \(seconds)")
        }
        services.waitingGameExpiry = .seconds(seconds)
    }
}
