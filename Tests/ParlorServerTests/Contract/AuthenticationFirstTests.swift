import Foundation
import GameCore
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorAPI
import ParlorHTTP
import ServerTestSupport
import Testing
import TestSupport
import Yams

/// A caller without a valid token hears 401 before anything else of the request is judged.
@Suite struct AuthenticationFirstTests {
    /// The server's reading of which operations need a bearer token agrees with a YAML parse.
    @Test func theBearerOperationsAreReadFromTheDocumentCorrectly() throws {
        let text = try String(contentsOf: repositoryRoot().appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let tree = try YAMLDecoder().decode(JSONValue.self, from: text)
        var expected: Set<String> = []
        var expectedIDs: Set<String> = []
        for (path, item) in tree["paths"]?.objectValue ?? [:] {
            for (method, operation) in item.objectValue ?? [:] {
                // `[{}, {bearerAuth: []}]` makes the token optional: only a lone bearer requirement counts.
                let requirements = operation["security"]?.arrayValue?.map(\.objectKeys) ?? []
                guard requirements == [["bearerAuth"]] else { continue }
                expected.insert("\(method.uppercased()) \(path)")
                if case .string(let id)? = operation["operationId"] { expectedIDs.insert(id) }
            }
        }
        #expect(expected.count > 30)
        #expect(APIDocument.bearerOperations == expected)
        #expect(APIDocument.bearerOperationIDs == expectedIDs, "the client's reading, by operation id")
    }

    @Test(arguments: [
        ("POST", "/games", "{\"nonsense\":"),
        ("POST", "/games", "{\"game\":\"quortex\",\"players\":\"many\"}"),
        ("GET", "/games?limit=lots&status=sideways", nil),
        ("POST", "/games/not-a-game/moves", "[]"),
        ("DELETE", "/users/me/identities/myspace", nil),
        ("PUT", "/users/me", "{\"display_name\":42}"),
        ("POST", "/sync/events", "{}"),
    ] as [(String, String, String?)])
    func aRequestWithoutAValidTokenIs401WhateverElseIsWrong(method: String, uri: String, body: String?) async throws {
        try await withLiveServer { client in
            for authorization in [nil, "Bearer not-a-token", "Basic YTpi"] {
                var headers: HTTPFields = [.contentType: "application/json"]
                if let authorization { headers[.authorization] = authorization }
                let response = try await client.execute(
                    uri: uri, method: HTTPRequest.Method(method)!, headers: headers, body: body.map { ByteBuffer(string: $0) })
                #expect(response.status == .unauthorized, "\(method) \(uri) with \(authorization ?? "no token")")
                #expect(try decodeEnvelope(response.body).error.code != "malformed_json")
            }
        }
    }
}
