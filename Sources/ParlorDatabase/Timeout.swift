/// Thrown by ``withTimeout(_:_:)`` when the operation does not finish in time.
struct TimeoutError: Error, CustomStringConvertible {
    let duration: Duration
    var description: String { "no answer within \(duration)" }
}

/// Runs `operation`, cancelling it and throwing ``TimeoutError`` if it takes longer than `duration`.
func withTimeout<Result: Sendable>(
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
