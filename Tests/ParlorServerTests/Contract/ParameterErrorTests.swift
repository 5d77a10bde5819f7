import Foundation
import GameCore
import HTTPTypes
import ParlorHTTP
@testable import ParlorServer
import ServerTestSupport
import Testing
import TestSupport
import Yams

/// A query or path parameter the server cannot take is answered `invalid_fields`, naming it.
@Suite struct ParameterErrorTests {
    @Test func aBadParameterIsNamed() async throws {
        try await withOnlinePlayServer { server in
            let guest = try await server.guest()
            let cases: [(HTTPRequest.Method, String, String)] = [
                (.get, "/games?limit=lots", "limit"),
                (.get, "/games?limit=99999999999999999999999", "limit"),
                (.get, "/games?limit=0", "limit"),
                (.get, "/games?status=sideways&limit=5", "status"),
                (.get, "/sync/events?limit=x", "limit"),
                (.get, "/usernames/availability", "username"),
                (.delete, "/users/me/identities/myspace", "provider"),
            ]
            for (method, uri, field) in cases {
                let reply = try await server.call(method, uri, as: guest)
                let error = reply.json["error"] as? [String: Any]
                #expect(reply.status == 400, "\(uri)")
                #expect(error?["code"] as? String == "invalid_fields", "\(uri): \(reply.json)")
                #expect((error?["fields"] as? [[String: Any]])?.first?["field"] as? String == field, "\(uri): \(reply.json)")
            }
            #expect(try await server.call(.get, "/games?status=active&limit=5", as: guest).status == 200)
        }
    }

    /// Every parameter that is not a free string, and every required query parameter, has a rule.
    @Test func everyTypedParameterHasARule() throws {
        let text = try String(contentsOf: repositoryRoot().appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let tree = try YAMLDecoder().decode(JSONValue.self, from: text)
        var expected: [String: Set<String>] = [:]
        for (_, item) in tree["paths"]?.objectValue ?? [:] {
            for (_, operation) in item.objectValue ?? [:] {
                guard let id = operation["operationId"]?.stringValue else { continue }
                for declared in operation["parameters"]?.arrayValue ?? [] {
                    var parameter = declared
                    if let reference = declared["$ref"]?.stringValue, let name = reference.split(separator: "/").last {
                        parameter = tree["components"]?["parameters"]?[String(name)] ?? declared
                    }
                    guard let name = parameter["name"]?.stringValue, let location = parameter["in"]?.stringValue else { continue }
                    let schema = parameter["schema"]
                    let freeString = schema?["type"]?.stringValue == "string" && schema?["enum"] == nil
                    let requiredQuery = location == "query" && parameter["required"] == .bool(true)
                    if !freeString || requiredQuery { expected[id, default: []].insert(name) }
                }
            }
        }
        let covered = ParameterRules.byOperation.mapValues { Set($0.map(\.name)) }
        #expect(covered == expected)
    }
}
