import Foundation
import HTTPTypes
import StatsSync
import TestSupport

/// Helpers for the social tests over the online-play harness: games decided by resignation,
/// relation calls, and leaderboard reads.
extension OnlinePlayServer {
    /// A 2-player turn-based Quortex game that `loser` resigns, so `winner` wins.
    public func decide(winner: Guest, loser: Guest) async throws -> UUID {
        let id = try await table(game: "quortex", players: [winner, loser], mode: "turn_based")
        let resigned = try await call(.post, "/games/\(id.uuidString.lowercased())/resign", as: loser, body: #"{"move_id":"r-\#(id)"}"#)
        guard resigned.status == 200 else { throw TestSetupError("resign failed: \(resigned)") }
        return id
    }

    /// `asker` asks `answerer` to be friends, and `answerer` accepts.
    public func befriend(_ asker: Guest, _ answerer: Guest) async throws {
        guard try await relation(.post, "/friends/requests", as: asker, body: #"{"user":"\#(answerer.user)"}"#).relation == "request_sent",
            try await relation(.post, "/friends/requests/\(asker.user)/accept", as: answerer).relation == "friends"
        else { throw TestSetupError("\(asker.user) and \(answerer.user) could not become friends") }
    }

    public func relation(_ method: HTTPRequest.Method, _ path: String, as guest: Guest, body: String? = nil) async throws -> (status: Int, relation: String?, code: String?) {
        let answer = try await call(method, path, as: guest, body: body)
        return (answer.status, answer.json["relation"] as? String, (answer.json["error"] as? [String: Any])?["code"] as? String)
    }

    /// `[(user id, rank, score)]` of a board read as `guest`.
    public func board(_ path: String, as guest: Guest) async throws -> [(user: String, rank: Int, score: Int)] {
        let answer = try await call(.get, path, as: guest)
        guard answer.status == 200 else { throw TestSetupError("board read failed: \(answer)") }
        return (answer.json["entries"] as? [[String: Any]] ?? []).compactMap { entry in
            guard let user = (entry["user"] as? [String: Any])?["id"] as? String, let rank = entry["rank"] as? Int,
                let score = entry["score"] as? Int
            else { return nil }
            return (user, rank, score)
        }
    }

    public func pushTandem(_ events: [StatsEvent], as guest: Guest) async throws {
        let body = String(decoding: try batchBody(events), as: UTF8.self)
        let pushed = try await call(.post, "/sync/events", as: guest, body: body)
        guard pushed.status == 200 else { throw TestSetupError("push failed: \(pushed)") }
    }
}
