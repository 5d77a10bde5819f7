import Foundation
import Logging
import ServiceLifecycle

/// Every node runs this loop: it sends the outbox as notifications fall due, and now and then
/// forgets old ones.
package struct PushSenderService: Service {
    let sender: PushSender

    package init(sender: PushSender) { self.sender = sender }

    package func run() async throws {
        var lastPrune = ContinuousClock.now
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                // Keep going while batches come back full: a burst drains at once.
                while try await sender.sendDue(limit: 32) == 32 {}
                if ContinuousClock.now - lastPrune > .seconds(3600) {
                    lastPrune = .now
                    try await sender.prune()
                }
            } catch {
                sender.logger.warning("push sender failed", metadata: ["error": "\(error)"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: sender.configuration.interval) }
        }
    }
}
