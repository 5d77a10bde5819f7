import ParlorAPI
import ParlorHTTP

/// The parameters of `openapi.yaml` that are not free strings (or that are required), by
/// operation, so a request breaking one is answered naming it. A contract test checks this table
/// against the document.
enum ParameterRules {
    static let byOperation: [String: [ParameterRule]] = [
        "listGames": [
            .oneOf("status", Components.Schemas.GameStatus.allCases.map(\.rawValue)),
            .integer("limit", 1...100),
        ],
        "listSyncEvents": [.integer("limit", 1...1000)],
        "checkUsername": [ParameterRule("username", in: .query, required: true)],
        "unlinkIdentity": [.oneOf("provider", in: .path, Components.Schemas.IdentityProvider.allCases.map(\.rawValue))],
        "listTopDogPlayers": [.oneOf("position", Components.Schemas.TopDogPosition.allCases.map(\.rawValue))],
        "getExposure": [.oneOf("position", Components.Schemas.TopDogPosition.allCases.map(\.rawValue))],
        "listWalletTransactions": [.integer("limit", 1...100)],
        "listMyTeams": [.oneOf("sort", Operations.ListMyTeams.Input.Query.SortPayload.allCases.map(\.rawValue))],
        "searchUsers": [
            ParameterRule("prefix", in: .query, required: true) { value in
                (1...20).contains(value.count) && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                    ? nil : "must be 1–20 letters, digits or _"
            },
            .integer("limit", 1...50),
        ],
        "listFriends": [.integer("limit", 1...100)],
        "listFriendRequests": [.oneOf("direction", ["incoming", "outgoing"]), .integer("limit", 1...100)],
        "listBlocks": [.integer("limit", 1...100)],
        "getLeaderboard": [.oneOf("period", periods), .integer("limit", 1...100)],
        "getLeaderboardAroundMe": [.oneOf("period", periods), .integer("radius", 0...25)],
        "getFriendsLeaderboard": [.oneOf("period", periods)],
        "adminListReports": [.oneOf("status", Components.Schemas.ReportStatus.allCases.map(\.rawValue)), .integer("limit", 1...100)],
        "adminSearchUsers": [.integer("limit", 1...100)],
        "adminListGameChat": [.integer("limit", 1...100)],
        "adminListTournaments": [.integer("limit", 1...100)],
        "adminListTournamentRooms": [.integer("limit", 1...100)],
        "adminUserLedger": [.integer("limit", 1...100)],
        "adminListPayments": [.oneOf("status", ["pending", "settled", "failed"]), .integer("limit", 1...100)],
        "getTournamentStandings": [.integer("limit", 1...100)],
        "adminListAudit": [.integer("limit", 1...100)],
        "adminListGames": [.oneOf("status", Components.Schemas.GameStatus.allCases.map(\.rawValue)), .integer("limit", 1...100)],
        "adminResignSeat": [.integer("seat", in: .path, 0...63)],
        "adminListPushNotifications": [.oneOf("state", ["pending", "sent", "failed"]), .integer("limit", 1...100)],
        "adminListPurchaseNotifications": [.integer("limit", 1...100)],
        "adminDeleteMiniApp": [reason],
        "adminRotateMiniAppSecret": [reason],
        "adminCompleteTournament": [reason],
        "getEntitlements": [
            ParameterRule("bundle_id", in: .query, required: true) { (3...155).contains($0.count) ? nil : "must be an app's bundle id" }
        ],
    ]

    /// An audit record's reason given in the query.
    private static let reason = ParameterRule("reason", in: .query, required: false) { (1...500).contains($0.count) ? nil : "must be 1–500 characters" }

    private static let periods = Components.Parameters.BoardPeriod.allCases.map(\.rawValue)
}
