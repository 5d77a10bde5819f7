import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorTestSupport
import ServerTestSupport
import Testing

@Suite struct LinkingTests {
    private func providers(_ reply: Reply) -> [String] {
        (reply.user["identities"] as? [[String: any Sendable]] ?? reply.json["identities"] as? [[String: any Sendable]] ?? [])
            .compactMap { $0["provider"] as? String }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aGuestUpgradesByLinkingAppleThenAPassword(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let device = "device-0123456789abcdef"
            let guest = try await server.guest(device)
            #expect(guest.status == .ok)
            #expect(guest.json["is_new_user"] as? Bool == true)
            let guestID = try #require(guest.user["id"] as? String)
            #expect(try await server.guest(device).user["id"] as? String == guestID, "the same device signs in again")

            let apple = try await server.fakes.appleToken(sub: "apple-sub-1", aud: AccountsHarness.appleClientID, nonce: "n")
            let linked = try await server.call("/auth/apple", ["identity_token": apple, "nonce": "n"], token: guest["access_token"])
            #expect(linked.status == .ok)
            #expect(linked.user["id"] as? String == guestID)
            #expect(providers(linked) == ["device", "apple"])

            let upgraded = try await server.call(
                "/auth/register", ["username": "uma", "password": "a long secret phrase"], token: guest["access_token"])
            #expect(upgraded.status == .ok, "\(upgraded.json)")
            #expect(upgraded.user["id"] as? String == guestID)
            #expect(upgraded.user["username"] as? String == "uma")
            #expect(upgraded.json["is_new_user"] as? Bool == false)
            let again = try await server.call("/auth/register", ["username": "uma", "password": "another long password"], token: guest["access_token"])
            #expect(again.errorCode == "password_already_set")

            // Signing in with Apple later, on another device, reaches the same account.
            let later = try await server.fakes.appleToken(sub: "apple-sub-1", aud: AccountsHarness.appleClientID, nonce: "m")
            #expect(try await server.call("/auth/apple", ["identity_token": later, "nonce": "m"]).user["id"] as? String == guestID)
            #expect(try await server.count("users") == 1)
        }
    }

    @Test func anIdentityBelongsToOneUser() async throws {
        try await withAccountsServer { server in
            let apple = try await server.fakes.appleToken(sub: "apple-sub-2", aud: AccountsHarness.appleClientID, nonce: "n")
            let owner = try await server.call("/auth/apple", ["identity_token": apple, "nonce": "n"])
            #expect(owner.status == .ok)
            let other = try await server.register("victor")
            let stolen = try await server.call("/auth/apple", ["identity_token": apple, "nonce": "n"], token: other["access_token"])
            #expect(stolen.status == .conflict)
            #expect(stolen.errorCode == "identity_in_use")

            let second = try await server.fakes.appleToken(sub: "apple-sub-3", aud: AccountsHarness.appleClientID, nonce: "n")
            let twice = try await server.call("/auth/apple", ["identity_token": second, "nonce": "n"], token: owner["access_token"])
            #expect(twice.errorCode == "provider_already_linked")
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func unlinkingKeepsAtLeastOneWayIn(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let guest = try await server.guest()
            let token = try #require(guest["access_token"])
            let last = try await server.call("/users/me/identities/device", method: .delete, token: token)
            #expect(last.status == .conflict)
            #expect(last.errorCode == "last_sign_in_method")
            #expect(try await server.call("/users/me/identities/apple", method: .delete, token: token).status == .notFound)
            #expect(try await server.call("/users/me/identities/myspace", method: .delete, token: token).status == .badRequest)

            let upgraded = try await server.call("/auth/register", ["username": "wendy", "password": "a long secret phrase"], token: token)
            #expect(upgraded.status == .ok)
            let unlinked = try await server.call("/users/me/identities/device", method: .delete, token: token)
            #expect(unlinked.status == .ok)
            #expect(providers(unlinked) == [])
            #expect(unlinked.json["has_password"] as? Bool == true)
            let password = try await server.call("/users/me/identities/password", method: .delete, token: token)
            #expect(password.errorCode == "last_sign_in_method")
        }
    }

    @Test func guestDeviceIDsAreValidated() async throws {
        try await withAccountsServer { server in
            for bad in ["short", String(repeating: "x", count: 129), "has spaces in it here", "emoji-😀-0123456789"] {
                let reply = try await server.call("/auth/guest", ["device_id": bad])
                #expect(reply.invalidFields == ["device_id"], "\(bad)")
            }
            #expect(try await server.call("/auth/guest", [:]).status == .badRequest)
            let text = try await server.client.execute(uri: "/auth/guest", method: .post, headers: [.contentType: "text/plain"], body: .init(string: "x"))
            #expect(text.status == .unsupportedMediaType || text.status == .badRequest)
        }
    }
}
