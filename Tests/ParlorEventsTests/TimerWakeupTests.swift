import ParlorEvents
import Testing

/// A wake-up never waits out the sleep: these sleeps are ten minutes, and the suite has one.
@Suite(.timeLimit(.minutes(1))) struct TimerWakeupTests {
    @Test func aWakeUpBeforeTheSleepEndsItAtOnceAndOnlyOnce() async throws {
        let wakeup = TimerWakeup()
        wakeup.wake()
        wakeup.wake()
        await wakeup.sleep(for: .seconds(600))
        // Both wake-ups were kept as one: the next sleep runs its course.
        let start = ContinuousClock.now
        await wakeup.sleep(for: .milliseconds(50))
        #expect(ContinuousClock.now - start >= .milliseconds(50))
    }

    @Test func aWakeUpEndsASleepUnderWay() async throws {
        let wakeup = TimerWakeup()
        async let slept: Void = wakeup.sleep(for: .seconds(600))
        try await Task.sleep(for: .milliseconds(50))
        wakeup.wake()
        await slept
    }

    @Test func cancellingTheSleeperEndsItsSleep() async throws {
        let wakeup = TimerWakeup()
        let sleeper = Task { await wakeup.sleep(for: .seconds(600)) }
        try await Task.sleep(for: .milliseconds(50))
        sleeper.cancel()
        await sleeper.value
    }
}
