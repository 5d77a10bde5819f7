import AppFoundation
import Clocks
import Dependencies
import Foundation
import ParlorClient
import Synchronization
import Testing
import TestSupport

@testable import QuortexFeature

/// The chat after a reconnect and under the server's limit: replayed lines in the order they were
/// said, each stored line once, and a `rate_limited` refusal shown as a wait (counting down on the
/// clock) with the refused line back in the draft.
@MainActor
@Suite struct QuortexChatReplayTests {
    final class Outbox: Sendable {
        let sent = Mutex<[String]>([])
        let refusal = Mutex<ParlorError?>(nil)
    }

    func chat(_ outbox: Outbox, clock: TestClock<Duration> = TestClock()) -> QuortexChatModel {
        withDependencies {
            $0.continuousClock = clock
        } operation: {
            QuortexChatModel(myUserID: "me") { text throws(ParlorError) in
                if let refusal = outbox.refusal.withLock({ $0 }) { throw refusal }
                outbox.sent.withLock { $0.append(text) }
            }
        }
    }

    /// Stored line `id`, said `id` seconds into the game.
    static func line(_ id: Int, _ user: String, _ text: String) -> QuortexChatLine {
        QuortexChatLine(userID: user, name: user.capitalized, text: text, at: Date(timeIntervalSince1970: 1_700_000_000 + Double(id)), serverID: String(id))
    }

    static let tooFast = ParlorError(kind: .rateLimited, code: "rate_limited", message: "too many chat lines", status: 429, retryAfter: 30)

    /// Whether something waits on `clock` (so advancing it wakes that sleeper rather than passing it by).
    static func asleep(_ clock: TestClock<Duration>) async -> Bool {
        do {
            try await clock.checkSuspension()
            return false
        } catch {
            return true
        }
    }

    @Test func aReplayAfterAReconnectFillsTheGapInOrderAndShowsNoLineTwice() {
        let chat = chat(Outbox())
        chat.handle(.line(Self.line(1, "olga", "hi")))
        chat.handle(.line(Self.line(4, "olga", "still there?")))  // heard live on the new socket before its `state`
        // The state answering the resubscription: the newest lines, oldest first.
        for id in 1...4 { chat.handle(.line(Self.line(id, id == 3 ? "me" : "olga", "line \(id)"))) }
        #expect(chat.lines.map(\.serverID) == ["1", "2", "3", "4"])
        #expect(chat.lines.map(\.text) == ["hi", "line 2", "line 3", "still there?"], "a line shown keeps its first reading")
        #expect(Set(chat.lines.map(\.id)).count == 4, "every row has its own identity")
        #expect(chat.lines.map(\.isMine) == [false, false, true, false])
        #expect(chat.unreadCount == 3, "the missed line of another counts once; one's own never")
        // The same replay again (another reconnect with nothing said): nothing changes.
        for id in 1...4 { chat.handle(.line(Self.line(id, "olga", "line \(id)"))) }
        #expect(chat.lines.count == 4 && chat.unreadCount == 3)
    }

    @Test func linesWithoutAStoredIdAreOrderedByTimeAndNeverDropped() {
        let chat = chat(Outbox())
        var late = Self.line(5, "olga", "late")
        late.serverID = nil
        var early = Self.line(2, "olga", "early")
        early.serverID = nil
        chat.receive(late)
        chat.receive(early)
        chat.receive(early)
        #expect(chat.lines.map(\.text) == ["early", "early", "late"])
    }

