import Foundation
import Logging
import ParlorDatabase
import ParlorHTTP
import ServiceLifecycle

/// Makes the queued Apple token revocations: claims due ones (any node may; a claim is a lease),
/// calls Apple's `/auth/revoke` for each, then removes the row, or schedules another try with
/// exponential backoff, or gives up after `maximumAttempts` (or when Apple refuses it for good).
package struct AppleRevocations: Sendable {
    let database: Database
    let client: AppleTokenClient
    let keys: KeyEncryptionKeys
    let now: @Sendable () -> Date
    let logger: Logger

    var configuration: AppleTokenConfiguration { client.configuration }
    private var millis: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded()) }

    /// Makes up to `limit` due revocations; answers how many it claimed.
    @discardableResult
    package func revokeDue(limit: Int = 16) async throws -> Int {
        let time = millis
        guard try await database.withConnection({ try await AppleTokenStore.anyDue(at: time, on: $0) }) else { return 0 }
        let leaseEnd = time + configuration.lease.milliseconds
        let claimed = try await database.transaction { sql in try await AppleTokenStore.claim(limit: limit, at: time, leaseEnd: leaseEnd, on: sql) }
        for revocation in claimed { try await revoke(revocation) }
        return claimed.count
    }

    private func revoke(_ revocation: AppleTokenStore.Claimed) async throws {
        let outcome: AppleTokenClient.Outcome
        do {
            let token = try keys.open(revocation.sealedToken, context: AppleTokenStore.revocationContext(id: revocation.id)).plaintext
            outcome = await client.revoke(refreshToken: token, clientID: revocation.clientID)
        } catch {
            outcome = .refused("the stored token does not open: \(error)")
        }
        let metadata: Logger.Metadata = ["revocation": "\(revocation.id)", "client_id": "\(revocation.clientID)", "attempts": "\(revocation.attempts)"]
        switch outcome {
        case .done:
            try await database.withConnection { try await AppleTokenStore.finish(revocation.id, on: $0) }
            logger.info("Apple token revoked", metadata: metadata)
        case .refused(let reason):
            try await database.withConnection { try await AppleTokenStore.finish(revocation.id, on: $0) }
            logger.error("Apple token revocation refused; given up", metadata: metadata.merging(["reason": "\(reason)"]) { $1 })
        case .retry(let reason) where revocation.attempts >= configuration.maximumAttempts:
            try await database.withConnection { try await AppleTokenStore.finish(revocation.id, on: $0) }
            logger.error("Apple token revocation failed too often; given up", metadata: metadata.merging(["reason": "\(reason)"]) { $1 })
        case .retry(let reason):
            let wait = min(configuration.backoff.milliseconds << Int64(min(revocation.attempts - 1, 20)), configuration.maximumBackoff.milliseconds)
            try await database.withConnection { try await AppleTokenStore.retry(revocation.id, at: millis + wait, on: $0) }
            logger.warning("Apple token revocation failed; will retry", metadata: metadata.merging(["reason": "\(reason)", "retry_in_ms": "\(wait)"]) { $1 })
        }
    }
}

/// Every node runs this loop when Apple token settings are present.
package struct AppleRevocationService: Service {
    let revocations: AppleRevocations

    package func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                // Keep going while batches come back full: a burst drains at once.
                while try await revocations.revokeDue() == 16 {}
            } catch {
                revocations.logger.warning("Apple token revocations failed", metadata: ["error": "\(error)"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: revocations.configuration.interval) }
        }
    }
}
