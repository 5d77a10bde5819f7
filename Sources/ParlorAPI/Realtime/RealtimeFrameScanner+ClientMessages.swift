import Foundation

/// The top-level fields of a client message that a busy socket sends (`move`, `ping`), read in
/// the scanner's single validating pass; the server builds its command from them without
/// `JSONDecoder`. A field that is absent or null is nil here.
package struct RealtimeClientProbe: Equatable, Sendable {
    package var type: String
    package var game: UUID?
    package var moveID: String?
    package var seq: Int?
    /// The action when it is a string (every notation-coded game's is); any other action makes
    /// the scan unsure.
    package var action: String?
    package var id: String?

    package init(type: String, game: UUID? = nil, moveID: String? = nil, seq: Int? = nil, action: String? = nil, id: String? = nil) {
        self.type = type
        self.game = game
        self.moveID = moveID
        self.seq = seq
        self.action = action
        self.id = id
    }
}

extension RealtimeFrameScanner {
    /// A client message's fields; nil when it is not a JSON object with a string `type`, or when
    /// the pass is unsure of anything (as ``probe(_:)`` is, and for an action that is not a plain
    /// string or a field of another type than this reads): `JSONDecoder` reads it then.
    package static func clientMessage(_ text: String) -> RealtimeClientProbe? {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = Cursor(bytes: bytes)
            do {
                let probe = try scanner.clientMessage()
                scanner.skipWhitespace()
                return scanner.index == bytes.count ? probe : nil
            } catch {
                return nil
            }
        }
    }
}

extension RealtimeFrameScanner.Cursor {
    private enum ClientField: UInt8 { case type = 1, game = 2, moveID = 4, seq = 8, action = 16, id = 32 }

    fileprivate mutating func clientMessage() throws -> RealtimeClientProbe {
        skipWhitespace()
        var probe = RealtimeClientProbe(type: "")
        var seen: UInt8 = 0
        try fields { cursor, name in
            guard let field = Self.clientField(named: name) else { return false }
            guard seen & field.rawValue == 0 else { throw RealtimeFrameScanner.Unsure() }
            seen |= field.rawValue
            if try cursor.skipNull() {
                if field == .type { throw RealtimeFrameScanner.Unsure() }
                return true
            }
            switch field {
            case .type: probe.type = try cursor.plainString()
            case .game:
                guard let game = UUID(canonicalText: try cursor.plainStringBytes()) else { throw RealtimeFrameScanner.Unsure() }
                probe.game = game
            case .moveID: probe.moveID = try cursor.plainString()
            case .seq: probe.seq = try cursor.integer()
            case .action: probe.action = try cursor.plainString()
            case .id: probe.id = try cursor.plainString()
            }
            return true
        }
        guard seen & ClientField.type.rawValue != 0 else { throw RealtimeFrameScanner.Unsure() }
        return probe
    }

    /// A top-level key's field, or nil for any other key.
    private static func clientField(named name: UnsafeBufferPointer<UInt8>) -> ClientField? {
        switch name.count {
        case 2 where name.elementsEqual("id".utf8): return .id
        case 3 where name.elementsEqual("seq".utf8): return .seq
        case 4 where name.elementsEqual("type".utf8): return .type
        case 4 where name.elementsEqual("game".utf8): return .game
        case 6 where name.elementsEqual("action".utf8): return .action
        case 7 where name.elementsEqual("move_id".utf8): return .moveID
        default: return nil
        }
    }
}
