import Foundation
import Logging
import ParlorServer
import ServiceLifecycle
import Synchronization
import UnixSignals

/// How `parlor serve` stops: the first SIGTERM or SIGINT is logged at once and starts a graceful
/// stop (requests in flight are answered, sockets closed, services stopped, the database closed).
/// A stop that goes on says every ``progressInterval`` what it waits for; one that has not ended
/// within `deadline`, or a second signal meanwhile, logs what it is still waiting for and ends the
/// process with ``exitStatus``: a node that cannot be stopped would block every rolling deploy.
final class ServeStopping: Sendable {
    /// The status of a stop that did not finish: EX_SOFTWARE, as for any internal fault.
    static let exitStatus = CommandFailure.Kind.software.rawValue

    let deadline: Duration
    let progress: ShutdownProgress
    let logger: Logger
    private let armed = Atomic<Bool>(false)

    init(deadline: Duration, progress: ShutdownProgress, logger: Logger) {
        self.deadline = deadline
        self.progress = progress
        self.logger = logger
    }

    /// Runs `service` until a signal asks it to stop, or it ends by itself, and returns once it
    /// has stopped. Whatever comes after (closing the database) is still under the deadline.
    func run(_ service: some Service) async throws {
        let group = ServiceGroup(configuration: .init(services: [service], logger: logger))
        let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
        defer { armDeadline() }
        try await withThrowingTaskGroup(of: Bool.self) { tasks in
            tasks.addTask { [self] in
                for await signal in signals {
                    if armed.load(ordering: .acquiring) { overran("received \(signal) while stopping") }
                    logger.notice(
                        "received \(signal); stopping: finishing the requests in flight, closing the sockets and the database",
                        metadata: ["deadline_seconds": "\(deadline.components.seconds)"])
                    progress.stopRequested()
                    armDeadline()
                    await group.triggerGracefulShutdown()
                }
                return false
            }
            tasks.addTask {
                try await group.run()
                return true
            }
            // Signals are awaited for as long as the group runs, and no longer.
            defer { tasks.cancelAll() }
            while let groupEnded = try await tasks.next(), !groupEnded {}
        }
    }

    /// How often a stop that goes on says what it waits for: a supervisor may kill the process
    /// before the deadline, and the log should already say why it did not stop.
    static let progressInterval = Duration.seconds(10)

    /// From now on the process ends by `deadline` at the latest. A thread of its own, not a task:
    /// it must fire even if something holds every thread of Swift concurrency.
    private func armDeadline() {
        guard armed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        Thread.detachNewThread { [self] in
            let start = ContinuousClock.now
            var elapsed = Duration.zero
            while elapsed < deadline {
                Thread.sleep(forTimeInterval: Self.seconds(min(Self.progressInterval, deadline - elapsed)))
                elapsed = ContinuousClock.now - start
                if elapsed < deadline {
                    logger.notice("still stopping after \(elapsed.components.seconds) s; waiting for: \(progress.report())")
                }
            }
            overran("did not stop within \(deadline.components.seconds) s")
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Says what the stop waits for and ends the process without waiting any longer.
    private func overran(_ what: String) -> Never {
        logger.error(
            "\(what); still waiting for: \(progress.report()); exiting with status \(Self.exitStatus)",
            metadata: ["deadline_seconds": "\(deadline.components.seconds)"])
        fflush(nil)
        // Not `exit`: its handlers would run while other threads still use what they tear down.
        _exit(Self.exitStatus)
    }
}
