/// Thrown by ``withTimeout(_:_:)`` when the operation does not finish in time.
package struct TimeoutError: Error, CustomStringConvertible {
    package let duration: Duration
    package var description: String { "no answer within \(duration)" }
}

/// Runs `operation`, cancelling it and throwing ``TimeoutError`` if it takes longer than `duration`.
package func withTimeout<Result: Sendable>(
    _ duration: Duration,
    _ operation: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    try await withThrowingTaskGroup(of: Result.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: duration)
            throw TimeoutError(duration: duration)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw TimeoutError(duration: duration) }
        return first
    }
}
