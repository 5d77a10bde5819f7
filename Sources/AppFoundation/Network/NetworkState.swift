/// What a screen says about the connection: online, getting the real-time connection back, or
/// offline with the moves waiting to be sent.
public enum NetworkState: Equatable, Sendable {
    case online
    /// The device has a network; the real-time connection is being made again (attempt counts from 1).
    case reconnecting(attempt: Int)
    /// No network: moves are kept and go when it returns.
    case offline(queuedMoves: Int)

    /// One reading of what the state is made of.
    public struct Reading: Equatable, Sendable {
        public var hasNetwork: Bool
        public var realtimeConnected: Bool
        /// Failed attempts since the real-time connection was last up.
        public var failedAttempts: Int
        public var queuedMoves: Int

        public init(hasNetwork: Bool, realtimeConnected: Bool, failedAttempts: Int = 0, queuedMoves: Int = 0) {
            self.hasNetwork = hasNetwork
            self.realtimeConnected = realtimeConnected
            self.failedAttempts = failedAttempts
            self.queuedMoves = queuedMoves
        }
    }

    public init(_ reading: Reading) {
        if !reading.hasNetwork {
            self = .offline(queuedMoves: reading.queuedMoves)
        } else if !reading.realtimeConnected {
            self = .reconnecting(attempt: reading.failedAttempts + 1)
        } else if reading.queuedMoves > 0 {
            // Connected, still sending what waited: say so until the queue is empty.
            self = .reconnecting(attempt: 0)
        } else {
            self = .online
        }
    }

    /// The banner's words; nil when there is nothing to say.
    public var banner: String? {
        switch self {
        case .online: nil
        case .reconnecting(0): "Sending your moves…"
        case .reconnecting(let attempt): attempt > 1 ? "Reconnecting… (attempt \(attempt))" : "Reconnecting…"
        case .offline(0): "You're offline."
        case .offline(let moves): "You're offline. \(moves) move\(moves == 1 ? "" : "s") will be sent when you're back."
        }
    }
}
