import Foundation
import HTTPTypes
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

@Suite struct ProfileTests {
    @Test(arguments: TestDatabaseKind.available)
    func editingTheProfileChangesOnlyTheFieldsGiven(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let signedIn = try await server.register("xena", email: "xena@example.com")
            let token = signedIn["access_token"]
            let edited = try await server.call(
                "/users/me",
                ["display_name": "Xena W.", "avatar_url": "https://cdn.example.com/x.png", "preferences": ["sound": false, "theme": "dark"] as [String: any Sendable]],
                method: .put, token: token)
            #expect(edited.status == .ok)
            #expect(edited["display_name"] == "Xena W.")
            #expect(edited["username"] == "xena")
            #expect(edited["email"] == "xena@example.com")
            let preferences = edited.json["preferences"] as? [String: any Sendable]
            #expect(preferences?["theme"] as? String == "dark")
            #expect(preferences?["sound"] as? Bool == false)

            let renamed = try await server.call("/users/me", ["username": "Xena_W", "avatar_url": "", "email": ""], method: .put, token: token)
            #expect(renamed["username"] == "Xena_W")
            #expect(renamed.json["avatar_url"] == nil)
            #expect(renamed.json["email"] == nil)
            #expect(try await server.call("/auth/login", ["login": "xena_w", "password": "correct horse battery"]).status == .ok)

            let publicView = try await server.call("/users/\(renamed["id"] ?? "")", method: .get)
            #expect(publicView.status == .ok)
            // Public fields only: no email, identities, preferences or sessions.
            #expect(Set(publicView.json.keys) == ["id", "username", "display_name", "created_at", "ratings", "totals", "achievements"])
        }
    }

    @Test func lastActiveMovesOnSignInAndRefresh() async throws {
        try await withAccountsServer { server in
            let signedIn = try await server.register("kate")
            let created = try #require(signedIn.user["last_active_at"] as? String)
            server.clock.advance(seconds: 600)
            let read = try await server.call("/users/me", method: .get, token: signedIn["access_token"])
            #expect(read["last_active_at"] == created, "reading does not write")
            let refreshed = try await server.call("/auth/refresh", ["refresh_token": signedIn["refresh_token"] ?? ""])
            let later = try #require(refreshed.user["last_active_at"] as? String)
            let formatter = ISO8601DateFormatter()
            let gap = try #require(formatter.date(from: later)).timeIntervalSince(try #require(formatter.date(from: created)))
            #expect((599...601).contains(gap))
        }
    }

    @Test func profileEditsAreValidatedFieldByField() async throws {
        try await withAccountsServer { server in
            #expect(try await server.register("yuri").status == .ok)
            let other = try await server.register("zoe")
            let token = other["access_token"]
            let bad = try await server.call(
                "/users/me", ["username": "no", "display_name": "", "avatar_url": "http://plain.example.com/a.png", "email": "nope"],
                method: .put, token: token)
            #expect(bad.invalidFields == ["username", "display_name", "avatar_url", "email"])
            let taken = try await server.call("/users/me", ["username": "YURI"], method: .put, token: token)
            #expect(taken.errorCode == "username_taken")
            let huge = try await server.call("/users/me", ["preferences": ["blob": String(repeating: "x", count: 17_000)] as [String: any Sendable]], method: .put, token: token)
            #expect(huge.invalidFields == ["preferences"])
            #expect(try await server.call("/users/me", ["display_name": "Z"], method: .put).status == .unauthorized)
            #expect(try await server.call("/users/no-such-user", method: .get).status == .notFound)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func deletingTheAccountRemovesPersonalDataAndEndsEverySession(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let guest = try await server.guest("device-to-delete-000001")
            let token = guest["access_token"]
            let upgraded = try await server.call(
                "/auth/register", ["username": "adam", "password": "a long secret phrase", "email": "adam@example.com"], token: token)
            #expect(upgraded.status == .ok)
            #expect(try await server.call("/auth/login", ["login": "adam@example.com", "password": "a long secret phrase"]).status == .ok)
            let id = try #require(guest.user["id"] as? String)

            #expect(try await server.call("/users/me", method: .delete, token: token).status == .noContent)
            #expect(try await server.call("/users/me", method: .get, token: token).status == .unauthorized)
            #expect(try await server.call("/auth/refresh", ["refresh_token": guest["refresh_token"] ?? ""]).status == .unauthorized)
            #expect(try await server.call("/users/\(id)", method: .get).status == .notFound)
            #expect(try await server.call("/auth/login", ["login": "adam@example.com", "password": "a long secret phrase"]).status == .unauthorized)
            #expect(try await server.count("identities") == 0)

            // The row stays for game history, without anything personal; the name and device are free again.
            #expect(try await server.count("users") == 1)
            #expect(try await server.register("adam", email: "adam@example.com").status == .ok)
            let fresh = try await server.guest("device-to-delete-000001")
            #expect(fresh.json["is_new_user"] as? Bool == true)
            #expect(fresh.user["id"] as? String != id)
        }
    }
}
