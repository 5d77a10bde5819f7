import Foundation
import HTTPTypes
import HummingbirdTesting
import ParlorTestSupport
import ServerTestSupport
import Testing

@Suite("Push devices and preferences")
struct PushDeviceTests {
    @Test("a device registers, lists, moves to whoever registers it next, and unregisters", arguments: TestDatabaseKind.available)
    func registration(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let token = deviceToken()
            let registered = try await server.call(
                .post, "/push/devices", as: ann, body: #"{"token":"\#(token.uppercased())","environment":"production","bundle_id":"com.quortex.app","kind":"alert"}"#)
            #expect(registered.status == 200)
            #expect(registered.json["token"] as? String == token)
            #expect(registered.json["environment"] as? String == "production")
            #expect(registered.json["registered_at"] is String)
            let room = try await server.fillRoom(try await server.tournament(), with: [ann])
            let activity = try await server.registerDevice(ann, bundle: "com.topdog.app", activity: room)
            let listed = try await server.call(.get, "/push/devices", as: ann).json["devices"] as? [[String: Any]] ?? []
            #expect(Set(listed.compactMap { $0["token"] as? String }) == [token, activity])
            #expect(listed.first { $0["token"] as? String == activity }?["activity_id"] as? String == room)
            // The phone changes hands: Bob signs in on it and registers the same token.
            try await server.registerDevice(bob, token: token)
            #expect((try await server.call(.get, "/push/devices", as: ann).json["devices"] as? [[String: Any]])?.count == 1)
            #expect((try await server.call(.get, "/push/devices", as: bob).json["devices"] as? [[String: Any]])?.first?["token"] as? String == token)
            // Ann cannot remove Bob's token; Bob can, once.
            #expect(try await server.call(.delete, "/push/devices/\(token)", as: ann).status == 404)
            #expect(try await server.call(.delete, "/push/devices/\(token)", as: bob).status == 204)
            #expect(try await server.call(.delete, "/push/devices/\(token)", as: bob).status == 404)
            #expect((try await server.call(.get, "/push/devices", as: bob).json["devices"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("a bad registration is refused field by field and stores nothing")
    func badRegistrations() async throws {
        try await withOnlinePlayServer { server in
            let ann = try await server.guest()
            let token = deviceToken()
            let othersRoom = try await server.fillRoom(try await server.tournament(), with: [try await server.guest()])
            let cases: [(body: String, field: String?)] = [
                (#"{"token":"\#(token)","environment":"sandbox","bundle_id":"com.evil.app","kind":"alert"}"#, "bundle_id"),
                (#"{"token":"\#(token)","environment":"sandbox","bundle_id":"com.topdog.app","kind":"live_activity","activity_id":"no-such-room"}"#, "activity_id"),
                (#"{"token":"\#(token)","environment":"sandbox","bundle_id":"com.topdog.app","kind":"live_activity","activity_id":"\#(othersRoom)"}"#, "activity_id"),
                (#"{"token":"xyz","environment":"sandbox","bundle_id":"com.quortex.app","kind":"alert"}"#, "token"),
                (#"{"token":"\#(token)abc","environment":"sandbox","bundle_id":"com.quortex.app","kind":"alert"}"#, "token"),
                (#"{"token":"\#(token)","environment":"sandbox","bundle_id":"quortex","kind":"alert"}"#, "bundle_id"),
                (#"{"token":"\#(token)","environment":"sandbox","bundle_id":"com.topdog.app","kind":"live_activity"}"#, "activity_id"),
                (#"{"token":"\#(token)","environment":"sandbox","bundle_id":"com.topdog.app","kind":"live_activity","activity_id":"a b"}"#, "activity_id"),
                (#"{"token":"\#(token)","environment":"sandbox","bundle_id":"com.quortex.app","kind":"alert","activity_id":"room"}"#, "activity_id"),
                (#"{"token":"\#(token)","environment":"staging","bundle_id":"com.quortex.app","kind":"alert"}"#, nil),
                (#"{"token":"\#(token)","environment":"sandbox","bundle_id":"com.quortex.app","kind":"voip"}"#, nil),
                (#"{"token":"\#(token)","environment":"sandbox","bundle_id":"com.quortex.app","kind":"alert","extra":1}"#, nil),
                (#"{"token":"\#(token)"}"#, nil),
                (#"not json"#, nil),
            ]
            for (body, field) in cases {
                let answer = try await server.call(.post, "/push/devices", as: ann, body: body)
                #expect(answer.status == 400, "\(body)")
                let error = answer.json["error"] as? [String: Any]
                #expect(error?["message"] is String, "\(body)")
                if let field {
                    let fields = (error?["fields"] as? [[String: Any]])?.compactMap { $0["field"] as? String } ?? []
                    #expect(fields.contains(field), "\(body): \(answer.json)")
                }
            }
            #expect((try await server.call(.get, "/push/devices", as: ann).json["devices"] as? [Any])?.isEmpty == true)
            let anonymous = try await server.client.executeRequest(uri: "/push/devices", method: .get, headers: [:], body: nil)
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test("preferences start on, change only what is given, and refuse a bad value", arguments: TestDatabaseKind.available)
    func preferences(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let ann = try await server.guest()
            let initial = try await server.call(.get, "/push/preferences", as: ann)
            #expect(initial.json as? [String: Bool] == ["turn_reminders": true, "invitations": true, "game_over": true])
            let changed = try await server.call(.put, "/push/preferences", as: ann, body: #"{"invitations":false}"#)
            #expect(changed.json as? [String: Bool] == ["turn_reminders": true, "invitations": false, "game_over": true])
            #expect(try await server.call(.put, "/push/preferences", as: ann, body: #"{"invitations":"no"}"#).status == 400)
            #expect(try await server.call(.put, "/push/preferences", as: ann, body: #"{"sms":true}"#).status == 400)
            let after = try await server.call(.get, "/push/preferences", as: ann)
            #expect(after.json as? [String: Bool] == ["turn_reminders": true, "invitations": false, "game_over": true])
        }
    }
}
