import AppFoundation
import Foundation
import ParlorClient
import Synchronization
import Testing

@testable import QuortexFeature

/// The chat's states (empty, lines, unread) and its send intent with the server's rules checked
/// first: an empty line, one past the limit, one at the limit, a refusal.
@MainActor
@Suite struct QuortexChatModelTests {
    final class Outbox: Sendable {
        let sent = Mutex<[String]>([])
        let refusal = Mutex<ParlorError?>(nil)
    }

    func chat(_ outbox: Outbox) -> QuortexChatModel {
        QuortexChatModel(myUserID: "me") { text throws(ParlorError) in
            if let refusal = outbox.refusal.withLock({ $0 }) { throw refusal }
            outbox.sent.withLock { $0.append(text) }
        }
    }

    static func line(_ user: String, _ text: String) -> QuortexChatLine {
        QuortexChatLine(userID: user, name: user.capitalized, text: text, at: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func anEmptyChatHasNothingUnreadAndRefusesABlankLine() async {
        let outbox = Outbox()
        let chat = chat(outbox)
        #expect(chat.lines.isEmpty && chat.unreadCount == 0 && chat.unreadBadge == nil)
        chat.draft = "   \n "
        #expect(!chat.canSend)
        await chat.send()
        #expect(chat.error == "Write something first.")
        #expect(outbox.sent.withLock { $0 }.isEmpty)
    }

    @Test func aLinePastTheServersLimitIsRefusedAndOneAtTheLimitGoes() async {
        let outbox = Outbox()
        let chat = chat(outbox)
        chat.draft = String(repeating: "é", count: QuortexChatModel.limit + 1)
        #expect(chat.remaining == -1 && !chat.canSend)
        await chat.send()
        #expect(chat.error == "A message has at most 500 characters; this one has 501.")
        chat.draft = "  " + String(repeating: "é", count: QuortexChatModel.limit) + "  "
        #expect(chat.remaining == 0 && chat.canSend)
        await chat.send()
        #expect(chat.error == nil && chat.draft.isEmpty)
        #expect(outbox.sent.withLock { $0 } == [String(repeating: "é", count: QuortexChatModel.limit)], "sent trimmed")
    }

    @Test func aRefusedLineKeepsTheDraftAndSaysWhy() async {
        let outbox = Outbox()
        outbox.refusal.withLock { $0 = ParlorError(kind: .networkUnavailable, code: "network_unavailable", message: "offline") }
        let chat = chat(outbox)
        chat.draft = "gg"
        await chat.send()
        #expect(chat.draft == "gg")
        #expect(chat.error == "Check your connection and try again.")
        #expect(!chat.isSending)
    }

    @Test func othersLinesCountAsUnreadWhileClosedAndOwnLinesNever() {
        let chat = chat(Outbox())
        chat.receive(Self.line("olga", "hi"))
        chat.receive(Self.line("me", "hello"))
        chat.receive(Self.line("gus", "gl"))
        #expect(chat.lines.map(\.id) == [0, 1, 2])
        #expect(chat.lines.map(\.isMine) == [false, true, false])
        #expect(chat.unreadCount == 2 && chat.unreadBadge == "2 new")
        chat.open()
        #expect(chat.unreadCount == 0 && chat.isOpen)
        chat.receive(Self.line("olga", "nice move"))
        #expect(chat.unreadCount == 0, "read as it arrives while open")
        chat.close()
        chat.receive(Self.line("olga", "your turn"))
        #expect(chat.unreadCount == 1)
    }
}
