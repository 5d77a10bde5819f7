import Foundation
import Logging
import ParlorAccounts
import ParlorAPI
import ParlorHTTP
import ParlorTopDog

/// The real-time channel's side of TopDog: `draft_state` answers and `draft_event` frames. An
/// event is the stored JSON of the room's log, sent as it is: the same bytes reach every
/// participant, and none of them holds a queue (queues are never in the log).
package struct DraftChannel: RealtimeDrafts {
    let drafts: DraftService

    package init(drafts: DraftService) { self.drafts = drafts }

    package func subscribe(user: AuthenticatedUser, room: UUID, since: Int?) async -> (frames: [OutgoingFrame], seq: Int?) {
        let id = room.uuidString.lowercased()
        do {
            let snapshot = try await drafts.snapshot(of: id, for: user.userID)
            let seq = snapshot.loaded.room.seq
            var missed: [String] = []
            if let since, since < seq {
                missed = try await drafts.events(of: id, after: since).filter { $0.seq <= seq }.map(\.body)
            }
            let draft = String(decoding: try Self.encoder.encode(Components.Schemas.DraftRoom(snapshot)), as: UTF8.self)
            let text = #"{"type":"draft_state","room":"\#(id)","seq":\#(seq),"draft":\#(draft),"missed":[\#(missed.joined(separator: ","))]}"#
            return ([OutgoingFrame(text: text)], seq)
        } catch {
            return ([PlayChannel.apiError(error).frame(game: room)], nil)
        }
    }

    package func render(room: UUID, seq: Int, events: [String], after lastSent: Int) async -> (frames: [OutgoingFrame], lastSent: Int) {
        guard seq > lastSent else { return ([], lastSent) }
        let first = seq - events.count + 1
        var bodies: [(seq: Int, body: String)]
        if !events.isEmpty, first <= lastSent + 1 {
            bodies = events.enumerated().map { (first + $0.offset, $0.element) }
        } else {
            do {
                bodies = try await drafts.events(of: room.uuidString.lowercased(), after: lastSent)
            } catch {
                drafts.logger.warning("draft events could not be loaded", metadata: ["room": "\(room)", "error": "\(error)"])
                return ([], lastSent)
            }
        }
        bodies = bodies.filter { $0.seq > lastSent }
        let id = room.uuidString.lowercased()
        let frames = bodies.map { OutgoingFrame(text: #"{"type":"draft_event","room":"\#(id)","event":\#($0.body)}"#) }
        return (frames, max(lastSent, bodies.last?.seq ?? lastSent))
    }

    /// REST's encoding of the room: RFC 3339 times, as the generated client reads them.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .withoutEscapingSlashes
        return encoder
    }()
}
