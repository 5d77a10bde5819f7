import Foundation
import Hummingbird
import NIOCore
import ParlorAccounts
import ParlorHTTP
import ParlorPlay
import Synchronization

/// Carries the outcome of checking an upgrade request's bearer token from `shouldUpgrade` to the
/// two places that need it and cannot be handed it directly.
///
/// hummingbird-websocket gives `onUpgrade` the request context as it was *before*
/// `shouldUpgrade` ran, and answers every refused upgrade with an empty `400`. So the user found
/// by `shouldUpgrade` waits here for `onUpgrade`, and a refusal waits for
/// ``RefusedUpgradeRewriter``, which turns that `400` into the `401` JSON error the token
/// deserves. Both are keyed by the client's address and port, which identify one TCP connection
/// while it is open; each entry is taken once, and entries nobody took expire.
package final class RealtimeUpgradeGate: Sendable {
    private struct Entry<Value> {
        var value: Value
        var at: ContinuousClock.Instant
    }

    private struct State {
        var accepted: [String: Entry<AuthenticatedUser>] = [:]
        var refused: [String: Entry<APIError>] = [:]
    }

    private let state = Mutex(State())
    private let lifetime: Duration

    package init(lifetime: Duration = .seconds(30)) {
        self.lifetime = lifetime
    }

    func accept(_ user: AuthenticatedUser, from address: SocketAddress?) {
        guard let key = address?.description else { return }
        state.withLock { state in
            prune(&state)
            state.accepted[key] = Entry(value: user, at: .now)
        }
    }

    func refuse(_ error: APIError, from address: SocketAddress?) {
        guard let key = address?.description else { return }
        state.withLock { state in
            prune(&state)
            state.refused[key] = Entry(value: error, at: .now)
        }
    }

    func takeAccepted(from address: SocketAddress?) -> AuthenticatedUser? {
        guard let key = address?.description else { return nil }
        return state.withLock { $0.accepted.removeValue(forKey: key)?.value }
    }

    func takeRefusal(from address: SocketAddress?) -> APIError? {
        guard let key = address?.description else { return nil }
        return state.withLock { $0.refused.removeValue(forKey: key)?.value }
    }

    private func prune(_ state: inout State) {
        let oldest = ContinuousClock.now - lifetime
        state.accepted = state.accepted.filter { $0.value.at > oldest }
        state.refused = state.refused.filter { $0.value.at > oldest }
    }
}
