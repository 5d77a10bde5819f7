import Testing

/// Runs each test it is given to on a thread of its own (see `DedicatedThreadExecutor`): for
/// tests that compute for long stretches between awaits, such as property tests over thousands
/// of games, so they cannot starve the tests running beside them.
public struct CPUBoundTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        // A suite's own scope holds no test code; only its tests need the thread.
        guard !test.isSuite else { return try await function() }
        let executor = DedicatedThreadExecutor()
        defer { executor.stop() }
        try await withTaskExecutorPreference(executor) { try await function() }
    }
}

extension Trait where Self == CPUBoundTrait {
    /// The test computes for long stretches: it runs on a thread of its own.
    public static var cpuBound: Self { CPUBoundTrait() }
}
