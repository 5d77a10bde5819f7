import Foundation

/// The routing fields of one server frame: what the connection reads from every frame before it
/// hands the whole frame on. Everything else stays in the frame's bytes.
package struct RealtimeFrameProbe: Decodable, Equatable, Sendable {
    package var type: String
    package var game: UUID?
    package var seq: Int?
    package var status: String?
    package var moveId: String?

    private enum CodingKeys: String, CodingKey { case type, game, seq, status, moveId = "move_id" }

    package init(type: String, game: UUID? = nil, seq: Int? = nil, status: String? = nil, moveId: String? = nil) {
        self.type = type
        self.game = game
        self.seq = seq
        self.status = status
        self.moveId = moveId
    }

    /// The frame's routing fields; nil when it is not a JSON object with a string `type`.
    ///
    /// A consumer decodes each frame again with its game's types, so the connection's own read
    /// is a single pass over the bytes that builds nothing but these fields
    /// (``RealtimeFrameScanner``). Anything that pass is not sure of (an escaped key, a number
    /// that is not a plain integer, a repeated field, invalid JSON) goes to `JSONDecoder`, whose
    /// answer it always agrees with.
    package static func parse(_ data: Data) -> RealtimeFrameProbe? {
        if let probe = RealtimeFrameScanner.probe(data) { return probe }
        return try? JSONDecoder().decode(RealtimeFrameProbe.self, from: data)
    }
}
