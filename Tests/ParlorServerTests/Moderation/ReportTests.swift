import Foundation
import HTTPTypes
import HummingbirdTesting
import ParlorAccounts
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import TestSupport
import Testing

/// `POST /reports` and staff working through reports: one open report per reporter and user,
/// refused reports leave nothing behind, staff resolve with an audit record.
@Suite("Reports", .timeLimit(.minutes(2)))
struct ReportTests {
    @Test(arguments: TestDatabaseKind.available)
    func aReportIsStoredOnceAndStaffResolveIt(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (ann, bob, cat) = (try await server.guest(), try await server.guest(), try await server.guest())
            let moderator = try await server.staff(.moderator)
            let admin = try await server.admin()

            let made = try await server.call(
                .post, "/reports", as: ann, body: #"{"user_id":"\#(bob.user)","reason":"harassment","details":"  kept saying rude things  "}"#)
            #expect(made.status == 201)
            let id = try #require(made.json["id"] as? String)
            #expect(made.json["status"] as? String == "open")
            #expect(made.json["details"] as? String == "kept saying rude things")
            #expect(made.json["user_id"] as? String == bob.user)

            // A second open report about the same user is refused; it stores nothing.
            let again = try await server.call(.post, "/reports", as: ann, body: #"{"user_id":"\#(bob.user)","reason":"spam"}"#)
            #expect(again.status == 409)
            #expect(Moderation.code(again) == "report_exists")

            // Bad reports: oneself, an unknown user, an unknown reason, text too long, a chat line
            // without its game, a game that does not exist, a game the user is not in.
            let refusals: [(body: String, status: Int, code: String)] = [
                (#"{"user_id":"\#(ann.user)","reason":"cheating"}"#, 422, "cannot_report_self"),
                (#"{"user_id":"\#(UUID().uuidString.lowercased())","reason":"cheating"}"#, 404, "user_not_found"),
                (#"{"user_id":"\#(cat.user)","reason":"being_bad"}"#, 400, "invalid_fields"),
                (#"{"user_id":"\#(cat.user)","reason":"other","details":"\#(String(repeating: "x", count: 1001))"}"#, 400, "invalid_fields"),
                (#"{"user_id":"\#(cat.user)","reason":"hate","chat_line_id":3}"#, 400, "invalid_fields"),
                (#"{"user_id":"\#(cat.user)","reason":"hate","game_id":"\#(UUID().uuidString)"}"#, 404, "not_found"),
            ]
            for refusal in refusals {
                let answer = try await server.call(.post, "/reports", as: ann, body: refusal.body)
                #expect(answer.status == refusal.status, "\(refusal.body.prefix(80)): \(answer.json)")
                if answer.status != 400 { #expect(Moderation.code(answer) == refusal.code, "\(refusal.body.prefix(80))") }
            }
            // A game between Ann and Bob: Cat took no part in it, and it has no chat line 99.
            let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based").uuidString.lowercased()
            let notIn = try await server.call(.post, "/reports", as: ann, body: #"{"user_id":"\#(cat.user)","reason":"cheating","game_id":"\#(game)"}"#)
            #expect(notIn.status == 422)
            #expect(Moderation.code(notIn) == "not_in_game")
            let noLine = try await server.call(
                .post, "/reports", as: cat, body: #"{"user_id":"\#(bob.user)","reason":"hate","game_id":"\#(game)","chat_line_id":99}"#)
            #expect(noLine.status == 404)
            let withGame = try await server.call(.post, "/reports", as: cat, body: #"{"user_id":"\#(bob.user)","reason":"cheating","game_id":"\#(game)"}"#)
            #expect(withGame.status == 201)
            #expect(withGame.json["game_id"] as? String == game)

            // Players may not read or resolve reports; staff read them with both users named.
            #expect(try await server.call(.get, "/admin/reports", as: ann).status == 403)
            let queue = try await server.call(.get, "/admin/reports?status=open", as: moderator)
            #expect(queue.status == 200)
            let listed = queue.json["reports"] as? [[String: Any]] ?? []
            #expect(listed.count == 2)
            let mine = try #require(listed.first { ($0["report"] as? [String: Any])?["id"] as? String == id })
            #expect((mine["reporter"] as? [String: Any])?["id"] as? String == ann.user)
            #expect((mine["user"] as? [String: Any])?["id"] as? String == bob.user)
            #expect((mine["report"] as? [String: Any])?["reason"] as? String == "harassment")
            let paged = try await server.call(.get, "/admin/reports?status=open&limit=1", as: moderator)
            #expect((paged.json["reports"] as? [Any])?.count == 1)
            let cursor = try #require(paged.json["next"] as? String)
            let second = try await server.call(.get, "/admin/reports?status=open&limit=1&cursor=\(cursor)", as: moderator)
            #expect((second.json["reports"] as? [[String: Any]])?.count == 1)
            #expect(second.json["next"] == nil)

            let resolve = #"{"resolution":"dismissed","reason":"friendly banter, both agree"}"#
            #expect(try await server.call(.post, "/admin/reports/\(id)/resolve", as: ann, body: resolve).status == 403)
            let resolved = try await server.call(.post, "/admin/reports/\(id)/resolve", as: moderator, body: resolve)
            #expect(resolved.status == 200)
            #expect(resolved.json["status"] as? String == "dismissed")
            #expect(resolved.json["resolved_by"] as? String == moderator.user)
            let twice = try await server.call(.post, "/admin/reports/\(id)/resolve", as: moderator, body: resolve)
            #expect(twice.status == 409)
            #expect(Moderation.code(twice) == "report_resolved")
            let unknown = try await server.call(.post, "/admin/reports/\(UUID().uuidString)/resolve", as: moderator, body: resolve)
            #expect(unknown.status == 404)
            let records = try await Moderation.audit(server, as: admin, kind: "report", id: id)
            #expect(records.count == 1)
            #expect(records.first?["action"] as? String == "report.resolve")
            #expect(records.first?["actor"] as? String == moderator.user)
            #expect((records.first?["details"] as? [String: Any])?["resolution"] as? String == "dismissed")

            // Only the open queue holds the unresolved one; a closed report lets Ann report Bob again.
            let open = try await server.call(.get, "/admin/reports?status=open", as: moderator)
            #expect((open.json["reports"] as? [Any])?.count == 1)
            #expect(try await server.call(.post, "/reports", as: ann, body: #"{"user_id":"\#(bob.user)","reason":"spam"}"#).status == 201)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func reportsAreRateLimitedPerUser(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind, configure: { $0.accounts.rateLimits.reportsPerUser = .init(2, per: .seconds(300)) }) { server in
            let ann = try await server.guest()
            let others = try await (0..<3).asyncMap { _ in try await server.guest() }
            for other in others.prefix(2) {
                #expect(try await server.call(.post, "/reports", as: ann, body: #"{"user_id":"\#(other.user)","reason":"spam"}"#).status == 201)
            }
            let refused = try await server.call(.post, "/reports", as: ann, body: #"{"user_id":"\#(others[2].user)","reason":"spam"}"#)
            #expect(refused.status == 429)
            #expect(Moderation.code(refused) == "rate_limited")
            // Nothing was stored, and the limit is Ann's alone.
            let queue = try await server.call(.get, "/admin/reports", as: try await server.staff(.moderator))
            #expect((queue.json["reports"] as? [Any])?.count == 2)
            #expect(try await server.call(.post, "/reports", as: others[0], body: #"{"user_id":"\#(ann.user)","reason":"spam"}"#).status == 201)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aDeletedReportersReportsStayWithoutThem(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (ann, bob) = (try await server.guest(), try await server.guest())
            #expect(try await server.call(.post, "/reports", as: ann, body: #"{"user_id":"\#(bob.user)","reason":"hate"}"#).status == 201)
            #expect(try await server.call(.delete, "/users/me", as: ann).status == 204)
            let queue = try await server.call(.get, "/admin/reports", as: try await server.staff(.moderator))
            let listed = try #require((queue.json["reports"] as? [[String: Any]])?.first)
            #expect(listed["reporter"] == nil)
            #expect((listed["user"] as? [String: Any])?["id"] as? String == bob.user)
            #expect((listed["report"] as? [String: Any])?["reason"] as? String == "hate")
        }
    }
}
