import Foundation
import GameCore
import ParlorAPI
import Quortex
import Testing

/// The connection's one-pass read of a frame's routing fields agrees with `JSONDecoder`.
@Suite("Realtime frame probe")
struct RealtimeFrameProbeTests {
    static let game = "5B0C7A52-11E4-4C0B-9D29-7C3C2E1A9F00"

    /// Frames as the server sends them, and some it could.
    static func frames() throws -> [String] {
        var state = try Quortex.initialState(
            players: [GamePlayer(id: "a", name: "A"), GamePlayer(id: "b", name: "B")], settings: QuortexSettings(), seed: GameSeed(3))
        for _ in 0..<5 {
            guard let placement = state.position.legalPlacements.last else { break }
            state = try Quortex.reduce(state, .place(placement), by: state.currentSeat)
        }
        let view = String(decoding: try JSONEncoder().encode(QuortexView(state: state, viewer: .player(seat: state.currentSeat))), as: UTF8.self)
        return [
            #"{"type":"welcome","user":"u-1","server_time":"2026-11-26T12:00:00Z"}"#,
            #"{"type":"move_made","game":"\#(game)","seq":12,"action":{"place":{"row":0,"col":-1,"rotation":4}},"view":\#(view)}"#,
            #"{"type":"ack","game":"\#(game)","move_id":"m-7","seq":13}"#,
            #"{"type":"state","game":"\#(game)","seq":0,"status":"active","seat":1,"view":\#(view),"moves":[]}"#,
            #"{"type":"error","game":"\#(game)","move_id":"m-8","code":"stale","message":"\"quoted\" \u00e9 \\ \/ \b\f\n\r\t"}"#,
            #" { "type" : "game_ended" , "game" : null , "seq" : null , "x" : [ 1.5e-3 , -0 , 2E+10 , true , false , null , { } , [ ] ] } "#,
            #"{"nested":{"type":"inner","seq":"not mine"},"type":"outer","status":"waiting","list":[[[[{"a":[1,{"b":2}]}]]]]}"#,
            #"{"type":"ünïcødé ✓","pad":"😀 \u00e9\u20AC"}"#,
        ]
    }

    @Test("every real frame takes the one-pass path and reads what JSONDecoder reads")
    func realFrames() throws {
        for frame in try Self.frames() {
            let data = Data(frame.utf8)
            let reference = try JSONDecoder().decode(RealtimeFrameProbe.self, from: data)
            #expect(RealtimeFrameScanner.probe(data) == reference, "\(frame.prefix(80))")
        }
        let ack = try #require(RealtimeFrameScanner.probe(Data(try Self.frames()[2].utf8)))
        #expect(ack == RealtimeFrameProbe(type: "ack", game: UUID(uuidString: Self.game), seq: 13, moveId: "m-7"))
    }

    @Test(
        "what the one pass is unsure of goes to JSONDecoder",
        arguments: [
            #"{"\u0074ype":"escaped key"}"#, #"{"type":"a","type":"b"}"#, #"{"type":"a","seq":1.0}"#, #"{"type":"a","seq":-1}"#,
            #"{"type":"a","seq":99999999999999999999}"#, #"{"type":"\"escaped\""}"#, #"{"type":"a","x":"\ud83d\ude00"}"#,
            #"{"type":"a","x":\#(String(repeating: "[", count: 300) + String(repeating: "]", count: 300))}"#,
            // JSONDecoder is lenient with these; the one pass is not.
            #"{"type":"a",}"#, #"{"type":"a","x":01}"#, #"{"type":"a","x":"\q"}"#, #"{"type":"a","x":[1,]}"#,
        ])
    func unsure(frame: String) {
        #expect(RealtimeFrameScanner.probe(Data(frame.utf8)) == nil)
    }

    @Test(
        "what is not a JSON object with a string type is no frame at all",
        arguments: [
            "", "[]", "null", #""type""#, "{}", #"{"type":null}"#, #"{"type":5}"#, #"{"type":"a"} x"#,
            #"{"type":"a","game":"not-a-uuid"}"#, #"{"type":"a","seq":"1"}"#, #"{"type":"a","x":tru}"#,
            "{\"type\":\"a\u{1}\"}", #"{"type":"a""#, #"{'type':'a'}"#,
        ])
    func notAFrame(frame: String) {
        #expect(RealtimeFrameProbe.parse(Data(frame.utf8)) == nil)
    }

