import Foundation
import HTTPTypes
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// Invitations to waiting games and quick match, over HTTP.
@Suite struct MatchmakingRouteTests {
    struct Player: Sendable {
        var token: String
        var id: String
    }

    static func player(_ server: AccountsHarness, device: String = UUID().uuidString) async throws -> Player {
        let reply = try await server.guest(device)
        let token = try #require(reply["access_token"])
        let id = try #require(reply.user["id"] as? String)
        return Player(token: token, id: id)
    }

    static func waitingGame(_ server: AccountsHarness, by host: Player) async throws -> String {
        let created = try await server.call("/games", ["game_type": "quortex", "players": 2, "mode": "turn_based"], token: host.token)
        #expect(created.status == .created)
        return try #require(created["id"])
    }

    static func invitations(_ reply: Reply) -> [[String: any Sendable]] {
        reply.json["invitations"] as? [[String: any Sendable]] ?? []
    }

    @Test(arguments: TestDatabaseKind.available)
    func anInvitedPlayerAcceptsAndTakesThePlace(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let host = try await Self.player(server)
            let guest = try await Self.player(server)
            let game = try await Self.waitingGame(server, by: host)

            let invited = try await server.call("/games/\(game)/invitations", ["users": [guest.id]], token: host.token)
            #expect(invited.status == .created)
            #expect(Self.invitations(invited).first?["to"] as? String == guest.id)
            // Inviting again renews the same invitation.
            let again = try await server.call("/games/\(game)/invitations", ["users": [guest.id]], token: host.token)
            #expect(Self.invitations(again).first?["id"] as? String == Self.invitations(invited).first?["id"] as? String)

            let listed = try await server.call("/invitations", method: .get, token: guest.token)
            #expect(listed.status == .ok)
            let invitation = try #require(Self.invitations(listed).first)
            #expect(Self.invitations(listed).count == 1)
            #expect(invitation["from"] as? String == host.id)
            #expect((invitation["game"] as? [String: any Sendable])?["id"] as? String == game)
            #expect(try await server.call("/invitations", method: .get, token: host.token).json["invitations"] as? [Any] != nil)

            let id = try #require(invitation["id"] as? String)
            #expect(try await server.call("/invitations/\(id)/accept", token: host.token).status == .notFound, "only the invitee")
            let accepted = try await server.call("/invitations/\(id)/accept", token: guest.token)
            #expect(accepted.status == .ok)
            let seats = (accepted.json["seats"] as? [[String: any Sendable]] ?? []).compactMap { $0["user"] as? String }
            #expect(Set(seats) == [host.id, guest.id])
            #expect(Self.invitations(try await server.call("/invitations", method: .get, token: guest.token)).isEmpty)
        }
    }

    /// Accept and decline sent at once: exactly one wins, and the place matches the winner.
    @Test(arguments: TestDatabaseKind.available)
    func anAcceptRacingADeclineHasOneOutcome(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let host = try await Self.player(server)
            let guest = try await Self.player(server)
            var invitations: [(game: String, id: String)] = []
            for _ in 0..<12 {
                let game = try await Self.waitingGame(server, by: host)
                let invited = try await server.call("/games/\(game)/invitations", ["users": [guest.id]], token: host.token)
                invitations.append((game, try #require(Self.invitations(invited).first?["id"] as? String)))
            }
            let answers = await withTaskGroup(of: (Int, HTTPResponse.Status, HTTPResponse.Status).self) { group in
                for (index, invitation) in invitations.enumerated() {
                    group.addTask {
                        // Each on a connection of its own: the test client's one connection would queue them.
                        async let accepted = try? server.send("/invitations/\(invitation.id)/accept", token: guest.token)
                        async let declined = try? server.send("/invitations/\(invitation.id)/decline", token: guest.token)
                        return (index, await accepted?.status ?? .internalServerError, await declined?.status ?? .internalServerError)
                    }
                }
                return await group.reduce(into: [Int: (HTTPResponse.Status, HTTPResponse.Status)]()) { $0[$1.0] = ($1.1, $1.2) }
            }
            for (index, invitation) in invitations.enumerated() {
                let (accept, decline) = try #require(answers[index])
                let game = try await server.call("/games/\(invitation.game)", method: .get, token: host.token)
                let seated = (game.json["seats"] as? [[String: any Sendable]] ?? []).contains { $0["user"] as? String == guest.id }
                if accept == .ok {
                    #expect(decline == .conflict && seated, "accepted: the decline must be refused and the place taken")
                } else {
                    #expect(accept == .conflict && decline == .noContent && !seated, "declined: \(accept), \(decline), seated \(seated)")
                }
            }
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func invitationsAreDeclinedExpireAndAreChecked(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let host = try await Self.player(server)
            let guest = try await Self.player(server)
            let otherDevice = UUID().uuidString
            let other = try await Self.player(server, device: otherDevice)
            let game = try await Self.waitingGame(server, by: host)

            let stranger = try await server.call("/games/\(game)/invitations", ["users": [guest.id]], token: other.token)
            #expect(stranger.status == .forbidden)
            #expect(try await server.call("/games/\(game)/invitations", ["users": ["nobody"]], token: host.token).status == .notFound)
            let seated = try await server.call("/games/\(game)/invitations", ["users": [host.id]], token: host.token)
            #expect(seated.status == .badRequest)
            #expect(seated.invalidFields == ["users"])

            let invited = try await server.call("/games/\(game)/invitations", ["users": [guest.id, other.id]], token: host.token)
            #expect(Self.invitations(invited).count == 2)
            let declineID = try #require(Self.invitations(invited).first { $0["to"] as? String == guest.id }?["id"] as? String)
            #expect(try await server.call("/invitations/\(declineID)/decline", token: guest.token).status == .noContent)
            #expect(Self.invitations(try await server.call("/invitations", method: .get, token: guest.token)).isEmpty)
            #expect(try await server.call("/invitations/\(declineID)/accept", token: guest.token).status == .conflict)

            server.clock.advance(seconds: 24 * 3600 + 1)
            // The access token has expired too; signing in on the same device is the same user.
            let later = try await Self.player(server, device: otherDevice)
            #expect(later.id == other.id)
            let expiredID = try #require(Self.invitations(invited).first { $0["to"] as? String == other.id }?["id"] as? String)
            #expect(Self.invitations(try await server.call("/invitations", method: .get, token: later.token)).isEmpty)
            let expired = try await server.call("/invitations/\(expiredID)/accept", token: later.token)
            #expect(expired.status == .conflict)
            #expect(expired.errorCode == "invitation_expired")
        }
    }

    /// A finished turn-based game between `host` and `guest`, the host having resigned.
    static func finishedGame(_ server: AccountsHarness, _ host: Player, _ guest: Player) async throws -> String {
        let game = try await waitingGame(server, by: host)
        let code = try #require(try await server.call("/games/\(game)", method: .get, token: host.token)["invite_code"])
        #expect(try await server.call("/games/join", ["code": code], token: guest.token).status == .ok)
        #expect(try await server.call("/games/\(game)/resign", ["move_id": "give-up"], token: host.token).status == .ok)
        #expect(try await server.call("/games/\(game)", method: .get, token: host.token)["status"] == "completed")
        return game
    }

    /// A rematch is an offer: asking seats only the asker and invites the others; the game starts
    /// when the others take their places (by accepting, or by asking too), never before.
    @Test(arguments: TestDatabaseKind.available)
    func aRematchWaitsForEveryPlayerToAgree(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let host = try await Self.player(server)
            let guest = try await Self.player(server)
            let stranger = try await Self.player(server)
            let first = try await Self.finishedGame(server, host, guest)
            let before = try await server.call("/games/\(first)", method: .get, token: host.token)
            #expect(before.status == .ok)
            #expect(before["rematch"] == nil, "nobody asked yet")
            #expect(try await server.call("/games/\(first)/rematch", token: stranger.token).status == .forbidden)

            let offered = try await server.call("/games/\(first)/rematch", token: guest.token)
            #expect(offered.status == .ok)
            let rematch = try #require(offered["id"])
            #expect(offered["status"] == "waiting", "the host has not agreed")
            #expect((offered.json["seats"] as? [[String: any Sendable]])?.compactMap { $0["user"] as? String } == [guest.id])
            let pending = Self.invitations(try await server.call("/invitations", method: .get, token: host.token))
            #expect(pending.count == 1)
            #expect((pending.first?["game"] as? [String: any Sendable])?["id"] as? String == rematch)
            #expect(pending.first?["from"] as? String == guest.id)
            // The finished game names its rematch to both players, as the contract says.
            for player in [host, guest] {
                let finished = try await server.call("/games/\(first)", method: .get, token: player.token)
                #expect(finished["rematch"] == rematch)
            }
            let again = try await server.call("/games/\(first)/rematch", token: guest.token)
            #expect(again["id"] == rematch && again["status"] == "waiting", "asking twice changes nothing")

            // The host agrees by asking too: the same game, now started.
            let agreed = try await server.call("/games/\(first)/rematch", token: host.token)
            #expect(agreed["id"] == rematch)
            #expect(agreed["status"] == "active")

            // Or by accepting the invitation.
            let second = try await Self.finishedGame(server, host, guest)
            let offer = try await server.call("/games/\(second)/rematch", token: host.token)
            #expect(offer["status"] == "waiting")
            let invitation = try #require(Self.invitations(try await server.call("/invitations", method: .get, token: guest.token)).first?["id"] as? String)
            let accepted = try await server.call("/invitations/\(invitation)/accept", token: guest.token)
            #expect(accepted["id"] == offer["id"])
            #expect(accepted["status"] == "active")
        }
    }

    /// A player is invited by username as well as by id; the invitation names them by id.
    @Test func anInvitationNamesAUserByUsernameInAnyCase() async throws {
        try await withAccountsServer { server in
            let host = try await Self.player(server)
            let registered = try await server.register("kim")
            let kim = try #require(registered.user["id"] as? String)
            let game = try await Self.waitingGame(server, by: host)
            let invited = try await server.call("/games/\(game)/invitations", ["users": ["KIM", kim]], token: host.token)
            #expect(invited.status == .created)
            #expect(Self.invitations(invited).map { $0["to"] as? String } == [kim], "one invitation, to kim's id")
            let unknown = try await server.call("/games/\(game)/invitations", ["users": ["kim", "nobody_here"]], token: host.token)
            #expect(unknown.status == .notFound)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func twoEqualPlayersAreQuickMatchedIntoOneGame(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let first = try await Self.player(server)
            let second = try await Self.player(server)
            let request: [String: any Sendable] = ["game_type": "quortex", "players": 2]

            let waiting = try await server.call("/matchmaking/quick", request, token: first.token)
            #expect(waiting.status == .ok)
            #expect(waiting["status"] == "waiting" || waiting["status"] == "matched")
            let entered = try await server.call("/matchmaking/quick", request, token: second.token)
            #expect(entered.status == .ok)
            // Pairing runs on entry and on every timer tick; on PostgreSQL a tick holding the rows
            // (SKIP LOCKED) can make the entry's own pass see one player, so the tick pairs them.
            var matched = entered
            for _ in 0..<100 where matched["status"] != "matched" {
                try await Task.sleep(for: .milliseconds(100))
                matched = try await server.call("/matchmaking/quick", method: .get, token: second.token)
            }
            #expect(matched["status"] == "matched")
            let game = try #require(matched["match"])
            let mine = try await server.call("/matchmaking/quick", method: .get, token: first.token)
            #expect(mine["status"] == "matched")
            #expect(mine["match"] == game)

            let seats = try await server.call("/games/\(game)", method: .get, token: first.token).json["seats"] as? [[String: any Sendable]] ?? []
            #expect(Set(seats.compactMap { $0["user"] as? String }) == [first.id, second.id])
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func quickMatchIsCancelledAndChecked(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let player = try await Self.player(server)
            let entered = try await server.call("/matchmaking/quick", ["game_type": "quortex", "players": 2], token: player.token)
            #expect(entered["status"] == "waiting")
            server.clock.advance(seconds: 2)
            let same = try await server.call("/matchmaking/quick", ["game_type": "quortex", "players": 2], token: player.token)
            #expect(same["waiting_since"] == entered["waiting_since"], "entering again answers the same entry")

            #expect(try await server.call("/matchmaking/quick", method: .delete, token: player.token).status == .noContent)
            #expect(try await server.call("/matchmaking/quick", method: .delete, token: player.token).status == .noContent)
            #expect(try await server.call("/matchmaking/quick", method: .get, token: player.token).status == .notFound)

            let unknown = try await server.call("/matchmaking/quick", ["game_type": "no-such-game", "players": 2], token: player.token)
            #expect(unknown.status == .badRequest)
            #expect(unknown.invalidFields == ["game_type"])
            let crowded = try await server.call("/matchmaking/quick", ["game_type": "quortex", "players": 40], token: player.token)
            #expect(crowded.status == .badRequest)
            #expect(crowded.invalidFields == ["players"])
        }
    }
}
