import Foundation

/// What an APNs answer means for the notification and its device token.
public enum APNsDisposition: Sendable, Equatable {
    case delivered
    /// Try again later: 429 and 5xx, with backoff.
    case retry
    /// The provider token expired or is refused: make a new one and send again.
    case renewProviderToken
    /// The token no longer reaches the app. `unregisteredAt` (410's `timestamp`, milliseconds) is
    /// when APNs learned so: a device that registered the token again after that keeps it.
    case deactivateToken(unregisteredAt: Int64?)
    /// Any other refusal: logged with its reason and dropped; sending it again would fail the same way.
    case drop(reason: String)

    /// The disposition of an answer with `status` and, for errors, APNs' JSON body
    /// (`{"reason":"BadDeviceToken"}`, and `timestamp` with 410).
    public init(status: Int, body: Data?) {
        let error = body.flatMap { try? JSONDecoder().decode(APNsError.self, from: $0) }
        let reason = error?.reason ?? "HTTP \(status)"
        switch status {
        case 200: self = .delivered
        case 410: self = .deactivateToken(unregisteredAt: error?.timestamp)
        case 429, 500...599: self = .retry
        case 403 where ["ExpiredProviderToken", "InvalidProviderToken"].contains(reason): self = .renewProviderToken
        case 400 where reason == "BadDeviceToken": self = .deactivateToken(unregisteredAt: nil)
        case 400 where reason == "DeviceTokenNotForTopic": self = .deactivateToken(unregisteredAt: nil)
        default: self = .drop(reason: reason)
        }
    }

    /// When to try again after `attempts` failures: exponential from 1 s, at most 5 minutes, with
    /// full jitter from `unit` (0…1) so retries of a burst spread out.
    public static func backoff(afterAttempts attempts: Int, unit: Double) -> Duration {
        let ceiling = min(300.0, pow(2.0, Double(max(0, min(attempts, 20)))))
        return .milliseconds(Int64((ceiling * max(0, min(unit, 1)) * 1000).rounded()))
    }
}

private struct APNsError: Decodable {
    var reason: String?
    var timestamp: Int64?
}