    @Test("thousands of mutated frames: whenever the one pass answers, JSONDecoder answers the same")
    func mutatedFramesAgree() throws {
        var random = GameRandom(seed: GameSeed(23))
        let alphabet = Array(#"{}[]":,\ 019eE.-+tfnulr"#.utf8)
        var answered = 0
        var checked = 0
        for frame in try Self.frames() {
            let original = Array(frame.utf8)
            for _ in 0..<1_500 {
                let bytes = Self.mutated(original, edits: 1 + random.nextInt(below: 4), from: alphabet, truncating: true, &random)
                guard String(validating: bytes, as: UTF8.self) != nil else { continue }
                let data = Data(bytes)
                checked += 1
                guard let fast = RealtimeFrameScanner.probe(data) else { continue }
                answered += 1
                let reference = try? JSONDecoder().decode(RealtimeFrameProbe.self, from: data)
                #expect(fast == reference, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        // The mutations are not all fatal: the one pass answered for a good share of them.
        #expect(checked > 5_000)
        #expect(answered > checked / 20, "answered \(answered) of \(checked)")
    }

    /// `original` with `edits` random removals, insertions and replacements from `alphabet`
    /// (and, when `truncating`, cuts of the rest); never empty.
    private static func mutated(_ original: [UInt8], edits: Int, from alphabet: [UInt8], truncating: Bool, _ random: inout GameRandom) -> [UInt8] {
        var bytes = original
        for _ in 0..<edits {
            let at = random.nextInt(below: bytes.count)
            switch random.nextInt(below: truncating ? 4 : 3) {
            case 0: bytes.remove(at: at)
            case 1: bytes.insert(alphabet[random.nextInt(below: alphabet.count)], at: at)
            case 2: bytes[at] = alphabet[random.nextInt(below: alphabet.count)]
            default: bytes.removeSubrange(at...)
            }
            if bytes.isEmpty { bytes = [UInt8(ascii: "{")] }
        }
        return bytes
    }

    /// What `JSONDecoder` reads at `view.legal_placements`, to hold the one pass to.
    private struct LegalPlacements: Decodable {
        struct View: Decodable {
            var legalPlacements: [String]?
            enum CodingKeys: String, CodingKey { case legalPlacements = "legal_placements" }
        }
        var view: View?

        var scanned: RealtimeFrameScanner.Strings { view?.legalPlacements.map { .strings($0) } ?? .absent }
    }

    private static let path = ["view", "legal_placements"]

    @Test("the strings at a path are read in one pass, and agree with JSONDecoder")
    func stringsAtAPath() throws {
        var listed = 0
        for frame in try Self.frames() {
            let data = Data(frame.utf8)
            let found = try #require(RealtimeFrameScanner.strings(at: Self.path, in: data), "\(frame.prefix(80))")
            #expect(found == (try JSONDecoder().decode(LegalPlacements.self, from: data)).scanned)
            if case .strings(let strings) = found, !strings.isEmpty { listed += 1 }
        }
        #expect(listed == 2)  // the move_made and the state
        #expect(RealtimeFrameScanner.strings(at: Self.path, in: Data(#"{"view":null}"#.utf8)) == .absent)
        #expect(RealtimeFrameScanner.strings(at: Self.path, in: Data(#"{"view":{"legal_placements":[]}}"#.utf8)) == .strings([]))
        for unsure in [
            #"{"view":{"legal_placements":["d4r2"],"legal_placements":[]}}"#, #"{"view":{"legal_placements":["d\u0034r2"]}}"#,
            #"{"view":{"legal\u005fplacements":["d4r2"]}}"#, #"{"view":{"legal_placements":"d4r2"}}"#, #"{"view":[]}"#,
            #"{"view":{"legal_placements":[1]}}"#, #"{"view":{"legal_placements":["d4r2",]}}"#, #"{"view":{}} x"#, "",
        ] {
            #expect(RealtimeFrameScanner.strings(at: Self.path, in: Data(unsure.utf8)) == nil, "\(unsure)")
        }
        #expect(RealtimeFrameScanner.strings(at: [], in: Data("{}".utf8)) == nil)
    }

    @Test("mutated frames: whenever the strings at a path are read, JSONDecoder reads the same")
    func mutatedFramesAgreeOnStrings() throws {
        var random = GameRandom(seed: GameSeed(29))
        let alphabet = Array(#"{}[]":,\ d4r2nul"#.utf8)
        var answered = 0
        var checked = 0
        let frame = Array(try Self.frames()[1].utf8)
        for _ in 0..<4_000 {
            let bytes = Self.mutated(frame, edits: 1 + random.nextInt(below: 3), from: alphabet, truncating: false, &random)
            guard String(validating: bytes, as: UTF8.self) != nil else { continue }
            let data = Data(bytes)
            checked += 1
            guard let fast = RealtimeFrameScanner.strings(at: Self.path, in: data) else { continue }
            answered += 1
            #expect(fast == (try? JSONDecoder().decode(LegalPlacements.self, from: data))?.scanned, "\(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(checked > 3_000)
        #expect(answered > checked / 20, "answered \(answered) of \(checked)")
    }
}