    @Test func tooFastReadsAsAWaitThatCountsDownAndTheRefusedLineComesBack() async throws {
        let clock = TestClock()
        let outbox = Outbox()
        let chat = chat(outbox, clock: clock)
        chat.draft = "  gg wp  "
        await chat.send()
        #expect(chat.draft.isEmpty && outbox.sent.withLock { $0 } == ["gg wp"])
        // The socket answers later: too fast.
        chat.handle(.refused(Self.tooFast))
        #expect(chat.slowDownNotice == "You're sending messages too fast — try again in 30 s")
        #expect(chat.error == nil, "a wait, not a generic error")
        #expect(chat.draft == "gg wp", "the refused line is back to send again")
        #expect(!chat.canSend)
        await chat.send()
        #expect(outbox.sent.withLock { $0 }.count == 1, "nothing goes while the server would refuse it")

        // Each second on the clock takes one off; required, so a countdown that stalls fails at once.
        try #require(await eventually(timeout: .seconds(5)) { await Self.asleep(clock) })
        await clock.advance(by: .seconds(1))
        try #require(await eventually(timeout: .seconds(5)) { @MainActor in chat.retryIn == 29 })
        #expect(chat.slowDownNotice == "You're sending messages too fast — try again in 29 s")
        for left in (0..<29).reversed() {
            try #require(await eventually(timeout: .seconds(5)) { await Self.asleep(clock) })
            await clock.advance(by: .seconds(1))
            try #require(await eventually(timeout: .seconds(5)) { @MainActor in chat.retryIn == (left == 0 ? nil : left) })
        }
        #expect(chat.slowDownNotice == nil && chat.canSend)
        await chat.send()
        #expect(outbox.sent.withLock { $0 } == ["gg wp", "gg wp"])
        #expect(chat.draft.isEmpty)
    }

    @Test func aRefusalKeepsWhatThePlayerIsWritingNowAndAnEchoedLineIsNotRestored() async {
        let outbox = Outbox()
        let chat = chat(outbox)
        chat.draft = "first"
        await chat.send()
        chat.draft = "second, half typed"
        chat.handle(.refused(Self.tooFast))
        #expect(chat.draft == "second, half typed", "never overwritten")
        #expect(chat.slowDownNotice != nil && !chat.canSend)

        let other = self.chat(Outbox())
        other.draft = "heard back"
        await other.send()
        other.handle(.line(Self.line(7, "me", "heard back")))
        other.handle(.refused(Self.tooFast))
        #expect(other.draft.isEmpty, "a line the server stored is not offered again")
        #expect(other.lines.map(\.text) == ["heard back"])
    }

    @Test func tooFastFromTheSendItselfIsTheSameWaitAndKeepsTheDraft() async {
        let outbox = Outbox()
        outbox.refusal.withLock { $0 = Self.tooFast }
        let chat = chat(outbox)
        chat.draft = "gl"
        await chat.send()
        #expect(chat.draft == "gl")
        #expect(chat.error == nil)
        #expect(chat.slowDownNotice == "You're sending messages too fast — try again in 30 s")
    }

    @Test func aLineRefusedAsTooLongIsAnErrorWithTheLineBack() async {
        let chat = chat(Outbox())
        chat.draft = "hello"
        await chat.send()
        chat.handle(.refused(ParlorError(kind: .invalidInput, code: "chat_too_long", message: "a chat message has 1–500 characters", status: 400)))
        #expect(chat.draft == "hello")
        #expect(chat.slowDownNotice == nil && chat.canSend)
        #expect(chat.error == "A chat message has 1–500 characters. Check what you entered.")
    }

    @Test func theGameScreenHandsTheConnectionsReplayAndRefusalsToItsChat() async throws {
        let endpoint = ScriptedTableEndpoint(GameFixtures.snapshot(try GameFixtures.freshState(), seat: 0))
        let probe = ConnectionProbe()
        let model = withDependencies {
            $0.quortexGame = .scripted(details: GameFixtures.details(), connection: probe.connection(endpoint))
            $0.uuid = .incrementing
            $0.continuousClock = TestClock()
        } operation: {
            QuortexGameModel(gameID: GameFixtures.gameID)
        }
        let running = Task { await model.run() }
        defer { running.cancel() }
        #expect(await eventually { @MainActor in model.table?.view != nil && model.chat != nil })
        probe.chatInput.yield(.line(Self.line(2, "olga", "you there?")))
        for id in 1...2 { probe.chatInput.yield(.line(Self.line(id, "olga", "line \(id)"))) }
        #expect(await eventually { @MainActor in model.chat?.lines.map(\.serverID) == ["1", "2"] })
        probe.chatInput.yield(.refused(Self.tooFast))
        #expect(await eventually(timeout: .seconds(10)) { @MainActor in model.chat?.slowDownNotice == "You're sending messages too fast — try again in 30 s" })
    }
}
