import AppFoundation
import Dependencies
import Foundation
import Observation
import ParlorClient

/// A real-time game's chat: the lines as they arrive (the server leaves out those of anyone the
/// player blocks, so every line that arrives is shown), in the order they were said and each
/// stored line once (the server replays its newest lines whenever the game is subscribed again,
/// so a player who reconnects sees what was said meanwhile), the draft checked against the
/// server's rules before it goes, and the lines not yet seen while the panel is closed. When the
/// server says the player sends too fast, the panel says how long to wait, counting down, and
/// the refused line is back in the draft to send again.
@MainActor @Observable
public final class QuortexChatModel {
    /// The server's limit on a line, in characters after trimming (`ChatConfiguration.lineLimit`).
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
    /// Seconds until the server takes another line, after it refused one for coming too fast.
    public private(set) var retryIn: Int?

    /// The signed-in player, so their own lines read as theirs (known once seats are dealt).
    @ObservationIgnored var myUserID: String?
    @ObservationIgnored private let transmit: @Sendable (String) async throws(ParlorError) -> Void
    @ObservationIgnored @Dependency(\.continuousClock) private var clock
    /// Gives each line its place in the list, whatever order lines are inserted in.
    @ObservationIgnored private var nextID = 0
    /// The last line sent and not yet heard back: the socket answers a refusal later, and the
    /// line goes back into the draft then.
    @ObservationIgnored private var unconfirmed: String?
    @ObservationIgnored private var countdown: Task<Void, Never>?

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
    public var canSend: Bool { draftProblem == nil && !isSending && retryIn == nil }
    /// The temporary notice while the server refuses lines for coming too fast.
    public var slowDownNotice: String? { retryIn.map { "You're sending messages too fast — try again in \($0) s" } }
    /// "3 new" on the chat button; nil when there is nothing unread.
    public var unreadBadge: String? { unreadCount > 0 ? "\(unreadCount) new" : nil }

    // MARK: Intents

    /// What the connection heard: a line, or a refusal of one this player sent.
    public func handle(_ event: QuortexChatEvent) {
        switch event {
        case .line(let line): receive(line)
        case .refused(let refusal): refused(refusal)
        }
    }

    /// A line arrived from the server, live or replayed: a stored line already shown is skipped,
    /// and one said earlier than lines shown (missed while away) goes in its place.
    public func receive(_ line: QuortexChatLine) {
        if let serverID = line.serverID, lines.contains(where: { $0.serverID == serverID }) { return }
        var line = line
        line.id = nextID
        nextID += 1
        line.isMine = myUserID != nil && line.userID == myUserID
        if line.isMine { unconfirmed = nil }
        let place = lines.firstIndex { Self.said(line, before: $0) } ?? lines.endIndex
        lines.insert(line, at: place)
        if !isOpen && !line.isMine { unreadCount += 1 }
    }

    /// The server refused a line this player sent: it goes back into the draft (unless the
    /// player is already writing another) so it can be sent again; too fast reads as a wait.
    public func refused(_ refusal: ParlorError) {
        if let unconfirmed, trimmedDraft.isEmpty { draft = unconfirmed }
        unconfirmed = nil
        show(refusal)
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
        guard !isSending, retryIn == nil else { return }
        isSending = true
        defer { isSending = false }
        let text = trimmedDraft
        do throws(ParlorError) {
            try await transmit(text)
            unconfirmed = text
            draft = ""
            error = nil
        } catch {
            show(error)
        }
    }

    private func show(_ refusal: ParlorError) {
        guard refusal.kind == .rateLimited else {
            error = ErrorPresentation(refusal).message
            return
        }
        // Not an error the player made: a wait, shown until it is over.
        error = nil
        wait(seconds: refusal.retryAfter ?? 30)
    }

    /// Counts `seconds` down on the injected clock, then lets the player send again.
    private func wait(seconds: Int) {
        countdown?.cancel()
        retryIn = max(seconds, 1)
        let clock = self.clock
        countdown = Task { [weak self] in
            while self?.retryIn != nil {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
                self?.tick()
            }
        }
    }

    private func tick() {
        guard let left = retryIn else { return }
        retryIn = left > 1 ? left - 1 : nil
    }

    /// Lines are ordered as the server stored them (its ids grow), or by time for lines
    /// without an id; equal lines keep the order they arrived in.
    private static func said(_ line: QuortexChatLine, before other: QuortexChatLine) -> Bool {
        if let mine = line.serverID.flatMap({ Int64($0) }), let theirs = other.serverID.flatMap({ Int64($0) }) { return mine < theirs }
        return line.at < other.at
    }
}
