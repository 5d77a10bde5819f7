import Foundation
import GameCore
import ParlorAPI
@testable import ParlorRealtime
import Quortex
import Testing

/// The one-pass read of `move` and `ping` either reads exactly what `JSONDecoder` reads or
/// leaves the message to it.
struct InboundScanTests {
    static let game = UUID()

    /// Quortex's own action decoding, for the one game the node holds.
    static let actions = ActionDecoding { game, at in
        guard game == InboundScanTests.game else { return nil }
        do {
            return .decoded(DecodedAction(value: try QuortexAction(from: at)))
        } catch {
            return .undecodable(.invalidAction("not a Quortex action: \(error)"))
        }
    }

    static func decoded(_ text: String) -> InboundMessage? {
        let decoder = JSONDecoder()
        decoder.userInfo[ActionDecoding.key] = actions
        return try? decoder.decode(InboundMessage.self, from: Data(text.utf8))
    }

    /// Every field of what was read, so that two reads compare.
    static func describe(_ message: InboundMessage?) -> String {
        guard let message else { return "no message" }
        switch message.parsed {
        case .command(.move(let move)):
            let action: String =
                switch move.action {
                case .decoded(let decoded): "decoded \(decoded.value)"
                case .json(let data): "json \(String(decoding: data, as: UTF8.self))"
                case .undecodable(let error): "undecodable \(error)"
                }
            return "move \(move.game) \(move.moveID) \(String(describing: move.seq)) \(action)"
        case .command(let command): return "command \(command)"
        case .unknownType(let type): return "unknown \(type)"
        case .malformed(let type, let game): return "malformed \(type) \(String(describing: game))"
        }
    }

    static func sdkMove(seq: Int?) throws -> String {
        let move = RealtimeMove(game: game, moveId: "c-17", action: try QuortexAction(notation: "d4r2"), seq: seq)
        return String(decoding: try DirectJSONEncoder().encode(move), as: UTF8.self)
    }

    @Test func theSDKsMovesAndPingsTakeTheOnePassAndReadAsJSONDecoderReadsThem() throws {
        let messages = [
            try Self.sdkMove(seq: 14), try Self.sdkMove(seq: nil),
            String(decoding: try DirectJSONEncoder().encode(RealtimePing(id: "p-1")), as: UTF8.self),
            String(decoding: try DirectJSONEncoder().encode(RealtimePing()), as: UTF8.self),
            #" { "action" : "d4r2" , "seq" : null , "move_id" : "m" , "game" : "\#(Self.game.uuidString.lowercased())" , "type" : "move" } "#,
            #"{"type":"move","game":"\#(Self.game)","move_id":"m","action":"d4r2","extra":{"nested":[1,2.5e3,true,null,"\u00e9"]}}"#,
            #"{"type":"ping","id":null}"#,
        ]
        for text in messages {
            let scanned = InboundMessage.scanned(text, actions: Self.actions)
            #expect(scanned != nil, "\(text)")
            #expect(Self.describe(scanned) == Self.describe(Self.decoded(text)), "\(text)")
        }
        let move = Self.describe(InboundMessage.scanned(try Self.sdkMove(seq: 14), actions: Self.actions))
        #expect(move == "move \(Self.game) c-17 Optional(14) decoded d4r2")
    }

    @Test(
        "what the one pass does not read, or is unsure of, goes to JSONDecoder",
        arguments: [
            // Another game, an action its game refuses or one that is not a string.
            #"{"type":"move","game":"\#(UUID())","move_id":"m","action":"d4r2"}"#,
            #"{"type":"move","game":"\#(InboundScanTests.game)","move_id":"m","action":"zz9"}"#,
            #"{"type":"move","game":"\#(InboundScanTests.game)","move_id":"m","action":{"place":"d4r2"}}"#,
            #"{"type":"move","game":"\#(InboundScanTests.game)","move_id":"m","action":7}"#,
            // Missing or mistyped fields, which JSONDecoder words as malformed.
            #"{"type":"move","game":"\#(InboundScanTests.game)","action":"d4r2"}"#, #"{"type":"move","move_id":"m","action":"d4r2"}"#,
            #"{"type":"move","game":"\#(InboundScanTests.game)","move_id":"m"}"#, #"{"type":"move","game":"\#(InboundScanTests.game)","move_id":5,"action":"d4r2"}"#,
            #"{"type":"move","game":"nope","move_id":"m","action":"d4r2"}"#, #"{"type":"ping","id":5}"#,
            #"{"type":"move","game":"\#(InboundScanTests.game)","move_id":"m","action":"d4r2","seq":-1}"#,
            #"{"type":"move","game":"\#(InboundScanTests.game)","move_id":"m","action":"d4r2","seq":1.0}"#,
            // Escapes, repeats, other messages, and JSON JSONDecoder is lenient with.
            #"{"type":"move","game":"\#(InboundScanTests.game)","move_id":"m\"","action":"d4r2"}"#,
            #"{"type":"move","game":"\#(InboundScanTests.game)","move_id":"m","action":"d4r2","action":"d4r3"}"#,
            #"{"type":"subscribe","game":"\#(InboundScanTests.game)"}"#, #"{"type":"authenticate","token":"t"}"#, #"{"type":"dance"}"#,
            #"{"type":"ping",}"#, "[]", "", #"{"type":null}"#, #"{}"#, #"{"type":"ping"} x"#,
        ])
    func unsure(text: String) {
        #expect(InboundMessage.scanned(text, actions: Self.actions) == nil)
    }

    @Test func everyOneByteChangeToAMoveIsReadAlikeOrLeftToJSONDecoder() throws {
        let original = Array(try Self.sdkMove(seq: 3).utf8)
        let replacements = Array(#"" \{}[],:0-n"#.utf8) + [UInt8(ascii: "\\")]
        var variants: [[UInt8]] = []
        for index in original.indices {
            var removed = original
            removed.remove(at: index)
            variants.append(removed)
            var doubled = original
            doubled.insert(original[index], at: index)
            variants.append(doubled)
            for byte in replacements where byte != original[index] {
                var replaced = original
                replaced[index] = byte
                variants.append(replaced)
            }
        }
        var scanned = 0
        for bytes in variants {
            let text = String(decoding: bytes, as: UTF8.self)
            guard let fast = InboundMessage.scanned(text, actions: Self.actions) else { continue }
            scanned += 1
            #expect(Self.describe(fast) == Self.describe(Self.decoded(text)), "\(text)")
        }
        // Most changes break the message; the one pass still reads the harmless ones.
        #expect(scanned > 20 && scanned < variants.count / 2, "\(scanned) of \(variants.count)")
    }
}
