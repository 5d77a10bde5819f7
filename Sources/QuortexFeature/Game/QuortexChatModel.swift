import AppFoundation
import Foundation
import Observation
import ParlorClient

/// A real-time game's chat: the lines as they arrive (the server leaves out those of anyone the
/// player blocks, so every line that arrives is shown), the draft checked against the server's
/// rules before it goes, and the lines not yet seen while the panel is closed.
@MainActor @Observable
public final class QuortexChatModel {
    /// The server's limit on a line, in characters after trimming (`PresenceService.chatLimit`).
    public static let limit = 500

    public private(set) var lines: [QuortexChatLine] = []
    /// What the player is writing.
    public var draft = ""
    /// Others' lines received while the panel was closed.
    public private(set) var unreadCount = 0
    public private(set) var isOpen = false
    public private(set) var isSending = false
    /// Why the last line was not sent.
    public private(set) var error: String?

    /// The signed-in player, so their own lines read as theirs (known once seats are dealt).
    @ObservationIgnored var myUserID: String?
    @ObservationIgnored private let transmit: @Sendable (String) async throws(ParlorError) -> Void

    public init(myUserID: String?, send: @escaping @Sendable (String) async throws(ParlorError) -> Void) {
        self.myUserID = myUserID
        transmit = send
    }

    // MARK: Derived state

    /// The line as the server will keep it.
    public var trimmedDraft: String { draft.trimmingCharacters(in: .whitespacesAndNewlines) }
    /// Characters left before the limit (negative past it).
    public var remaining: Int { Self.limit - trimmedDraft.count }
    /// Why the draft cannot be sent; nil when it can.
    public var draftProblem: String? {
        let length = trimmedDraft.count
        if length == 0 { return "Write something first." }
        if length > Self.limit { return "A message has at most \(Self.limit) characters; this one has \(length)." }
        return nil
    }
    public var canSend: Bool { draftProblem == nil && !isSending }
    /// "3 new" on the chat button; nil when there is nothing unread.
    public var unreadBadge: String? { unreadCount > 0 ? "\(unreadCount) new" : nil }

    // MARK: Intents

    /// A line arrived from the server.
    public func receive(_ line: QuortexChatLine) {
        var line = line
        line.id = lines.count
        line.isMine = myUserID != nil && line.userID == myUserID
        lines.append(line)
        if !isOpen && !line.isMine { unreadCount += 1 }
    }

    public func open() {
        isOpen = true
        unreadCount = 0
    }

    public func close() { isOpen = false }

    /// Sends the draft when the server would take it; the line shows when the server sends it back.
    public func send() async {
        if let problem = draftProblem {
            error = problem
            return
        }
        guard !isSending else { return }
        isSending = true
        defer { isSending = false }
        do throws(ParlorError) {
            try await transmit(trimmedDraft)
            draft = ""
            error = nil
        } catch {
            self.error = ErrorPresentation(error).message
        }
    }
}
