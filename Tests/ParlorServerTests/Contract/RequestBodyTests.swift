import Foundation
import GameCore
import HTTPTypes
import ServerTestSupport
import Testing
import TestSupport
import Yams

/// Request bodies take the documented fields only, and a refusal says what is wrong in the
/// client's terms, never the decoder's.
@Suite struct RequestBodyTests {
    @Test func everyRequestBodyRefusesUnknownFields() throws {
        let text = try String(contentsOf: repositoryRoot().appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let tree = try YAMLDecoder().decode(JSONValue.self, from: text)
        var open: [String] = []
        for (path, item) in tree["paths"]?.objectValue ?? [:] {
            for (method, operation) in item.objectValue ?? [:] {
                guard let reference = operation["requestBody"]?["content"]?["application/json"]?["schema"]?["$ref"]?.stringValue,
                    let name = reference.split(separator: "/").last
                else { continue }
                if tree["components"]?["schemas"]?[String(name)]?["additionalProperties"] != .bool(false) { open.append("\(method) \(path): \(name)") }
            }
        }
        #expect(open.isEmpty)
    }

    @Test func refusalsSayWhatIsWrongInTheClientsTerms() async throws {
        try await withOnlinePlayServer { server in
            let guest = try await server.guest()
            let cases: [(String?, String)] = [
                (#"{"game_type":"quortex","players":2,"mode":"realtime","bogus":1}"#, "unknown field 'bogus'"),
                (#"{"game_type":"quortex","players":"two"}"#, "wrong type at 'players': expected a number"),
                (#"{"game_type":"quortex","players":2,"mode":"sideways"}"#, "mode: must be realtime or turn_based"),
                (#"{"game_type":"quortex","players":2,"mode":""}"#, "mode: must be realtime or turn_based"),
                (#"{"game_type":"quortex","players":2,"grace_seconds":3601,"turn_seconds":4}"#, "turn_seconds: must be 5–1209600; grace_seconds: must be 1–3600"),
                (#"{"game_type":"quortex","players":2,"timeout_policy":"shrug"}"#, "timeout_policy: must be bot_move or forfeit"),
                (nil, "the request body is empty"),
                (#"{"players":2}"#, "missing field 'game_type'"),
            ]
            // null is the same as leaving a field out, as the document says.
            let nulls = try await server.call(
                .post, "/games", as: guest, body: #"{"game_type":"quortex","players":2,"mode":null,"settings":null,"timeout_policy":null}"#)
            #expect(nulls.status == 201, "\(nulls.json)")
            for (body, message) in cases {
                let reply = try await server.call(.post, "/games", as: guest, body: body)
                let error = reply.json["error"] as? [String: Any]
                #expect(reply.status == 400)
                #expect((error?["message"] as? String)?.contains(message) == true, "\(body ?? "no body"): \(reply.json)")
                for word in ["Int", "String", "CodingKeys", "Debug", "disabled"] {
                    #expect((error?["message"] as? String)?.contains(word) == false, "\(reply.json)")
                }
            }
        }
    }
}
